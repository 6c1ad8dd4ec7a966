"""Rotations and mirror images of the hex grid, and of what is printed on a hex.

A map section laid turned or face down keeps every hex on the grid and every track,
stop and border on its hex; only their edges change. Positions are the doubled
(column, row) grid positions of `pnp/geometry/grid.py` on a flat map; edges are
numbered 0-5 clockwise from the bottom.

A move is a mirror image (none, horizontal: left and right swap, vertical: top and
bottom swap) followed by a rotation in steps of 60 degrees clockwise. Text is never
moved with the geometry: names are placed afresh on the moved face, so they stay
readable.
"""

from __future__ import annotations

from typing import Literal

from msgspec.structs import replace

from pnp.geometry.grid import GridPos
from pnp.model.tile import End, Path, TileFace

Mirror = Literal["none", "horizontal", "vertical"]
MIRRORS = ("none", "horizontal", "vertical")


def mirror_edge(position: float, mirror: Mirror) -> float:
    """An edge (or a corner such as 2.5) after the mirror image."""
    if mirror == "horizontal":
        return (-position) % 6
    if mirror == "vertical":
        return (3 - position) % 6
    return position % 6


def move_edge(position: float, rotation: int, mirror: Mirror = "none") -> float:
    return (mirror_edge(position, mirror) + rotation) % 6


def _rotate_once(pos: GridPos) -> GridPos:
    """60 degrees clockwise about (0, 0): the neighbour across edge e moves to the one
    across edge e + 1."""
    return GridPos((pos.col - pos.row) // 2, (3 * pos.col + pos.row) // 2)


def move_pos(pos: GridPos, rotation: int, mirror: Mirror = "none") -> GridPos:
    """A position after the move about (0, 0). Positions have col + row even."""
    if (pos.col + pos.row) % 2:
        raise ValueError(f"({pos.col}, {pos.row}) is not a hex of the grid: column + row must be even")
    if mirror == "horizontal":
        pos = GridPos(-pos.col, pos.row)
    elif mirror == "vertical":
        pos = GridPos(pos.col, -pos.row)
    for _ in range(rotation % 6):
        pos = _rotate_once(pos)
    return pos


def move_face(face: TileFace, rotation: int, mirror: Mirror = "none") -> TileFace:
    """The face with its stops, track and borders on their moved edges."""
    if rotation % 6 == 0 and mirror == "none":
        return face

    def edge(e: int) -> int:
        return int(move_edge(e, rotation, mirror))

    stops = tuple(s if not isinstance(s.at, float) else replace(s, at=move_edge(s.at, rotation, mirror))
                  for s in face.stops)
    def end(e: End) -> End:
        return End("edge", edge(e.index)) if e.kind == "edge" else e

    paths = tuple(Path(a=end(p.a), b=end(p.b), terminal=p.terminal) for p in face.paths)
    borders = tuple(replace(b, edge=edge(b.edge)) for b in face.borders)
    return replace(face, stops=stops, paths=paths, borders=borders)
