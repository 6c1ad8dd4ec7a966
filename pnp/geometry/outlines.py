"""The plain shapes a face layout is made of (boxes, circles, text boxes, the hex less
a margin) as `plane.Shape`s, with the corners shapely made them with, so that an
outline drawn from one (a city's) and every decision taken on them stay as they were.
"""

from __future__ import annotations

import math
from functools import lru_cache

from pnp.geometry.cores import core, with_cores
from pnp.geometry.hexagon import RADIUS, corners
from pnp.geometry.plane import Point, Shape, _settles, polygon, settled_shape, turned_polygon
from pnp.text import CAP_HEIGHT, text_width


def _unit_circle() -> tuple[Point, ...]:
    """GEOS's buffer of a point by 1 with 8 segments a quarter (`Point.buffer(1.0, 8)`):
    32 corners clockwise on screen from (1, 0), closed; GEOS writes the corners on the
    axes as exact zeros where the cosine leaves ~1e-16."""
    step = 2 * math.pi / 32
    pts = [(math.cos(-i * step), math.sin(-i * step)) for i in range(32)]
    pts = [(0.0 if abs(x) < 1e-12 else x, 0.0 if abs(y) < 1e-12 else y) for x, y in pts]
    return tuple(pts + pts[:1])


UNIT_CIRCLE = _unit_circle()
_UNIT_BOX = ((-1.0, 1.0), (1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (-1.0, 1.0))
# The unit circle's reach: x + r * u is the least where u is (r >= 0, rounding is monotone)
_UNIT_REACH = (min(u for u, _ in UNIT_CIRCLE), min(v for _, v in UNIT_CIRCLE),
               max(u for u, _ in UNIT_CIRCLE), max(v for _, v in UNIT_CIRCLE))
# A 32-gon of radius r has a twice area of 64 r^2 sin(pi / 16) cos(pi / 16) = 6.24 r^2
_CIRCLE_TWICE_AREA = 6.2
_INNER_RADIUS = math.cos(math.pi / 32)  # a 32-gon's edges' distance from its centre, its corners' being 1


def circle_points(centre: Point, radius: float) -> list[Point]:
    """A 32-gon's corners (what shapely's buffer(radius, 8) gives), closed: the centre
    plus each corner's offset `radius * u`, `radius * v` (`_circle_offsets`)."""
    x, y = centre
    return [(x + du, y + dv) for du, dv in _circle_offsets(radius, math.copysign(1.0, radius))]


@lru_cache(maxsize=256)
def _circle_offsets(radius: float, sign: float) -> tuple[Point, ...]:
    """The unit circle's corners times `radius`, worked out once a radius: a face tries
    circles of a few radii at many spots. Keyed by the radius's sign too: 0.0 and -0.0
    are equal but give offsets whose zeros differ in sign."""
    return tuple([(radius * u, radius * v) for u, v in UNIT_CIRCLE])


def circle(centre: Point, radius: float) -> Shape:
    """`polygon(circle_points(centre, radius))`, made without judging its turn or
    looking for its bounds corner by corner: the 32-gon turns clockwise and reaches
    furthest where the unit circle does. Its core is the disc its edges touch. Layouts
    try circles at many spots, the same spots on many faces (around stops in the same
    places): each is made once (`_circle`; a shape is never changed once made)."""
    x, y = centre
    return _circle(x, y, radius, math.copysign(1.0, x), math.copysign(1.0, y), math.copysign(1.0, radius))


@lru_cache(maxsize=1024)
def _circle(x: float, y: float, radius: float, *signs: float) -> Shape:
    """`circle`, keyed by the signs of its numbers too: 0.0 and -0.0 are equal but give
    corners whose zeros differ in sign (a town's dot is drawn from its corners)."""
    points = circle_points((x, y), radius)
    u0, v0, u1, v1 = _UNIT_REACH
    box = (x + radius * u0, y + radius * v0, x + radius * u1, y + radius * v1)
    if not (radius > 0 and _settles(_CIRCLE_TWICE_AREA * radius * radius, len(points) - 1, box)):
        return with_cores(polygon(points), core(x, y, radius * _INNER_RADIUS) if radius > 0 else None)
    ring = tuple(points[:-1])
    return with_cores(settled_shape((ring[::-1],), (box,), ring + ring[:1]), core(x, y, radius * _INNER_RADIUS))


def box(minx: float, miny: float, maxx: float, maxy: float) -> Shape:
    """A rectangle, its corners in shapely.box's order."""
    return polygon(((maxx, miny), (maxx, maxy), (minx, maxy), (minx, miny), (maxx, miny)))


def text_corners(text: str, size: float, anchor: Point, angle: float = 0.0, weight: str = "regular",
                 pad: float = 1.0) -> list[Point]:
    """The corners (closed) of the box a line of text centred on `anchor` covers (middle
    of its capitals on the anchor), turned by `angle` degrees about the anchor."""
    w, h = _half_size(text, size, weight, pad)
    c, s = (math.cos(math.radians(angle)), math.sin(math.radians(angle))) if angle else (1.0, 0.0)
    x, y = anchor
    return [(x + u * w * c - v * h * s, y + u * w * s + v * h * c) for u, v in _UNIT_BOX]


@lru_cache(maxsize=2048)
def text_box(text: str, size: float, anchor: Point, *, angle: float = 0.0, weight: str = "regular",
             pad: float = 1.0) -> Shape:
    """The box of `text_corners` as a shape: it turns clockwise (y up; `_UNIT_BOX`), its
    twice area 8 w h for half sizes w and h; its core the disc about the anchor that
    touches its nearer sides. Made once for each text and place: faces try the same
    ids and labels in the same spots (a shape is never changed once made; a box is
    never drawn, so the signs of its zeros do not matter)."""
    w, h = _half_size(text, size, weight, pad)
    shape = turned_polygon(text_corners(text, size, anchor, angle, weight, pad), True, 7.9 * w * h)
    return with_cores(shape, core(anchor[0], anchor[1], min(w, h)))


@lru_cache(maxsize=1024)
def _half_size(text: str, size: float, weight: str, pad: float) -> tuple[float, float]:
    return (text_width(text, size, weight) / 2 + pad, size * CAP_HEIGHT / 2 + pad)


@lru_cache(maxsize=16)
def hex_less(inset: float) -> Shape:
    """The hex less `inset` all round, corners sharp (GEOS's mitred inward buffer): the
    same hex, its corner radius less inset / cos 30."""
    ring = corners(RADIUS - inset / math.cos(math.pi / 6))
    return Shape(polygon(ring).parts, tuple(ring), ("buffer", polygon(corners()), -inset, ("join_style", 2)))
