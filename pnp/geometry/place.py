"""Placing things apart from drawing them: an occupancy map that grows as shapes are
placed, and the first free spot from a list of candidates.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shapely import affinity
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from pnp.text import CAP_HEIGHT, text_width


@dataclass
class Occupancy:
    """What is already drawn inside an area. Shapes placed later avoid it."""

    area: BaseGeometry
    taken: list[BaseGeometry] = field(default_factory=list)

    def add(self, shape: BaseGeometry) -> None:
        if not shape.is_empty:
            self.taken.append(shape)

    def clash(self, shape: BaseGeometry) -> float:
        """How much of `shape` is outside the area or on something taken (0 = free)."""
        outside = shape.difference(self.area).area
        overlap = sum(shape.intersection(t).area for t in self.taken if shape.intersects(t))
        return outside + overlap

    def first_free(self, candidates: list[BaseGeometry]) -> int:
        """Index of the first candidate that is free, else of the least crowded one."""
        best, best_cost = 0, float("inf")
        for i, shape in enumerate(candidates):
            cost = self.clash(shape)
            if cost < 1e-6:
                return i
            if cost < best_cost:
                best, best_cost = i, cost
        return best

    def union(self) -> BaseGeometry:
        return unary_union(self.taken)


def circle(centre, radius: float) -> Polygon:
    return ShapelyPoint(centre).buffer(radius, 24)


def text_box(text: str, size: float, anchor, *, angle: float = 0.0, weight: str = "regular",
             pad: float = 1.0) -> Polygon:
    """The box a line of text centred on `anchor` covers (middle of its capitals on
    the anchor), turned by `angle` degrees about the anchor."""
    w = text_width(text, size, weight) + 2 * pad
    h = size * CAP_HEIGHT + 2 * pad
    shape = box(anchor[0] - w / 2, anchor[1] - h / 2, anchor[0] + w / 2, anchor[1] + h / 2)
    return affinity.rotate(shape, angle, origin=anchor) if angle else shape
