"""JSON Schema for every data file of a game folder.

Files the loader reads into one model start from that model's schema (its
field names, types, bounds and descriptions are what people type there); wherever the
loader accepts a compact form the model does not hold (tile faces, market cells, a bare
`on:` key), the schema of the typed form replaces the model's. `tiles.yaml` and the
placements examples are read without a single model; their schemas are written here.
"""

from __future__ import annotations

import copy
from functools import cache

import msgspec

from pnp.compose import LayoutFile
from pnp.model.company import CompaniesFile, PrivatesFile
from pnp.model.game import GameInfo
from pnp.model.map import MapFile
from pnp.model.rules import CardsFile, Market, PhasesFile, TrainsFile
from pnp.model.section import SectionFile
from pnp.schema.face import HEX, SECTION_HEX, TILE

DIALECT = "http://json-schema.org/draft-07/schema#"
BASE_ID = "https://pnp.invalid/schema/"  # a name only: the schemas are files, nothing is fetched

# Model definitions whose typed form the loader fills from a compact one people type.
FACE_DEFS = {"HexEntry": HEX, "SectionHex": SECTION_HEX, "Tile": TILE}

MARKET_CELL = {
    "description": "A space: its value, then the letters of the zones it is in (70p); \"\" or null is no space.",
    "anyOf": [{"type": "integer"}, {"type": "string", "pattern": "^([0-9]+[A-Za-z]*)?$"}, {"type": "null"}],
}


def _inline_refs(schema: dict) -> dict:
    """draft-07 editors and validators handle `$ref` with siblings poorly: a field with a
    description is `{"$ref": ..., "description": ...}`; wrap such refs in allOf. And
    draft-07 writes a fixed-length array's items as a list, not `prefixItems`."""
    def walk(node):
        if isinstance(node, dict):
            if "$ref" in node and len(node) > 1:
                ref = node.pop("$ref")
                node["allOf"] = [{"$ref": ref}]
            if "prefixItems" in node:
                closed = node.get("items") is False
                node["items"] = node.pop("prefixItems")
                if closed:
                    node["additionalItems"] = False
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(schema)
    return schema


def _custom(kind) -> dict:
    """The schema of a type that reads its value itself (`Text`, `Length`): its SCHEMA."""
    schema = getattr(kind, "SCHEMA", None)
    if schema is None:
        raise NotImplementedError(kind)
    return copy.deepcopy(schema)


def model_schema(model, title: str, description: str) -> dict:
    (ref,), defs = msgspec.json.schema_components([model], schema_hook=_custom, ref_template="#/definitions/{name}")
    top = defs.pop(ref["$ref"].rsplit("/", 1)[-1])
    for name, replacement in FACE_DEFS.items():
        if name in defs:
            defs[name] = copy.deepcopy(replacement)
    schema = {"$schema": DIALECT, **top, "title": title, "description": description}
    if defs:
        schema["definitions"] = defs
    return _inline_refs(schema)


def _drop_internal(schema: dict) -> dict:
    """Definitions the compact forms replaced and nothing refers to any more."""
    defs = schema.get("definitions", {})
    while True:
        text = repr({k: v for k, v in schema.items() if k != "definitions"}) + repr(defs)
        unused = [name for name in defs if f"#/definitions/{name}'" not in text]
        if not unused:
            return schema
        for name in unused:
            del defs[name]


def _phases(schema: dict) -> dict:
    phase = schema["definitions"]["Phase"]
    phase["properties"]["on"]["description"] = "The train whose first purchase starts the phase."
    return schema


def _market(schema: dict) -> dict:
    schema["properties"]["rows"] = {
        "type": "array", "minItems": 1, "items": {"type": "array", "items": MARKET_CELL},
        "description": "Rows of spaces, top to bottom, left to right.",
    }
    return schema


def _cards(schema: dict) -> dict:
    table = schema["definitions"].get("Table")
    if table:  # a cell is a text (as a column's head is), or a number or nothing, printed as text
        text = table["properties"]["columns"]["items"]
        table["properties"]["rows"] = {"type": "array", "items": {"type": "array", "items": {
            "anyOf": [text, {"type": ["number", "null"]}]}}}
    return schema


TILES_FILE = {
    "$schema": DIALECT,
    "title": "tiles.yaml",
    "description": "A game's tile manifest (tile id -> count) and its own tiles.",
    "type": "object",
    "properties": {
        "manifest": {"type": "object", "minProperties": 1, "description": "Tile id -> how many are printed.",
                     "additionalProperties": {"type": "integer", "minimum": 0}},
        "tiles": {"type": "array", "items": {"$ref": "#/definitions/Tile"},
                  "description": "The game's own tiles; a game's tile may reuse a library number."},
        "notes": {"type": ["string", "null"]},
        "decisions": {"type": "object"},
    },
    "required": ["manifest"],
    "additionalProperties": False,
    "definitions": {"Tile": TILE},
}

LIBRARY_FILE = {
    "$schema": DIALECT,
    "title": "tile library file",
    "description": "Standard numbered tiles shared by all games (data/tiles/*.yaml).",
    "type": "object",
    "properties": {"tiles": {"type": "array", "items": {"$ref": "#/definitions/Tile"}},
                   "notes": {"type": ["string", "null"]}},
    "additionalProperties": False,
    "definitions": {"Tile": TILE},
}

PLACEMENT = {
    "oneOf": [
        {"type": "object", "required": ["hex", "tile"], "additionalProperties": False,
         "description": "A tile laid on a hex, turned `rotation` steps of 60 degrees clockwise.",
         "properties": {"hex": {"type": "string"}, "tile": {"type": ["string", "integer"]},
                        "rotation": {"type": "integer", "minimum": 0, "maximum": 5}}},
        {"type": "object", "required": ["hex", "token"], "additionalProperties": False,
         "description": "A company's station token in a city of the hex (`city`: which, counting from 0).",
         "properties": {"hex": {"type": "string"}, "token": {"type": "string"},
                        "city": {"type": "integer", "minimum": 0}}},
    ],
}

PLACEMENTS_FILE = {
    "$schema": DIALECT,
    "title": "placements example",
    "description": "Tiles and tokens to preview on the map (pnp map --placements FILE).",
    "anyOf": [
        {"type": "object", "required": ["placements"], "additionalProperties": False,
         "properties": {"placements": {"type": "array", "items": PLACEMENT}, "title": {"type": "string"},
                        "notes": {"type": ["string", "null"]}}},
        {"type": "array", "items": PLACEMENT},
    ],
}


@cache
def schemas() -> dict[str, dict]:
    """File kind -> its schema. Kinds are the file names of a game folder (`map.yaml`), or
    a folder's files (`sections/*.yaml`). Made once: do not change what it returns."""
    out = {
        "game.yaml": model_schema(GameInfo, "game.yaml", "What the game is: title, designer, orientation, "
                                                         "currency, colours, terms, rules."),
        "tiles.yaml": copy.deepcopy(TILES_FILE),
        "map.yaml": model_schema(MapFile, "map.yaml", "The map: coordinates, hexes, variants, decorations."),
        "market.yaml": _market(model_schema(Market, "market.yaml", "The stock market.")),
        "companies.yaml": model_schema(CompaniesFile, "companies.yaml", "The companies and their shares."),
        "privates.yaml": model_schema(PrivatesFile, "privates.yaml", "The private companies."),
        "trains.yaml": model_schema(TrainsFile, "trains.yaml", "The trains."),
        "phases.yaml": _phases(model_schema(PhasesFile, "phases.yaml", "The phases.")),
        "cards.yaml": _cards(model_schema(CardsFile, "cards.yaml", "The game's extra cards.")),
        "sections/*.yaml": model_schema(SectionFile, "map section", "One map section (18-XY)."),
        "layouts/*.yaml": model_schema(LayoutFile, "map layout", "Map sections put together (pnp compose)."),
        "examples/*.yaml": copy.deepcopy(PLACEMENTS_FILE),
        "library/*.yaml": copy.deepcopy(LIBRARY_FILE),
    }
    return {kind: _drop_internal(schema) for kind, schema in out.items()}
