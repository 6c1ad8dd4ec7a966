"""pnp.draw.pdffonts, the fonts of pnp's own PDF writer: glyph ids as the face's character
map gives them (reportlab's TrueType parser is the oracle), ink extents equal to what
cairo measures for its toy face with a PDF's font options, embedded subsets that keep
the shown glyphs' outlines under their own ids (fontTools reads them back, where it is
installed), and a page made with the objects that pypdf and pdftotext read the text of
and that poppler renders as cairo does. Without DejaVu, the standard Helvetica faces."""

from __future__ import annotations

import re
import shutil
import subprocess
import zlib
from itertools import product
from pathlib import Path

import numpy
import pytest
from cairo_pdf import pdf_font_options

from pnp import text as pnp_text
from pnp.draw import cairolib, pdffonts
from pnp.draw.cairolib import ffi, lib
from pnp.draw.nodes import Group, Page, Text, paint
from pnp.draw.pdffonts import DocumentFonts

ROOT = Path(__file__).resolve().parents[1]
FAMILIES = ("DejaVu Sans", "DejaVu Sans Condensed")
NBSP = "\u00a0"
FACES = list(product(FAMILIES, (False, True), (False, True)))  # family, bold, italic
# what pnp prints beyond the data's own names: money, arrows, separators, quotes
SYMBOLS = ["£100", "$1,000", "€75", "₽300", "→", "⇄", "∞", "·", "–", "“Zug”", "„Bahn“", "…", "×2", "½",
           "1860", "0123456789", "x̄", " ", "  ", "", "A B", "\u00a0", "Ω", "中"]


def dejavu_installed() -> None:
    if isinstance(pdffonts.face_for("DejaVu Sans", False, False), pdffonts.StandardFace):
        pytest.skip("the DejaVu fonts are not installed")


def sample_strings() -> list[str]:
    """A few hundred strings: every word of the bundled data and message catalogues with
    a character beyond ASCII, as many plain words, numbers and pnp's symbols."""
    words: set[str] = set()
    for folder in (ROOT / "data", ROOT / "templates" / "messages"):
        for path in sorted(folder.rglob("*.yaml")):
            words.update(re.findall(r"[^\s\"':,{}\[\]#]+", path.read_text(encoding="utf-8")))
    accented = sorted(w for w in words if any(ord(c) > 126 for c in w))
    plain = sorted(w for w in words if w.isalpha() and w not in accented)[::7][:200]
    return SYMBOLS + accented + plain + ["Saint-Étienne", "Köln Hbf", "Ærøskøbing", "Straße & Söhne", "ÀÉÎÕÜ"]


def glyph_ids(operand: bytes) -> list[int]:
    digits = operand[1:-1].decode()
    return [int(digits[k:k + 4], 16) for k in range(0, len(digits), 4)]


def test_glyph_ids_are_the_faces_character_map():
    dejavu_installed()
    from reportlab.pdfbase.ttfonts import TTFontFile

    strings = sample_strings()
    for family, bold, italic in FACES:
        face = pdffonts.face_for(family, bold, italic)
        oracle = TTFontFile(str(face.path))
        fonts = DocumentFonts()
        for text in strings:
            name, operand = fonts.show(family, bold, italic, text)
            assert name == "F1"
            # reportlab maps a no-break space to the space's glyph; the face has one of its own
            expected = [oracle.charToGlyph.get(ord(c), 0) if c != NBSP else face.glyph_of[0xA0] for c in text]
            assert glyph_ids(operand) == expected, (face.name, text)


def test_faces_are_the_files_cairo_embeds():
    """fontconfig gives cairo's toy faces these files (the names cairo's PDFs carry)."""
    dejavu_installed()
    names = {key: pdffonts.face_for(*key).name for key in FACES}
    assert names[("DejaVu Sans", False, False)] == "DejaVuSans"
    assert names[("DejaVu Sans", True, False)] == "DejaVuSans-Bold"
    assert names[("DejaVu Sans", False, True)] == "DejaVuSans-Oblique"
    assert names[("DejaVu Sans Condensed", True, False)] == "DejaVuSansCondensed-Bold"
    assert names[("DejaVu Sans Condensed", True, True)] == "DejaVuSansCondensed-BoldOblique"
    assert pdffonts.face_for("sans-serif", False, False).name == "DejaVuSans"
    pdffonts._face.cache_clear()
    for key in pdffonts.COMMON:
        pdffonts.warm_up(key)  # what the drawing workers inherit: the four upright faces read
    assert pdffonts._face.cache_info().currsize == 4


def cairo_extents(cr, extents, family: str, bold: bool, italic: bool, text: str, size: float) -> tuple[float, float]:
    lib.cairo_select_font_face(cr, family.encode(), cairolib.FONT_SLANT_ITALIC if italic else cairolib.FONT_SLANT_NORMAL,
                               cairolib.FONT_WEIGHT_BOLD if bold else cairolib.FONT_WEIGHT_NORMAL)
    lib.cairo_set_font_size(cr, size)
    lib.cairo_text_extents(cr, text.encode(), extents)
    return extents.x_bearing, extents.width


def test_ink_extents_are_cairos():
    """On a recording surface with a PDF surface's font options (hint metrics off), as
    the cairo writer measured anchored text: every face, a few hundred strings, sizes
    as pnp draws them (mm) and on a scaled context (points)."""
    dejavu_installed()
    strings = sample_strings()
    assert len(strings) > 300
    options = pdf_font_options()
    cr = cairolib.context(cairolib.recording_surface())
    lib.cairo_set_font_options(cr, options)
    extents = ffi.new("cairo_text_extents_t *")
    fonts = DocumentFonts()
    worst = 0.0
    for (family, bold, italic), size in product(FACES, (2.5, 4.2, 11.0)):
        for text in strings:
            expected = cairo_extents(cr, extents, family, bold, italic, text, size)
            got = fonts.ink_extents(family, bold, italic, text, size)
            worst = max(worst, abs(got[0] - expected[0]) / size, abs(got[1] - expected[1]) / size)
            assert got == pytest.approx(expected, abs=1e-6 * size), (family, bold, italic, text, size)
    lib.cairo_scale(cr, 72 / 25.4, 72 / 25.4)  # a page's scale: the same extents in user space
    for family, bold, italic in FACES:
        for text in strings[::9]:
            expected = cairo_extents(cr, extents, family, bold, italic, text, 3.0)
            assert fonts.ink_extents(family, bold, italic, text, 3.0) == pytest.approx(expected, abs=3e-6)
    assert worst < 1e-9  # in fact equal: cairo's extents are the font units, scaled


def test_ink_extents_of_every_fifth_glyph_are_cairos():
    """Glyph by glyph through each face's character map (simple glyphs, composites with
    offsets, scales and "use my metrics"), one character at a time."""
    dejavu_installed()
    cr = cairolib.context(cairolib.recording_surface())
    lib.cairo_set_font_options(cr, pdf_font_options())
    extents = ffi.new("cairo_text_extents_t *")
    fonts = DocumentFonts()
    for family, bold, italic in FACES:
        codes = [c for c in sorted(pdffonts.face_for(family, bold, italic).glyph_of)
                 if 32 <= c < 0xD800 or 0xE000 <= c <= 0xFFFF][::5]
        assert len(codes) > 900
        for code in codes:
            expected = cairo_extents(cr, extents, family, bold, italic, chr(code), 10.0)
            assert fonts.ink_extents(family, bold, italic, chr(code), 10.0) == pytest.approx(expected, abs=1e-8), \
                (family, bold, italic, hex(code))


def font_objects(fonts: DocumentFonts, first: int) -> tuple[dict[str, int], dict[int, bytes]]:
    numbers, bodies = fonts.objects(first)
    return numbers, {first + k: body for k, body in enumerate(bodies)}


def stream_data(body: bytes) -> bytes:
    head, _, rest = body.partition(b"stream\n")
    assert b"/Filter /FlateDecode" in head
    data = rest[:rest.rindex(b"\nendstream")]
    assert int(re.search(rb"/Length (\d+)", head)[1]) == len(data)
    return zlib.decompress(data)


def reference(body: bytes, key: bytes) -> int:
    return int(re.search(re.escape(key) + rb" (\d+) 0 R", body)[1])


def test_objects_embed_a_subset_keeping_glyph_ids():
    dejavu_installed()
    fonts = DocumentFonts()
    shown = ["Köln → Saint-Étienne £100", "Ærø 1860"]
    for text in shown:
        fonts.show("DejaVu Sans", True, False, text)
    numbers, objects = font_objects(fonts, 7)
    assert list(numbers) == ["F1"] and numbers["F1"] == 7 and sorted(objects) == list(range(7, 12))
    type0 = objects[7]
    assert b"/Subtype /Type0" in type0 and b"/Encoding /Identity-H" in type0
    cid = objects[reference(type0, b"/DescendantFonts [")]
    assert b"/CIDFontType2" in cid and b"/CIDToGIDMap /Identity" in cid
    descriptor = objects[reference(cid, b"/FontDescriptor")]
    name = re.search(rb"/FontName /([A-Z]{6}\+DejaVuSans-Bold)\n", descriptor)
    assert name and b"/BaseFont /%s\n" % name[1] in type0 and b"/BaseFont /%s\n" % name[1] in cid
    for key in (b"/Flags", b"/FontBBox", b"/ItalicAngle", b"/Ascent", b"/Descent", b"/CapHeight", b"/StemV"):
        assert key in descriptor
    program = stream_data(objects[reference(descriptor, b"/FontFile2")])
    face = pdffonts.face_for("DejaVu Sans", True, False)
    used = {face.glyph_of[ord(c)] for c in "".join(shown)}
    # /W: each shown glyph's advance in 1/1000 em, cut to a whole number as cairo wrote it
    widths = {}
    for start, values in re.findall(rb"(\d+) \[ ([^\]]*) \]", cid[cid.index(b"/W ["):]):
        for k, value in enumerate(values.split()):
            widths[int(start) + k] = int(value)
    assert set(widths) == used
    for glyph, width in widths.items():
        assert 0 <= face.advances[glyph] * 1000 / face.units - width < 1
    # TrueType's checksums: the whole file's words add up to the magic number (head's adjustment)
    words = numpy.frombuffer(program + bytes(-len(program) % 4), dtype=">u4").astype(numpy.uint64)
    assert int(words.sum()) & 0xFFFFFFFF == 0xB1B0AFBA
    ttLib = pytest.importorskip("fontTools.ttLib", reason="fontTools reads the subset back")
    import io

    subset = ttLib.TTFont(io.BytesIO(program))
    whole = ttLib.TTFont(str(face.path))
    order = whole.getGlyphOrder()
    assert set(subset.keys()) >= {"head", "hhea", "maxp", "hmtx", "loca", "glyf", "cvt ", "fpgm", "prep"}
    glyf, original = subset["glyf"], whole["glyf"]
    kept, todo = {0}, list(used)
    while todo:  # the shown glyphs, and the parts of composite ones
        glyph = todo.pop()
        kept.add(glyph)
        todo += [order.index(name) for name in original[order[glyph]].getComponentNames(original)]
    assert kept > used | {0}  # some composite glyphs were shown
    assert subset["maxp"].numGlyphs == max(kept) + 1  # glyphs past the last kept cut off
    sub_order = subset.getGlyphOrder()
    for glyph in range(max(kept) + 1):
        mine = glyf[sub_order[glyph]]
        if glyph in kept:
            theirs = original[order[glyph]]
            assert mine.isComposite() == theirs.isComposite()
            if mine.isComposite():
                assert [(subset.getGlyphID(c.glyphName), c.x, c.y) for c in mine.components] == \
                    [(whole.getGlyphID(c.glyphName), c.x, c.y) for c in theirs.components]
            else:
                assert mine.getCoordinates(glyf)[0] == theirs.getCoordinates(original)[0]
            assert subset["hmtx"][sub_order[glyph]] == whole["hmtx"][order[glyph]]
        else:
            assert mine.numberOfContours == 0
    assert subset["fpgm"].program.getBytecode() == whole["fpgm"].program.getBytecode()
    for tag in subset.reader.tables:  # each table's checksum in the directory is its own
        entry = subset.reader.tables[tag]
        table = program[entry.offset:entry.offset + entry.length]
        table += bytes(-len(table) % 4)
        if tag != "head":
            assert entry.checkSum == int(numpy.frombuffer(table, dtype=">u4").astype(numpy.uint64).sum()) & 0xFFFFFFFF
    # the ToUnicode map: each shown glyph to its character
    cmap = stream_data(objects[reference(type0, b"/ToUnicode")])
    assert b"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange" in cmap
    pairs = dict(re.findall(rb"<([0-9A-F]{4})> <([0-9A-F]+)>", b"".join(re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S))))
    assert {int(g, 16): bytes.fromhex(u.decode()).decode("utf-16-be") for g, u in pairs.items()} == \
        {face.glyph_of[ord(c)]: c for c in "".join(shown)}


def test_objects_are_deterministic():
    """The same texts give the same bytes, whatever order a face's texts came in."""
    dejavu_installed()

    def document(texts):
        fonts = DocumentFonts()
        for family, bold, text in texts:
            fonts.show(family, bold, False, text)
        return fonts.objects(3)

    texts = [("DejaVu Sans", False, "Berlin"), ("DejaVu Sans Condensed", True, "1.000 £"), ("DejaVu Sans", False, "Wien")]
    first = document(texts)
    assert first[0] == {"F1": 3, "F2": 8} and len(first[1]) == 10
    assert document(texts) == first
    assert document([texts[2], texts[1], texts[0]]) == first  # Wien before Berlin: the same
    condensed_first = document([texts[1], texts[0], texts[2]])  # named F1, numbered first
    assert condensed_first[0] == {"F1": 3, "F2": 8} and condensed_first != first
    assert condensed_first[1][3] == first[1][5 + 3] and condensed_first[1][5 + 3] == first[1][3]  # the same programs
    assert DocumentFonts().objects(1) == ({}, [])


# ---------------------------------------------------------------- a page made with them

MM = 72 / 25.4
LINES = [("DejaVu Sans", False, False, "Hello, Wörld 1860 £100 → Köln"),
         ("DejaVu Sans", True, False, "Straße & Söhne: 1.000 €"),
         ("DejaVu Sans Condensed", False, False, "Montréal · Saint-Étienne · Ærøskøbing"),
         ("DejaVu Sans Condensed", True, False, "ÀÉÎÕÜ 0123456789 ⇄ ∞"),
         ("DejaVu Sans", False, True, "Lake Erie “Zug” „Bahn“ …")]
WIDTH_MM, HEIGHT_MM, SIZE_MM = 120.0, 60.0, 5.0


def node_page() -> Page:
    root = Group()
    for k, (family, bold, italic, text) in enumerate(LINES):
        look = paint(font_family=family, font_size=SIZE_MM, fill="#000000", font_weight="bold" if bold else None,
                     font_style="italic" if italic else None)
        root.add(Text(text, 6.0, 10.0 + 10.0 * k, (), paint=look))
    return Page(WIDTH_MM, HEIGHT_MM, (0.0, 0.0, WIDTH_MM, HEIGHT_MM), root, None)


def one_page_pdf() -> bytes:
    """The node page's text as a PDF written by hand: a content stream in points, y down
    (as cairo writes it), each line one Tj at its place snapped to 1/256 point as cairo
    snaps glyph positions, fonts from DocumentFonts."""
    fonts = DocumentFonts()
    ops = [b"1 0 0 -1 0 %.6f cm" % (HEIGHT_MM * MM)]
    for k, (family, bold, italic, text) in enumerate(LINES):
        name, operand = fonts.show(family, bold, italic, text)
        x, y = (round(v * MM * 256) / 256 for v in (6.0, 10.0 + 10.0 * k))
        ops.append(b"BT /%s 1 Tf %.6f 0 0 %.6f %.6f %.6f Tm %s Tj ET"
                   % (name.encode(), SIZE_MM * MM, -SIZE_MM * MM, x, y, operand))
    content = b"\n".join(ops)
    numbers, bodies = fonts.objects(5)
    resources = b" ".join(b"/%s %d 0 R" % (name.encode(), number) for name, number in numbers.items())
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>\n", b"<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>\n",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 %.5f %.5f ] /Resources << /Font << %s >> >> "
               b"/Contents 4 0 R >>\n" % (WIDTH_MM * MM, HEIGHT_MM * MM, resources),
               b"<< /Length %d >>\nstream\n%s\nendstream\n" % (len(content), content)] + bodies
    out, offsets = bytearray(b"%PDF-1.5\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%sendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def test_page_text_is_extractable(tmp_path):
    dejavu_installed()
    import io

    import pypdf

    data = one_page_pdf()
    extracted = pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text()
    for line in LINES:
        assert line[3] in extracted
    pdfium = pytest.importorskip("pypdfium2", reason="PDFium reads the letters back")
    page = pdfium.PdfDocument(data)[0]
    letters = page.get_textpage().get_text_range()
    for line in LINES:
        assert line[3] in letters
    if shutil.which("pdftotext"):
        path = tmp_path / "fonts.pdf"
        path.write_bytes(data)
        text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True).stdout.decode()
        for line in LINES:
            assert " ".join(line[3].split()) in " ".join(text.split())


def test_letters_sit_where_cairos_did():
    """pdfminer (pdfplumber) boxes each letter by the font's widths, ascent and descent:
    the same boxes as in cairo's PDF of the same page."""
    dejavu_installed()
    import io

    pdfplumber = pytest.importorskip("pdfplumber")
    from cairo_pdf import to_pdf

    letters = []
    for data in (one_page_pdf(), to_pdf([node_page()])):
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            letters.append([(c["text"], c["x0"], c["x1"], c["top"], c["bottom"], c["size"]) for c in pdf.pages[0].chars])
    assert len(letters[0]) == len(letters[1]) == sum(len(line[3]) for line in LINES)
    for ours, theirs in zip(*letters):
        assert ours[0] == theirs[0] and ours[1:] == pytest.approx(theirs[1:], abs=1e-3)


def poppler_grey(pdf: Path, dpi: int) -> numpy.ndarray:
    """The PDF's first page as poppler renders it: grey levels 0-255, one row a line."""
    done = subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-singlefile", str(pdf)], capture_output=True,
                          check=True)
    head = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", done.stdout)
    width, height = int(head[1]), int(head[2])
    return numpy.frombuffer(done.stdout[head.end():], dtype=numpy.uint8).reshape(height, width).astype(int)


def test_page_renders_as_cairo_draws_it(tmp_path):
    """poppler's raster of the hand-made page against (1) poppler's raster of cairo's PDF
    of the same node page (the same rasteriser: equal within antialiasing) and (2) cairo's
    own PNG of it (cairowriter.to_png: another rasteriser, hinted metrics, so looser)."""
    dejavu_installed()
    if not shutil.which("pdftoppm"):
        pytest.skip("poppler's pdftoppm is not installed")
    from raster import pixels

    from cairo_pdf import to_pdf

    dpi = 127  # 5 pixels a mm: both rasters are whole pixels wide and high
    mine, cairos = tmp_path / "pnp.pdf", tmp_path / "cairo.pdf"
    mine.write_bytes(one_page_pdf())
    cairos.write_bytes(to_pdf([node_page()]))
    ours, theirs = poppler_grey(mine, dpi), poppler_grey(cairos, dpi)
    assert ours.shape == theirs.shape
    ink = theirs < 128
    assert ink.sum() > 5000  # the text is there
    difference = numpy.abs(ours - theirs)
    assert difference.max() <= 16  # in fact none: the glyphs, their hinting and their places are cairo's
    # cairo's PNG lays text out with hinted metrics (advances in whole pixels): each line
    # starts at the same place, on the same baseline, and ends within 1 % of its length
    cairo_png = pixels(node_page(), dpi).mean(axis=2)
    assert cairo_png.shape == ours.shape
    per_mm = dpi / 25.4
    for k in range(len(LINES)):
        band = slice(round((10 * k + 4) * per_mm), round((10 * k + 11) * per_mm))
        (left, right, top, bottom, amount), (left2, right2, top2, bottom2, amount2) = (
            _ink_box(image[band]) for image in (ours, cairo_png))
        assert abs(left - left2) <= 1 and abs(top - top2) <= 2 and abs(bottom - bottom2) <= 1
        assert abs(right - right2) <= 1 + 0.01 * (right - left)
        assert abs(amount - amount2) < 0.05 * amount


def _ink_box(image: numpy.ndarray) -> tuple[int, int, int, int, float]:
    """(first and last column, first and last row with ink, amount of ink) of a grey image."""
    ink = 255 - image
    columns, rows = numpy.where(ink.max(axis=0) > 64)[0], numpy.where(ink.max(axis=1) > 64)[0]
    return columns[0], columns[-1], rows[0], rows[-1], ink.sum() / 255


# ---------------------------------------------------------------- without DejaVu

@pytest.fixture
def no_dejavu(monkeypatch, tmp_path):
    """The font folders pointed at an empty one; the faces read afresh before and after."""
    monkeypatch.setattr(pnp_text, "FONT_DIRS", (tmp_path,))
    pdffonts._face.cache_clear()
    yield
    pdffonts._face.cache_clear()


def test_without_dejavu_the_standard_helvetica_faces(no_dejavu):
    from reportlab.pdfbase.pdfmetrics import stringWidth

    fonts = DocumentFonts()
    assert fonts.show("DejaVu Sans", False, False, "Köln £5") == ("F1", b"<4BF66C6E20A335>")
    assert fonts.show("DejaVu Sans", False, False, "A → B") == ("F1", b"<41203F2042>")  # not in WinAnsi: "?"
    assert fonts.show("DejaVu Sans Condensed", True, False, "1860")[0] == "F2"
    assert fonts.show("DejaVu Sans", True, True, "x")[0] == "F3"
    assert fonts.show("DejaVu Sans Condensed", False, False, "y")[0] == "F1"  # Helvetica, as the plain face
    numbers, bodies = fonts.objects(4)
    assert numbers == {"F1": 4, "F2": 5, "F3": 6} and len(bodies) == 3
    assert [re.search(rb"/BaseFont /(\S+)", body)[1] for body in bodies] == \
        [b"Helvetica", b"Helvetica-Bold", b"Helvetica-BoldOblique"]
    assert all(b"/Encoding /WinAnsiEncoding" in body and b"/FontFile" not in body for body in bodies)
    assert fonts.ink_extents("DejaVu Sans", True, False, "Köln", 10) == \
        pytest.approx((0.0, stringWidth("Köln", "Helvetica-Bold", 10)))
