"""Flowing blocks of content down columns and across pages, in millimetres, as text
flows in a newspaper. The flow knows sizes, never what a block shows.

A block may ask to start a new column (a new group) and a heading may ask to stay with
the block after it, so no column ends with a lone heading.
"""

from __future__ import annotations


from msgspec import Struct

from pnp.sheets.pack import Frame


class Block(Struct, frozen=True):
    width: float
    height: float
    content: object = None
    new_column: bool = False  # start on a fresh column unless the current one is empty
    keep_with_next: bool = False  # a heading: never the last block of a column


class Placed(Struct, frozen=True):
    block: Block
    x: float  # top-left corner, mm from the page's top-left
    y: float


class TooTall(ValueError):
    """A block is taller than a whole column."""


def column_width(frame: Frame, columns: int, gap: float) -> float:
    return (frame.width - (columns - 1) * gap) / columns


def flow(blocks: list[Block], frame: Frame, columns: int, gap: float, spacing: float = 0.0) -> list[list[Placed]]:
    """Pages of placed blocks. `gap` is between columns, `spacing` between blocks in a
    column. Blocks keep their order: down a column, then the next column, then the
    next page."""
    if columns < 1:
        raise ValueError("at least one column")
    pages: list[list[Placed]] = []
    for block, (page, x, y) in zip(blocks, _slots(blocks, frame, columns, gap, spacing)):
        if page == len(pages):
            pages.append([])
        pages[page].append(Placed(block, x, y))
    return pages


def _slots(blocks: list[Block], frame: Frame, columns: int, gap: float, spacing: float):
    """(page number from 0, x, y) of each block in turn, as `flow` places them; a page
    starts only for a block that goes on it, so no page is empty."""
    width = column_width(frame, columns, gap)
    for page, col, y in _walk(blocks, frame.top, frame.height, columns, spacing):
        yield page, frame.left + col * (width + gap), y


def _walk(blocks: list[Block], top: float, height: float, columns: int, spacing: float):
    """(page, column, y) of each block in turn: the rule of `flow` (`_slots`), and of
    counting its pages without placing (`_page_count`). A block goes to the next column
    when it asks for one or would not fit, with the block it keeps with."""
    limit = top + height + 1e-9
    page, col, y = 0, 0, top
    used = False  # whether the current column holds anything
    last = len(blocks) - 1
    for i, block in enumerate(blocks):
        if block.height > height:
            raise TooTall(f"a block {block.height:.1f} mm tall does not fit a column {height:.1f} mm tall")
        need = block.height
        if block.keep_with_next and i < last:
            need += spacing + blocks[i + 1].height
        if used and (block.new_column or y + need > limit):  # the next column
            col, y = col + 1, top
            if col == columns:
                page, col = page + 1, 0
        yield page, col, y
        y += block.height + spacing
        used = True


class BlockGroup(Struct, frozen=True):
    """A heading over blocks that flow in `columns` columns of their own; groups stack
    down the page, and a group too long for what is left continues on the next page."""

    heading: Block | None
    blocks: list[Block]
    columns: int = 1


def _sub_frame(frame: Frame, top: float, height: float) -> Frame:
    return Frame(frame.page_width, frame.page_height, frame.left, top, frame.width, height)


def _balanced_height(blocks: list[Block], frame: Frame, columns: int, gap: float, spacing: float) -> float:
    """The least height in which the blocks fit `columns` columns on one page (frame's
    height is known to suffice), so the columns come out even."""
    lo = max(b.height for b in blocks)
    hi = frame.height
    for _ in range(30):
        if hi - lo < 0.1:
            break
        mid = (lo + hi) / 2
        if _on_one_page(blocks, frame.top, mid, columns, spacing):
            hi = mid
        else:
            lo = mid
    return hi


def _on_one_page(blocks: list[Block], top: float, height: float, columns: int, spacing: float) -> bool:
    """Whether `_slots` puts every block on the first page of a frame `height` tall
    starting at `top` (the balancing asks this a dozen times per group and tile size)."""
    return _page_count(blocks, top, height, columns, spacing, most=2) == 1


def page_count(blocks: list[Block], frame: Frame, columns: int, spacing: float = 0.0) -> int:
    """How many pages `flow` fills with the blocks, without placing them: a layout
    that tries many sizes asks this of each and places only the best."""
    return _page_count(blocks, frame.top, frame.height, columns, spacing)


def _page_count(blocks: list[Block], top: float, height: float, columns: int, spacing: float,
                most: int | None = None) -> int:
    """The pages `_walk` fills (TooTall as it raises), or `most` as soon as a block starts
    page `most` (counting no further)."""
    pages = 0
    for page, _, _ in _walk(blocks, top, height, columns, spacing):
        if page + 1 == most:
            return most
        pages = page + 1
    return pages


def flow_groups(groups: list[BlockGroup], frame: Frame, gap: float, spacing: float = 0.0,
                group_gap: float = 0.0) -> list[list[Placed]]:
    """Pages of placed blocks: each group's heading spans the frame's width, its
    blocks fill its own columns evenly under it."""
    pages: list[list[Placed]] = [[]]
    y = frame.top
    bottom = frame.top + frame.height

    def new_page():
        nonlocal y
        pages.append([])
        y = frame.top

    for group in groups:
        rest = list(group.blocks)
        heading = group.heading
        while rest:
            head_h = heading.height + spacing if heading else 0.0
            if pages[-1] and y + head_h + rest[0].height > bottom + 1e-9:
                new_page()
            if heading:
                pages[-1].append(Placed(heading, frame.left, y))
                y += head_h
                heading = None
            room = _sub_frame(frame, y, bottom - y)
            if _on_one_page(rest, y, bottom - y, group.columns, spacing):  # placed only once balanced
                height = _balanced_height(rest, room, group.columns, gap, spacing)
                placed = flow(rest, _sub_frame(frame, y, height), group.columns, gap, spacing)
                pages[-1].extend(placed[0])
                y = max(p.y + p.block.height for p in placed[0]) + spacing + group_gap
                rest = []
            else:
                placed = flow(rest, room, group.columns, gap, spacing)
                pages[-1].extend(placed[0])
                rest = rest[len(placed[0]):]
                new_page()
    return [p for p in pages if p]
