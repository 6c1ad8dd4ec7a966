"""A map as one drawing in millimetres: every hex a tile face (`render/tile.py`'s
`face_group`) at the map hex size, tiles and tokens of a layout preview on top, impassable
sides, one outline per hex, and around the hexes the sea or other background, areas,
coordinates, names, the title and a legend.

Blocks (title, legend) go where the map data puts them, written as a grid position
such as `B11`, or else into the first corner of the map that no hex occupies. Layer
order, bottom to top: background, areas, hexes (discs between ground and face), costs, laid tiles,
reservations and tokens, outlines (open sides left out), borders, lines across the map,
coordinates, labels, title, legend.

The drawing's parts live beside it: `map_frame.py` (settings and millimetre geometry),
`map_hexes.py` (hexes, tiles, tokens, borders), `map_blocks.py` (coordinates, labels,
areas, title and artwork blocks), `map_legend.py` (the legend).
"""

from __future__ import annotations



from msgspec import Struct

from pnp.draw.nodes import Page
from pnp.geometry.outlines import box
from pnp.geometry.plane import moved, union
from pnp.model.company import Company
from pnp.model.map import Board, Placements
from pnp.model.tile import TileFace
from pnp.render import svg
from pnp.render.map_blocks import (area_art, artwork_block, coordinates, label_art, label_box, place_block,
                                   title_block)
from pnp.render.map_frame import MapFrame, MapSpec, map_spec
from pnp.render.map_hexes import borders, city_slots, hex_arts, home_slots, reservation, stations, token
from pnp.render.map_marks import hex_costs, hex_outline, map_line
from pnp.render.map_legend import LegendWords, legend_block, legend_items, terrain_name
from pnp.render.map_room import BlockRoom
from pnp.render.style import Style
from pnp.render.tile import outline_path
from pnp.sheets.paginate import Drawing

LAND_CLEARANCE = 1.0  # mm: blocks keep this far off the hexes


class MapArt(Struct, frozen=True):
    drawing: Drawing  # for pagination: content in mm, hexes as pieces
    svg: Page  # the whole map as one page at real size
    hexes: int


def draw_map(board: Board, style: Style, *, hex_mm: float, title_lines: list[tuple[str, float, str]],
             companies: tuple[Company, ...] = (), placements: Placements = Placements(),
             tile_faces: tuple[TileFace, ...] = (), spec: MapSpec | None = None,
             extras: tuple[tuple[object, str | None], ...] = (), words: LegendWords = LegendWords(),
             frame: bool = True) -> MapArt:
    """Draw a board. `title_lines` are (text, size mm, weight); `tile_faces` are the
    game's tiles, for the legend's symbols that appear only on tiles; `words` what the
    legend calls things. `extras` are other drawings the map carries, as (artwork with
    width, height and art in mm, grid position or None), placed like the title and
    legend (1851's Dividend Payout Track). Without `frame` there is no band of
    coordinates and no padding: the drawing ends where the hexes do (a map section cut
    out along its hexes). The drawing's pieces are the hex outlines in the board's
    order, then the blocks and labels."""
    f = MapFrame(board, style, spec or map_spec(), hex_mm)
    hexes = list(board.hexes.values())
    deco = board.decorations

    # 1. place: hexes, areas, then the blocks and labels where nothing else is
    corners = [f.hexagon(h.pos) for h in hexes]
    land = [_bounds(c) for c in corners]  # a hex's outline is made here only if a block comes near it
    area_shapes = [union(*(f.outline(board.coordinates.parse(c)) for c in a.at)) for a in deco.areas]
    occupied = BlockRoom(box(-1e5, -1e5, 1e5, 1e5), land, lambda i: f.placed(corners[i], (0.0, 0.0)),
                         LAND_CLEARANCE)
    for shape in area_shapes:
        occupied.add(shape)
    bounds = _extent(land + [s.bounds for s in area_shapes])
    labels = [(label_box(f, i, lab), lab) for i, lab in enumerate(deco.labels)]
    for shape, _ in labels:  # the title and legend keep off the map's labels
        occupied.add(shape)
    blocks = []  # (shape, block)
    if deco.title.show and title_lines:
        blocks.append(place_block(f, title_block(title_lines), deco.title.at, occupied, bounds))
    legend = legend_items(f, hexes, tile_faces, companies, words) if deco.legend.show else []
    if legend:
        blocks.append(place_block(f, legend_block(f, legend), deco.legend.at, occupied, bounds))
    for artwork, at in extras:
        blocks.append(place_block(f, artwork_block(artwork), at, occupied, bounds))
    extent = _extent(land + [s.bounds for s in area_shapes] + [s.bounds for s, _ in blocks + labels])
    edge = f.spec.padding + f.spec.band if frame else 0.0
    f.origin = (extent[0] - edge, extent[1] - edge)
    width, height = extent[2] - extent[0] + 2 * edge, extent[3] - extent[1] + 2 * edge
    shift = lambda g: moved(g, -f.origin[0], -f.origin[1])  # noqa: E731

    # 2. draw, bottom layer first; each item with the bounds a section page culls by
    items: list[tuple[object, tuple]] = []
    if deco.background:
        colour = f.colour(deco.background, "decorations.background")
        items.append((svg.rect(0, 0, width, height, fill=colour, stroke="none"), (0, 0, width, height)))
    for i, (area, shape) in enumerate(zip(deco.areas, area_shapes)):
        items.append((area_art(f, i, area, shift(shape)), shift(shape).bounds))
    outlines = {h.coord: f.placed(c) for h, c in zip(hexes, corners)}  # on the page, now that the origin is known
    hex_bounds = {coord: outline.bounds for coord, outline in outlines.items()}
    items += [(art, hex_bounds[h.coord]) for h, art in zip(hexes, hex_arts(f, hexes, placements))]
    items += [(marks, hex_bounds[h.coord]) for h in hexes if (marks := hex_costs(f, h)) is not None]
    items += [(g, hex_bounds[coord]) for coord, g in stations(f, hexes, companies, placements)]
    ring = outline_path(style)  # one path for every hex's outline
    items += [(hex_outline(f, h, ring), hex_bounds[h.coord]) for h in hexes]
    items += borders(f, hexes)
    items += [map_line(f, line) for line in deco.lines]
    if frame:
        items += coordinates(f, hexes, width, height)
    items += [(label_art(f, i, lab), shift(shape).bounds) for i, (shape, lab) in enumerate(labels)]
    for shape, block in blocks:
        minx, miny, _, _ = shift(shape).bounds
        items.append((block.draw(f, minx, miny), shift(shape).bounds))

    content = svg.group()
    for element, _ in items:
        content.add(element)
    pieces = tuple(outlines[h.coord] for h in hexes) + tuple(shift(s) for s, _ in blocks + labels)
    footprint = union(*pieces, *(shift(s) for s in area_shapes))
    drawing = Drawing(content, width, height, pieces, footprint, tuple(items), tiles=len(hexes))  # hexes first
    doc = svg.document(width, height, title=title_lines[0][0] if title_lines else "Map")
    doc.add(content)
    return MapArt(drawing, doc, len(hexes))


def _bounds(ring) -> tuple[float, float, float, float]:
    """A ring's bounds, as its `polygon` has them."""
    xs, ys = zip(*ring)
    return (min(xs), min(ys), max(xs), max(ys))


def _extent(boxes: list) -> tuple[float, float, float, float]:
    """The bounds of all `boxes` (of shapes), as their `union` has them."""
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


__all__ = ["LegendWords", "MapArt", "MapSpec", "draw_map", "map_spec", "city_slots", "home_slots", "token",
           "reservation", "terrain_name"]
