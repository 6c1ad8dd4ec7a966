"""Where each stock market space goes, in millimetres from the market's top-left corner.

A `grid` market places row r, column c at (c, r); a `row` market is one line of spaces;
a `zigzag` market (1860) is one data row drawn as two staggered rows: even spaces on
the top row, odd spaces half a space to the right on the row below, so a marker moving
one space steps diagonally to the other row and two spaces stay on its own row.
"""

from __future__ import annotations

from msgspec import Struct

from pnp.geometry.box_union import Ring, union_outline
from pnp.geometry.outlines import box
from pnp.geometry.plane import Shape
from pnp.model.rules import Cell, Market


class PlacedCell(Struct, frozen=True):
    cell: Cell
    index: int  # reading order: row by row, left to right (a zigzag's data order)
    row: int  # the data row and column the space has in the market file
    col: int
    x: float  # top-left corner, mm
    y: float
    width: float
    height: float

    def corners(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1: the far edges rounded as the near ones, so that neighbours meet exactly."""
        return self.x, self.y, round(self.x + self.width, 6), round(self.y + self.height, 6)

    def shape(self) -> Shape:
        return box(*self.corners())


def _origin(kind: str, row: int, col: int, width: float, height: float) -> tuple[float, float]:
    if kind == "zigzag":
        x, y = col * width / 2, (col % 2) * height
    else:
        x, y = col * width, row * height
    return round(x, 6), round(y, 6)  # so that neighbouring spaces share their edges exactly


def place_cells(market: Market, width: float, height: float) -> list[PlacedCell]:
    """Every space of the market with its box; missing spaces (ragged edges) are left out."""
    placed = []
    for r, row in enumerate(market.rows):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            x, y = _origin(market.kind, r, c, width, height)
            placed.append(PlacedCell(cell, len(placed), r, c, x, y, width, height))
    return placed


def outline(cells: list[PlacedCell]) -> tuple[tuple[Ring, tuple[Ring, ...]], ...]:
    """The market's printed area, as polygons (outer ring, holes): its outer edge shows
    the ragged edges and ledges."""
    return union_outline(c.corners() for c in cells)


def extent(cells: list[PlacedCell]) -> tuple[float, float]:
    """Width and height of the market's bounding box."""
    return (max(c.x + c.width for c in cells), max(c.y + c.height for c in cells))
