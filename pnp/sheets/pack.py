"""Packing pieces onto pages, in millimetres. The packer knows shapes and sizes, never
what a piece depicts.

Hex layouts are computed for flat-topped hexes; pointy hexes are packed the same way
on the page turned a quarter, then turned back (a pointy honeycomb is a flat one with
x and y swapped).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pnp.geometry.hexagon import SQRT3

Segment = tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True)
class Frame:
    """The area pieces may use on a page, in mm from the page's top-left corner."""

    page_width: float
    page_height: float
    left: float
    top: float
    width: float
    height: float


@dataclass(frozen=True)
class Slot:
    index: int  # which piece of the input list
    x: float  # centre, mm
    y: float


@dataclass
class PageLayout:
    slots: list[Slot] = field(default_factory=list)
    cuts: list[Segment] = field(default_factory=list)  # shared cut lines, each drawn once
    marks: list[Segment] = field(default_factory=list)  # crop marks


def frame(page_w: float, page_h: float, margin: float, footer: float) -> Frame:
    return Frame(page_w, page_h, margin, margin, page_w - 2 * margin, page_h - 2 * margin - footer)


def _transpose(f: Frame) -> Frame:
    return Frame(f.page_height, f.page_width, f.top, f.left, f.height, f.width)


def _transpose_pages(pages: list[PageLayout]) -> list[PageLayout]:
    def tp(p):
        return (p[1], p[0])

    return [PageLayout([Slot(s.index, s.y, s.x) for s in page.slots],
                       [(tp(a), tp(b)) for a, b in page.cuts],
                       [(tp(a), tp(b)) for a, b in page.marks]) for page in pages]


def hex_corners(cx: float, cy: float, flat_to_flat: float) -> list[tuple[float, float]]:
    r = flat_to_flat / SQRT3
    return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]


def honeycomb(count: int, f: Frame, tile: float, gap: float, mark: float = 0.0, pointy: bool = False) -> list[PageLayout]:
    """Hexes on a honeycomb whose facing edges are `gap` apart: as many per page as fit."""
    if pointy:
        return _transpose_pages(honeycomb(count, _transpose(f), tile, gap, mark))
    r = tile / SQRT3
    pitch = tile + gap
    col_step = pitch * SQRT3 / 2
    cols = max(1, int((f.width - 2 * r) // col_step) + 1)
    rows = max(1, int((f.height - tile - pitch / 2) // pitch) + 1)
    spots = []
    used_w = (cols - 1) * col_step + 2 * r
    x0 = f.left + (f.width - used_w) / 2 + r
    y0 = f.top + tile / 2
    for row in range(rows):
        for col in range(cols):
            spots.append((x0 + col * col_step, y0 + row * pitch + (pitch / 2 if col % 2 else 0.0)))
    spots.sort(key=lambda p: (round(p[1], 3), p[0]))
    pages: list[PageLayout] = []
    for start in range(0, count, len(spots)):
        page = PageLayout()
        for i, (x, y) in enumerate(spots[: min(len(spots), count - start)]):
            page.slots.append(Slot(start + i, x, y))
            if mark:
                page.marks.extend(_corner_marks(x, y, tile, mark))
        pages.append(page)
    return pages


def _corner_marks(cx: float, cy: float, tile: float, length: float) -> list[Segment]:
    """Short ticks pointing out of the left and right corners, where a knife starts."""
    r = tile / SQRT3
    return [((cx - r - 0.6, cy), (cx - r - 0.6 - length, cy)), ((cx + r + 0.6, cy), (cx + r + 0.6 + length, cy))]


def columns(count: int, f: Frame, tile: float, column_gap: float, rows: int | None = None,
            cols: int | None = None, pointy: bool = False) -> list[PageLayout]:
    """Columns of hexes that share their top and bottom edges: one straight cut frees
    a tile from the next. Shared cut lines are listed once per page."""
    if pointy:
        return _transpose_pages(columns(count, _transpose(f), tile, column_gap, rows, cols))
    r = tile / SQRT3
    w = 2 * r
    fit_cols = max(1, int((f.width + column_gap) // (w + column_gap)))
    fit_rows = max(1, int(f.height // tile))
    cols = min(cols or fit_cols, fit_cols)
    rows = min(rows or fit_rows, fit_rows)
    used_w = cols * w + (cols - 1) * column_gap
    x0 = f.left + (f.width - used_w) / 2 + r
    y0 = f.top + (f.height - rows * tile) / 2 + tile / 2
    per_page = cols * rows
    pages: list[PageLayout] = []
    for start in range(0, count, per_page):
        page = PageLayout()
        n = min(per_page, count - start)
        for k in range(n):
            col, row = divmod(k, rows)
            page.slots.append(Slot(start + k, x0 + col * (w + column_gap), y0 + row * tile))
        for col in range(cols):
            in_col = max(0, min(rows, n - col * rows))
            if not in_col:
                continue
            page.cuts.extend(_column_cuts(x0 + col * (w + column_gap), y0, in_col, tile, min(column_gap / 2, 3.0)))
        pages.append(page)
    return pages


def _column_cuts(cx: float, y0: float, n: int, tile: float, reach: float) -> list[Segment]:
    """Cut lines of one column of n hexes: each shared edge once (run a little past the
    corners so the blade finds it), the top and bottom edges, and the two zigzag sides."""
    r = tile / SQRT3
    cuts: list[Segment] = []
    for row in range(n + 1):
        y = y0 - tile / 2 + row * tile
        extra = reach if 0 < row < n else 0.0
        cuts.append(((cx - r / 2 - extra, y), (cx + r / 2 + extra, y)))
    for side in (-1, 1):
        pts = []
        for row in range(n):
            cy = y0 + row * tile
            pts += [(cx + side * r / 2, cy - tile / 2), (cx + side * r, cy)]
        pts.append((cx + side * r / 2, y0 + (n - 1) * tile + tile / 2))
        cuts.extend(zip(pts, pts[1:]))
    return cuts


def grid(count: int, f: Frame, width: float, height: float, gap: float = 0.0) -> list[PageLayout]:
    """Rectangles in rows and columns (cards, certificates); `gap` between them."""
    cols = max(1, int((f.width + gap) // (width + gap)))
    rows = max(1, int((f.height + gap) // (height + gap)))
    used_w = cols * width + (cols - 1) * gap
    used_h = rows * height + (rows - 1) * gap
    x0 = f.left + (f.width - used_w) / 2 + width / 2
    y0 = f.top + (f.height - used_h) / 2 + height / 2
    per_page = cols * rows
    pages = []
    for start in range(0, count, per_page):
        page = PageLayout()
        for k in range(min(per_page, count - start)):
            row, col = divmod(k, cols)
            page.slots.append(Slot(start + k, x0 + col * (width + gap), y0 + row * (height + gap)))
        pages.append(page)
    return pages
