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
from test_pdfwriter import DPI, assert_same_picture, needs_pdftoppm, on_white, rendered

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
