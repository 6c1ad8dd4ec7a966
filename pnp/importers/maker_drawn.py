"""What 18xx-maker draws freely on a hex, read as pnp's parts: hand-drawn track (SVG path
data, sampled to points and traced like any other track), shapes and goods squares,
tunnel entrances, and an off-board revenue table.

Maker units: apothem 75, y down (see maker_geometry). pnp's hex units have a corner
radius of 100, so lengths scale by APOTHEM_PNP / 75.
"""

from __future__ import annotations

import math
import re

from pnp.geometry.hexagon import APOTHEM as APOTHEM_PNP, Point
from pnp.importers.maker_geometry import APOTHEM, Unsupported, bearing, placement

TO_PNP = APOTHEM_PNP / APOTHEM
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


# --- shapes, goods, tunnel entrances, off-board tables ------------------------------

MAKER_SHAPES = {"circle": "circle", "ellipse": "ellipse", "square": "square", "diamond": "diamond",
                "hexagon": "hexagon", "triangle": "triangle", "star": "star"}
DEFAULT_SHAPE_WIDTH = 50.0  # 18xx-maker's size when none is given
GOODS_WIDTH = 40.0


def shape(item: dict, kind: str | None = None, fill: str = "none", border: str = "black",
          background: bool = False) -> dict:
    """One 18xx-maker shape (or goods square) as pnp's: centre and size in hex units."""
    kind = kind or MAKER_SHAPES.get(str(item.get("type")))
    if kind is None:
        raise Unsupported(f"shape '{item.get('type')}'")
    x, y = placement(item).origin
    width = float(item.get("width") or (GOODS_WIDTH if kind == "square" and fill == "white" else DEFAULT_SHAPE_WIDTH))
    out: dict = {"kind": kind, "x": round(x * TO_PNP, 1), "y": round(y * TO_PNP, 1), "width": round(width * TO_PNP, 1)}
    if kind == "ellipse" and item.get("height"):
        out["height"] = round(float(item["height"]) * TO_PNP, 1)
    out["color"] = str(item.get("color") or fill)
    out["border"] = str(item.get("borderColor") or border)
    if item.get("text") not in (None, ""):
        out["text"] = str(item["text"])
    if item.get("background") or background:
        out["background"] = True
    if item.get("dashed"):
        out["dashed"] = True
    return out


VALUE_WIDTH = 28.0  # a revenue circle's, hex units


def value_circle(item: dict) -> dict:
    """A value printed where 18xx-maker prints it, in a revenue circle, when no station
    or icon takes it."""
    x, y = placement(item).origin
    return {"kind": "circle", "x": round(x * TO_PNP, 1), "y": round(y * TO_PNP, 1), "width": VALUE_WIDTH,
            "color": "white", "border": "black", "text": str(item["value"])}


def tunnel_edge(item: dict) -> int:
    """The edge a tunnel entrance sits on: it must be on the rim, facing an edge."""
    origin = placement(item).origin
    if math.hypot(*origin) < APOTHEM * 0.8:
        raise Unsupported("a tunnel entrance inside the hex")
    return round(bearing(origin) / 60.0) % 6


def offboard_table(table: dict) -> tuple[dict, str | None]:
    """An off-board revenue table: the revenue by phase (phase name -> value) and the
    place name printed with it."""
    revenues = {}
    for row in table.get("revenues") or ():
        phase = str(row.get("phase") or row.get("color") or "").strip()
        value = str(row.get("cost", row.get("value", ""))).strip().lstrip("$")
        if not phase or not value.lstrip("-").isdigit():
            raise Unsupported("an off-board revenue table row without a phase and a whole number")
        revenues[phase] = int(value)
    if not revenues:
        raise Unsupported("an empty off-board revenue table")
    name = table.get("name")
    if isinstance(name, dict):
        name = name.get("name")
    return revenues, (" ".join(str(name).split()) if name else None)


COLOURED_PARTS = ("track", "shapes", "goods")
COLOUR_KEYS = ("color", "borderColor", "gaugeColor")


def own_colours(game: dict) -> dict:
    """A copy of the game whose hexes and tiles name their track, shape and goods colours
    by value where the game defines the name in its `colors` (a #rrggbb string)."""
    named = {k: v for k, v in (game.get("colors") or {}).items()
             if isinstance(k, str) and isinstance(v, str) and re.fullmatch(r"#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?", v)}
    if not named:
        return game

    def hex_(data):
        if not isinstance(data, dict):
            return data
        out = dict(data)
        for part in COLOURED_PARTS:
            if isinstance(out.get(part), list):
                out[part] = [{k: named.get(v, v) if k in COLOUR_KEYS and isinstance(v, str) else v
                              for k, v in item.items()} if isinstance(item, dict) else item for item in out[part]]
        return out

    game = dict(game)
    if isinstance(game.get("map"), dict) and isinstance(game["map"].get("hexes"), list):
        game["map"] = {**game["map"], "hexes": [hex_(h) for h in game["map"]["hexes"]]}
    if isinstance(game.get("tiles"), dict):
        game["tiles"] = {k: hex_(v) for k, v in game["tiles"].items()}
    return game


__all__ = ["own_colours", "path_points", "shape", "tunnel_edge", "offboard_table", "TO_PNP"]
