"""JSON Schema of what people type for a tile face (data/README.md, "A tile"): stops in
their one-key form (`{city: 20}`), track as chains of ends (`[0, s0, 3]`), terrain,
borders, or the 18xx.games `code:` instead. The model (pnp/model/tile.py) reads this
compact form into paths and typed stops; the schema describes the form itself."""

from __future__ import annotations

from pnp.model.face_parts import SHAPE_KINDS
from pnp.model.tile import BORDER_KINDS, COLOURS, GAUGE_ALIASES, STOP_KINDS, TERRAIN_KINDS

MAP_COLOURS = list(dict.fromkeys(list(COLOURS) + ["white", "red", "blue"]))

REVENUE = {
    "description": "A revenue: a number, two printed together ('30/50'), or a mapping phase -> value such as "
                   "{yellow: 20, brown: 40}.",
    "anyOf": [{"type": "integer"}, {"type": "string", "pattern": "^[0-9]+(/[0-9]+)+$"},
              {"type": "object", "minProperties": 1, "additionalProperties": {"type": "integer"}}],
}

AT = {
    "description": "Where the stop sits: an edge 0-5 (half-way toward it), a corner such as 2.5, or 'center'.",
    "anyOf": [{"const": "center"}, {"type": "number", "minimum": 0, "exclusiveMaximum": 6, "multipleOf": 0.5},
              {"type": "null"}],
}

STYLE = {"enum": ["bar", "dot", None], "description": "Draw a town or halt as a bar or a dot."}


def _stop(kind: str, value: dict, extra: dict, text: str) -> dict:
    return {
        "type": "object",
        "description": text,
        "required": [kind],
        "properties": {kind: value, "at": AT, **extra},
        "additionalProperties": False,
    }


STOP = {
    "description": "A stop, named by its kind and value in one key: {city: 20}, {town: 10}, {halt: £}, "
                   "{offboard: {yellow: 20, brown: 40}}, {junction: }.",
    "oneOf": [
        _stop("city", REVENUE, {"slots": {"type": "integer", "minimum": 0, "maximum": 9,
                                          "description": "Token slots (0-9)."},
                                "marks": {"type": "array", "items": {"anyOf": [
                                    {"type": ["string", "integer"]},
                                    {"type": "object", "additionalProperties": False,
                                     "properties": {"company": {"type": "string"},
                                                    "kind": {"enum": ["home", "destination"]},
                                                    "color": {"type": ["string", "null"]}}}]},
                                    "description": "Companies printed in its slots: TR, or {company: TR, kind: "
                                                   "destination}."},
                                "style": {"enum": ["pass", "boomtown", None],
                                          "description": "A mountain pass; a boomtown (the town it was, dashed)."}},
              "A city paying its revenue, with `slots` token slots."),
        _stop("town", REVENUE, {"style": {"enum": ["bar", "dot", "hidden", "boomtown", None],
                                          "description": "A bar or a dot; hidden; a boomtown (a dot in the dashed "
                                                         "ring of the city it becomes)."}},
              "A town: a bar on one or two tracks, a dot otherwise."),
        _stop("halt", {"type": ["string", "number", "null"], "description": "The symbol it shows (1860: £)."},
              {"style": STYLE}, "A halt: pays no revenue and shows its symbol."),
        _stop("offboard", REVENUE, {}, "An off-board area, usually paying by phase."),
        _stop("junction", {"type": "null"}, {}, "Track meeting without a station."),
    ],
}

END = {
    "description": "An edge 0-5 (0 bottom, clockwise) or a stop s0, s1, ... in the order of `stops`; "
                   "a chain may end in 'terminal' (an arrow off the map) and a gauge (narrow, dual, thin, future).",
    "anyOf": [{"type": "integer", "minimum": 0, "maximum": 5}, {"type": "string", "pattern": "^s[0-9]+$"},
              {"enum": ["terminal", *GAUGE_ALIASES]},
              {"type": "object", "additionalProperties": False,
               "description": "Last in a chain, how it is drawn: {color: white, tie_color: red} (rail and tie "
                              "colours), {bend: 5.5} (bows toward that side or corner), {lanes: 2} (parallel tracks).",
               "properties": {"color": {"type": ["string", "null"]}, "tie_color": {"type": ["string", "null"]},
                              "bend": AT, "lanes": {"type": "integer", "minimum": 1, "maximum": 6},
                              "width": {"type": ["number", "null"], "exclusiveMinimum": 0, "maximum": 2}}}],
}

TRACK = {
    "type": "array",
    "description": "Chains of ends: [0, s0, 3] is edge 0 to stop s0 and s0 to edge 3; [1, 4] plain track.",
    "items": {"type": "array", "minItems": 2, "items": END},
}

TERRAIN = {
    "type": "object",
    "description": "Terrain printed on the hex: what building there costs and its kind.",
    "required": ["cost"],
    "properties": {
        "cost": {"type": "integer", "minimum": 0},
        "type": {"anyOf": [
            {"type": "string", "pattern": f"^({'|'.join(TERRAIN_KINDS)})(\\|({'|'.join(TERRAIN_KINDS)}))*$"},
            {"type": "array", "items": {"enum": list(TERRAIN_KINDS)}}],
            "description": f"{', '.join(TERRAIN_KINDS)}; several as mountain|water."},
    },
    "additionalProperties": False,
}

BORDER = {
    "type": "object",
    "required": ["edge"],
    "properties": {"edge": {"type": "integer", "minimum": 0, "maximum": 5},
                   "type": {"enum": list(BORDER_KINDS)},
                   "cost": {"type": ["integer", "null"]}},
    "additionalProperties": False,
}

FACE_PROPERTIES = {
    "stops": {"type": "array", "items": STOP, "description": "The stops, numbered s0, s1, ... in order."},
    "track": TRACK,
    "label": {"type": ["string", "null"], "description": "A label such as B, OO, Y."},
    "terrain": {"anyOf": [TERRAIN, {"type": "null"}]},
    "borders": {"type": "array", "items": BORDER, "description": "Borders on the hex's sides."},
    "icons": {"type": "array", "description": "Pictures by name (port, mine ...): a name, or {name, at, large}.",
              "items": {"anyOf": [{"type": "string", "minLength": 1},
                                  {"type": "object", "required": ["name"], "additionalProperties": False,
                                   "properties": {"name": {"type": "string", "minLength": 1}, "at": AT,
                                                  "large": {"type": "boolean"},
                                                  "revenue": {"type": ["integer", "null"], "minimum": 0,
                                                              "description": "A bonus printed beside it."}}}]}},
    "frame": {"anyOf": [{"type": "object", "required": ["color"], "additionalProperties": False,
                         "properties": {"color": {"type": "string"}, "color2": {"type": ["string", "null"]}}},
                        {"type": "null"}], "description": "A coloured band round the inside of the hex."},
    "stripes": {"type": ["string", "null"], "description": "A colour the ground is striped with."},
    "partitions": {"type": "array", "description": "Lines across the hex between points of its rim.",
                   "items": {"type": "object", "required": ["a", "b"], "additionalProperties": False,
                             "properties": {"a": {"type": "number", "minimum": 0, "exclusiveMaximum": 6},
                                            "b": {"type": "number", "minimum": 0, "exclusiveMaximum": 6},
                                            "type": {"type": "string"},
                                            "length": {"type": "number", "exclusiveMinimum": 0, "maximum": 1}}}},
    "future_label": {"anyOf": [{"type": "object", "required": ["label"], "additionalProperties": False,
                                "properties": {"label": {"type": "string"}, "color": {"type": ["string", "null"]}}},
                               {"type": "null"}], "description": "The label the hex takes once upgraded."},
    "stubs": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 5},
              "description": "Edges with a short piece of track ending in the open."},
    "tunnels": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 5},
                "description": "Edges where track enters a tunnel: a portal is drawn there."},
    "spurs": {"type": "array", "description": "Track from a stop ending in the open toward a side or corner.",
              "items": {"type": "object", "required": ["stop", "at"], "additionalProperties": False,
                        "properties": {"stop": {"type": "integer", "minimum": 0},
                                       "at": {"type": "number", "minimum": 0, "exclusiveMaximum": 6}}}},
    "shapes": {"type": "array", "description": "Shapes drawn on the face: goods squares, diamonds, circles.",
               "items": {"type": "object", "required": ["kind"], "additionalProperties": False,
                         "properties": {"kind": {"enum": list(SHAPE_KINDS)},
                                        "x": {"type": "number"}, "y": {"type": "number"},
                                        "width": {"type": "number"}, "height": {"type": ["number", "null"]},
                                        "color": {"type": "string"}, "border": {"type": ["string", "null"]},
                                        "text": {"type": ["string", "null"]}, "background": {"type": "boolean"},
                                        "dashed": {"type": "boolean"}}}},
    "code": {"type": "string", "description": "The face in the 18xx.games notation, instead of stops/track/label/"
                                              "terrain/borders: city=revenue:20;path=a:0,b:_0"},
}

TILE = {
    "type": "object",
    "description": "A numbered track tile.",
    "required": ["id", "color"],
    "properties": {
        "id": {"type": ["string", "integer"], "description": "The tile's number or name; quote numbers."},
        "color": {"enum": list(COLOURS), "description": "The tile's colour."},
        "color2": {"enum": [*COLOURS, None], "description": "A two-coloured tile's second colour (green/brown)."},
        **FACE_PROPERTIES,
        "upgrades": {"type": ["array", "null"], "items": {"type": ["string", "integer"]},
                     "description": "Tile ids that may replace it; without it pnp works them out."},
        "rotatable": {"type": "boolean", "description": "May be turned when laid (default true)."},
        "stage": {"type": ["string", "null"], "description": "Printed at the tile's left corner (18-XY)."},
        "flippable": {"type": "boolean", "description": "May also be laid face down, mirrored (⇄)."},
        "note": {"type": ["string", "null"]},
        "name": {"type": ["string", "null"], "description": "A place name printed on the tile (London)."},
    },
    "additionalProperties": False,
}

COORDINATE = {"type": "string", "pattern": "^[@A-Za-z]+[0-9]+$", "description": "A hex such as B4."}
SPOT = {  # a place inside a hex (model/map_marks.py)
    "toward": {"type": "number", "minimum": 0, "exclusiveMaximum": 6,
               "description": "Direction round the hex as for stops: edge 0 at 0, a corner at x.5."},
    "reach": {"type": "number", "minimum": 0, "maximum": 1.5,
              "description": "Share of the way from the centre to the rim (1: on the rim)."},
}

HEX = {
    "type": "object",
    "description": "One or more identical map hexes: where, their colour, name and printed face.",
    "required": ["at"],
    "properties": {
        "at": {"anyOf": [COORDINATE, {"type": "array", "minItems": 1, "items": COORDINATE}],
               "description": "A coordinate such as B4, or a list of them for identical hexes."},
        "color": {"anyOf": [{"enum": MAP_COLOURS}, {"type": "string", "minLength": 1, "maxLength": 40}],
                  "description": "white (default); red or blue off-board; yellow pre-printed; or a colour game.yaml's "
                                 "colors: names."},
        "name": {"type": ["string", "null"], "description": "The place's name, printed on the hex."},
        **FACE_PROPERTIES,
        "open_sides": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 5},
                       "description": "Sides printed without outline (two hexes printed as one area)."},
        "discs": {"type": "array", "description": "Tokens printed on the hex.", "items": {
            "type": "object", "additionalProperties": False, "properties": {
                **SPOT, "color": {"type": "string"}, "outline": {"type": "string"},
                "text": {"type": ["string", "null"], "minLength": 1, "maxLength": 80},
                "text_color": {"type": ["string", "null"]},
                "size": {"type": "number", "exclusiveMinimum": 0, "maximum": 1,
                         "description": "Diameter, a share of the hex's width across the flats."}}}},
        "costs": {"type": "array", "description": "Further costs inside the hex, each in its terrain's symbol.",
                  "items": {"type": "object", "required": ["cost"], "additionalProperties": False, "properties": {
                      **SPOT, "cost": {"type": "integer", "minimum": 0, "maximum": 9999},
                      "type": {"type": "string"}}}},
    },
    "additionalProperties": False,
}

SECTION_TERRAIN = {
    "description": "Terrain by type alone (hill, mountain|river: the cost is game.yaml's rules.terrain_costs), "
                   "or with its cost written out, which must agree.",
    "anyOf": [TERRAIN["properties"]["type"], {**TERRAIN, "required": []}, {"type": "null"}],
}

SECTION_HEX = {
    **HEX,
    "description": "A hex of a map section: like a map hex, and whether it is a city, a sight or a lake.",
    "properties": {
        **HEX["properties"],
        "terrain": SECTION_TERRAIN,
        "city": {"type": "boolean", "description": "A city hex: its station may be a home station."},
        "sight": {"type": ["string", "null"], "description": "A sight's name (pays the sight bonus)."},
        "lake": {"type": "boolean", "description": "A lake (blue, no track)."},
    },
}

__all__ = ["STOP", "TRACK", "TILE", "HEX", "SECTION_HEX", "STOP_KINDS"]
