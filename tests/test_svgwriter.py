"""The SVG writer writes text straight from the tree; what it writes is what svgwrite
(and ElementTree) wrote for the same tree, byte for byte. svgwrite, kept as a test
dependency, is the reference here; the gallery's 30 cases and a kit's pages are
compared too, so every node kind, paint attribute, clip and escape is covered."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
import svgwrite
from test_draw import every_kind, picture  # noqa: F401  (fixture)

from pnp.draw import shapes
from pnp.draw.nodes import Circle, Group, Image, Line, Node, Page, Path, Rect, Text
from pnp.draw.svgwriter import embedded, fmt, path_data, to_svg, transform_text
from pnp.render import svg
from pnp.render.style import Style

STYLE = Style("test", {"text": "#000000"})


def reference(item: Page | Node) -> str:
    """The same tree through svgwrite: the writer pnp used before."""
    f = svgwrite.Drawing(debug=False)
    clips = {"n": 0}

    def attrs(node):
        out = {}
        for name, value in node.paint.items():
            out[name] = ",".join(fmt(v) for v in value) if name == "stroke_dasharray" else \
                fmt(value) if isinstance(value, float) else value
        return out

    def element(node, defs):
        a = attrs(node)
        if isinstance(node, Group):
            if node.transform:
                a["transform"] = transform_text(node.transform)
            if node.clip is not None:
                clips["n"] += 1
                clip = f.clipPath(id=f"clip{clips['n']}")
                clip.add(element(node.clip, defs))
                defs.add(clip)
                a["clip_path"] = f"url(#clip{clips['n']})"
            if node.id:
                a["id"] = node.id
            g = f.g(**a)
            for child in node.children:
                g.add(element(child, defs))
            return g
        if isinstance(node, Path):
            return f.path(d=path_data(node.commands), **a)
        if isinstance(node, Circle):
            return f.circle(center=(fmt(node.cx), fmt(node.cy)), r=fmt(node.r), **a)
        if isinstance(node, Rect):
            if node.rx:
                a["rx"] = fmt(node.rx)
            if node.ry:
                a["ry"] = fmt(node.ry)
            return f.rect(insert=(fmt(node.x), fmt(node.y)), size=(fmt(node.width), fmt(node.height)), **a)
        if isinstance(node, Line):
            return f.line(start=(fmt(node.x1), fmt(node.y1)), end=(fmt(node.x2), fmt(node.y2)), **a)
        if isinstance(node, Text):
            if node.transform:
                a["transform"] = transform_text(node.transform)
            return f.text(node.content, insert=(fmt(node.x), fmt(node.y)), **a)
        assert isinstance(node, Image)
        return f.image(embedded(node.href), insert=(fmt(node.x), fmt(node.y)), size=(fmt(node.width),
                                                                                     fmt(node.height)), **a)

    if not isinstance(item, Page):
        fragment = []

        class Defs:
            add = fragment.append

        element_ = element(item, Defs)
        return "".join(c.tostring() for c in fragment) + element_.tostring()
    dwg = svgwrite.Drawing(size=(f"{fmt(item.width_mm)}mm", f"{fmt(item.height_mm)}mm"), debug=False)
    dwg.viewbox(*(float(fmt(v)) for v in item.view_box))
    if item.title:
        dwg.set_desc(title=item.title)
    root = item.root
    if root.transform or root.clip is not None or root.paint.items():
        dwg.add(element(root, dwg.defs))
    else:
        for child in root.children:
            dwg.add(element(child, dwg.defs))
    return dwg.tostring()


def awkward() -> Page:
    """Escapes in text, titles and ids; empty text and groups; clips inside clips'
    groups; a painted root; numbers that round to -0 and to whole numbers."""
    page = Page(10.0004, 7.0, (-0.0001, 1e-7, 10.0004, 7.0), svg.group(fill="#123456", stroke_width=0.25),
                'Tom & "Jerry" <1>')
    page.add(svg.text('A & B < C > "D"\tE', (1, 1), 2, STYLE))
    page.add(svg.text("", (1, 2), 2, STYLE))
    page.add(svg.text("Zürich – Köln ★", (1, 3), 2, STYLE, angle=90))
    page.add(svg.group())
    outer = svg.group(clip=svg.circle((0, 0), 3), id="cut & <layer>")
    inner = svg.group(clip=svg.rect(-1, -1, 2, 2, rx=0.5), transform=(shapes.translate(-0.00049, 2.5),))
    inner.add(svg.path(shapes.polygon([(0, 0), (1, 0), (1, 1)]), fill="none", stroke="#000000"))
    inner.add(svg.line((0, 0), (-0.0004, 3), stroke="#ff0000", stroke_dasharray=(0.5, 0.25)))
    outer.add(inner)
    outer.add(svg.rect(0, 0, 1, 1, ry=0.2, fill="#ffffff", opacity=0.5))
    page.add(outer)
    page.add(svg.path((), fill="#000000"))  # an empty path: svgwrite left out the empty d
    return page


def test_every_node_kind_is_written_as_svgwrite_wrote_it(picture):  # noqa: F811
    page = every_kind(picture)
    assert to_svg(page) == reference(page)
    for node in page.root.children:
        assert to_svg(node) == reference(node)


def test_escapes_empty_elements_and_clips_are_written_as_svgwrite_wrote_them():
    page = awkward()
    text = to_svg(page)
    assert text == reference(page)
    tree = ET.fromstring(text)  # well-formed, and the escapes read back
    ns = "{http://www.w3.org/2000/svg}"
    assert tree.find(f"{ns}title").text == 'Tom & "Jerry" <1>'
    assert [t.text for t in tree.iter(f"{ns}text")] == ['A & B < C > "D"\tE', None, "Zürich – Köln ★"]
    assert [c.get("id") for c in tree.iter(f"{ns}clipPath")] == ["clip1", "clip2"]
    assert tree.find(f".//{ns}g[@id]").get("id") == "cut & <layer>"
    for node in page.root.children:
        assert to_svg(node) == reference(node)


def test_gallery_cases_are_written_as_svgwrite_wrote_them():
    from test_gallery import CASES, drawn  # the gallery's awkward pieces: tiles, map corners, printed pages

    assert len(CASES) >= 25
    for case in CASES:
        page = drawn(case["name"])
        assert to_svg(page) == reference(page), case["name"]


def test_path_data_kept_by_value_is_what_formatting_gives():
    """path_data keeps each path's text by its commands' value: equal commands of other
    number types (1 and 1.0, 0.0 and -0.0) or other objects give the text formatting
    them afresh gives, and a list of commands is formatted too."""
    from pnp.draw import shapes, svgwriter

    made = (shapes.move((1.0, -0.0)), shapes.line_to((2.5, 3.0004)), shapes.arc_to(4, 4, True, False, (5, 6)),
            shapes.curve_to((1, 2), (3, 4), (5, 6)), shapes.CLOSE)
    first = path_data(made)
    assert first == svgwriter._path_data(made) == "M1,0L2.5,3A4,4 0 1 0 5,6C1,2 3,4 5,6Z"
    same_value = (("M", 1, 0.0), ("L", 2.5, 3.0004), ("A", 4, 4.0, 0, 1, 0, 5, 6.0), ("C", 1, 2, 3, 4, 5, 6), ("Z",))
    assert same_value == made and path_data(same_value) == svgwriter._path_data(same_value) == first
    assert path_data(list(made)) == first


def test_numbers_are_formatted_as_round_to_three_decimals_then_repr():
    """fmt's fast way ('%.3f', trailing zeros cut) gives what rounding to three decimals
    and printing the float gives, for ties, integers, negative zero and large numbers."""
    import random

    from pnp.draw import svgwriter

    def expected(x):
        r = round(x, 3)
        return str(int(r)) if r == int(r) else repr(r)

    rng = random.Random(3)
    numbers = ([rng.uniform(-2000, 2000) for _ in range(5000)] + [k / 8 for k in range(-800, 800)]
               + [k / 1000 + 0.0005 for k in range(-2000, 2000)] + [round(rng.uniform(-99, 99), k) for k in range(5)]
               + [-0.0, 0.0, -0.0004, 0.0005, -0.0005, 7, -3, 123456789.0006, 5e8 + 0.0625, 2e9 + 0.5, -1e12 / 7])
    for x in numbers:
        svgwriter._FORMATTED.pop(x, None)
        assert fmt(x) == expected(x), x
