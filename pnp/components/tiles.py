"""The tile component: every physical tile of a game on sheets, and one SVG per
distinct tile."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pnp.errors import PnpError
from pnp.i18n import Messages, messages
from pnp.geometry.hexagon import FLAT_TO_FLAT, POINTY_TURN, corners
from pnp.model.game import Game
from pnp.model.tile import Tile
from pnp.render import svg
from pnp.render.style import Style
from pnp.render.tile import tile_group, tile_svg
from pnp.sheets import pack
from pnp.sheets.duplex import draw_duplex_pages
from pnp.sheets.page import PieceArt, draw_pages
from pnp.components import Component, Document, PrintOptions
from pnp.components.tile_backs import tile_back
from pnp.cut.options import CutOptions
from pnp.cut.paths import CutPages, HexPieces, layout_cuts
from pnp.cut.registration import registration, within
from pnp.templates import Paper, SheetLayout, tile_layout


@dataclass(frozen=True)
class TileSheets:
    pages: list[str]
    pieces: int
    layout: SheetLayout
    backed: bool = False  # each front page followed by the page of its backs
    cuts: CutPages | None = None  # each page's cut paths


def tile_piece(tile: Tile, style: Style, orientation: str, tile_mm: float, bleed_mm: float,
               outline: bool = True) -> PieceArt:
    mm_per_unit = tile_mm / FLAT_TO_FLAT
    bleed = None
    if bleed_mm > 0:
        turn = POINTY_TURN if orientation == "pointy" else 0.0
        radius = 100.0 + bleed_mm / mm_per_unit * 2 / 3 ** 0.5
        bleed = svg.polygon_path(corners(radius, turn), fill=style.ground(tile.ground or tile.color))
    return PieceArt(f"tile-{tile.id}", tile_group(tile, style, orientation, outline), mm_per_unit, bleed)


def pack_tiles(count: int, layout: SheetLayout, paper: Paper, pointy: bool, area=None) -> list[pack.PageLayout]:
    """Pages of tile slots, inside `area` (x0, y0, x1, y1 mm) when given. A die cuts
    flat-topped hexes only, so on a die a pointy tile is printed turned by 30 degrees
    to fit it."""
    if layout.kind == "die":
        pointy = False
    f = within(pack.frame(paper.width, paper.height, layout.margin, layout.footer), area)
    if layout.kind == "individual":
        return pack.honeycomb(count, f, layout.tile, layout.gap, mark=min(2.0, layout.gap), pointy=pointy)
    if layout.kind == "tessellated":
        return pack.columns(count, f, layout.tile, layout.gap, pointy=pointy)
    pages = pack.columns(count, f, layout.tile, layout.column_gap, rows=layout.rows, cols=layout.columns, pointy=pointy)
    per_page = len(pages[0].slots) if pages else 0
    if count > per_page and per_page < layout.rows * layout.columns:
        raise PnpError(f"the {layout.name} layout needs {layout.columns} x {layout.rows} tiles of {layout.tile:.1f} mm "
                       f"per page, which does not fit {paper.name} ({paper.width:.0f} x {paper.height:.0f} mm)"
                       + (" inside the print-and-cut registration area" if area else ""))
    return pages


def build_tile_sheets(game: Game, paper: Paper, layout: SheetLayout, style: Style, tile_mm: float | None = None,
                      t: Messages | None = None, duplex: str = "none", cut: CutOptions = CutOptions()) -> TileSheets:
    """Every tile on sheets. A game with flippable tiles printed `duplex` gets a backs
    page after each page (`tile_backs`); printed one-sided, its footers say so. `cut`
    may ask for a registration machine's area and for no printed cut lines."""
    tiles = game.tile_pieces()
    orientation = game.info.orientation
    size = tile_mm or layout.tile
    if layout.kind == "die" and tile_mm and abs(tile_mm - layout.tile) > 0.01:
        size = layout.tile  # a die cuts one size
    pieces = [tile_piece(t, style, orientation, size, layout.bleed, not cut.contour) for t in tiles]
    if layout.kind == "die" and orientation == "pointy":
        pieces = [replace(p, turn=-POINTY_TURN) for p in pieces]
    sized = SheetLayout(**{**layout.__dict__, "tile": size})
    machine = registration(cut.registration)
    area = machine.area(paper.width, paper.height) if machine else None
    if area is not None:  # the bleed stays inside too
        b = layout.bleed
        area = (area[0] + b, area[1] + b, area[2] - b, area[3] - b)
    layouts = pack_tiles(len(pieces), sized, paper, orientation == "pointy", area)
    if machine is not None:  # the corner ticks stop short of the machine's marks
        for page in layouts:
            page.marks = pack.clip_marks(page.marks, machine.area(paper.width, paper.height))
    turn = POINTY_TURN if orientation == "pointy" and layout.kind != "die" else 0.0
    cuts = CutPages(paper.width, paper.height, [layout_cuts(p, HexPieces(size, turn)) for p in layouts])
    t = t or messages()
    footer = f"{game.title} · {t('title.tiles')}"
    if any(tile.flippable for tile in tiles):
        if duplex != "none":
            mirror = pack.flip_mirror(paper.width, paper.height, duplex)
            backs = [tile_back(p, tile, style, orientation, mirror) for p, tile in zip(pieces, tiles)]
            pages = draw_duplex_pages(pieces, backs, layouts, paper, style, duplex=duplex, footer=footer,
                                      back_footer=f"{footer} ({t('page.backs')})", t=t, cut_lines=not cut.contour)
            return TileSheets(pages, len(pieces), sized, backed=True, cuts=cuts.with_backs())
        footer += f" · {t('page.flip_needs_duplex')}"
    pages = draw_pages(pieces, layouts, paper, style, footer=footer, t=t, cut_lines=not cut.contour)
    return TileSheets(pages, len(pieces), sized, cuts=cuts)


def distinct_tile_svgs(game: Game, style: Style, tile_mm: float) -> dict[str, str]:
    """File name -> SVG for each distinct tile."""
    return {f"tiles/{safe_name(e.tile.id)}.svg": tile_svg(e.tile, style, tile_mm, game.info.orientation)
            for e in game.manifest}


def safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", text)


def build(game: Game, options: PrintOptions) -> Component:
    layout = tile_layout(options.layout)
    if options.bleed is not None:
        layout = replace(layout, bleed=options.bleed)
    t = messages(options.lang)
    sheets = build_tile_sheets(game, options.paper, layout, options.style, options.tile_mm, t, options.duplex,
                               options.cut)
    return Component(
        key="tiles",
        title=t("title.tiles"),
        documents=[Document("tiles.pdf", sheets.pages, t("title.tiles"), backed=sheets.backed, cuts=sheets.cuts)],
        pieces=sheets.pieces,
        expected=game.total_tiles(),
        svgs=distinct_tile_svgs(game, options.style, sheets.layout.tile),
    )
