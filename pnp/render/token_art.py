"""Tokens beyond the plain badge (`TokenLook`): one that shows an icon (the icon in its
upper half, the label below), one with a design on its ground (18xx-maker's bar,
target, stripes, stripe, circle, square, halves and quarters, as that program
describes them: a band across the token 0.72 of its radius high, a ring at 0.625 of
the radius a quarter of it wide, two bands half the radius from the middle, an
upright band half the radius wide, a middle circle of 0.6 of the radius, a square
1.5 of the radius across), and a private's token."""

from __future__ import annotations

from pnp.draw import shapes
from pnp.render import icons, svg
from pnp.render.badge import badge
from pnp.render.ink import ink_on
from pnp.render.style import Style
from pnp.text import fit_size

ICON_SHARE = 0.22  # of the diameter: the icon's radius
RING_SHARE = 0.05  # of the diameter: the ring's width
MIN_LABEL = 1.2  # mm: the smallest label a token prints (a long symbol on a small token)


def icon_token(label: str, icon: str, centre, diameter: float, fill: str, ink: str, style: Style):
    """A round token: its ground, a ring, the icon above and the label below."""
    cx, cy = centre
    r = diameter / 2
    g = svg.group()
    g.add(svg.circle(centre, r, fill=fill))
    ring = diameter * RING_SHARE
    g.add(svg.circle(centre, r - ring * 1.5, fill="none", stroke=ink, stroke_width=ring))
    g.add(icons.icon(icon, (cx, cy - diameter * 0.15), diameter * ICON_SHARE, style))
    size = fit_size(label, diameter * 0.55, diameter * 0.22, "bold", min_size=MIN_LABEL)
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


# Designs the label sits on (their colour decides the ink), else it sits on the ground.
LABEL_ON = ("bar", "circle", "square", "shield")


def designed_token(label: str, look, centre, diameter: float, fill: str, style: Style):
    """A round token with `look.designs` on its ground `fill` and its label on top."""
    r = diameter / 2
    g = svg.group()
    g.add(svg.circle(centre, r, fill=fill))
    ground = fill
    for design in look.designs:
        g.add(design_art(design, centre, r, fill, style))
        if design.kind in LABEL_ON:
            ground = design.colors[0] if design.colors else "#ffffff"
    ink = ink_on(ground, style.color("card_text"), style)
    wide = any(d.kind in ("bar", "stripes") for d in look.designs)
    shielded = any(d.kind == "shield" for d in look.designs)
    room = diameter * (0.72 if wide else 0.5 if shielded else 0.62)
    text_size = fit_size(label, room, diameter * 0.3, "bold", min_size=MIN_LABEL)
    at = (centre[0], centre[1] + r * 0.12) if shielded else centre  # on the shield's body, below its top
    g.add(svg.text(label, at, text_size, style, weight="bold", color=ink))
    return g


def shield(colours: list[str], centre, r: float, style: Style):
    """A road shield: a body with straight shoulders narrowing to a point, and a band
    across its top in one colour or three (left, middle, right)."""
    cx, cy = centre
    body = colours[0] if colours else "#ffffff"
    tops = colours[1:] or [style.color("card_text")]
    line = style.color("card_text")
    w, top, shoulder, tip = 0.62 * r, -0.66 * r, -0.3 * r, 0.8 * r
    outline = (shapes.move((cx - w, cy + shoulder)), shapes.line_to((cx + w, cy + shoulder)),
               shapes.curve_to((cx + w, cy + 0.35 * r), (cx + 0.3 * r, cy + 0.6 * r), (cx, cy + tip)),
               shapes.curve_to((cx - 0.3 * r, cy + 0.6 * r), (cx - w, cy + 0.35 * r), (cx - w, cy + shoulder)),
               shapes.CLOSE)
    g = svg.group()
    g.add(svg.path(outline, fill=body, stroke=line, stroke_width=r * 0.05, stroke_linejoin="round"))
    band = (shoulder - top) / 1
    step = 2 * w / len(tops)
    for i, colour in enumerate(tops[:3]):
        g.add(svg.rect(cx - w + i * step, cy + top, step, band, fill=colour))
    g.add(svg.rect(cx - w, cy + top, 2 * w, band, fill="none", stroke=line, stroke_width=r * 0.05, rx=r * 0.06))
    return g


def design_art(design, centre, r: float, fill: str, style: Style):
    """One design, clipped to the token."""
    cx, cy = centre
    colours = list(design.colors)
    first = colours[0] if colours else ("#ffffff" if design.kind in LABEL_ON else style.color("card_text"))
    art = svg.group(clip=svg.circle(centre, r, fill="#000000"),
                    transform=(shapes.rotate(design.angle, cx, cy),) if design.angle else ())
    size, kind, line = design.size, design.kind, style.color("card_text")
    if kind == "bar":
        h = r * (size or 0.72)
        art.add(svg.rect(cx - r, cy - h / 2, 2 * r, h, fill=first, stroke=line, stroke_width=r * 0.03))
    elif kind == "target":
        art.add(svg.circle(centre, r * 0.625, fill="none", stroke=first, stroke_width=r / 4))
    elif kind == "stripes":
        w, gap = r / 4, r * (size or 0.5)
        art.add(svg.rect(cx - r, cy - gap - w, 2 * r, w, fill=first))
        art.add(svg.rect(cx - r, cy + gap, 2 * r, w, fill=first))
    elif kind == "stripe":
        w = r * (size or 0.5)
        art.add(svg.rect(cx - w / 2, cy - r, w, 2 * r, fill=first))
    elif kind == "circle":
        art.add(svg.circle(centre, r * (size or 0.6), fill=first, stroke=line, stroke_width=r * 0.03))
    elif kind == "square":
        art.add(svg.rect(cx - 0.75 * r, cy - 0.75 * r, 1.5 * r, 1.5 * r, fill=first, rx=r * 0.08))
    elif kind == "shield":
        return shield(colours, centre, r, style)
    else:  # halves, quarters
        parts = 2 if kind == "halves" else 4
        fills = (colours + [fill] * parts)[:parts]
        boxes = ([(cx - r, cy - r, 2 * r, r), (cx - r, cy, 2 * r, r)] if parts == 2 else
                 [(cx - r, cy - r, r, r), (cx, cy - r, r, r), (cx - r, cy, r, r), (cx, cy, r, r)])
        for (x, y, w, h), colour in zip(boxes, fills):
            art.add(svg.rect(x, y, w, h, fill=colour))
    return art


__all__ = ["design_art", "designed_token", "icon_token", "private_token", "shield"]
