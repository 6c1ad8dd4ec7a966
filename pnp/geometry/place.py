"""Placing things apart from drawing them: an occupancy map that grows as shapes are
placed, and the first free spot from a list of candidates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import numpy
import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry import box as _geometry_box
from shapely.geometry.base import BaseGeometry
from shapely import prepare
from shapely.ops import unary_union

from pnp.text import CAP_HEIGHT, text_width


class Grown:
    """A candidate shape that is a core grown by a margin (`core.buffer(margin)`: GEOS's
    buffer costs ~0.2 ms even for a box), made only when it is needed. The core lies
    inside the whole, well clear of its edge, so whatever the core meets or leaves the
    area by, the whole does too: a candidate whose core is not free is refused without
    making the whole, and most candidates are refused. Decisions are those the whole
    shape gives (it is still what a free candidate is checked and placed as)."""

    __slots__ = ("core", "margin", "_whole")

    def __init__(self, core: BaseGeometry, margin: float):
        if margin <= 0:
            raise ValueError("a grown shape needs a margin > 0 (its core must lie inside it)")
        self.core, self.margin = core, margin
        self._whole = None

    def whole(self) -> BaseGeometry:
        if self._whole is None:
            self._whole = self.core.buffer(self.margin)
        return self._whole


@dataclass
class Occupancy:
    """What is already drawn inside an area. Shapes placed later avoid it.

    A candidate is checked against each shape taken (prepared once, all in one
    vectorised call) rather than against their union: a face is laid out by trying
    many candidates between adds, and the union had to be worked out again after
    each add (it was most of a tile's layout time)."""

    area: BaseGeometry
    taken: list[BaseGeometry] = field(default_factory=list)
    _checked: object = field(default=None, repr=False)  # `taken` as a numpy array, prepared

    def add(self, shape: BaseGeometry | Grown) -> None:
        if type(shape) is Grown:
            shape = shape.whole()
        if not shape.is_empty:
            self.taken.append(shape)
            self._checked = None

    def _prepared(self):
        if self._checked is None:
            self._checked = numpy.array(self.taken, dtype=object)
            prepare(self._checked)
            prepare(self.area)
        return self._checked

    def is_free(self, shape: BaseGeometry | Grown) -> bool:
        if type(shape) is Grown:
            if not self._free(shape.core):  # then neither is the whole, which holds the core
                return False
            shape = shape.whole()
        return self._free(shape)

    def _free(self, shape: BaseGeometry) -> bool:
        taken = self._prepared()
        return self.area.contains(shape) and not shapely.intersects(taken, shape).any()

    def clash(self, shape: BaseGeometry | Grown) -> float:
        """How much of `shape` is outside the area or on something taken (0 = free)."""
        if type(shape) is Grown:
            shape = shape.whole()
        if self.is_free(shape):
            return 0.0
        outside = shape.difference(self.area).area
        overlap = sum(shape.intersection(t).area for t in self.taken if shape.intersects(t))
        return outside + overlap

    def first_free(self, candidates: list[BaseGeometry]) -> int:
        """Index of the first candidate that is free, else of the least crowded one."""
        for i, shape in enumerate(candidates):
            if self.is_free(shape):
                return i
        costs = [self.clash(shape) for shape in candidates]
        return min(range(len(candidates)), key=lambda i: (costs[i], i))

    def union(self) -> BaseGeometry:
        return unary_union(self.taken)


# Layout builds thousands of candidate shapes: shapely.polygons on plain coordinates is
# several times faster than buffering a point or rotating a box.
_UNIT_CIRCLE = tuple(ShapelyPoint(0.0, 0.0).buffer(1.0, 8).exterior.coords)
_UNIT_BOX = ((-1.0, 1.0), (1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (-1.0, 1.0))


def box(minx: float, miny: float, maxx: float, maxy: float) -> Polygon:
    """shapely.geometry.box's rectangle, the same coordinates in the same order, made by
    the vectorised shapely.box (~10 us, not ~60 us: markets and maps make thousands).
    A zero-width box the two make differently (shapely.box keeps a repeated corner),
    so that one still comes from shapely.geometry.box."""
    if minx == maxx:
        return _geometry_box(minx, miny, maxx, maxy)
    return shapely.box(minx, miny, maxx, maxy)


def circle(centre, radius: float) -> Polygon:
    """A 32-gon (what buffer(radius, 8) gives), from one precomputed unit circle."""
    x, y = centre
    return shapely.polygons([(x + radius * u, y + radius * v) for u, v in _UNIT_CIRCLE])


def rotated(points, angle: float, origin) -> list[tuple[float, float]]:
    """`points` turned by `angle` degrees about `origin`, by shapely.affinity.rotate's
    own arithmetic step for step (so the same coordinates to the last bit), without
    the cost of its numpy arrays for a handful of points."""
    a = angle * math.pi / 180.0
    c, s = math.cos(a), math.sin(a)
    c = 0.0 if abs(c) < 2.5e-16 else c
    s = 0.0 if abs(s) < 2.5e-16 else s
    x0, y0 = origin
    xoff, yoff = x0 - x0 * c + y0 * s, y0 - x0 * s - y0 * c
    return [(c * x + -s * y + xoff, s * x + c * y + yoff) for x, y in points]



def translated(points, dx: float, dy: float) -> list[tuple[float, float]]:
    """`points` moved by (dx, dy), by shapely.affinity.translate's own arithmetic
    (1.0*x + 0.0*y + dx), so the same coordinates to the last bit, without its numpy
    arrays."""
    return [(1.0 * x + 0.0 * y + dx, 0.0 * x + 1.0 * y + dy) for x, y in points]

def text_box(text: str, size: float, anchor, *, angle: float = 0.0, weight: str = "regular",
             pad: float = 1.0) -> Polygon:
    """The box a line of text centred on `anchor` covers (middle of its capitals on
    the anchor), turned by `angle` degrees about the anchor."""
    w, h = _half_size(text, size, weight, pad)
    c, s = (math.cos(math.radians(angle)), math.sin(math.radians(angle))) if angle else (1.0, 0.0)
    x, y = anchor
    return shapely.polygons([(x + u * w * c - v * h * s, y + u * w * s + v * h * c) for u, v in _UNIT_BOX])


@lru_cache(maxsize=1024)
def _half_size(text: str, size: float, weight: str, pad: float) -> tuple[float, float]:
    return (text_width(text, size, weight) / 2 + pad, size * CAP_HEIGHT / 2 + pad)
