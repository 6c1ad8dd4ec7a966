"""One map section as a piece to cut out (18-XY): its hexes drawn as any map draws them
(`render/map.py`'s `draw_map`, without the band of coordinates), each hex's ground
reaching `bleed` mm past the cut, the section's name on it, and one closed cut line
around the outside of its hexes.

The name goes in the middle of the section's most central empty hex (no station,
halt, track, terrain or name: the hex a track tile covers last), big enough to find
the piece in a box; a section without an empty hex takes it as the name of its most
central unnamed hex, placed clear of everything there like any hex's name.
"""

from __future__ import annotations

import math

from msgspec import Struct
from msgspec.structs import replace

from pnp.draw import shapes
from pnp.compose import section_board
from pnp.errors import PnpError
from pnp.geometry.hexagon import SQRT3
from pnp.model.map import Block, Board, Decorations, MapHex
from pnp.model.section import MapSection
from pnp.render import svg
from pnp.render.map import draw_map
from pnp.render.style import Style
from pnp.text import fit_size

NAME_SIZE = 0.13  # of the hex size (flat to flat): the section's name
CAPTION_SIZE = 0.06  # the line below it
NAME_ROOM = 0.8  # of the hex size: how wide the name may be
GRID = 1e-4  # mm: hex corners snap to this before the union, so touching sides join


class SectionPiece(Struct, frozen=True):
    key: str
    name: str
    width: float  # mm: the hexes' bounding box; bleed reaches past it
    height: float
    art: object  # SVG group in mm, origin at the bounding box's top-left corner
    cut: tuple[tuple[tuple[float, float], ...], ...] = ()  # the cut line's closed rings, in the art's mm


def empty(h: MapHex) -> bool:
    face = h.face
    return not (face.stops or face.paths or face.terrain or h.name or h.lake or h.sight or h.color != "white")


def central(hexes: list[MapHex]) -> list[MapHex]:
    """The hexes, the nearest the section's middle first (then by coordinate)."""
    mx = sum(h.pos.col for h in hexes) / len(hexes)
    my = sum(h.pos.row for h in hexes) / len(hexes)
    return sorted(hexes, key=lambda h: ((h.pos.col - mx) ** 2 * 3 + (h.pos.row - my) ** 2, h.pos.col, h.pos.row))


def tag_hex(board: Board) -> MapHex | None:
    """The most central empty hex, which carries the section's name; None if none is."""
    return next((h for h in central(list(board.hexes.values())) if empty(h)), None)


def named_board(board: Board, section: MapSection, label: str) -> Board:
    """The board with `label` (the section's name) as the name of its most central
    unnamed hex."""
    for h in central(list(board.hexes.values())):
        if not h.name and not h.lake:
            hexes = dict(board.hexes)
            hexes[h.coord] = replace(h, name=label)
            return replace(board, hexes=hexes)
    raise PnpError(f"sections/{section.key}.yaml: every hex is named or a lake, leaving no room to print the "
                   f"section's name")


def bleed_grounds(board: Board, outlines, style: Style, bleed: float):
    """Each hex's ground, grown so its sides lie `bleed` mm further out: beneath the
    art, it shows past the cut line wherever the knife strays outwards."""
    g = svg.group()
    for h, shape in zip(board.hexes.values(), outlines):
        centre = shape.centroid
        radius = math.dist((centre.x, centre.y), shape.exterior.coords[0])
        k = (radius + bleed * 2 / SQRT3) / radius
        from shapely import affinity

        grown = affinity.scale(shape, k, k, origin=centre)
        g.add(svg.polygon_path(list(grown.exterior.coords)[:-1], fill=style.ground(h.color)))
    return g


def name_tag(name: str, caption: str, centre, hex_mm: float, style: Style):
    """The section's name, bold, with a caption line below, centred in a hex."""
    g = svg.group()
    size = fit_size(name, hex_mm * NAME_ROOM, hex_mm * NAME_SIZE, "bold", min_size=hex_mm * 0.06)
    small = hex_mm * CAPTION_SIZE
    ink = style.color("card_muted")
    g.add(svg.text(name, (centre[0], centre[1] - small * 0.6), size, style, weight="bold", color=ink))
    g.add(svg.text(caption, (centre[0], centre[1] + size * 0.55 + small * 0.4),
                   fit_size(caption, hex_mm * NAME_ROOM, small, min_size=small * 0.7), style, color=ink))
    return g


def cut_line(shape, style: Style, width: float):
    """The cut: one closed path around the outside of the hexes (and round any hole)."""
    return svg.path(shapes.rings(shape), fill="none", stroke=style.color("cut"), stroke_width=width,
                    stroke_linejoin="miter")


def section_piece(section: MapSection, style: Style, hex_mm: float, bleed: float, cut_width: float, *,
                  caption: str, label: str, cut_line_drawn: bool = True) -> SectionPiece:
    """The piece. `caption` goes under the name in an empty hex ("map section · 19
    hexes"); `label` is the name as a hex's name where no hex is empty. Without
    `cut_line_drawn` the cut is left to a CutContour layer (pnp.cut)."""
    board = section_board(section)
    board = replace(board, decorations=Decorations(title=Block(show=False), legend=Block(show=False)))
    tagged = tag_hex(board)
    if tagged is None:
        board = named_board(board, section, label)
    art = draw_map(board, style, hex_mm=hex_mm, title_lines=[], frame=False)
    drawing = art.drawing
    import shapely  # the section's outline: a real union of its hexes

    from pnp.geometry.as_geos import geos

    outlines = [geos(hexagon) for hexagon in drawing.pieces[:len(board.hexes)]]

    shape = shapely.union_all(list(outlines), grid_size=GRID)
    g = svg.group()
    if bleed > 0:
        g.add(bleed_grounds(board, outlines, style, bleed))
    g.add(drawing.content)
    if tagged is not None:
        where = outlines[list(board.hexes).index(tagged.coord)].centroid
        g.add(name_tag(section.name, caption, (where.x, where.y), hex_mm, style))
    if cut_line_drawn:
        g.add(cut_line(shape, style, cut_width))
    rings = tuple(tuple(ring.coords)[:-1] for ring in [shape.exterior, *shape.interiors])
    return SectionPiece(section.key, section.name, drawing.width, drawing.height, g, rings)


__all__ = ["SectionPiece", "section_piece"]
