"""Drawing atoms for cards, certificates, charters and tokens, in millimetres: a box to
lay things out in, the card's ground (which also gives its bleed), fitted text (one
line or a wrapped paragraph, measured with the real font before it is drawn), a
company badge, a table, money, and a small locomotive. Each atom takes its box and a
style and returns SVG; none decides where on a card it goes.

Text never leaves its box: a line shrinks to fit, a paragraph wraps and shrinks, and
text that cannot fit at the smallest readable size is an error naming the text, never
clipped."""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.draw import shapes
from pnp.errors import PnpError
from pnp.render import svg
from pnp.render.style import Style
from pnp.text import CAP_HEIGHT, fit_lines, fit_size, text_width, wrap

MIN_TEXT = 5 * 25.4 / 72  # mm (5 pt): the smallest text printed on any card or token
LINE_BOX = 1.2  # a line of text needs this many times its size in height (ascent + descent)
LEADING = 1.18
SAFE = 3.0  # mm kept clear of the cut line for text
RULE = 0.25  # mm, thin lines
CELL_PAD = 0.9  # mm between a table cell's text and its lines
BADGE = 2.4  # a badge in a table is this many times the table's text size across


@dataclass(frozen=True)
class Box:
    """A rectangle in mm, from its top-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def inset(self, dx: float, dy: float | None = None) -> "Box":
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, max(0.0, self.w - 2 * dx), max(0.0, self.h - 2 * dy))

    def top(self, h: float) -> "Box":
        return replace(self, h=min(h, self.h))

    def bottom_part(self, h: float) -> "Box":
        h = min(h, self.h)
        return Box(self.x, self.bottom - h, self.w, h)

    def below(self, h: float, gap: float = 0.0) -> "Box":
        """What is left under the top `h` (and a gap)."""
        cut = min(self.h, h + gap)
        return Box(self.x, self.y + cut, self.w, self.h - cut)

    def above(self, h: float, gap: float = 0.0) -> "Box":
        """What is left over the bottom `h` (and a gap)."""
        return replace(self, h=max(0.0, self.h - h - gap))

    def left(self, w: float) -> "Box":
        return replace(self, w=min(w, self.w))

    def right_part(self, w: float) -> "Box":
        w = min(w, self.w)
        return Box(self.right - w, self.y, w, self.h)

    def beside(self, w: float, gap: float = 0.0) -> "Box":
        """What is left right of the left `w` (and a gap)."""
        cut = min(self.w, w + gap)
        return Box(self.x + cut, self.y, self.w - cut, self.h)

    def columns(self, widths: list[float], gap: float = 0.0) -> list["Box"]:
        out, x = [], self.x
        for w in widths:
            out.append(Box(x, self.y, w, self.h))
            x += w + gap
        return out

    def rows(self, n: int, gap: float = 0.0) -> list["Box"]:
        h = (self.h - (n - 1) * gap) / n
        return [Box(self.x, self.y + i * (h + gap), self.w, h) for i in range(n)]


# --- colour -----------------------------------------------------------------------------


def _luminance(colour: str) -> float:
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def lightness(color: str) -> float:
    """CIE L* (0 black to 100 white) of a #rrggbb colour: how light it prints in greyscale."""
    y = _luminance(color)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two #rrggbb colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(ground: str, preferred: str, style: Style) -> str:
    """`preferred` if it reads on `ground`, else the card's dark or light ink."""
    if contrast(preferred, ground) >= 3.0:
        return preferred
    dark, light = style.color("card_text"), style.color("card_ground")
    return dark if contrast(dark, ground) >= contrast(light, ground) else light


# --- text -----------------------------------------------------------------------------


def family(style: Style, weight: str) -> str:
    """Fonts are picked by family name, not by font-stretch."""
    return f"{style.font_family} Condensed" if weight.startswith("condensed") else style.font_family


def text(content: str, centre: tuple[float, float], size: float, style: Style, *, weight: str = "regular",
         anchor: str = "middle", color: str | None = None):
    """One line whose capitals are centred on `centre` (its x is the start, middle or
    end, by `anchor`)."""
    element = svg.text(content, centre, size, style, weight=weight, anchor=anchor,
                       color=color or style.color("card_text"))
    return svg.restyled(element, font_family=family(style, weight))


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
        raise TextTooLong(f"{where + ': ' if where else ''}'{content}' does not fit a {box.w:.1f} x {box.h:.1f} mm "
                          f"space even at {min_size * 72 / 25.4:.1f} pt")
    x, anchor = _anchor(box, align)
    return text(content, (x, box.y + box.h / 2), size, style, weight=weight, anchor=anchor, color=color)


@dataclass(frozen=True)
class Paragraph:
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
        short = content if len(content) <= 40 else content[:37] + "..."
        raise TextTooLong(f"{where + ': ' if where else ''}text '{short}' does not fit its {box.w:.1f} x "
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


# --- shapes ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Band:
    """A filled part of a card's ground; sides that touch the card's edge continue into
    the bleed."""

    box: Box
    color: str


def ground(width: float, height: float, bands: list[Band], extend: float = 0.0):
    """A card's ground in card coordinates (0,0 top-left): the bands in order, each
    reaching `extend` past every card edge it touches. With extend = bleed this is the
    card's bleed; with 0 its face."""
    g = svg.group()
    for band in bands:
        b = band.box
        x0 = b.x - extend if b.x <= 1e-6 else b.x
        y0 = b.y - extend if b.y <= 1e-6 else b.y
        x1 = b.right + extend if b.right >= width - 1e-6 else b.right
        y1 = b.bottom + extend if b.bottom >= height - 1e-6 else b.bottom
        g.add(svg.rect(x0, y0, x1 - x0, y1 - y0, fill=band.color))
    return g


def centred(art, width: float, height: float):
    """Card art drawn from its top-left corner, moved so the card's centre is the origin."""
    g = svg.group(transform=(shapes.translate(-width / 2, -height / 2),))
    g.add(art)
    return g


def panel(box: Box, style: Style, *, fill: str = "card_panel", stroke: str = "card_rule", radius: float = 1.2,
          dashed: bool = False):
    attrs = {"stroke_dasharray": "1.2,0.8"} if dashed else {}
    return svg.rect(box.x, box.y, box.w, box.h, rx=radius, fill=style.color(fill), stroke=style.color(stroke),
                    stroke_width=RULE, **attrs)


def frame(box: Box, color: str, width: float, radius: float = 1.5):
    """A border drawn inside `box` (its stroke stays within the box)."""
    inner = box.inset(width / 2)
    return svg.rect(inner.x, inner.y, inner.w, inner.h, rx=radius, fill="none", stroke=color,
                    stroke_width=width)


def rule(x0: float, x1: float, y: float, color: str, width: float = RULE):
    return svg.line((x0, y), (x1, y), stroke=color, stroke_width=width)


def badge(symbol: str, centre: tuple[float, float], diameter: float, fill: str, ink: str, style: Style, *,
          ring: str | None = None, caption: str | None = None, inner: str | None = None):
    """A company's round badge: its symbol on its colour inside a ring, as on its
    tokens. An optional caption sits below the symbol (a marker's kind); an `inner`
    colour fills the middle, leaving `fill` as a broad outer ring. Text keeps to
    MIN_TEXT where it can (see `badge_symbol`)."""
    g = svg.group()
    r = diameter / 2
    cx, cy = centre
    g.add(svg.circle(centre, r, fill=fill))
    fit = badge_symbol(symbol, diameter, captioned=bool(caption), inner=bool(inner))
    if inner:
        g.add(svg.circle(centre, r * 0.72, fill=inner))
    else:
        mid = r - fit.ring * 1.6
        g.add(annulus(centre, mid + fit.ring / 2, mid - fit.ring / 2, ring or ink))
    if caption:
        g.add(text(symbol, (cx, cy - diameter * 0.07), fit.size, style, weight=fit.weight, color=ink))
        room = fit.room / 0.86 * 0.66
        small = fit_size(caption, room, max(diameter * 0.12, MIN_TEXT), "condensed-bold", min_size=0.5)
        g.add(text(caption, (cx, cy + diameter * 0.2), small, style, weight="condensed-bold", color=ink))
    else:
        g.add(text(symbol, centre, fit.size, style, weight=fit.weight, color=ink))
    return g


@dataclass(frozen=True)
class BadgeFit:
    size: float  # mm, the symbol's text size
    weight: str
    ring: float  # mm, the ring's width
    room: float  # mm the symbol may take across


def badge_symbol(symbol: str, diameter: float, *, captioned: bool = False, inner: bool = False) -> BadgeFit:
    """How a symbol sits in a badge: bold inside a ring a twentieth of the badge wide;
    where that would print it below MIN_TEXT, condensed bold; then inside a thin ring,
    using the width of the ring's opening at the symbol's height. Below MIN_TEXT only
    when even that is too narrow (a badge never fails: callers that must keep MIN_TEXT
    size the badge with `badge_diameter`)."""
    cap = diameter * (0.28 if captioned else 0.34)
    fit = None
    for ring_share in (0.05, 0.03):
        ring = diameter * ring_share
        if inner:
            room = diameter * 0.72 * 0.86
        elif ring_share == 0.05:
            room = (diameter - ring * 4.4) * (0.86 if captioned else 0.84)
        else:  # the chord of the ring's opening at half the height of a MIN_TEXT capital, with a margin
            opening = diameter / 2 - ring * 2.1
            room = 2 * max(0.0, opening ** 2 - (MIN_TEXT * CAP_HEIGHT / 2) ** 2) ** 0.5 * 0.92
            room = room * (0.86 if captioned else 1.0)
        for weight in ("bold", "condensed-bold"):
            fit = BadgeFit(fit_size(symbol, room, cap, weight, min_size=0.5), weight, ring, room)
            if fit.size >= MIN_TEXT - 1e-9:
                return fit
        if inner:
            break
    return fit


def badge_diameter(symbol: str, at_least: float) -> float:
    """The smallest badge from `at_least` up (in 5% steps) in which the symbol prints at
    MIN_TEXT or more."""
    d = at_least
    while badge_symbol(symbol, d).size < MIN_TEXT - 1e-9:
        d *= 1.05
    return d


def annulus(centre: tuple[float, float], outer: float, inner: float, color: str):
    """A filled ring. Filled rather than stroked, so the only stroked circles on a
    sheet of tokens are the cut lines."""
    cx, cy = centre
    return svg.path(shapes.circle(cx, cy, outer) + shapes.circle(cx, cy, inner), fill=color, fill_rule="evenodd")


def swatch(box: Box, color: str, style: Style):
    return svg.rect(box.x, box.y, box.w, box.h, rx=min(box.w, box.h) * 0.2, fill=color,
                    stroke=style.color("card_rule"), stroke_width=RULE)


def locomotive(box: Box, color: str):
    """A small steam locomotive facing left, fitted into the box (our own drawing)."""
    k = min(box.w / 30.0, box.h / 16.0)
    x0 = box.x + (box.w - 30 * k) / 2
    y0 = box.y + (box.h - 16 * k) / 2

    def p(x, y):
        return (x0 + x * k, y0 + y * k)

    g = svg.group(fill=color)
    g.add(svg.polygon_path([p(2, 12), p(2, 7), p(5, 6), p(20, 6), p(20, 1), p(29, 1), p(29, 12)]))  # boiler + cab
    g.add(svg.polygon_path([p(6, 6), p(6, 2), p(9, 2), p(9, 6)]))  # chimney
    g.add(svg.polygon_path([p(0, 12.5), p(2, 10), p(2, 12.5)]))  # cow-catcher
    for cx, r in ((6.5, 2.6), (13, 2.6), (24, 3.4)):
        g.add(svg.circle(p(cx, 13.2 - (r - 2.6)), r * k))
    return g


# --- money -------------------------------------------------------------------------------


def money(amount: int | str, currency: str) -> str:
    """'£300' for a symbol currency, '300 CC' for a written one; a currency written
    with '#' puts the amount there ('#c' -> '300c')."""
    if isinstance(amount, str):
        return amount
    if "#" in currency:
        return currency.replace("#", str(amount), 1)
    if len(currency) <= 1 or not currency.isalpha():
        return f"{currency}{amount}"
    return f"{amount} {currency}"


# --- tables -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
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
    Returns (group, height used)."""
    n = len(columns)
    symbols = {symbol for row in rows for c in row for symbol, _, _ in c.badges}
    for s in text_sizes(size, min_size):
        d = max([BADGE * s] + [badge_diameter(symbol, BADGE * s) for symbol in symbols])
        widths = _column_widths(columns, rows, box.w, s, weights, d)
        try:
            heads = [fit_paragraph(c, Box(0, 0, w - 2 * CELL_PAD, 4 * s * LINE_BOX), s, weight="condensed-bold",
                                   min_size=s, where=where) for c, w in zip(columns, widths)]
            cells = [[fit_paragraph(c.text, Box(0, 0, w - 2 * CELL_PAD, 14 * s * LINE_BOX), s,
                                    weight="condensed-bold" if c.bold else "condensed", min_size=s, where=where)
                      for c, w in zip(row, widths)] for row in rows]
        except TextTooLong:
            continue
        head_h = max(p.height for p in heads) + 1.2
        row_hs = [max([p.height for p in ps] + [s * LINE_BOX] + [d for c in row if c.badges]) + 1.0
                  for ps, row in zip(cells, rows)]
        if head_h + sum(row_hs) <= box.h + 1e-6:
            break
    else:
        raise TextTooLong(f"{where + ': ' if where else ''}a table of {len(rows)} rows and {n} columns does not fit "
                          f"{box.w:.1f} x {box.h:.1f} mm")
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
    return g, y - box.y


def text_sizes(size: float, min_size: float = MIN_TEXT):
    """Text sizes to try, from `size` down to `min_size` in steps of 7%; the last is
    `min_size` itself."""
    s = size
    while s > min_size + 1e-9:
        yield s
        s *= 0.93
    yield min_size


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


def rosette(centre: tuple[float, float], radius: float, color: str, *, lines: int = 4, lobes: int = 10,
            opacity: float = 0.35):
    """A guilloche seal: wavy rings offset in phase, the engraved look of a certificate
    (our own drawing: r = R (0.86 + 0.14 sin(k t + phase)), each ring a smooth closed
    curve through three points a lobe)."""
    import math

    cx, cy = centre
    steps = lobes * 3
    d: list = []
    for i in range(lines):
        phase = 2 * math.pi * i / lines
        pts = []
        for s in range(steps):
            a = 2 * math.pi * s / steps
            r = radius * (0.86 + 0.14 * math.sin(lobes * a + phase))
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        d += shapes.smooth_closed(pts)
    return svg.path(d, fill="none", stroke=color, stroke_width=0.18, opacity=opacity)


@dataclass(frozen=True)
class Item:
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

