"""Atoms shared by the stock market, the par chart, the revenue track and the round
tracker: a space (its ground, its zone marks and its printed value above room for a
stack of markers), the zone marks that keep zones apart in greyscale, a legend laid
out in columns, and the `Artwork` every one of them returns. All lengths in mm.
"""

from __future__ import annotations

import math

from msgspec import Struct

from pnp.draw import shapes
from pnp.geometry.outlines import box, text_box
from pnp.geometry.plane import Shape, line_in_box, moved, union
from pnp.draw.nodes import Page
from pnp.render import svg
from pnp.render.ink import luminance
from pnp.render.style import Style
from pnp.templates import MarketSizes
from pnp.text import CAP_HEIGHT, fit_size, text_width, wrap

MARK_OPACITY = 0.45
LEADING = 1.3


class Artwork(Struct, frozen=True):
    """A finished drawing in millimetres, origin at its top-left corner, with the
    pieces that should stay whole (spaces, titles) when it is split over pages."""

    key: str  # file stem: "market", "par-chart", ...
    title: str
    width: float
    height: float
    art: object  # an SVG group in mm
    pieces: tuple[Shape, ...]  # what must lie whole on some page: spaces, titles
    border: float = 0.0  # the white border around the content, mm
    extra: tuple[Shape, ...] = ()  # what else is drawn (legend text), which may be split
    cuts: tuple[tuple[float, float, float], ...] = ()  # pieces cut out of it: discs (cx, cy, diameter)

    def footprint(self) -> Shape:
        return union(*self.pieces, *self.extra)

    def svg(self) -> Page:
        dwg = svg.document(self.width, self.height, title=self.title)
        dwg.add(self.art)
        return dwg


class Rect(Struct, frozen=True):
    x: float
    y: float
    w: float
    h: float

    def shape(self) -> Shape:
        return box(self.x, self.y, self.x + self.w, self.y + self.h)


def ink_on(ground: str, style: Style) -> str:
    """Text colour that reads on `ground`: the theme's text colour, or its light one on dark grounds."""
    return style.color("text_on_dark") if luminance(ground) < 0.18 else style.color("text")


# --- zone marks ------------------------------------------------------------------------


def _lines_in(area: Rect, angle: float, spacing: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Parallel lines at `angle` degrees, `spacing` apart, clipped to the rectangle
    (where GEOS clips them)."""
    cx, cy = area.x + area.w / 2, area.y + area.h / 2
    reach = math.hypot(area.w, area.h)
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    nx, ny = -dy, dx
    out = []
    n = int(reach / spacing) + 1
    for k in range(-n, n + 1):
        ox, oy = cx + nx * k * spacing, cy + ny * k * spacing
        p, q = (ox - dx * reach, oy - dy * reach), (ox + dx * reach, oy + dy * reach)
        seg = line_in_box(p, q, (area.x, area.y, area.x + area.w, area.y + area.h))
        if seg is False:  # through a corner: as GEOS clips it
            seg = _geos_clip(p, q, area)
        if seg is not None and math.dist(*seg) > 0.2:
            out.append(seg)
    return out


def _geos_clip(p, q, area: Rect):
    """GEOS's own clip of p->q to the rectangle (first and last point), or None."""
    from shapely.geometry import LineString

    from pnp.geometry.as_geos import geos

    seg = LineString([p, q]).intersection(geos(area.shape()))
    if not isinstance(seg, LineString) or seg.is_empty:
        return None
    coords = list(seg.coords)
    return (coords[0], coords[-1])


def _star_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        a = math.radians(-90 + 36 * i)
        pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return pts


def zone_mark(kind: str, area: Rect, ink: str, unit: float = 1.0):
    """The greyscale-safe mark of a zone over `area`: dots, hatch, cross (patterns over
    the whole area), bar (a band along its foot), star or ring (one large symbol in the
    middle, where the markers stand). `unit` scales the patterns' spacing and lines."""
    g = svg.group(opacity=MARK_OPACITY)
    spacing = 2.4 * unit
    if kind in ("hatch", "cross"):
        segs = _lines_in(area, 45, spacing)
        if kind == "cross":
            segs += _lines_in(area, -45, spacing)
        g.add(svg.path(shapes.segments(segs), fill="none", stroke=ink, stroke_width=0.3 * unit))
    elif kind == "dots":
        step = spacing * 1.2
        cols, rows = max(1, int(area.w / step)), max(1, int(area.h / step))
        x0 = area.x + (area.w - (cols - 1) * step) / 2
        y0 = area.y + (area.h - (rows - 1) * step) / 2
        # each dot a zero-length stroke with round caps: one short path for them all
        dots = [(x0 + j * step, y0 + i * step) for i in range(rows) for j in range(cols)]
        g.add(svg.path(shapes.segments((p, p) for p in dots), fill="none", stroke=ink, stroke_width=0.9 * unit, stroke_linecap="round"))
    elif kind == "bar":
        h = min(2.2 * unit, area.h / 3)
        g.add(svg.rect(area.x, area.y + area.h - h, area.w, h, fill=ink))
    elif kind in ("star", "ring"):
        r = min(area.w, area.h) * 0.36
        cx, cy = area.x + area.w / 2, area.y + area.h / 2
        if kind == "star":
            g.add(svg.polygon_path(_star_points(cx, cy + r * 0.1, r), fill=ink))
        else:
            width = r * 0.3
            g.add(svg.circle((cx, cy), r - width / 2, fill="none", stroke=ink, stroke_width=width))
    return g


# --- a space -----------------------------------------------------------------------------


def label_band(sizes: MarketSizes) -> float:
    """Height of the strip at the top of a space that holds its value."""
    return sizes.value_size * 1.5


def zone_patch(area: Rect, grounds: list[str], marks: list[str], style: Style, sizes: MarketSizes, *,
               mark_area: Rect | None = None, unit: float = 1.0):
    """A rectangle in its zones' colours (vertical stripes when it is in several), their
    marks over `mark_area` (default: all of it), and its edge."""
    g = svg.group()
    grounds = grounds or [style.color("market_space")]
    stripe = area.w / len(grounds)
    for i, ground in enumerate(grounds):
        g.add(svg.rect(area.x + i * stripe, area.y, stripe, area.h, fill=ground))
    for kind in marks:
        if kind != "none":
            g.add(zone_mark(kind, mark_area or area, ink_on(grounds[0], style), unit))
    g.add(svg.rect(area.x, area.y, area.w, area.h, fill="none", stroke=style.color("outline"),
                   stroke_width=sizes.rule))
    return g


def space(area: Rect, label: str, grounds: list[str], marks: list[str], style: Style, sizes: MarketSizes):
    """One space: its zones' ground and marks, and its value in a band at the top above
    the room for a stack of markers."""
    band = label_band(sizes)
    g = zone_patch(area, grounds, marks, style, sizes, mark_area=Rect(area.x, area.y + band, area.w, area.h - band))
    if label:
        ink = ink_on(grounds[0] if grounds else style.color("market_space"), style)
        size = fit_size(label, area.w - 1.5, sizes.value_size, "bold")
        g.add(svg.text(label, (area.x + area.w / 2, area.y + band / 2), size, style, weight="bold", color=ink))
    return g


# --- text blocks and legends ---------------------------------------------------------------


def text_block(text: str, x: float, y: float, width: float, size: float, style: Style, *,
               weight: str = "regular", anchor: str = "start") -> tuple[object, float, list[Shape]]:
    """Wrapped text whose first line's capitals start at y; returns the group, its
    height and the boxes its lines cover."""
    g = svg.group()
    boxes = []
    lines = wrap(text, size, width, weight)
    step = size * LEADING
    for i, line in enumerate(lines):
        cy = y + size * CAP_HEIGHT / 2 + i * step
        ax = x + width / 2 if anchor == "middle" else x
        g.add(svg.text(line, (ax, cy), size, style, weight=weight, anchor=anchor))
        w = text_width(line, size, weight)
        left = ax - w / 2 if anchor == "middle" else ax
        boxes.append(box(left, cy - size * CAP_HEIGHT / 2, left + w, cy + size * CAP_HEIGHT / 2))
    height = size * CAP_HEIGHT + step * (len(lines) - 1)
    return g, height, boxes


class LegendEntry(Struct, frozen=True):
    text: str
    grounds: tuple[str, ...] = ()  # a sample space in these colours ...
    marks: tuple[str, ...] = ()
    arrow: str | None = None  # ... or an arrow: right, left, up, down


ARROW_TURN = {"right": 0, "down": 90, "left": 180, "up": 270}


def arrow(centre, length: float, direction: str, ink: str, width: float):
    """A solid arrow pointing right, left, up or down."""
    cx, cy = centre
    half, head, shaft = length / 2, length * 0.42, width
    pts = [(-half, -shaft / 2), (half - head, -shaft / 2), (half - head, -head * 0.6), (half, 0),
           (half - head, head * 0.6), (half - head, shaft / 2), (-half, shaft / 2)]
    a = math.radians(ARROW_TURN[direction])
    turned = [(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)) for x, y in pts]
    return svg.polygon_path(turned, fill=ink)


def swatch(entry: LegendEntry, area: Rect, style: Style, sizes: MarketSizes):
    """A legend entry's sample: a small space of its zone, or an arrow for a movement."""
    if entry.arrow:
        return arrow((area.x + area.w / 2, area.y + area.h / 2), area.w * 0.85, entry.arrow, style.color("text"),
                     area.h * 0.22)
    return zone_patch(area, list(entry.grounds), list(entry.marks), style, sizes, unit=0.8)


def legend_height(entries: list[LegendEntry], width: float, sizes: MarketSizes) -> float:
    return _legend(entries, width, sizes, None)[1]


def legend(entries: list[LegendEntry], x: float, y: float, width: float, style: Style,
           sizes: MarketSizes) -> tuple[object, float, list[Shape]]:
    """Entries in as many columns of `sizes.legend_column` as fit `width`, row by row;
    returns the group, its height and each entry's box."""
    group, height, boxes = _legend(entries, width, sizes, style)
    return svg.transformed(group, shapes.translate(x, y)), height, [moved(b, x, y) for b in boxes]


def _legend(entries, width, sizes, style):
    g = svg.group()
    boxes: list[Shape] = []
    if not entries:
        return g, 0.0, boxes
    gap = sizes.gap
    cols = max(1, int((width + gap) // (min(sizes.legend_column, width) + gap)))
    col_w = (width - (cols - 1) * gap) / cols
    text_w = col_w - sizes.swatch - 2.5
    y = 0.0
    for start in range(0, len(entries), cols):
        row_h = 0.0
        for k, entry in enumerate(entries[start:start + cols]):
            x = k * (col_w + gap)
            lines = wrap(entry.text, sizes.text_size, text_w)
            text_h = sizes.text_size * (CAP_HEIGHT + LEADING * (len(lines) - 1))
            h = max(sizes.swatch * 0.75, text_h)
            row_h = max(row_h, h)
            if style is None:
                continue
            sw = Rect(x, y + (h - sizes.swatch * 0.75) / 2, sizes.swatch, sizes.swatch * 0.75)
            g.add(swatch(entry, sw, style, sizes))
            ty = y + (h - text_h) / 2
            block, _, line_boxes = text_block(entry.text, x + sizes.swatch + 2.5, ty, text_w, sizes.text_size, style)
            g.add(block)
            boxes.append(envelope([sw.shape(), *line_boxes]))
        y += row_h + sizes.gap * 0.5
    return g, y - sizes.gap * 0.5, boxes


def title_text(text: str, x: float, y: float, sizes: MarketSizes, style: Style) -> tuple[object, Shape]:
    """A drawing's title, its capitals' top at y."""
    centre = (x, y + sizes.title_size * CAP_HEIGHT / 2)
    element = svg.text(text, centre, sizes.title_size, style, weight="bold", anchor="start")
    shape = text_box(text, sizes.title_size, (x + text_width(text, sizes.title_size, "bold") / 2, centre[1]),
                     weight="bold", pad=0)
    return element, shape


def envelope(shapes_: list[Shape]) -> Shape:
    """The box round shapes (for pagination: what must stay whole)."""
    b = union(*shapes_).bounds
    return box(b[0], b[1], b[2], b[3])
