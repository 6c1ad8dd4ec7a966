"""Node pages to PDF documents.

Each document is written in one pass by pnp's own PDF writer (`pnp.draw.pdfwriter`),
so its pages share their embedded fonts, forms and pictures; nothing is parsed back from
SVG, and an error while drawing stops the build. `pnp.pdf_file` then writes the file
from the writer's objects, with trim and bleed boxes, bookmarks, fixed metadata and a
document id derived from the content, so the same pages give a byte-identical file.
Several documents (a kit) are drawn in parallel on every core.
"""

from __future__ import annotations

import functools
import gc
import os
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.draw.nodes import Page
from pnp.output import OutputDir, atomic_write
from pnp.sheets.lazy import plan_of
from pnp.workpool import ForkPool, Future

if TYPE_CHECKING:
    from pnp.pdf_file import Movable, Source

CREATOR = "pnp (print-and-play kits for 18xx games)"
PRODUCER = "pnp"


def draw_document(pages: list[Page]):
    """All pages as one document's objects (a `pnp.pdf_file.Source`: shared fonts)."""
    from pnp.draw.pdfwriter import to_source

    return to_source(pages)


def to_png(page: Page, dpi: float = 96) -> bytes:
    from pnp.draw.cairowriter import to_png as draw_png

    return draw_png(page, dpi)


def _start_worker(parent: int) -> None:
    """A drawing worker's first steps: it dies with its parent, and what it inherited
    (the loaded game, the modules, a plan of pages) is left out of its garbage
    collections, which otherwise walk all of it again and again while pages are built.
    It collects its own garbage even where the parent does not (`pnp build`'s main
    process, see `pnp.commands.common.collecting_no_garbage`): a worker makes and drops
    whole pages. But rarely (YOUNG_OBJECTS, as while a part is drawn): the nodes, paths
    and artwork it makes form almost no cycles (a worker of 1860's kit ran 62 collections
    that found 70 objects) and die by their reference counts."""
    from pnp.forked import die_with_parent

    die_with_parent(parent)
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
    gc.enable()


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
    return assembled(sections, title, subject)[0]


def assembled(sections: list[PdfPart], title: str, subject: str = "") -> tuple[bytes, Movable]:
    """`assemble`'s file, and its objects as the file holds them, movable (a
    `pnp.pdf_file.Movable`), for a kit that joins it (`Merging`, `pnp.kit_pdf`) without
    looking at it again."""
    pages = [p for s in sections for p in s.pages]
    return _finish(draw_document(pages), sections, title, subject)


CHUNK_PAGES = 6  # a document longer than this is drawn in parts, in parallel (`part_ranges`)


def draw_range(section: PdfPart | _Ticket, start: int, stop: int, title: str, subject: str = "",
               files_to: OutputDir | None = None) -> bytes:
    """Pages start..stop-1 of a section whose pages are a plan (`pnp.sheets.lazy`), built
    and drawn here, where their artwork is built; with `files_to`, the files that go with
    those pages are written there from the same artwork."""
    section = _INHERITED[section.number] if isinstance(section, _Ticket) else section
    plan = section.pages.plan
    with _rare_collections():
        pages = plan.pages(start, stop)
        if files_to is not None:
            for name in plan.file_names(start, stop):
                files_to.write(name, plan.file(name))
        return assemble([replace(section, pages=pages)], title, subject)


YOUNG_OBJECTS = 50_000  # objects made between two young collections while a part is drawn (Python's default: 700)


@contextmanager
def _rare_collections():
    """Python's cycle collector runs far less often while a part's pages are built and
    drawn. They make hundreds of thousands of objects (nodes, artwork, paths) that live
    until the part is written and form almost no cycles: on 80 pages of the 10,000-tile
    game, 48 collections took 4 % of the CPU and found 27 objects."""
    old = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


PART_PAGES = 16  # a very long document is drawn in parts of at most this many pages


def part_ranges(pages: int, workers: int) -> list[tuple[int, int]]:
    """The page ranges a long document is drawn in, as even as whole pages allow: one a
    worker, or more of at most PART_PAGES pages when it is very long. The pool hands
    each part to whichever worker is free, so the workers stay busy to the end even when
    some pages cost more than others (a 10,000-tile sheet's gray tiles cost twice its
    green ones) or another process holds a core; which worker draws a part changes
    nothing in the file. The parts are joined into one PDF, so the ranges decide its
    bytes: they depend on the page count and, as they always have, on how many workers
    there are (never on timing); each part embeds its own font subsets."""
    parts = max(min(workers, -(-pages // CHUNK_PAGES)), -(-pages // PART_PAGES))
    size = -(-pages // parts)
    return [(a, min(a + size, pages)) for a in range(0, pages, size)]


# What a pool's workers find in their own copy of the process that forked them, by
# ticket: an object registered before they fork need not be pickled and sent (a
# 10,000-tile plan: 0.1 s to pickle for each part, 0.16 s to unpickle on each worker).
_INHERITED: dict[int, object] = {}


@dataclass(frozen=True)
class _Ticket:
    number: int


class _Joined:
    """The future of a document drawn in parts: joined when its result is asked for."""

    def __init__(self, chunks: list[Future], title: str, subject: str, section: PdfPart):
        self.chunks, self.title, self.subject, self.section = chunks, title, subject, section

    def result(self) -> bytes:
        from pnp import pdf_file

        sources = [pdf_file.read(chunk.result()) for chunk in self.chunks]
        extra = repr((self.section.title, self.section.trim_inset, self.section.bleed)).encode()
        return pdf_file.write(sources, id_extra=extra, **_metadata(self.title, self.subject))


class DocumentPool:
    """Draws documents in worker processes, one a core, while the caller goes on
    building the next component; `submit` returns a future of the PDF's bytes. On a
    single core it draws each document when it is submitted."""

    def __init__(self):
        cores = os.cpu_count() or 1
        self._workers = min(cores, 4)
        self._pool = (ForkPool(self._workers, initializer=_start_worker, initargs=(os.getpid(),))
                      if cores > 1 and hasattr(os, "fork") else None)
        self._started = False  # the workers fork at the first call
        self._tickets: list[int] = []
        self._closing: threading.Thread | None = None  # see `release`
        if self._pool is not None:
            warm_up()

    @property
    def parallel(self) -> bool:
        """Whether jobs run on workers, beside this process (not when they are submitted)."""
        return self._pool is not None

    def submit(self, sections: list[PdfPart], title: str, subject: str = "",
               files_to: OutputDir | None = None) -> Future:
        """A long document of one section is drawn in parts (`part_ranges`), each by the
        first worker free, and joined. Pages built lazily (`pnp.sheets.lazy`) are built
        on the worker that draws them, which also writes the files that go with them to
        `files_to`."""
        pages = sum(len(s.pages) for s in sections)
        lazy = len(sections) == 1 and plan_of(sections[0].pages) is not None
        if files_to is not None and not lazy:
            raise ValueError("files go with lazily built pages only")
        if len(sections) != 1 or pages <= CHUNK_PAGES or self._pool is None:
            if lazy:
                return self.call(draw_range, self._inherit(sections[0]), 0, pages, title, subject, files_to)
            return self.call(assemble, sections, title, subject)
        section = sections[0]
        section = PdfPart(section.title, section.pages, section.trim_inset, section.bleed)  # parts have no bookmarks
        ranges = part_ranges(pages, self._workers)
        if lazy:
            sent = self._inherit(section)
            chunks = [self.call(draw_range, sent, a, b, title, subject, files_to) for a, b in ranges]
        else:
            chunks = [self.call(assemble, [replace(section, pages=section.pages[a:b])], title, subject)
                      for a, b in ranges]
        return _Joined(chunks, title, subject, section)

    def _inherit(self, obj):
        """What to send a worker for `obj`: a ticket to the copy it will inherit when it
        forks, if none has forked yet; else `obj` itself (pickled)."""
        if self._pool is None or self._started:
            return obj
        number = max(_INHERITED, default=-1) + 1
        _INHERITED[number] = obj
        self._tickets.append(number)
        return _Ticket(number)

    def call(self, fn, *args) -> Future:
        """`fn(*args)` on a worker, as a future (run at once on a single core)."""
        if self._pool is not None:
            self._started = True
            return self._pool.submit(fn, *args)
        future: Future = Future()
        try:
            future.set_result(fn(*args))
        except Exception as exc:  # raised where the result is asked for, as from a worker
            future.set_exception(exc)
        return future

    def release(self) -> None:
        """No more jobs: the workers end (each exits, its memory is given back) while the
        caller goes on, e.g. joining a kit; leaving the pool's `with` waits for them."""
        if self._pool is not None and self._closing is None:
            self._closing = threading.Thread(target=self._pool.shutdown, name="pnp-pool-release")
            self._closing.start()

    def __enter__(self) -> "DocumentPool":
        return self

    def __exit__(self, kind, *exc) -> None:
        """Waits for the running jobs; leaving by an exception (an error, or SIGTERM or
        Ctrl-C sent to this process alone) kills the workers at once instead."""
        if self._pool is not None and kind is not None:
            self._pool.terminate()
        if self._closing is not None:
            self._closing.join()
        elif self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
        for number in self._tickets:
            del _INHERITED[number]


@functools.cache
def warm_up() -> None:
    """Load what every drawing worker needs before the workers fork, so that they
    inherit it rather than each loading it again: the PDF writer and the fonts' metrics.
    (The faces' glyph boxes are worked out while the game loads, if there is time:
    `pnp.kit_jobs.warm_up_while`.) Once a process."""
    import pnp.draw.pdfwriter  # noqa: F401  (its modules loaded here, once)
    from pnp.text import FACES, font_name

    for weight in FACES:
        font_name(weight)


def assemble_many(jobs: list[tuple[list[PdfPart], str, str]]) -> list[bytes]:
    """Several documents at once, drawn in parallel on every core."""
    with DocumentPool() as pool:
        futures = [pool.submit(*job) for job in jobs]
        return [f.result() for f in futures]


def merge_documents(parts: list[tuple[str, bytes | Source | Movable]], title: str, subject: str = "") -> bytes:
    """Documents already drawn (each with its boxes) joined into one, a bookmark at the
    start of each part: the kit, without drawing any page twice. A part is a PDF file,
    its objects (a `pnp.pdf_file.Source`), or those objects made movable (as `assembled`
    gives them), which costs least here (`pnp.pdf_file.Movable`)."""
    merging = Merging()
    for name, data in parts:
        merging.add(name, data)
    return merging.file(title, subject)


class Merging:
    """`merge_documents` a part at a time, each as soon as it is ready (the kit's
    components as they come back, `pnp.kit_pdf`): its objects numbered, hashed and
    kept in order then, rather than all when the last is ready."""

    def __init__(self):
        from pnp import pdf_file

        self._out = pdf_file.Out()
        self._marks: list[pdf_file.Bookmark] = []
        self._names: list[str] = []

    def add(self, name: str, data: bytes | Source | Movable) -> None:
        from pnp import pdf_file

        if not isinstance(data, pdf_file.Movable):
            data = pdf_file.movable(data if isinstance(data, pdf_file.Source) else pdf_file.read(data))
        self._marks.append(pdf_file.Bookmark(name, len(self._out.page_numbers)))
        self._names.append(name)
        self._out.add(data)

    def file(self, title: str, subject: str = "") -> bytes:
        pages = len(self._out.page_numbers)
        extra = b"".join(name.encode() for name in self._names)
        return self._out.file(bookmarks=[m for m in self._marks if m.page < pages], id_extra=extra,
                              **_metadata(title, subject))


def _finish(source: Source, sections: list[PdfPart], title: str, subject: str) -> tuple[bytes, Movable]:
    """The drawn document (a `pnp.pdf_file.Source`) as a file, with each page's trim and
    bleed boxes, a bookmark per section (when there are several, or children), fixed
    metadata and a content-derived id; and the file's objects, movable (`pnp.pdf_file.written`)."""
    from pnp import pdf_file

    boxes, marks, start = [], [], 0
    for section in sections:
        boxes += [pdf_file.PageBoxes(section.trim_inset, section.bleed)] * len(section.pages)
        if section.pages:
            marks.append(pdf_file.Bookmark(section.title, start, [pdf_file.Bookmark(child, start + offset)
                                                                   for child, offset in section.children]))
        start += len(section.pages)
    if not (len(sections) > 1 or any(s.children for s in sections)):
        marks = []
    extra = repr([(s.title, s.trim_inset, s.bleed, s.children) for s in sections]).encode()
    data, (doc,) = pdf_file.written([source], boxes=boxes, bookmarks=marks, id_extra=extra, **_metadata(title, subject))
    return data, doc


def _metadata(title: str, subject: str) -> dict:
    return {"title": title, "subject": subject, "creator": CREATOR, "producer": PRODUCER}


def write_pdf(path: Path, sections: list[PdfPart], title: str, subject: str = "") -> Path:
    atomic_write(path, assemble(sections, title, subject))
    return path
