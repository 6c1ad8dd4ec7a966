"""Text measured with real font metrics (the DejaVu fonts' own advance widths, read by
pnp.fontmetrics), so that text can be fitted to its box and placed clear of track before
anything is drawn. Without DejaVu, text is measured as Helvetica (reportlab's metrics).
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.fontmetrics import FontMetrics


FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/local/share/fonts"),
)
FAMILY = "DejaVu Sans"
FACES = {"regular": "DejaVuSans", "bold": "DejaVuSans-Bold", "condensed": "DejaVuSansCondensed",
         "condensed-bold": "DejaVuSansCondensed-Bold"}
FALLBACK = {"regular": "Helvetica", "bold": "Helvetica-Bold", "condensed": "Helvetica",
            "condensed-bold": "Helvetica-Bold"}

# Share of the font size above the baseline that capital letters and digits reach.
CAP_HEIGHT = 0.73


@cache
def face_metrics(weight: str = "regular") -> FontMetrics | None:
    """The DejaVu face's metrics, read once, when first measured with; None when the
    face is not installed."""
    from pnp.fontmetrics import read_metrics

    path = face_file(weight)
    return None if path is None else read_metrics(path)


def face_file(weight: str) -> Path | None:
    """The installed DejaVu face's font file; None when it is not installed."""
    for folder in FONT_DIRS:
        path = folder / f"{FACES[weight]}.ttf"
        if path.exists():
            return path
    return None


def font_name(weight: str = "regular") -> str:
    """The font text is measured with: DejaVu when installed, else Helvetica."""
    return FACES[weight] if face_metrics(weight) is not None else FALLBACK[weight]


def text_width(text: str, size: float, weight: str = "regular") -> float:
    return _unit_width(text, weight) * size


@lru_cache(maxsize=1 << 16)
def _unit_width(text: str, weight: str) -> float:
    """Width at size 1: fitting text asks for the same strings at many sizes."""
    metrics = face_metrics(weight)
    if metrics is not None:
        return metrics.string_width(text, 1.0)
    from reportlab.pdfbase import pdfmetrics  # the fallback's metrics: Helvetica, built into reportlab

    return pdfmetrics.stringWidth(text, FALLBACK[weight], 1.0)


def wrap(text: str, size: float, width: float, weight: str = "regular") -> list[str]:
    """Break text into lines no wider than `width` at word boundaries (a single word
    wider than the box stays on its own line; callers shrink the size for that)."""
    return list(_wrapped(text, size, width, weight))


@lru_cache(maxsize=1 << 14, typed=True)
def _wrapped(text: str, size: float, width: float, weight: str) -> tuple[str, ...]:
    """`wrap`'s lines, kept: a kit wraps the same text in the same box again and again
    (each copy of a card, each size a fitted paragraph tries)."""
    metrics = face_metrics(weight)
    if metrics is None:  # measured as Helvetica: each candidate line whole
        return _wrapped_whole(text, size, width, weight)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, units = "", 0.0
        for word in paragraph.split():
            alone, spaced = _advances(word, weight)
            if not line:
                line, units = word, sum(alone, 0)  # metrics.units(word)
                continue
            longer = sum(spaced, units)  # the line's units carried on, character by character
            # text_width(f"{line} {word}", size) to the last bit: _unit_width's arithmetic, then * size
            if metrics.scaled(longer, 1.0) * size > width:
                lines.append(line)
                line, units = word, sum(alone, 0)
            else:
                line, units = f"{line} {word}", longer
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=1 << 15)
def _advances(word: str, weight: str) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """A word's characters' advances (1/1000 em), alone and after a space. Wrapping adds
    them to a line's units one by one, as measuring the whole line would; the same words
    come back at every size a paragraph or a table tries."""
    metrics = face_metrics(weight)
    alone = metrics.advances(word)
    return alone, metrics.advances(" ") + alone


def _wrapped_whole(text: str, size: float, width: float, weight: str) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, size, weight) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return tuple(lines)


def fit_lines(text: str, width: float, height: float, size: float, *, weight: str = "regular",
              leading: float = 1.2, min_size: float = 3.0) -> tuple[list[str], float]:
    """The largest size <= `size` at which the wrapped text fits the box, and its lines."""
    lines, size = _fitted(text, width, height, size, weight, leading, min_size)
    return list(lines), size


@lru_cache(maxsize=1 << 14, typed=True)
def _fitted(text: str, width: float, height: float, size: float, weight: str, leading: float,
            min_size: float) -> tuple[tuple[str, ...], float]:
    """`fit_lines`' answer, kept: the same text is fitted to the same box on every copy
    of a piece (1860's kit asks 1,484 times for 386 different fits)."""
    while True:
        lines = _wrapped(text, size, width, weight)
        widest = max((text_width(line, size, weight) for line in lines), default=0.0)
        tall = size * (CAP_HEIGHT + leading * (len(lines) - 1)) + size * 0.25
        if (widest <= width and tall <= height) or size <= min_size:
            return lines, size
        size = max(min_size, size * 0.92)


def fit_size(text: str, width: float, size: float, weight: str = "regular", min_size: float = 3.0) -> float:
    """The largest size <= `size` at which one line of text fits `width`."""
    w = text_width(text, size, weight)
    if w <= width or w == 0:
        return size
    return max(min_size, size * width / w)
