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
