"""Flowing blocks down columns and pages (pnp/sheets/flow.py)."""

import pytest

from pnp.sheets.flow import Block, BlockGroup, TooTall, flow, flow_groups
from pnp.sheets.pack import Frame

FRAME = Frame(210, 297, 10, 20, 100, 50)  # 100 mm wide, 50 mm tall, from (10, 20)


def positions(pages):
    return [[(round(p.x, 3), round(p.y, 3)) for p in page] for page in pages]


def test_blocks_fill_a_column_then_the_next_then_a_page():
    blocks = [Block(40, 20) for _ in range(5)]
    pages = flow(blocks, FRAME, columns=2, gap=20)
    assert positions(pages) == [[(10, 20), (10, 40), (70, 20), (70, 40)], [(10, 20)]]


def test_new_column_and_headings_kept_with_what_follows():
    blocks = [Block(40, 10, "h1", new_column=True, keep_with_next=True), Block(40, 30),
              Block(40, 5, "h2", keep_with_next=True), Block(40, 20)]
    pages = flow(blocks, FRAME, columns=2, gap=20)
    # h2 would fit at y=60 but its block would not: both move to the next column
    assert positions(pages) == [[(10, 20), (10, 30), (70, 20), (70, 25)]]
    again = flow([Block(40, 10), Block(40, 10, new_column=True)], FRAME, columns=2, gap=20)
    assert positions(again) == [[(10, 20), (70, 20)]]


def test_a_block_taller_than_a_column_is_an_error():
    with pytest.raises(TooTall):
        flow([Block(10, 51)], FRAME, columns=1, gap=0)


def test_groups_stack_and_balance_their_columns():
    heading = Block(100, 5, "heading")
    first = BlockGroup(heading, [Block(40, 10) for _ in range(4)], columns=2)
    second = BlockGroup(heading, [Block(100, 10)], columns=1)
    [page] = flow_groups([first, second], FRAME, gap=20)
    spots = positions([page])[0]
    assert spots[0] == (10, 20)  # heading
    assert spots[1:5] == [(10, 25), (10, 35), (70, 25), (70, 35)]  # two even columns of two
    assert spots[5] == (10, 45) and spots[6] == (10, 50)  # the next group right under them


def test_a_long_group_continues_on_the_next_page():
    group = BlockGroup(Block(100, 5), [Block(100, 10) for _ in range(7)], columns=1)
    pages = flow_groups([group], FRAME, gap=0)
    assert [len(p) for p in pages] == [5, 3]  # heading + 4 rows, then 3 rows
    assert all(p.y + p.block.height <= 70 + 1e-9 for page in pages for p in page)


def test_the_balancing_question_answers_as_the_flow_places():
    """`_on_one_page` (what column balancing asks) agrees with where `_slots` puts
    every block, over varied blocks, column counts and frame heights."""
    import random

    from pnp.sheets.flow import _on_one_page, _slots, page_count

    rng = random.Random(12)
    for _ in range(400):
        blocks = [Block(30, rng.choice([3.0, 7.5, 10.0, 12.25, 20.0]), new_column=rng.random() < 0.1,
                        keep_with_next=rng.random() < 0.2) for _ in range(rng.randint(1, 12))]
        columns, spacing = rng.randint(1, 3), rng.choice([0.0, 1.5, 3.0])
        height = max(b.height for b in blocks) + rng.uniform(0.05, 60)
        frame = Frame(210, 297, 10, 20, 100, height)
        expected = all(page == 0 for page, _, _ in _slots(blocks, frame, columns, 20, spacing))
        assert _on_one_page(blocks, 20, height, columns, spacing) == expected
        assert page_count(blocks, frame, columns, spacing) == len(flow(blocks, frame, columns, 20, spacing))
    with pytest.raises(TooTall):
        page_count([Block(30, 10), Block(30, 60)], FRAME, 2)
