"""A subset's checksums are added up from its glyphs' shares and loca's runs
(`pnp.draw.fontsubset`), not from its bytes: each must still be the checksum of the
table's bytes, and the whole file's words must add up to TrueType's magic number, for
subsets small and large (loca's long form), and for a face whose last glyphs have no
advance of their own (two-byte hmtx entries)."""

from __future__ import annotations

import random
import struct

import pytest

from pnp.draw import pdffonts
from pnp.draw.fontsubset import Subsetter, _loca
from pnp.fontmetrics import checksum

MAGIC = 0xB1B0AFBA


def _face() -> pdffonts.TrueTypeFace:
    face = pdffonts.face_for("DejaVu Sans", False, False)
    if isinstance(face, pdffonts.StandardFace):
        pytest.skip("the DejaVu fonts are not installed")
    return face


def _tables(program: bytes) -> dict[str, tuple[int, bytes]]:
    """Tag -> (checksum in the directory, the table's bytes)."""
    count, tables = struct.unpack_from(">H", program, 4)[0], {}
    for k in range(count):
        tag, total, offset, length = struct.unpack_from(">4sIII", program, 12 + 16 * k)
        tables[tag.decode()] = (total, program[offset:offset + length])
    return tables


def _check(program: bytes) -> None:
    assert checksum(program) == MAGIC
    for tag, (total, table) in _tables(program).items():
        if tag == "head":  # its own checksum is taken with the adjustment 0
            table = table[:8] + bytes(4) + table[12:]
        assert total == checksum(table), tag


def test_every_table_checksum_is_that_of_its_bytes():
    face = _face()
    rng = random.Random(3)
    for size in (1, 5, 40, 300):
        for _ in range(8):
            _check(face.program(rng.sample(range(1, face.count), size)))


def test_a_subset_past_the_short_loca_still_adds_up():
    face = _face()
    program = face.program(range(1, 3000))
    assert struct.unpack_from(">h", _tables(program)["head"][1], 50)[0] == 1  # loca's long form
    _check(program)


def test_glyphs_past_the_long_metrics_add_their_bearings_as_half_words():
    face = _face()
    for metrics in (40, 41):  # two-byte entries starting on a word and halfway through one
        subsetter = Subsetter(face.data, face.spans, face.loca, metrics, face.components)
        for shown in ([36, 37, 38, 39, 60], [45], [41, 42, 43, 44], list(range(30, 70))):
            _check(subsetter.program(shown))


def test_loca_is_each_glyphs_start_and_its_runs_add_up_to_its_checksum():
    rng = random.Random(8)
    for _ in range(2000):
        count = rng.randint(1, 60)
        glyphs = sorted(rng.sample(range(count), rng.randint(1, count)))
        starts, at = [], 0
        for glyph in glyphs:
            starts.append((glyph, at))
            at += 4 * rng.randint(0, 30000 if rng.random() < 0.2 else 30)
        for short in (True, False):
            if short and at >= 0x20000:
                continue
            unit = 2 if short else 1
            table, total = _loca(starts, at, count, short)
            offsets = struct.unpack(f">{count + 1}{'H' if short else 'I'}", table)
            kept = dict(starts)  # each glyph starts where it does, or (empty) where the next kept one starts
            assert list(offsets) == [min([kept[g] for g in kept if g >= k] + [at]) // unit for k in range(count + 1)]
            assert total == checksum(table)
