"""Drawn parts of a face that are neither track nor stations: the ground of a
two-coloured tile, shapes (goods squares, diamonds, circles ...), tunnel portals where
track enters a hill, and a bridge wherever track crosses a water partition."""

from __future__ import annotations

import math

from pnp.draw import shapes as cmd
from pnp.geometry.hexagon import APOTHEM, Point, add, corners, direction, scale, sub, unit
from pnp.geometry.placed import TRACK_WIDTH
from pnp.geometry.track import linestring
from pnp.model.tile import TileFace
from pnp.render import svg
from pnp.geometry.face import partition_line
from pnp.render.face_extras import colour
from pnp.render.style import Style
from pnp.text import fit_size

SHAPE_BORDER = 2.0
SHAPE_DASH = (5.0, 4.0)
PORTAL_WIDTH = 40.0  # across the track, hex units
PORTAL_DEPTH = 16.0  # from the edge inward
PORTAL_STROKE = 3.0
BRIDGE_LENGTH = 30.0  # of the gap in the water, along the track
BRIDGE_RAIL = 2.5
BRIDGE_SPAN = 12.0  # how far each railing stands from the track's centre line
BRIDGE_GAP_WIDTH = 8.0  # wider than the water line it breaks


def ground(colour_: str, colour2: str | None, style: Style) -> list:
    """The hex ground; a two-coloured tile is its first colour above the line between
    its left and right corners and its second colour below, so both phases show."""
    if not colour2:
        return [svg.polygon_path(corners(), fill=style.ground(colour_), stroke="none")]
    c = corners()
    # corners()[k] is between edges k and k+1; corner 1 (left) and 4 (right) split top from bottom
    bottom = [c[4], c[5], c[0], c[1]]
    top = [c[1], c[2], c[3], c[4]]
    return [svg.polygon_path(top, fill=style.ground(colour_), stroke="none"),
            svg.polygon_path(bottom, fill=style.ground(colour2), stroke="none")]


def _shape_outline(kind: str, x: float, y: float, w: float, h: float) -> tuple:
    r, ry = w / 2, h / 2
    if kind in ("circle", "ellipse"):
        return (cmd.move((x - r, y)), cmd.arc_to(r, ry, False, True, (x + r, y)),
                cmd.arc_to(r, ry, False, True, (x - r, y)), cmd.CLOSE)
    if kind == "square":
        return cmd.box(x - r, y - r, w, w)
    if kind == "diamond":
        return cmd.polygon([(x - r, y), (x, y - r), (x + r, y), (x, y + r)])
    if kind == "hexagon":
        return cmd.polygon([(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
                            for a in range(0, 360, 60)])
    if kind == "triangle":
        return cmd.polygon([(x, y - r), (x + r * 0.866, y + r / 2), (x - r * 0.866, y + r / 2)])
    points = []  # a five-pointed star
    for k in range(10):
        reach = r if k % 2 == 0 else r * 0.45
        a = math.radians(-90 + 36 * k)
        points.append((x + reach * math.cos(a), y + reach * math.sin(a)))
    return cmd.polygon(points)


def face_shapes(face: TileFace, style: Style, angle: float = 0.0, background: bool = False) -> list:
    """Each shape (of the background ones, or of the rest), filled and outlined in its
    colours, with its text."""
    out = []
    for s in face.shapes:
        if s.background != background:
            continue
        h = s.height if s.kind == "ellipse" and s.height else s.width
        attrs = {"fill": colour(s.color, style) if s.color != "none" else "none"}
        if s.border and s.border != "none":
            attrs.update(stroke=colour(s.border, style), stroke_width=SHAPE_BORDER)
            if s.dashed:
                attrs["stroke_dasharray"] = SHAPE_DASH
        out.append(svg.path(_shape_outline(s.kind, s.x, s.y, s.width, h), **attrs))
        if s.text:
            ink = style.color("text_on_dark") if s.color not in ("white", "none", "yellow") else style.color("text")
            size = fit_size(s.text, s.width * 0.8, s.width * 0.45, "bold")
            out.append(svg.text(s.text, (s.x, s.y), size, style, weight="bold", color=ink, angle=angle))
    return out


def tunnel_portals(face: TileFace, style: Style) -> list:
    """An arch over the track where it leaves by a tunnel edge: a dark half-ring whose
    open side faces the edge, as a tunnel mouth is drawn on a map."""
    out = []
    for edge in face.tunnels:
        mid = scale(direction(edge), APOTHEM - PORTAL_DEPTH)
        inward = unit(scale(direction(edge), -1.0))
        across = (-inward[1], inward[0])
        out.append(svg.path(_arch(mid, inward, across, PORTAL_WIDTH / 2), fill=style.color("tunnel"),
                            stroke=style.color("outline"), stroke_width=PORTAL_STROKE, fill_rule="evenodd"))
    return out


def _arch(mid: Point, inward: Point, across: Point, r: float) -> tuple:
    """A horseshoe: two legs from the edge side up to a round top toward the centre."""
    points = []
    for k in range(13):
        t = math.pi * k / 12
        points.append(add(mid, add(scale(across, r * math.cos(t)), scale(inward, PORTAL_DEPTH * math.sin(t)))))
    outer_feet = [add(points[-1], scale(inward, -PORTAL_DEPTH)), add(points[0], scale(inward, -PORTAL_DEPTH))]
    hole = []
    for k in range(12, -1, -1):
        t = math.pi * k / 12
        hole.append(add(mid, add(scale(across, (r - 9) * math.cos(t)), scale(inward, (PORTAL_DEPTH - 7) * math.sin(t)))))
    hole_feet = [add(hole[-1], scale(inward, -PORTAL_DEPTH)), add(hole[0], scale(inward, -PORTAL_DEPTH))]
    return cmd.polygon(points + outer_feet) + cmd.polygon(hole_feet[::-1] + hole[::-1])


def bridges(face: TileFace, track, style: Style, ground_colour: str = "white") -> tuple[list, list]:
    """Where track crosses a water partition: the water broken under the track (drawn
    under the track) and two railings beside it (over it), so it reads as a bridge."""
    waters = [p for p in face.partitions if p.type in ("water", "river")]
    if not waters:
        return [], []
    from shapely.geometry import LineString  # where track crosses a river, as GEOS finds it

    gaps, out = [], []
    for p in waters:
        a, b = partition_line(p)
        river = LineString([a, b])
        along = unit(sub(b, a))
        for t in track:
            meet = linestring(t.segment).intersection(river)
            for point in getattr(meet, "geoms", [meet]):
                if point.is_empty or point.geom_type != "Point":
                    continue
                centre = (point.x, point.y)
                gap = BRIDGE_LENGTH / 2
                gaps.append(svg.line(add(centre, scale(along, -gap)), add(centre, scale(along, gap)),
                                     stroke=style.ground(ground_colour), stroke_width=BRIDGE_GAP_WIDTH,
                                     stroke_linecap="butt"))
                heading = _track_heading(t.segment, centre)
                side = (-heading[1], heading[0])
                for k in (-1, 1):
                    base = add(centre, scale(side, k * BRIDGE_SPAN))
                    p0, p1 = add(base, scale(heading, -gap * 0.7)), add(base, scale(heading, gap * 0.7))
                    flare0 = add(p0, add(scale(heading, -5), scale(side, k * 5)))
                    flare1 = add(p1, add(scale(heading, 5), scale(side, k * 5)))
                    out.append(svg.path(cmd.polyline([flare0, p0, p1, flare1]), fill="none",
                                        stroke=style.color("outline"), stroke_width=BRIDGE_RAIL))
    return gaps, out


def _track_heading(segment, point: Point) -> Point:
    from pnp.geometry.track import nearest_t

    return segment.tangent(nearest_t(segment, point))


def lane_widths(lanes: int, gap: float) -> list[tuple[float, bool]]:
    """Strokes drawn one over another to show `lanes` parallel rails on one centre line:
    (width, is_rail) from the widest down; rails and the gaps between them alternate."""
    total = lanes * TRACK_WIDTH + (lanes - 1) * gap
    out, width, rail = [], total, True
    while width > 0:
        out.append((width, rail))
        width -= 2 * (TRACK_WIDTH if rail else gap)
        rail = not rail
    return out


__all__ = ["ground", "face_shapes", "tunnel_portals", "bridges", "lane_widths"]
