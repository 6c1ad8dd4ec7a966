"""The bounds the face geometry decides by before its exact tests (pnp/geometry/plane.py,
room.py), against the exact answers they stand for, on many random and real cases:
an area holding a shape tested edge by edge only where the shape's bounds do not settle
it."""

from __future__ import annotations

import math
import random

from pnp.geometry import bands, plane
from pnp.geometry.cores import find_cores
from pnp.geometry.outlines import circle, hex_less, text_box
from pnp.geometry.plane import grown_shape, holds, polygon
from pnp.geometry.stops import city_outline, town_bar

ANGLES = (0.0, 30.0, -30.0, 60.0, 90.0, 120.0, 180.0, -150.0, 45.0, 12.5, 330.0)


def _holds_everywhere(area, shape) -> bool:
    """plane.holds as it was: every corner against every edge."""
    x0, y0 = area[-1]
    for x1, y1 in area:
        for part in shape.parts:
            for x, y in part:
                if (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0) < 0:
                    return False
        x0, y0 = x1, y1
    return True


def _shape_near(rng: random.Random, reach: float):
    """A shape of any kind a face tries or takes, somewhere within `reach` of the centre."""
    centre = (rng.uniform(-reach, reach), rng.uniform(-reach, reach))
    kind = rng.randrange(7)
    if kind == 5:  # grown by a margin: its maker's core grows with it
        core = circle(centre, rng.uniform(0.1, 20)) if rng.random() < 0.5 else \
            text_box("Wien", rng.uniform(4, 20), centre, angle=rng.choice(ANGLES))
        return grown_shape(core, rng.choice([2.0, 4.0, rng.uniform(0.01, 10)]))
    if kind == 6:  # a terrain mark: a text and a circle
        return plane.union(text_box("40", 10.0, centre, angle=rng.choice(ANGLES)), circle(centre, rng.uniform(1, 12)))
    if kind == 0:
        return circle(centre, rng.choice([rng.uniform(0.1, 30), 8.0, 15.0]))
    if kind == 1:
        return text_box(rng.choice(["1", "Madrid", "B&M", "M"]), rng.uniform(4, 30), centre, angle=rng.choice(ANGLES))
    if kind == 2:
        return plane.moved(grown_shape(city_outline(rng.randint(1, 4), rng.choice(ANGLES)), 2.0), *centre)
    if kind == 3:
        return plane.moved(grown_shape(town_bar(rng.choice(ANGLES)), rng.uniform(0.5, 4)), *centre)
    points = [centre] + [(rng.uniform(-reach, reach), rng.uniform(-reach, reach)) for _ in range(rng.randint(1, 4))]
    return bands.band(points, rng.uniform(1, 8), rng.random() < 0.5)


def test_holds_tests_corners_only_against_edges_the_bounds_do_not_settle():
    rng = random.Random(21)
    areas = [hex_less(inset).parts[0] for inset in (0.0, 5.0, 9.5)]
    areas += [polygon([(-50.0, -50.0), (50.0, -50.0), (50.0, 50.0), (-50.0, 50.0)]).parts[0]]
    areas += [circle((rng.uniform(-20, 20), rng.uniform(-20, 20)), rng.uniform(30, 90)).parts[0] for _ in range(4)]
    answers = set()
    for _ in range(6000):
        area, shape = rng.choice(areas), _shape_near(rng, rng.choice([40.0, 80.0, 100.0]))
        answer = holds(area, shape)
        assert answer == _holds_everywhere(area, shape), (area, shape.parts)
        answers.add(answer)
    assert answers == {True, False}
    edge = hex_less(5.0).parts[0]
    (x0, y0), (x1, y1) = edge[0], edge[1]
    for t in (0.0, 0.5, 1.0):  # a corner on the rim, and within rounding of it
        x, y = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
        for dx in (-1e-13, 0.0, 1e-13):
            tri = polygon([(x + dx, y), (x * 0.9, y * 0.9 + 1.0), (x * 0.9 + 1.0, y * 0.9)])
            assert holds(edge, tri) == _holds_everywhere(edge, tri)


def _meets_edge_by_edge(a, b) -> bool:
    """plane.intersects as it was: every pair of parts whose boxes meet, by their edges."""
    return any(plane._boxes_meet(pb, qb) and not plane._separated(p, q) and not plane._separated(q, p)
               for p, pb in zip(a.parts, a.boxes) for q, qb in zip(b.parts, b.boxes))


def _cored(rng: random.Random, reach: float):
    """A shape as a face layout has it: cores given by its maker, or found (what it takes)."""
    shape = _shape_near(rng, reach)
    return find_cores(shape) if shape.cores is None or rng.random() < 0.2 else shape


def _assert_cores_inside(shape) -> None:
    """Every edge line of each part at least its core's radius from the core's centre."""
    assert len(shape.cores) == len(shape.parts)
    for part, found in zip(shape.parts, shape.cores):
        if found is None:
            continue
        x, y, r = found
        px, py = part[-1]
        for qx, qy in part:
            ex, ey = qx - px, qy - py
            assert ex * (y - py) - ey * (x - px) >= r * math.hypot(ex, ey)
            px, py = qx, qy


def test_cores_lie_inside_their_parts():
    rng = random.Random(22)
    for _ in range(3000):
        _assert_cores_inside(_cored(rng, 100.0))


def test_intersects_by_cores_is_intersects_edge_by_edge():
    rng = random.Random(23)
    answers = {True: 0, False: 0}
    for _ in range(8000):
        a, b = _cored(rng, rng.choice([30.0, 60.0])), _cored(rng, rng.choice([30.0, 60.0]))
        if rng.random() < 0.3:
            a.cores = None  # a shape without cores: edge by edge
        answer = plane.intersects(a, b)
        assert answer == _meets_edge_by_edge(a, b), (a.parts, b.parts)
        answers[answer] += 1
    assert min(answers.values()) > 1000
    for gap in (-1e-9, 0.0, 1e-12, 1e-9):  # circles touching, within rounding, apart
        a, b = circle((0.0, 0.0), 10.0), circle((20.0 * math.cos(math.pi / 32) + gap, 0.0), 10.0)
        assert plane.intersects(a, b) == _meets_edge_by_edge(a, b)
        a, b = text_box("M", 20.0, (0.0, 0.0)), text_box("M", 20.0, (0.0, 0.0))
        b = plane.moved(b, a.bounds[2] - a.bounds[0] + gap, 0.0)
        assert plane.intersects(a, b) == _meets_edge_by_edge(a, b)


def _polyline(rng: random.Random) -> list:
    """A winding line (a curved track sampled), now and then with a segment of no length,
    a bend of next to no turn, a straight run or a turn right back."""
    x, y, heading = rng.uniform(-100, 100), rng.uniform(-100, 100), rng.uniform(-4, 4)
    points = [(x, y)]
    for _ in range(rng.randint(1, 30)):
        kind = rng.random()
        if kind < 0.05:
            points.append(points[-1])
            continue
        heading += rng.choice([0.0, 1e-12, -1e-9, math.pi, rng.uniform(-0.6, 0.6), rng.uniform(-3, 3)])
        step = rng.choice([rng.uniform(0.5, 12), 1e-9, 40.0])
        x, y = x + step * math.cos(heading), y + step * math.sin(heading)
        points.append((x, y))
    return points


def _band_judged_whole(points, half, round_caps):
    """bands.band as it was: its parts made, then every part judged by `Shape`."""
    pts = list(points)
    parts = []
    normals = [plane._outward(p, q) for p, q in zip(pts, pts[1:])]
    for p, q, a in zip(pts, pts[1:], normals):
        dx, dy = half * math.cos(a), half * math.sin(a)
        parts.append(((p[0] + dx, p[1] + dy), (q[0] + dx, q[1] + dy), (q[0] - dx, q[1] - dy), (p[0] - dx, p[1] - dy)))
    for p, here, q, a_in, a_out in zip(pts, pts[1:], pts[2:], normals, normals[1:]):
        turn = (p[0] - here[0]) * (q[1] - here[1]) - (p[1] - here[1]) * (q[0] - here[0])
        if turn > 0:
            a_in, a_out = a_in + math.pi, a_out + math.pi
        elif turn == 0:
            continue
        parts.append(tuple(plane.fan(here, a_in, a_out, half)) + (here,))
    if round_caps:
        for end, other in ((pts[0], pts[1]), (pts[-1], pts[-2])):
            parts.append(tuple(bands.fan_half(end, math.atan2(end[1] - other[1], end[0] - other[0]), half)))
    return plane.Shape(tuple(parts))


def test_bands_are_the_shapes_of_their_parts():
    """A band's parts judged by its maker: the shape `Shape(parts)` makes of the same
    parts, part for part, bounds and settledness; each box part's core inside it."""
    rng = random.Random(24)
    for _ in range(1500):
        line, half, caps = _polyline(rng), rng.choice([1.0, 2.5, 7.0, rng.uniform(1e-6, 20)]), rng.random() < 0.5
        made, judged = bands.band(line, half, caps), _band_judged_whole(line, half, caps)
        assert (made.parts, made.boxes, made.bounds, made.settled) == \
            (judged.parts, judged.boxes, judged.bounds, judged.settled)
        _assert_cores_inside(made)


def test_a_room_asked_blocker_first_answers_as_every_test_would():
    """Candidates tried one after another (near each other, as a face tries them): free
    exactly when inside the area and clear of everything taken, whatever refused the
    one before."""
    from pnp.geometry.room import Grown, Room

    rng = random.Random(25)
    answers = {True: 0, False: 0}
    for _ in range(150):
        room = Room(hex_less(5.0))
        for _ in range(rng.randint(0, 8)):
            room.add(_cored(rng, 70.0))
        x, y = rng.uniform(-80, 80), rng.uniform(-80, 80)
        for _ in range(40):
            x, y = x + rng.uniform(-12, 12), y + rng.uniform(-12, 12)
            shape = circle((x, y), rng.uniform(3, 15)) if rng.random() < 0.5 else \
                Grown(text_box("B&O", rng.uniform(6, 16), (x, y), angle=rng.choice(ANGLES)), 2.0)
            whole = shape.whole() if type(shape) is Grown else shape
            expected = holds(room.area.parts[0], whole) and not any(_meets_edge_by_edge(t, whole) for t in room.taken)
            answer = room.is_free(shape)
            assert answer == expected
            answers[answer] += 1
            if answer and rng.random() < 0.3:
                room.add(shape)
    assert min(answers.values()) > 300


def test_circle_points_from_offsets_made_once_are_the_points_computed():
    from pnp.geometry.outlines import UNIT_CIRCLE, circle_points

    rng = random.Random(26)
    cases = [((rng.uniform(-900, 900), rng.uniform(-900, 900)), rng.choice([8.0, 15.0, 17.0, rng.uniform(0, 40)]))
             for _ in range(2000)]
    cases += [((x, y), r) for x in (0.0, -0.0, 5.0) for y in (0.0, -0.0) for r in (0.0, -0.0, 1.0)]
    for (x, y), r in cases:
        computed = [(x + r * u, y + r * v) for u, v in UNIT_CIRCLE]
        made = circle_points((x, y), r)
        assert [(repr(a), repr(b)) for a, b in made] == [(repr(a), repr(b)) for a, b in computed]
