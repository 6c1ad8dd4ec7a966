"""Pictures from outside pnp (a PNG, or an SVG such as a user's logo) read as cairo
image surfaces, and drawn into a box on a cairo context (PNG files; the PDF writer
makes Image XObjects of the same surfaces, `pnp.draw.pdfimages`).
An outside SVG is the one thing cairosvg still draws (and so the one thing that loads
cairocffi, cairosvg's own binding); pnp's own drawings never go through it."""

from __future__ import annotations

from pathlib import Path

from pnp.draw import cairolib
from pnp.draw.cairolib import lib
from pnp.errors import PnpError


def draw_image(cr, node) -> None:
    """The picture scaled to fit the box, centred in it (SVG's xMidYMid meet)."""
    _place(cr, node, picture_surface(node))


def picture_surface(node):
    """The node's picture as a cairo image surface: a PNG (a file, or embedded as a data
    URI) as it is, an SVG drawn by cairosvg at eight pixels a unit of the box."""
    if node.href.startswith("data:image/png;base64,"):
        import base64

        data = base64.b64decode(node.href.split(",", 1)[1])
        return cairolib.png_surface(data, "an embedded picture")
    path = Path(node.href)
    if not path.is_file():
        raise PnpError(f"{node.href}: picture not found")
    if path.suffix.lower() == ".svg":
        return cairolib.png_surface(_svg_png(node, path), node.href)
    if path.suffix.lower() == ".png":
        return cairolib.png_surface(path.read_bytes(), node.href)
    raise PnpError(f"{node.href}: pictures must be PNG or SVG")


def _svg_png(node, path: Path) -> bytes:
    """An outside SVG drawn by cairosvg at eight pixels a unit of the box; a PnpError
    naming the file when cairosvg cannot read it (bad XML, or a drawing it cannot make)."""
    import cairosvg

    try:
        return cairosvg.svg2png(url=str(path), unsafe=False, output_width=max(1, round(node.width * 8)),
                                output_height=max(1, round(node.height * 8)))
    except Exception as error:  # cairosvg raises what its parsers raise: ParseError, ValueError, ...
        raise PnpError(f"{node.href}: not a readable SVG ({type(error).__name__}: {error})") from error


def _place(cr, node, surface) -> None:
    width, height = cairolib.image_size(surface)
    k = min(node.width / width, node.height / height)
    lib.cairo_save(cr)
    lib.cairo_translate(cr, node.x + (node.width - width * k) / 2, node.y + (node.height - height * k) / 2)
    lib.cairo_scale(cr, k, k)
    lib.cairo_set_source_surface(cr, surface, 0, 0)
    lib.cairo_paint(cr)
    lib.cairo_restore(cr)
