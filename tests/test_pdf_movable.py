"""The kit's PDF joined from documents made movable beforehand (pnp.pdf_file.Movable,
`joined`): byte for byte what pnp.pdf_file wrote of the same documents read together,
whatever they hold."""

from __future__ import annotations

import random
import re

import pytest

from pnp import pdf_file
from pnp.pdf import PdfPart, assembled, merge_documents
from pnp.render import svg
from pnp.render.style import Style

STYLE = Style("test", {"text": "#000000"})


def oracle(sources: list[pdf_file.Source], boxes=None) -> dict[int, bytes]:
    """The bodies a file of `sources` numbers 2, 3, ... (after its page tree), worked out
    the plain way, with patterns: each page, then what it names, depth first (a page's
    /Parent not followed, nor a /Parent of any other object, though it is renumbered),
    every reference renumbered where `_REF` finds it."""
    bodies, number, at = {}, 2, 0
    for source in sources:
        mapping, parts = {}, {}
        pages = {page: at + k for k, page in enumerate(source.pages)}
        for page in source.pages:
            todo = [page]
            while todo:
                n = todo.pop()
                if n in mapping:
                    continue
                mapping[n], number = number, number + 1
                body = source.objects[n]
                m = re.search(rb">>\s*stream\r?\n", body)
                head, stream = (body[:m.start() + 2], body[m.start() + 2:]) if m else (body, b"")
                if n in pages:
                    head = pdf_file._PARENT.sub(b"/Parent @", head)
                    box = boxes[pages[n]] if boxes else None
                    if box is not None and b"/TrimBox" not in head:
                        head = pdf_file._with_boxes(head, box)
                followed = pdf_file._PARENT.sub(b"", head)
                todo.extend(reversed([int(r[1]) for r in pdf_file._REF.finditer(followed)]))
                parts[n] = head, stream, n in pages
        for n, (head, stream, page) in parts.items():
            head = pdf_file._REF.sub(lambda m: b"%d 0 R" % mapping[int(m[1])], head)
            bodies[mapping[n]] = head.replace(b"/Parent @", b"/Parent 1 0 R") + stream
        at += len(source.pages)
    return bodies


def put_in_file(data: bytes, count: int) -> dict[int, bytes]:
    """Objects 2 .. count + 1 of a file (those of its documents) as read back."""
    objects = pdf_file.read(data).objects
    return {n: objects[n] for n in range(2, count + 2)}


def page(label: str, w: float = 100, h: float = 60):
    p = svg.document(w, h)
    p.add(svg.rect(5, 5, 20, 20, fill="#ec232a"))
    p.add(svg.text(label, (w / 2, h / 2), 6, STYLE))
    return p


def test_drawn_documents_join_as_they_were_written():
    first = assembled([PdfPart("A", [page("a1"), page("a2 100%")], trim_inset=2.0, bleed=1.0)], "A")
    second = assembled([PdfPart("B", [page("b1", 60, 60)]), PdfPart("C", [page("c")])], "B")
    parts = [("Part A", first[1]), ("Part B", second[1]), ("A again", first[1])]
    data = merge_documents(parts, "kit")
    sources = [pdf_file.read(first[0]), pdf_file.read(second[0]), pdf_file.read(first[0])]
    expected = oracle(sources)
    assert put_in_file(data, len(expected)) == expected
    assert data == merge_documents([(name, pdf_file.movable(s)) for (name, _), s in zip(parts, sources)], "kit")
    assert data == merge_documents([("Part A", first[0]), ("Part B", second[0]), ("A again", first[0])], "kit")
    assert len(pdf_file.read(data).pages) == 6


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


def _boxes(rng: random.Random, pages: int):
    return [pdf_file.PageBoxes(rng.choice([0.0, 2.5]), 1.0) if rng.random() < 0.7 else None for _ in range(pages)]


@pytest.mark.parametrize("seed", range(300))
def test_any_documents_are_written_and_joined_as_the_plain_way_numbers_them(seed):
    rng = random.Random(seed)
    sources = [_random_source(rng) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.2:
        sources.append(pdf_file.Source({}, []))
    boxes = _boxes(rng, sum(len(s.pages) for s in sources)) if rng.random() < 0.5 else None
    try:
        expected = oracle(sources, boxes)
    except KeyError:  # a /Parent naming an object no page needs: no number to give it
        with pytest.raises(KeyError):
            pdf_file.write(sources, boxes=boxes)
        return
    data, docs = pdf_file.written(sources, boxes=boxes)
    assert put_in_file(data, len(expected)) == expected
    kit = merge_documents([(f"part {k}", doc) for k, doc in enumerate(docs)], "kit")
    assert put_in_file(kit, len(expected)) == expected
    if boxes is None:
        assert kit == merge_documents([(f"part {k}", s) for k, s in enumerate(sources)], "kit")
    if len(sources) == 1:  # what a kit takes of a component's document: as the file holds it
        assert docs[0] == pdf_file.movable(pdf_file.read(data))
