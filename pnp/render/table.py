"""A table filling a box: a heading row, then a row per entry; cells hold wrapped text,
colour swatches or company badges, and the whole table shrinks to one size that fits."""

from __future__ import annotations

from functools import lru_cache

from msgspec import Struct

from pnp.render import svg
from pnp.render.badge import badge, badge_diameter
from pnp.render.box import Box
from pnp.render.card_shapes import RULE, rule, swatch
from pnp.render.copies import Drawn
from pnp.render.fitted_text import LINE_BOX, MIN_TEXT, TextTooLong, draw_paragraph, fit_paragraph, text_sizes
from pnp.render.ink import ink_on
from pnp.render.style import Style
from pnp.text import text_width

CELL_PAD = 0.9  # mm between a table cell's text and its lines
BADGE = 2.4  # a badge in a table is this many times the table's text size across


class Cell(Struct, frozen=True):
    text: str = ""
    fill: str | None = None  # a colour name from the theme or a #rrggbb colour
    swatches: tuple[str, ...] = ()  # colour names shown as small squares instead of text
    ink: str | None = None
    bold: bool = False
    align: str = "center"
    badges: tuple[tuple[str, str, str], ...] = ()  # (symbol, fill, ink): company badges instead of text


def _fill(style: Style, color: str | None) -> str | None:
    if color is None:
        return None
    return color if color.startswith("#") else style.color(color)


def table(columns: list[str], rows: list[list[Cell]], box: Box, style: Style, *, size: float = 2.4,
          weights: list[float] | None = None, min_size: float = MIN_TEXT, where: str = ""):
    """A table filling the box's width: a heading row, then one row per entry. Column
    widths follow their content (or `weights`); cells wrap, and the whole table, all
    in one size, shrinks (not below `min_size`) until it fits the box's height.
    Returns (group, height used). A table drawn alike again (the phases on every
    charter) is a copy of the first (`copies.Drawn`)."""
    n = len(columns)
    columns_, rows_ = tuple(columns), tuple(tuple(row) for row in rows)
    weights_ = None if weights is None else tuple(weights)
    key = (columns_, rows_, box, size, weights_, min_size)
    known = _DRAWN.get(key, style)
    if known is not None:
        return known
    fitted = _layout(columns_, rows_, box.w, box.h, size, weights_, min_size)
    if fitted is None:
        raise TextTooLong(f"{where + ': ' if where else ''}a table of {len(rows)} rows and {n} columns does not fit "
                          f"{box.w:.1f} x {box.h:.1f} mm")
    s, d, widths, heads, cells, head_h, row_hs = fitted
    g = svg.group()
    y = box.y
    xs = [box.x + sum(widths[:i]) for i in range(n)]
    g.add(svg.rect(box.x, y, box.w, head_h, fill=style.color("table_header")))
    for x, w, p in zip(xs, widths, heads):
        g.add(draw_paragraph(p, Box(x + CELL_PAD, y, w - 2 * CELL_PAD, head_h), style, weight="condensed-bold",
                             align="center", valign="middle"))
    y += head_h
    for row, ps, h in zip(rows, cells, row_hs):
        for x, w, cell, p in zip(xs, widths, row, ps):
            fill = _fill(style, cell.fill)
            if fill:
                g.add(svg.rect(x, y, w, h, fill=fill))
            inner = Box(x + CELL_PAD, y, w - 2 * CELL_PAD, h)
            if cell.swatches:
                g.add(_swatches(cell.swatches, inner, s, style))
            elif cell.badges:
                g.add(_badges(cell.badges, inner, d, style))
            else:
                ink = cell.ink or (ink_on(fill, style.color("card_text"), style) if fill else None)
                g.add(draw_paragraph(p, inner, style, weight="condensed-bold" if cell.bold else "condensed",
                                     align=cell.align, valign="middle", color=ink))
        y += h
        g.add(rule(box.x, box.right, y, style.color("card_rule")))
    for x in xs[1:]:
        g.add(svg.line((x, box.y), (x, y), stroke=style.color("card_rule"), stroke_width=RULE))
    g.add(svg.rect(box.x, box.y, box.w, y - box.y, fill="none", stroke=style.color("card_text"),
                   stroke_width=RULE * 1.6))
    _DRAWN.keep(key, style, g, y - box.y)
    return g, y - box.y


_DRAWN = Drawn()  # tables by their text, box and sizes: (group, height)


@lru_cache(maxsize=256)
def _layout(columns: tuple[str, ...], rows: tuple[tuple[Cell, ...], ...], width: float, height: float, size: float,
            weights: tuple[float, ...] | None, min_size: float):
    """The table's text size, badge diameter, column widths, fitted heading and cell
    paragraphs and row heights in a box of width x height, or None when no size fits.
    It depends on the text and the box's size only, so it is worked out once for the
    tables drawn alike (the same phases table on every charter); the nodes are made
    anew for each (a writer treats a group placed twice as one shared drawing)."""
    symbols = {symbol for row in rows for c in row for symbol, _, _ in c.badges}
    for s in text_sizes(size, min_size):
        d = max([BADGE * s] + [badge_diameter(symbol, BADGE * s) for symbol in symbols])
        widths = _column_widths(columns, rows, width, s, weights, d)
        try:
            heads = [fit_paragraph(c, Box(0, 0, w - 2 * CELL_PAD, 4 * s * LINE_BOX), s, weight="condensed-bold",
                                   min_size=s) for c, w in zip(columns, widths)]
            cells = [[fit_paragraph(c.text, Box(0, 0, w - 2 * CELL_PAD, 14 * s * LINE_BOX), s,
                                    weight="condensed-bold" if c.bold else "condensed", min_size=s)
                      for c, w in zip(row, widths)] for row in rows]
        except TextTooLong:
            continue
        head_h = max(p.height for p in heads) + 1.2
        row_hs = [max([p.height for p in ps] + [s * LINE_BOX] + [d for c in row if c.badges]) + 1.0
                  for ps, row in zip(cells, rows)]
        if head_h + sum(row_hs) <= height + 1e-6:
            return s, d, widths, heads, cells, head_h, row_hs
    return None


def _column_widths(columns: list[str], rows: list[list[Cell]], width: float, size: float,
                   weights: list[float] | None, badge_d: float) -> list[float]:
    """Widths proportional to each column's natural width, but never narrower than
    its longest word; `weights` overrides the proportions."""
    n = len(columns)
    pad = 2 * CELL_PAD + 0.2
    longest_word = [max(text_width(w, size, "condensed-bold") for t in [columns[i]] + [r[i].text for r in rows]
                        for w in (t.split() or [""])) + pad for i in range(n)]
    for i in range(n):
        if any(r[i].swatches for r in rows):
            longest_word[i] = max(longest_word[i], max(len(r[i].swatches) for r in rows) * size * 1.3 + pad)
        if any(r[i].badges for r in rows):
            longest_word[i] = max(longest_word[i], max(len(r[i].badges) for r in rows) * badge_d * 1.2 + pad)
    natural = weights or [max(text_width(t, size, "condensed") for t in [columns[i]] + [r[i].text for r in rows]) + pad
                          for i in range(n)]
    total = sum(natural)
    widths = [max(longest_word[i], width * natural[i] / total) for i in range(n)]
    excess = sum(widths) - width
    if excess > 1e-6:  # take it from the columns that have room beyond their longest word
        slack = [w - m for w, m in zip(widths, longest_word)]
        room = sum(slack)
        widths = [w - excess * s / room if room > 0 else w * width / sum(widths) for w, s in zip(widths, slack)]
    else:
        widths = [w * width / sum(widths) for w in widths]
    return widths


def _badges(badges: tuple[tuple[str, str, str], ...], box: Box, d: float, style: Style):
    """Company badges `d` across, side by side in the middle of the box."""
    g = svg.group()
    gap = d * 0.2
    total = len(badges) * d + (len(badges) - 1) * gap
    x = box.x + (box.w - total) / 2 + d / 2
    for symbol, fill, ink in badges:
        g.add(badge(symbol, (x, box.y + box.h / 2), d, fill, ink, style))
        x += d + gap
    return g


def _swatches(colours: tuple[str, ...], box: Box, size: float, style: Style):
    g = svg.group()
    side = min(size * 1.1, box.h * 0.7)
    gap = side * 0.25
    total = len(colours) * side + (len(colours) - 1) * gap
    x = box.x + (box.w - total) / 2
    y = box.y + (box.h - side) / 2
    for colour in colours:
        g.add(swatch(Box(x, y, side, side), style.color(colour), style))
        x += side + gap
    return g
