"""What the map draws around its hexes: coordinates in the band, free labels, areas,
and blocks (the title, the legend, other artwork) placed on a panel where the data says
or where nothing else is."""

from __future__ import annotations

import math


from msgspec import Struct

from pnp.draw import shapes
from pnp.geometry import grid
from pnp.geometry.outlines import box
from pnp.geometry.plane import grown_shape
from pnp.model.map import MapHex
from pnp.render import svg
from pnp.render.map_frame import MapFrame
from pnp.render.map_room import BlockRoom
from pnp.text import CAP_HEIGHT, text_width

BLOCK_PAD = 3.0  # mm inside the title and legend panels


def coordinates(f: MapFrame, hexes: list[MapHex], width: float, height: float) -> list[tuple[object, tuple]]:
    """Column and row names in the band around the map, on all four sides."""
    band, size = f.spec.band, f.spec.coordinate_text
    cols = [h.pos.col for h in hexes]
    rows = [h.pos.row for h in hexes]
    coords = f.board.coordinates
    places = []
    for col in range(min(cols), max(cols) + 1):
        x = f.centre(grid.GridPos(col, 0))[0]
        places += [(coords.column_label(col), (x, y)) for y in (band / 2, height - band / 2)]
    for row in range(min(rows), max(rows) + 1):
        y = f.centre(grid.GridPos(0, row))[1]
        places += [(coords.row_label(row), (x, y)) for x in (band / 2, width - band / 2)]
    out = []
    for text, (x, y) in places:
        w = text_width(text, size, "bold") / 2
        out.append((svg.text(text, (x, y), size, f.style, weight="bold"), (x - w, y - size / 2, x + w, y + size / 2)))
    return out


def label_box(f: MapFrame, i: int, label):
    size = label.size
    (x, y), w, h = f.at(label.at), text_width(label.text, size), size * CAP_HEIGHT
    if label.shape:
        r = label.shape_size * f.hex_mm / 2
        w, h = max(w, 2 * r), max(h, 2 * r)
    return box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def label_art(f: MapFrame, i: int, label):
    element = svg.text(label.text, f.at(label.at), label.size, f.style,
                       color=f.colour(label.color, f"decorations.labels[{i}].color"))
    element = svg.restyled(element, font_style="italic") if label.italic else element
    if not label.shape:
        return element
    (x, y), r = f.at(label.at), label.shape_size * f.hex_mm / 2
    fill = label.fill if (label.fill or "").startswith("#") else f.colour(label.fill or "white",
                                                                          f"decorations.labels[{i}].fill")
    look = {"fill": fill, "stroke": f.style.color("outline"), "stroke_width": 0.25}
    g = svg.group()
    if label.shape == "circle":
        g.add(svg.circle((x, y), r, **look))
    else:  # a hexagon turned as the map's hexes are
        turn = math.radians(f.turn)
        g.add(svg.polygon_path([(x + r * math.cos(math.radians(60 * k) + turn), y + r * math.sin(math.radians(60 * k)
                                                                                               + turn))
                                for k in range(6)], **look))
    g.add(element)
    return g


def area_art(f: MapFrame, i: int, area, shape):
    """An area of hexes filled (GEOS's union of its hexes, drawn corner for corner:
    shapely loaded for a map with areas)."""
    from pnp.geometry.as_geos import geos

    shape = geos(shape)
    g = svg.group()
    colour = f.colour(area.color, f"decorations.areas[{i}].color")
    for poly in getattr(shape, "geoms", [shape]):
        g.add(svg.polygon_path(list(poly.exterior.coords)[:-1], fill=colour, stroke="none"))
    if area.name:
        p = shape.representative_point()
        g.add(svg.text(area.name, (p.x, p.y), f.spec.legend_text * 1.4, f.style, weight="bold"))
    return g


class BlockArt(Struct, frozen=True):
    width: float
    height: float
    draw: object  # (frame, left, top) -> SVG element


def place_block(f: MapFrame, block: BlockArt, at: str | None, occupied: BlockRoom, bounds) -> tuple[object, BlockArt]:
    """Centre a block on its grid position (moved the least distance off any hex it
    would cover: a block's size depends on its words, and so on the language); else put
    it in the first corner of the map that nothing occupies, else beside or below the
    map where nothing is."""
    w, h = block.width, block.height
    if at is not None:
        cx, cy = _nearest_free(occupied, f.at(at), w, h)
    else:
        minx, miny, maxx, maxy = bounds
        gap = f.spec.padding
        inside = [(minx + w / 2, miny + h / 2), (maxx - w / 2, miny + h / 2), (minx + w / 2, maxy - h / 2),
                  (maxx - w / 2, maxy - h / 2)]
        outside = [(minx + w / 2, maxy + gap + h / 2), (maxx - w / 2, maxy + gap + h / 2),
                   (maxx + gap + w / 2, miny + h / 2), (maxx + gap + w / 2, maxy - h / 2)]
        spots = inside + outside
        shapes = [box(x - w / 2, y - h / 2, x + w / 2, y + h / 2) for x, y in spots]
        k = occupied.first_free(shapes)
        cx, cy = spots[k]
        if occupied.clash(shapes[k]) > 1e-6:  # nothing free: below everything placed so far
            cx, cy = minx + w / 2, occupied.union().bounds[3] + gap + h / 2
    shape = box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    occupied.add(grown_shape(shape, f.spec.padding / 2))
    return shape, block


def _nearest_free(occupied: BlockRoom, centre: tuple[float, float], w: float, h: float,
                  steps: int = 12) -> tuple[float, float]:
    """The centre nearest `centre`, within half the block's size of it, at which a
    w x h block is free; `centre` itself if none is."""
    cx, cy = centre
    offsets = sorted(((i * w / 2 / steps, j * h / 2 / steps) for i in range(-steps, steps + 1)
                      for j in range(-steps, steps + 1)), key=lambda o: (math.hypot(*o), o))
    for dx, dy in offsets:
        x, y = cx + dx, cy + dy
        if occupied.is_free(box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)):
            return x, y
    return centre


def block_panel(f: MapFrame, left: float, top: float, w: float, h: float):
    return svg.rect(left, top, w, h, rx=1.5, fill=f.style.color("map_panel"), fill_opacity=0.9,
                    stroke=f.style.color("map_panel_stroke"), stroke_width=0.3)


def artwork_block(artwork) -> BlockArt:
    """A finished drawing (its art from its own top-left corner) on a panel."""

    def draw(f, left, top):
        g = svg.group()
        g.add(block_panel(f, left, top, artwork.width, artwork.height))
        inner = svg.group(transform=(shapes.translate(left, top),))
        inner.add(artwork.art)
        g.add(inner)
        return g

    return BlockArt(artwork.width, artwork.height, draw)


def title_block(lines: list[tuple[str, float, str]]) -> BlockArt:
    """Lines of text stacked on a panel; each line's capitals are `size` * CAP_HEIGHT
    tall, with 0.8 of the next line's size between lines (room for descenders)."""
    width = max(text_width(t, s, w) for t, s, w in lines) + 2 * BLOCK_PAD
    mids, y = [], BLOCK_PAD
    for n, (_, size, _) in enumerate(lines):
        if n:
            y += size * 0.8
        mids.append(y + size * CAP_HEIGHT / 2)
        y += size * CAP_HEIGHT
    height = y + BLOCK_PAD

    def draw(f, left, top):
        g = svg.group()
        g.add(block_panel(f, left, top, width, height))
        for (text, size, weight), mid in zip(lines, mids):
            g.add(svg.text(text, (left + width / 2, top + mid), size, f.style, weight=weight))
        return g

    return BlockArt(width, height, draw)
