"""pnp's own PDF writer (pnp/draw/pdfwriter.py, pdfcontent.py, pdfimages.py): every node
kind draws as the cairo writer draws it (the PDF rendered by poppler's pdftoppm beside
cairo's own raster), the file is valid (pypdf in strict mode, qpdf where installed), its
text can be extracted, the same pages give the same bytes, and what pages share (a
group drawn twice, a picture, an opacity) is written once and drawn right."""

from __future__ import annotations

import io
import shutil
import subprocess

import numpy
import pytest
from pypdf import PdfReader
from raster import pixels
from test_draw import every_kind, picture  # noqa: F401  (a fixture)

from pnp.draw import pdfwriter, shapes
from pnp.draw.nodes import Group, Image
from pnp.render import svg
from pnp.render.style import Style

DPI = 150.0
STYLE = Style("test", {"text": "#000000"})
needs_pdftoppm = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler) is not installed")


def rendered(pdf: bytes, tmp_path, like: numpy.ndarray) -> numpy.ndarray:
    """The PDF's first page as poppler draws it, as many pixels as `like` (cairo's
    raster, whose size is rounded where poppler's is rounded up): height x width x 3."""
    from PIL import Image as PilImage

    source = tmp_path / "page.pdf"
    source.write_bytes(pdf)
    height, width = like.shape[:2]
    subprocess.run(["pdftoppm", "-png", "-scale-to-x", str(width), "-scale-to-y", str(height), "-f", "1", "-l", "1",
                    "-singlefile", str(source), str(tmp_path / "page")], check=True)
    return numpy.asarray(PilImage.open(tmp_path / "page.png").convert("RGB"), dtype=int)


def assert_same_picture(from_pdf: numpy.ndarray, from_cairo: numpy.ndarray, inked: float = 0.05) -> None:
    """The same picture within antialiasing: the renderers place an edge up to a pixel
    apart (poppler clips without antialiasing, hints glyphs and snaps thin lines), so a
    pixel is compared with the other raster's pixels within one pixel of it. (cairo's
    raster also lays text out with hinted advances, a PDF with the font's own: a long
    word's last letters may lie a pixel or two further apart.)"""
    assert from_pdf.shape == from_cairo.shape
    diff = near(from_pdf, from_cairo)
    assert (diff > 96).mean() < 0.001, f"{(diff > 96).mean():.4%} of pixels differ"
    assert numpy.abs(from_pdf - from_cairo).max(axis=2).mean() < 3  # antialiasing only
    assert (from_cairo.sum(axis=2) < 600).mean() > inked  # not blank: both drew the same things


def near(x: numpy.ndarray, y: numpy.ndarray) -> numpy.ndarray:
    """Per pixel of x, the smallest difference from y's pixels within one pixel of it."""
    padded = numpy.pad(y, ((1, 1), (1, 1), (0, 0)), mode="edge")
    height, width = x.shape[:2]
    return numpy.min([numpy.abs(x - padded[1 + dy:1 + dy + height, 1 + dx:1 + dx + width]).max(axis=2)
                      for dy in (-1, 0, 1) for dx in (-1, 0, 1)], axis=0)


def on_white(*nodes, width: float = 60, height: float = 40):
    page = svg.document(width, height, view_box=(0, 0, width, height), title="test")
    page.add(svg.rect(0, 0, width, height, fill="#ffffff"))
    for node in nodes:
        page.add(node)
    return page


@needs_pdftoppm
def test_every_node_kind_draws_as_cairo_draws_it(picture, tmp_path):  # noqa: F811
    page = every_kind(picture)
    pdf = pdfwriter.to_pdf([page])
    from_cairo = pixels(page, DPI)
    from_pdf = rendered(pdf, tmp_path, from_cairo)
    assert from_pdf.shape == (round(40 / 25.4 * DPI), round(60 / 25.4 * DPI), 3)
    assert_same_picture(from_pdf, from_cairo, inked=0.2)


def test_the_file_is_valid_and_its_text_extractable(picture, tmp_path):  # noqa: F811
    pdf = pdfwriter.to_pdf([every_kind(picture), every_kind(picture)])
    reader = PdfReader(io.BytesIO(pdf), strict=True)
    assert len(reader.pages) == 2
    text = reader.pages[1].extract_text()
    for word in ("Bold 42", "left", "italic"):
        assert word in text
    box = reader.pages[0].mediabox
    assert (round(float(box.width) * 25.4 / 72, 3), round(float(box.height) * 25.4 / 72, 3)) == (60, 40)
    if shutil.which("qpdf"):
        (tmp_path / "every.pdf").write_bytes(pdf)
        check = subprocess.run(["qpdf", "--check", str(tmp_path / "every.pdf")], capture_output=True, text=True)
        assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout, check.stdout


def test_the_same_pages_give_the_same_bytes(picture):  # noqa: F811
    assert pdfwriter.to_pdf([every_kind(picture)]) == pdfwriter.to_pdf([every_kind(picture)])


def artwork() -> Group:
    """A piece's artwork: enough nodes to be written once when drawn twice."""
    art = svg.group()
    for k in range(10):
        art.add(svg.circle((k * 2.0, 3), 1.5, fill="#35a7ff", stroke="#000000", stroke_width=0.3))
    art.add(svg.text("Art", (5, 9), 4, STYLE, anchor="start"))
    return art


def forms(pdf: bytes) -> list:
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    xobjects = page["/Resources"].get("/XObject", {})
    return [x.get_object() for x in xobjects.values() if x.get_object()["/Subtype"] == "/Form"]


@needs_pdftoppm
def test_a_group_drawn_twice_is_one_form_named_where_it_is_used(tmp_path):
    art = artwork()
    page = on_white(svg.transformed(art, shapes.translate(5, 5)),
                    svg.transformed(art, shapes.translate(30, 30), shapes.rotate(20), shapes.scale(1.5)),
                    svg.transformed(art, shapes.translate(-12, 18)))  # partly off the page
    pdf = pdfwriter.to_pdf([page])
    (form,) = forms(pdf)
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data()
    assert content.count(b" Do") == 3 and b"BT" not in content  # the text is in the form, written once
    x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
    assert x0 <= -1.5 and x1 >= 19.5 and y0 <= -1.5 and y1 >= 9  # holds all that shows of the artwork
    from_cairo = pixels(page, DPI)
    assert_same_picture(rendered(pdf, tmp_path, from_cairo), from_cairo)


@needs_pdftoppm
def test_opacity_rides_on_a_single_paint_else_a_transparency_group(tmp_path):
    single = svg.rect(5, 5, 20, 20, fill="#ec232a", opacity=0.5)
    both = svg.circle((40, 20), 10, fill="#35a7ff", stroke="#000000", stroke_width=3, opacity=0.5)
    faded = svg.group(opacity=0.4)
    faded.add(svg.rect(10, 20, 30, 10, fill="#000000"))
    faded.add(svg.rect(20, 25, 30, 10, fill="#000000"))  # overlapping: a group's opacity is not each one's
    page = on_white(single, both, faded, svg.rect(2, 30, 10, 8, fill="#00ff00", fill_opacity=0.3,
                                                   stroke="#000000", stroke_opacity=0.8))
    pdf = pdfwriter.to_pdf([page])
    groups = [f for f in forms(pdf) if "/Group" in f]
    assert len(groups) == 2  # the circle (fill and stroke) and the group: the rectangle's is on its colour
    from_cairo = pixels(page, DPI)
    assert_same_picture(rendered(pdf, tmp_path, from_cairo), from_cairo)


@needs_pdftoppm
def test_a_picture_with_alpha_has_a_soft_mask(tmp_path):
    import cairocffi as cairo

    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 320, 160)  # more pixels than the box shows: scaled down
    ctx = cairo.Context(surface)
    ctx.set_source_rgba(0.8, 0.2, 0.1, 0.5)
    ctx.paint()
    ctx.set_source_rgb(0.1, 0.3, 0.9)
    ctx.rectangle(0, 0, 160, 160)
    ctx.fill()
    path = tmp_path / "logo.png"
    surface.write_to_png(str(path))
    page = on_white(svg.rect(0, 10, 60, 10, fill="#000000"), Image(str(path), 10, 5, 40, 30))
    pdf = pdfwriter.to_pdf([page])
    image = PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/XObject"]
    (picture_,) = [x.get_object() for x in image.values()]
    assert (picture_["/Width"], picture_["/Height"]) == (320, 160)
    mask = picture_["/SMask"].get_object()
    assert set(mask.get_data()) == {128, 255}  # half-transparent right, opaque left
    from_cairo = pixels(page, DPI)
    assert_same_picture(rendered(pdf, tmp_path, from_cairo), from_cairo)


def test_anchored_text_is_placed_by_its_ink(tmp_path):
    """A text anchored in its middle or at its end is moved left by its ink extents
    (cairo's, with unhinted metrics: `DocumentFonts.ink_extents`); at its start it is
    not. Measured on the letters PDFium reads (their boxes start at the pen)."""
    from pdfium_pages import read

    from pnp.draw.pdffonts import DocumentFonts

    words = {"start": (10, 10), "middle": (30, 20), "end": (50, 30)}
    page = on_white(*(svg.text(f"Wagon {anchor}", xy, 4, STYLE, anchor=anchor) for anchor, xy in words.items()))
    path = tmp_path / "text.pdf"
    path.write_bytes(pdfwriter.to_pdf([page]))
    letters = [c for c in read(path)[0].letters if c.text.strip()]
    fonts = DocumentFonts()
    for anchor, (x, y) in words.items():
        word, letters = letters[:len(anchor) + 5], letters[len(anchor) + 5:]
        assert "".join(c.text for c in word) == f"Wagon{anchor}"
        bearing, width = fonts.ink_extents("DejaVu Sans", False, False, f"Wagon {anchor}", 4)
        moved = {"start": 0, "middle": bearing + width / 2, "end": bearing + width}[anchor]
        assert abs(word[0].x0 - (x - moved)) < 0.005, anchor
        assert moved == 0 or moved > 5


@needs_pdftoppm
def test_a_group_scaled_to_nothing_draws_nothing_and_the_file_stays_valid(tmp_path):
    """(cairo refuses such a matrix; a PDF reader draws nothing.)"""
    group = svg.group()
    for i in range(10):
        group.add(svg.circle((i, i), 1, fill="#000000"))
    nothing = svg.transformed(group, shapes.scale(0, 0))
    pdf = pdfwriter.to_pdf([on_white(nothing, svg.transformed(nothing, shapes.translate(5, 5)))])
    reader = PdfReader(io.BytesIO(pdf), strict=True)
    assert len(reader.pages) == 1
    assert len(forms(pdf)) == 1  # the group scaled to nothing, drawn twice
    assert (rendered(pdf, tmp_path, numpy.zeros((50, 80, 3))) == 255).all()


def test_coordinates_keep_their_precision_in_large_units():
    """Units of many points (a group scaled up) get more decimals: each point stays
    within 0.001 pt of the tree's, and small units do not waste digits."""
    large = svg.group(transform=(shapes.scale(100),))
    large.add(svg.path((shapes.move((0.1234567, 0)), shapes.line_to((0.2, 0.1))), stroke="#000000"))
    small = svg.group(transform=(shapes.scale(0.001),))
    small.add(svg.path((shapes.move((1234.5678, 0)), shapes.line_to((2000, 1000.25))), stroke="#000000"))
    pdf = pdfwriter.to_pdf([on_white(large, small)])
    stream = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data()
    assert b"0.123457 0.000000 m" in stream  # one unit: 283 pt
    assert b"1234.6 0.0 m" in stream  # one unit: 0.0028 pt


def test_text_extents_works_out_what_drawing_the_texts_would_and_changes_no_byte():
    """`text_extents` (what `pnp build` works out for its calibration page while the
    workers draw) leaves every text's ink extents known to its face; a page drawn after
    it is the page drawn in a fresh process."""
    import sys

    from pnp.draw.pdffonts import StandardFace, face_for

    script = ("import sys; from pnp.draw import pdfwriter; from pnp.render import svg; "
              "from pnp.render.style import Style; s = Style('t', {'text': '#000000'}); p = svg.document(90, 40); "
              "g = svg.group(); g.add(svg.text('Zürich · 1858', (45, 15), 6, s, weight='bold')); p.add(g); "
              "p.add(svg.text('ÆØÅ → 12 £', (45, 30), 4, s, anchor='start')); "
              "pdfwriter.text_extents(p) if sys.argv[1] == 'ready' else None; "
              "sys.stdout.buffer.write(pdfwriter.to_pdf([p]))")
    fresh, ready = (subprocess.run([sys.executable, "-c", script, mode], check=True, capture_output=True).stdout
                    for mode in ("fresh", "ready"))
    assert fresh == ready and fresh.startswith(b"%PDF")
    page = svg.document(90, 40)
    page.add(svg.text("Ŧext seen first · ½", (45, 15), 6, STYLE, weight="bold"))
    face = face_for(STYLE.font_family, True, False)
    if isinstance(face, StandardFace):
        pytest.skip("the DejaVu fonts are not installed")
    assert "Ŧext seen first · ½" not in face._inks
    pdfwriter.text_extents(page)
    assert "Ŧext seen first · ½" in face._inks
