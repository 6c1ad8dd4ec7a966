"""Drawing a banknote, in millimetres, from its top-left corner: the ground (bands, so
that it also gives the bleed) and the artwork over it.

Two designs, so that two currencies never mix: a `note` (players' money, or everyone's)
has its value in all four corners and a guilloche seal behind the large value; a
`credit` (companies' money, 1860's CC) has dark end bands carrying the value and the
currency's symbol, and a hatched ground. Each denomination of a currency has its own
ground colour from the theme's ramp (`note_1`, `note_2` ... or `credit_1` ...), light
to dark, so that denominations stay apart when printed in greyscale too."""

from __future__ import annotations

import re

from msgspec import Struct

from pnp.draw import shapes
from pnp.render import svg
from pnp.render.cards import LINE_BOX, SAFE, Band, Box, TextTooLong, contrast, frame, lightness, line, rosette
from pnp.render.style import Style

VALUE_SIZE = 12.0  # mm, the large value; shrinks to fit the note's width
INDEX_SIZE = 3.6  # the value in the corners
TITLE_SIZE = 2.5
NAME_SIZE = 2.6
LABEL_SIZE = 2.1
BAND = 0.16  # a credit's end band, as a share of the note's width
MIN_GREY_STEP = 8.0  # CIE L*: two denominations of one currency differ at least this much in lightness


class Note(Struct, frozen=True):
    """What one denomination's note says and how it is coloured."""

    amount: str  # the large value with its symbol: "£100", "100 CC"
    index: str  # the value alone, in the corners: "100"
    symbol: str  # "£", "CC"
    title: str  # the game's title
    name: str  # the currency's name: "Pounds"
    label: str | None  # whose money it is, where players and companies keep apart
    ground: str  # #rrggbb
    design: str = "note"


# --- colours --------------------------------------------------------------------------------


def ramp(style: Style, design: str) -> list[str]:
    """The theme's ground colours for a design, light to dark: `note_1`, `note_2` ..."""
    pattern = re.compile(rf"^{design}_(\d+)$")
    numbered = sorted((int(m.group(1)), c) for name, c in style.colors.items() if (m := pattern.match(name)))
    return [c for _, c in numbered]


def spread(n: int, length: int) -> list[int]:
    """n positions spread evenly over a ramp of `length` colours, first and last
    included, so that few denominations get grounds far apart."""
    if n > length:
        raise ValueError(f"{n} denominations without a color, but the theme has {length} colours for them")
    if n == 1:
        return [0]
    return [round(i * (length - 1) / (n - 1)) for i in range(n)]


def grounds(values: list[int], colours: list[str], chosen: dict[int, str]) -> dict[int, str]:
    """Each value's ground: the data's own colour where it gives one; the others take
    the ramp's colours spread over them in order of value (smallest lightest)."""
    rest = sorted(v for v in values if v not in chosen)
    return {**chosen, **{v: colours[p] for v, p in zip(rest, spread(len(rest), len(colours)))}}


def alike(grounds_by_value: dict[int, str], minimum: float = MIN_GREY_STEP) -> list[tuple[int, int]]:
    """Pairs of values whose grounds would look (nearly) the same printed in greyscale."""
    items = sorted(grounds_by_value.items())
    return [(a, b) for i, (a, ca) in enumerate(items) for b, cb in items[i + 1:]
            if abs(lightness(ca) - lightness(cb)) < minimum]


def best_ink(ground: str, style: Style) -> str:
    """The card's dark or light ink, whichever stands out more on the ground (the
    large value must read at arm's length, so "readable" is not enough)."""
    dark, light = style.color("card_text"), style.color("card_ground")
    return dark if contrast(dark, ground) >= contrast(light, ground) else light


# --- drawing ---------------------------------------------------------------------------------


def band_width(w: float) -> float:
    return w * BAND


def bands(note: Note, size: tuple[float, float], style: Style) -> list[Band]:
    w, h = size
    out = [Band(Box(0, 0, w, h), note.ground)]
    if note.design == "credit":
        bw = band_width(w)
        edge = style.color("credit_band")
        out += [Band(Box(0, 0, bw, h), edge), Band(Box(w - bw, 0, bw, h), edge)]
    return out


def art(note: Note, size: tuple[float, float], style: Style, *, where: str = "") -> list:
    """Everything drawn over the ground: the design's own furniture, then the title,
    the large value on a guilloche seal, and the currency's name with whose it is."""
    ink = best_ink(note.ground, style)
    furniture = credit_furniture if note.design == "credit" else note_furniture
    out, top, middle = furniture(note, size, ink, style, where)
    out += title(note.title, top, ink, style)
    caption = caption_box(note, middle)
    value_box = Box(middle.x, top.bottom, middle.w, caption.y - top.bottom)
    out.append(rosette(value_box.centre, min(value_box.h * 0.5, value_box.w * 0.4), ink, lines=2, lobes=12,
                       opacity=0.35))
    out.append(line(note.amount, value_box, VALUE_SIZE, style, weight="bold", align="center", color=ink, where=where))
    out += caption_lines(note, caption, ink, style, where)
    return out


def note_furniture(note: Note, size: tuple[float, float], ink: str, style: Style, where: str):
    """A double frame and the value in all four corners. Returns the art, the title's
    box and the box the value and caption share."""
    w, h = size
    inner = Box(SAFE, SAFE, w - 2 * SAFE, h - 2 * SAFE)
    out = [frame(Box(1.2, 1.2, w - 2.4, h - 2.4), ink, 0.3, radius=1.0),
           frame(Box(1.9, 1.9, w - 3.8, h - 3.8), ink, 0.12, radius=0.8)]
    corner, index_w = INDEX_SIZE * LINE_BOX, inner.w * 0.26
    for x, align in ((inner.x, "left"), (inner.right - index_w, "right")):
        for y in (inner.y, inner.bottom - corner):
            out.append(line(note.index, Box(x, y, index_w, corner), INDEX_SIZE, style, weight="bold", align=align,
                            color=ink, where=where))
    top = Box(inner.x + index_w, inner.y, inner.w - 2 * index_w, corner)
    return out, top, Box(inner.x + index_w * 0.4, inner.y, inner.w - index_w * 0.8, inner.h)


def credit_furniture(note: Note, size: tuple[float, float], ink: str, style: Style, where: str):
    """Hatching between dark end bands that carry the value and the symbol."""
    w, h = size
    bw = band_width(w)
    middle = Box(bw + 2.5, SAFE, w - 2 * bw - 5.0, h - 2 * SAFE)
    out = [hatch(Box(bw, 0, w - 2 * bw, h), 1.6, ink), *end_band(note, Box(0, 0, bw, h), style, where),
           *end_band(note, Box(w - bw, 0, bw, h), style, where)]
    return out, middle.top(TITLE_SIZE * LINE_BOX + 0.6), middle


def title(text: str, box: Box, ink: str, style: Style) -> list:
    """The game's title, condensed where it is long; a title too long for the note is
    left off (it is decoration: the value and the currency are what a note must say)."""
    for weight in ("bold", "condensed-bold"):
        try:
            return [line(text, box, TITLE_SIZE, style, weight=weight, align="center", color=ink)]
        except TextTooLong:
            continue
    return []


def caption_box(note: Note, middle: Box) -> Box:
    height = NAME_SIZE * LINE_BOX + (LABEL_SIZE * LINE_BOX if note.label else 0.0)
    return middle.bottom_part(height)


def caption_lines(note: Note, box: Box, ink: str, style: Style, where: str) -> list:
    name_h = NAME_SIZE * LINE_BOX
    out = [line(note.name, box.top(name_h), NAME_SIZE, style, weight="bold", align="center", color=ink, where=where)]
    if note.label:
        out.append(line(note.label, box.below(name_h), LABEL_SIZE, style, weight="condensed", align="center",
                        color=ink, where=where))
    return out


def end_band(note: Note, band: Box, style: Style, where: str) -> list:
    """A credit's end band: the value at top and bottom, the symbol between."""
    ink = best_ink(style.color("credit_band"), style)
    inner = band.inset(1.0, SAFE)
    corner = INDEX_SIZE * LINE_BOX
    return [line(note.index, inner.top(corner), INDEX_SIZE, style, weight="bold", align="center", color=ink,
                 where=where),
            line(note.symbol, Box(inner.x, band.y + band.h / 2 - corner / 2, inner.w, corner), INDEX_SIZE, style,
                 weight="bold", align="center", color=ink, where=where),
            line(note.index, inner.bottom_part(corner), INDEX_SIZE, style, weight="bold", align="center", color=ink,
                 where=where)]


def hatch(box: Box, step: float, color: str, opacity: float = 0.16):
    """Thin diagonal lines across the box, each cut at its edges (no clip path): the
    engraved ground of a credit note."""
    d: list = []
    c = -box.h
    while c < box.w:
        # the line x = box.x + c + t, y = box.y + t for t where both stay inside the box
        t0, t1 = max(0.0, -c), min(box.h, box.w - c)
        if t1 > t0:
            d += [shapes.move((box.x + c + t0, box.y + t0)), shapes.line_to((box.x + c + t1, box.y + t1))]
        c += step
    return svg.path(d=d, fill="none", stroke=color, stroke_width=0.15, opacity=opacity)
