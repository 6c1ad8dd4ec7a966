"""Edge cases of the drawing writers found in review: strokes of no width and dashes of no
length (SVG's rules in every writer), pictures with alpha against cairo's raster, the
soft mask's reference, and outside pictures that cannot be read."""

from __future__ import annotations

import io
import zlib

import numpy
import pytest
from pypdf import PdfReader
from raster import pixels
from test_pdfwriter import DPI, assert_same_picture, near, needs_pdftoppm, on_white, rendered

from pnp.draw import pdfwriter, shapes
from pnp.draw.svgwriter import to_svg
from pnp.render import svg


def diagonal(**paint):
    return svg.path((shapes.move((5.0, 5.0)), shapes.line_to((55.0, 35.0))), fill="none", stroke="#000000",
                    stroke_linecap="round", **paint)


@needs_pdftoppm
@pytest.mark.parametrize("paint", [{"stroke_width": 0}, {"stroke_width": 0, "stroke_dasharray": (0.0, 0.0)},
                                   {"stroke_width": -1}])
def test_a_stroke_of_no_width_draws_nothing(paint, tmp_path):
    page = on_white(diagonal(**paint))
    pdf = pdfwriter.to_pdf([page])
    stream = PdfReader(io.BytesIO(pdf), strict=True).pages[0].get_contents().get_data()
    assert b" w" not in stream and b" d" not in stream and b"S" not in stream.split()
    from_cairo = pixels(page, DPI)
    assert (from_cairo == 255).all()  # the PNG writer draws nothing
    assert (rendered(pdf, tmp_path, from_cairo) == 255).all()  # nor does the PDF
    assert (pixels(on_white(), DPI) == pixels(to_svg(page), DPI)).all()  # nor the SVG, as cairosvg reads it


@needs_pdftoppm
def test_dashes_of_no_length_are_a_solid_line(tmp_path):
    page = on_white(diagonal(stroke_width=1, stroke_dasharray=(0.0, 0.0)))
    pdf = pdfwriter.to_pdf([page])
    stream = PdfReader(io.BytesIO(pdf), strict=True).pages[0].get_contents().get_data()
    assert b"[0 0]" not in stream and b" d\n" not in stream  # PDF forbids all-zero dashes
    from_cairo = pixels(page, DPI)  # (cairo raised on them)
    solid = pixels(on_white(diagonal(stroke_width=1)), DPI)
    assert (from_cairo == solid).all()
    assert (from_cairo.sum(axis=2) < 300).sum() > 500
    assert_same_picture(rendered(pdf, tmp_path, from_cairo), from_cairo, inked=0.01)


def semi_transparent_png(path) -> None:
    """A picture half opaque blue, half red at half alpha, with a soft gradient of alpha."""
    import cairocffi as cairo

    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 200, 100)
    ctx = cairo.Context(surface)
    gradient = cairo.LinearGradient(0, 0, 200, 0)
    gradient.add_color_stop_rgba(0, 0.9, 0.3, 0.1, 0.05)
    gradient.add_color_stop_rgba(1, 0.1, 0.6, 0.2, 0.95)
    ctx.set_source(gradient)
    ctx.paint()
    ctx.set_source_rgba(0.1, 0.3, 0.9, 0.5)
    ctx.rectangle(0, 0, 100, 50)
    ctx.fill()
    surface.write_to_png(str(path))


@needs_pdftoppm
def test_a_semi_transparent_picture_draws_as_cairo_draws_it(tmp_path):
    from pnp.draw.nodes import Image

    semi_transparent_png(tmp_path / "logo.png")
    page = on_white(svg.rect(0, 15, 60, 10, fill="#000000"), Image(str(tmp_path / "logo.png"), 5, 5, 50, 25))
    pdf = pdfwriter.to_pdf([page])
    (picture,) = [x.get_object() for x in PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/XObject"].values()]
    alpha = numpy.frombuffer(picture["/SMask"].get_object().get_data(), dtype=numpy.uint8)
    assert 10 < alpha.min() and alpha.max() < 250 and len(set(alpha)) > 100  # a gradient of alpha
    from_cairo = pixels(page, DPI)
    assert_same_picture(rendered(pdf, tmp_path, from_cairo), from_cairo, inked=0.02)


def test_the_soft_mask_is_named_in_the_dictionary_only(monkeypatch):
    """The image's stream may hold the placeholder's bytes: they stay as they are."""
    from pnp.draw import pdfimages
    from pnp.draw.nodes import Image

    data = b"@SMASK" * 2

    def objects(node):
        image = b"<< /Type /XObject /Subtype /Image /Width 4 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceRGB "
        return 4, 1, [image + b"/SMask @SMASK /Length 12 >>\nstream\n%s\nendstream\n" % data,
                      image.replace(b"RGB", b"Gray") + b"/Length 4 >>\nstream\nabcd\nendstream\n"]

    monkeypatch.setattr(pdfimages, "picture_objects", objects)
    pdf = pdfwriter.to_pdf([on_white(Image("/nowhere/logo.png", 5, 5, 20, 5))])
    (picture,) = [x.get_object() for x in PdfReader(io.BytesIO(pdf), strict=True).pages[0]["/Resources"]["/XObject"]
                  .values()]
    assert picture.get_data() == data
    assert picture["/SMask"].get_object().get_data() == b"abcd"


UPRIGHT_ONLY = r'''
import sys
from pathlib import Path
import pnp.text
pnp.text.FONT_DIRS = (Path(sys.argv[1]),)
from pnp.draw import pdfwriter
from pnp.draw.cairowriter import to_png
from pnp.render import svg
from pnp.render.style import Style
style = Style("test", {"text": "#000000"})
page = svg.document(60, 40, view_box=(0, 0, 60, 40), title="test")
page.add(svg.rect(0, 0, 60, 40, fill="#ffffff"))
for anchor, x, y in (("start", 3, 10), ("middle", 30, 22), ("end", 57, 34)):
    page.add(svg.restyled(svg.text("Italic Wagon", (x, y), 7, style, anchor=anchor), font_style=sys.argv[3]))
Path(sys.argv[2], "page.pdf").write_bytes(pdfwriter.to_pdf([page]))
Path(sys.argv[2], "page.png").write_bytes(to_png(page, 150))
sys.path.insert(0, "tests")  # anchors: the slanted ink as cairo measures it, hint metrics off
from cairo_pdf import pdf_font_options
from pnp.draw import cairolib
from pnp.draw.cairolib import ffi, lib
from pnp.draw.pdffonts import DocumentFonts
cr = cairolib.context(cairolib.recording_surface())
lib.cairo_set_font_options(cr, pdf_font_options())
extents, fonts, worst = ffi.new("cairo_text_extents_t *"), DocumentFonts(), 0.0
for bold in (False, True):
    lib.cairo_select_font_face(cr, b"DejaVu Sans", cairolib.FONT_SLANT_ITALIC, int(bold))
    lib.cairo_set_font_matrix(cr, ffi.new("cairo_matrix_t *", (10, 0, -2, 10, 0, 0)))
    for text in ("Italic Wagon", "fly", "Tj,", "1860 Isle of Wight", "ÅÉ —", "j"):
        lib.cairo_text_extents(cr, text.encode(), extents)
        got = fonts.ink_extents("DejaVu Sans", bold, True, text, 10)
        worst = max(worst, abs(got[0] - extents.x_bearing), abs(got[1] - extents.width))
Path(sys.argv[2], "worst").write_text(str(worst))
'''


def upright_only(tmp_path, style: str) -> tuple[bytes, numpy.ndarray]:
    """(PDF, cairo's raster at 150 dpi) of italic text drawn where only the upright DejaVu
    faces are installed: pnp's font folders and fontconfig's hold nothing else."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from PIL import Image as PilImage

    from pnp.text import face_file

    fonts, out = tmp_path / "fonts", tmp_path / style
    fonts.mkdir(exist_ok=True)
    out.mkdir()
    for weight in ("regular", "bold"):
        source = face_file(weight)
        if source is None:
            pytest.skip("DejaVu Sans is not installed")
        (fonts / source.name).write_bytes(source.read_bytes())
    config = tmp_path / "fonts.conf"
    config.write_text(f'<?xml version="1.0"?><fontconfig><dir>{fonts}</dir><cachedir>{tmp_path / "cache"}</cachedir>'
                      '<include ignore_missing="yes">/etc/fonts/conf.d</include></fontconfig>')
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "FONTCONFIG_FILE": str(config), "PYTHONPATH": str(root)}
    subprocess.run([sys.executable, "-c", UPRIGHT_ONLY, str(fonts), str(out), style], check=True, env=env, cwd=root)
    assert float((out / "worst").read_text()) < 1e-9  # the ink that anchors text, as cairo's
    png = numpy.asarray(PilImage.open(out / "page.png").convert("RGB"), dtype=int)
    return (out / "page.pdf").read_bytes(), png


@needs_pdftoppm
def test_italic_text_without_the_oblique_faces_is_slanted_in_both_writers(tmp_path):
    pdf, from_cairo = upright_only(tmp_path, "italic")
    stream = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data()
    assert stream.count(b" 1.4 -7 ") == 3  # the text matrix shears by 0.2: x + 0.2 y
    fonts = {f["/BaseFont"] for f in PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/Font"].values()}
    assert len(fonts) == 1 and str(fonts.pop()).endswith("+DejaVuSans")  # the upright face, embedded once
    from_pdf = rendered(pdf, tmp_path, from_cairo)
    _, upright = upright_only(tmp_path, "normal")
    assert (near(from_pdf, upright) > 96).mean() > 0.02  # not the upright text (about 4%)
    # the PNG writer slants it alike (cairo's PNG hints its glyphs and advances, so text
    # differs by a pixel here and there, as much as upright text does: about 0.75%)
    assert (near(from_pdf, from_cairo) > 96).mean() < 0.012 < 0.02 < (near(upright, from_cairo) > 96).mean()


def written_png() -> bytes:
    from pnp.draw.cairowriter import to_png

    return to_png(on_white(svg.rect(5, 5, 20, 20, fill="#ec232a")), 30)


@pytest.mark.parametrize("name, content, problem", [
    ("logo.svg", b"<svg><g>", r"logo\.svg: not a readable SVG \(ParseError: no element found"),
    ("logo.svg", b"plain text", r"logo\.svg: not a readable SVG \(ParseError"),
    ("logo.png", b"not a png", r"logo\.png: not a PNG file$"),
    ("logo.png", None, r"logo\.png: not a readable PNG \("),
])
def test_a_picture_that_cannot_be_read_is_a_one_line_error_naming_it(tmp_path, name, content, problem):
    from pnp.draw.cairowriter import to_png
    from pnp.draw.nodes import Image
    from pnp.errors import PnpError

    if content is None:  # a PNG damaged in its pixels' data, its signature intact
        good = written_png()
        content = good[:60] + bytes(b ^ 0x5A for b in good[60:-20]) + good[-20:]
    path = tmp_path / name
    path.write_bytes(content)
    page = on_white(Image(str(path), 5, 5, 20, 20))
    for write in (lambda: pdfwriter.to_pdf([page]), lambda: to_png(page, 30)):
        with pytest.raises(PnpError, match=problem) as raised:
            write()
        assert "\n" not in str(raised.value)
