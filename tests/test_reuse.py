"""A drawing made once and handed out again (`pnp.render.reuse.fresh`) draws exactly as
the same drawing made anew: the writers treat a group placed twice as one shared
drawing, so a reused drawing must bring new groups, and may share its leaves."""

from __future__ import annotations

from pnp.draw.nodes import Group
from pnp.render import svg, table as table_module
from pnp.render.box import Box
from pnp.render.reuse import fresh
from pnp.render.table import Cell, table
from pnp.pdf import PdfPart, assemble
from pnp.templates import theme


def groups(node) -> list[Group]:
    out = []
    if type(node) is Group:
        out.append(node)
        for child in node.children:
            out += groups(child)
    return out


def leaves(node) -> list:
    if type(node) is Group:
        return [leaf for child in node.children for leaf in leaves(child)]
    return [node]


def test_a_fresh_copy_is_equal_with_new_groups_and_the_same_leaves():
    inner = svg.group(fill="#ff0000")
    inner.add(svg.rect(0, 0, 5, 5))
    outer = svg.group(transform=(("translate", 1.0, 2.0),))
    outer.add(inner)
    outer.add(inner)  # placed twice inside: stays one object placed twice
    outer.add(svg.circle((1, 1), 2, fill="#00ff00"))
    copy = fresh(outer)
    assert copy == outer
    assert not {id(g) for g in groups(copy)} & {id(g) for g in groups(outer)}
    assert [id(leaf) for leaf in leaves(copy)] == [id(leaf) for leaf in leaves(outer)]
    assert copy.children[0] is copy.children[1]


def _pdf(pages) -> bytes:
    return assemble([PdfPart("tables", pages)], "tables")


def _page(tables):
    page = svg.document(210, 297)
    for t in tables:
        page.add(t)
    return page


def test_a_table_drawn_twice_writes_what_two_tables_made_apart_write():
    style = theme("default")
    columns = ["Phase", "Train", "Notes"]
    rows = [[Cell("2", bold=True), Cell("2"), Cell("Private companies may be bought")],
            [Cell("3", bold=True), Cell("3"), Cell("", swatches=("green",))]]
    box = Box(10, 10, 120, 60)
    table_module._drawn.cache_clear()
    first, _ = table(columns, rows, box, style)
    table_module._drawn.cache_clear()
    apart, _ = table(columns, rows, box, style)
    again, _ = table(columns, rows, box, style)  # from the cache
    assert again == apart and again is not apart
    assert not {id(g) for g in groups(again)} & {id(g) for g in groups(apart)}
    assert _pdf([_page([apart]), _page([again])]) == _pdf([_page([first]), _page([apart])])
    assert svg.to_string(_page([again])) == svg.to_string(_page([first]))

