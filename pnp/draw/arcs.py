"""SVG's endpoint arcs in the forms the writers draw them: the centre form (cairo
draws an arc about a centre) and cubic Béziers (a PDF has no arcs)."""

from __future__ import annotations

import math

QUARTER = math.pi / 2


def centre_form(x1, y1, rx, ry, phi, large, sweep, x2, y2) -> tuple | None:
    """(cx, cy, rx, ry, phi in radians, start angle, end angle) of an SVG endpoint arc
    from (x1, y1), by the centre parametrisation of the SVG specification (radii grown
    when too small to reach); None when the arc is a straight line (a zero radius) or
    nothing at all (the same point), told apart by the caller."""
    if (x1, y1) == (x2, y2) or rx == 0 or ry == 0:
        return None
    rx, ry = abs(rx), abs(ry)
    cos_p, sin_p = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos_p * dx + sin_p * dy, -sin_p * dx + cos_p * dy
    k2 = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if k2 > 1:
        rx, ry = rx * math.sqrt(k2), ry * math.sqrt(k2)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    k = math.sqrt(max(0.0, num / den)) if den else 0.0
    if bool(large) == bool(sweep):
        k = -k
    cxp, cyp = k * rx * yp / ry, -k * ry * xp / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2
    a1 = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    a2 = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx)
    if sweep and a2 < a1:
        a2 += 2 * math.pi
    elif not sweep and a2 > a1:
        a2 -= 2 * math.pi
    return cx, cy, rx, ry, math.radians(phi), a1, a2


def beziers(cx, cy, rx, ry, phi, a1, a2) -> list[tuple[float, ...]]:
    """The arc about (cx, cy) from angle a1 to a2 (radians, y down, increasing angles
    turn clockwise on screen as in cairo) as cubic Béziers of at most a quarter turn
    each, (x1, y1, x2, y2, x, y) each: within 0.03 % of the radius of the true arc."""
    turn = a2 - a1
    count = max(1, math.ceil(abs(turn) / QUARTER - 1e-9))
    step = turn / count
    h = 4 / 3 * math.tan(step / 4)
    cos_p, sin_p = math.cos(phi), math.sin(phi)

    def point(ux: float, uy: float) -> tuple[float, float]:
        x, y = rx * ux, ry * uy
        return cx + cos_p * x - sin_p * y, cy + sin_p * x + cos_p * y

    out = []
    t = a1
    c0, s0 = math.cos(t), math.sin(t)
    for k in range(1, count + 1):
        t = a1 + step * k
        c1, s1 = math.cos(t), math.sin(t)
        out.append((*point(c0 - h * s0, s0 + h * c0), *point(c1 + h * s1, s1 - h * c1), *point(c1, s1)))
        c0, s0 = c1, s1
    return out
