"""pnp.fontmetrics reads the DejaVu faces' advance widths and character maps itself; every
number must be the one reportlab's TrueType parser gives (pnp measured with reportlab
before, so equal numbers keep every layout as it was): each character of the data files
and templates, all of Unicode's planes 0-2 in steps, and the set of characters each face
has. Without DejaVu, text is measured as Helvetica, as before."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from pnp import glyphs, text
from pnp.fontmetrics import FontError, _cmap_format4, _cmap_format12, _tables, read_codes, read_metrics

ROOT = Path(__file__).resolve().parents[1]
pdfmetrics = pytest.importorskip("reportlab.pdfbase.pdfmetrics", reason="reportlab is the oracle")


def dejavu(face: str) -> Path:
    path = next((folder / f"{face}.ttf" for folder in text.FONT_DIRS if (folder / f"{face}.ttf").exists()), None)
    if path is None:
        pytest.skip(f"the DejaVu font {face} is not installed")
    return path


def oracle(face: str):
    from reportlab.pdfbase.ttfonts import TTFont

    return TTFont(face, str(dejavu(face)))


def data_characters() -> str:
    """Every character of the bundled data and templates (names, rules, messages ...)."""
    chars: set[str] = set()
    for folder in (ROOT / "data", ROOT / "templates"):
        for path in folder.rglob("*"):
            if path.suffix in (".yaml", ".json", ".md", ".svg") and path.is_file():
                chars.update(path.read_text(encoding="utf-8"))
    return "".join(sorted(chars))


@pytest.fixture(scope="module", params=sorted(text.FACES.values()))
def face(request):
    return request.param, read_metrics(dejavu(request.param)), oracle(request.param)


def test_every_width_and_character_is_reportlabs(face):
    _, metrics, font = face
    assert metrics.widths == font.face.charWidths
    assert metrics.default == font.face.defaultWidth
    assert metrics.codes == frozenset(font.face.charToGlyph)


def test_the_character_map_alone_gives_the_same_characters(face):
    """`pnp.glyphs` reads only the maps (read_codes): the same set as the metrics'."""
    name, metrics, font = face
    assert read_codes(dejavu(name)) == metrics.codes == frozenset(font.face.charToGlyph)


def test_each_data_character_measures_as_reportlab_measures_it(face):
    _, metrics, font = face
    chars = data_characters()
    assert len(chars) > 100
    for ch in chars:
        assert metrics.string_width(ch, 1.0) == font.stringWidth(ch, 1.0), f"U+{ord(ch):04X}"
    for size in (1.0, 7.5, 11.0):  # sums of many widths too, to the last bit
        assert metrics.string_width(chars, size) == font.stringWidth(chars, size)


def test_unicode_measures_as_reportlab_measures_it(face):
    _, metrics, font = face
    codes = [c for c in range(0, 0x30000, 3) if not 0xD800 <= c < 0xE000]  # surrogates are not text
    for code in codes:
        sample = f"{chr(code)}Ab {chr(code)}"
        assert metrics.string_width(sample, 1.0) == font.stringWidth(sample, 1.0), f"U+{code:04X}"
    assert any(code not in metrics.codes for code in codes)  # characters the face lacks were measured too


def test_the_format_4_map_agrees_with_the_format_12_map_on_the_basic_plane():
    """DejaVu's full-Unicode map (format 12) is the one chosen; its 16-bit map (format 4),
    read for fonts without one, must say the same for every character it has."""
    data = dejavu("DejaVuSans").read_bytes()
    cmap = _tables(data)["cmap"]
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    subtables = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables[(platform, encoding)] = cmap + offset
    short = _cmap_format4(data, subtables[(3, 1)])
    full = _cmap_format12(data, subtables[(3, 10)])
    assert len(short) > 5000
    assert {c: g for c, g in short.items() if g} == {c: g for c, g in full.items() if c <= 0xFFFF and g}


def test_text_measures_with_the_fonts_and_glyphs_use_their_maps():
    dejavu("DejaVuSans")
    assert text.font_name("bold") == "DejaVuSans-Bold"
    assert text.text_width("Berlin 1860", 10.0, "bold") == oracle("DejaVuSans-Bold").stringWidth("Berlin 1860", 10.0)
    faces = [oracle(face).face.charToGlyph for face in text.FACES.values()]
    assert glyphs.covered() == frozenset(set.intersection(*(set(f) for f in faces)))


def test_a_file_that_is_not_a_font_is_refused(tmp_path):
    path = tmp_path / "not-a-font.ttf"
    path.write_bytes(b"\x00\x01\x00\x00" + bytes(8))
    with pytest.raises(FontError):
        read_metrics(path)
    path.write_text("plain text")
    with pytest.raises(FontError):
        read_metrics(path)
    with pytest.raises(FontError):
        read_codes(path)


CACHES = (text.face_metrics, text._unit_width, text._wrapped, text._fitted, text._advances, glyphs.covered)  # all measured text


@pytest.fixture
def without_dejavu(monkeypatch, tmp_path):
    monkeypatch.setattr(text, "FONT_DIRS", (tmp_path,))
    for cached in CACHES:
        cached.cache_clear()
    yield
    monkeypatch.undo()
    for cached in CACHES:
        cached.cache_clear()


def test_without_dejavu_text_is_measured_as_helvetica(without_dejavu):
    assert text.font_name("regular") == "Helvetica" and text.font_name("condensed-bold") == "Helvetica-Bold"
    assert text.text_width("Berlin 1860", 10.0) == pdfmetrics.stringWidth("Berlin 1860", "Helvetica", 10.0)
    assert glyphs.covered() is None
    assert glyphs.unprintable("中文") is None  # coverage unknown: only scripts that need shaping are refused


def test_a_line_measured_as_it_grows_measures_as_the_whole_line():
    """wrap carries a line's width on word by word rather than measuring each longer
    line again: the widths, so the breaks, must be those of each line measured whole."""
    import random

    dejavu("DejaVuSans")
    rng = random.Random(12)
    words = "Paris Lyon Compagnie des chemins de fer du Nord \u00e9t\u00e9 \u2192 1,000 \u00a3 18xx \u03a9 \u6f22 x".split()
    for weight in text.FACES:
        metrics = text.face_metrics(weight)
        for _ in range(400):
            line = " ".join(rng.choice(words) for _ in range(rng.randint(0, 12)))
            size, width = rng.choice([2.4, 3.1234, 7.7]), rng.uniform(3.0, 60.0)
            head, tail = line[:len(line) // 2], line[len(line) // 2:]
            assert metrics.units(tail, metrics.units(head)) == metrics.units(line) == sum(metrics.advances(line), 0)
            assert metrics.scaled(metrics.units(line), 1.0) * size == text.text_width(line, size, weight)
            assert text.wrap(line, size, width, weight) == list(text._wrapped_whole(line, size, width, weight))


def test_wrapped_lines_are_the_callers_own():
    first = text.wrap("Compagnie des chemins de fer du Nord", 3.0, 20.0)
    first.append("changed")
    assert text.wrap("Compagnie des chemins de fer du Nord", 3.0, 20.0) == first[:-1]
    lines, _ = text.fit_lines("Compagnie des chemins de fer du Nord", 20.0, 30.0, 3.0)
    lines.clear()
    assert text.fit_lines("Compagnie des chemins de fer du Nord", 20.0, 30.0, 3.0)[0]
