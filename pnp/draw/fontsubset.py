"""The TrueType program a PDF embeds for a face (`pnp.draw.pdffonts`): a subset that
keeps glyph ids. The glyphs shown (and .notdef, and composites' parts) are copied under
their own ids; every other glyph up to the last kept is empty, with no metrics (the
PDF's /W has the widths), and the glyphs past it are cut off (maxp's count ends there).
The tables a rasteriser reads are copied, hinting programs included.

A kit's documents embed the same digits and letters again and again, each document a
subset of its own: what a kept glyph adds to a subset (its outline padded to four bytes,
its metrics) is worked out once a process, with its share of the tables' checksums. A
subset's checksums are added up from those shares and from loca's runs of equal
offsets, not from the subset's bytes again (a Python number a word of them)."""

from __future__ import annotations

import struct
from array import array
from itertools import accumulate
from typing import NamedTuple

from pnp.fontmetrics import checksum, sfnt


class Share(NamedTuple):
    """What a kept glyph adds to a subset (`_glyph`)."""

    outline: bytes  # padded to four bytes
    outline_sum: int
    at: int  # where its hmtx entry goes
    entry: bytes
    entry_sum: int  # the entry's share of hmtx's checksum
    parts: list[int]  # the glyphs a composite is made of

# the tables of an embedded program: what a rasteriser reads, hinting included; all but
# glyf, loca and hmtx copied as they are (head, hhea and maxp with a number changed)
FIXED_TABLES = ("cvt ", "fpgm", "head", "hhea", "maxp", "prep")
UNCHANGED_TABLES = ("cvt ", "fpgm", "prep")
WORD = 0xFFFFFFFF  # checksums add up 32-bit words, the carry past them dropped
SHORT_LOCA_LIMIT = 0x20000  # loca's short form holds offsets / 2 in 16 bits


class Subsetter:
    """What the subsets of one face are made of: the tables each copies (read when the
    first is made) and each kept glyph's share (`_glyph`), kept for the process."""

    def __init__(self, data: bytes, spans: dict[str, tuple[int, int]], loca: array, long_metrics: int, components):
        self.data, self.loca, self.long_metrics = data, loca, long_metrics
        self.glyf, self.hmtx = spans["glyf"][0], spans["hmtx"][0]
        self.components = components  # glyph -> the glyphs a composite glyph is made of
        self.fixed_tables = {tag: data[offset:offset + length] for tag, (offset, length) in spans.items()
                             if tag in FIXED_TABLES}
        self.fixed_sums = {tag: checksum(table) for tag, table in self.fixed_tables.items()
                           if tag in UNCHANGED_TABLES}
        self._glyphs: dict[int, tuple[bytes, int, int, bytes, int, list[int]]] = {}

    def program(self, shown) -> bytes:
        """A TrueType font of the glyphs `shown` under their own ids (see the module);
        zeros cost next to nothing to compress."""
        kept = {0: self._glyph(0)}  # glyph -> its share of the subset (`_glyph`)
        todo = list(shown)
        while todo:  # the glyphs shown, and the parts of composite ones
            glyph = todo.pop()
            if glyph not in kept:
                share = kept[glyph] = self._glyph(glyph)
                todo += share.parts
        count = max(kept) + 1
        metrics = min(count, self.long_metrics)
        if count > metrics and metrics - 1 not in kept:
            kept[metrics - 1] = self._glyph(metrics - 1)  # its advance is that of every glyph after it
        order = sorted(kept)
        shares = [kept[glyph] for glyph in order]
        pieces = [share.outline for share in shares]
        glyf = b"".join(pieces)
        at = len(glyf)
        starts = list(zip(order, accumulate(map(len, pieces), initial=0)))  # (glyph, where it starts in glyf)
        hmtx_table = bytearray(4 * metrics + 2 * (count - metrics))
        for share in shares:
            hmtx_table[share.at:share.at + len(share.entry)] = share.entry
        glyf_sum, hmtx_sum = sum([share.outline_sum for share in shares]), sum([share.entry_sum for share in shares])
        short = at < SHORT_LOCA_LIMIT
        loca, loca_sum = _loca(starts, at, count, short)
        tables = dict(self.fixed_tables)
        tables["glyf"] = glyf
        tables["loca"] = loca
        tables["hmtx"] = bytes(hmtx_table)
        tables["head"] = _patched(tables["head"], (8, ">I", 0), (50, ">h", 0 if short else 1))
        tables["hhea"] = _patched(tables["hhea"], (34, ">H", metrics))
        tables["maxp"] = _patched(tables["maxp"], (4, ">H", count))
        sums = dict(self.fixed_sums, glyf=glyf_sum & WORD, hmtx=hmtx_sum & WORD, loca=loca_sum)
        return sfnt(tables, sums)

    def _glyph(self, glyph: int) -> Share:
        """What a kept glyph adds to a subset: its outline padded to four bytes (so each
        starts on a word, and glyf's checksum is the sum of theirs) and that outline's
        checksum; where its hmtx entry goes, the entry, and the entry's share of hmtx's
        checksum (the rest of that table is zeros); and the glyphs it is made of, if it
        is a composite. A glyph past the long metrics has a bearing of two bytes, the
        high or the low half of a word."""
        got = self._glyphs.get(glyph)
        if got is None:
            start, end = self.glyf + self.loca[glyph], self.glyf + self.loca[glyph + 1]
            piece = self.data[start:end]
            piece += bytes(-len(piece) % 4)
            metrics = self.long_metrics
            where, size = (4 * glyph, 4) if glyph < metrics else (4 * metrics + 2 * (glyph - metrics), 2)
            entry = self.data[self.hmtx + where:self.hmtx + where + size]
            entry_sum = int.from_bytes(entry, "big") << (16 if size == 2 and where % 4 == 0 else 0)
            got = self._glyphs[glyph] = Share(piece, checksum(piece), where, entry, entry_sum, self.components(glyph))
        return got


def _loca(starts: list[tuple[int, int]], end: int, count: int, short: bool) -> tuple[bytes, int]:
    """A subset's loca table and its checksum: where each of its `count` glyphs starts in
    glyf and where the last ends (`end`), from where each kept glyph starts; the glyphs
    between are empty, so they start where the next kept one does (a run of equal
    offsets is one number's bytes repeated, not a Python step a glyph: a subset showing
    an arrow or a pound sign reaches past glyph 2,800). The checksum is added up a run
    at a time: a long loca's words are its offsets; a short one's word k holds offsets
    2k (the high half, worth 65536 times its value) and 2k + 1."""
    size, unit = (2, 2) if short else (4, 1)  # a short loca holds offsets / 2
    runs, total, filled = [], 0, 0
    for glyph, at in [*starts, (count, end)]:
        stop, value = glyph + 1, at // unit
        runs.append(value.to_bytes(size, "big") * (stop - filled))
        if short:
            high = (stop + 1) // 2 - (filled + 1) // 2  # the even places in filled..stop-1
            total += value * (high * 65536 + (stop - filled - high))
        else:
            total += value * (stop - filled)
        filled = stop
    return b"".join(runs), total & WORD


def _patched(table: bytes, *fields: tuple[int, str, int]) -> bytes:
    """`table` with numbers written over it: (offset, struct format, value) each."""
    patched = bytearray(table)
    for offset, form, value in fields:
        struct.pack_into(form, patched, offset, value)
    return bytes(patched)
