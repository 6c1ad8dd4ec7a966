"""Plain tokens printed on a face (`model/map_marks.py`'s `Disc`): a map hex's blocked
city or resource marker, a game tile's launch pad or small markers. One atom for map
hexes and tiles: `render/tile.py` draws a face's discs above its stations and below
its values and texts, as 18xx-maker layers a token printed on a hex."""

from __future__ import annotations

import math

from pnp.draw.color import parse_color
from pnp.geometry.hexagon import APOTHEM
from pnp.model.map_marks import Disc, Spot
from pnp.render import face_extras as extras
from pnp.render import svg
from pnp.render.ink import ink_on
from pnp.text import fit_size

DISC_RING = 2.0  # hex units: the ring round a disc
TEXT_WIDTH = 1.1  # a disc's widest line of text, in disc radii


def spot_point(spot: Spot) -> tuple[float, float]:
    """A place inside the hex in hex units of the unturned (flat) face: `reach` of the
    way to the rim in the direction `toward` (edge 0 straight down, clockwise)."""
    theta = 60.0 * spot.toward
    off = (theta + 30.0) % 60.0 - 30.0  # degrees from the nearest side's middle
    rim = APOTHEM / math.cos(math.radians(off))
    r = rim * spot.reach
    return (-math.sin(math.radians(theta)) * r, math.cos(math.radians(theta)) * r)


def disc_art(disc: Disc, style, text_angle: float = 0.0):
    """One disc in hex units of the unturned face, its text at `text_angle` (upright
    on a face turned by -`text_angle`)."""
    centre = spot_point(disc)
    r = disc.size * APOTHEM
    fill = extras.colour(disc.color, style)
    g = svg.group()
    g.add(svg.circle(centre, r, fill=fill, stroke=extras.colour(disc.outline, style),
                     stroke_width=min(DISC_RING, r / 3)))
    if disc.text:
        ink = (extras.colour(disc.text_color, style) if disc.text_color
               else ink_on(_hex(fill), style.color("text"), style))
        lines = disc.text.split("\n")
        widest = max(lines, key=len)
        # the middle 55 % each side: clear of an icon or id the face sets beside a large disc
        size = fit_size(widest, r * TEXT_WIDTH, min(r * 0.9, r * 1.4 / len(lines)), "bold")
        g.add(svg.text_lines(lines, centre, size, style, weight="bold", angle=text_angle, color=ink))
    return g


def face_discs(discs, style, text_angle: float = 0.0) -> list:
    return [disc_art(d, style, text_angle) for d in discs]


def _hex(colour: str) -> str:
    rgb = parse_color(colour) or (1.0, 1.0, 1.0)
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgb)


__all__ = ["DISC_RING", "disc_art", "face_discs", "spot_point"]
