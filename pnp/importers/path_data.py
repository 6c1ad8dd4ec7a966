"""SVG path data as 18xx-maker writes hand-drawn track (`"path": "M 0 75 C ..."`), read
when a game is imported: the points along it, curves sampled. The only path-data
reader in pnp: pnp's own drawings are built from structured commands
(`pnp.draw.shapes`) and never hold path text."""

from __future__ import annotations

import math
import re

from pnp.geometry.hexagon import Point
from pnp.importers.maker_geometry import Unsupported

CURVE_STEPS = 16

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqAaZz]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?")
_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "a": 7, "z": 0}


def path_points(d: str) -> list[Point]:
    """The points along SVG path data (M, L, H, V, C, S, Q, A and Z, absolute or
    relative), curves sampled; one polyline, as 18xx-maker's custom track is one line."""
    tokens = _TOKEN.findall(d)
    if not tokens or not tokens[0].isalpha():
        raise Unsupported(f"hand-drawn track '{d[:30]}'")
    points: list[Point] = []
    pos = (0.0, 0.0)
    start = pos
    last_control = None
    i = 0
    command = ""
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "zZ":
                points.append(start)
                pos = start
                continue
        n = _ARITY[command.lower()]
        try:
            args = [float(t) for t in tokens[i:i + n]]
        except ValueError:
            raise Unsupported(f"hand-drawn track '{d[:30]}'") from None
        if len(args) < n:
            raise Unsupported(f"hand-drawn track '{d[:30]}'")
        i += n
        rel = command.islower()
        kind = command.lower()
        ox, oy = pos if rel else (0.0, 0.0)
        if kind == "m":
            pos = (ox + args[0], oy + args[1])
            start = pos
            points.append(pos)
            command = "l" if rel else "L"  # further pairs are lines
            continue
        if kind == "l":
            pos = (ox + args[0], oy + args[1])
            points.append(pos)
        elif kind == "h":
            pos = ((ox if rel else 0.0) + args[0], pos[1])
            points.append(pos)
        elif kind == "v":
            pos = (pos[0], (oy if rel else 0.0) + args[0])
            points.append(pos)
        elif kind in "cs":
            if kind == "c":
                c1 = (ox + args[0], oy + args[1])
                c2, end = (ox + args[2], oy + args[3]), (ox + args[4], oy + args[5])
            else:
                c1 = (2 * pos[0] - last_control[0], 2 * pos[1] - last_control[1]) if last_control else pos
                c2, end = (ox + args[0], oy + args[1]), (ox + args[2], oy + args[3])
            points += _cubic(pos, c1, c2, end)
            last_control, pos = c2, end
            continue
        elif kind == "q":
            control, end = (ox + args[0], oy + args[1]), (ox + args[2], oy + args[3])
            c1 = (pos[0] + 2 / 3 * (control[0] - pos[0]), pos[1] + 2 / 3 * (control[1] - pos[1]))
            c2 = (end[0] + 2 / 3 * (control[0] - end[0]), end[1] + 2 / 3 * (control[1] - end[1]))
            points += _cubic(pos, c1, c2, end)
            pos = end
        elif kind == "a":
            end = (ox + args[5], oy + args[6])
            points += _arc(pos, args[0], args[1], args[2], bool(args[3]), bool(args[4]), end)
            pos = end
        last_control = None
    return points


def _cubic(p0: Point, p1: Point, p2: Point, p3: Point) -> list[Point]:
    out = []
    for k in range(1, CURVE_STEPS + 1):
        t = k / CURVE_STEPS
        u = 1 - t
        out.append((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]))
    return out


def _arc(p0: Point, rx: float, ry: float, phi_deg: float, large: bool, sweep: bool, p1: Point) -> list[Point]:
    """An SVG elliptical arc from p0 to p1, sampled (SVG 1.1 appendix F.6)."""
    if p0 == p1:
        return []
    if rx == 0 or ry == 0:
        return [p1]
    rx, ry = abs(rx), abs(ry)
    phi = math.radians(phi_deg)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    x1, y1 = cos * dx + sin * dy, -sin * dx + cos * dy
    grow = (x1 / rx) ** 2 + (y1 / ry) ** 2
    if grow > 1:
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    k = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cx1, cy1 = k * rx * y1 / ry, -k * ry * x1 / rx
    cx = cos * cx1 - sin * cy1 + (p0[0] + p1[0]) / 2
    cy = sin * cx1 + cos * cy1 + (p0[1] + p1[1]) / 2
    a0 = math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
    a1 = math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx)
    delta = a1 - a0
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    out = []
    for step in range(1, CURVE_STEPS + 1):
        a = a0 + delta * step / CURVE_STEPS
        x, y = rx * math.cos(a), ry * math.sin(a)
        out.append((cos * x - sin * y + cx, sin * x + cos * y + cy))
    out[-1] = p1
    return out


__all__ = ["path_points"]
