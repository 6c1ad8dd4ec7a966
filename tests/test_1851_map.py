"""1851's map: every hex against Rails' facts (../shared/reference/1851/1851.json), the
neighbours its coordinates give, and the printed map measured from its PDF (91 hex
outlines, the Dividend Payout Track, the notes players need)."""

import json

import pytest

from aidpdf import words
from conftest import run
from pdfpaths import flat_to_flat, hexagons, read_paths
from pnp.load import load_game

# Our edges on a pointy hex, clockwise from the lower left.
EDGE = {"SW": 0, "W": 1, "NW": 2, "NE": 3, "E": 4, "SE": 5}
COLOURS = {"white": "white", "yellow": "yellow", "red": "red", "fixed": "gray"}
KINDS = {"City": "city", "Town": "town", "OffMapCity": "offboard"}
PHASE_STEPS = ("2", "4", "6")  # off-board step 1, 2, 3 start at these phases


@pytest.fixture(scope="module")
def ref(reference):
    return {h["coordinate"]: h for h in json.loads((reference / "1851" / "1851.json").read_text())["map"]["hexes"]}


@pytest.fixture(scope="module")
def game():
    return load_game("1851")


@pytest.fixture(scope="module")
def board(game):
    return game.part("map").board()


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    out = tmp_path_factory.mktemp("map1851")
    result = run("map", "1851", "--out", out)
    assert result.exit_code == 0, result.output
    return out


def bearing_to_at(bearing):
    """Rails' on-map bearing (0 = north, clockwise) as our `at:` (edge 0 = SW)."""
    return ((bearing - 210) / 60) % 6


def test_91_hexes_in_the_same_places(ref, board):
    assert len(board.hexes) == len(ref) == 91
    assert set(board.hexes) == set(ref)
    for coord, h in ref.items():
        pos = board.hexes[coord].pos
        assert (pos.row, pos.col) == (h["grid_row"], h["grid_column"]), coord


def test_neighbours_follow_the_reference(ref, board):
    for coord, h in ref.items():
        for compass, other in h["neighbours"].items():
            found = board.neighbour(coord, EDGE[compass])
            assert (found.coord if found else None) == other, (coord, compass)


def test_every_hex_matches_rails(ref, board):
    for coord, h in ref.items():
        ours = board.hexes[coord]
        face = ours.face
        assert ours.color == COLOURS[h["preprinted_tile_colour"]], coord
        assert ours.name == h["city_name"], coord
        assert (face.terrain.cost if face.terrain else 0) == h["terrain_cost"], coord
        assert [s.kind for s in face.stops] == [KINDS[s["type"]] for s in h["stations"]], coord
        for s, r in zip(face.stops, h["stations"]):
            assert getattr(s, "slots", 0) == r["slots"] or r["type"] != "City", coord
            if r["bearing_degrees_on_map"] is None:
                assert s.at in (None, "center"), coord
            else:
                assert s.at == pytest.approx(bearing_to_at(r["bearing_degrees_on_map"])), coord
        assert {EDGE[c] for c in h["track_exits_on_map"]} == set(face.exits()), coord
        assert (face.label == "Y") == h["needs_Y_label"], coord


def test_revenues(ref, board, game):
    for coord, h in ref.items():
        face = board.hexes[coord].face
        steps = h.get("values_per_phase_step")
        for s, r in zip(face.stops, h["stations"]):
            if steps:
                # Johnson City: 40/30/30 as the map prints it, not the engine's 10 (game.yaml decisions)
                assert {pv.phase: pv.value for pv in s.revenue} == dict(zip(PHASE_STEPS, steps)), coord
            elif r["tile_value"]:
                assert s.revenue == r["tile_value"], coord
    assert set(PHASE_STEPS) <= {p.name for p in game.phases}
    birmingham = board.hexes["J12"].face.stops[0].revenue
    assert birmingham[0].value == 0 and birmingham[1].phase == "4"


def test_lake_sides(ref, board):
    blocked = {(coord, edge) for coord in board.hexes for edge in range(6) if board.blocked(coord, edge)}
    expected = {(coord, EDGE[c]) for coord, h in ref.items() for c in h["impassable_sides"]}
    assert blocked == expected and len(expected) == 36  # 18 sides, seen from both hexes


def test_homes(ref, game, board):
    homes = {c.symbol: c.home for c in game.companies}
    assert homes == {sym: coord for coord, h in ref.items() for sym in h["home_of"]}
    louisville = board.hexes["B16"].face
    assert [s.at for s in louisville.stops] == [3.0, 0.0]  # the L&N's home, s0, is the northern city


def test_map_pdf_has_91_hex_outlines(printed):
    outlines = [h for page in read_paths(printed / "map.pdf") for h in hexagons(page)]
    sizes = [flat_to_flat(h) for h in outlines]
    assert len(outlines) == 91
    assert all(abs(s - 38.6) <= 0.1 for s in sizes)


def test_map_carries_the_dividend_payout_track_and_notes(printed, game):
    texts = [w.text for w in words(printed / "map.pdf")]
    joined = "".join(texts).replace(" ", "")  # small text may come back without its spaces
    track = game.market.revenue_track
    assert "DividendPayoutTrack" in joined
    numbers = {int(t) for t in texts if t.isdigit()}
    assert set(range(track.start, track.end + 1)) <= numbers
    assert "norunsbeforephase4" in joined
    assert "fromphase2,4and6" in joined
