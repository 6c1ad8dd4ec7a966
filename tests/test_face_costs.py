"""What the face layout and the tile aids do more cheaply, against the plain way each
stands for, on many random and real cases: track crossings tested in runs under
their bounds; bounds of a few corners by comparisons; circles, text boxes and runs of
track made once for each place; a tile's connections found in one pass over its track, and the tables
that turn them."""

from __future__ import annotations

import random

import pytest

from pnp import upgrades
from pnp.geometry import outlines
from pnp.geometry.face_track import crossings
from pnp.geometry.hexagon import edge_midpoint
from pnp.geometry.plane import few_bounds
from pnp.geometry.track import bent, edge_to_edge, edge_to_point, inward, polyline, tangent_curve
from pnp.load import load_game
from pnp.model.tile import End


def _crossings_pair_by_pair(a, b) -> list:
    """face_track.crossings as it was: every segment of `a` against every one of `b`,
    in turn (each pair's crossing as crossings finds it for the two segments alone),
    each place once."""
    found = []
    for p, q in zip(a, a[1:]):
        for s, e in zip(b, b[1:]):
            for point in crossings((p, q), (s, e)):
                if not any(abs(point[0] - f[0]) < 1e-9 and abs(point[1] - f[1]) < 1e-9 for f in found):
                    found.append(point)
    return sorted(found)


def _track_or_scribble(rng: random.Random) -> tuple:
    kind = rng.random()
    if kind < 0.3:
        return polyline(edge_to_edge(*rng.sample(range(6), 2)))
    if kind < 0.5:
        return polyline(edge_to_point(rng.randrange(6), (rng.uniform(-40, 40), rng.uniform(-40, 40))))
    if kind < 0.6:
        return polyline(rng.choice(bent(*rng.sample(range(6), 2), rng.uniform(0, 6))))
    points = [(rng.uniform(-50, 50), rng.uniform(-50, 50))]
    for _ in range(rng.randint(1, 40)):  # repeated points, steps along an axis, zigzags
        x, y = points[-1]
        points.append(rng.choice([(x, y), (x + rng.uniform(-10, 10), y + rng.uniform(-10, 10)), (round(x), y + 3)]))
    return tuple(points)


def test_track_crossings_found_in_runs_are_those_pair_by_pair():
    rng = random.Random(31)
    met = 0
    for _ in range(4000):
        a, b = _track_or_scribble(rng), _track_or_scribble(rng)
        found = crossings(a, b)
        assert repr(found) == repr(_crossings_pair_by_pair(a, b)), (a, b)
        met += bool(found)
    assert met > 500


def _connections_stop_by_stop(tile, rotation, mirror, gauge) -> set:
    """upgrades.connections as it was: each stop's edges gathered from every path."""

    def turn(edge: int) -> int:
        return ((-edge if mirror else edge) + rotation) % 6

    def runs(path) -> bool:
        return gauge is None or path.track in (gauge, "dual")

    out = set()
    for path in tile.paths:
        if path.a.kind == path.b.kind == "edge" and runs(path):
            out.add(frozenset((turn(path.a.index), turn(path.b.index))))
    for i in range(len(tile.stops)):
        ref = End("stop", i)
        edges = frozenset(turn(e.index) for p in tile.paths if ref in p.ends() and runs(p)
                          for e in p.ends() if e.kind == "edge")
        if edges:
            out.add(frozenset({"stop", *edges}))
    return out


@pytest.mark.parametrize("game_name", ["1860", "1851", "18xy"])
def test_connections_in_one_pass_are_those_stop_by_stop(game_name):
    game = load_game(game_name)
    board = game.part("map").board().hexes.values() if game.part("map") else []  # 18-XY: sections
    faces = [e.tile for e in game.manifest] + [h.face for h in board]
    kinds = set()
    for face in faces:
        for rotation in range(6):
            for mirror in (False, True):
                for gauge in (None, "standard", "narrow"):
                    found = upgrades.connections(face, rotation, mirror, gauge)
                    assert found == _connections_stop_by_stop(face, rotation, mirror, gauge), face
                    kinds |= {len(link) for link in found}
    assert {2, 3} <= kinds  # edge pairs and stops with edges


def test_turn_tables_turn_each_mask_as_turned_does():
    for mirror in (False, True):
        for rotation in range(6):
            table = upgrades._turn_table(rotation, mirror)
            assert table == tuple(upgrades._turned(mask, rotation, mirror) for mask in range(2 * upgrades.STOP_BIT))


def test_few_bounds_are_those_min_and_max_give_even_for_equal_and_signed_zeros():
    rng = random.Random(32)
    values = [0.0, -0.0, 1.0, -1.0, 1e-300, 3.5]
    for _ in range(20000):
        ring = tuple((rng.choice(values + [rng.uniform(-9, 9)]), rng.choice(values + [rng.uniform(-9, 9)]))
                     for _ in range(rng.randint(1, 6)))
        xs, ys = zip(*ring)
        assert repr(few_bounds(ring)) == repr((min(xs), min(ys), max(xs), max(ys))), ring


def _made(shape) -> tuple:
    """A shape's corners and bounds to the sign of each zero; its cores as numbers (a
    centre given as 0 is the same number as 0.0)."""
    return repr((shape.parts, shape.boxes, shape.bounds, shape.coords, shape.settled)), shape.cores


def test_circles_and_text_boxes_made_once_are_those_made_afresh_whatever_the_signs_of_zeros():
    rng = random.Random(33)
    numbers = [0.0, -0.0, 0, 12.5, -7.25]
    for _ in range(3000):
        centre = (rng.choice(numbers + [rng.uniform(-80, 80)]), rng.choice(numbers + [rng.uniform(-80, 80)]))
        radius = rng.choice([0.0, -0.0, 8.0, 14.0, rng.uniform(0.5, 30)])
        assert _made(outlines.circle(centre, radius)) == _made(outlines._circle.__wrapped__(
            centre[0], centre[1], radius)), (centre, radius)
        text, angle = rng.choice(["A15", "M", "Madrid"]), rng.choice([0.0, -0.0, 30.0, -90.0])
        assert _made(outlines.text_box(text, 12.0, centre, angle=angle)) == \
            _made(outlines.text_box.__wrapped__(text, 12.0, centre, angle=angle)), (text, centre, angle)


def test_runs_of_track_made_once_are_those_made_afresh_whatever_the_signs_of_zeros():
    rng = random.Random(34)
    for _ in range(3000):
        point = (rng.choice([0.0, -0.0, 25.0, rng.uniform(-60, 60)]), rng.choice([0.0, -0.0, -43.3, rng.uniform(-60, 60)]))
        edge = rng.randrange(6)
        fresh = tangent_curve(edge_midpoint(edge), inward(edge), point)
        assert repr(edge_to_point(edge, point)) == repr(fresh), (edge, point)
        a, b = rng.sample(range(6), 2)
        assert repr(edge_to_edge(a, b)) == repr(tangent_curve(edge_midpoint(a), inward(a), edge_midpoint(b)))
