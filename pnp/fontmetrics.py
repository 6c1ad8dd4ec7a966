"""Advance widths and the character map of a TrueType font, read straight from four of its
tables (head, maxp, hhea + hmtx, cmap), so that measuring text needs no font library.

Parsing a whole DejaVu face with a general font library takes ~50 ms; pnp needs only how
wide each character is and which characters the face has, a few milliseconds to read.
The numbers are those reportlab's `TTFont` gives (tests/test_fontmetrics.py compares
them): widths in 1/1000 em, the .notdef glyph's width for a character the face lacks, the
same cmap subtable chosen, and a no-break space as wide as a space.
"""

from __future__ import annotations

import struct
import sys
from array import array
from itertools import repeat
from pathlib import Path

from msgspec import Struct

NBSP, SPACE = 0xA0, 0x20


class FontError(ValueError):
    """The file is not a TrueType font this reader understands."""


class FontMetrics(Struct, frozen=True):
    widths: dict[int, float]  # code point -> advance width in 1/1000 em
    default: float  # the .notdef glyph's advance: what a character the face lacks measures
    codes: frozenset[int]  # every code point the character map lists

    def string_width(self, text: str, size: float) -> float:
        """Width of `text` at `size`, summed as reportlab sums it (so equal to the last bit)."""
        return self.scaled(self.units(text), size)

    def units(self, text: str, start: float = 0) -> float:
        """The advances of `text` in 1/1000 em, added one by one to `start`: the units of
        a longer text are those of its beginning carried on (`units(b, units(a))` is
        `units(a + b)` to the last bit), so a line can be measured as it grows."""
        return sum(map(self.widths.get, map(ord, text), repeat(self.default)), start)

    def advances(self, text: str) -> tuple[float, ...]:
        """Each character's advance in 1/1000 em (`units` adds them up)."""
        return tuple(map(self.widths.get, map(ord, text), repeat(self.default)))

    @staticmethod
    def scaled(units: float, size: float) -> float:
        """A width in 1/1000 em at `size`."""
        return 0.001 * size * units


def read_metrics(path: Path) -> FontMetrics:
    """The metrics of the TrueType font at `path`; FontError when it cannot be read."""
    return _read(path, _metrics)


def read_codes(path: Path) -> frozenset[int]:
    """`read_metrics(path).codes`, from the character map alone: which characters can be
    printed (`pnp.glyphs`) needs no widths, and `pnp build` asks it in the child that
    loads the game, where the metrics would be read for nothing (~2.5 ms a face)."""
    return _read(path, _codes)


def _read(path: Path, parse):
    data = Path(path).read_bytes()
    try:
        return parse(data)
    except FontError as exc:
        raise FontError(f"{path}: {exc}") from None
    except (struct.error, KeyError, IndexError) as exc:
        raise FontError(f"{path}: not a readable TrueType font ({exc})") from None


def _codes(data: bytes) -> frozenset[int]:
    """Every code point the character map lists; a space and a no-break space stand
    for each other, as in `_metrics`."""
    codes = set(_cmap(data, _tables(data)["cmap"]))
    if SPACE in codes or NBSP in codes:
        codes |= {SPACE, NBSP}
    return frozenset(codes)


def _metrics(data: bytes) -> FontMetrics:
    tables = _tables(data)
    head, hhea, maxp = tables["head"], tables["hhea"], tables["maxp"]
    units = struct.unpack_from(">H", data, head + 18)[0]
    long_metrics = struct.unpack_from(">H", data, hhea + 34)[0]
    glyphs = struct.unpack_from(">H", data, maxp + 4)[0]
    if not units or not long_metrics:
        raise FontError("no units per em or no horizontal metrics")
    advances = _advances(data, tables["hmtx"], long_metrics, glyphs, 1000 / units)
    code_glyph = _cmap(data, tables["cmap"])
    known = len(advances)
    widths = {code: advances[glyph] for code, glyph in code_glyph.items() if glyph < known}
    codes = set(code_glyph)
    if SPACE in code_glyph:  # a no-break space measures as a space (as reportlab has it)
        codes.add(NBSP)
        widths[NBSP] = widths[SPACE]
    elif NBSP in code_glyph:
        codes.add(SPACE)
        widths[SPACE] = widths[NBSP]
    return FontMetrics(widths, advances[0], frozenset(codes))


def _tables(data: bytes) -> dict[str, int]:
    """Table tag -> offset of the table in the file."""
    if data[:4] not in (b"\x00\x01\x00\x00", b"true"):
        raise FontError("not a TrueType font")
    count = struct.unpack_from(">H", data, 4)[0]
    records = (struct.unpack_from(">4s4xI4x", data, 12 + 16 * i) for i in range(count))
    return {tag.decode("latin-1"): offset for tag, offset in records}


def _ushorts(data: bytes, offset: int, count: int) -> array:
    """`count` big-endian unsigned 16-bit numbers from `offset`."""
    values = array("H", data[offset:offset + 2 * count])
    if len(values) != count:
        raise FontError("table shorter than it says")
    if sys.byteorder == "little":
        values.byteswap()
    return values


def _advances(data: bytes, offset: int, long_metrics: int, glyphs: int, scale: float) -> list[float]:
    """Each glyph's advance width in 1/1000 em. hmtx holds (advance, bearing) pairs for
    the first `long_metrics` glyphs; the rest repeat the last advance."""
    pairs = _ushorts(data, offset, 2 * long_metrics)
    advances = [aw * scale for aw in pairs[::2]]
    return advances + [advances[-1]] * max(0, glyphs - long_metrics)


def _cmap(data: bytes, offset: int) -> dict[int, int]:
    """Code point -> glyph from the Unicode subtable reportlab would use: the last one for
    platform 3 (Windows) or for platform 0 (Unicode) other than its variation sequences."""
    count = struct.unpack_from(">H", data, offset + 2)[0]
    chosen = None
    for i in range(count):
        platform, encoding, sub = struct.unpack_from(">HHI", data, offset + 4 + 8 * i)
        if platform == 3 or (platform == 0 and encoding != 5):
            chosen = offset + sub
    if chosen is None:
        raise FontError("no Unicode character map")
    form = struct.unpack_from(">H", data, chosen)[0]
    if form == 4:
        return _cmap_format4(data, chosen)
    if form == 12:
        return _cmap_format12(data, chosen)
    raise FontError(f"character map format {form} (pnp reads formats 4 and 12)")


def _cmap_format4(data: bytes, offset: int) -> dict[int, int]:
    """Segments of 16-bit codes, each mapped by a delta or through a glyph array."""
    length, segments = struct.unpack_from(">H", data, offset + 2)[0], struct.unpack_from(">H", data, offset + 6)[0] // 2
    ends = _ushorts(data, offset + 14, segments)
    starts = _ushorts(data, offset + 16 + 2 * segments, segments)
    deltas = _ushorts(data, offset + 16 + 4 * segments, segments)
    range_at = offset + 16 + 6 * segments  # idRangeOffset[0]; each offset counts from its own place
    ranges = _ushorts(data, range_at, segments)
    limit = offset + length
    mapping: dict[int, int] = {}
    for n in range(segments):
        start, end, delta, rng = starts[n], ends[n], deltas[n], ranges[n]
        if rng == 0:
            for code in range(start, end + 1):
                mapping[code] = (code + delta) & 0xFFFF
            continue
        for code in range(start, end + 1):
            at = range_at + 2 * n + rng + 2 * (code - start)
            glyph = struct.unpack_from(">H", data, at)[0] if at < limit else 0  # past the table: broken font
            mapping[code] = (glyph + delta) & 0xFFFF if glyph else 0
    return mapping


def _cmap_format12(data: bytes, offset: int) -> dict[int, int]:
    """Groups of consecutive code points mapped to consecutive glyphs (all of Unicode)."""
    groups = struct.unpack_from(">I", data, offset + 12)[0]
    mapping: dict[int, int] = {}
    for start, end, glyph in struct.iter_unpack(">III", data[offset + 16:offset + 16 + 12 * groups]):
        mapping.update(zip(range(start, end + 1), range(glyph, glyph + end - start + 1)))
    return mapping
