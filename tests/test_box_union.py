"""The union outline of upright boxes (a market's printed edge) against GEOS's union."""

import random

import pytest
from shapely.geometry import box as geos_box
from shapely.ops import unary_union

from pnp.geometry.box_union import union_outline


def _from_corner(ring):
    """A ring as a cycle: started at its least point, so that two walks compare."""
    k = ring.index(min(ring))
    return tuple(ring[k:] + ring[:k])


def _polygons(polygons):
    return sorted((_from_corner(tuple(outer)), tuple(sorted(_from_corner(tuple(h)) for h in holes)))
                  for outer, holes in polygons)


def _geos(boxes):
    union = unary_union([geos_box(*b) for b in boxes]).buffer(0)
    return [(list(p.exterior.coords)[:-1], [list(h.coords)[:-1] for h in p.interiors])
            for p in getattr(union, "geoms", [union])]


def _grid(cells, w, h, zigzag=False):
    out = []
    for r, c in cells:
        x, y = (c * w / 2, (c % 2) * h) if zigzag else (c * w, r * h)
        x, y = round(x, 6), round(y, 6)
        out.append((x, y, round(x + w, 6), round(y + h, 6)))
    return out


def test_one_box_is_its_own_outline_walked_as_geos_walks_it():
    assert union_outline([(0, 0, 2, 1)]) == ((((2, 0), (0, 0), (0, 1), (2, 1)), ()),)


def test_a_hole_that_touches_the_edge_at_a_corner_stays_a_hole():
    # three by three boxes without the middle one and a corner one: the hole meets the
    # outside at one point
    boxes = _grid([(r, c) for r in range(3) for c in range(3) if (r, c) not in ((1, 1), (0, 0))], 1, 1)
    polygons = union_outline(boxes)
    assert _polygons(polygons) == _polygons(_geos(boxes))
    assert len(polygons) == 1 and len(polygons[0][1]) == 1


def test_boxes_meeting_only_at_a_corner_are_two_polygons():
    boxes = [(0, 0, 1, 1), (1, 1, 2, 2)]
    assert _polygons(union_outline(boxes)) == _polygons(_geos(boxes))
    assert len(union_outline(boxes)) == 2


@pytest.mark.parametrize("seed", range(4))
def test_random_ragged_markets_have_geos_rings(seed):
    rnd = random.Random(seed)
    for _ in range(100):
        w, h = rnd.choice([(17.8, 21.6), (10, 10), (7.5, 12.25)])
        zigzag = rnd.random() < 0.3
        rows = 1 if zigzag else rnd.randint(1, 6)
        cells = [(r, c) for r in range(rows) for c in range(rnd.randint(1, 12)) if rnd.random() < 0.75]
        if not cells:
            continue
        boxes = _grid(cells, w, h, zigzag)
        assert _polygons(union_outline(boxes)) == _polygons(_geos(boxes)), boxes
