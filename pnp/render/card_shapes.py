"""Card shapes in millimetres: the card's ground in bands (which also gives its bleed),
panels, frames, rules, colour swatches, a certificate's guilloche seal and a small
locomotive. Each takes its box and colours and returns SVG; none decides where on a
card it goes."""

from __future__ import annotations

import math
from functools import lru_cache

from msgspec import Struct

from pnp.draw import shapes
from pnp.render import svg
from pnp.render.box import Box
from pnp.render.style import Style

SAFE = 3.0  # mm kept clear of the cut line for text
RULE = 0.25  # mm, thin lines


class Band(Struct, frozen=True):
    """A filled part of a card's ground; sides that touch the card's edge continue into
    the bleed."""

    box: Box
    color: str


def ground(width: float, height: float, bands: list[Band], extend: float = 0.0):
    """A card's ground in card coordinates (0,0 top-left): the bands in order, each
    reaching `extend` past every card edge it touches. With extend = bleed this is the
    card's bleed; with 0 its face."""
    g = svg.group()
    for band in bands:
        b = band.box
        x0 = b.x - extend if b.x <= 1e-6 else b.x
        y0 = b.y - extend if b.y <= 1e-6 else b.y
        x1 = b.right + extend if b.right >= width - 1e-6 else b.right
        y1 = b.bottom + extend if b.bottom >= height - 1e-6 else b.bottom
        g.add(svg.rect(x0, y0, x1 - x0, y1 - y0, fill=band.color))
    return g


def centred(art, width: float, height: float):
    """Card art drawn from its top-left corner, moved so the card's centre is the origin."""
    g = svg.group(transform=(shapes.translate(-width / 2, -height / 2),))
    g.add(art)
    return g


def panel(box: Box, style: Style, *, fill: str = "card_panel", stroke: str = "card_rule", radius: float = 1.2,
          dashed: bool = False):
    attrs = {"stroke_dasharray": (1.2, 0.8)} if dashed else {}
    return svg.rect(box.x, box.y, box.w, box.h, rx=radius, fill=style.color(fill), stroke=style.color(stroke),
                    stroke_width=RULE, **attrs)


def frame(box: Box, color: str, width: float, radius: float = 1.5):
    """A border drawn inside `box` (its stroke stays within the box)."""
    inner = box.inset(width / 2)
    return svg.rect(inner.x, inner.y, inner.w, inner.h, rx=radius, fill="none", stroke=color,
                    stroke_width=width)


def rule(x0: float, x1: float, y: float, color: str, width: float = RULE):
    return svg.line((x0, y), (x1, y), stroke=color, stroke_width=width)


def swatch(box: Box, color: str, style: Style):
    return svg.rect(box.x, box.y, box.w, box.h, rx=min(box.w, box.h) * 0.2, fill=color,
                    stroke=style.color("card_rule"), stroke_width=RULE)


def locomotive(box: Box, color: str):
    """A small steam locomotive facing left, fitted into the box (our own drawing)."""
    k = min(box.w / 30.0, box.h / 16.0)
    x0 = box.x + (box.w - 30 * k) / 2
    y0 = box.y + (box.h - 16 * k) / 2

    def p(x, y):
        return (x0 + x * k, y0 + y * k)

    g = svg.group(fill=color)
    g.add(svg.polygon_path([p(2, 12), p(2, 7), p(5, 6), p(20, 6), p(20, 1), p(29, 1), p(29, 12)]))  # boiler + cab
    g.add(svg.polygon_path([p(6, 6), p(6, 2), p(9, 2), p(9, 6)]))  # chimney
    g.add(svg.polygon_path([p(0, 12.5), p(2, 10), p(2, 12.5)]))  # cow-catcher
    for cx, r in ((6.5, 2.6), (13, 2.6), (24, 3.4)):
        g.add(svg.circle(p(cx, 13.2 - (r - 2.6)), r * k))
    return g


def rosette(centre: tuple[float, float], radius: float, color: str, *, lines: int = 4, lobes: int = 10,
            opacity: float = 0.35):
    """A guilloche seal: wavy rings offset in phase, the engraved look of a certificate
    (our own drawing: r = R (0.86 + 0.14 sin(k t + phase)), each ring a smooth closed
    curve through three points a lobe)."""
    d = _rosette_rings(centre[0], centre[1], radius, lines, lobes)
    return svg.path(d, fill="none", stroke=color, stroke_width=0.18, opacity=opacity)


@lru_cache(maxsize=64)
def _rosette_rings(cx: float, cy: float, radius: float, lines: int, lobes: int) -> tuple:
    """A rosette's path commands, worked out once for every certificate or note that
    has its seal at the same spot and size (only its colour differs)."""
    steps = lobes * 3
    d: list = []
    for i in range(lines):
        phase = 2 * math.pi * i / lines
        pts = []
        for s in range(steps):
            a = 2 * math.pi * s / steps
            r = radius * (0.86 + 0.14 * math.sin(lobes * a + phase))
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        d += shapes.smooth_closed(pts)
    return tuple(d)
