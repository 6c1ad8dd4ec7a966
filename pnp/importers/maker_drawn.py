"""What 18xx-maker draws freely on a hex, read as pnp's parts: hand-drawn track (its path
data read by `path_data`, traced like any other track), shapes and goods squares,
tunnel entrances, and an off-board revenue table.

Maker units: apothem 75, y down (see maker_geometry). pnp's hex units have a corner
radius of 100, so lengths scale by APOTHEM_PNP / 75.
"""

from __future__ import annotations

import math
import re

from pnp.geometry.hexagon import APOTHEM as APOTHEM_PNP
from pnp.importers.maker_geometry import APOTHEM, Unsupported, bearing, placement

TO_PNP = APOTHEM_PNP / APOTHEM


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


__all__ = ["own_colours", "shape", "tunnel_edge", "offboard_table", "TO_PNP"]
