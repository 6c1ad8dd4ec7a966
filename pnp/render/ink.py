"""How colours read against each other: lightness, the WCAG contrast ratio, and which
ink prints legibly on a coloured ground."""

from __future__ import annotations

from functools import lru_cache

from pnp.render.style import Style


@lru_cache(maxsize=1024)
def luminance(colour: str) -> float:
    """The relative luminance of a #rrggbb colour (0 black .. 1 white): a kit asks it of
    the same few colours for every card and market space (each company's colour against
    the card's ground and inks, each zone's ground)."""
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def lightness(color: str) -> float:
    """CIE L* (0 black to 100 white) of a #rrggbb colour: how light it prints in greyscale."""
    y = luminance(color)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two #rrggbb colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(ground: str, preferred: str, style: Style) -> str:
    """`preferred` if it reads on `ground`, else the card's dark or light ink."""
    if contrast(preferred, ground) >= 3.0:
        return preferred
    dark, light = style.color("card_text"), style.color("card_ground")
    return dark if contrast(dark, ground) >= contrast(light, ground) else light
