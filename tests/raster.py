"""Rendering a page to pixels for tests that look at what prints: an RGB array, one
row per line, at a chosen resolution. A node page is drawn by pnp's cairo writer;
SVG text (a file pnp wrote) by cairosvg, an independent reader."""

from __future__ import annotations

import io

import numpy
from cairosvg.parser import Tree
from cairosvg.surface import PNGSurface


def pixels(page, dpi: float = 25.4) -> numpy.ndarray:
    """Height x width x 3 (RGB, 0-255) on white; at the default 25.4 dpi one pixel is 1 mm."""
    if isinstance(page, str):
        image = PNGSurface(Tree(bytestring=page.encode("utf-8"), unsafe=False), io.BytesIO(), dpi).cairo
        image.flush()
        data, stride, height, width = bytes(image.get_data()), image.get_stride(), image.get_height(), image.get_width()
    else:
        from pnp.draw import cairolib

        image = node_image(page, dpi)
        data, stride = cairolib.image_rows(image)
        width, height = cairolib.image_size(image)
    bgra = numpy.frombuffer(data, dtype=numpy.uint8).reshape(height, stride // 4, 4)[:, :width]
    return bgra[:, :, 2::-1].astype(int)


def node_image(page, dpi: float):
    """A node page drawn by the cairo writer on an RGB image surface (white ground)."""
    from pnp.draw import cairolib
    from pnp.draw.cairolib import lib
    from pnp.draw.cairowriter import draw_page, page_points

    w, h = page_points(page)
    k = dpi / 72
    image = cairolib.image_surface(max(1, round(w * k)), max(1, round(h * k)), cairolib.FORMAT_RGB24)
    cr = cairolib.context(image)
    lib.cairo_set_source_rgb(cr, 1, 1, 1)
    lib.cairo_paint(cr)
    width, height = cairolib.image_size(image)
    lib.cairo_scale(cr, width / w, height / h)
    draw_page(cr, page, w, h)
    cairolib.check_context(cr, "drawing a test page")
    return image


def colour(hex_colour: str) -> numpy.ndarray:
    return numpy.array([int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)])


def ink_near_edges(pdf, margin: float = 5.0, dpi: float = 72.0) -> list[tuple[int, float]]:
    """Pages of a PDF with ink within `margin` mm of the paper's edge, each with the
    closest ink's distance in mm. Rendered by pdfium (which pdfplumber brings); a
    pixel counts as the whole of the strip it covers, and anything darker than a
    faint grey counts as ink."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    mm_per_px = 25.4 / dpi
    bad = []
    for n in range(len(doc)):
        image = doc[n].render(scale=dpi / 72.0, grayscale=True).to_numpy()
        grey = image if image.ndim == 2 else image[:, :, :3].min(axis=2)
        h, w = grey.shape
        ys, xs = numpy.nonzero(grey < 235)
        if len(ys):
            closest = min(ys.min(), xs.min(), h - 1 - ys.max(), w - 1 - xs.max())
            if closest < int(margin / mm_per_px):
                bad.append((n + 1, round(float(closest * mm_per_px), 2)))
    return bad
