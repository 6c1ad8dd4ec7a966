"""Reading a PDF back with PDFium (pypdfium2, which pdfplumber brings along), for
tests of components with many pieces: PDFium parses a page in C, where pdfpaths and
pdfminer read it in Python, which takes seconds for a few pages of detailed pieces.

What it gives is what a printer sees: stroked rectangles (cut outlines) in page
millimetres, the letters with their boxes, and the page rendered in greyscale."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from pathlib import Path

import numpy
import pypdfium2 as pdfium
import pypdfium2.raw as raw

PT_TO_MM = 25.4 / 72.0


@dataclass(frozen=True)
class Letter:
    text: str
    x0: float  # mm, y down from the page top
    y0: float
    x1: float
    y1: float

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)


@dataclass
class Page:
    width: float  # mm
    height: float
    rectangles: list[tuple[float, float, float, float]]  # stroked, (x0, y0, x1, y1) mm
    letters: list[Letter]
    pdf_page: object

    def grey(self, px_per_mm: float = 2.0) -> numpy.ndarray:
        """The page in greyscale, 0 black to 255 white, `px_per_mm` pixels a millimetre."""
        bitmap = self.pdf_page.render(scale=px_per_mm * PT_TO_MM, grayscale=True)
        image = bitmap.to_numpy()
        return image[:, :, 0] if image.ndim == 3 else image

    def letters_in(self, box: tuple[float, float, float, float]) -> list[Letter]:
        x0, y0, x1, y1 = box
        return [c for c in self.letters if x0 <= c.centre[0] <= x1 and y0 <= c.centre[1] <= y1]


def read(pdf: Path) -> list[Page]:
    document = pdfium.PdfDocument(str(pdf))
    pages = []
    for page in document:
        width, height = page.get_size()
        pages.append(Page(width * PT_TO_MM, height * PT_TO_MM, _rectangles(page, height), _letters(page, height),
                          page))
    return pages


def _letters(page, height: float) -> list[Letter]:
    text = page.get_textpage()
    out = []
    for i in range(text.count_chars()):
        ch = text.get_text_range(i, 1)
        if not ch.strip():
            continue
        left, bottom, right, top = text.get_charbox(i, loose=True)
        out.append(Letter(ch, left * PT_TO_MM, (height - top) * PT_TO_MM, right * PT_TO_MM,
                          (height - bottom) * PT_TO_MM))
    return out


def _rectangles(page, height: float) -> list[tuple[float, float, float, float]]:
    out = []
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH]):
        fill, stroke = ctypes.c_int(), ctypes.c_int()
        raw.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
        if not stroke.value:
            continue
        matrix = obj.get_matrix()
        for points, closed, curved in _subpaths(obj.raw):
            if closed and not curved:
                rect = _axis_rectangle([matrix.on_point(x, y) for x, y in points])
                if rect:
                    x0, y0, x1, y1 = rect
                    out.append((x0 * PT_TO_MM, (height - y1) * PT_TO_MM, x1 * PT_TO_MM, (height - y0) * PT_TO_MM))
    return out


def _subpaths(path):
    """(points, closed, curved) for each subpath of a path object, in its own space."""
    current: list | None = None
    closed = curved = False
    x, y = ctypes.c_float(), ctypes.c_float()
    for i in range(raw.FPDFPath_CountSegments(path)):
        segment = raw.FPDFPath_GetPathSegment(path, i)
        raw.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
        kind = raw.FPDFPathSegment_GetType(segment)
        if kind == raw.FPDF_SEGMENT_MOVETO:
            if current:
                yield current, closed, curved
            current, closed, curved = [(x.value, y.value)], False, False
        elif current is not None:
            current.append((x.value, y.value))
            curved = curved or kind == raw.FPDF_SEGMENT_BEZIERTO
        if current is not None and raw.FPDFPathSegment_GetClose(segment):
            closed = True
    if current:
        yield current, closed, curved


def _axis_rectangle(points, tol: float = 0.01):
    xs = sorted({round(p[0], 2) for p in points})
    ys = sorted({round(p[1], 2) for p in points})
    if len(xs) == 2 and len(ys) == 2 and xs[1] - xs[0] > tol and ys[1] - ys[0] > tol:
        return xs[0], ys[0], xs[1], ys[1]
    return None
