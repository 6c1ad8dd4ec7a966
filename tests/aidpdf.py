"""Reading the tile play aids back out of their PDFs: the small tile outlines, the
words beside them and the arrows between them, in page millimetres."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import pdfplumber

from pdfpaths import flat_to_flat, hexagons, read_paths
from pnp.templates import aid_sizes

PT = 25.4 / 72.0


@dataclass(frozen=True)
class Hex:
    page: int
    x: float  # centre, mm
    y: float
    size: float  # flat to flat, mm
    top: float
    bottom: float


@dataclass(frozen=True)
class Word:
    page: int
    text: str
    x0: float
    x1: float
    y: float  # middle, mm
    size: float  # mm


@cache
def _paths(pdf: str):
    return read_paths(pdf)


def small_tiles(pdf, section: str) -> list[Hex]:
    """Tile outlines whose size is within the aid's tile sizes (a 3-slot city's
    hexagonal backing is much smaller and is left out)."""
    sizes = aid_sizes(section)
    out = []
    for n, page in enumerate(_paths(str(pdf))):
        for h in hexagons(page):
            size = flat_to_flat(h)
            if sizes["tile_min"] - 0.1 <= size <= sizes["tile_max"] + 0.1:
                ys = [p[1] for p in h]
                out.append(Hex(n, sum(p[0] for p in h) / 6, sum(ys) / 6, size, min(ys), max(ys)))
    return out


def words(pdf) -> list[Word]:
    return list(_words(str(pdf)))


@cache
def _words(pdf: str) -> tuple[Word, ...]:
    out = []
    with pdfplumber.open(str(pdf)) as doc:
        for n, page in enumerate(doc.pages):
            for w in page.extract_words(extra_attrs=["size"], keep_blank_chars=False):
                out.append(Word(n, w["text"], w["x0"] * PT, w["x1"] * PT, (w["top"] + w["bottom"]) / 2 * PT,
                                w["size"] * PT))
    return tuple(out)


def arrows(pdf) -> list[tuple[int, float, float, float]]:
    """Filled seven-point arrows as (page, left x, right x, middle y). The PDFs read
    here are never rewritten during a test session, so readings are kept by path."""
    out = []
    for n, page in enumerate(_paths(str(pdf))):
        for path in page:
            if not path.filled or path.stroked:
                continue
            for sub in path.subpaths:
                pts = sub.points[:-1] if len(sub.points) > 1 and math.dist(sub.points[0], sub.points[-1]) < 1e-3 \
                    else sub.points
                if len(pts) == 7 and not sub.curved:
                    xs = [p[0] for p in pts]
                    ys = [p[1] for p in pts]
                    out.append((n, min(xs), max(xs), (min(ys) + max(ys)) / 2))
    return out
