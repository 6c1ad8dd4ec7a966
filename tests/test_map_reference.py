"""1860's map data against the 18xx.games engine's facts (../shared/reference/1860/):
every hex's colour, name, stations, revenues, track, label, terrain and borders, and the
2-3 player variant. Skipped without the reference folder."""

import json

import pytest

from pnp.load import load_game
from pnp.model.tile import PhaseValue


@pytest.fixture(scope="module")
def ref(reference):
    return json.loads((reference / "1860" / "1860.json").read_text())


@pytest.fixture(scope="module")
def mapfile():
    return load_game("1860").part("map")


def ref_stops(parts):
    out = []
    for p in sorted((p for p in parts if "node_index" in p), key=lambda p: p["node_index"]):
        loc = p["params"].get("loc")
        at = None if loc is None else ("center" if loc == "center" else float(loc))
        revenue = p.get("revenue", 0)
        out.append((p["type"], revenue, p.get("slots", 1), at))
    return out


def our_stops(face):
    out = []
    for s in face.stops:
        revenue = s.revenue if isinstance(s.revenue, int) else {pv.phase: pv.value for pv in s.revenue}
        out.append((s.kind, revenue, getattr(s, "slots", 1), s.at))
    return out


def end(e):
    return ("edge", e["edge"]) if "edge" in e else ("stop", e["node"])


def ref_paths(parts):
    return {frozenset((end(p["a"]), end(p["b"]))) for p in parts if p["type"] == "path"}


def our_paths(face):
    return {frozenset(((p.a.kind, p.a.index), (p.b.kind, p.b.index))) for p in face.paths}


def ref_terrain(parts):
    up = [p for p in parts if p["type"] == "upgrade"]
    return (up[0]["cost"], tuple(up[0]["terrain"])) if up else None


def test_45_hexes_by_colour(ref, mapfile):
    board = mapfile.board()
    assert len(board.hexes) == len(ref["hexes"]) == 45
    colours = {}
    for h in board.hexes.values():
        colours[h.color] = colours.get(h.color, 0) + 1
    assert colours == ref["totals"]["map_hexes_by_colour"] == {"white": 40, "yellow": 4, "blue": 1}


def test_every_hex_matches_the_engine(ref, mapfile):
    board = mapfile.board()
    renamed = mapfile.decisions.get("names", {})
    for r in ref["hexes"]:
        coord = r["coordinate"]
        assert coord in board.hexes, coord
        h = board.hexes[coord]
        face, parts = h.face, r["parts"]
        assert h.color == r["color"], coord
        assert h.name == renamed.get(r["location_name"], r["location_name"]), coord
        assert our_stops(face) == ref_stops(parts), coord
        assert our_paths(face) == ref_paths(parts), coord
        assert face.label == (r["summary"]["labels"] or [None])[0], coord
        terrain = (face.terrain.cost, face.terrain.type) if face.terrain else None
        assert terrain == ref_terrain(parts), coord
        assert {(b.edge, b.type) for b in face.borders} == {(b["edge"], b["type"]) for b in r["summary"]["borders"]}, coord
        assert list(face.exits()) == sorted(r["summary"]["exits"]), coord


def test_ryde_pier_pays_by_phase(mapfile):
    pier = mapfile.board().hexes["J2"]
    assert pier.face.stops[0].kind == "offboard"
    assert pier.face.stops[0].revenue == (PhaseValue("yellow", 0), PhaseValue("green", 20), PhaseValue("brown", 40))


def test_impassable_sides_come_in_pairs(mapfile):
    board = mapfile.board()
    pairs = set()
    for h in board.hexes.values():
        for b in h.face.borders:
            other = board.neighbour(h.coord, b.edge)
            assert other is not None and board.blocked(other.coord, (b.edge + 3) % 6), (h.coord, b.edge)
            pairs.add(frozenset((h.coord, other.coord)))
    expected = {("A5", "B4"), ("F2", "G1"), ("F2", "G3"), ("G3", "F4"), ("I5", "I7"), ("I9", "I11")}
    assert pairs == {frozenset(p) for p in expected}


def test_two_three_player_variant(ref, mapfile):
    variant = ref["variants"]["two_three_player_map"]
    board = mapfile.board("2-3p")
    base = mapfile.board()
    gone = set(base.hexes) - set(board.hexes)
    readded = set(variant["hexes_added_or_replaced"])
    assert gone == set(variant["hexes_removed"]) - readded
    assert len(board.hexes) == ref["totals"]["map_hexes_2_3_player_variant"] == 42
    for coord in readded:  # B4 is a plain city, its impassable side gone
        assert board.hexes[coord].face.borders == ()
        assert [(s.kind, s.revenue) for s in board.hexes[coord].face.stops] == [("city", 0)]
    counts = {e.tile.id: e.count for e in load_game("1860").manifest}
    removed = [i.split("-")[0] for i in variant["tile_instances_removed"]]
    assert board.manifest == {t: counts[t] - removed.count(t) for t in set(removed)}
