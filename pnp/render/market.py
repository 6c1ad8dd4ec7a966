"""The stock market as one drawing at real size: a title, every space in its zone's
colour and greyscale mark with its price above room for a stack of markers, a thick
outer edge that shows ragged edges and ledges, and a legend in the game's own words
(in the empty corner of a staircase market when it fits there, else below)."""

from __future__ import annotations


from pnp.draw import shapes
from pnp.geometry.market import PlacedCell, extent, outline, place_cells
from pnp.geometry.outlines import box
from pnp.geometry.plane import moved
from pnp.geometry.plane_area import overlap_area
from pnp.i18n import Messages, messages
from pnp.model.rules import Market
from pnp.render import svg
from pnp.render.spaces import (Artwork, LegendEntry, Rect, legend, legend_height, space, title_text)
from pnp.render.style import Style
from pnp.templates import MarketSizes

MIN_CORNER_WIDTH = 60.0  # mm: narrower free corners do not take the legend


def zone_entries(market: Market) -> list[LegendEntry]:
    """One legend entry per zone that some space uses, in the order the data lists zones."""
    used = {z for c in market.cells() for z in c.zones}
    return [LegendEntry(zone.legend, (zone.color,), (zone.mark,)) for key, zone in market.zones.items() if key in used]


def movement_entries(market: Market) -> list[LegendEntry]:
    if market.movement is None:
        return []
    moves = market.movement
    return [LegendEntry(text, arrow=direction) for direction, text in
            (("right", moves.right), ("left", moves.left), ("up", moves.up), ("down", moves.down)) if text]


def market_space(placed: PlacedCell, market: Market, x0: float, y0: float, style: Style, sizes: MarketSizes):
    zones = [market.zones[z] for z in placed.cell.zones]
    area = Rect(x0 + placed.x, y0 + placed.y, placed.width, placed.height)
    return space(area, str(placed.cell.value), [z.color for z in zones], [z.mark for z in zones], style, sizes)


def free_corners(cells: list[PlacedCell], gap: float, shapes: list | None = None) -> list[Rect]:
    """Empty rectangles in the lower right of the market's bounding box (a staircase's
    missing spaces), largest first. `shapes`: the cells' shapes, when the caller has them."""
    width, height = extent(cells)
    shapes = [c.shape() for c in cells] if shapes is None else shapes
    rightmost = sorted(shapes, key=lambda s: -s.bounds[2])
    found = []
    for top in sorted({round(c.y, 6) for c in cells}):
        right = _right_below(rightmost, top, box(0, top, width, height))
        x = right + gap
        y = top + (gap if top > 0 else 0.0)
        if width - x >= MIN_CORNER_WIDTH and height - y > gap:
            found.append(Rect(x, y, width - x, height - y))
    return sorted(found, key=lambda r: -r.w * r.h)


def _right_below(rightmost: list, top: float, band) -> float:
    """The right edge of the spaces reaching into `band` (all below `top`): the first
    that does in `rightmost` (shapes by right edge, furthest first) has the largest; a
    space that ends at or above `top` cannot (its overlap is a line at most)."""
    for s in rightmost:
        if s.bounds[3] > top and overlap_area(s, band) > 1e-6:
            return s.bounds[2]
    return 0.0


def market_title(market: Market, game_title: str, t: Messages | None = None) -> str:
    return f"{game_title}: {market.title or (t or messages())('market.title')}"


def market_drawing(market: Market, game_title: str, style: Style, sizes: MarketSizes,
                   t: Messages | None = None) -> Artwork:
    cells = place_cells(market, sizes.cell_width, sizes.cell_height)
    market_w, market_h = extent(cells)
    entries = zone_entries(market) + movement_entries(market)
    pad = sizes.padding
    title = market_title(market, game_title, t)
    title_el, title_shape = title_text(title, pad, pad, sizes, style)
    top = pad + sizes.title_size + sizes.gap
    art = svg.group()
    art.add(title_el)
    for placed in cells:
        art.add(market_space(placed, market, pad, top, style, sizes))
    art.add(outline_path(outline(cells), pad, top, style, sizes.outline))
    shapes = [c.shape() for c in cells]
    pieces = [title_shape, *(moved(s, pad, top) for s in shapes)]

    corner = next((r for r in free_corners(cells, sizes.gap, shapes) if legend_height(entries, r.w, sizes) <= r.h),
                  None)
    if corner is not None:
        lh = legend_height(entries, corner.w, sizes)
        group, _, boxes = legend(entries, pad + corner.x, top + corner.y + corner.h - lh, corner.w, style, sizes)
        bottom = top + market_h
    else:
        legend_w = max(market_w, min(sizes.legend_column, 2 * market_w))
        group, lh, boxes = legend(entries, pad, top + market_h + sizes.gap, legend_w, style, sizes)
        bottom = top + market_h + (sizes.gap + lh if entries else 0.0)
    art.add(group)

    width = max(market_w, title_shape.bounds[2] - pad) + 2 * pad
    if corner is None and entries:
        width = max(width, legend_w + 2 * pad)
    height = bottom + pad
    return Artwork("market", title, width, height, art, tuple(pieces), pad, tuple(boxes))


def outline_path(polygons, dx: float, dy: float, style: Style, width: float):
    """The edges of polygons (outer ring, holes), moved by (dx, dy), as one stroked path."""
    rings = [ring for outer, holes in polygons for ring in (outer, *holes)]
    commands = [c for ring in rings for c in shapes.polygon((x + dx, y + dy) for x, y in ring)]
    return svg.path(tuple(commands), fill="none", stroke=style.color("outline"), stroke_width=width,
                        stroke_linejoin="miter")
