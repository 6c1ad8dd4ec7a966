"""What the PDF writer remembers to write faster must not change what it writes: a
path's or shape's text found again by value is the text of its own numbers (0.0 and
-0.0 are equal but print apart), references found by their tail are those the pattern
finds, a subset's loca built from runs says where every glyph starts, a document's
glyphs used are worked out from its characters as they were per text, and a form's box
is that of its mapped corners. What the walk works out a shorter way gives what the
longer way gave: a label's point found again by value, a scale under a scale multiplied
without its zero terms, a label shown as in a document before but for its font resource."""

from __future__ import annotations

import random
import struct
from itertools import chain, product

import pytest

from pnp import pdf_file
from pnp.draw import pdffonts
from pnp.draw.nodes import Circle, Group, Line, Page, Path, Rect, paint
from pnp.draw.pdfops import Places, circle_commands, formats
from pnp.draw.pdfwriter import Document, _mapped_box


def test_a_path_equal_to_one_written_before_but_for_a_zeros_sign_prints_its_own_zero():
    places = Places(3)
    assert places.path((("M", 0.0, 1.5), ("L", 2.0, 0.0))) == "0.000 1.500 m\n2.000 0.000 l\n"
    assert places.path((("M", -0.0, 1.5), ("L", 2.0, -0.0))) == "-0.000 1.500 m\n2.000 -0.000 l\n"
    assert places.path((("M", 0.0, 1.5), ("L", 2.0, 0.0))) == "0.000 1.500 m\n2.000 0.000 l\n"
    kept = (("M", 1.25, 1.5), ("L", 2.0, 3.0))
    assert places.path(kept) == places.path(tuple(list(kept))) == "1.250 1.500 m\n2.000 3.000 l\n"


def test_an_arc_path_equal_to_one_converted_before_but_for_a_zeros_sign_prints_its_own_zero():
    places = Places(3)
    arc = lambda zero: (("M", 1.0, zero), ("A", 1.0, 1.0, 0, 0, 1, 2.0, 1.0), ("L", zero, 2.0))  # noqa: E731
    first, second = places.path(arc(0.0)), places.path(arc(-0.0))
    assert "1.000 0.000 m" in first and "-0.000 2.000 l" not in first
    assert "1.000 -0.000 m" in second and "-0.000 2.000 l" in second
    assert places.path([list(c) for c in arc(-0.0)]) == second  # commands as lists: not remembered, same text


def test_shapes_equal_but_for_a_zeros_sign_print_their_own_numbers():
    places = formats(3)
    for cx, cy, r in product((0.0, -0.0, 1e-9), (0.0, -0.0), (1.0, 0.0, -0.0)):
        commands = circle_commands(cx, cy, r)
        assert places.circle(cx, cy, r) == places.text(commands, tuple(chain.from_iterable(commands)))
    assert "-0.000" in places.circle(0.0, -0.0, 0.0) and "-0.000" not in places.circle(0.0, 0.0, 0.0)
    page_of = lambda node: Page(20, 20, (0, 0, 20, 20), Group([node]))  # noqa: E731
    ink = paint(fill="#000000")
    texts = [Document([page_of(Rect(x, 1.0, 2.0, 3.0, paint=ink))]).pages[0][0].text() for x in (0.0, -0.0, 0.0)]
    assert b"\n0.0000 1.0000 2.0000 3.0000 re" in texts[0] and b"\n-0.0000 1.0000 2.0000 3.0000 re" in texts[1]
    assert texts[0] == texts[2]
    lines = [Document([page_of(Line(x, 1.0, 2.0, 3.0, paint=paint(fill="none", stroke="#000000")))]).pages[0][0].text()
             for x in (0.5, 0.0, -0.0, 0.5, 0.0)]
    assert [b"\n%s 1.0000 m\n2.0000 3.0000 l\nS" % x in text
            for x, text in zip((b"0.5000", b"0.0000", b"-0.0000", b"0.5000", b"0.0000"), lines)] == [True] * 5


def test_a_document_draws_the_same_before_and_after_the_memos_are_full(monkeypatch):
    from pnp.draw import pdfops

    shapes = [Path((("M", 0.5 * k, 1.0), ("L", 3.0, -0.0), ("Z",)), paint=paint(stroke="#ff0000"))
              for k in range(40)] + [Circle(-0.0, 2.0, 1.0, paint=paint(fill="#00ff00"))]
    page = Page(50, 50, (0, 0, 50, 50), Group(shapes))
    first = Document([page]).pages[0][0].text()
    again = Document([page]).pages[0][0].text()  # every text found in the memos now
    monkeypatch.setattr(pdfops, "MEMO_TEXTS", 4)  # the memos full, and started again, every few paths
    monkeypatch.setattr(pdfops, "_PLACES", {})
    pdfops.at_scale.cache_clear()
    refilled = Document([page]).pages[0][0].text()
    assert first == again == refilled and first.count(b" m\n") == 41
    assert pdfops._PLACES and all(len(p.by_id) <= 4 and len(p.shapes) <= 4 for p in pdfops._PLACES.values())
    pdfops.at_scale.cache_clear()


def test_references_are_those_the_pattern_finds():
    rng = random.Random(12)
    for _ in range(20_000):
        text = bytes(rng.choice(b"0123 R/[]<>\nx") for _ in range(rng.randint(0, 30)))
        found = [m[1] for m in pdf_file._REF.finditer(text)]
        assert [ref[2] for ref in pdf_file._references(text)] == [int(n) for n in found]
        mapping = {int(n): 7 * int(n) + 1 for n in found}
        refs = pdf_file._references(text)
        assert pdf_file._template(text, refs) % tuple(mapping[ref[2]] for ref in refs) == \
            pdf_file._REF.sub(lambda m: b"%d 0 R" % mapping[int(m[1])], text)


def test_a_subsets_loca_says_where_each_glyph_starts():
    face = pdffonts.face_for("DejaVu Sans", False, False)
    if isinstance(face, pdffonts.StandardFace):
        pytest.skip("the DejaVu fonts are not installed")
    shown = sorted({face.glyph_of[ord(c)] for c in "A£→x"})
    program = face.program(shown)
    count, tables = struct.unpack_from(">H", program, 4)[0], {}
    for k in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", program, 12 + 16 * k)
        tables[tag.decode()] = program[offset:offset + length]
    glyphs = struct.unpack_from(">H", tables["maxp"], 4)[0]
    short = struct.unpack_from(">h", tables["head"], 50)[0] == 0
    loca = (struct.unpack(f">{glyphs + 1}H", tables["loca"]) if short
            else struct.unpack(f">{glyphs + 1}I", tables["loca"]))
    starts = [2 * v for v in loca] if short else list(loca)
    assert glyphs == max(shown) + 1 and starts[0] == 0 and starts[-1] == len(tables["glyf"])
    for glyph in range(glyphs):  # each glyph kept whole (the shown and .notdef) or empty
        own = face.loca[glyph + 1] - face.loca[glyph]
        length = starts[glyph + 1] - starts[glyph]
        assert length in (0, own + (-own % 4))
        if glyph in shown or glyph == 0:
            assert length == own + (-own % 4) > 0
            assert tables["glyf"][starts[glyph]:starts[glyph] + own] == \
                face.data[face.glyf + face.loca[glyph]:face.glyf + face.loca[glyph + 1]]


def test_the_glyphs_used_are_the_lowest_character_each_shows():
    face = pdffonts.face_for("DejaVu Sans", False, False)
    if isinstance(face, pdffonts.StandardFace):
        pytest.skip("the DejaVu fonts are not installed")
    used = pdffonts._used(face, set("ba\u00a0 \uffff"))
    assert used[face.glyph_of[ord("a")]] == ord("a") and used[face.glyph_of[ord("b")]] == ord("b")
    assert used[0] == 0xFFFF  # a character the face lacks: .notdef
    space, nbsp = face.glyph_of[32], face.glyph_of[0xA0]
    assert used[space] == 32 and used[nbsp] == (32 if nbsp == space else 0xA0)


def test_a_forms_box_from_each_products_least_and_most_is_that_of_its_corners():
    """`_mapped_box` takes per axis the least (most) of each product, not of the four
    mapped corners: the same numbers, to the last bit (but the sign of a zero, which
    the box's rounding drops), for any matrix, zeros and flips included."""
    rng = random.Random(21)

    def value():
        return rng.choice([rng.uniform(-1000, 1000), rng.uniform(-1, 1), 0.0, -0.0, 1.0, -1.0,
                           rng.randint(-50, 50) / 7, rng.uniform(-1e-12, 1e-12)])

    for _ in range(50_000):
        (a, b, c, d, e, f), (x0, y0, x1, y1) = [value() for _ in range(6)], [value() for _ in range(4)]
        corners = [(a * x + c * y + e, b * x + d * y + f) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        assert _mapped_box((a, b, c, d, e, f), (x0, y0, x1, y1)) == (min(xs), min(ys), max(xs), max(ys))


def test_a_labels_point_equal_to_one_written_before_but_for_a_zeros_sign_prints_its_own_zero():
    from pnp.draw.nodes import Text

    label = lambda x, y: Text("A", x, y, paint=paint(fill="#000000"))  # noqa: E731
    page = Page(20, 20, (0, 0, 20, 20), Group([label(1.5, 2.0), label(0.0, 2.0), label(-0.0, 2.0), label(1.5, 2.0),
                                               label(0.0, 2.0), label(2.0, -0.0)]))
    points = [line.rsplit(b" ", 3)[1:3] for line in Document([page]).pages[0][0].text().split(b"\n")
              if line.endswith(b" Tm")]
    assert points == [[b"1.5000", b"2.0000"], [b"0.0000", b"2.0000"], [b"-0.0000", b"2.0000"],
                      [b"1.5000", b"2.0000"], [b"0.0000", b"2.0000"], [b"2.0000", b"-0.0000"]]


def test_a_scale_under_a_scale_gives_the_numbers_multiply_gives():
    from pnp.draw import pdfops
    from pnp.draw.pdfcontent import Content, Drawer

    rng = random.Random(5)
    values = lambda: rng.choice([0.0, -0.0, 1.0, -1.0, rng.uniform(-50, 50), rng.uniform(1e-4, 1e-2)])  # noqa: E731
    document = Document([])
    for _ in range(2000):
        drawer = Drawer(document, Content(rng.choice([1.0, 2.834645669])), document.ink)
        outer = (values(), rng.choice([0.0, -0.0]), rng.choice([0.0, -0.0]), values(), values(), values())
        inner = (values(), rng.choice([0.0, -0.0]), rng.choice([0.0, -0.0]), values(), values(), values())
        drawer.ctm = outer
        placed = pdfops.placement(inner)
        if placed[2]:
            continue
        drawer.place(placed)
        assert drawer.ctm == pdfops.multiply(inner, outer)
        general = Drawer(document, drawer.content, document.ink)
        general.ctm = pdfops.multiply(inner, outer)
        assert drawer.fmt is pdfops.at_scale(general.scale())


def test_a_label_is_shown_alike_in_every_document_but_for_its_font_resource(monkeypatch):
    from pnp.draw import pdfink
    from pnp.draw.nodes import Text

    monkeypatch.setattr(pdfink, "_PAGE_INK", [])  # one page ink for both: the second takes the label as shown before
    plain, bold = paint(fill="#000000", text_anchor="middle"), paint(fill="#000000", font_weight="bold")
    alone = Page(20, 20, (0, 0, 20, 20), Group([Text("Ab 1", 3.0, 4.0, paint=plain)]))
    after = Page(20, 20, (0, 0, 20, 20), Group([Text("x", 1.0, 1.0, paint=bold), Text("Ab 1", 3.0, 4.0, paint=plain)]))
    first = Document([alone]).pages[0][0].text()
    second = Document([after]).pages[0][0].text()
    assert b"/F1 1 Tf" in first and b"/F2 1 Tf" in second
    assert first.split(b"/F1 1 Tf\n")[1] == second.split(b"/F2 1 Tf\n")[1]
    stroked = Page(20, 20, (0, 0, 20, 20), Group([Text("A", 1.0, 1.0, paint=paint(stroke="#000000"))] * 2))
    for _ in range(2):  # refused again by a document that shares the page ink
        with pytest.raises(ValueError, match="stroked text"):
            Document([stroked])


def test_documents_share_a_page_ink_until_it_is_renewed_and_draw_alike(monkeypatch):
    from pnp.draw import pdfink
    from pnp.draw.nodes import Text

    monkeypatch.setattr(pdfink, "PAGE_INK_DOCUMENTS", 2)
    monkeypatch.setattr(pdfink, "_PAGE_INK", [])
    page = Page(20, 20, (0, 0, 20, 20), Group([Text("A", 1.0, 2.0, paint=paint(fill="#ff0000")),
                                               Circle(1.0, 1.0, 1.0, paint=paint(stroke="#00ff00"))]))
    documents = [Document([page]) for _ in range(3)]
    assert documents[0].ink is documents[1].ink is not documents[2].ink
    assert len({document.pages[0][0].text() for document in documents}) == 1
