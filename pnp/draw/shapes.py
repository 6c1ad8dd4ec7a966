"""Building transforms and path commands from geometry (points, lines, arcs)."""

from __future__ import annotations

import math

from pnp.draw.nodes import Command, Op


def translate(x: float, y: float = 0.0) -> Op:
    return ("translate", float(x), float(y))


def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Op:
    return ("rotate", float(degrees), float(cx), float(cy))


def scale(sx: float, sy: float | None = None) -> Op:
    return ("scale", float(sx), float(sx if sy is None else sy))


def move(p) -> Command:
    return ("M", float(p[0]), float(p[1]))


def line_to(p) -> Command:
    return ("L", float(p[0]), float(p[1]))


def arc_to(rx: float, ry: float, large: bool, sweep: bool, p, rotation: float = 0.0) -> Command:
    """An elliptical arc to p, SVG's endpoint form (`sweep` true: clockwise on screen)."""
    return ("A", float(rx), float(ry), float(rotation), int(bool(large)), int(bool(sweep)), float(p[0]), float(p[1]))


def curve_to(c1, c2, p) -> Command:
    return ("C", float(c1[0]), float(c1[1]), float(c2[0]), float(c2[1]), float(p[0]), float(p[1]))


CLOSE: Command = ("Z",)


def polygon(pts) -> tuple[Command, ...]:
    """A closed polygon: one move, lines, close."""
    head, *rest = list(pts)
    return (move(head), *(line_to(p) for p in rest), CLOSE)


def polyline(pts) -> tuple[Command, ...]:
    head, *rest = list(pts)
    return (move(head), *(line_to(p) for p in rest))


def segments(pairs) -> tuple[Command, ...]:
    """Separate straight segments ((a, b), ...) as one path."""
    out = []
    for a, b in pairs:
        out += [move(a), line_to(b)]
    return tuple(out)


def circle(cx: float, cy: float, r: float) -> tuple[Command, ...]:
    """A full circle as two half arcs (a cut line around a disc)."""
    return (move((cx - r, cy)), arc_to(r, r, True, False, (cx + r, cy)), arc_to(r, r, True, False, (cx - r, cy)), CLOSE)


def box(x: float, y: float, w: float, h: float) -> tuple[Command, ...]:
    return (move((x, y)), line_to((x + w, y)), line_to((x + w, y + h)), line_to((x, y + h)), CLOSE)


def track(segments_, first: bool = True) -> tuple[Command, ...]:
    """Track segments (pnp.geometry.track Line and Arc) as path commands, each starting
    with a move to its own start."""
    out = []
    for s in segments_:
        out.append(move(s.start))
        if hasattr(s, "radius"):
            out.append(arc_to(s.radius, s.radius, abs(s.sweep) > math.pi, s.sweep > 0, s.end))
        elif hasattr(s, "c1"):  # a Bezier curve (bent track)
            out.append(curve_to(s.c1, s.c2, s.end))
        else:
            out.append(line_to(s.end))
    return tuple(out)


def quad_to(start, control, p) -> Command:
    """A quadratic Bezier from `start` as the cubic cairo and SVG both draw exactly."""
    c1 = (start[0] + 2 / 3 * (control[0] - start[0]), start[1] + 2 / 3 * (control[1] - start[1]))
    c2 = (p[0] + 2 / 3 * (control[0] - p[0]), p[1] + 2 / 3 * (control[1] - p[1]))
    return curve_to(c1, c2, p)


def rings(polygons) -> tuple[Command, ...]:
    """Every ring (outer and holes) of shapely polygons as closed polygons of one path."""
    out: list = []
    for poly in getattr(polygons, "geoms", [polygons]):
        for ring in [poly.exterior, *poly.interiors]:
            out += polygon(list(ring.coords)[:-1])
    return tuple(out)


def smooth_closed(pts) -> tuple[Command, ...]:
    """A closed Catmull-Rom curve through the points, as cubic Beziers."""
    n = len(pts)
    out = [move(pts[0])]
    for i in range(n):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        out.append(curve_to(c1, c2, p2))
    return (*out, CLOSE)


def rounded_box(x: float, y: float, w: float, h: float, r: float) -> tuple[Command, ...]:
    """A rectangle whose corners are quarter circles of radius r, clockwise from the top left."""
    x1, y1 = x + w, y + h
    return (move((x + r, y)), line_to((x1 - r, y)), arc_to(r, r, False, True, (x1, y + r)),
            line_to((x1, y1 - r)), arc_to(r, r, False, True, (x1 - r, y1)), line_to((x + r, y1)),
            arc_to(r, r, False, True, (x, y1 - r)), line_to((x, y + r)), arc_to(r, r, False, True, (x + r, y)), CLOSE)
