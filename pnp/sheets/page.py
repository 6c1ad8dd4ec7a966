"""Composing packed pieces into page SVGs: each distinct piece is defined once and
used for every copy, bleed is drawn beneath all art, cut lines and marks on top, and
a footer names the game, the component and the page."""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from pnp.geometry.track import fmt
from pnp.i18n import Messages, messages
from pnp.render import svg
from pnp.render.style import Style
from pnp.sheets.pack import PageLayout
from pnp.sheets.printable import print_area
from pnp.templates import Paper

CUT_WIDTH = 0.25  # mm
MARK_WIDTH = 0.25


@dataclass(frozen=True)
class PieceArt:
    """A piece as a sheet page sees it: artwork centred on the origin in its own units,
    how many millimetres one unit is, and optional bleed drawn beneath it."""

    key: str
    art: object
    mm_per_unit: float
    bleed: object | None = None
    turn: float = 0.0  # degrees, e.g. a back page that prints turned


def draw_pages(pieces: list[PieceArt], layouts: list[PageLayout], paper: Paper, style: Style, *,
               footer: str, first_page: int = 1, total_pages: int | None = None,
               t: Messages | None = None, cut_lines: bool = True) -> list[str]:
    """One SVG string per page. `pieces[slot.index]` is drawn at each slot; the footer
    names the page in `t`'s language. Without `cut_lines`, the shared cuts and piece
    outlines are left out (a CutContour layer carries them, pnp.cut).

    Each distinct piece's SVG is serialised once and repeated inline for its copies:
    cairosvg renders inline groups faster than <use> references."""
    total = total_pages or len(layouts)
    t = t or messages()
    art_text: dict[str, str] = {}
    bleed_text: dict[str, str] = {}
    for piece in pieces:
        if piece.key not in art_text:
            art_text[piece.key] = piece.art.tostring()
            if piece.bleed is not None:
                bleed_text[piece.key] = piece.bleed.tostring()
    out = []
    for n, layout in enumerate(layouts):
        number = t("page.number", page=first_page + n, total=total)
        title = f"{footer}, {number}"
        body: list[str] = []
        for layer, texts in (("bleed", bleed_text), ("art", art_text)):
            for slot in layout.slots:
                piece = pieces[slot.index]
                if piece.key not in texts:
                    continue
                body.append(f'<g transform="{_placement(slot, piece)}">{texts[piece.key]}</g>')
        if layout.cuts and cut_lines:
            body.append(segments_path(layout.cuts, style.color("cut"), CUT_WIDTH).tostring())
        if layout.marks:
            body.append(segments_path(layout.marks, style.color("crop"), MARK_WIDTH).tostring())
        if layout.outlines and cut_lines:
            body.append(outlines_path(layout.outlines, style.color("cut"), CUT_WIDTH).tostring())
        body.append(footer_text(f"{footer} · {number}", paper, style).tostring())
        out.append(page_svg(paper.width, paper.height, title, "".join(body)))
    return out


def _placement(slot, piece: PieceArt) -> str:
    transform = f"translate({fmt(slot.x)} {fmt(slot.y)})"
    if piece.turn:
        transform += f" rotate({fmt(piece.turn)})"
    return transform + f" scale({fmt_scale(piece.mm_per_unit)})"


def page_svg(width_mm: float, height_mm: float, title: str, body: str) -> str:
    """A page of the given size in mm whose user units are millimetres."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" '
            f'width="{fmt(width_mm)}mm" height="{fmt(height_mm)}mm" viewBox="0 0 {fmt(width_mm)} {fmt(height_mm)}">'
            f"<title>{escape(title)}</title>{body}</svg>")


def fmt_scale(k: float) -> str:
    return f"{k:.6f}".rstrip("0").rstrip(".")


def segments_path(segments, colour: str, width: float):
    d = "".join(f"M{fmt(a[0])},{fmt(a[1])}L{fmt(b[0])},{fmt(b[1])}" for a, b in segments)
    return svg.SVG.path(d=d, fill="none", stroke=colour, stroke_width=fmt(width), stroke_linecap="butt")


def outlines_path(outlines, colour: str, width: float):
    """Every piece's own closed cut line, as one path: rectangles as four straight
    sides (joined by quarter arcs where they have a corner radius), discs as two arcs."""
    d = ""
    for o in outlines:
        if o.round:
            r = o.width / 2
            d += (f"M{fmt(o.x - r)},{fmt(o.y)}A{fmt(r)},{fmt(r)} 0 1 0 {fmt(o.x + r)},{fmt(o.y)}"
                  f"A{fmt(r)},{fmt(r)} 0 1 0 {fmt(o.x - r)},{fmt(o.y)}Z")
        elif o.radius:
            r, x0, y0, x1, y1 = o.radius, o.x - o.width / 2, o.y - o.height / 2, o.x + o.width / 2, o.y + o.height / 2
            arc = f"A{fmt(r)},{fmt(r)} 0 0 1 "
            d += (f"M{fmt(x0 + r)},{fmt(y0)}H{fmt(x1 - r)}{arc}{fmt(x1)},{fmt(y0 + r)}V{fmt(y1 - r)}"
                  f"{arc}{fmt(x1 - r)},{fmt(y1)}H{fmt(x0 + r)}{arc}{fmt(x0)},{fmt(y1 - r)}V{fmt(y0 + r)}"
                  f"{arc}{fmt(x0 + r)},{fmt(y0)}Z")
        else:
            x0, y0 = o.x - o.width / 2, o.y - o.height / 2
            d += f"M{fmt(x0)},{fmt(y0)}H{fmt(x0 + o.width)}V{fmt(y0 + o.height)}H{fmt(x0)}Z"
    return svg.SVG.path(d=d, fill="none", stroke=colour, stroke_width=fmt(width))


def footer_text(text: str, paper: Paper, style: Style):
    """The line at the foot of a page, just inside the band printers cannot print."""
    area = print_area()
    return svg.text(text, (paper.width / 2, area.footer_centre(paper.height)), area.footer_text, style,
                    color=style.color("footer"))
