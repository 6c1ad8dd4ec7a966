"""PDF files put together without a PDF library.

pnp's PDF writer (`pnp.draw.pdfwriter`) gives a document's objects as a `Source`;
`write` makes a file of the pages of one or more sources, each page with its trim and
bleed boxes, a bookmark tree, fixed metadata and a document id derived from the
content (so the same pages give the same bytes). The files it writes are plain PDF:
numbered objects, a classic cross-reference table, a page tree of one level. Writing
also hands back each document's objects as the file holds them, `Movable` (a `%d`
where each reference's number goes), so that the kit joins its components' documents
(`Out.add`) by writing numbers in, without reading the files again; `read` takes a
file apart into a `Source` again (a document drawn in parts). The objects are copied
as they are, streams untouched; only object numbers are renumbered. This is what pypdf did for pnp, at a small fraction of
its cost (it parsed every object).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

try:  # CPython's own MD5: hashlib would load OpenSSL (~11 M instructions) for the same digest
    from _md5 import md5
except ImportError:  # a Python built without its own hash modules
    from hashlib import md5

HEADER = b"%PDF-1.5\n%\xb5\xed\xae\xfb\n"
_REF = re.compile(rb"(\d+) 0 R\b")
REF_MARK = b" 0 R"  # in every reference: text without it names no object
_PARENT = re.compile(rb"/Parent \d+ 0 R")
_MEDIA = re.compile(rb"/MediaBox \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]")
_STREAM = re.compile(rb">>\s*stream\r?\n")


class PdfFormatError(ValueError):
    """A file that is not the plain PDF pnp writes."""


@dataclass
class Source:
    """One PDF's objects (number -> body: dictionary text, and stream bytes when it has
    one) and its pages' object numbers in order. A page's /Parent is written anew by
    `write` (a source may name any object there, e.g. `/Parent 0 0 R`)."""

    objects: dict[int, bytes]
    pages: list[int]


def read(data: bytes) -> Source:
    try:
        xref = int(data[data.rindex(b"startxref") + 9:].split()[0])
        lines = data[xref:data.index(b"trailer", xref)].split(b"\n")
        first, count = (int(v) for v in lines[1].split())
        offsets = {}
        for k, entry in enumerate(lines[2:2 + count]):
            offset, _, kind = entry.split()[:3]
            if kind == b"n":
                offsets[first + k] = int(offset)
        order = sorted(offsets.items(), key=lambda item: item[1])
        objects = {}
        for (number, start), (_, end) in zip(order, order[1:] + [(None, xref)]):
            body = data[start:end]
            head = b"%d 0 obj" % number
            if not body.startswith(head):
                raise PdfFormatError(f"object {number} is not where the cross-reference table says")
            body = body[len(head):].rstrip()
            if not body.endswith(b"endobj"):
                raise PdfFormatError(f"object {number} has no end")
            objects[number] = body[:-6].strip(b"\r\n") + b"\n"
        trailer = data[data.index(b"trailer", xref):]
        root = _ref_after(trailer, b"/Root")
        kids = _ref_after(objects[root], b"/Pages")
        tree = objects[kids]
        pages = [int(m[1]) for m in _REF.finditer(tree[tree.index(b"/Kids"):tree.index(b"]", tree.index(b"/Kids"))])]
    except (ValueError, KeyError, IndexError) as exc:
        raise PdfFormatError(f"not a PDF as pnp writes it: {exc}") from None
    return Source(objects, pages)


_AFTER = {key: re.compile(re.escape(key) + rb"\s+(\d+) 0 R") for key in (b"/Root", b"/Pages")}


def _ref_after(text: bytes, key: bytes) -> int:
    m = _AFTER[key].search(text)
    if m is None:
        raise PdfFormatError(f"no {key.decode()} reference")
    return int(m[1])


def _split(body: bytes) -> tuple[bytes, bytes]:
    """(dictionary text, stream part) of an object body; the stream part may be empty."""
    m = _STREAM.search(body)
    if m is None:
        return body, b""
    cut = m.start() + 2
    return body[:cut], body[cut:]


@dataclass
class PageBoxes:
    """Trim and bleed boxes of a page, in mm from the media box's edge (inset of the
    trim box, and how far the bleed reaches beyond it); None leaves the page's own."""

    trim_inset: float
    bleed: float


@dataclass
class Bookmark:
    title: str
    page: int  # index into the written pages
    children: list["Bookmark"] = field(default_factory=list)


PT_PER_MM = 72 / 25.4


class Out:
    """A file being written: documents added one after another (`add`), each as soon as
    it is ready, then closed (`file`). Its objects' bodies are kept in order, with
    where each starts, and the digest of those its id is derived from."""

    def __init__(self):
        self.chunks = [HEADER]
        self.size = len(HEADER)
        self.offsets: list[int | None] = []
        self.digest = md5()
        self.tree = self.reserve()  # TREE
        self.page_numbers: list[int] = []

    def reserve(self, count: int = 1) -> int:
        """Numbers for `count` objects (put later); returns the first."""
        self.offsets += [None] * count
        return len(self.offsets) - count + 1

    def put(self, number: int, body: bytes, hashed: bool = True) -> None:
        self.offsets[number - 1] = self.size
        head = b"%d 0 obj\n" % number
        self.chunks += (head, body, b"endobj\n")  # joined once, at the end: a body is not copied on its way
        self.size += len(head) + len(body) + 7
        if hashed:
            self.digest.update(body)

    def add(self, doc: Movable) -> None:
        """`doc`'s objects, numbered after those added before, its pages after theirs."""
        first = self.reserve(len(doc.objects))
        self.page_numbers += [first + k for k in doc.pages]
        for number, (head, refs, stream) in enumerate(doc.objects, first):
            if refs:
                head %= tuple([first + ref for ref in refs])
            self.put(number, head + stream)

    def file(self, *, bookmarks: list[Bookmark] = (), title: str = "", subject: str = "", creator: str = "",
             producer: str = "", id_extra: bytes = b"") -> bytes:
        """The file of every page added, in order, with bookmarks (pages counted over all
        added), fixed metadata and an id derived from the objects' bodies."""
        tree, page_numbers = self.tree, self.page_numbers
        kids = b" ".join(b"%d 0 R" % n for n in page_numbers)
        self.put(tree, b"<< /Type /Pages\n   /Kids [ %s ]\n   /Count %d\n>>\n" % (kids, len(page_numbers)),
                 hashed=False)
        outlines = _outline(self, bookmarks, page_numbers) if bookmarks else None
        catalog = self.reserve()
        extra = b"   /Outlines %d 0 R\n" % outlines if outlines else b""
        self.put(catalog, b"<< /Type /Catalog\n   /Pages %d 0 R\n%s>>\n" % (tree, extra), hashed=False)
        info = self.reserve()
        self.put(info, b"<< /Title %s\n   /Creator %s\n   /Producer %s\n   /Subject %s\n>>\n"
                 % tuple(text_string(v) for v in (title, creator, producer, subject)), hashed=False)
        self.digest.update(id_extra + title.encode() + subject.encode())
        digest = self.digest.hexdigest().encode()
        entries = [b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.offsets) + 1)]
        entries += [b"%010d 00000 n \n" % offset for offset in self.offsets]
        trailer = (b"trailer\n<< /Size %d\n   /Root %d 0 R\n   /Info %d 0 R\n   /ID [ <%s> <%s> ]\n>>\n"
                   b"startxref\n%d\n%%%%EOF\n" % (len(self.offsets) + 1, catalog, info, digest, digest, self.size))
        return b"".join([*self.chunks, *entries, trailer])


TREE = 1  # a file's page tree: its first object (`Out` numbers it first)


class Movable(NamedTuple):
    """A document's objects that its pages need, in the order a file numbers them, ready
    to be numbered from wherever the first lands (`Out.add`): each as (dictionary text
    with `%d` where each reference's number goes and `%` written `%%`, or the text as it
    is when it has none; those references as places in this list; the stream part); and
    its pages' places in the list. A page's /Parent names the page tree (TREE).

    A kit's documents each land at a place known only once those before it are done:
    made movable on the worker that wrote the document (as it writes its own file), they
    are joined into the kit by writing numbers into their places, with nothing to look
    for (`pnp.kit_pdf`)."""

    objects: list[tuple[bytes, tuple[int, ...], bytes]]
    pages: list[int]


def write(sources: list[Source], **options) -> bytes:
    """A PDF of every page of `sources` in order (`written`'s file)."""
    return written(sources, **options)[0]


def written(sources: list[Source], *, boxes: list[PageBoxes | None] | None = None,
            **options) -> tuple[bytes, list[Movable]]:
    """A PDF of every page of `sources` in order, `boxes` one per page (or None), with
    `joined`'s options; and each source as the file holds it, movable (as `movable`
    would make it of the file read back): a kit joins a component's document without
    looking at it again."""
    docs, at = [], 0
    for source in sources:
        docs.append(movable(source, boxes[at:at + len(source.pages)] if boxes else None))
        at += len(source.pages)
    return joined(docs, **options), docs


def movable(source: Source, boxes: list[PageBoxes | None] | None = None) -> Movable:
    """The objects of `source` that its pages need, in the order a file numbers them
    (`gathered`), `boxes` given to its pages (one a page, or None), ready to be numbered."""
    parts = gathered(source)
    place = {number: k for k, number in enumerate(parts)}
    pages = {page: k for k, page in enumerate(source.pages)}
    objects = []
    for number, (head, stream, refs) in parts.items():
        index = pages.get(number)
        if index is not None:
            box = boxes[index] if boxes else None
            if box is not None and head.find(b"/TrimBox") < 0:
                head = _with_boxes(head, box)
                refs = _references(head) if head.find(REF_MARK) >= 0 else ()  # moved by the boxes
        if refs:
            head = _template(head, refs)
        if index is not None:
            head = head.replace(b"/Parent @", b"/Parent %d 0 R" % TREE)
        objects.append((head, tuple([place[ref[2]] for ref in refs]), stream))
    return Movable(objects, [place[page] for page in source.pages])


def joined(docs: list[Movable], **options) -> bytes:
    """A PDF of every page of `docs` in order, with `Out.file`'s options."""
    out = Out()
    for doc in docs:
        out.add(doc)
    return out.file(**options)


def gathered(source: Source) -> dict[int, tuple[bytes, bytes, list]]:
    """The objects of `source` that its pages need, in the order a file of them numbers
    them (each page, then the objects it needs, found by following references), each as
    (dictionary text, stream part, its references as `_references` finds them). A page's
    /Parent is written "@": its tree is written anew, named once it has its number. An
    object that has a /Parent but is no page is followed without it, renumbered with it."""
    parts: dict[int, tuple] = {}
    place = set(source.pages)
    for page in source.pages:
        todo = [page]
        while todo:
            number = todo.pop()
            if number in parts:
                continue
            head, stream = _split(source.objects[number])
            if number in place:
                head = _PARENT.sub(b"/Parent @", head)
            refs = ()
            # `find`, not `in`: `bytes in bytes` tries the text as a number first, and the
            # error that makes costs Python 3.11 more than the search
            if head.find(REF_MARK) >= 0:  # most objects name none (about 4 in 10)
                if number not in place and head.find(b"/Parent") >= 0:  # not a page, yet with a parent
                    named, refs = _references(_PARENT.sub(b"", head)), _references(head)
                else:
                    named = refs = _references(head)
                todo.extend(reversed([ref[2] for ref in named]))
            parts[number] = head, stream, refs
    return parts


def _references(head: bytes) -> list[tuple[int, int, int]]:
    """(start, end, object number) of each reference "N 0 R" in a dictionary's text, in
    order, as `_REF` finds them: the text cut at each " 0 R" (`REF_MARK`), a reference
    where the cut is followed by no letter, digit or "_" (`_REF`'s word boundary) and the piece
    before it ends in digits. A pattern that starts with the digits is tried at every
    digit, and a font's /W array is hundreds of them; the cuts, a digit-by-digit walk
    back from each and the matches themselves cost more Python steps than a piece's
    `rstrip` of its digits."""
    found, at = [], 0
    pieces = head.split(REF_MARK)
    for k in range(len(pieces) - 1):
        piece = pieces[k]
        end = at + len(piece)
        digits = len(piece) - len(piece.rstrip(b"0123456789"))
        after = pieces[k + 1][:1]
        if digits and not (after.isalnum() or after == b"_"):
            found.append((end - digits, end + 4, int(piece[-digits:])))
        at = end + 4
    return found


def _template(head: bytes, refs: list[tuple[int, int, int]]) -> bytes:
    """A dictionary's text with `%d` in place of each reference's number (`refs`:
    `_references(head)`) and any `%` of its own written `%%`: the text's numbers are
    written in by one `%` (`joined`)."""
    escape = head.find(b"%") >= 0
    pieces, at = [], 0
    for start, end, _ in refs:
        pieces.append(head[at:start])
        at = end
    pieces.append(head[at:])
    if escape:
        pieces = [piece.replace(b"%", b"%%") for piece in pieces]
    return b"%d 0 R".join(pieces)


def _with_boxes(head: bytes, box: PageBoxes) -> bytes:
    m = _MEDIA.search(head)
    if m is None:
        raise PdfFormatError("a page without a media box")
    x0, y0, x1, y1 = (float(v) for v in m.groups())
    t = box.trim_inset * PT_PER_MM
    b = max(0.0, box.trim_inset - box.bleed) * PT_PER_MM
    text = b"%s\n   /TrimBox %s\n   /BleedBox %s" % (m[0], _rect(x0 + t, y0 + t, x1 - t, y1 - t),
                                                     _rect(x0 + b, y0 + b, x1 - b, y1 - b))
    return head[:m.start()] + text + head[m.end():]


def _rect(*values: float) -> bytes:
    return b"[ " + b" ".join(number(v) for v in values) + b" ]"


def number(value: float) -> bytes:
    """A PDF real: no exponent, at most six decimals."""
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return (text if text not in ("-0", "") else "0").encode()


def _outline(out: Out, bookmarks: list[Bookmark], pages: list[int]) -> int:
    """The bookmark tree (every item open); returns the outline dictionary's number."""
    root = out.reserve()

    def items(marks: list[Bookmark], parent: int) -> tuple[list[int], int]:
        numbers = [out.reserve() for _ in marks]
        total = len(marks)
        for k, (mark, number) in enumerate(zip(marks, numbers)):
            kids, below = items(mark.children, number) if mark.children else ([], 0)
            total += below
            fields = [b"/Title " + text_string(mark.title), b"/Parent %d 0 R" % parent,
                      b"/Dest [ %d 0 R /Fit ]" % pages[mark.page]]
            if k > 0:
                fields.append(b"/Prev %d 0 R" % numbers[k - 1])
            if k + 1 < len(numbers):
                fields.append(b"/Next %d 0 R" % numbers[k + 1])
            if kids:
                fields += [b"/First %d 0 R" % kids[0], b"/Last %d 0 R" % kids[-1], b"/Count %d" % below]
            out.put(number, b"<< " + b"\n   ".join(fields) + b"\n>>\n", hashed=False)
        return numbers, total

    numbers, total = items(bookmarks, root)
    out.put(root, b"<< /Type /Outlines\n   /First %d 0 R\n   /Last %d 0 R\n   /Count %d\n>>\n"
            % (numbers[0], numbers[-1], total), hashed=False)
    return root


def text_string(text: str) -> bytes:
    """A PDF text string: a literal when it is plain ASCII, else UTF-16 with its mark."""
    if all(" " <= c <= "~" for c in text):
        return b"(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").encode("ascii") + b")"
    return b"<feff" + text.encode("utf-16-be").hex().encode() + b">"
