"""Node pages to PDF documents.

Each document is drawn in one pass onto one cairo PDF surface by the cairo writer
(`pnp.draw.cairowriter`), so its pages share their embedded fonts; nothing is parsed
back from SVG, and an error while drawing stops the build. pypdf then adds what cairo
cannot write: trim and bleed boxes, bookmarks, fixed metadata and a document id
derived from the content, so the same pages give a byte-identical file. Several
documents (a kit) are drawn in parallel on every core.
"""

from __future__ import annotations

import hashlib
import io
import multiprocessing
import os
import re
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from pnp.draw.nodes import Page
from pnp.output import atomic_write
from pnp.units import mm_to_pt

CREATOR = "pnp (print-and-play kits for 18xx games)"


def draw_document(pages: list[Page]) -> bytes:
    """All pages in one cairo PDF (shared fonts)."""
    from pnp.draw.cairowriter import to_pdf

    return to_pdf(pages)


def _fork_context():
    try:
        return multiprocessing.get_context("fork")
    except ValueError:  # platforms without fork
        return None


def to_png(page: Page, dpi: float = 96) -> bytes:
    from pnp.draw.cairowriter import to_png as draw_png

    return draw_png(page, dpi)


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _die_with_parent(parent: int) -> None:
    """A drawing worker ends when the build that started it dies, even by SIGKILL: the
    kernel sends it SIGKILL then (Linux), and a worker whose parent is already gone
    before this ran exits at once; elsewhere a thread watches the parent."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        watched = libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        watched = False
    if os.getppid() != parent:
        os._exit(1)
    if not watched:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


PARENT_POLL = 0.5  # seconds between checks where the kernel cannot signal a parent's death


@dataclass
class PdfPart:
    """A run of pages with a bookmark title; `trim` and `bleed` in mm (inset of the
    trim box from the page edge, and how far bleed reaches beyond it)."""

    title: str
    pages: list[Page]
    trim_inset: float = 0.0
    bleed: float = 0.0
    children: list[tuple[str, int]] = field(default_factory=list)  # (title, page offset)


def assemble(sections: list[PdfPart], title: str, subject: str = "") -> bytes:
    """One document: the sections' pages in order, a bookmark per section when there
    are several, each page's trim and bleed boxes, fixed metadata."""
    pages = [p for s in sections for p in s.pages]
    return _finish(draw_document(pages), sections, title, subject)


CHUNK_PAGES = 6  # a document longer than this is drawn in parts, in parallel


class _Joined:
    """The future of a document drawn in parts: joined when its result is asked for."""

    def __init__(self, chunks: list[Future], title: str, subject: str, section: PdfPart):
        self.chunks, self.title, self.subject, self.section = chunks, title, subject, section

    def result(self) -> bytes:
        from pypdf import PdfReader, PdfWriter

        writer = PdfWriter()
        source = hashlib.md5(repr((self.section.title, self.section.trim_inset, self.section.bleed)).encode())
        for chunk in self.chunks:
            data = chunk.result()
            source.update(data)
            writer.append(PdfReader(io.BytesIO(data)), import_outline=False)
        source = source.digest()
        return _fixed_metadata(writer, self.title, self.subject, source)


class DocumentPool:
    """Draws documents in worker processes, one a core, while the caller goes on
    building the next component; `submit` returns a future of the PDF's bytes. On a
    single core it draws each document when it is submitted."""

    def __init__(self):
        cores = os.cpu_count() or 1
        self._pool = (ProcessPoolExecutor(max_workers=min(cores, 4), mp_context=_fork_context(),
                                          initializer=_die_with_parent, initargs=(os.getpid(),))
                      if cores > 1 else None)

    def submit(self, sections: list[PdfPart], title: str, subject: str = "") -> Future:
        if self._pool is None:
            future: Future = Future()
            future.set_result(assemble(sections, title, subject))
            return future
        pages = sum(len(s.pages) for s in sections)
        if len(sections) != 1 or pages <= CHUNK_PAGES:
            return self._pool.submit(assemble, sections, title, subject)
        # a long document (the money) is drawn in parts on all cores and joined
        section = sections[0]
        parts = -(-pages // CHUNK_PAGES)
        size = -(-pages // parts)
        chunks = [self._pool.submit(assemble, [PdfPart(section.title, section.pages[i:i + size], section.trim_inset,
                                                       section.bleed)], title, subject)
                  for i in range(0, pages, size)]
        return _Joined(chunks, title, subject, section)

    def __enter__(self) -> "DocumentPool":
        return self

    def __exit__(self, *exc) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)


def assemble_many(jobs: list[tuple[list[PdfPart], str, str]]) -> list[bytes]:
    """Several documents at once, drawn in parallel on every core."""
    with DocumentPool() as pool:
        futures = [pool.submit(*job) for job in jobs]
        return [f.result() for f in futures]


def merge_documents(parts: list[tuple[str, bytes]], title: str, subject: str = "") -> bytes:
    """Documents already drawn (each with its boxes) joined into one, a bookmark at the
    start of each part: the kit, without drawing any page twice."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    starts = []
    for _, data in parts:
        starts.append(len(writer.pages))
        writer.append(PdfReader(io.BytesIO(data)), import_outline=False)
    for (name, _), start in zip(parts, starts):
        writer.add_outline_item(title=name, page_number=start)
    source = b"".join(hashlib.md5(data).digest() + name.encode() for name, data in parts)
    return _fixed_metadata(writer, title, subject, source)


def _finish(raw: bytes, sections: list[PdfPart], title: str, subject: str) -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(raw)))
    starts, n = [], 0
    for section in sections:
        starts.append(n)
        for k in range(len(section.pages)):
            _set_boxes(writer.pages[n + k], section.trim_inset, section.bleed)
        n += len(section.pages)
    if len(sections) > 1 or any(s.children for s in sections):
        for section, start in zip(sections, starts):
            if not section.pages:
                continue
            parent = writer.add_outline_item(title=section.title, page_number=start)
            for child, offset in section.children:
                writer.add_outline_item(title=child, page_number=start + offset, parent=parent)
    source = hashlib.md5(repr([(s.title, s.trim_inset, s.bleed, s.children) for s in sections]).encode())
    source.update(_DATES.sub(b"", raw))  # what was drawn, without the time it was drawn
    return _fixed_metadata(writer, title, subject, source.digest())


_DATES = re.compile(rb"/(?:CreationDate|ModDate) \(D:[^)]*\)")


def _fixed_metadata(writer, title: str, subject: str, source: bytes) -> bytes:
    """Title, creator and subject; no dates; a document id derived from what the
    document is made of (`source`), so the same pages give the same bytes."""
    info = writer._info.get_object() if writer._info is not None else None
    if info is not None:
        for key in [k for k in info if k in ("/CreationDate", "/ModDate")]:
            del info[key]
    writer.add_metadata({"/Title": title, "/Creator": CREATOR, "/Producer": "pnp with cairo and pypdf",
                         "/Subject": subject})
    from pypdf.generic import ArrayObject, ByteStringObject

    digest = hashlib.md5(source + title.encode() + subject.encode()).digest()
    writer._ID = ArrayObject([ByteStringObject(digest), ByteStringObject(digest)])
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def _set_boxes(page, trim_inset: float, bleed: float) -> None:
    from pypdf.generic import NameObject, RectangleObject

    media = page.mediabox
    w, h = float(media.width), float(media.height)
    t = mm_to_pt(trim_inset)
    b = mm_to_pt(max(0.0, trim_inset - bleed))
    page[NameObject("/TrimBox")] = RectangleObject([t, t, w - t, h - t])
    page[NameObject("/BleedBox")] = RectangleObject([b, b, w - b, h - b])


def write_pdf(path: Path, sections: list[PdfPart], title: str, subject: str = "") -> Path:
    atomic_write(path, assemble(sections, title, subject))
    return path
