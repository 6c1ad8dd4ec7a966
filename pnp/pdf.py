"""SVG pages to one PDF: each page rendered by cairosvg in its safe mode (no external
files, no XML entities, only data: URLs), then assembled with pypdf with fixed
metadata and a fixed document id, so the same pages give a byte-identical file."""

from __future__ import annotations

import hashlib
import io
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
    for section in sections:
        starts.append(len(writer.pages))
        for page_svg in section.pages:
            reader = PdfReader(io.BytesIO(svg_to_pdf_page(page_svg)))
            page = reader.pages[0]
            _set_boxes(page, section.trim_inset, section.bleed)
            writer.add_page(page)
    if len(sections) > 1 or any(s.children for s in sections):
        for section, start in zip(sections, starts):
            if not section.pages:
                continue
            parent = writer.add_outline_item(section.title, start)
            for child, offset in section.children:
                writer.add_outline_item(child, start + offset, parent=parent)
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
