"""The tile component: every physical tile of a game on sheets, and one SVG per
distinct tile."""

from __future__ import annotations

import re

from msgspec import Struct

from pnp.errors import PnpError
from pnp.i18n import Messages, messages
from pnp.geometry.hexagon import POINTY_TURN
from pnp.model.game import Game
from pnp.render.style import Style
from pnp.sheets import pack
from pnp.sheets.lazy import LazyFiles, LazyPages
from pnp.components import Component, Document, PrintOptions
from pnp.components.tile_sheets import SheetText, TileArt, TileSheetPlan
from pnp.cut.options import CutOptions
from pnp.cut.paths import CutPages, HexPieces, PageCuts, layout_cuts
from pnp.cut.registration import registration, within
from pnp.templates import Paper, SheetLayout, tile_layout


class TileSheets(Struct, frozen=True):
    pages: LazyPages  # built where they are drawn (`tile_sheets.TileSheetPlan`)
    pieces: int
    layout: SheetLayout
    backed: bool = False  # each front page followed by the page of its backs
    cuts: CutPages | None = None  # each page's cut paths

    @property
    def files(self) -> LazyFiles:
        """One SVG per distinct tile, written by whoever builds the pages it is on."""
        return LazyFiles(self.pages.plan)


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
    """Every tile on sheets: where each goes, decided now; the pages and their artwork
    built where they are drawn. A game with flippable tiles printed `duplex` gets a
    backs page after each page (`tile_backs`); printed one-sided, its footers say so.
    `cut` may ask for a registration machine's area and for no printed cut lines."""
    tiles = game.tile_pieces()
    orientation = game.info.orientation
    size = tile_mm or layout.tile
    if layout.kind == "die" and tile_mm and abs(tile_mm - layout.tile) > 0.01:
        size = layout.tile  # a die cuts one size
    piece_turn = -POINTY_TURN if layout.kind == "die" and orientation == "pointy" else 0.0
    art = TileArt(style, orientation, size, layout.bleed, not cut.contour, piece_turn)
    sized = layout._replace(tile=size)
    machine = registration(cut.registration)
    area = machine.area(paper.width, paper.height) if machine else None
    if area is not None:  # the bleed stays inside too
        b = layout.bleed
        area = (area[0] + b, area[1] + b, area[2] - b, area[3] - b)
    layouts = pack_tiles(len(tiles), sized, paper, orientation == "pointy", area)
    if machine is not None:  # the corner ticks stop short of the machine's marks
        for page in layouts:
            page.marks = pack.clip_marks(page.marks, machine.area(paper.width, paper.height))
    turn = POINTY_TURN if orientation == "pointy" and layout.kind != "die" else 0.0
    cuts = CutPages(paper.width, paper.height, page_cuts(layouts, HexPieces(size, turn)))
    t = t or messages()
    footer = f"{game.title} · {t('title.tiles')}"
    files = {f"tiles/{safe_name(e.tile.id)}.svg": e.tile for e in game.manifest}
    backed = duplex != "none" and any(tile.flippable for tile in tiles)
    if any(tile.flippable for tile in tiles) and not backed:
        footer += f" · {t('page.flip_needs_duplex')}"
    text = SheetText(footer, t, back_footer=f"{footer} ({t('page.backs')})")
    plan = TileSheetPlan(tiles, layouts, art, paper, text, files=files, duplex=duplex if backed else "none",
                         cut_lines=not cut.contour)
    return TileSheets(LazyPages(plan), len(tiles), sized, backed=backed, cuts=cuts.with_backs() if backed else cuts)


def page_cuts(layouts: list[pack.PageLayout], hexes: HexPieces) -> list[PageCuts]:
    """Each page's cut paths (`layout_cuts`), worked out once for the pages whose pieces
    sit at the same spots (every full page of a sheet: 333 of a 10,000-tile game's 334);
    each page gets its own list of the same (immutable) paths."""
    known: dict[tuple, PageCuts] = {}
    out = []
    for layout in layouts:
        key = (tuple((s.x, s.y) for s in layout.slots), tuple(layout.cuts), tuple(layout.outlines))
        if key not in known:
            known[key] = layout_cuts(layout, hexes)
        out.append(list(known[key]))
    return out


def safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", text)


def build(game: Game, options: PrintOptions) -> Component:
    layout = tile_layout(options.layout)
    if options.bleed is not None:
        layout = layout._replace(bleed=options.bleed)
    t = messages(options.lang)
    sheets = build_tile_sheets(game, options.paper, layout, options.style, options.tile_mm, t, options.duplex,
                               options.cut)
    return Component(
        key="tiles",
        title=t("title.tiles"),
        documents=[Document("tiles.pdf", sheets.pages, t("title.tiles"), backed=sheets.backed, cuts=sheets.cuts)],
        pieces=sheets.pieces,
        expected=game.total_tiles(),
        svgs=sheets.files,
    )
