"""How a drawing too large for the paper is cut into page sections: the settings
(`templates/sheets/sections.yaml`), the drawing as pagination sees it, and the plan of
windows (columns, rows, stacking, landscape or upright). `paginate.py` says how; this
module only computes geometry, no page is drawn here."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import cache

from msgspec import Struct
from msgspec.structs import replace

from pnp.errors import PnpError
from pnp.geometry.outlines import box
from pnp.geometry.plane import Shape, intersects, signed_area, union
from pnp.geometry.plane_area import PartFacts, overlap_area
from pnp.i18n import Messages, messages
from pnp.sheets.printable import print_area
from pnp.templates import Paper, settings_file

GAP = 1.0  # mm between a crop mark and the window corner
NEARLY_BLANK = 0.05  # a section whose window the drawing fills less than this is nearly blank
ORIENTATIONS = ("auto", "portrait", "landscape")
_AREA_SLACK = 1e-6  # of an area summed two ways (and in mm² near zero): far above rounding, far below a threshold


class SectionSpec(Struct, frozen=True):
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


class Drawing(Struct, frozen=True):
    content: object
    width: float
    height: float
    pieces: tuple[Shape, ...] = ()  # plane shapes (pnp.geometry.plane)
    footprint: Shape | None = None
    items: tuple[tuple[object, tuple[float, float, float, float]], ...] = ()  # optional, see below
    tiles: int = 0  # the first parts of `drawn()` that tile the plane: a map's hexes (see _Filled.clearly_over)

    def drawn(self) -> Shape:
        if self.footprint is not None:
            return self.footprint
        if self.pieces:
            return union(*self.pieces)
        return box(0, 0, self.width, self.height)


class PageSection(Struct, frozen=True):
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
    def window(self) -> Shape:
        return box(self.x, self.y, self.x + self.width, self.y + self.height)


class Plan(Struct, frozen=True):
    paper: Paper  # as the sections lie: turned landscape where that is better
    window: tuple[float, float, float, float]  # a section's printed area: left, top, width, height (mm)
    columns: tuple[tuple[float, float], ...]  # each column's span of the drawing (mm)
    rows: tuple[tuple[float, float], ...]
    sections: tuple[PageSection, ...]  # the sections printed, row by row; blank ones left out
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
    def pages(self) -> tuple[tuple[PageSection, ...], ...]:
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

    def to_page(self, section: PageSection, point) -> tuple[float, float]:
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
    fitting = sorted((lo, hi) for lo, hi in pieces if hi - lo <= size)
    starts = [lo for lo, _ in fitting]

    def run(start: float, stride: float = size) -> list[tuple[float, float]]:
        spans, s = [], start
        while True:
            e = s + size
            spans.append((s, e))
            if e >= length - 1e-6:
                return spans
            cut = _first_cut(fitting, starts, s, e)
            s = min(e - overlap, s + stride) if cut is None else min(e - overlap, s + stride, cut)

    def whole(spans) -> bool:
        return _keeps_whole(spans, fitting)

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


def _first_cut(fitting: list[tuple[float, float]], starts: list[float], s: float, e: float) -> float | None:
    """Where the first piece that a window from s to e would cut starts (it starts inside
    the window and ends beyond it), or None: the next window starts no later. `fitting`
    is sorted, `starts` its starts: only the pieces starting inside the window are
    looked at, in order, up to the first that is cut."""
    inside = fitting[bisect_right(starts, s + 1e-6):bisect_left(starts, e - 1e-6)]  # s + 1e-6 < lo < e - 1e-6
    return next((lo for lo, hi in inside if e - 1e-6 < hi - 1e-6), None)


def _keeps_whole(spans: list[tuple[float, float]], fitting: list[tuple[float, float]]) -> bool:
    """Whether each piece (lo, hi) lies inside some span (a, b), to 1e-6: inside the
    last span that starts at or before it, if any. The spans start ever further on and
    are all as long (b = a + size), so that one reaches furthest of those it could lie in."""
    firsts = [a - 1e-6 for a, _ in spans]
    for lo, hi in fitting:
        j = bisect_right(firsts, lo)
        if j == 0 or not hi <= spans[j - 1][1] + 1e-6:
            return False
    return True


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


def printed_area(paper: Paper, spec: SectionSpec) -> tuple[float, float, float, float]:
    """Left, top, width and height of what a page prints in, below its header."""
    inset = page_inset(spec)
    return inset, inset + spec.header, paper.width - 2 * inset, paper.height - 2 * inset - spec.header


class _Filled:
    """How much of each window the drawing covers (`overlap_area`), worked out once per
    window: `plan` asks of the same windows whether they hold any of the drawing, then
    how many are nearly blank, and the drawn area of a large map against a window is
    most of what planning its sections costs. `tiles`: how many of the drawn shape's
    first parts tile the plane (`Drawing.tiles`)."""

    def __init__(self, drawn: Shape, tiles: int = 0):
        self.drawn = drawn
        self._areas: dict[tuple[float, float, float, float], float] = {}
        self._facts: PartFacts | None = None  # what the drawing's parts are alike for every window
        self._tiles = min(tiles, len(drawn.parts))
        self._tile_areas: list[float | None] = [None] * self._tiles

    def area(self, section: PageSection) -> float:
        key = (section.x, section.y, section.width, section.height)
        if key not in self._areas:
            if self._facts is None:
                self._facts = PartFacts(self.drawn)
            self._areas[key] = overlap_area(self.drawn, section.window, self._facts)
        return self._areas[key]

    def more_than(self, section: PageSection, amount: float) -> bool:
        """Whether the drawing covers more than `amount` of the section's window."""
        return self.clearly_over(section, amount) or self.area(section) > amount

    def clearly_over(self, section: PageSection, amount: float) -> bool:
        """Whether the tiles lying whole inside the window cover clearly more than
        `amount` on their own: then so does the drawing. Tiles overlap no other tile
        (but by rounding: a map's hexes are worked out from their own centres), so
        together they cover the sum of their areas; the drawing covers at least that,
        and `area` works the drawing's cover out to far less than the margin here. A
        page window full of a map's hexes is so decided without cutting the hexes
        along its edges and without `PartFacts`, most of what its area costs."""
        x0, y0, x1, y1 = section.x, section.y, section.x + section.width, section.y + section.height
        parts, boxes, areas = self.drawn.parts, self.drawn.boxes, self._tile_areas
        inside = 0.0
        for i in range(self._tiles):
            box = boxes[i]
            if x0 <= box[0] and y0 <= box[1] and box[2] <= x1 and box[3] <= y1:
                if areas[i] is None:
                    areas[i] = signed_area(parts[i])
                inside += areas[i]
        return inside * (1.0 - _AREA_SLACK) - _AREA_SLACK > amount


def _plan_for(drawing: Drawing, paper: Paper, spec: SectionSpec, filled: _Filled | None = None) -> Plan:
    inset = page_inset(spec)
    left, top, width, height = printed_area(paper, spec)
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
    filled = filled or _Filled(drawn, drawing.tiles)
    empty = _no_area(drawn)
    sections = []
    for r, (y0, _) in enumerate(rows, start=1):
        for c, (x0, _) in enumerate(columns, start=1):
            section = PageSection(r, c, x0, y0, width, window_h)
            window = section.window
            if intersects(drawn, window) and (empty or filled.more_than(section, 1e-3)):
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
    filled = _Filled(drawing.drawn(), drawing.tiles)
    tall, wide = _plan_for(drawing, portrait, spec, filled), _plan_for(drawing, landscape, spec, filled)
    # prefer the way round on which every piece can lie whole, then the fewer pages,
    # then the fewer nearly blank ones; else upright
    return min((tall, wide), key=lambda p: (not _all_fit(drawing, p), len(p.pages), nearly_blank(drawing, p, filled),
                                           p.turned))


def nearly_blank(drawing: Drawing, plan: Plan, filled: _Filled | None = None) -> int:
    """How many printed sections the drawing fills less than NEARLY_BLANK of (`filled`:
    the areas already worked out for the same drawing)."""
    filled = filled or _Filled(drawing.drawn(), drawing.tiles)
    if _no_area(filled.drawn):
        return 0
    least = [NEARLY_BLANK * s.width * s.height for s in plan.sections]
    return sum(not filled.clearly_over(s, n) and filled.area(s) < n for s, n in zip(plan.sections, least))


def _no_area(shape: Shape) -> bool:
    """Whether a union of parts covers no area (every part flat)."""
    return all(signed_area(p) == 0 for p in shape.parts)


def _all_fit(drawing: Drawing, plan: Plan) -> bool:
    width, height = plan.window[2:]
    return all(b[2] - b[0] <= width + 1e-6 and b[3] - b[1] <= height + 1e-6 for b in (p.bounds for p in drawing.pieces))
