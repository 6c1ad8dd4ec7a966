"""A drawing too large for the paper (a map, a stock market), split over pages.

    from pnp.sheets.paginate import Drawing, paginate
    drawing = Drawing(content, width=430.0, height=290.0, pieces=hex_outlines)
    pages = paginate(drawing, paper("a4"), style, title="1860 · Map")  # node pages (pnp.draw.nodes.Page)

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
mostly blank); else the windows are spread as evenly as the pieces allow. The
sections lie upright or turned landscape, whichever lets every piece lie whole, then
needs fewer pages, then leaves fewer nearly blank (`orientation: auto`); a landscape
section is drawn turned a quarter on the upright page, so every page of the PDF has
the paper's own upright size. A long, low drawing (a one-row stock market) prints
several sections on a page, one above the other, each with its own marks.

**What each page carries.** A header naming the section by row and column and the
page number; crop marks at the window corners, clear of the band along the paper's
edge that printers leave blank (`templates/sheets/print.yaml`); and where the next
section to the right or below begins, a dashed join line inside the window (hidden
once that section lies on it) with pointers in the margin. The first page is an overview: the whole drawing
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

from pnp.draw import shapes
from pnp.errors import PnpError
from pnp.i18n import Messages, messages
from pnp.draw.nodes import Page
from pnp.render import svg
from pnp.render.style import Style
from pnp.sheets.printable import print_area
from pnp.templates import Paper, settings_file
from pnp.text import CAP_HEIGHT, fit_size, text_width, wrap

HEADER_TEXT = 3.2  # mm
MARK_TEXT = 2.2
LINE = 0.25  # mm, crop and join lines
GAP = 1.0  # mm between a crop mark and the window corner
NEARLY_BLANK = 0.05  # a section whose window the drawing fills less than this is nearly blank
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
    return settings_file("sheets/sections.yaml", SectionSpec, choices={"orientation": ORIENTATIONS},
                         what="section settings")


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
        return self.label_in(messages())

    def label_in(self, t: Messages) -> str:
        return t("sections.label", row=self.row, column=self.column)

    @property
    def window(self) -> BaseGeometry:
        return box(self.x, self.y, self.x + self.width, self.y + self.height)


@dataclass(frozen=True)
class Plan:
    paper: Paper  # as the sections lie: turned landscape where that is better
    window: tuple[float, float, float, float]  # a section's printed area: left, top, width, height (mm)
    columns: tuple[tuple[float, float], ...]  # each column's span of the drawing (mm)
    rows: tuple[tuple[float, float], ...]
    sections: tuple[Section, ...]  # the sections printed, row by row; blank ones left out
    spec: SectionSpec
    stack: int = 1  # sections on one page, one above the other (a long, low drawing)
    pitch: float = 0.0  # mm from a stacked section's top to the next one's
    area: tuple[float, float, float, float] | None = None  # all a page may print in; None: the window

    @property
    def orientation(self) -> str:
        return "landscape" if self.paper.width > self.paper.height else "portrait"

    @property
    def sheet(self) -> Paper:
        """The page as the PDF holds it and the printer prints it: always upright."""
        short, long = sorted((self.paper.width, self.paper.height))
        return Paper(self.paper.name, short, long)

    @property
    def turned(self) -> bool:
        """Whether the sections lie landscape, drawn turned a quarter on the upright sheet."""
        return self.paper.width > self.paper.height

    @property
    def pages(self) -> tuple[tuple[Section, ...], ...]:
        """The sections of each section page, in order."""
        return tuple(self.sections[i:i + self.stack] for i in range(0, len(self.sections), self.stack))

    @property
    def page_area(self) -> tuple[float, float, float, float]:
        return self.area or self.window

    def printed(self, row: int, column: int) -> bool:
        return any(s.row == row and s.column == column for s in self.sections)

    def slot_window(self, slot: int) -> tuple[float, float, float, float]:
        """The window of the `slot`-th section on a page (0: the top one)."""
        left, top, width, height = self.window
        return (left, top + slot * self.pitch, width, height)

    def to_page(self, section: Section, point) -> tuple[float, float]:
        """A drawing point as it prints on a section's page (in the paper's turn, see `to_sheet`)."""
        left, top, _, _ = self.slot_window(self.sections.index(section) % self.stack)
        return (left + point[0] - section.x, top + point[1] - section.y)

    def to_sheet(self, point) -> tuple[float, float]:
        """A point of a page as laid out (`paper`) where it lands on the upright sheet:
        a landscape page is turned a quarter clockwise, its top along the sheet's right
        edge (text then runs down the sheet, as text extractors expect)."""
        if not self.turned:
            return (point[0], point[1])
        return (self.sheet.width - point[1], point[0])

    def from_sheet(self, point) -> tuple[float, float]:
        """The inverse of `to_sheet`."""
        if not self.turned:
            return (point[0], point[1])
        return (point[1], self.sheet.width - point[0])


def _spans(length: float, size: float, overlap: float, pieces: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Windows of `size` covering 0..length along one axis, neighbours sharing at least
    `overlap`, and each piece (lo, hi) no longer than `size` inside one window.

    The fewest windows come from a greedy walk (each seam as far on as the overlap and
    the pieces allow); the same number spread evenly from end to end is used instead
    when it keeps every piece whole, so that no page is mostly blank. Else the walk is
    held to the shortest stride that still needs no more windows, which spreads what
    the last window would have held alone over all of them."""
    fitting = [(lo, hi) for lo, hi in pieces if hi - lo <= size]

    def run(start: float, stride: float = size) -> list[tuple[float, float]]:
        spans, s = [], start
        while True:
            e = s + size
            spans.append((s, e))
            if e >= length - 1e-6:
                return spans
            cut = [lo for lo, hi in fitting if s + 1e-6 < lo < e - 1e-6 < hi - 1e-6]
            s = min([e - overlap, s + stride] + cut)

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
    stride = _shortest_stride(lambda k: len(run(0.0, k)) <= n, size - overlap)
    balanced = run(0.0, stride)
    centred = run(-(balanced[-1][1] - length) / 2, stride)
    for spans in (centred, balanced):
        if len(spans) == n and whole(spans):
            return spans
    return greedy


def _shortest_stride(enough, longest: float, steps: int = 24) -> float:
    """The shortest stride (to 0.1 mm or so) for which `enough(stride)` holds, given that
    it holds for `longest`."""
    lo, hi = 1.0, longest
    if enough(lo):
        return lo
    for _ in range(steps):
        if hi - lo < 0.05:
            break
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if enough(mid) else (mid, hi)
    return hi


def page_inset(spec: SectionSpec) -> float:
    """Paper edge to a section's window: the margin, and at least enough that the crop
    marks outside the window stay clear of the band printers leave blank."""
    return max(spec.margin, print_area().safe_margin + GAP + spec.mark)


def _printed_area(paper: Paper, spec: SectionSpec) -> tuple[float, float, float, float]:
    """Left, top, width and height of what a page prints in, below its header."""
    inset = page_inset(spec)
    return inset, inset + spec.header, paper.width - 2 * inset, paper.height - 2 * inset - spec.header


def _plan_for(drawing: Drawing, paper: Paper, spec: SectionSpec) -> Plan:
    inset = page_inset(spec)
    left, top, width, height = _printed_area(paper, spec)
    if width <= 2 * spec.overlap or height <= 2 * spec.overlap:
        raise PnpError(f"paper {paper.name} ({paper.width:.0f} x {paper.height:.0f} mm) is too small to print "
                       f"sections with {inset:.0f} mm margins and {spec.overlap:.0f} mm overlap")
    bounds = [p.bounds for p in drawing.pieces]
    columns = _spans(drawing.width, width, spec.overlap, [(b[0], b[2]) for b in bounds])
    low = (min([0.0] + [b[1] for b in bounds]), max([drawing.height] + [b[3] for b in bounds]))
    between = 2 * (GAP + spec.mark)  # two sections' crop marks, one above the other
    stack = int((height + between + 1e-6) // (low[1] - low[0] + between)) if len(columns) > 1 else 1
    if stack >= 2:  # a long, low drawing: one row of low windows, several to a page
        rows, window_h = [low], low[1] - low[0]
    else:
        stack, rows, window_h = 1, _spans(drawing.height, height, spec.overlap, [(b[1], b[3]) for b in bounds]), height
    drawn = drawing.drawn()
    sections = []
    for r, (y0, _) in enumerate(rows, start=1):
        for c, (x0, _) in enumerate(columns, start=1):
            section = Section(r, c, x0, y0, width, window_h)
            seen = drawn.intersection(section.window)
            if not seen.is_empty and (seen.area > 1e-3 or drawn.area == 0):
                sections.append(section)
    return Plan(paper, (left, top, width, window_h), tuple(columns), tuple(rows), tuple(sections), spec,
                stack=min(stack, max(1, len(sections))), pitch=window_h + between, area=(left, top, width, height))


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
    # prefer the way round on which every piece can lie whole, then the fewer pages,
    # then the fewer nearly blank ones; else upright
    return min((tall, wide), key=lambda p: (not _all_fit(drawing, p), len(p.pages), nearly_blank(drawing, p),
                                           p.turned))


def nearly_blank(drawing: Drawing, plan: Plan) -> int:
    """How many printed sections the drawing fills less than NEARLY_BLANK of."""
    drawn = drawing.drawn()
    if drawn.area == 0:
        return 0
    return sum(drawn.intersection(s.window).area < NEARLY_BLANK * s.window.area for s in plan.sections)


def _all_fit(drawing: Drawing, plan: Plan) -> bool:
    width, height = plan.window[2:]
    return all(b[2] - b[0] <= width + 1e-6 and b[3] - b[1] <= height + 1e-6 for b in (p.bounds for p in drawing.pieces))


def paginate(drawing: Drawing, paper: Paper, style: Style, *, title: str, spec: SectionSpec | None = None,
             t: Messages | None = None) -> list[Page]:
    """The overview page, then one page per printed section, as node pages; their
    words in `t`'s language."""
    return render_pages(drawing, plan(drawing, paper, spec), style, title=title, t=t)


def render_pages(drawing: Drawing, plan: Plan, style: Style, *, title: str, t: Messages | None = None) -> list[Page]:
    t = t or messages()
    total = 1 + len(plan.pages)
    pages = [_overview(drawing, plan, style, title, total, t)]
    for n, sections in enumerate(plan.pages, start=2):
        pages.append(_section_page(drawing, plan, sections, style, title, n, total, t))
    return pages


def _sheet(plan: Plan, title: str):
    """An upright page the sheet's size, and the group to draw the page in as laid out:
    the page itself, or for landscape sections a group turned a quarter onto it."""
    sheet = plan.sheet
    dwg = svg.document(sheet.width, sheet.height, title=title)
    if not plan.turned:
        return dwg, dwg
    canvas = svg.group(transform=(shapes.translate(sheet.width, 0), shapes.rotate(90)))
    dwg.add(canvas)
    return dwg, canvas


# --- pages ---------------------------------------------------------------------------

def _header(dwg, plan: Plan, style: Style, title: str, middle: str, number: str) -> None:
    left, top, width, _ = plan.window
    y = top - plan.spec.header * 0.55
    colour = style.color("footer")
    middle_size = HEADER_TEXT * 1.15
    inset = plan.spec.mark + 2.0  # clear of the crop marks
    room = width / 2 - text_width(middle, middle_size, "bold") / 2 - inset - 3.0
    dwg.add(svg.text(title, (left + inset, y), fit_size(title, room, HEADER_TEXT), style, anchor="start", color=colour))
    dwg.add(svg.text(middle, (left + width / 2, y), middle_size, style, weight="bold"))
    dwg.add(svg.text(number, (left + width - inset, y), HEADER_TEXT, style, anchor="end",
                     color=colour))


def _lines(segments, style: Style, colour: str = "crop", dash: str | None = None):
    attrs = {"stroke_dasharray": dash} if dash else {}
    return svg.path(shapes.segments(segments), fill="none", stroke=style.color(colour), stroke_width=LINE, **attrs)


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


def _joins(dwg, plan: Plan, section: Section, window, style: Style, t: Messages) -> None:
    """Where the next section to the right and below starts: a dashed line inside the
    window (hidden once that section lies on it) and pointers in the bottom and side
    margins; the top margin holds the header."""
    left, top, width, height = window
    right, bottom = left + width, top + height
    size = plan.spec.mark * 0.6
    lines = []
    pointers = []
    for c in (section.column + 1,):
        if c <= len(plan.columns) and plan.printed(section.row, c):
            x = left + plan.columns[c - 1][0] - section.x
            lines.append(((x, top), (x, bottom)))
            pointers.append(_pointer((x, bottom + GAP), "up", size))
            label = t("sections.starts_here", row=section.row, column=c)
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


def _section_page(drawing: Drawing, plan: Plan, sections: tuple[Section, ...], style: Style, title: str, page: int,
                  total: int, t: Messages) -> Page:
    """A page of one section, or of several one above the other, each with its marks."""
    dwg, canvas = _sheet(plan, f"{title}, {sections[0].label_in(t)}")
    for slot, section in enumerate(sections):
        window = plan.slot_window(slot)
        _show(dwg, canvas, drawing, section, window, "window" if slot == 0 else f"window-{slot + 1}")
        _joins(canvas, plan, section, window, style, t)
        canvas.add(_lines(crop_marks(*window, plan.spec.mark), style))
        if slot:  # the first is named in the header
            left, top, _, _ = window
            canvas.add(svg.text(t("sections.section", label=section.label_in(t)),
                                (left + plan.spec.mark + 2.0, top - GAP - plan.spec.mark / 2), HEADER_TEXT, style,
                                weight="bold", anchor="start"))
    _header(canvas, plan, style, title, t("sections.section", label=sections[0].label_in(t)),
            t("page.number", page=page, total=total))
    return dwg


def _show(dwg, canvas, drawing: Drawing, section: Section, window, clip_id: str) -> None:
    """The part of the drawing a section shows, clipped to its window."""
    left, top, width, height = window
    shown = svg.group(clip=svg.rect(left, top, width, height))
    placed = svg.group(transform=(shapes.translate(left - section.x, top - section.y),))
    if drawing.items:
        x0, y0, x1, y1 = section.x, section.y, section.x + section.width, section.y + section.height
        for element, (minx, miny, maxx, maxy) in drawing.items:
            if minx < x1 and maxx > x0 and miny < y1 and maxy > y0:
                placed.add(element)
    else:
        placed.add(drawing.content)
    shown.add(placed)
    canvas.add(shown)


def _overview(drawing: Drawing, plan: Plan, style: Style, title: str, total: int, t: Messages) -> Page:
    lying = plan.orientation  # of the sections; the overview page may lie otherwise
    plan = _overview_page(plan)
    paper = plan.paper
    left, top, width, height = plan.page_area
    text_size = 3.0
    notes = [
        t("sections.count", sections=t.count("sections.sections", len(plan.sections)),
          paper=paper.name.upper() if len(paper.name) <= 3 else paper.name.title(),
          orientation=t(f"sections.{lying}"), rows=t.count("sections.rows", len(plan.rows)),
          columns=t.count("sections.columns", len(plan.columns)), overlap=f"{plan.spec.overlap:g}"),
        t("sections.actual_size"),
        t("sections.assembly"),
    ]
    skipped = len(plan.rows) * len(plan.columns) - len(plan.sections)
    if skipped:
        notes.append(t.count("sections.skipped", skipped))
    if plan.stack > 1:
        notes.append(t("sections.stacked", n=plan.stack))
    lines = [line for note in notes for line in wrap(note, text_size, width)]
    block = len(lines) * text_size * 1.35 + 14.0  # notes, then the scale bar
    avail_h = height - block - 4.0
    x0, y0 = plan.columns[0][0], plan.rows[0][0]
    x1, y1 = plan.columns[-1][1], plan.rows[-1][1]
    k = min(width / (x1 - x0), avail_h / (y1 - y0))
    ox = left + (width - (x1 - x0) * k) / 2 - x0 * k
    oy = top - y0 * k

    dwg, canvas = _sheet(plan, f"{title}: {t('sections.overview')}")
    art = svg.group(transform=(shapes.translate(ox, oy), shapes.scale(k)))
    art.add(drawing.content)
    canvas.add(art)
    full_x, full_y = (ox + x0 * k, (x1 - x0) * k), (oy + y0 * k, (y1 - y0) * k)
    shared = [(ox + b0 * k, full_y[0], (a1 - b0) * k, full_y[1]) for (_, a1), (b0, _) in zip(plan.columns, plan.columns[1:])]
    shared += [(full_x[0], oy + b0 * k, full_x[1], (a1 - b0) * k) for (_, a1), (b0, _) in zip(plan.rows, plan.rows[1:])]
    for x, y, w, h in shared:  # what neighbouring sections both print
        canvas.add(svg.rect(x, y, w, h, fill=style.color("crop"), fill_opacity="0.1", stroke="none"))
    for r, (ya, yb) in enumerate(plan.rows, start=1):
        for c, (xa, xb) in enumerate(plan.columns, start=1):
            printed = plan.printed(r, c)
            rect = svg.rect(ox + xa * k, oy + ya * k, (xb - xa) * k, (yb - ya) * k, fill="none",
                            stroke=style.color("crop"), stroke_width=0.35 if printed else 0.2,
                            stroke_dasharray=None if printed else "1.5,1.5")
            canvas.add(rect)
    for r, (ya, yb) in enumerate(plan.rows, start=1):
        for c, (xa, xb) in enumerate(plan.columns, start=1):
            cx = ox + _own_middle(plan.columns, c - 1) * k
            cy = oy + _own_middle(plan.rows, r - 1) * k
            label = t("sections.label", row=r, column=c) if plan.printed(r, c) else t("sections.not_printed")
            _halo_text(canvas, label, (cx, cy), 3.2 if plan.printed(r, c) else 2.6, style)
    y = top + avail_h + 6.0
    for line in lines:
        canvas.add(svg.text(line, (left, y), text_size, style, anchor="start"))
        y += text_size * 1.35
    _scale_bar(canvas, (left, y + 2.0), style)
    _header(canvas, plan, style, title, t("sections.overview"), t("page.number", page=1, total=total))
    return dwg


def _overview_page(plan: Plan) -> Plan:
    """The plan with the page turned whichever way shows the whole drawing larger: the
    overview need not lie as the sections do."""
    x0, x1, y0, y1 = plan.columns[0][0], plan.columns[-1][1], plan.rows[0][0], plan.rows[-1][1]
    best = plan
    for paper in (plan.sheet, Paper(plan.sheet.name, plan.sheet.height, plan.sheet.width)):
        left, top, width, height = _printed_area(paper, plan.spec)
        view = replace(plan, paper=paper, window=(left, top, width, height), area=None, stack=1, pitch=0.0)
        if min(width / (x1 - x0), height / (y1 - y0)) > _scale(best, x1 - x0, y1 - y0) + 1e-9:
            best = view
    return best


def _scale(plan: Plan, w: float, h: float) -> float:
    _, _, width, height = plan.page_area
    return min(width / w, height / h)


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
