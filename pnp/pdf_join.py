"""The kit's PDF: documents already written, joined into one file as `pnp.pdf_file`
would write them together, with the work that does not depend on where each lands in
the kit done beforehand.

A document joins a file at a place only known once every document before it is done
(its objects are numbered after theirs). What does not depend on that place is most of
the work: finding the objects its pages need, in the order they are numbered, and the
references in each (`pnp.pdf_file.gathered`). `movable` does that as soon as the
document is written, on the drawing worker that wrote it (while the other worker draws:
half its cost on the kit's path, not all of it on the one core the kit's tail runs
on); `joined` then only writes each reference's number into its place."""

from __future__ import annotations

from typing import NamedTuple

from pnp import pdf_file

TREE = 1  # the joined file's page tree: its first object, as `joined` reserves it first


class Movable(NamedTuple):
    """A document's objects that its pages need, as `pnp.pdf_file.written` numbers them
    in a file (in this order, from wherever the first lands), each as (dictionary text
    with `%d` where each reference's number goes and `%` written `%%`, or as it is when it
    has no references; those references as places in this list; the stream part); and
    its pages' places in the list."""

    objects: list[tuple[bytes, tuple[int, ...], bytes]]
    pages: list[int]


def movable(source: pdf_file.Source) -> Movable:
    """`source`'s objects ready to be joined into a file at any place (`joined`)."""
    parts = pdf_file.gathered(source)
    place = {number: k for k, number in enumerate(parts)}
    pages = set(source.pages)
    objects = []
    for number, (head, stream, refs) in parts.items():
        if refs:
            pieces, at = [], 0
            for start, end, _ in refs:
                pieces.append(head[at:start].replace(b"%", b"%%"))
                at = end
            pieces.append(head[at:].replace(b"%", b"%%"))
            head = b"%d 0 R".join(pieces)
        if number in pages:
            head = head.replace(b"/Parent @", b"/Parent %d 0 R" % TREE)
        objects.append((head, tuple(place[ref] for _, _, ref in refs), stream))
    return Movable(objects, [place[page] for page in source.pages])


def joined(parts: list[tuple[str, Movable]], title: str, subject: str = "", creator: str = "",
           producer: str = "") -> bytes:
    """One file of every page of `parts` in order, a bookmark at the start of each part
    that has pages: byte for byte what `pnp.pdf_file.write` makes of the parts' sources
    with those bookmarks and the parts' names joined as `id_extra`."""
    out = pdf_file.Out()
    tree = out.reserve()
    assert tree == TREE
    page_numbers: list[int] = []
    marks = []
    for name, part in parts:
        marks.append(pdf_file.Bookmark(name, len(page_numbers)))
        first = out.reserve(len(part.objects))
        page_numbers += [first + k for k in part.pages]
        for number, (head, refs, stream) in enumerate(part.objects, first):
            if refs:
                head %= tuple([first + ref for ref in refs])
            out.put(number, head + stream)
    extra = b"".join(name.encode() for name, _ in parts)
    return pdf_file.closed(out, tree, page_numbers, [m for m in marks if m.page < len(page_numbers)],
                           title=title, subject=subject, creator=creator, producer=producer, id_extra=extra)
