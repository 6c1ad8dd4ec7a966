"""Composing packed pieces into pages: each distinct piece is built once and placed
for every copy (the same node under several transforms), bleed is drawn beneath all
art, cut lines and marks on top, and a footer names the game, the component and the
page."""

from __future__ import annotations

from functools import lru_cache

from msgspec import Struct

from pnp.draw import shapes
from pnp.draw.nodes import Group, Node, Page
from pnp.i18n import Messages, messages
from pnp.render import svg
from pnp.render.style import Style
from pnp.sheets.pack import PageLayout
from pnp.sheets.printable import print_area
from pnp.templates import Paper

CUT_WIDTH = 0.25  # mm
MARK_WIDTH = 0.25


class PieceArt(Struct, frozen=True):
    """A piece as a sheet page sees it: artwork centred on the origin in its own units,
    how many millimetres one unit is, and optional bleed drawn beneath it."""

    key: str
    art: object
    mm_per_unit: float
    bleed: object | None = None
    turn: float = 0.0  # degrees, e.g. a back page that prints turned


def draw_pages(pieces: list[PieceArt], layouts: list[PageLayout], paper: Paper, style: Style, *,
               footer: str, first_page: int = 1, total_pages: int | None = None,
               t: Messages | None = None, cut_lines: bool = True) -> list[Page]:
    """One page per layout. `pieces[slot.index]` is drawn at each slot; the footer
    names the page in `t`'s language. Without `cut_lines`, the shared cuts and piece
    outlines are left out (a CutContour layer carries them, pnp.cut)."""
    total = total_pages or len(layouts)
    t = t or messages()
    out = []
    for n, layout in enumerate(layouts):
        number = t("page.number", page=first_page + n, total=total)
        title = f"{footer}, {number}"
        body: list[Node] = []
        placed = [(pieces[slot.index], slot) for slot in layout.slots]
        moves = [_placement(slot, piece) for piece, slot in placed]  # one for a piece's bleed and art
        for layer in ("bleed", "art"):
            for (piece, _), move in zip(placed, moves):
                art = piece.bleed if layer == "bleed" else piece.art
                if art is not None:
                    body.append(Group([art], transform=move))
        if layout.cuts and cut_lines:
            body.append(_same_lines(tuple(layout.cuts), style.color("cut"), CUT_WIDTH))
        if layout.marks:
            body.append(_same_lines(tuple(layout.marks), style.color("crop"), MARK_WIDTH))
        if layout.outlines and cut_lines:
            body.append(outlines_path(layout.outlines, style.color("cut"), CUT_WIDTH))
        body.append(footer_text(f"{footer} · {number}", paper, style))
        out.append(page_svg(paper.width, paper.height, title, body))
    return out


@lru_cache(maxsize=256)
def _same_lines(segments: tuple, colour: str, width: float):
    """Cut lines or crop marks as a path: one node for every page that has the same
    lines (each full page of a long tile sheet, each front of a double-sided one)."""
    return segments_path(segments, colour, width)


def _placement(slot, piece: PieceArt) -> tuple:
    steps = [shapes.translate(slot.x, slot.y)]
    if piece.turn:
        steps.append(shapes.rotate(piece.turn))
    return (*steps, _scale(piece.mm_per_unit))


@lru_cache(maxsize=64)
def _scale(mm_per_unit: float) -> tuple:
    """A piece's scale step: the same few for every slot of a sheet."""
    return shapes.scale(mm_per_unit)


def page_svg(width_mm: float, height_mm: float, title: str, body: list[Node]) -> Page:
    """A page of the given size in mm whose user units are millimetres."""
    page = svg.document(width_mm, height_mm, title=title)
    for node in body:
        page.add(node)
    return page


def segments_path(segments, colour: str, width: float):
    return svg.path(shapes.segments(segments), fill="none", stroke=colour, stroke_width=width,
                    stroke_linecap="butt")


def outlines_path(outlines, colour: str, width: float):
    """Every piece's own closed cut line, as one path: rectangles as four straight
    sides (joined by quarter arcs where they have a corner radius), discs as two arcs."""
    commands: list = []
    for o in outlines:
        if o.round:
            commands += shapes.circle(o.x, o.y, o.width / 2)
        elif o.radius:
            commands += shapes.rounded_box(o.x - o.width / 2, o.y - o.height / 2, o.width, o.height, o.radius)
        else:
            commands += shapes.box(o.x - o.width / 2, o.y - o.height / 2, o.width, o.height)
    return svg.path(commands, fill="none", stroke=colour, stroke_width=width)


def footer_text(text: str, paper: Paper, style: Style):
    """The line at the foot of a page, just inside the band printers cannot print."""
    area = print_area()
    return svg.text(text, (paper.width / 2, area.footer_centre(paper.height)), area.footer_text, style,
                    color=style.color("footer"))
