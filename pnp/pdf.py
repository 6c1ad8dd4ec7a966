"""SVG pages to one PDF: each page rendered by cairosvg in its safe mode (no external
files, no XML entities, only data: URLs), then assembled with pypdf with fixed
metadata and a fixed document id, so the same pages give a byte-identical file."""

from __future__ import annotations

import hashlib
import io
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import cairosvg
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, ByteStringObject, NameObject, RectangleObject

from pnp.output import atomic_write
from pnp.units import mm_to_pt

CREATOR = "pnp (print-and-play kits for 18xx games)"


def svg_to_pdf_page(svg_text: str) -> bytes:
    return cairosvg.svg2pdf(bytestring=svg_text.encode("utf-8"), unsafe=False)


_RENDERED: dict[str, bytes] = {}
_RENDERED_LIMIT = 2000


def render_pages(pages: list[str]) -> list[bytes]:
    """PDF bytes for each SVG page. A page rendered before (the same page in a
    component's PDF and in the kit) is not rendered again; new pages are rendered in
    parallel on every core, since cairosvg is the slow step of every build."""
    todo = list(dict.fromkeys(p for p in pages if p not in _RENDERED))
    if len(todo) > 2 and (os.cpu_count() or 1) > 1:
        workers = min(os.cpu_count() or 1, 4, len(todo))
        with ProcessPoolExecutor(max_workers=workers, mp_context=_fork_context()) as pool:
            rendered = list(pool.map(svg_to_pdf_page, todo, chunksize=max(1, len(todo) // (workers * 2))))
    else:
        rendered = [svg_to_pdf_page(p) for p in todo]
    if len(_RENDERED) + len(todo) > _RENDERED_LIMIT:
        _RENDERED.clear()
    _RENDERED.update(zip(todo, rendered))
    return [_RENDERED[p] for p in pages]


def _fork_context():
    try:
        return multiprocessing.get_context("fork")
    except ValueError:  # platforms without fork
        return None


def svg_to_png(svg_text: str, dpi: float = 96) -> bytes:
    return cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), unsafe=False, dpi=dpi)


@dataclass
class Section:
    """A run of pages with a bookmark title; `trim` and `bleed` in mm (inset of the
    trim box from the page edge, and how far bleed reaches beyond it)."""

    title: str
    pages: list[str]
    trim_inset: float = 0.0
    bleed: float = 0.0
    children: list[tuple[str, int]] = field(default_factory=list)  # (title, page offset)


def assemble(sections: list[Section], title: str, subject: str = "") -> bytes:
    writer = PdfWriter()
    starts = []
    rendered = iter(render_pages([p for s in sections for p in s.pages]))
    for section in sections:
        starts.append(len(writer.pages))
        for _ in section.pages:
            reader = PdfReader(io.BytesIO(next(rendered)))
            page = reader.pages[0]
            _set_boxes(page, section.trim_inset, section.bleed)
            writer.add_page(page)
    if len(sections) > 1 or any(s.children for s in sections):
        for section, start in zip(sections, starts):
            if not section.pages:
                continue
            parent = writer.add_outline_item(title=section.title, page_number=start)
            for child, offset in section.children:
                writer.add_outline_item(title=child, page_number=start + offset, parent=parent)
    writer.add_metadata({"/Title": title, "/Creator": CREATOR, "/Producer": "pnp with cairosvg and pypdf",
                         "/Subject": subject})
    buffer = io.BytesIO()
    writer.write(buffer)
    data = buffer.getvalue()
    # a fixed document id derived from the content keeps rebuilds byte-identical
    digest = hashlib.md5(data).digest()
    writer._ID = ArrayObject([ByteStringObject(digest), ByteStringObject(digest)])
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def _set_boxes(page, trim_inset: float, bleed: float) -> None:
    media = page.mediabox
    w, h = float(media.width), float(media.height)
    t = mm_to_pt(trim_inset)
    b = mm_to_pt(max(0.0, trim_inset - bleed))
    page[NameObject("/TrimBox")] = RectangleObject([t, t, w - t, h - t])
    page[NameObject("/BleedBox")] = RectangleObject([b, b, w - b, h - b])


def write_pdf(path: Path, sections: list[Section], title: str, subject: str = "") -> Path:
    atomic_write(path, assemble(sections, title, subject))
    return path
