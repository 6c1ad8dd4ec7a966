"""Where a map hex sits: doubled hex-grid positions to points, in any length unit.

Both orientations use doubled coordinates, as 18xx maps do. A flat map's columns are
1.5 corner radii apart and its rows half a hex high (a column's hexes step by two
rows); a pointy map is the same turned a quarter: rows 1.5 radii apart, columns half
a hex wide. Which of the two axes a map names with letters is the map's business
(`pnp/model/map.py`); here a position is just (column, row).
"""

from __future__ import annotations

from typing import NamedTuple

from pnp.geometry.hexagon import POINTY_TURN, SQRT3, Point, hex_polygon


class GridPos(NamedTuple):
    col: int
    row: int


# Neighbour across each edge (0-5, clockwise from the bottom of a flat hex; a pointy
# hex is the flat one turned 30 degrees, so its edge 0 faces south-west).
NEIGHBOURS = {
    "flat": {0: (0, 2), 1: (-1, 1), 2: (-1, -1), 3: (0, -2), 4: (1, -1), 5: (1, 1)},
    "pointy": {0: (-1, 1), 1: (-2, 0), 2: (-1, -1), 3: (1, -1), 4: (2, 0), 5: (1, 1)},
}


def turn(orientation: str) -> float:
    """Degrees a face is turned to sit on a map of this orientation."""
    return POINTY_TURN if orientation == "pointy" else 0.0


def pitch(orientation: str, radius: float) -> tuple[float, float]:
    """Distance between neighbouring grid columns and rows, for hexes of corner radius `radius`."""
    if orientation == "pointy":
        return (radius * SQRT3 / 2, 1.5 * radius)
    return (1.5 * radius, radius * SQRT3 / 2)


def centre(pos: GridPos, orientation: str, radius: float) -> Point:
    dx, dy = pitch(orientation, radius)
    return (pos.col * dx, pos.row * dy)


def outline(pos: GridPos, orientation: str, radius: float):
    return hex_polygon(radius, turn(orientation), centre(pos, orientation, radius))


def neighbour(pos: GridPos, edge: int, orientation: str) -> GridPos:
    dc, dr = NEIGHBOURS[orientation][edge % 6]
    return GridPos(pos.col + dc, pos.row + dr)
