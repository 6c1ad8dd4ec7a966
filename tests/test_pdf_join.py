"""The kit's PDF joined from documents made ready beforehand (pnp/pdf_join.py): byte for
byte what pnp.pdf_file writes of the same documents together, whatever they hold."""

from __future__ import annotations

import random

import pytest

from pnp import pdf_file
from pnp.pdf import PdfPart, assembled, merge_documents
from pnp.pdf_join import joined, movable
from pnp.render import svg
from pnp.render.style import Style

STYLE = Style("test", {"text": "#000000"})


def together(parts: list[tuple[str, pdf_file.Source]], title: str = "kit", subject: str = "") -> bytes:
    """The parts written together by pnp.pdf_file, as the kit was joined before."""
    marks, start = [], 0
    for name, source in parts:
        marks.append(pdf_file.Bookmark(name, start))
        start += len(source.pages)
    extra = b"".join(name.encode() for name, _ in parts)
    return pdf_file.write([s for _, s in parts], bookmarks=[m for m in marks if m.page < start], id_extra=extra,
                          title=title, subject=subject, creator="c", producer="p")


def ready(parts, title: str = "kit", subject: str = "") -> bytes:
    return joined([(name, movable(s)) for name, s in parts], title, subject, creator="c", producer="p")


def page(label: str, w: float = 100, h: float = 60):
    p = svg.document(w, h)
    p.add(svg.rect(5, 5, 20, 20, fill="#ec232a"))
    p.add(svg.text(label, (w / 2, h / 2), 6, STYLE))
    return p


def test_drawn_documents_join_as_written_together():
    first = assembled([PdfPart("A", [page("a1"), page("a2 100%")], trim_inset=2.0, bleed=1.0)], "A")[1]
    second = assembled([PdfPart("B", [page("b1", 60, 60)]), PdfPart("C", [page("c")])], "B")[1]
    parts = [("Part A", first), ("Part B", second), ("A again", first)]
    assert ready(parts, "Zürich", "both") == together(parts, "Zürich", "both")
    data = merge_documents(parts, "kit")
    assert data == merge_documents([(name, movable(s)) for name, s in parts], "kit")
    assert len(pdf_file.read(data).pages) == 6


def test_a_document_made_ready_from_its_file_or_its_objects_is_the_same():
    data, objects = assembled([PdfPart("A", [page("one"), page("two")], trim_inset=3.0, bleed=2.0)], "A")
    assert movable(objects) == movable(pdf_file.read(data))


def _random_source(rng: random.Random) -> pdf_file.Source:
    """Objects that name each other in every way pdf_file follows: pages naming pages,
    shared objects, a non-page object with a /Parent, `%` in a dictionary, references
    beside digits, streams holding reference-like text, objects no page needs."""
    count = rng.randint(3, 14)
    numbers = rng.sample(range(1, 60), count)
    pages = numbers[:rng.randint(1, min(4, count))]
    objects = {}
    for number in numbers:
        refs = rng.sample(numbers, rng.randint(0, 3))
        text = b" ".join(b"%d 0 R" % r for r in refs)
        fields = [b"/Kids [ %s ]" % text, b"/Note (100%% sure) /W [ 1 2 0 3 ]"]
        if number in pages:
            fields.append(b"/Type /Page /Parent 0 0 R /MediaBox [ 0 0 10 10 ]")
        elif rng.random() < 0.3:
            fields.append(b"/Parent %d 0 R" % rng.choice(numbers))
        if rng.random() < 0.3:
            fields.append(b"/X %d 0 Rx" % rng.choice(numbers))  # no reference: a letter follows
        head = b"<< " + b"\n   ".join(fields) + b"\n>>\n"
        if rng.random() < 0.4:
            head += b"stream\n%d 0 R %% raw\nendstream\n" % rng.choice(numbers)
        objects[number] = head
    return pdf_file.Source(objects, pages)


@pytest.mark.parametrize("seed", range(200))
def test_any_documents_join_as_written_together(seed):
    rng = random.Random(seed)
    parts = [(f"part {k}", _random_source(rng)) for k in range(rng.randint(1, 4))]
    if rng.random() < 0.2:
        parts.append(("no pages", pdf_file.Source({}, [])))
    try:
        expected = together(parts)
    except KeyError:  # a /Parent naming an object no page needs: no number to give it
        with pytest.raises(KeyError):
            ready(parts)
        return
    assert ready(parts) == expected
