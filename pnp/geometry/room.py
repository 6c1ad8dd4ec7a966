"""What is already drawn on a face or a map, as plane shapes: a candidate spot is free
when it lies inside the area and meets nothing taken."""

from __future__ import annotations

import math

from pnp.geometry.plane import Shape, grown_shape, holds, intersects, union
from pnp.geometry.plane_area import outside_area, overlap_area

SLACK = 1e-6  # mm²: far above rounding in a sum of areas, far below any real difference of two clashes


class Grown:
    """A candidate shape that is a convex core grown by a margin with round corners
    (GEOS's `core.buffer(margin)`), made only when it is needed. The core lies inside
    the whole, well clear of its edge, so whatever the core meets or leaves the area by,
    the whole does too: a candidate whose core is not free is refused without making the
    whole, and most candidates are refused. Decisions are those the whole shape gives
    (it is still what a free candidate is checked and placed as)."""

    __slots__ = ("core", "margin", "_whole")

    def __init__(self, core: Shape, margin: float):
        if margin <= 0:
            raise ValueError("a grown shape needs a margin > 0 (its core must lie inside it)")
        self.core, self.margin = core, margin
        self._whole = None

    def whole(self) -> Shape:
        if self._whole is None:
            self._whole = grown_shape(self.core, self.margin)
        return self._whole


class Room:
    """The free room of a convex `area` (one part) as shapes are taken from it."""

    __slots__ = ("area", "taken", "_blocker")

    def __init__(self, area: Shape):
        self.area = area
        self.taken: list[Shape] = []
        self._blocker: Shape | None = None  # what refused the last candidate refused

    def add(self, shape: Shape | Grown) -> None:
        self.taken.append(shape.whole() if type(shape) is Grown else shape)

    def is_free(self, shape: Shape | Grown) -> bool:
        if type(shape) is Grown:
            if not self._free(shape.core):  # then neither is the whole, which holds the core
                return False
            shape = shape.whole()
        return self._free(shape)

    def _free(self, shape: Shape) -> bool:
        """Whether `shape` meets nothing taken and lies inside the area, asked in the
        order that refuses a candidate soonest (the answer is the same in any order):
        what refused the last one refused first (the next candidate is often its
        neighbour), then the things taken, then the area."""
        blocker = self._blocker
        if blocker is not None and intersects(blocker, shape):
            return False
        for t in self.taken:
            if t is not blocker and intersects(t, shape):
                self._blocker = t
                return False
        return holds(self.area.parts[0], shape)

    def clash(self, shape: Shape | Grown) -> float:
        """How much of `shape` is outside the area or on something taken (0 = free).
        Only asked when no candidate is free (a crowded face)."""
        if type(shape) is Grown:
            shape = shape.whole()
        if self.is_free(shape):
            return 0.0
        overlap = sum(overlap_area(shape, t) for t in self.taken if intersects(shape, t))
        return outside_area(shape, self.area) + overlap

    def least_clash(self, shapes: list[Shape | Grown]) -> tuple[int, float]:
        """The index and `clash` of the least crowded of `shapes`, none of them free (the
        first of equals), as the least of every shape's clash would say. A shape's sum
        is left unfinished once it is clearly past the least so far (`_clash_below`; a
        crowded hex tries some 200 spots for an icon, each on several things taken)."""
        order = _cheap_first(self.taken)
        best, least = 0, math.inf
        for i, shape in enumerate(shapes):
            cost = self._clash_below(shape.whole() if type(shape) is Grown else shape, least, order)
            if cost < least:
                best, least = i, cost
        return best, least

    def _clash_below(self, shape: Shape, limit: float, order: list[int]) -> float:
        """`clash` of a shape that is not free, its terms summed in the same order (the
        things taken in the order they were taken); something over `limit` as soon as
        the terms known so far are past it by `SLACK`. The terms are areas, below zero
        only by rounding (shapes that touch: ~1e-13 mm²), so neither the terms not yet
        known nor summing in another order can bring the whole sum back by `SLACK`.
        They are worked out cheapest first (`order`): a track casing of 60 parts costs
        more than the rest together, and a candidate on a city or an icon is often
        refused without it. `overlap_area` tells parts that meet from parts that do not
        as `intersects` does (it is not asked first: it would test the same pairs)."""
        outside = outside_area(shape, self.area)
        if outside >= limit + SLACK:
            return outside
        taken = self.taken
        terms: list[float | None] = [None] * len(taken)
        x0, y0, x1, y1 = shape.bounds
        for j in order:
            t = taken[j]
            tx0, ty0, tx1, ty1 = t.bounds
            if x0 <= tx1 and tx0 <= x1 and y0 <= ty1 and ty0 <= y1:  # else they do not meet
                terms[j] = overlap_area(shape, t)  # 0.0 where they do not meet: the same sum
                if outside + sum([v for v in terms if v is not None]) >= limit + SLACK:
                    break
        return outside + sum([v for v in terms if v is not None])

    def first_free(self, candidates: list[Shape]) -> int:
        """Index of the first candidate that is free, else of the least crowded one."""
        for i, shape in enumerate(candidates):
            if self.is_free(shape):
                return i
        return self.least_clash(candidates)[0]

    def union(self) -> Shape:
        return union(*self.taken)


def _cheap_first(taken: list[Shape]) -> list[int]:
    """The indices of the things taken, those with fewer corners first (the cost of an
    overlap with them grows with their corners); equals in the order taken."""
    return sorted(range(len(taken)), key=lambda j: sum([len(p) for p in taken[j].parts]))
