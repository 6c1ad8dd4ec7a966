"""Rails' tile definitions (`Tiles.xml`, from Marco Rocci's TileDesigner) read as tile
facts, to check our library against an independent source.

Rails numbers sides 0-5 clockwise from the top of a flat-topped tile; pnp counts from
the bottom, so Rails side s is pnp edge (s + 3) mod 6. A `Station` is a City (with
token slots), a Town, an OffMapCity or a pass; `Track` joins `sideN` or `cityK` ends.
The XML is refused if it declares a DTD or entities: nothing is expanded or fetched.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import PnpError
from pnp.importers.tile_facts import TileFacts, facts

STATION_KINDS = {"City": "city", "Town": "town", "OffMapCity": "offboard", "pass": "city"}


@dataclass(frozen=True)
class RailsTile:
    id: str
    colour: str
    facts: TileFacts


def read_rails_tiles(path: Path) -> dict[str, RailsTile]:
    text = Path(path).read_text(encoding="utf-8")
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise PnpError(f"{path}: refusing XML with a DTD or entity declarations")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise PnpError(f"{path}: not well-formed XML ({exc})") from None
    return {t.get("id"): _tile(t) for t in root.iter("Tile")}


def _tile(element) -> RailsTile:
    stations = element.findall("Station")
    index = {s.get("id"): i for i, s in enumerate(stations)}
    described = []
    for s in stations:
        kind = STATION_KINDS.get(s.get("type"), s.get("type"))
        slots = int(s.get("slots") or 1) if kind == "city" else 1
        described.append((kind, slots, int(s.get("value") or 0)))

    def end(name: str):
        if name.startswith("side"):
            return ("edge", (int(name[4:]) + 3) % 6)
        return ("stop", index[name])

    links = [(end(t.get("from")), end(t.get("to"))) for t in element.findall("Track")]
    return RailsTile(element.get("id"), element.get("colour"), facts(described, links))


__all__ = ["RailsTile", "read_rails_tiles"]
