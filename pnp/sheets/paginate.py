"""A drawing too large for the paper (a map, a stock market), split over pages.

    from pnp.sheets.paginate import Drawing, paginate
    drawing = Drawing(content, width=430.0, height=290.0, pieces=hex_outlines)
    pages = paginate(drawing, paper("a4"), style, title="1860 · Map")  # SVG strings

`content` is one SVG element drawn in millimetres with its origin at the drawing's top
left. `pieces` are shapely shapes in the same millimetres that must each appear whole
on at least one page (map hexes, a title block); `footprint` is what counts as drawn
(by default the union of the pieces): a page that would show none of it is not
printed. A background colour is not a reason to print a page. `items`, when given,
are the elements `content` is made of, in drawing order, each with its bounds
(minx, miny, maxx, maxy): a section page then carries only the items its window sees,
which keeps the pages small and quick to render.

**How the drawing is cut.** Each page prints the drawing through a window: the paper
less its margins and a header strip. The windows form a grid of columns and rows.
Neighbouring windows share at least `overlap` millimetres; where a seam would cut
a piece, the next window starts at that piece's near edge instead, so every piece no
wider than a window lies whole on some page. When the same number of windows spread
evenly from end to end keeps every piece whole, they are used instead (no page is
mostly blank); else the grid is centred on the drawing. The paper is turned whichever
way lets every piece lie whole, then needs fewer pages (`orientation: auto`).

**What each page carries.** A header naming the section by row and column and the
page number; crop marks at the window corners; and where the next section to the right
or below begins, a dashed join line inside the window (hidden once that section lies
on it) with pointers in the margin. The first page is an overview: the whole drawing
scaled down with every section outlined and labelled, how to assemble them, and a
100 mm bar to check the printer's scale.

`plan()` computes the cutting alone (tests and callers that need the geometry use it);
`render_pages()` draws a plan; `paginate()` does both. Settings come from
`templates/sheets/sections.yaml` (`section_spec()`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from shapely.geometry import box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from pnp.errors import DataError, PnpError
from pnp.geometry.track import fmt
from pnp.render import svg
from pnp.render.style import Style
from pnp.resources import templates_dir
from pnp.templates import Paper
from pnp.text import CAP_HEIGHT, fit_size, text_width, wrap
from pnp.units import parse_length
from pnp.yamlfile import expect_mapping, read_yaml

HEADER_TEXT = 3.2  # mm
MARK_TEXT = 2.2
LINE = 0.25  # mm, crop and join lines
GAP = 1.0  # mm between a crop mark and the window corner
ORIENTATIONS = ("auto", "portrait", "landscape")


@dataclass(frozen=True)
class SectionSpec:
    margin: float = 10.0
    header: float = 6.0
    overlap: float = 10.0
    mark: float = 5.0
    orientation: str = "auto"


@cache
def _spec_file() -> SectionSpec:
    path = templates_dir() / "sheets" / "sections.yaml"
    data = expect_mapping(path, read_yaml(path), "section settings")
    values = {}
    for key, value in data.items():
        if key == "orientation":
            if value not in ORIENTATIONS:
                raise DataError(path, key, f"'{value}' is not one of {', '.join(ORIENTATIONS)}")
            values[key] = value
        elif key in SectionSpec.__dataclass_fields__:
            try:
                values[key] = parse_length(value)
            except ValueError as exc:
                raise DataError(path, key, str(exc)) from None
        else:
            raise DataError(path, key, "unknown setting")
    return SectionSpec(**values)


def section_spec(**overrides) -> SectionSpec:
    """The settings in templates/sheets/sections.yaml, with any overrides."""
    return replace(_spec_file(), **{k: v for k, v in overrides.items() if v is not None})


@dataclass(frozen=True)
class Drawing:
    content: object
    width: float
    height: float
    pieces: tuple[BaseGeometry, ...] = ()
    footprint: BaseGeometry | None = None
    items: tuple[tuple[object, tuple[float, float, float, float]], ...] = ()  # optional, see below

    def drawn(self) -> BaseGeometry:
        if self.footprint is not None:
            return self.footprint
        if self.pieces:
            return unary_union(self.pieces)
        return box(0, 0, self.width, self.height)


@dataclass(frozen=True)
class Section:
    """One printed page of the drawing: its place in the grid (from 1) and the window
    of the drawing it shows, in drawing millimetres."""

    row: int
    column: int
    x: float
    y: float
    width: float
    height: float

    @property
    def label(self) -> str:
        return f"row {self.row}, column {self.column}"

    @property
    def window(self) -> BaseGeometry:
        return box(self.x, self.y, self.x + self.width, self.y + self.height)


@dataclass(frozen=True)
class Plan:
    paper: Paper  # turned as the pages print
    window: tuple[float, float, float, float]  # printed area on each page: left, top, width, height (mm)
    columns: tuple[tuple[float, float], ...]  # each column's span of the drawing (mm)
    rows: tuple[tuple[float, float], ...]
    sections: tuple[Section, ...]  # the pages printed, row by row; blank ones left out
    spec: SectionSpec

    @property
    def orientation(self) -> str:
        return "landscape" if self.paper.width > self.paper.height else "portrait"

    def printed(self, row: int, column: int) -> bool:
        return any(s.row == row and s.column == column for s in self.sections)

    def to_page(self, section: Section, point) -> tuple[float, float]:
        """A drawing point as it prints on a section's page."""
        return (self.window[0] + point[0] - section.x, self.window[1] + point[1] - section.y)


def _spans(length: float, size: float, overlap: float, pieces: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Windows of `size` covering 0..length along one axis, neighbours sharing at least
    `overlap`, and each piece (lo, hi) no longer than `size` inside one window.

    The fewest windows come from a greedy walk (each seam as far on as the overlap and
    the pieces allow); the same number spread evenly from end to end is used instead
    when it keeps every piece whole, so that no page is mostly blank."""
    fitting = [(lo, hi) for lo, hi in pieces if hi - lo <= size]

    def run(start: float) -> list[tuple[float, float]]:
        spans, s = [], start
        while True:
            e = s + size
            spans.append((s, e))
            if e >= length - 1e-6:
                return spans
            cut = [lo for lo, hi in fitting if s + 1e-6 < lo < e - 1e-6 < hi - 1e-6]
            s = min([e - overlap] + cut)

    def whole(spans) -> bool:
        return all(any(a - 1e-6 <= lo and hi <= b + 1e-6 for a, b in spans) for lo, hi in fitting)

    greedy = run(0.0)
    n = len(greedy)
    if n == 1:
        return [((length - size) / 2, (length + size) / 2)]
    step = (length - size) / (n - 1)
    even = [(i * step, i * step + size) for i in range(n)]
    if size - step >= overlap - 1e-6 and whole(even):
        return even
    centred = run(-(greedy[-1][1] - length) / 2)
    return centred if len(centred) == n else greedy


def _plan_for(drawing: Drawing, paper: Paper, spec: SectionSpec) -> Plan:
    left, top = spec.margin, spec.margin + spec.header
    width, height = paper.width - 2 * spec.margin, paper.height - 2 * spec.margin - spec.header
    if width <= 2 * spec.overlap or height <= 2 * spec.overlap:
        raise PnpError(f"paper {paper.name} ({paper.width:.0f} x {paper.height:.0f} mm) is too small to print "
                       f"sections with {spec.margin:.0f} mm margins and {spec.overlap:.0f} mm overlap")
    bounds = [p.bounds for p in drawing.pieces]
    columns = _spans(drawing.width, width, spec.overlap, [(b[0], b[2]) for b in bounds])
    rows = _spans(drawing.height, height, spec.overlap, [(b[1], b[3]) for b in bounds])
    drawn = drawing.drawn()
    sections = []
    for r, (y0, _) in enumerate(rows, start=1):
        for c, (x0, _) in enumerate(columns, start=1):
            section = Section(r, c, x0, y0, width, height)
            seen = drawn.intersection(section.window)
            if not seen.is_empty and (seen.area > 1e-3 or drawn.area == 0):
                sections.append(section)
    return Plan(paper, (left, top, width, height), tuple(columns), tuple(rows), tuple(sections), spec)


def plan(drawing: Drawing, paper: Paper, spec: SectionSpec | None = None) -> Plan:
    """Cut a drawing into sections on `paper`, turning the paper as `spec.orientation` says."""
    spec = spec or section_spec()
    portrait = Paper(paper.name, min(paper.width, paper.height), max(paper.width, paper.height))
    landscape = Paper(paper.name, portrait.height, portrait.width)
    if spec.orientation == "portrait":
        return _plan_for(drawing, portrait, spec)
    if spec.orientation == "landscape":
        return _plan_for(drawing, landscape, spec)
    tall, wide = _plan_for(drawing, portrait, spec), _plan_for(drawing, landscape, spec)
    # prefer the way round on which every piece can lie whole, then the fewer pages
    return min((tall, wide), key=lambda p: (not _all_fit(drawing, p), len(p.sections)))


def _all_fit(drawing: Drawing, plan: Plan) -> bool:
    width, height = plan.window[2:]
    return all(b[2] - b[0] <= width + 1e-6 and b[3] - b[1] <= height + 1e-6 for b in (p.bounds for p in drawing.pieces))


def paginate(drawing: Drawing, paper: Paper, style: Style, *, title: str, spec: SectionSpec | None = None) -> list[str]:
    """The overview page, then one page per printed section, as SVG strings."""
    return render_pages(drawing, plan(drawing, paper, spec), style, title=title)


def render_pages(drawing: Drawing, plan: Plan, style: Style, *, title: str) -> list[str]:
    total = 1 + len(plan.sections)
    pages = [_overview(drawing, plan, style, title, total)]
    for n, section in enumerate(plan.sections, start=2):
        pages.append(_section_page(drawing, plan, section, style, title, n, total))
    return pages


# --- pages ---------------------------------------------------------------------------

def _header(dwg, plan: Plan, style: Style, title: str, middle: str, page: int, total: int) -> None:
    left, top, width, _ = plan.window
    y = plan.spec.margin + plan.spec.header * 0.45
    colour = style.color("footer")
    middle_size = HEADER_TEXT * 1.15
    inset = plan.spec.mark + 2.0  # clear of the crop marks
    room = width / 2 - text_width(middle, middle_size, "bold") / 2 - inset - 3.0
    dwg.add(svg.text(title, (left + inset, y), fit_size(title, room, HEADER_TEXT), style, anchor="start", color=colour))
    dwg.add(svg.text(middle, (left + width / 2, y), middle_size, style, weight="bold"))
    dwg.add(svg.text(f"page {page} of {total}", (left + width - inset, y), HEADER_TEXT, style, anchor="end",
                     color=colour))


def _lines(segments, style: Style, colour: str = "crop", dash: str | None = None):
    d = "".join(f"M{fmt(a[0])},{fmt(a[1])}L{fmt(b[0])},{fmt(b[1])}" for a, b in segments)
    attrs = {"stroke_dasharray": dash} if dash else {}
    return svg.SVG.path(d=d, fill="none", stroke=style.color(colour), stroke_width=fmt(LINE), **attrs)


def crop_marks(left: float, top: float, width: float, height: float, length: float) -> list:
    """Marks outside each corner of a rectangle, along its edges."""
    out = []
    for x, sx in ((left, -1), (left + width, 1)):
        for y, sy in ((top, -1), (top + height, 1)):
            out.append(((x + sx * GAP, y), (x + sx * (GAP + length), y)))
            out.append(((x, y + sy * GAP), (x, y + sy * (GAP + length))))
    return out


def _pointer(tip, direction: str, size: float):
    """A small filled triangle whose tip touches `tip`, pointing down/up/right/left."""
    x, y = tip
    h, w = size, size * 0.45
    pts = {"down": [(x, y), (x - w, y - h), (x + w, y - h)], "up": [(x, y), (x - w, y + h), (x + w, y + h)],
           "right": [(x, y), (x - h, y - w), (x - h, y + w)], "left": [(x, y), (x + h, y - w), (x + h, y + w)]}
    return pts[direction]


def _joins(dwg, plan: Plan, section: Section, style: Style) -> None:
    """Where the next section to the right and below starts: a dashed line inside the
    window (hidden once that section lies on it) and pointers in the bottom and side
    margins; the top margin holds the header."""
    left, top, width, height = plan.window
    right, bottom = left + width, top + height
    size = plan.spec.mark * 0.6
    lines = []
    pointers = []
    for c in (section.column + 1,):
        if c <= len(plan.columns) and plan.printed(section.row, c):
            x = left + plan.columns[c - 1][0] - section.x
            lines.append(((x, top), (x, bottom)))
            pointers.append(_pointer((x, bottom + GAP), "up", size))
            label = f"row {section.row}, column {c} starts here"
            dwg.add(svg.text(label, (x - size, bottom + GAP + size * 0.55), MARK_TEXT, style, anchor="end",
                             color=style.color("footer")))
    for r in (section.row + 1,):
        if r <= len(plan.rows) and plan.printed(r, section.column):
            y = top + plan.rows[r - 1][0] - section.y
            lines.append(((left, y), (right, y)))
            pointers += [_pointer((left - GAP, y), "right", size), _pointer((right + GAP, y), "left", size)]
    if lines:
        dwg.add(_lines(lines, style, dash="2,1.5"))
    for pts in pointers:
        dwg.add(svg.polygon_path(pts, fill=style.color("crop")))


def _section_page(drawing: Drawing, plan: Plan, section: Section, style: Style, title: str, page: int,
                  total: int) -> str:
    paper = plan.paper
    left, top, width, height = plan.window
    dwg = svg.document(paper.width, paper.height, title=f"{title}, {section.label}")
    clip = svg.SVG.clipPath(id="window")
    clip.add(svg.rect(left, top, width, height))
    dwg.defs.add(clip)
    shown = svg.group(clip_path="url(#window)")
    placed = svg.group(transform=f"translate({fmt(left - section.x)} {fmt(top - section.y)})")
    if drawing.items:
        x0, y0, x1, y1 = section.x, section.y, section.x + section.width, section.y + section.height
        for element, (minx, miny, maxx, maxy) in drawing.items:
            if minx < x1 and maxx > x0 and miny < y1 and maxy > y0:
                placed.add(element)
    else:
        placed.add(drawing.content)
    shown.add(placed)
    dwg.add(shown)
    _joins(dwg, plan, section, style)
    dwg.add(_lines(crop_marks(left, top, width, height, plan.spec.mark), style))
    _header(dwg, plan, style, title, f"Section {section.label}", page, total)
    return svg.to_string(dwg)


def _overview(drawing: Drawing, plan: Plan, style: Style, title: str, total: int) -> str:
    paper = plan.paper
    left, top, width, height = plan.window
    text_size = 3.0
    notes = [
        f"{len(plan.sections)} sections on {paper.name.upper() if len(paper.name) <= 3 else paper.name.title()} "
        f"({plan.orientation}), in {len(plan.rows)} rows and {len(plan.columns)} columns. Neighbouring sections "
        f"share at least {plan.spec.overlap:g} mm (shaded).",
        "Print at actual size (100 %, not 'fit to page'): the bar below must measure 100 mm.",
        "Cut each page along its crop marks. Lay every section on its left and upper neighbours with its edges on "
        "their dashed join lines (the pointers in the margins show where), then tape or glue.",
    ]
    skipped = len(plan.rows) * len(plan.columns) - len(plan.sections)
    if skipped:
        notes.append(f"{skipped} section{'s' if skipped > 1 else ''} with nothing on {'them' if skipped > 1 else 'it'}"
                     f" {'are' if skipped > 1 else 'is'} not printed (dashed).")
    lines = [line for note in notes for line in wrap(note, text_size, width)]
    block = len(lines) * text_size * 1.35 + 14.0  # notes, then the scale bar
    avail_h = height - block - 4.0
    x0, y0 = plan.columns[0][0], plan.rows[0][0]
    x1, y1 = plan.columns[-1][1], plan.rows[-1][1]
    k = min(width / (x1 - x0), avail_h / (y1 - y0))
    ox = left + (width - (x1 - x0) * k) / 2 - x0 * k
    oy = top - y0 * k

    dwg = svg.document(paper.width, paper.height, title=f"{title}: how the sections fit together")
    art = svg.group(transform=f"translate({fmt(ox)} {fmt(oy)}) scale({k:.6f})")
    art.add(drawing.content)
    dwg.add(art)
    full_x, full_y = (ox + x0 * k, (x1 - x0) * k), (oy + y0 * k, (y1 - y0) * k)
    shared = [(ox + b0 * k, full_y[0], (a1 - b0) * k, full_y[1]) for (_, a1), (b0, _) in zip(plan.columns, plan.columns[1:])]
    shared += [(full_x[0], oy + b0 * k, full_x[1], (a1 - b0) * k) for (_, a1), (b0, _) in zip(plan.rows, plan.rows[1:])]
    for x, y, w, h in shared:  # what neighbouring sections both print
        dwg.add(svg.rect(x, y, w, h, fill=style.color("crop"), fill_opacity="0.1", stroke="none"))
    for r, (ya, yb) in enumerate(plan.rows, start=1):
        for c, (xa, xb) in enumerate(plan.columns, start=1):
            printed = plan.printed(r, c)
            rect = svg.rect(ox + xa * k, oy + ya * k, (xb - xa) * k, (yb - ya) * k, fill="none",
                            stroke=style.color("crop"), stroke_width=fmt(0.35 if printed else 0.2))
            if not printed:
                rect["stroke-dasharray"] = "1.5,1.5"
            dwg.add(rect)
    for r, (ya, yb) in enumerate(plan.rows, start=1):
        for c, (xa, xb) in enumerate(plan.columns, start=1):
            cx = ox + _own_middle(plan.columns, c - 1) * k
            cy = oy + _own_middle(plan.rows, r - 1) * k
            label = f"row {r}, column {c}" if plan.printed(r, c) else "not printed"
            _halo_text(dwg, label, (cx, cy), 3.2 if plan.printed(r, c) else 2.6, style)
    y = top + avail_h + 6.0
    for line in lines:
        dwg.add(svg.text(line, (left, y), text_size, style, anchor="start"))
        y += text_size * 1.35
    _scale_bar(dwg, (left, y + 2.0), style)
    _header(dwg, plan, style, title, "How the sections fit together", 1, total)
    return svg.to_string(dwg)


def _own_middle(spans, i: int) -> float:
    """The middle of the part of span i no neighbour shares."""
    lo, hi = spans[i]
    if i > 0:
        lo = spans[i - 1][1]
    if i + 1 < len(spans):
        hi = spans[i + 1][0]
    return (lo + hi) / 2 if hi > lo else sum(spans[i]) / 2


def _halo_text(dwg, text: str, centre, size: float, style: Style) -> None:
    w = text_width(text, size, "bold") + 2.4
    h = size * CAP_HEIGHT + 2.4
    dwg.add(svg.rect(centre[0] - w / 2, centre[1] - h / 2, w, h, fill=style.color("revenue_fill"), fill_opacity="0.85",
                     stroke="none"))
    dwg.add(svg.text(text, centre, size, style, weight="bold"))


def _scale_bar(dwg, origin, style: Style, length: float = 100.0) -> None:
    x, y = origin
    ticks = [((x + i * 10, y), (x + i * 10, y + (3.0 if i % 5 == 0 else 1.8))) for i in range(int(length / 10) + 1)]
    dwg.add(_lines([((x, y), (x + length, y))] + ticks, style, colour="outline"))
    dwg.add(svg.text(f"{length:g} mm", (x + length + 2, y + 1.5), 2.8, style, anchor="start"))
