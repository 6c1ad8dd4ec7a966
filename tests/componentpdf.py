"""Building card-like components to PDF once per session and reading them back as a
printer would: each piece's cut outline (a stroked rectangle or circle of the piece's
size), the text inside it, and the filled grounds of backs."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar, LTFigure
from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser

from pdfpaths import PaintedPath, circles, read_paths, rectangles
from pnp.components import PrintOptions, write_component
from pnp.load import load_game
from pnp.output import OutputDir
from pnp.templates import paper, theme

PT_TO_MM = 25.4 / 72.0
KINDS = ("shares", "charters", "privates", "trains", "tokens", "cards")


@cache
def game(name: str):
    return load_game(name)


def options(game_name: str, **extra) -> PrintOptions:
    g = game(game_name)
    return PrintOptions(paper=paper(extra.pop("paper", "a4")), style=theme("default").with_colors(g.info.colors),
                        **extra)


def build_pdf(game_name: str, kind: str, out: Path, **extra) -> Path:
    component = importlib.import_module(f"pnp.components.{kind}").build(game(game_name), options(game_name, **extra))
    [pdf] = write_component(component, OutputDir(out), game(game_name).title)
    return pdf


_PRINTED: dict[tuple[str, str], "ReadBack"] = {}


def printed(game_name: str, kind: str, out: Path) -> "ReadBack":
    """A component with default options, built and read back once per test session
    (several test files look at the same PDFs)."""
    key = (game_name, kind)
    if key not in _PRINTED:
        _PRINTED[key] = read_back(build_pdf(game_name, kind, out / game_name))
    return _PRINTED[key]


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float
    round: bool = False

    @property
    def centre(self):
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    @property
    def size(self):
        return (self.x1 - self.x0, self.y1 - self.y0)


def outlines(paths: list[PaintedPath], sizes: list[tuple[float, float]], tol: float = 0.05) -> list[Box]:
    """Stroked rectangles of one of the sizes, and stroked circles of a size (d, d)."""
    found = []
    for x0, y0, x1, y1 in rectangles(paths):
        if any(abs(x1 - x0 - w) <= tol and abs(y1 - y0 - h) <= tol for w, h in sizes):
            found.append(Box(x0, y0, x1, y1))
    for cx, cy, d in circles(paths):
        if any(w == h and abs(d - w) <= tol for w, h in sizes):
            found.append(Box(cx - d / 2, cy - d / 2, cx + d / 2, cy + d / 2, True))
    return found


def filled_rectangles(paths: list[PaintedPath]) -> list[tuple[float, float, float, float]]:
    """Filled closed four-sided axis-aligned paths, as (x0, y0, x1, y1) in mm."""
    return rectangles(paths, filled=True)


@dataclass
class Char:
    text: str
    x0: float  # mm, y down from the page top
    y0: float
    x1: float
    y1: float
    size: float = 0.0  # pt: the letter's font size as printed


class _CharsOnly(PDFPageAggregator):
    """pdfplumber's reader (pdfminer) without its work on paths: letters are all the
    text checks need, and card pages hold many paths."""

    def paint_path(self, gstate, stroke, fill, evenodd, path):
        pass


def page_chars(pdf: Path) -> list[list[Char]]:
    """Every letter of every page with its box in mm (y down from the page top), as
    pdfplumber would report it."""
    out = []
    with open(pdf, "rb") as handle:
        document = PDFDocument(PDFParser(handle))
        resources = PDFResourceManager()
        device = _CharsOnly(resources, laparams=None)
        interpreter = PDFPageInterpreter(resources, device)
        for page in PDFPage.create_pages(document):
            interpreter.process_page(page)
            top = page.mediabox[3]
            out.append([Char(o.get_text(), o.x0 * PT_TO_MM, (top - o.y1) * PT_TO_MM, o.x1 * PT_TO_MM,
                             (top - o.y0) * PT_TO_MM, o.size) for o in _letters(device.get_result())])
    return out


def _letters(layout) -> list[LTChar]:
    """The letters of a page, those of its forms (artwork drawn once and placed at
    several spots, an LTFigure each) included, as pdfplumber reports them."""
    out = []
    for o in layout:
        if isinstance(o, LTChar):
            out.append(o)
        elif isinstance(o, LTFigure):
            out += _letters(o)
    return out


def inside(c: Char, box: Box, margin: float = 0.0) -> bool:
    if box.round:
        cx, cy = box.centre
        r = (box.x1 - box.x0) / 2 - margin
        return all((x - cx) ** 2 + (y - cy) ** 2 <= r * r for x in (c.x0, c.x1) for y in (c.y0, c.y1))
    return (c.x0 >= box.x0 + margin - 1e-6 and c.x1 <= box.x1 - margin + 1e-6 and c.y0 >= box.y0 + margin - 1e-6
            and c.y1 <= box.y1 - margin + 1e-6)


def text_in(chars: list[Char], box: Box) -> str:
    """The characters whose centre lies in the box, in reading order, as one string.

    Letters join into runs along a line (a space where the gap is wider than a quarter
    of their height: the PDF draws no space glyphs). Runs on neighbouring lines that
    overlap across form a block, as a paragraph does; blocks read top to bottom, then
    left to right, and a block line by line. So a card's side band never interleaves
    with its main text, and a centred paragraph stays whole."""
    mine = [c for c in chars if box.x0 <= (c.x0 + c.x1) / 2 <= box.x1 and box.y0 <= (c.y0 + c.y1) / 2 <= box.y1]
    runs: list[list[Char]] = []
    for c in sorted(mine, key=lambda c: (round((c.y0 + c.y1) / 2, 1), c.x0)):
        mid, height = (c.y0 + c.y1) / 2, c.y1 - c.y0
        run = next((r for r in runs if abs((r[-1].y0 + r[-1].y1) / 2 - mid) < 0.3 * height
                    and -0.2 * height <= c.x0 - r[-1].x1 <= 1.5 * height), None)
        if run is None:
            runs.append([c])
        else:
            run.append(c)
    blocks = _blocks(runs)
    out = []
    for block in sorted(blocks, key=lambda b: (min(r[0].y0 for r in b), min(r[0].x0 for r in b))):
        for r in sorted(block, key=lambda r: ((r[0].y0 + r[0].y1) / 2, r[0].x0)):
            text = r[0].text
            for a, b in zip(r, r[1:]):
                text += (" " if b.x0 - a.x1 > 0.25 * (a.y1 - a.y0) else "") + b.text
            out.append(text)
    return " ".join(out)


def _blocks(runs: list[list[Char]]) -> list[list[list[Char]]]:
    """Runs joined when one sits at most 1.6 line heights under the other and they
    overlap across."""
    n = len(runs)
    parent = list(range(n))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    spans = [(r[0].x0, r[-1].x1, (r[0].y0 + r[0].y1) / 2, max(c.y1 - c.y0 for c in r)) for r in runs]
    for i in range(n):
        for j in range(i + 1, n):
            a, b = spans[i], spans[j]
            if min(a[1], b[1]) > max(a[0], b[0]) and 0 < abs(a[2] - b[2]) <= 1.6 * max(a[3], b[3]):
                parent[root(i)] = root(j)
    groups: dict[int, list[list[Char]]] = {}
    for i, r in enumerate(runs):
        groups.setdefault(root(i), []).append(r)
    return list(groups.values())


@dataclass
class ReadBack:
    """A component PDF as pages of (outlines, chars, paths)."""

    pdf: Path
    paths: list[list[PaintedPath]]
    chars: list[list[Char]]

    def outlines(self, sizes, page: int | None = None) -> list[tuple[int, Box]]:
        pages = range(len(self.paths)) if page is None else [page]
        return [(n, b) for n in pages for b in outlines(self.paths[n], sizes)]


def read_back(pdf: Path) -> ReadBack:
    return ReadBack(pdf, read_paths(pdf), page_chars(pdf))


def mirrored_x(box, page_width: float) -> tuple[float, float, float, float]:
    """A box where it lies on the back of a sheet turned over its long (vertical) edge."""
    x0, y0, x1, y1 = box
    return (round(page_width - x1, 1), round(y0, 1), round(page_width - x0, 1), round(y1, 1))


def backs_behind_fronts(doc: ReadBack, front_page: int, back_page: int, size: tuple[float, float], bleed: float,
                        page_width: float) -> list[tuple[Box, Box | None]]:
    """Each card outline of `size` on the front page, with the one filled back ground
    (the card and its bleed) on the back page that lies behind it once the sheet is
    turned over its long edge; None where there is not exactly one."""
    w, h = size
    backs = [r for r in filled_rectangles(doc.paths[back_page])
             if abs(r[2] - r[0] - w - 2 * bleed) < 0.05 and abs(r[3] - r[1] - h - 2 * bleed) < 0.05]
    pairs = []
    for _, front in doc.outlines([size], page=front_page):
        target = mirrored_x((front.x0 - bleed, front.y0 - bleed, front.x1 + bleed, front.y1 + bleed), page_width)
        match = [b for b in backs if max(abs(a - c) for a, c in zip(b, target)) <= 0.5]
        pairs.append((front, Box(*match[0]) if len(match) == 1 else None))
    return pairs
