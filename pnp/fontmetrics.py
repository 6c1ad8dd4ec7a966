"""Advance widths and the character map of a TrueType font, read straight from four of its
tables (head, maxp, hhea + hmtx, cmap), so that measuring text needs no font library.

Parsing a whole DejaVu face with a general font library takes ~50 ms; pnp needs only how
wide each character is and which characters the face has, a few milliseconds to read.
The numbers are those reportlab's `TTFont` gives (tests/test_fontmetrics.py compares
them): widths in 1/1000 em, the .notdef glyph's width for a character the face lacks, the
same cmap subtable chosen, and a no-break space as wide as a space.

The rest of a TrueType file that pnp's PDF writer needs is here too (pnp.draw.pdffonts
embeds subsets of the faces): each table's span, a simple glyph's points, and a new
font file put together from tables.
"""

from __future__ import annotations

import struct
import sys
from array import array
from contextlib import contextmanager
from functools import cache
from itertools import repeat
from pathlib import Path
from typing import NamedTuple

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


class FontFile(NamedTuple):
    """A TrueType file as read: its bytes, each table's (offset, length), and its
    character map (code point -> glyph)."""

    data: bytes
    spans: dict[str, tuple[int, int]]
    glyph_of: dict[int, int]


@cache
def read_font(path: Path) -> FontFile:
    """The TrueType font at `path`, read once a process (pnp.text measures with a face,
    pnp.draw.pdffonts embeds the same one); FontError when it cannot be read."""
    data = Path(path).read_bytes()
    with _reading(path):
        spans = table_spans(data)
        return FontFile(data, spans, _cmap(data, spans["cmap"][0]))


def read_metrics(path: Path) -> FontMetrics:
    """The metrics of the TrueType font at `path`; FontError when it cannot be read."""
    font = read_font(path)
    with _reading(path):
        return _metrics(font)


def read_codes(path: Path) -> frozenset[int]:
    """`read_metrics(path).codes`, from the character map alone: which characters can be
    printed (`pnp.glyphs`) needs no widths, and `pnp build` may ask it in the child that
    loads the game, where the metrics would be worked out for nothing (~2.5 ms a face)."""
    font = read_font(path)
    with _reading(path):
        return _codes(font.glyph_of)


@contextmanager
def _reading(path: Path):
    """A FontError naming `path` for whatever reading it went wrong."""
    try:
        yield
    except FontError as exc:
        raise FontError(f"{path}: {exc}") from None
    except (struct.error, KeyError, IndexError) as exc:
        raise FontError(f"{path}: not a readable TrueType font ({exc})") from None


def _codes(code_glyph: dict[int, int]) -> frozenset[int]:
    """Every code point the character map lists; a space and a no-break space stand
    for each other, as in `_metrics`."""
    codes = set(code_glyph)
    if SPACE in codes or NBSP in codes:
        codes |= {SPACE, NBSP}
    return frozenset(codes)


def _metrics(font: FontFile) -> FontMetrics:
    data, code_glyph = font.data, font.glyph_of
    tables = {tag: offset for tag, (offset, _) in font.spans.items()}
    head, hhea, maxp = tables["head"], tables["hhea"], tables["maxp"]
    units = struct.unpack_from(">H", data, head + 18)[0]
    long_metrics = struct.unpack_from(">H", data, hhea + 34)[0]
    glyphs = struct.unpack_from(">H", data, maxp + 4)[0]
    if not units or not long_metrics:
        raise FontError("no units per em or no horizontal metrics")
    advances = _advances(data, tables["hmtx"], long_metrics, glyphs, 1000 / units)
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
    return {tag: offset for tag, (offset, _) in table_spans(data).items()}


def table_spans(data: bytes) -> dict[str, tuple[int, int]]:
    """Table tag -> (offset, length) of the table in the file (pnp.draw.pdffonts copies
    whole tables into the fonts it embeds)."""
    if data[:4] not in (b"\x00\x01\x00\x00", b"true"):
        raise FontError("not a TrueType font")
    count = struct.unpack_from(">H", data, 4)[0]
    records = (struct.unpack_from(">4s4xII", data, 12 + 16 * i) for i in range(count))
    return {tag.decode("latin-1"): (offset, length) for tag, offset, length in records}


def _ushorts(data: bytes, offset: int, count: int) -> array:
    """`count` big-endian unsigned 16-bit numbers from `offset`."""
    return big_endian(data, offset, count, "H")


def big_endian(data: bytes, offset: int, count: int, typecode: str) -> array:
    """`count` big-endian numbers of the array type `typecode` ("H", "h", "I") from `offset`."""
    size = array(typecode).itemsize
    values = array(typecode, data[offset:offset + size * count])
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


# a simple glyph's point flags (TrueType 'glyf')
REPEAT, X_SHORT, Y_SHORT, X_SAME, Y_SAME = 0x8, 0x2, 0x4, 0x10, 0x20


def simple_points(data: bytes, at: int, contours: int) -> tuple[list[int], list[int]]:
    """A simple glyph's point coordinates: flags (runs repeated), then x and y deltas,
    each a byte with its sign in the flags, a repeat of the last, or a 16-bit number."""
    if not contours:
        return [], []
    count = struct.unpack_from(">H", data, at + 10 + 2 * (contours - 1))[0] + 1
    at += 10 + 2 * contours
    at += 2 + struct.unpack_from(">H", data, at)[0]  # the glyph's instructions
    flags: list[int] = []
    while len(flags) < count:
        flag = data[at]
        at += 1
        flags.append(flag)
        if flag & REPEAT:
            flags += [flag] * data[at]
            at += 1
    coordinates = []
    for short, same in ((X_SHORT, X_SAME), (Y_SHORT, Y_SAME)):
        values, value = [], 0
        for flag in flags[:count]:
            if flag & short:
                value += data[at] if flag & same else -data[at]
                at += 1
            elif not flag & same:
                value += struct.unpack_from(">h", data, at)[0]
                at += 2
            values.append(value)
        coordinates.append(values)
    return coordinates[0], coordinates[1]


def big_endian_bytes(values: array) -> bytes:
    if struct.pack("=H", 1) != struct.pack(">H", 1):
        values.byteswap()
    return values.tobytes()


def checksum(table: bytes) -> int:
    """TrueType's table checksum: the sum of its big-endian 32-bit words, zero-padded."""
    padded = table + bytes(-len(table) % 4)
    return sum(big_endian(padded, 0, len(padded) // 4, "I")) & 0xFFFFFFFF


def sfnt(tables: dict[str, bytes], known_sums: dict[str, int] | None = None) -> bytes:
    """A TrueType file of `tables`: the directory (tags in order, with checksums; those of
    `known_sums` taken as given), each table padded to four bytes, and head's whole-file
    checksum adjustment (head's own adjustment must be 0 in `tables`). The file's checksum
    is the sum of the directory's and the tables': each starts on a four-byte boundary.
    The adjustment is written into head before the file is joined (one copy of it)."""
    tags = sorted(tables)
    known = known_sums or {}
    sums = {tag: known[tag] if tag in known else checksum(tables[tag]) for tag in tags}
    count = len(tags)
    power = 1 << (count.bit_length() - 1)
    directory = [struct.pack(">IHHHH", 0x00010000, count, 16 * power, power.bit_length() - 1, 16 * (count - power))]
    at = 12 + 16 * count
    for tag in tags:
        directory.append(struct.pack(">4sIII", tag.encode("latin-1"), sums[tag], at, len(tables[tag])))
        at += len(tables[tag]) + (-len(tables[tag]) % 4)
    directory_bytes = b"".join(directory)
    total = checksum(directory_bytes) + sum(sums.values())
    parts = [directory_bytes]
    for tag in tags:
        table = tables[tag]
        if tag == "head":
            table = table[:8] + struct.pack(">I", (0xB1B0AFBA - total) & 0xFFFFFFFF) + table[12:]
        parts += (table, bytes(-len(table) % 4))
    return b"".join(parts)
