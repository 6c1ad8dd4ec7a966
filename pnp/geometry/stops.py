"""Shapes of stops at the origin: city slot rings, town bars and dots. Placing them
is `face.py`'s job."""

from __future__ import annotations

import math
from functools import lru_cache

from pnp.geometry.cores import find_cores
from pnp.geometry.hexagon import Point, rotate_degrees
from pnp.geometry.plane import Shape, polygon, rotated, signed_area
from pnp.geometry.outlines import box, circle, circle_points

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
def city_outline(slots: int, angle: float = 0.0) -> Shape:
    """The white backing of a city: the hull of its slots (a circle, a capsule, ...).
    Made once for each size and turn (every city of every face and map hex asks,
    twice). Its corners are those GEOS gave (the union of the slots' 32-gons, then its
    hull), in GEOS's order: a city's outline is drawn from them. Its core is found
    with it (`pnp.geometry.cores`): it grows with the city's clearance on a face."""
    r = slot_radius(slots)
    if slots <= 1:
        ring = circle_points((0.0, 0.0), r)
    else:
        ring = _hull([p for c in slot_centres(slots) for p in circle_points(c, r)])
    return find_cores(polygon(rotated(ring, angle, (0, 0)) if angle else ring))


def _hull(points: list[Point]) -> list[Point]:
    """The convex hull as GEOS's ConvexHull writes it: no corner on a straight edge,
    starting from the lowest y (then x), turning so that the shoelace sum of these
    y-down coordinates is negative; closed."""
    pts = sorted(set(points))

    def half(seq):
        out: list[Point] = []
        for p in seq:
            while len(out) >= 2 and _cross(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(reversed(pts))
    ring = lower[:-1] + upper[:-1]
    if signed_area(ring) > 0:
        ring.reverse()
    k = ring.index(min(ring, key=lambda p: (p[1], p[0])))
    ring = ring[k:] + ring[:k]
    return ring + ring[:1]


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


@lru_cache(maxsize=512)
def town_bar(angle: float) -> Shape:
    """A bar across the track; `angle` is the track's direction in degrees (made once
    for each angle), its core found with it."""
    long, thick = TOWN_BAR
    return find_cores(polygon(rotated(box(-thick / 2, -long / 2, thick / 2, long / 2).coords, angle, (0, 0))))


def town_dot() -> Shape:
    return circle((0.0, 0.0), TOWN_DOT)


def bar_corners(angle: float) -> list[Point]:
    long, thick = TOWN_BAR
    pts = [(-thick / 2, -long / 2), (thick / 2, -long / 2), (thick / 2, long / 2), (-thick / 2, long / 2)]
    return [rotate_degrees(p, angle) for p in pts]


def extent(shape: Shape) -> float:
    """Distance from the origin to the farthest point of a shape at the origin."""
    minx, miny, maxx, maxy = shape.bounds
    return math.hypot(max(abs(minx), abs(maxx)), max(abs(miny), abs(maxy)))
