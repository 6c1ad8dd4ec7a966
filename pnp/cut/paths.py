"""Cut paths: the lines a knife follows, in page millimetres (x right, y down from the
page's top-left corner), as data taken from where the sheets layer placed each piece.

A hex tile's cut is its hexagon, a card's its rectangle (with a corner radius when the
card has round corners), a token's its circle, and tiles that share edges are freed by
straight cuts along those edges (open polylines)."""

from __future__ import annotations

import math
from functools import lru_cache

from msgspec import Struct

from pnp.sheets.pack import PageLayout, Segment

Point = tuple[float, float]


class Polygon(Struct, frozen=True):
    """A closed outline of straight sides (a hex)."""

    points: tuple[Point, ...]

    def scaled(self, k: float, about: Point) -> "Polygon":
        return Polygon(tuple(_scale(p, k, about) for p in self.points))


class Rect(Struct, frozen=True):
    """A rectangle by its centre and size, its corners rounded by `radius`."""

    x: float
    y: float
    width: float
    height: float
    radius: float = 0.0

    def scaled(self, k: float, about: Point) -> "Rect":
        x, y = _scale((self.x, self.y), k, about)
        return Rect(x, y, self.width * k, self.height * k, self.radius * k)


class Circle(Struct, frozen=True):
    x: float
    y: float
    r: float

    def scaled(self, k: float, about: Point) -> "Circle":
        x, y = _scale((self.x, self.y), k, about)
        return Circle(x, y, self.r * k)


class Polyline(Struct, frozen=True):
    """An open run of straight cuts (shared edges of tessellated tiles)."""

    points: tuple[Point, ...]

    def scaled(self, k: float, about: Point) -> "Polyline":
        return Polyline(tuple(_scale(p, k, about) for p in self.points))


CutPath = Polygon | Rect | Circle | Polyline
PageCuts = list[CutPath]


def _scale(p: Point, k: float, about: Point) -> Point:
    return (about[0] + (p[0] - about[0]) * k, about[1] + (p[1] - about[1]) * k)


class HexPieces(Struct, frozen=True):
    """How a page's slots are cut when the layout lists no cut lines of its own: each
    slot a hexagon of `size` flat to flat, turned `turn` degrees from flat-topped."""

    size: float
    turn: float = 0.0


def hexagon(cx: float, cy: float, size: float, turn: float = 0.0) -> Polygon:
    return Polygon(tuple([(cx + dx, cy + dy) for dx, dy in _hex_corners(size, turn)]))


@lru_cache(maxsize=16)
def _hex_corners(size: float, turn: float) -> tuple[Point, ...]:
    """A hexagon's corners about its centre: worked out once for a sheet's 10,000 tiles."""
    r = size / math.sqrt(3)
    return tuple((r * math.cos(math.radians(a + turn)), r * math.sin(math.radians(a + turn))) for a in range(0, 360, 60))


def layout_cuts(layout: PageLayout, hexes: HexPieces | None = None) -> PageCuts:
    """A packed page's cut paths: every piece's own outline, the shared straight cuts
    joined into runs, and (for `hexes`) a hexagon around each slot when the page has
    no shared cuts."""
    cuts: PageCuts = []
    for o in layout.outlines:
        if o.round:
            cuts.append(Circle(o.x, o.y, o.width / 2))
        else:
            cuts.append(Rect(o.x, o.y, o.width, o.height, o.radius))
    cuts.extend(Polyline(run) for run in join_segments(layout.cuts))
    if hexes is not None and not layout.cuts:
        cuts.extend(hexagon(s.x, s.y, hexes.size, hexes.turn) for s in layout.slots)
    return cuts


def join_segments(segments: list[Segment], tolerance: float = 1e-6) -> list[tuple[Point, ...]]:
    """Consecutive segments that meet end to start, as runs of points: one blade
    stroke where the drawing has several."""
    runs: list[list[Point]] = []
    for a, b in segments:
        if runs and math.dist(runs[-1][-1], a) <= tolerance:
            runs[-1].append(b)
        else:
            runs.append([a, b])
    return [tuple(run) for run in runs]


def with_backs(pages: list[PageCuts]) -> list[PageCuts]:
    """Per-page cuts of a document whose every page is followed by its back: a back
    is not cut (its front is)."""
    out: list[PageCuts] = []
    for page in pages:
        out += [page, []]
    return out


def scaled(pages: list[PageCuts], k: float, width: float, height: float) -> list[PageCuts]:
    """Cuts of pages drawn `k` times larger about the page centre (printer calibration)."""
    if abs(k - 1.0) < 1e-9:
        return pages
    about = (width / 2, height / 2)
    return [[c.scaled(k, about) for c in page] for page in pages]


class CutPages(Struct):
    """A document's cut paths, page by page, on pages of width x height mm."""

    width: float
    height: float
    pages: list[PageCuts]

    def with_backs(self) -> "CutPages":
        return CutPages(self.width, self.height, with_backs(self.pages))

    def scaled(self, k: float) -> "CutPages":
        return CutPages(self.width, self.height, scaled(self.pages, k, self.width, self.height))


def section_windows(plan) -> list[PageCuts]:
    """The cut paths of a paginated drawing's pages (`pnp.sheets.paginate.Plan`): none on
    the overview page, then each section's window, where its crop marks say to trim,
    on the upright sheet the page prints on."""
    pages: list[PageCuts] = [[]]
    for sections in plan.pages:
        cuts: PageCuts = []
        for slot in range(len(sections)):
            left, top, width, height = plan.slot_window(slot)
            (ax, ay), (bx, by) = plan.to_sheet((left, top)), plan.to_sheet((left + width, top + height))
            cuts.append(Rect((ax + bx) / 2, (ay + by) / 2, abs(bx - ax), abs(by - ay)))
        pages.append(cuts)
    return pages
