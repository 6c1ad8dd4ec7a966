"""The tile sheets as a plan (`pnp.sheets.lazy`): which tile goes where on which page is
decided at once, in the main process; the pages, and the artwork of the tiles they
show, are built where they are drawn. A 10,000-tile game's 773 distinct faces are then
laid out on the drawing workers, in parallel, each worker building only the tiles of
its own pages, and each tile's SVG is written by the worker that built its artwork."""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from pnp.components.tile_backs import tile_back
from pnp.draw.nodes import Page
from pnp.geometry.hexagon import FLAT_TO_FLAT, POINTY_TURN, corners
from pnp.i18n import Messages
from pnp.model.tile import Tile
from pnp.render import svg
from pnp.render.style import Style
from pnp.render.tile import tile_group, tile_svg
from pnp.sheets.duplex import draw_duplex_pages
from pnp.sheets.pack import PageLayout, flip_mirror
from pnp.sheets.page import PieceArt, draw_pages
from pnp.templates import Paper


class TileArt(Struct, frozen=True):
    """How every tile of a sheet is drawn."""

    style: Style
    orientation: str
    tile_mm: float
    bleed_mm: float
    outline: bool = True  # off when a CutContour layer carries the cut line
    turn: float = 0.0  # degrees the piece is turned on the paper (a pointy tile on a die)

    def piece(self, tile: Tile) -> PieceArt:
        art = tile_piece(tile, self.style, self.orientation, self.tile_mm, self.bleed_mm, self.outline)
        return replace(art, turn=self.turn) if self.turn else art

    def svg(self, tile: Tile) -> str:
        """The tile alone at its size, as a file."""
        return tile_svg(tile, self.style, self.tile_mm, self.orientation)


def tile_piece(tile: Tile, style: Style, orientation: str, tile_mm: float, bleed_mm: float,
               outline: bool = True) -> PieceArt:
    mm_per_unit = tile_mm / FLAT_TO_FLAT
    bleed = None
    if bleed_mm > 0:
        turn = POINTY_TURN if orientation == "pointy" else 0.0
        radius = 100.0 + bleed_mm / mm_per_unit * 2 / 3 ** 0.5
        bleed = svg.polygon_path(corners(radius, turn), fill=style.ground(tile.ground or tile.color))
    return PieceArt(f"tile-{tile.id}", tile_group(tile, style, orientation, outline), mm_per_unit, bleed)


class SheetText(Struct, frozen=True):
    """The words on the sheets: footers in the kit's language."""

    footer: str
    t: Messages
    back_footer: str = ""


class TileSheetPlan:
    """Every physical tile's page and spot (`layouts`, `pieces[slot.index]`), and how to
    draw them; with `duplex` (long, short) each page of fronts is followed by the page of
    their backs. Pieces of one tile share one artwork, built once in each process that
    draws them; a plan sent to a worker carries none of it."""

    def __init__(self, pieces: list[Tile], layouts: list[PageLayout], art: TileArt, paper: Paper, text: SheetText, *,
                 files: dict[str, Tile], duplex: str = "none", cut_lines: bool = True):
        self.pieces, self.layouts, self.art, self.paper, self.text = pieces, layouts, art, paper, text
        self.files, self.duplex, self.cut_lines = files, duplex, cut_lines
        self._fronts: dict[str, PieceArt] = {}
        self._backs: dict[str, PieceArt] = {}
        self._first_page = self._first_pages()

    @property
    def backed(self) -> bool:
        return self.duplex != "none"

    @property
    def pages_per_sheet(self) -> int:
        return 2 if self.backed else 1

    def __len__(self) -> int:
        return len(self.layouts) * self.pages_per_sheet

    def pages(self, start: int, stop: int) -> list[Page]:
        fronts = _Arts(self.pieces, self._front)
        style, text = self.art.style, self.text
        if not self.backed:
            return draw_pages(fronts, self.layouts[start:stop], self.paper, style, footer=text.footer,
                              first_page=start + 1, total_pages=len(self), t=text.t, cut_lines=self.cut_lines)
        first, last = start // 2, (stop + 1) // 2  # the sheets (front and back) that hold those pages
        pages = draw_duplex_pages(fronts, _Arts(self.pieces, self._back), self.layouts[first:last], self.paper, style,
                                  duplex=self.duplex, footer=text.footer, back_footer=text.back_footer, t=text.t,
                                  cut_lines=self.cut_lines, first_sheet=first, sheets=len(self.layouts))
        return pages[start - 2 * first:stop - 2 * first]

    def file_names(self, start: int, stop: int) -> list[str]:
        ends = stop >= len(self)  # the files of tiles on no page go with the last range
        names = []
        for name, tile in self.files.items():
            page = self._first_page.get(tile.id)
            if (start <= page < stop) if page is not None else ends:
                names.append(name)
        return names

    def file(self, name: str) -> str:
        return self.art.svg(self.files[name])

    def _first_pages(self) -> dict[str, int]:
        """Tile id -> the page that shows it first."""
        first: dict[str, int] = {}
        step = self.pages_per_sheet
        for n, layout in enumerate(self.layouts):
            for slot in layout.slots:
                first.setdefault(self.pieces[slot.index].id, n * step)
        return first

    def _front(self, tile: Tile) -> PieceArt:
        if tile.id not in self._fronts:
            self._fronts[tile.id] = self.art.piece(tile)
        return self._fronts[tile.id]

    def _back(self, tile: Tile) -> PieceArt:
        if tile.id not in self._backs:
            mirror = flip_mirror(self.paper.width, self.paper.height, self.duplex)
            self._backs[tile.id] = tile_back(self._front(tile), tile, self.art.style, self.art.orientation, mirror)
        return self._backs[tile.id]

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_fronts": {}, "_backs": {}}


class _Arts:
    """`pieces[i]`'s artwork, built when a page places it."""

    def __init__(self, pieces: list[Tile], art):
        self.pieces, self.art = pieces, art

    def __getitem__(self, index: int) -> PieceArt:
        return self.art(self.pieces[index])
