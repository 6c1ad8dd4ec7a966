"""The PDF objects' text of an embedded font (`pnp.draw.pdffonts` makes the font): its
subset's tag, its glyphs' widths, its ToUnicode map and its compressed streams."""

from __future__ import annotations

import struct
import zlib
from array import array

BFCHAR_RUN = 100  # a ToUnicode CMap's bfchar blocks hold at most 100 entries


def subset_tag(name: str, glyphs: list[int]) -> str:
    """Six capitals naming this subset of the face (the same glyphs, the same tag): a
    CRC-32 of them in base 26 (zlib is loaded anyway; hashlib would cost ~10 ms to import)."""
    value = zlib.crc32(struct.pack(f">{len(glyphs)}H", *glyphs), zlib.crc32(name.encode()))
    letters = []
    for _ in range(6):
        value, letter = divmod(value, 26)
        letters.append(chr(65 + letter))
    return "".join(letters)


def widths(glyphs: list[int], advances: array, scale: float, texts: dict[int, bytes] | None = None) -> bytes:
    """A /W array's content: each run of consecutive glyph ids with their advances in
    1/1000 em, cut to whole numbers as cairo wrote them. A Tj places each glyph after the
    width of the one before, so these widths place the glyphs where cairo's PDFs placed
    them (up to 1/1000 em a glyph short of cairo's own layout: each glyph's advance is
    truncated, the error carried on along a line). `texts` keeps each glyph's number as
    text, keyed by glyph alone: give it only for one face at one scale (`TrueTypeFace`
    keeps one a face; a kit's documents show the same glyphs again and again)."""
    texts = {} if texts is None else texts
    runs, run, last = [], [], -2
    for glyph in glyphs:
        width = texts.get(glyph)
        if width is None:
            width = texts[glyph] = b"%d" % int(advances[glyph] * scale)
        if glyph != last + 1:
            run = [b"%d [" % glyph]
            runs.append(run)
        run.append(width)
        last = glyph
    return b" ".join([b" ".join(run) + b" ]" for run in runs])


def to_unicode(used: dict[int, int]) -> bytes:
    """A ToUnicode CMap: each glyph shown -> the (lowest) character it was shown for, so
    that text can be copied and searched. .notdef stands for no character."""
    pairs = [_PAIRS.get(pair) or _pair(pair) for pair in sorted(used.items()) if pair[0]]
    blocks = [b"%d beginbfchar\n%s\nendbfchar\n" % (len(run), b"\n".join(run))
              for run in (pairs[k:k + BFCHAR_RUN] for k in range(0, len(pairs), BFCHAR_RUN))]
    return (b"/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
            b"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            b"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
            b"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n" + b"".join(blocks)
            + b"endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")


_PAIRS: dict[tuple[int, int], bytes] = {}  # (glyph, code point) -> its line of a ToUnicode map


def _pair(pair: tuple[int, int]) -> bytes:
    glyph, code = pair
    got = _PAIRS[pair] = b"<%04X> <%s>" % (glyph, chr(code).encode("utf-16-be").hex().upper().encode())
    return got


def stream(data: bytes, extra: bytes = b"") -> bytes:
    """A Flate-compressed stream object's body."""
    packed = zlib.compress(data)
    return (b"<< /Length %d\n   /Filter /FlateDecode\n%s>>\nstream\n" % (len(packed), extra)
            + packed + b"\nendstream\n")
