"""What the map prints besides tile faces (`model/map_marks.py`): a hex's outline with
its open sides left out, further costs inside a hex, and lines across the map through
points of hexes. Plain tokens (discs) are part of the face: `render/discs.py`."""

from __future__ import annotations

from pnp.draw import shapes
from pnp.geometry.hexagon import corners, rotate_degrees
from pnp.geometry.placed import TERRAIN_FONT
from pnp.model.map import MapHex
from pnp.model.map_marks import MapLine
from pnp.render import atoms, svg
from pnp.render import face_extras as extras
from pnp.render.discs import spot_point
from pnp.render.map_frame import MapFrame
from pnp.render.tile import OUTLINE_WIDTH, outline_path

COST_ICON = 22.0  # hex units: the terrain symbol of a cost, as on a tile face


def hex_outline(f: MapFrame, h: MapHex, path):
    """The hex's outline in hex units, turned: one closed path (`path`, the same for
    every hex: `outline_path`), or the sides that are not open as separate strokes."""
    ring = f.hex_group(f.centre(h.pos), f.turn)
    if not h.open_sides:
        ring.add(path)
        return ring
    c = corners()
    for edge in range(6):
        if edge not in h.open_sides:  # edge e runs from corner e-1 to corner e
            ring.add(svg.line(c[(edge - 1) % 6], c[edge], stroke=f.style.color("outline"), stroke_width=OUTLINE_WIDTH,
                              stroke_linecap="round"))
    return ring


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
    extra = {"stroke_dasharray": (line.width * 3, line.width * 2)} if line.dashed else {}
    art = svg.path(d=d, fill="none", stroke=extras.colour(line.color, f.style), stroke_width=line.width,
                   stroke_linecap="round", stroke_linejoin="round", **extra)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    reach = line.width
    return art, (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)


__all__ = ["hex_costs", "hex_outline", "map_line", "spot_point"]
