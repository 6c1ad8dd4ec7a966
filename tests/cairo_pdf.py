"""cairo's own PDF of node pages, the reference some tests compare pnp's PDF writer
with: pnp writes its PDFs itself and keeps cairo for PNG, so the PDF surface here is
cairocffi's (a test dependency), drawn on by pnp's cairo writer as pnp's PDFs were
drawn before (the same libcairo: the surface is handed over by its address)."""

from __future__ import annotations

import io

import cairocffi

from pnp.draw import cairolib
from pnp.draw.cairowriter import Drawer, draw_page, page_points
from pnp.draw.ink import Ink
from pnp.draw.nodes import shared_groups


def pdf_font_options():
    """The font options of cairo's PDF surface (a surface that writes nothing), as pnp's
    binding takes them: metrics not hinted. Text in PDFs was measured so when cairo wrote
    them; pnp's PDF fonts measure it the same way, and tests compare them with cairo's."""
    options = cairocffi.PDFSurface(None, 1, 1).get_font_options()
    address = int(cairocffi.ffi.cast("uintptr_t", options._pointer))
    _KEPT.append(options)  # cairocffi frees them with its object
    return cairolib.ffi.cast("cairo_font_options_t *", address)


_KEPT: list = []


def to_pdf(pages) -> bytes:
    """Pages as one cairo PDF (shared fonts), each at its own size."""
    out = io.BytesIO()
    surface = cairocffi.PDFSurface(out, 595, 842)
    address = int(cairocffi.ffi.cast("uintptr_t", surface._pointer))
    target = cairolib.ffi.cast("cairo_surface_t *", address)
    shared, recorded, ink = shared_groups(pages), {}, Ink({})
    for n, page in enumerate(pages, 1):
        width, height = page_points(page)
        surface.set_size(width, height)
        cr = cairolib.context(target)
        draw_page(cr, page, width, height, Drawer(cr, shared, recorded, ink=ink))
        cairolib.check_context(cr, f"drawing page {n}")
        del cr
        surface.show_page()
    surface.finish()
    return out.getvalue()
