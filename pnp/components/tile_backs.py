"""The backs of tile sheets, printed with --duplex for a game with flippable tiles
(18-XY's transparent tiles may be laid face down, mirrored; paper tiles are opaque, so
the mirror image has to be printed on the back).

A flippable tile's back is its face mirrored the way the sheet turns over: the
geometry (track, stops, borders) moves to the mirrored edges, while its id, stage and
marks are laid out afresh on the mirrored face, so they read the right way round.
Drawn where the front lands when the sheet is turned, each back lies exactly behind
its front, edge against edge. Every other tile gets a plain back of its colour.
"""

from __future__ import annotations

from functools import lru_cache

from pnp.draw import shapes
from pnp.geometry.hexagon import POINTY_TURN
from pnp.geometry.symmetry import Mirror, move_face
from pnp.model.tile import Tile
from pnp.render import svg
from pnp.render.style import Style
from pnp.render.tile import face_group, ground_path
from pnp.sheets.page import PieceArt


def face_turn(orientation: str, piece_turn: float) -> float:
    """Degrees the face's artwork is turned on the paper: a pointy game's 30, plus any
    turn of the piece (a pointy tile on a die is turned back to flat)."""
    return (POINTY_TURN if orientation == "pointy" else 0.0) + piece_turn


def mirror_move(mirror: Mirror, paper_turn: float) -> tuple[int, Mirror]:
    """The move of the face (rotation in steps of 60 degrees, after `mirror`) whose
    drawing, turned `paper_turn` degrees on the paper, is the paper mirror image of the
    face's drawing. Mirroring a turned drawing equals mirroring it and turning it back
    the other way, so the face turns back by twice the paper turn."""
    steps = -2 * paper_turn / 60.0
    if abs(steps - round(steps)) > 1e-9:
        raise ValueError(f"a face turned {paper_turn:g} degrees has no mirror image on the hex grid")
    return int(round(steps)) % 6, mirror


@lru_cache(maxsize=1024)
def mirrored_tile_group(tile: Tile, style: Style, orientation: str, mirror: Mirror, piece_turn: float = 0.0):
    """A flippable tile's face as seen from behind, drawn in hex units like its front
    (`pnp.render.tile.tile_group`)."""
    rotation, how = mirror_move(mirror, face_turn(orientation, piece_turn))
    face = move_face(tile, rotation, how)
    turn = POINTY_TURN if orientation == "pointy" else 0.0
    return face_group(face, tile.color, style, tile_id=tile.id, stage=tile.stage, flippable=True, turn=turn)


def plain_back_group(colour: str, style: Style, orientation: str):
    """The tile's ground alone: the back of a tile that is not flippable."""
    g = svg.group(transform=(shapes.rotate(POINTY_TURN),)) if orientation == "pointy" else svg.group()
    g.add(ground_path(colour, style))
    return g


def tile_back(front: PieceArt, tile: Tile, style: Style, orientation: str, mirror: Mirror) -> PieceArt:
    """The piece printed behind `front` (a tile's piece on the front page)."""
    if tile.flippable:
        art = mirrored_tile_group(tile, style, orientation, mirror, front.turn)
        return PieceArt(f"tile-back-{tile.id}", art, front.mm_per_unit, front.bleed, front.turn)
    return PieceArt(f"tile-plain-{tile.color}", plain_back_group(tile.color, style, orientation), front.mm_per_unit,
                    front.bleed, front.turn)
