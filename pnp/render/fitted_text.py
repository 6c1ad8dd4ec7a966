"""Text fitted to a box in millimetres: one line that shrinks to the box's width, a
paragraph that wraps and shrinks, and a stack of paragraphs at one common size, each
measured with the real font before it is drawn.

Text never leaves its box: text that cannot fit at the smallest readable size
(MIN_TEXT) is a TextTooLong error naming the text, never clipped."""

from __future__ import annotations


from msgspec import Struct

from pnp.errors import PnpError
from pnp.render import svg
from pnp.render.box import Box
from pnp.render.style import Style
from pnp.text import CAP_HEIGHT, fit_lines, fit_size, text_width, wrap

MIN_TEXT = 5 * 25.4 / 72  # mm (5 pt): the smallest text printed on any card or token
LINE_BOX = 1.2  # a line of text needs this many times its size in height (ascent + descent)
LEADING = 1.18


def family(style: Style, weight: str) -> str:
    """Fonts are picked by family name, not by font-stretch."""
    return f"{style.font_family} Condensed" if weight.startswith("condensed") else style.font_family


def text(content: str, centre: tuple[float, float], size: float, style: Style, *, weight: str = "regular",
         anchor: str = "middle", color: str | None = None):
    """One line whose capitals are centred on `centre` (its x is the start, middle or
    end, by `anchor`)."""
    return svg.text(content, centre, size, style, weight=weight, anchor=anchor, color=color or style.color("card_text"),
                    family=family(style, weight))


def _anchor(box: Box, align: str) -> tuple[float, str]:
    if align == "left":
        return box.x, "start"
    if align == "right":
        return box.right, "end"
    return box.x + box.w / 2, "middle"


class TextTooLong(PnpError):
    pass


def line(content: str, box: Box, size: float, style: Style, *, weight: str = "regular", align: str = "left",
         color: str | None = None, min_size: float = MIN_TEXT, where: str = ""):
    """One line of text, at most `size`, shrunk to the box's width, centred in its height."""
    size = min(size, box.h / LINE_BOX)
    size = fit_size(content, box.w, size, weight, min_size=min_size)
    if text_width(content, size, weight) > box.w + 1e-6 or size < min_size - 1e-6:
        shown = content if len(content) <= 60 else content[:57] + "..."
        raise TextTooLong(f"{where + ': ' if where else ''}{shown!r} does not fit a {box.w:.1f} x {box.h:.1f} mm "
                          f"space even at {min_size * 72 / 25.4:.1f} pt")
    x, anchor = _anchor(box, align)
    return text(content, (x, box.y + box.h / 2), size, style, weight=weight, anchor=anchor, color=color)


class Paragraph(Struct, frozen=True):
    lines: list[str]
    size: float
    leading: float

    @property
    def height(self) -> float:
        return self.size * (LINE_BOX + self.leading * (len(self.lines) - 1))


def fit_paragraph(content: str, box: Box, size: float, *, weight: str = "regular", leading: float = LEADING,
                  min_size: float = MIN_TEXT, where: str = "") -> Paragraph:
    """Wrapped lines at the largest size <= `size` that fits the box (with room for
    ascenders and descenders), or an error naming the text."""
    lines, fitted = fit_lines(content, box.w, max(0.0, box.h - (LINE_BOX - CAP_HEIGHT - 0.25) * size), size,
                              weight=weight, leading=leading, min_size=min_size)
    paragraph = Paragraph(lines, fitted, leading)
    widest = max((text_width(t, fitted, weight) for t in lines), default=0.0)
    if paragraph.height > box.h + 1e-6 or widest > box.w + 1e-6:
        short = content if len(content) <= 60 else content[:57] + "..."
        raise TextTooLong(f"{where + ': ' if where else ''}text {short!r} does not fit its {box.w:.1f} x "
                          f"{box.h:.1f} mm box even at {min_size * 72 / 25.4:.1f} pt; shorten it or print it larger")
    return paragraph


def paragraph(content: str, box: Box, size: float, style: Style, *, weight: str = "regular", align: str = "left",
              valign: str = "top", color: str | None = None, leading: float = LEADING, min_size: float = MIN_TEXT,
              where: str = ""):
    """Text wrapped and shrunk to fit the box; returns (group, the paragraph's height)."""
    p = fit_paragraph(content, box, size, weight=weight, leading=leading, min_size=min_size, where=where)
    return draw_paragraph(p, box, style, weight=weight, align=align, valign=valign, color=color), p.height


def draw_paragraph(p: Paragraph, box: Box, style: Style, *, weight: str = "regular", align: str = "left",
                   valign: str = "top", color: str | None = None):
    g = svg.group()
    top = box.y
    if valign == "middle":
        top = box.y + (box.h - p.height) / 2
    elif valign == "bottom":
        top = box.bottom - p.height
    x, anchor = _anchor(box, align)
    first = top + p.size * LINE_BOX / 2
    for i, content in enumerate(p.lines):
        if content:
            g.add(text(content, (x, first + i * p.size * p.leading), p.size, style, weight=weight, anchor=anchor,
                       color=color))
    return g


def text_sizes(size: float, min_size: float = MIN_TEXT):
    """Text sizes to try, from `size` down to `min_size` in steps of 7%; the last is
    `min_size` itself."""
    s = size
    while s > min_size + 1e-9:
        yield s
        s *= 0.93
    yield min_size


class Item(Struct, frozen=True):
    """One paragraph of a stack: its text and weight."""

    text: str
    weight: str = "regular"
    color: str | None = None


def stack(items: list[Item], box: Box, size: float, style: Style, *, gap: float = 0.45, align: str = "left",
          valign: str = "top", leading: float = LEADING, min_size: float = MIN_TEXT, where: str = ""):
    """Paragraphs one under another, each wrapped in its own weight, all at the largest
    common size that fits the box (`gap` is in line heights between paragraphs).
    Returns (group, height used)."""
    items = [i for i in items if i.text]
    for s in text_sizes(max(size, min_size), min_size):
        ps = [Paragraph(wrap(i.text, s, box.w, i.weight), s, leading) for i in items]
        widest = max((text_width(t, s, i.weight) for p, i in zip(ps, items) for t in p.lines), default=0.0)
        height = sum(p.height for p in ps) + gap * s * max(0, len(ps) - 1)
        if height <= box.h + 1e-6 and widest <= box.w + 1e-6:
            break
    if height > box.h + 1e-6 or widest > box.w + 1e-6:
        first = items[0].text if items else ""
        raise TextTooLong(f"{where + ': ' if where else ''}text '{first[:37]}...' does not fit its {box.w:.1f} x "
                          f"{box.h:.1f} mm box even at {min_size * 72 / 25.4:.1f} pt; shorten it or print it larger")
    g = svg.group()
    y = box.y
    if valign == "middle":
        y += (box.h - height) / 2
    elif valign == "bottom":
        y += box.h - height
    for p, i in zip(ps, items):
        g.add(draw_paragraph(p, Box(box.x, y, box.w, p.height), style, weight=i.weight, align=align, color=i.color))
        y += p.height + gap * s
    return g, height
