"""A company's logo as a picture on its tokens, charter and certificates. SVG logos are
rasterised by cairosvg in its safe mode (no external files, no entities); PNG logos are
used as they are. Both are embedded, so the drawing needs nothing outside itself."""

from __future__ import annotations

import base64
from functools import lru_cache
from pathlib import Path

from pnp.errors import PnpError
from pnp.render import svg
from pnp.render.style import Style

LOGO_PIXELS = 512  # the raster an SVG logo is drawn at: sharp at token and charter sizes
LOGO_SHARE = 0.72  # of the badge's diameter: the square the logo is fitted into
RING = 0.06  # of the diameter: the ring round a logo badge


@lru_cache(maxsize=64)
def data_uri(path: str) -> str:
    """The logo as an embedded PNG (data: URI)."""
    file = Path(path)
    if file.suffix.lower() == ".svg":
        import cairosvg

        try:
            png = cairosvg.svg2png(url=str(file), output_width=LOGO_PIXELS, unsafe=False)
        except Exception as exc:  # cairosvg raises many kinds for a bad file
            raise PnpError(f"{file}: the logo cannot be drawn ({exc.__class__.__name__}: {exc})") from None
    else:
        png = file.read_bytes()
        if not png.startswith(b"\x89PNG"):
            raise PnpError(f"{file}: the logo is not a PNG file")
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def logo_badge(company, centre, diameter: float, style: Style):
    """The company's round badge with its logo in place of its symbol: the logo on a
    light disc inside a ring of the company's colour."""
    cx, cy = centre
    g = svg.group()
    g.add(svg.circle(centre, diameter / 2, fill=company.color))
    g.add(svg.circle(centre, diameter / 2 * (1 - 2 * RING), fill=style.color("card_ground")))
    side = diameter * LOGO_SHARE
    g.add(svg.image(data_uri(company.logo), cx - side / 2, cy - side / 2, side, side))
    return g


def badge_or_logo(company, centre, diameter: float, style: Style, badge):
    """The logo badge when the company has a logo, else `badge` (its symbol)."""
    return logo_badge(company, centre, diameter, style) if getattr(company, "logo", None) else badge
