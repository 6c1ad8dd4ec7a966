"""Pictures from outside pnp (a PNG, or an SVG such as a user's logo) as a PDF's Image
XObjects: the colours as DeviceRGB, the alpha (when not all opaque) as a soft mask.
The PNG is read by cairo (`pnp.draw.cairolib`), as for the PNG files pnp writes; an
outside SVG is first drawn to a PNG by cairosvg at eight pixels a unit of its box, as
`pnp.draw.images` does. The colours are un-premultiplied by Pillow (`split_pixels`)."""

from __future__ import annotations

import sys
import zlib

from pnp.draw.nodes import Image

LEVEL = 6


def picture_key(node: Image) -> tuple:
    """What decides the picture's pixels: an outside SVG is drawn at its box's size."""
    if node.href.lower().endswith(".svg") and not node.href.startswith("data:"):
        return (node.href, node.width, node.height)
    return (node.href,)


def picture_objects(node: Image) -> tuple[int, int, list[bytes]]:
    """(width, height in pixels, object bodies): the image, then its soft mask when it
    has one (the image names it as `@SMASK`, for the writer to number)."""
    from pnp.draw import cairolib
    from pnp.draw.cairolib import lib
    from pnp.draw.images import picture_surface

    picture = picture_surface(node)
    width, height = cairolib.image_size(picture)
    surface = cairolib.image_surface(width, height)  # ARGB32, whatever the PNG's own format
    cr = cairolib.context(surface)
    lib.cairo_set_source_surface(cr, picture, 0, 0)
    lib.cairo_paint(cr)
    cairolib.check_context(cr, f"{node.href}: reading the picture")
    data, stride = cairolib.image_rows(surface)
    rgb, alpha = split_pixels(data, stride, width, height)
    head = b"/Type /XObject /Subtype /Image /Width %d /Height %d /BitsPerComponent 8 /Interpolate true " % (
        width, height)
    image = b"<< %s/ColorSpace /DeviceRGB %s/Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream\n"
    packed = zlib.compress(rgb, LEVEL)
    if alpha is None:
        return width, height, [image % (head, b"", len(packed), packed)]
    mask = zlib.compress(alpha, LEVEL)
    return width, height, [image % (head, b"/SMask @SMASK ", len(packed), packed),
                           image.replace(b"/DeviceRGB", b"/DeviceGray") % (head, b"", len(mask), mask)]


def numbered(body: bytes, mask: int) -> bytes:
    """An image's object with its soft mask named as object `mask`: `@SMASK` is replaced
    in the dictionary only, never in the stream (compressed bytes may hold anything)."""
    head, stream, data = body.partition(b"stream\n")
    return head.replace(b"@SMASK", b"%d 0 R" % mask) + stream + data


def split_pixels(data: bytes, stride: int, width: int, height: int) -> tuple[bytes, bytes | None]:
    """(RGB bytes, alpha bytes or None when all opaque) of cairo's ARGB32 pixels (native
    32-bit words, colours premultiplied by alpha). The colours are un-premultiplied,
    rounded to nearest, by Pillow in C (a Python loop took 0.6 s a megapixel); Pillow's
    own un-premultiplying conversion truncates, so the division is spelt out."""
    from PIL import Image, ImageMath

    raw = "BGRA" if sys.byteorder == "little" else "ARGB"
    r, g, b, a = Image.frombuffer("RGBA", (width, height), data, "raw", raw, stride, 1).split()
    opaque = a.getextrema() == (255, 255)
    if not opaque:  # (c * 255 + a // 2) // a, integer arithmetic in mode I; 0 where a is 0
        r, g, b = (ImageMath.lambda_eval(lambda v: (v["c"] * 255 + v["a"] / 2) / v["a"], c=c, a=a).convert("L")
                   for c in (r, g, b))
    return Image.merge("RGB", (r, g, b)).tobytes(), None if opaque else a.tobytes()
