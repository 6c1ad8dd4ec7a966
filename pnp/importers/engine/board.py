"""The engine's `HEXES`, `LOCATION_NAMES`, `LAYOUT` and `AXES` as pnp's `map.yaml`,
and its `TILES` (through the tile library of `config/tile.rb`) as `tiles.yaml`.

Every hex and every tile keeps the engine's code as `code:`, cut to what pnp prints
(`codes.printable`); what is cut goes to the report.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.importers.engine.codes import printable
from pnp.importers.engine.games import EngineGame
from pnp.importers.maker_report import Report

# Engine colours pnp does not have, and what they print as (a decision the report names).
HEX_COLOURS = {"white": "white", "yellow": "yellow", "green": "green", "brown": "brown", "gray": "gray",
               "red": "red", "blue": "blue", "sepia": "gray", "gray60": "gray", "gray50": "gray", "gray40": "gray",
               "purple": "red", "orange": "red", "salmon": "red", "pink": "red", "navy": "blue",
               "greenbrown": "green", "browngray": "brown", "brownsepia": "brown", "none": "white"}
TILE_COLOURS = dict(HEX_COLOURS, none="gray", white="yellow")
# An "unlimited" tile prints as many copies as the most numerous limited tile of its
# colour in the game, or this many where the game limits none of that colour.
UNLIMITED_TILES_DEFAULT = 10
LABEL_SIZE = "3mm"  # a box off the grid printed as a map label (1848's BOE Payout)


@dataclass
class Board:
    data: dict
    hexes: int  # map hexes written
    source_hexes: int  # coordinates in HEXES (without :empty)
    coordinates: set[str] = field(default_factory=set)
    renamed: dict[str, str] = field(default_factory=dict)  # engine coordinate -> printed one


@dataclass
class TileSet:
    manifest: dict[str, int] = field(default_factory=dict)
    tiles: list[dict] = field(default_factory=list)
    unlimited: dict[str, int] = field(default_factory=dict)  # tile id -> printed count
    optional: dict[str, list[str]] = field(default_factory=dict)  # tile id -> the optional rules it belongs to
    source_pieces: int = 0  # sum of the limited counts in TILES

    @property
    def pieces(self) -> int:
        return sum(self.manifest.values())


def convert_board(game: EngineGame, library: dict[str, tuple[str, str]], report: Report) -> Board | None:
    hexes = game.const("HEXES")
    if not isinstance(hexes, dict) or not hexes:
        report.lost("map", "HEXES is not a literal the importer can read (see Computed by code)" if game.defines("HEXES")
                    else "the game has no HEXES in these files")
        return None
    names = game.const("LOCATION_NAMES", {}) or {}
    if not isinstance(names, dict):
        names = {}
    layout = str(game.const("LAYOUT") or "pointy")
    axes = game.const("AXES")
    if not isinstance(axes, dict):
        axes = {"x": "letter", "y": "number"} if layout == "flat" else {"x": "number", "y": "letter"}
    letters = "columns" if str(axes.get("x")) == "letter" else "rows"
    entries: list[dict] = []
    seen: set[str] = set()
    source = 0
    for colour, group in hexes.items():
        if not isinstance(group, dict):
            report.lost(f"map.{colour}", "not a hash of coordinates to codes")
            continue
        if str(colour) == "empty":
            continue
        printed_colour = HEX_COLOURS.get(str(colour))
        if printed_colour is None:
            report.lost(f"map.{colour}", f"hex colour '{colour}' is not one pnp knows; printed white")
            printed_colour = "white"
        elif printed_colour != str(colour):
            report.note(f"map.{colour}", f"hex colour '{colour}' printed {printed_colour}")
        for coords, code in group.items():
            coords = [coords] if isinstance(coords, str) else list(coords)
            source += len(coords)
            fresh = [c for c in coords if c not in seen]
            for c in coords:
                if c in seen:
                    report.lost(f"map.hexes ({c})", "given twice in HEXES; the first is printed")
            if not fresh:
                continue
            seen.update(fresh)
            if not isinstance(code, str):
                report.lost(f"map.hexes ({fresh[0]})", "its code is not a string")
                code = ""
            if code in library and code not in ("", "blank"):  # a library tile pre-printed on the map
                code = library[code][1]
            kept, lost = printable(code)
            for part in lost:
                report.lost(f"map.hexes ({', '.join(fresh)})", f"`{part}`")
            for group_coords in _by_name(fresh, names):
                entry: dict = {"at": group_coords if len(group_coords) > 1 else group_coords[0]}
                if printed_colour != "white":
                    entry["color"] = printed_colour
                name = names.get(group_coords[0])
                if isinstance(name, str) and name:
                    entry["name"] = name
                if kept:
                    entry["code"] = kept
                entries.append(entry)
    coordinates = {"orientation": layout if layout in ("flat", "pointy") else "pointy", "letters": letters}
    renamed = _rename(seen, coordinates, report)
    entries = _on_grid(entries, renamed, coordinates, report)
    printed = {c for e in entries for c in ([e["at"]] if isinstance(e["at"], str) else e["at"])}
    labels = coordinates.pop("_labels", [])
    data = {"coordinates": coordinates, "hexes": entries}
    if labels:
        data["decorations"] = {"labels": labels}
    return Board(data, len(printed), source, printed, renamed)


def _rename(coords: set[str], coordinates: dict, report: Report) -> dict[str, str]:
    """The engine names the column (or row) before A with a lower-case `a` (18GB);
    pnp calls it `@`."""
    renamed = {}
    for c in sorted(coords):
        if c[:1] == "a" and c[1:].lstrip("-").isdigit():
            renamed[c] = "@" + c[1:]
    if renamed:
        coordinates["first_letter"] = "@"
        report.note("map", f"the engine's {', '.join(sorted(renamed))} print as "
                           f"{', '.join(renamed[c] for c in sorted(renamed))} (pnp names the line before A '@')")
    return renamed


def _on_grid(entries: list[dict], renamed: dict, coordinates: dict, report: Report) -> list[dict]:
    """Renamed coordinates, and hexes off the map's grid (the engine draws a few boxes,
    such as 1848's BOE payout, between grid positions) left out and reported."""
    from pnp.model.map import Coordinates

    grid = Coordinates(letters=coordinates["letters"], first_letter=coordinates.get("first_letter", "A"))
    parity: dict[str, int | None] = {}
    for entry in entries:
        for c in [entry["at"]] if isinstance(entry["at"], str) else entry["at"]:
            try:
                pos = grid.parse(renamed.get(c, c))
                parity[c] = (pos.col + pos.row) % 2
            except ValueError:
                parity[c] = None
    counts = [sum(1 for p in parity.values() if p == k) for k in (0, 1)]
    usual = 0 if counts[0] >= counts[1] else 1
    out = []
    for entry in entries:
        at = [entry["at"]] if isinstance(entry["at"], str) else entry["at"]
        kept = []
        for c in at:
            if parity[c] is None:
                report.lost(f"map.hexes ({c})", "not a coordinate pnp can read; not printed")
            elif parity[c] != usual:
                label = off_grid_label(entry, renamed.get(c, c))
                if label:
                    coordinates.setdefault("_labels", []).append(label)
                    report.note(f"map.hexes ({c})", "lies between the map's hex positions (the engine draws it as a "
                                                    f"box off the grid); printed as a map label there: '{label['text']}'")
                else:
                    report.lost(f"map.hexes ({c})", "lies between the map's hex positions (the engine draws it as a "
                                                    "box off the grid) and says nothing a label could; not printed")
            else:
                kept.append(renamed.get(c, c))
        if kept:
            out.append({**entry, "at": kept if len(kept) > 1 else kept[0]})
    return out


def off_grid_label(entry: dict, at: str) -> dict | None:
    """A box the engine draws between hex positions (1848's BOE Payout) as a map label:
    its name and its revenue by phase (`offboard=revenue:yellow_0|green_100|...`)."""
    import re

    match = re.search(r"revenue:([^;,]+)", entry.get("code", ""))
    values = []
    for part in match.group(1).split("|") if match else ():
        colour, _, value = part.rpartition("_")
        values.append(f"{value} ({colour})" if colour else value)
    text = " ".join(filter(None, [entry.get("name"), " / ".join(values)]))
    return {"text": text, "at": at, "size": LABEL_SIZE, "italic": False} if text else None


def _by_name(coords: list[str], names: dict) -> list[list[str]]:
    """Coordinates that share a code but not a name print as separate entries."""
    groups: dict[object, list[str]] = {}
    for c in coords:
        groups.setdefault(names.get(c), []).append(c)
    return list(groups.values())


def convert_tiles(game: EngineGame, library: dict[str, tuple[str, str]], report: Report) -> TileSet:
    result = TileSet()
    tiles = game.const("TILES")
    if not isinstance(tiles, dict):
        report.lost("tiles", "TILES is not a literal the importer can read (see Computed by code)"
                    if game.defines("TILES") else "the game has no TILES in these files")
        return result
    unlimited: list[tuple[str, str]] = []
    for name, spec in tiles.items():
        tile_id = str(name)
        where = f"tiles.{tile_id}"
        if isinstance(spec, dict):
            count, colour, code = spec.get("count", 1), spec.get("color"), spec.get("code")
            if code is None and tile_id in library:
                colour, code = colour or library[tile_id][0], library[tile_id][1]
        else:
            count = spec
            if tile_id not in library:
                report.lost(where, "not in the tile library (config/tile.rb); not printed")
                continue
            colour, code = library[tile_id]
        if not isinstance(code, str) or colour is None:
            report.lost(where, "no code or colour for this tile; not printed")
            continue
        printed_colour = TILE_COLOURS.get(str(colour))
        if printed_colour is None:
            report.lost(where, f"tile colour '{colour}' unknown to pnp; printed gray")
            printed_colour = "gray"
        elif printed_colour != str(colour):
            report.note(where, f"tile colour '{colour}' printed {printed_colour}")
        kept, lost = printable(code)
        for part in lost:
            report.lost(where, f"`{part}`")
        result.tiles.append({"id": tile_id, "color": printed_colour, **({"code": kept} if kept else {})})
        if count == "unlimited":
            unlimited.append((tile_id, printed_colour))
            result.manifest[tile_id] = 0
        elif isinstance(count, int) and not isinstance(count, bool) and count >= 0:
            result.manifest[tile_id] = count
            result.source_pieces += count
        else:
            report.lost(where, f"count {count!r} is not a number; one printed")
            result.manifest[tile_id] = 1
    for tile_id, colour in unlimited:
        limited = [result.manifest[t["id"]] for t in result.tiles
                   if t["color"] == colour and t["id"] not in dict(unlimited)]
        printed = max(limited, default=0) or UNLIMITED_TILES_DEFAULT
        result.manifest[tile_id] = printed
        result.unlimited[tile_id] = printed
        report.note(f"tiles.{tile_id}", f"unlimited in the game; {printed} printed (as many as the most numerous "
                                        f"limited {colour} tile, or {UNLIMITED_TILES_DEFAULT})")
    result.manifest = {k: v for k, v in result.manifest.items()}
    return result


__all__ = ["convert_board", "convert_tiles", "Board", "TileSet", "UNLIMITED_TILES_DEFAULT"]
