"""A token that shows an icon (`TokenLook.icon`): the token's ground and ring, the icon
in its upper half and the label (a company's symbol, a private's label) below it; and
a private's token, with or without an icon."""

from __future__ import annotations

from pnp.render import icons, svg
from pnp.render.badge import badge
from pnp.render.ink import ink_on
from pnp.render.style import Style
from pnp.text import fit_size

ICON_SHARE = 0.22  # of the diameter: the icon's radius
RING_SHARE = 0.05  # of the diameter: the ring's width


def icon_token(label: str, icon: str, centre, diameter: float, fill: str, ink: str, style: Style):
    """A round token: its ground, a ring, the icon above and the label below."""
    cx, cy = centre
    r = diameter / 2
    g = svg.group()
    g.add(svg.circle(centre, r, fill=fill))
    ring = diameter * RING_SHARE
    g.add(svg.circle(centre, r - ring * 1.5, fill="none", stroke=ink, stroke_width=ring))
    g.add(icons.icon(icon, (cx, cy - diameter * 0.15), diameter * ICON_SHARE, style))
    size = fit_size(label, diameter * 0.55, diameter * 0.22, "bold")
    g.add(svg.text(label, (cx, cy + diameter * 0.23), size, style, weight="bold", color=ink))
    return g


def private_token(private, centre, diameter: float, style: Style):
    """A private's token: its label (else its symbol) on its colour (else the private's
    own, else the card ground), with its icon when it has one."""
    look = private.token
    fill = look.color or private.color or style.color("card_ground")
    ink = ink_on(fill, style.color("card_text"), style)
    label = look.label or private.symbol
    if look.icon:
        return icon_token(label, look.icon, centre, diameter, fill, ink, style)
    return badge(label, centre, diameter, fill, ink, style)


__all__ = ["icon_token", "private_token"]
