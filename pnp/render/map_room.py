"""Where the map's blocks (title, legend, other artwork) may go: the room a `Room` of the
land grown by a margin, then the areas, labels and blocks placed, would leave, with
each hex grown only when a candidate block comes near it."""

from __future__ import annotations

from collections.abc import Callable

from pnp.geometry.plane import Bounds, Shape, grown_shape, intersects, union
from pnp.geometry.room import Room

REACH_SLACK = 1e-6  # mm: a grown corner lies within the margin of the corner it grew from, rounding far below this


class BlockRoom:
    """What `Room(area)` would answer with `union(*(grown_shape(h, margin) for h in land))`
    taken first and then each shape `add`ed, at a fraction of the cost when few
    candidates are asked about (a map places two or three blocks; a map section none).
    The land is given as each hex's bounds and a maker of its outline (`outline(i)`,
    with those bounds): a hex's outline is made only to be grown.

    Whether a candidate is free is told without growing every hex: a candidate meets the
    union when it meets one of its parts (each hex grown: its ring settles, so the union
    keeps it as it is), and it cannot meet a grown hex whose bounds, widened by the margin
    and `REACH_SLACK`, it does not meet; the others are grown when first asked about
    (`intersects`, part against part, as it tests the union). The areas of a clash, asked
    only when no candidate is free, come from that Room made whole (`whole`)."""

    __slots__ = ("_area", "_outline", "_margin", "_reach", "_grown", "_rest", "_whole")

    def __init__(self, area: Shape, land: list[Bounds], outline: Callable[[int], Shape], margin: float):
        self._area, self._outline, self._margin = area, outline, margin
        reach = margin + REACH_SLACK
        self._reach = [(b[0] - reach, b[1] - reach, b[2] + reach, b[3] + reach) for b in land]
        self._grown: dict[int, Shape] = {}
        self._rest = Room(area)  # all but the land, in the order taken
        self._whole: Room | None = None  # `whole`, until a shape is added

    def add(self, shape: Shape) -> None:
        self._rest.add(shape)
        self._whole = None

    def is_free(self, shape: Shape) -> bool:
        return self._rest.is_free(shape) and not self._on_land(shape)

    def clash(self, shape: Shape) -> float:
        return 0.0 if self.is_free(shape) else self.whole().clash(shape)

    def first_free(self, candidates: list[Shape]) -> int:
        """Index of the first candidate that is free, else of the least crowded one."""
        for i, shape in enumerate(candidates):
            if self.is_free(shape):
                return i
        return self.whole().least_clash(candidates)[0]

    def union(self) -> Shape:
        return self.whole().union()

    def whole(self) -> Room:
        """The Room itself: the land grown, then everything added, in that order (made
        once between adds: a crowded placement asks it for the least clash, that clash
        and the union, one after the other)."""
        if self._whole is not None:
            return self._whole
        room = self._whole = Room(self._area)
        room.add(union(*(self._grown_hex(i) for i in range(len(self._reach)))))
        for shape in self._rest.taken:
            room.add(shape)
        return room

    def _on_land(self, shape: Shape) -> bool:
        x0, y0, x1, y1 = shape.bounds
        for i, (a, b, c, d) in enumerate(self._reach):
            if a <= x1 and x0 <= c and b <= y1 and y0 <= d and intersects(self._grown_hex(i), shape):
                return True
        return False

    def _grown_hex(self, i: int) -> Shape:
        grown = self._grown.get(i)
        if grown is None:
            grown = self._grown[i] = grown_shape(self._outline(i), self._margin)
        return grown
