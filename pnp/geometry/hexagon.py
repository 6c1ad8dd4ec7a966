"""Hex maths in hex units: a flat-topped hex centred on the origin, corner radius 100,
y pointing down. Edge e's midpoint lies 60*e degrees clockwise from straight down, so
edge 0 is the bottom and the numbers run clockwise; "e.5" is the corner between edges
e and e+1. A pointy hex is the same hex turned 30 degrees clockwise.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shapely.geometry import Polygon

SQRT3 = math.sqrt(3.0)
RADIUS = 100.0
APOTHEM = RADIUS * SQRT3 / 2
FLAT_TO_FLAT = 2 * APOTHEM

ORIENTATIONS = ("flat", "pointy")
POINTY_TURN = 30.0

Point = tuple[float, float]


def direction(position: float) -> Point:
    """Unit vector toward edge `position` (or corner, for x.5)."""
    angle = math.radians(60.0 * position)
    return (-math.sin(angle), math.cos(angle))


def scale(p: Point, k: float) -> Point:
    return (p[0] * k, p[1] * k)


def add(p: Point, q: Point) -> Point:
    return (p[0] + q[0], p[1] + q[1])


def sub(p: Point, q: Point) -> Point:
    return (p[0] - q[0], p[1] - q[1])


def dot(p: Point, q: Point) -> float:
    return p[0] * q[0] + p[1] * q[1]


def cross(p: Point, q: Point) -> float:
    return p[0] * q[1] - p[1] * q[0]


def length(p: Point) -> float:
    return math.hypot(p[0], p[1])


def unit(p: Point) -> Point:
    d = length(p)
    return (p[0] / d, p[1] / d) if d else (0.0, 0.0)


def edge_midpoint(edge: int) -> Point:
    return scale(direction(edge), APOTHEM)


def corner(position: float) -> Point:
    """The corner at position e.5, between edges e and e+1."""
    return scale(direction(position), RADIUS)


def corners(radius: float = RADIUS, turn: float = 0.0) -> list[Point]:
    """The six corners in clockwise order, starting between edges 0 and 1."""
    return list(_corners(radius, turn))


@lru_cache(maxsize=256)
def _corners(radius: float, turn: float) -> tuple[Point, ...]:
    """`corners`, worked out once: every hex of a map and every face asks for the same few."""
    points = [scale(direction(i + 0.5), radius) for i in range(6)]
    return tuple([rotate_degrees(p, turn) for p in points] if turn else points)


def hex_polygon(radius: float = RADIUS, turn: float = 0.0, centre: Point = (0.0, 0.0)) -> Polygon:
    from shapely.geometry import Polygon

    return Polygon([add(p, centre) for p in corners(radius, turn)])


def rotate_degrees(p: Point, degrees: float) -> Point:
    """Rotate clockwise on screen (y down) about the origin."""
    if not degrees:
        return p
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return (p[0] * c - p[1] * s, p[0] * s + p[1] * c)


def rotate_edge(edge: int, steps: int) -> int:
    return (edge + steps) % 6


def angle_of(p: Point) -> float:
    """Screen angle in degrees of a vector, in the same sense as `rotate_degrees`."""
    return math.degrees(math.atan2(p[1], p[0]))


def radius_for(flat_to_flat: float) -> float:
    """Corner radius of a hex with the given flat-to-flat size."""
    return flat_to_flat / SQRT3
