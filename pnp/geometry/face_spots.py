"""Candidate spots for revenue circles and texts: rings around stops, the rim of the hex,
fallbacks hugging each stop's outline."""

from __future__ import annotations

import math
from functools import lru_cache

from pnp.geometry.hexagon import Point, add, scale
from pnp.geometry.outlines import circle
from pnp.geometry.plane import Shape, moved
from pnp.geometry.stops import extent
from pnp.model.tile import TileFace
from pnp.geometry.placed import REVENUE_RADIUS, RING_ANGLES, PlacedStop

def ring(centre: Point, distance: float, radius: float, angles=RING_ANGLES):
    """Candidate spots for a circle around a stop, nearest first (lazy)."""
    for d in (distance, distance + 8, distance + 18):
        for a in angles:
            p = add(centre, (d * math.cos(math.radians(a)), d * math.sin(math.radians(a))))
            yield p, circle(p, radius)


def rim(radii=(60.0, 68.0, 50.0, 40.0), step: int = 15) -> list[Point]:
    """Spots around the rim of the hex, for labels that found no preferred spot."""
    return list(_rim_spots(tuple(radii), step))


@lru_cache(maxsize=64)
def _rim_spots(radii: tuple[float, ...], step: int) -> tuple[Point, ...]:
    return tuple((r * math.cos(math.radians(a)), r * math.sin(math.radians(a)))
                 for r in radii for a in range(180, -180, -step))


def revenue_candidates(stops: list[PlacedStop], radius: float):
    """(spot, radius) and circle for a revenue: full size anywhere first, then a smaller
    circle where a big city leaves no room for a full one."""
    for p, shape in _revenue_spots(stops, radius):
        yield (p, radius), shape
    small = radius * 0.75
    for p in rim((80.0, 76.0, 72.0), 10):
        yield (p, small), circle(p, small)


def _revenue_spots(stops: list[PlacedStop], radius: float):
    """Spots for a revenue circle: shared spots first when several stops share it, then
    along a town bar, then rings around each stop."""
    if len(stops) > 1:
        for p in ((75, 0), (-75, 0), (35, 61), (-35, -61), (-35, 61), (35, -61), (0, 60), (0, -60)):
            yield p, circle(p, radius)
    for s in stops:
        if s.style == "bar":
            axis = s.angle + 90.0
            yield from ring(s.point, 18 + radius + 4, radius, (axis, axis + 180))
        yield from ring(s.point, stop_reach(s) + radius + 4, radius)
    yield from fallback_circles(stops, radius)


def fallback_circles(stops: list[PlacedStop], radius: float):
    """Where nothing above is free (big cities, crowded tiles): hugging each stop's own
    outline in every direction, then anywhere around the rim."""
    for s in stops:
        for gap in (3.0, 8.0):
            for a in range(0, 360, 15):
                u = (math.cos(math.radians(a)), math.sin(math.radians(a)))
                p = add(s.point, scale(u, _support(s.shape, s.point, u) + radius + gap))
                yield p, circle(p, radius)
    for p in rim((70.0, 64.0, 58.0, 50.0, 40.0, 30.0, 20.0), 10) + [(0.0, 0.0)]:
        yield p, circle(p, radius)


def _support(shape: Shape, centre: Point, u: Point) -> float:
    """How far `shape` (a stop's outline) reaches from `centre` in direction `u`."""
    return max((x - centre[0]) * u[0] + (y - centre[1]) * u[1] for x, y in shape.coords)


def revenue_radius(text: str) -> float:
    return REVENUE_RADIUS + (2.5 if len(text) >= 3 else 0.0) + (4.0 if len(text) >= 5 else 0.0)  # 30/50: both readable


def revenue_groups(face: TileFace) -> list[tuple[list[int], object]]:
    """Stops that show a revenue, grouped when several cities share one value."""
    shown = [i for i, s in enumerate(face.stops) if s.kind in ("city", "town", "offboard")
             and (not isinstance(s.revenue, int) or s.revenue != 0)]
    cities = [i for i in shown if face.stops[i].kind == "city"]
    if len(cities) > 1 and len({face.stops[i].revenue for i in cities}) == 1 and len(cities) == len(shown):
        return [(cities, face.stops[cities[0]].revenue)]
    return [([i], face.stops[i].revenue) for i in shown]



def stop_reach(s: PlacedStop) -> float:
    """How far a stop's outline reaches from its centre (`extent` of the outline moved
    to the origin)."""
    return _reach(s.shape, s.point)


@lru_cache(maxsize=2048)
def _reach(shape: Shape, point: Point) -> float:
    """`stop_reach`, worked out once a stop shape (`face_stops.stop_shape` hands out one
    object per stop style, slots, angle and place, so this hits across faces)."""
    return extent(moved(shape, -point[0], -point[1]))
