"""Packing pieces onto pages, in millimetres. The packer knows shapes and sizes, never
what a piece depicts.

Hex layouts are computed for flat-topped hexes; pointy hexes are packed the same way
on the page turned a quarter, then turned back (a pointy honeycomb is a flat one with
x and y swapped).
"""

from __future__ import annotations

import math

from msgspec import Struct, field

from pnp.geometry.hexagon import SQRT3

Segment = tuple[tuple[float, float], tuple[float, float]]


class Frame(Struct, frozen=True):
    """The area pieces may use on a page, in mm from the page's top-left corner."""

    page_width: float
    page_height: float
    left: float
    top: float
    width: float
    height: float


class Slot(Struct, frozen=True):
    index: int  # which piece of the input list
    x: float  # centre, mm
    y: float


class Outline(Struct, frozen=True):
    """The cut line of one rectangular or round piece: centre and size in mm."""

    x: float
    y: float
    width: float
    height: float
    round: bool = False
    radius: float = 0.0  # a rectangle's corner radius


class PageLayout(Struct):
    slots: list[Slot] = field(default_factory=list)
    cuts: list[Segment] = field(default_factory=list)  # shared cut lines, each drawn once
    marks: list[Segment] = field(default_factory=list)  # crop marks
    outlines: list[Outline] = field(default_factory=list)  # each piece's own closed cut line


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
    marks = [m for x, y in spots for m in _corner_marks(x, y, tile, mark)] if mark else []  # the same on every page
    pages: list[PageLayout] = []
    for start in range(0, count, len(spots)):
        n = min(len(spots), count - start)
        pages.append(PageLayout([Slot(start + i, x, y) for i, (x, y) in enumerate(spots[:n])], marks=marks[:2 * n]))
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


# --- cards, certificates and tokens ----------------------------------------------------


class PieceSize(Struct, frozen=True):
    width: float  # mm; a round piece has width == height == its diameter
    height: float
    round: bool = False


class Spacing(Struct, frozen=True):
    """How pieces of one kind sit: `gap` between neighbours (room for both bleeds),
    crop marks of `mark` length starting `mark_offset` outside the cut line."""

    gap: float
    mark: float = 0.0
    mark_offset: float = 0.0

    @property
    def mark_reach(self) -> float:
        return self.mark_offset + self.mark if self.mark else 0.0


class _Block(Struct, frozen=True):
    start: int  # index of the first piece
    count: int
    size: PieceSize
    cols: int
    rows: int
    x0: float  # centre of the first piece
    y0: float


def _runs(sizes: list[PieceSize]) -> list[tuple[int, int, PieceSize]]:
    """Consecutive pieces of one size, as (first index, count, size)."""
    runs: list[tuple[int, int, PieceSize]] = []
    for i, size in enumerate(sizes):
        if runs and runs[-1][2] == size:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1, size)
        else:
            runs.append((i, 1, size))
    return runs


def blocks(sizes: list[PieceSize], f: Frame, spacing: dict[bool, Spacing]) -> list[PageLayout]:
    """Rectangles and discs in grid blocks, in input order: each run of one size fills
    rows of as many as fit across the frame, flowing onto the next page when the page is
    full. Every piece gets its own closed outline; rectangular blocks get crop marks
    along every cut line, outside the block. `spacing[round]` says how each shape sits.
    Each page's blocks are centred in the frame."""
    pages: list[list[_Block]] = [[]]
    y = f.top
    for start, count, size in _runs(sizes):
        sp = spacing[size.round]
        if size.width > f.width + 1e-6 or size.height > f.height + 1e-6:
            raise ValueError(f"a piece of {size.width:.1f} x {size.height:.1f} mm does not fit the printable "
                             f"area of {f.width:.1f} x {f.height:.1f} mm")
        cols = max(1, int((f.width + sp.gap + 1e-6) // (size.width + sp.gap)))
        done = 0
        while done < count:
            if pages[-1]:
                y += _separation(pages[-1][-1].size, spacing, size)
            rows = int((f.top + f.height - y + sp.gap + 1e-6) // (size.height + sp.gap))
            if rows < 1:
                pages.append([])
                y = f.top
                continue
            n = min(count - done, rows * cols)
            rows = -(-n // cols)
            used_cols = min(cols, n)
            used_w = used_cols * size.width + (used_cols - 1) * sp.gap
            x0 = f.left + (f.width - used_w) / 2 + size.width / 2
            pages[-1].append(_Block(start + done, n, size, used_cols, rows, x0, y + size.height / 2))
            y += rows * size.height + (rows - 1) * sp.gap
            done += n
    return [_page(page, f, spacing) for page in pages if page]


def _separation(above: PieceSize, spacing: dict[bool, Spacing], below: PieceSize) -> float:
    """Room between two blocks: both blocks' crop marks, or else the larger gap."""
    a, b = spacing[above.round], spacing[below.round]
    marks = (a.mark_reach if not above.round else 0.0) + (b.mark_reach if not below.round else 0.0)
    return max(a.gap, b.gap, marks + (1.0 if marks else 0.0))


def _page(page_blocks: list[_Block], f: Frame, spacing: dict[bool, Spacing]) -> PageLayout:
    last = page_blocks[-1]
    gap = spacing[last.size.round].gap
    bottom = last.y0 - last.size.height / 2 + last.rows * last.size.height + (last.rows - 1) * gap
    shift = (f.top + f.height - bottom) / 2
    layout = PageLayout()
    for b in page_blocks:
        sp = spacing[b.size.round]
        step_x, step_y = b.size.width + sp.gap, b.size.height + sp.gap
        for k in range(b.count):
            row, col = divmod(k, b.cols)
            x, y = b.x0 + col * step_x, b.y0 + shift + row * step_y
            layout.slots.append(Slot(b.start + k, x, y))
            layout.outlines.append(Outline(x, y, b.size.width, b.size.height, b.size.round))
        if not b.size.round and sp.mark:
            layout.marks.extend(_block_marks(b, shift, sp))
    return layout


def _block_marks(b: _Block, shift: float, sp: Spacing) -> list[Segment]:
    """Crop marks outside a block of rectangles, in line with every cut."""
    w, h = b.size.width, b.size.height
    left = b.x0 - w / 2
    top = b.y0 + shift - h / 2
    right = left + b.cols * w + (b.cols - 1) * sp.gap
    bottom = top + b.rows * h + (b.rows - 1) * sp.gap
    xs = sorted({round(left + c * (w + sp.gap) + d, 3) for c in range(b.cols) for d in (0.0, w)})
    ys = sorted({round(top + r * (h + sp.gap) + d, 3) for r in range(b.rows) for d in (0.0, h)})
    near, far = sp.mark_offset, sp.mark_offset + sp.mark
    marks: list[Segment] = []
    for x in xs:
        marks += [((x, top - near), (x, top - far)), ((x, bottom + near), (x, bottom + far))]
    for y in ys:
        marks += [((left - near, y), (left - far, y)), ((right + near, y), (right + far, y))]
    return marks


def mirrored(page: PageLayout, page_w: float, page_h: float, duplex: str) -> PageLayout:
    """The back of a page: each slot where its front lands when the sheet is turned over
    its long edge (`long`) or its short edge (`short`). On an upright page the long edge
    is a side, so `long` mirrors left to right and `short` top to bottom; on a landscape
    page the other way round. Backs carry no cut lines or marks."""
    if flip_mirror(page_w, page_h, duplex) == "horizontal":
        slots = [Slot(s.index, page_w - s.x, s.y) for s in page.slots]
    else:
        slots = [Slot(s.index, s.x, page_h - s.y) for s in page.slots]
    return PageLayout(slots)


def flip_mirror(page_w: float, page_h: float, duplex: str) -> str:
    """How a sheet's back lies against its front: "horizontal" when the sheet turns
    over a vertical edge (left and right swap: the long edge of an upright page),
    "vertical" when it turns over a horizontal edge (top and bottom swap)."""
    if duplex not in ("long", "short"):
        raise ValueError(f"unknown duplex mode '{duplex}' (long or short)")
    upright = page_h >= page_w
    return "horizontal" if (duplex == "long") == upright else "vertical"


def clip_marks(marks: list[Segment], box: tuple[float, float, float, float], shortest: float = 1.0) -> list[Segment]:
    """Axis-aligned marks cut back to lie inside box (x0, y0, x1, y1): a crop mark
    shortens where the paper's edge leaves no room for all of it, and goes where less
    than `shortest` mm of it would be left."""
    x0, y0, x1, y1 = box
    out: list[Segment] = []
    for (ax, ay), (bx, by) in marks:
        if ax == bx:  # vertical
            if not x0 - 1e-9 <= ax <= x1 + 1e-9:
                continue
            lo, hi = max(min(ay, by), y0), min(max(ay, by), y1)
            a, b = ((ax, lo), (ax, hi)) if ay <= by else ((ax, hi), (ax, lo))
        else:
            if not y0 - 1e-9 <= ay <= y1 + 1e-9:
                continue
            lo, hi = max(min(ax, bx), x0), min(max(ax, bx), x1)
            a, b = ((lo, ay), (hi, ay)) if ax <= bx else ((hi, ay), (lo, ay))
        if hi - lo >= shortest - 1e-9:
            out.append((a, b))
    return out
