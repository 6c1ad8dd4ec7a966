"""What the map prints besides tile faces (`model/map_marks.py`): a hex's outline with
its open sides left out, plain tokens (discs) and further costs inside a hex, and
lines across the map through points of hexes."""

from __future__ import annotations

import math

from pnp.draw import shapes
from pnp.draw.color import parse_color
from pnp.geometry.hexagon import APOTHEM, corners, rotate_degrees
from pnp.geometry.placed import TERRAIN_FONT
from pnp.model.map import MapHex
from pnp.model.map_marks import MapLine, Spot
from pnp.render import atoms, svg
from pnp.render import face_extras as extras
from pnp.render.ink import ink_on
from pnp.render.map_frame import MapFrame
from pnp.geometry.face import layout_face
from pnp.render.tile import LAYERS, OUTLINE_WIDTH, face_layers, ground_path, outline_path
from pnp.text import fit_size

DISC_RING = 2.0  # hex units: the ring round a disc
COST_ICON = 22.0  # hex units: the terrain symbol of a cost, as on a tile face


def spot_point(spot: Spot) -> tuple[float, float]:
    """A place inside the hex in hex units of the unturned (flat) face: `reach` of the
    way to the rim in the direction `toward` (edge 0 straight down, clockwise)."""
    theta = 60.0 * spot.toward
    off = (theta + 30.0) % 60.0 - 30.0  # degrees from the nearest side's middle
    rim = APOTHEM / math.cos(math.radians(off))
    r = rim * spot.reach
    return (-math.sin(math.radians(theta)) * r, math.cos(math.radians(theta)) * r)


def hex_outline(f: MapFrame, h: MapHex):
    """The hex's outline in hex units, turned: one closed path, or the sides that are
    not open as separate strokes."""
    ring = f.hex_group(f.centre(h.pos), f.turn)
    if not h.open_sides:
        ring.add(outline_path(f.style))
        return ring
    c = corners()
    for edge in range(6):
        if edge not in h.open_sides:  # edge e runs from corner e-1 to corner e
            ring.add(svg.line(c[(edge - 1) % 6], c[edge], stroke=f.style.color("outline"), stroke_width=OUTLINE_WIDTH,
                              stroke_linecap="round"))
    return ring


def face_with_discs(face, colour: str, style, name: str | None, turn: float, discs):
    """A map hex's face (as `render/tile.py`'s `face_group`, without outline) with its
    discs above its stations and below its values and texts, as 18xx-maker layers a
    token printed on a hex: over the city it sits in, under the hex's names."""
    layout = layout_face(face, name=name, text_angle=-turn)
    layers = face_layers(face, layout, style)
    g = svg.group()
    art = svg.group(transform=(shapes.rotate(turn),)) if turn else g
    art.add(ground_path(colour, style))
    for layer in LAYERS:
        for element in layers[layer]:
            art.add(element)
        if layer == "stations":
            art.add(discs)
    if art is not g:
        g.add(art)
    return g


def hex_discs(h: MapHex, style, turn: float):
    """The hex's discs in hex units of the face (unturned), their text upright on a
    face turned by `turn`, or None."""
    if not h.discs:
        return None
    g = svg.group()
    for disc in h.discs:
        centre = spot_point(disc)
        r = disc.size * APOTHEM
        fill = extras.colour(disc.color, style)
        g.add(svg.circle(centre, r, fill=fill, stroke=extras.colour(disc.outline, style),
                         stroke_width=min(DISC_RING, r / 3)))
        if disc.text:
            ink = (extras.colour(disc.text_color, style) if disc.text_color
                   else ink_on(_hex(fill), style.color("text"), style))
            lines = disc.text.split("\n")
            widest = max(lines, key=len)
            size = fit_size(widest, r * 1.6, min(r * 0.9, r * 1.4 / len(lines)), "bold")
            g.add(svg.text_lines(lines, centre, size, style, weight="bold", angle=-turn, color=ink))
    return g


def hex_costs(f: MapFrame, h: MapHex):
    """The hex's further costs, each its amount in its terrain's symbol, or None."""
    if not h.costs:
        return None
    g = f.hex_group(f.centre(h.pos), f.turn)
    upright = -f.turn
    for cost in h.costs:
        x, y = spot_point(cost)
        mark = svg.group(transform=(shapes.rotate(upright, x, y),)) if upright else svg.group()
        mark.add(atoms.terrain_icon(cost.type, (x, y - 9), f.style, COST_ICON))
        mark.add(svg.text(str(cost.cost), (x, y + 10), TERRAIN_FONT, f.style, weight="bold"))
        g.add(mark)
    return g


def _hex(colour: str) -> str:
    rgb = parse_color(colour) or (1.0, 1.0, 1.0)
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgb)


def line_points(f: MapFrame, line: MapLine) -> list[tuple[float, float]]:
    """The line's points in mm on the map."""
    out = []
    for point in line.points:
        cx, cy = f.at(point.at)
        x, y = rotate_degrees(spot_point(point), f.turn)
        out.append((cx + f.k * x, cy + f.k * y))
    return out


def map_line(f: MapFrame, line: MapLine):
    """A line across the map, and its bounds (mm) for the section pages."""
    pts = line_points(f, line)
    d = [shapes.move(pts[0])] + [shapes.line_to(p) for p in pts[1:]]
    extra = {"stroke_dasharray": f"{line.width * 3:.2f},{line.width * 2:.2f}"} if line.dashed else {}
    art = svg.path(d=d, fill="none", stroke=extras.colour(line.color, f.style), stroke_width=line.width,
                   stroke_linecap="round", stroke_linejoin="round", **extra)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    reach = line.width
    return art, (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)


__all__ = ["face_with_discs", "hex_costs", "hex_discs", "hex_outline", "map_line", "spot_point"]
