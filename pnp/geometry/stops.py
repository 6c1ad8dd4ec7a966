"""Shapes of stops at the origin: city slot rings, town bars and dots. Placing them
is `face.py`'s job."""

from __future__ import annotations

import math
from functools import lru_cache

from shapely import affinity
from shapely.geometry import Polygon
from shapely.ops import unary_union

from pnp.geometry.hexagon import Point, rotate_degrees
from pnp.geometry.place import box, circle

SLOT_RADIUS = 25.0
TOWN_BAR = (36.0, 10.0)  # long, thick
TOWN_DOT = 11.0

_RINGS = {5: (43.0, 25.0), 6: (50.0, 25.0), 7: (52.0, 22.0), 8: (54.0, 20.5), 9: (55.0, 19.0)}


def slot_radius(slots: int) -> float:
    return _RINGS.get(slots, (0, SLOT_RADIUS))[1]


def slot_centres(slots: int) -> list[Point]:
    """Centres of a city's token slots, unrotated (a city of no slots is drawn as one)."""
    if slots <= 1:
        return [(0.0, 0.0)]
    if slots == 2:
        return [(-25.0, 0.0), (25.0, 0.0)]
    if slots == 3:
        return [rotate_degrees((0.0, -29.0), 120.0 * i) for i in range(3)]
    if slots == 4:
        return [(-25.0, -25.0), (25.0, -25.0), (-25.0, 25.0), (25.0, 25.0)]
    ring = _RINGS[slots][0]
    return [rotate_degrees((0.0, -ring), 360.0 * i / slots) for i in range(slots)]


@lru_cache(maxsize=512)
def city_outline(slots: int, angle: float = 0.0) -> Polygon:
    """The white backing of a city: the hull of its slots (a circle, a capsule, ...).
    Made once for each size and turn (a union, a hull and a turn each time showed:
    every city of every face and map hex asks, twice)."""
    r = slot_radius(slots)
    shape = unary_union([circle(c, r) for c in slot_centres(slots)])
    if slots > 1:
        shape = shape.convex_hull
    return affinity.rotate(shape, angle, origin=(0, 0)) if angle else shape


@lru_cache(maxsize=512)
def town_bar(angle: float) -> Polygon:
    """A bar across the track; `angle` is the track's direction in degrees (made once
    for each angle)."""
    long, thick = TOWN_BAR
    return affinity.rotate(box(-thick / 2, -long / 2, thick / 2, long / 2), angle, origin=(0, 0))


def town_dot() -> Polygon:
    return circle((0.0, 0.0), TOWN_DOT)


def bar_corners(angle: float) -> list[Point]:
    long, thick = TOWN_BAR
    pts = [(-thick / 2, -long / 2), (thick / 2, -long / 2), (thick / 2, long / 2), (-thick / 2, long / 2)]
    return [rotate_degrees(p, angle) for p in pts]


def extent(shape: Polygon) -> float:
    """Distance from the origin to the farthest point of a shape at the origin."""
    minx, miny, maxx, maxy = shape.bounds
    return math.hypot(max(abs(minx), abs(maxx)), max(abs(miny), abs(maxy)))
