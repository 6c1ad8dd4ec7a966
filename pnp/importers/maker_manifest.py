"""An 18xx-maker game's `tiles` as pnp's `tiles.yaml`: the manifest (tile id -> count)
and the game's own tiles.

A game lists a tile as `"57": 4` (a tile of 18xx-maker's library), as
`"2": {"tile": "57", "quantity": 2}` (its tile 2 is printed like library tile 57), or
with a whole definition. Library tiles that pnp's library holds (`data/tiles/`,
converted from 18xx-maker's by `maker_tiles`) are used as they are; a library tile pnp
left out (narrow gauge track, say) is read from 18xx-maker's library file as far as
pnp can print it and becomes one of the game's own tiles, as does every tile the game
defines. What could not be printed is reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from msgspec.structs import replace

from pnp.importers.maker_face import city_mark
from pnp.importers.maker_hex import brief, number, read_maker_hex
from pnp.importers.maker_mapmarks import names_on_disc, own_ground
from pnp.importers.maker_report import Report
from pnp.importers.maker_tiles import PREFERRED_ON_DUPLICATE, read_entries
from pnp.model.convert import Invalid, validate
from pnp.model.tile import TILE_COLOURS, Tile

UNLIMITED = "∞"
TILE_COLOUR_NEAR = {"grey": "gray", "russet": "brown", "lightlightGray": "gray", "lightGray": "gray",
                    "darkGray": "gray", "offboard": "red", "plain": "yellow"}
DEFINING_KEYS = {"color", "track", "cities", "towns", "centerTowns", "values", "labels", "offBoardTrack"}


@dataclass
class TilePaint:
    """The game's own colours (`colors:` in the game file) and the palette that resolves
    a colour name, for the game's tiles: a ground the game defines (21Moon's
    `lightlightGray` launch pads) and the tokens printed on a tile."""

    own: dict = field(default_factory=dict)
    palette: object = None
    grounds: dict[str, str] = field(default_factory=dict)  # written to game.yaml `colors:`

    def ground(self, colour, where: str) -> str | None:
        own = own_ground(colour, self.own, self.palette, where)
        if own is None:
            return None
        self.grounds[own[0]] = own[1]
        return own[0]

    def discs(self, discs: list[dict], where: str) -> list[dict]:
        if self.palette is None:
            return discs
        return [{**d, **{k: self.palette.resolve(d[k], where) for k in ("color", "outline", "text_color") if k in d}}
                for d in discs]


@dataclass
class TilesResult:
    manifest: dict[str, int] = field(default_factory=dict)
    own: list[Tile] = field(default_factory=list)
    paint: TilePaint = field(default_factory=TilePaint)

    @property
    def pieces(self) -> int:
        return sum(self.manifest.values())


def maker_library(folder: Path | None) -> dict[str, dict]:
    """18xx-maker's tile library by id (`tiles/*.json` in `folder`), or {} without it.
    Where an id appears twice, the converter's preferred colour wins, else the first."""
    if folder is None or not (Path(folder) / "tiles").is_dir():
        return {}
    out: dict[str, dict] = {}
    for entry in read_entries(Path(folder)):
        preferred = PREFERRED_ON_DUPLICATE.get(entry.source_id)
        if entry.source_id not in out or entry.data.get("color") == preferred:
            out[entry.source_id] = entry.data
    return out


def library_ids(library: dict[str, Tile]) -> dict[str, str]:
    """18xx-maker id -> pnp library id, for the variants the converter renamed
    (`511|Y` -> `511`, `202|A` -> `202-A`: the tile's note says so)."""
    prefix = "18xx-maker id "
    return {t.note[len(prefix):]: t.id for t in library.values() if t.note and t.note.startswith(prefix)}


def tile_count(value, report: Report | None = None, where: str = "") -> int:
    """How many of a tile the game prints: a number, or a definition's `quantity`
    (default 1); an unlimited tile (`"∞"`) prints its `print` count."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if not isinstance(value, dict):
        return 0
    quantity = value.get("quantity", 1)
    if quantity == UNLIMITED:
        printed = number(value.get("print"))
        if report is not None:
            report.note(where, f"unlimited in the game; {printed if printed is not None else 1} printed")
        return printed if printed is not None else 1
    count = number(quantity)
    return count if count is not None and count >= 0 else 1


def convert_tiles(game: dict, report: Report, *, library: dict[str, Tile], maker_tiles: dict[str, dict],
                  pointy: bool, palette=None) -> TilesResult:
    """The manifest and the game's own tiles; `palette` (maker_companies.Palette)
    resolves the colours of tokens printed on tiles and of grounds the game defines."""
    own = game.get("colors") if isinstance(game.get("colors"), dict) else {}
    out = TilesResult(paint=TilePaint(own, palette))
    renamed = library_ids(library)
    tiles = game.get("tiles") or {}
    if not isinstance(tiles, dict):
        report.lost("tiles", "not a mapping of tile ids; no tiles imported")
        return out
    for key, value in tiles.items():
        key = str(key)
        where = f"tiles.{key}"
        count = tile_count(value, report, where)
        definition = value if isinstance(value, dict) and DEFINING_KEYS & set(value) else None
        alias = value.get("tile") if isinstance(value, dict) and not definition else None
        if definition is not None:
            tile = _own_tile(_pnp_id(key, out, library, own=True), definition, report, where, pointy, paint=out.paint)
        elif alias is not None:
            tile = _aliased(key, str(alias), out, library, renamed, maker_tiles, report, where, pointy)
        else:
            tile = _library_tile(key, out, library, renamed, maker_tiles, report, where, pointy)
        if tile is None:
            continue
        if tile.id in out.manifest:
            report.lost(where, f"listed twice as {tile.id}; the counts are added")
            out.manifest[tile.id] += count
        else:
            out.manifest[tile.id] = count
        if tile.id not in library or library[tile.id] is not tile:
            out.own.append(tile)
    if game.get("upgrades"):
        report.lost("upgrades", "the game's upgrade lists (pnp works out upgrades from the tiles)")
    return out


def _pnp_id(maker_id: str, out: TilesResult, library: dict[str, Tile], own: bool = False) -> str:
    """pnp ids cannot hold `|`: `26|T2` becomes `26-T2` (or plain `26` for a game's own
    tile whose base number the game does not otherwise use)."""
    if "|" not in maker_id:
        return maker_id
    base, extra = maker_id.split("|", 1)
    taken = set(out.manifest)
    return base if own and base not in taken and base not in library else f"{base}-{extra}"


def _library_tile(key, out, library, renamed, maker_tiles, report, where, pointy) -> Tile | None:
    pnp_id = renamed.get(key, key)
    if pnp_id in library and "|" not in pnp_id:
        return library[pnp_id]
    raw = maker_tiles.get(key)
    if raw is None and "|" in key:
        base = key.split("|", 1)[0]
        if base in library:
            report.note(where, f"18xx-maker's library has no {key}; printed as its base tile {base} under the id "
                               f"{_pnp_id(key, out, library)}")
            tile = library[base]
            return replace(tile, id=_pnp_id(key, out, library), note=f"18xx-maker id {key}")
        raw = maker_tiles.get(base)
    if raw is None and maker_tiles:  # nothing to draw it from, for 18xx-maker as for pnp
        report.note(where, f"tile '{key}' is neither defined by the game nor in 18xx-maker's tile library: left "
                           "out (18xx-maker has no drawing of it to print either)")
        return None
    if raw is None:
        report.lost(where, f"tile '{key}' is neither defined by the game nor in 18xx-maker's tile library "
                           "(not found beside the game file): left out")
        return None
    return _own_tile(_pnp_id(key, out, library), raw, report, where, pointy,
                     why="18xx-maker library tile that pnp's library leaves out", paint=out.paint)


def _aliased(key, alias, out, library, renamed, maker_tiles, report, where, pointy) -> Tile | None:
    target = renamed.get(alias, alias)
    tile_id = _pnp_id(key, out, library, own=True)
    note = f"printed like tile {alias}"
    if target in library:
        report.note(where, f"tile {key} is {note}, as the game says")
        return replace(library[target], id=tile_id, note=note)
    raw = maker_tiles.get(alias)
    if raw is None:
        report.lost(where, f"tile '{key}' is printed like tile '{alias}', which no library holds: left out")
        return None
    return _own_tile(tile_id, raw, report, where, pointy, note=note, paint=out.paint)


def _own_tile(tile_id: str, data: dict, report: Report, where: str, pointy: bool, note: str | None = None,
              why: str | None = None, paint: TilePaint | None = None) -> Tile | None:
    paint = paint or TilePaint()
    reading = read_maker_hex(data, pointy=pointy, map_hex=False)
    if why:
        report.note(where, f"{why}; converted as far as pnp can print it")
    for what in reading.notes:
        report.note(where, what)
    for what in reading.lost:
        report.lost(where, what)
    face = dict(reading.face)
    if reading.names and not names_on_disc(face.get("discs") or [], reading.names):
        face["name"] = " / ".join(reading.names)
    cities = [s for s in face.get("stops", []) if "city" in s]
    raw_cities = [c for c in data.get("cities") or () if isinstance(c, dict) and not c.get("hidden")]
    for city, raw in zip(cities, raw_cities):
        marks = [m for m in map(city_mark, raw.get("companies") or ()) if m]
        if marks:
            city["marks"] = marks
    if face.get("discs"):
        face["discs"] = paint.discs(face["discs"], where)
    ground = paint.ground(data.get("color"), where)
    if ground:  # printed in the game's own colour; its phase colour the nearest tile colour
        colour, colour2 = TILE_COLOUR_NEAR.get(data["color"], "yellow"), None
        report.note(where, f"ground in the game's own colour '{data['color']}' ({ground}); "
                           f"its phase colour is {colour}")
        face["ground"] = ground
    else:
        colour, colour2 = _tile_colour(data.get("color"), report, where)
    try:
        return validate(Tile, {"id": tile_id, "color": colour, **({"color2": colour2} if colour2 else {}), **face,
                               **({"note": note} if note else {})})
    except Invalid as exc:
        report.lost(where, f"not a valid pnp tile ({exc.message}); printed blank")
        return Tile(id=tile_id, color=colour)


def _tile_colour(colour, report: Report, where: str) -> tuple[str, str | None]:
    """pnp's colour and second colour: the library's reading ('green/brown' both, 'offboard'
    red, 'water' blue), else the nearest tile colour, reported."""
    from pnp.importers.maker_tiles import tile_colours

    if tile_colours(colour):
        return tile_colours(colour)
    return _near_colour(colour, report, where), None


def _near_colour(colour, report: Report, where: str) -> str:
    if isinstance(colour, str) and "/" in colour:
        first = colour.split("/", 1)[0]
        printed = first if first in TILE_COLOURS else TILE_COLOUR_NEAR.get(first, "yellow")
        report.lost(where, f"a two-coloured tile ('{colour}'), printed {printed}")
        return printed
    printed = TILE_COLOUR_NEAR.get(colour, "yellow")
    report.lost(where, f"tile colour '{brief(colour)}', printed {printed}")
    return printed


__all__ = ["convert_tiles", "maker_library", "library_ids", "tile_count", "TilesResult"]
