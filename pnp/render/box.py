"""A rectangle in millimetres to lay a card out in: cut a box into parts (top, bottom,
beside, columns, rows) without computing coordinates by hand."""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace


class Box(Struct, frozen=True):
    """A rectangle in mm, from its top-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def inset(self, dx: float, dy: float | None = None) -> "Box":
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, max(0.0, self.w - 2 * dx), max(0.0, self.h - 2 * dy))

    def top(self, h: float) -> "Box":
        return replace(self, h=min(h, self.h))

    def bottom_part(self, h: float) -> "Box":
        h = min(h, self.h)
        return Box(self.x, self.bottom - h, self.w, h)

    def below(self, h: float, gap: float = 0.0) -> "Box":
        """What is left under the top `h` (and a gap)."""
        cut = min(self.h, h + gap)
        return Box(self.x, self.y + cut, self.w, self.h - cut)

    def above(self, h: float, gap: float = 0.0) -> "Box":
        """What is left over the bottom `h` (and a gap)."""
        return replace(self, h=max(0.0, self.h - h - gap))

    def left(self, w: float) -> "Box":
        return replace(self, w=min(w, self.w))

    def right_part(self, w: float) -> "Box":
        w = min(w, self.w)
        return Box(self.right - w, self.y, w, self.h)

    def beside(self, w: float, gap: float = 0.0) -> "Box":
        """What is left right of the left `w` (and a gap)."""
        cut = min(self.w, w + gap)
        return Box(self.x + cut, self.y, self.w - cut, self.h)

    def columns(self, widths: list[float], gap: float = 0.0) -> list["Box"]:
        out, x = [], self.x
        for w in widths:
            out.append(Box(x, self.y, w, self.h))
            x += w + gap
        return out

    def rows(self, n: int, gap: float = 0.0) -> list["Box"]:
        h = (self.h - (n - 1) * gap) / n
        return [Box(self.x, self.y + i * (h + gap), self.w, h) for i in range(n)]
