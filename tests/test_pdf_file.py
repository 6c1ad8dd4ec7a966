"""PDF files put together from cairo's output without a PDF library (pnp/pdf_file.py):
pages in order with their boxes, bookmarks, metadata and id, read back by pypdf and
pdfplumber; joined documents keep every page as drawn."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from pypdf import PdfReader

from pnp import pdf_file
from pnp.pdf import PdfPart, assemble, assembled, merge_documents
from pnp.render import svg
from pnp.render.style import Style

STYLE = Style("test", {"text": "#000000"})
PT = 72 / 25.4


def page(label: str, w: float = 100, h: float = 60):
    p = svg.document(w, h)
    p.add(svg.rect(5, 5, 20, 20, fill="#ec232a"))
    p.add(svg.text(label, (w / 2, h / 2), 6, STYLE))
    return p


def texts(data: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [pg.extract_text() for pg in pdf.pages]


def test_a_document_has_its_pages_boxes_bookmarks_and_metadata():
    parts = [PdfPart("Fronts", [page("one"), page("two", 80, 120)], trim_inset=3.0, bleed=2.0,
                     children=[("second", 1)]),
             PdfPart("Backs", [page("three")])]
    data = assemble(parts, "Zürich · kit", "a subject (with brackets)")
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 3
    assert texts(data) == ["one", "two", "three"]
    second = reader.pages[1]
    assert float(second.mediabox.width) == pytest.approx(80 * PT, abs=1e-3)
    assert float(second.mediabox.height) == pytest.approx(120 * PT, abs=1e-3)
    trim, bleed = second.trimbox, second.bleedbox
    assert float(trim.left) == pytest.approx(3 * PT, abs=1e-4)
    assert float(trim.right) == pytest.approx(77 * PT, abs=1e-4)
    assert float(bleed.left) == pytest.approx(1 * PT, abs=1e-4)
    assert float(reader.pages[2].trimbox.left) == 0
    outline = reader.outline
    assert [o.title for o in outline if not isinstance(o, list)] == ["Fronts", "Backs"]
    assert [reader.get_destination_page_number(o) for o in outline if not isinstance(o, list)] == [0, 2]
    children = next(o for o in outline if isinstance(o, list))
    assert [(c.title, reader.get_destination_page_number(c)) for c in children] == [("second", 1)]
    meta = reader.metadata
    assert (meta.title, meta.subject) == ("Zürich · kit", "a subject (with brackets)")
    assert "CreationDate" not in str(meta)
    assert data == assemble(parts, "Zürich · kit", "a subject (with brackets)")  # no dates: the same bytes


def test_joined_documents_keep_every_page_in_order_with_its_boxes():
    first = assemble([PdfPart("A", [page("a1"), page("a2")], trim_inset=2.0, bleed=1.0)], "A")
    second = assemble([PdfPart("B", [page("b1", 60, 60)])], "B")
    kit = merge_documents([("Part A", first), ("Part B", second)], "kit", "both")
    reader = PdfReader(io.BytesIO(kit))
    assert texts(kit) == ["a1", "a2", "b1"]
    assert float(reader.pages[1].trimbox.left) == pytest.approx(2 * PT, abs=1e-4)
    assert float(reader.pages[2].mediabox.width) == pytest.approx(60 * PT, abs=1e-3)
    assert [(o.title, reader.get_destination_page_number(o)) for o in reader.outline] == [("Part A", 0),
                                                                                           ("Part B", 2)]
    assert reader.trailer["/ID"][0] != PdfReader(io.BytesIO(merge_documents([("Part A", first)], "kit"))).trailer["/ID"][0]
    source = pdf_file.read(kit)
    assert len(source.pages) == 3  # a file written here reads back


def test_a_written_documents_objects_are_what_reading_the_file_gives_movable():
    parts = [PdfPart("Fronts", [page("one"), page("two", 80, 120)], trim_inset=3.0, bleed=2.0,
                     children=[("second", 1)]),
             PdfPart("Backs", [page("three")])]
    data, objects = assembled(parts, "kit", "both")
    assert data == assemble(parts, "kit", "both")
    assert objects == pdf_file.movable(pdf_file.read(data))
    other = assemble([PdfPart("B", [page("b1", 60, 60)])], "B")
    assert merge_documents([("A", objects), ("B", other)], "kit") == merge_documents([("A", data), ("B", other)], "kit")


def test_text_strings_and_numbers_are_written_as_pdf_wants_them():
    assert pdf_file.text_string("plain (1) \\ x") == b"(plain \\(1\\) \\\\ x)"
    assert pdf_file.text_string("ü") == b"<feff00fc>"
    assert pdf_file.number(1e-9) == b"0" and pdf_file.number(-0.0000001) == b"0"
    assert pdf_file.number(12.5) == b"12.5" and pdf_file.number(1e7) == b"10000000"


def test_a_file_that_is_not_plain_pdf_is_refused():
    with pytest.raises(pdf_file.PdfFormatError):
        pdf_file.read(b"%PDF-1.7\nnothing here\n%%EOF")
