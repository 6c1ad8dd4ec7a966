"""The bounds the face geometry decides by before its exact tests (pnp/geometry/plane.py,
room.py), against the exact answers they stand for, on many random and real cases:
an area holding a shape tested edge by edge only where the shape's bounds do not settle
it."""

from __future__ import annotations

import random

from pnp.geometry import plane
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
    kind = rng.randrange(5)
    if kind == 0:
        return circle(centre, rng.choice([rng.uniform(0.1, 30), 8.0, 15.0]))
    if kind == 1:
        return text_box(rng.choice(["1", "Madrid", "B&M", "M"]), rng.uniform(4, 30), centre, angle=rng.choice(ANGLES))
    if kind == 2:
        return plane.moved(grown_shape(city_outline(rng.randint(1, 4), rng.choice(ANGLES)), 2.0), *centre)
    if kind == 3:
        return plane.moved(grown_shape(town_bar(rng.choice(ANGLES)), rng.uniform(0.5, 4)), *centre)
    points = [centre] + [(rng.uniform(-reach, reach), rng.uniform(-reach, reach)) for _ in range(rng.randint(1, 4))]
    return plane.band(points, rng.uniform(1, 8), rng.random() < 0.5)


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
