"""Sheets of cut pieces: cards, certificates, charters and tokens, each a rectangle or
a disc with its own bleed and cut outline, crop marks around every block of cards,
and, for double-sided printing, a back page after each front page with every back
placed behind its own front.

Components hand over `Piece`s (artwork in millimetres, centred on the origin) and get
node pages back; the packing is `pack.blocks`, the drawing `page.draw_pages`."""

from __future__ import annotations

from functools import lru_cache

from msgspec import Struct
from msgspec.structs import replace

from pnp.errors import PnpError
from pnp.i18n import Messages, messages
from pnp.render import svg
from pnp.render.style import Style
from pnp.sheets import pack
from pnp.sheets.duplex import draw_duplex_pages
from pnp.sheets.formats import SheetSpec, sheet_spec
from pnp.sheets.printable import print_area
from pnp.sheets.page import CUT_WIDTH, PieceArt, draw_pages, outlines_path
from pnp.templates import Paper

DUPLEX_MODES = ("none", "long", "short")


class Piece(Struct, frozen=True):
    """One physical piece. Pieces with one `key` share their artwork (it is drawn once
    per page and repeated); so do backs with one `back_key`."""

    key: str
    width: float  # mm; a disc's width and height are its diameter
    height: float
    front: object  # SVG element in mm, centred on the origin
    front_bleed: object | None = None  # drawn beneath all fronts, reaching past the cut
    back: object | None = None
    back_key: str | None = None
    back_bleed: object | None = None
    round: bool = False


class SheetSettings(Struct, frozen=True):
    spec: SheetSpec
    bleed: float
    crop_marks: bool
    duplex: str
    area: tuple[float, float, float, float] | None = None  # x0, y0, x1, y1 mm: pieces must lie inside
    cut_lines: bool = True  # draw each piece's cut outline (off when a CutContour layer carries it)


def sheet_settings(bleed: float | None, crop_marks: bool, duplex: str, *, area=None,
                   cut_lines: bool = True) -> SheetSettings:
    """Print options over the template's defaults; bad values are the user's to fix."""
    spec = sheet_spec()
    if duplex not in DUPLEX_MODES:
        raise PnpError(f"unknown duplex mode '{duplex}' (known: {', '.join(DUPLEX_MODES)})")
    bleed = spec.bleed if bleed is None else bleed
    if bleed < 0 or bleed > 5:
        raise PnpError(f"bleed {bleed:g} mm: must be between 0 and 5 mm")
    return SheetSettings(spec, bleed, crop_marks, duplex, area, cut_lines)


def frame(paper: Paper, settings: SheetSettings) -> pack.Frame:
    """The printable area: the template's margins, and at least enough that every
    piece's bleed stays clear of the band printers cannot print and of the footer.
    Printed short-edge duplex, the backs mirror top to bottom, so the area keeps the
    footer's room at the top as well."""
    spec = settings.spec
    area = print_area()
    side = max(spec.margin, area.safe_margin + settings.bleed)
    foot = max(spec.margin + spec.footer, area.footer_top + 0.5 + settings.bleed)
    top = foot if settings.duplex == "short" else side
    f = pack.Frame(paper.width, paper.height, side, top, paper.width - 2 * side, paper.height - top - foot)
    if settings.area is None:
        return f
    x0, y0, x1, y1 = settings.area  # bleed stays inside the area too
    b = settings.bleed
    left, top = max(f.left, x0 + b), max(f.top, y0 + b)
    right, bottom = min(f.left + f.width, x1 - b), min(f.top + f.height, y1 - b)
    return pack.Frame(paper.width, paper.height, left, top, right - left, bottom - top)


def spacing(settings: SheetSettings) -> dict[bool, pack.Spacing]:
    spec = settings.spec
    gap = 2 * settings.bleed
    cards = pack.Spacing(gap, spec.crop_marks if settings.crop_marks else 0.0, settings.bleed + spec.crop_offset)
    return {False: cards, True: pack.Spacing(gap + spec.token_gap)}


def layouts(pieces: list[Piece], paper: Paper, settings: SheetSettings) -> list[pack.PageLayout]:
    sizes = [pack.PieceSize(p.width, p.height, p.round) for p in pieces]
    try:
        pages = pack.blocks(sizes, frame(paper, settings), spacing(settings))
    except ValueError as exc:
        raise PnpError(f"paper {paper.name}: {exc}") from None
    room = print_area().ink_box(paper.width, paper.height)
    if settings.area is not None:  # nor do they reach a print-and-cut machine's marks
        a = settings.area
        room = (max(room[0], a[0]), max(room[1], a[1]), min(room[2], a[2]), min(room[3], a[3]))
    corner = settings.spec.corner
    for page in pages:  # crop marks end where the printer's blank band or the footer begins
        page.marks = pack.clip_marks(page.marks, room)
        if corner:
            page.outlines = [o if o.round else replace(o, radius=corner) for o in page.outlines]
    return pages


def has_backs(pieces: list[Piece], settings: SheetSettings) -> bool:
    """Whether the pages come as fronts each followed by its backs page."""
    return settings.duplex != "none" and any(p.back is not None for p in pieces)


def piece_pages(pieces: list[Piece], paper: Paper, style: Style, settings: SheetSettings, *,
                footer: str, t: Messages | None = None, pages: list[pack.PageLayout] | None = None) -> list[str]:
    """Page SVGs: fronts, each followed by its backs page when printing duplex; footers
    in `t`'s language. `pages`: the pieces' `layouts` when the caller has them already."""
    t = t or messages()
    fronts = [PieceArt(p.key, p.front, 1.0, p.front_bleed) for p in pieces]
    pages = layouts(pieces, paper, settings) if pages is None else pages
    if not has_backs(pieces, settings):
        return draw_pages(fronts, pages, paper, style, footer=footer, t=t, cut_lines=settings.cut_lines)
    backs = [PieceArt(p.back_key or f"{p.key}-back", p.back, 1.0, p.back_bleed) if p.back is not None else None
             for p in pieces]
    return draw_duplex_pages(fronts, backs, pages, paper, style, duplex=settings.duplex, footer=footer,
                             back_footer=f"{footer} ({t('page.backs')})", t=t, cut_lines=settings.cut_lines)


def piece_svg(piece: Piece, title: str, style: Style, *, back: bool = False, margin: float = 2.0) -> str:
    """One piece as a standalone SVG at real size, with its bleed and cut line."""
    art, bleed = (piece.back, piece.back_bleed) if back else (piece.front, piece.front_bleed)
    w, h = piece.width + 2 * margin, piece.height + 2 * margin
    dwg = svg.document(w, h, view_box=(-w / 2, -h / 2, w, h), title=title)
    if bleed is not None:
        dwg.add(bleed)
    dwg.add(art)
    dwg.add(_cut_line(piece.width, piece.height, piece.round, style.color("cut")))
    return svg.to_string(dwg)


@lru_cache(maxsize=256)
def _cut_line(width: float, height: float, round_: bool, colour: str):
    """A piece file's cut line: one path for every piece of its size and shape."""
    outline = pack.Outline(0.0, 0.0, width, height, round_, 0.0 if round_ else sheet_spec().corner)
    return outlines_path([outline], colour, CUT_WIDTH)

