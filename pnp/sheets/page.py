"""Composing packed pieces into page SVGs: each distinct piece is defined once and
used for every copy, bleed is drawn beneath all art, cut lines and marks on top, and
a footer names the game, the component and the page."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.geometry.track import fmt
from pnp.render import svg
from pnp.render.style import Style
from pnp.sheets.pack import PageLayout
from pnp.templates import Paper

CUT_WIDTH = 0.25  # mm
MARK_WIDTH = 0.25
FOOTER_SIZE = 3.0  # mm, about 8.5 pt


@dataclass(frozen=True)
class PieceArt:
    """A piece as the composer sees it: artwork centred on the origin in its own units,
    how many millimetres one unit is, and optional bleed drawn beneath it."""

    key: str
    art: object
    mm_per_unit: float
    bleed: object | None = None
    turn: float = 0.0  # degrees, e.g. a back page that prints turned


def compose(pieces: list[PieceArt], layouts: list[PageLayout], paper: Paper, style: Style, *,
            footer: str, first_page: int = 1, total_pages: int | None = None) -> list[str]:
    """One SVG string per page. `pieces[slot.index]` is drawn at each slot."""
    total = total_pages or len(layouts)
    ids: dict[str, str] = {}
    for piece in pieces:
        ids.setdefault(piece.key, f"p{len(ids)}")
    out = []
    for n, layout in enumerate(layouts):
        dwg = svg.document(paper.width, paper.height, title=f"{footer}, page {first_page + n} of {total}")
        used = []
        for slot in layout.slots:
            piece = pieces[slot.index]
            if piece.key not in used:
                used.append(piece.key)
        by_key = {p.key: p for p in pieces}
        for key in used:
            piece = by_key[key]
            art = svg.group(id=ids[key])
            art.add(piece.art)
            dwg.defs.add(art)
            if piece.bleed is not None:
                bleed = svg.group(id=f"b{ids[key]}")
                bleed.add(piece.bleed)
                dwg.defs.add(bleed)
        for layer in ("bleed", "art"):
            for slot in layout.slots:
                piece = pieces[slot.index]
                if layer == "bleed" and piece.bleed is None:
                    continue
                ref = ("#b" if layer == "bleed" else "#") + ids[piece.key]
                transform = f"translate({fmt(slot.x)} {fmt(slot.y)})"
                if piece.turn:
                    transform += f" rotate({fmt(piece.turn)})"
                transform += f" scale({fmt_scale(piece.mm_per_unit)})"
                dwg.add(svg.SVG.use(ref, transform=transform))
        if layout.cuts:
            dwg.add(segments_path(layout.cuts, style.color("cut"), CUT_WIDTH))
        if layout.marks:
            dwg.add(segments_path(layout.marks, style.color("crop"), MARK_WIDTH))
        dwg.add(footer_text(f"{footer} · page {first_page + n} of {total}", paper, style))
        out.append(svg.to_string(dwg))
    return out


def fmt_scale(k: float) -> str:
    return f"{k:.6f}".rstrip("0").rstrip(".")


def segments_path(segments, colour: str, width: float):
    d = "".join(f"M{fmt(a[0])},{fmt(a[1])}L{fmt(b[0])},{fmt(b[1])}" for a, b in segments)
    return svg.SVG.path(d=d, fill="none", stroke=colour, stroke_width=fmt(width), stroke_linecap="butt")


def footer_text(text: str, paper: Paper, style: Style):
    return svg.text(text, (paper.width / 2, paper.height - 6.0), FOOTER_SIZE, style, color=style.color("footer"))
