"""Pictures from outside pnp (a PNG, or an SVG such as a user's logo) drawn into a box.
An outside SVG is the one thing cairosvg still draws; pnp's own drawings never go
through it."""

from __future__ import annotations

import io
from pathlib import Path

import cairocffi as cairo

from pnp.errors import PnpError


def draw_image(ctx, node) -> None:
    """The picture scaled to fit the box, centred in it (SVG's xMidYMid meet)."""
    if node.href.startswith("data:image/png;base64,"):
        import base64

        _place(ctx, node, cairo.ImageSurface.create_from_png(io.BytesIO(base64.b64decode(node.href.split(",", 1)[1]))))
        return
    path = Path(node.href)
    if not path.is_file():
        raise PnpError(f"{node.href}: picture not found")
    if path.suffix.lower() == ".svg":
        import cairosvg

        png = cairosvg.svg2png(url=str(path), unsafe=False, output_width=max(1, round(node.width * 8)),
                               output_height=max(1, round(node.height * 8)))
        surface = cairo.ImageSurface.create_from_png(io.BytesIO(png))
    elif path.suffix.lower() == ".png":
        surface = cairo.ImageSurface.create_from_png(str(path))
    else:
        raise PnpError(f"{node.href}: pictures must be PNG or SVG")
    _place(ctx, node, surface)


def _place(ctx, node, surface) -> None:
    k = min(node.width / surface.get_width(), node.height / surface.get_height())
    ctx.save()
    ctx.translate(node.x + (node.width - surface.get_width() * k) / 2, node.y + (node.height - surface.get_height() * k) / 2)
    ctx.scale(k, k)
    ctx.set_source_surface(surface, 0, 0)
    ctx.paint()
    ctx.restore()
