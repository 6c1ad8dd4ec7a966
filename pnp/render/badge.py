"""A company's round badge (its symbol on its colour inside a ring, as on its tokens),
how a symbol is fitted into one, and the filled ring it is drawn with."""

from __future__ import annotations


from msgspec import Struct

from pnp.draw import shapes
from pnp.render import svg
from pnp.render.fitted_text import MIN_TEXT, text
from pnp.render.style import Style
from pnp.text import CAP_HEIGHT, fit_size


def badge(symbol: str, centre: tuple[float, float], diameter: float, fill: str, ink: str, style: Style, *,
          ring: str | None = None, caption: str | None = None, inner: str | None = None):
    """A company's round badge: its symbol on its colour inside a ring, as on its
    tokens. An optional caption sits below the symbol (a marker's kind); an `inner`
    colour fills the middle, leaving `fill` as a broad outer ring. Text keeps to
    MIN_TEXT where it can (see `badge_symbol`)."""
    g = svg.group()
    r = diameter / 2
    cx, cy = centre
    g.add(svg.circle(centre, r, fill=fill))
    fit = badge_symbol(symbol, diameter, captioned=bool(caption), inner=bool(inner))
    if inner:
        g.add(svg.circle(centre, r * 0.72, fill=inner))
    else:
        mid = r - fit.ring * 1.6
        g.add(annulus(centre, mid + fit.ring / 2, mid - fit.ring / 2, ring or ink))
    if caption:
        g.add(text(symbol, (cx, cy - diameter * 0.07), fit.size, style, weight=fit.weight, color=ink))
        room = fit.room / 0.86 * 0.66
        small = fit_size(caption, room, max(diameter * 0.12, MIN_TEXT), "condensed-bold", min_size=0.5)
        g.add(text(caption, (cx, cy + diameter * 0.2), small, style, weight="condensed-bold", color=ink))
    else:
        g.add(text(symbol, centre, fit.size, style, weight=fit.weight, color=ink))
    return g


class BadgeFit(Struct, frozen=True):
    size: float  # mm, the symbol's text size
    weight: str
    ring: float  # mm, the ring's width
    room: float  # mm the symbol may take across


def badge_symbol(symbol: str, diameter: float, *, captioned: bool = False, inner: bool = False) -> BadgeFit:
    """How a symbol sits in a badge: bold inside a ring a twentieth of the badge wide;
    where that would print it below MIN_TEXT, condensed bold; then inside a thin ring,
    using the width of the ring's opening at the symbol's height. Below MIN_TEXT only
    when even that is too narrow (a badge never fails: callers that must keep MIN_TEXT
    size the badge with `badge_diameter`)."""
    cap = diameter * (0.28 if captioned else 0.34)
    fit = None
    for ring_share in (0.05, 0.03):
        ring = diameter * ring_share
        if inner:
            room = diameter * 0.72 * 0.86
        elif ring_share == 0.05:
            room = (diameter - ring * 4.4) * (0.86 if captioned else 0.84)
        else:  # the chord of the ring's opening at half the height of a MIN_TEXT capital, with a margin
            opening = diameter / 2 - ring * 2.1
            room = 2 * max(0.0, opening ** 2 - (MIN_TEXT * CAP_HEIGHT / 2) ** 2) ** 0.5 * 0.92
            room = room * (0.86 if captioned else 1.0)
        for weight in ("bold", "condensed-bold"):
            fit = BadgeFit(fit_size(symbol, room, cap, weight, min_size=0.5), weight, ring, room)
            if fit.size >= MIN_TEXT - 1e-9:
                return fit
        if inner:
            break
    return fit


def badge_diameter(symbol: str, at_least: float) -> float:
    """The smallest badge from `at_least` up (in 5% steps) in which the symbol prints at
    MIN_TEXT or more."""
    d = at_least
    while badge_symbol(symbol, d).size < MIN_TEXT - 1e-9:
        d *= 1.05
    return d


def annulus(centre: tuple[float, float], outer: float, inner: float, color: str):
    """A filled ring. Filled rather than stroked, so the only stroked circles on a
    sheet of tokens are the cut lines."""
    cx, cy = centre
    return svg.path(shapes.circle(cx, cy, outer) + shapes.circle(cx, cy, inner), fill=color, fill_rule="evenodd")
