"""YAML game data -> the model, with errors that name the file, the field and the
problem. The loader never draws; renderers never read YAML.

A game folder holds `game.yaml` (what the game is) and `tiles.yaml` (its tile
manifest and its own tiles); later parts (map, companies, ...) are read by the
loaders registered in `PART_LOADERS`. Standard numbered tiles come from `data/tiles/`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path


from pnp.errors import DataError, PnpError
from pnp.limits import limit
from pnp.load_map import load_map
from pnp.load_sections import load_sections
from pnp.checks import check_references
from pnp.draw.color import check_colors
from pnp.model.company import PrivatesFile
from pnp.model.game import Game, GameInfo, ManifestEntry
from pnp.model.rules import CardsFile, Market, PhasesFile, TrainsFile
from pnp.model.tile import COLOURS, Tile, with_stop_styles
from pnp.resources import data_dir
from pnp.upgrades import derive_upgrades
from pnp.logos import load_companies
from pnp.yamlfile import expect_mapping, read_yaml, validated, with_line


def bundled_games() -> list[str]:
    root = data_dir() / "games"
    return sorted(p.name for p in root.iterdir() if (p / "game.yaml").exists()) if root.exists() else []


def resolve_game(name_or_path: str | Path) -> Path:
    """A bundled game's name, or a path to a folder holding game.yaml."""
    path = Path(name_or_path)
    if path.is_dir():
        if not (path / "game.yaml").exists():
            raise PnpError(f"{path}: not a game folder (no game.yaml in it)")
        return path.resolve()
    bundled = data_dir() / "games" / str(name_or_path)
    if (bundled / "game.yaml").exists():
        return bundled
    raise PnpError(f"unknown game '{name_or_path}': not a bundled game ({', '.join(bundled_games())}) "
                   f"and not a folder holding game.yaml")


def _tile(path: Path, raw, where: str, at=()) -> Tile:
    if not isinstance(raw, dict):
        raise DataError(path, where, f"a tile must be a mapping of fields, found {type(raw).__name__}")
    label = f"{where} (tile {raw.get('id')})" if "id" in raw else where
    if "color" in raw and raw["color"] not in COLOURS:
        raise DataError(path, f"{label}.color", f"unknown colour '{raw['color']}' (known: {', '.join(COLOURS)})")
    return validated(path, Tile, raw, prefix=[label], at=at)


def read_tiles(path: Path, raw_tiles, field: str = "tiles") -> list[Tile]:
    if not isinstance(raw_tiles, list):
        raise DataError(path, field, "must be a list of tiles")
    tiles: list[Tile] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(raw_tiles):
        tile = _tile(path, raw, f"{field}[{i}]", at=(field, i))
        if tile.id in seen:
            raise DataError(path, f"{field}[{i}].id", f"duplicate tile id '{tile.id}' (first at {field}[{seen[tile.id]}])")
        seen[tile.id] = i
        tiles.append(tile)
    return tiles


def read_tile_file(path: Path) -> list[Tile]:
    """A library file: `tiles:` (and optional `notes:`)."""
    data = expect_mapping(path, read_yaml(path), "a tile file")
    unknown = set(data) - {"tiles", "notes"}
    if unknown:
        raise DataError(path, sorted(unknown)[0], "unknown section (a tile file has 'tiles' and 'notes')")
    return read_tiles(path, data.get("tiles") or [])


@cache
def _library_cached(folder: Path) -> dict[str, tuple[Tile, Path]]:
    library: dict[str, tuple[Tile, Path]] = {}
    for path in sorted(folder.glob("*.yaml")):
        for tile in read_tile_file(path):
            if tile.id in library:
                raise DataError(path, f"tile {tile.id}", f"duplicate tile id '{tile.id}' (also in {library[tile.id][1].name})")
            library[tile.id] = (tile, path)
    return library


def tile_library(folder: Path | None = None) -> dict[str, Tile]:
    """The standard numbered tiles shared by all games (`data/tiles/*.yaml`)."""
    return {k: v[0] for k, v in _library_cached(folder or data_dir() / "tiles").items()}


def _manifest(folder: Path, info: GameInfo | None = None) -> tuple[ManifestEntry, ...]:
    path = folder / "tiles.yaml"
    data = expect_mapping(path, read_yaml(path), "a tile manifest")
    unknown = set(data) - {"manifest", "tiles", "notes", "decisions"}
    if unknown:
        raise DataError(path, sorted(unknown)[0], "unknown section (expected manifest, tiles, notes, decisions)")
    own = read_tiles(path, data.get("tiles") or [])
    library = tile_library()
    available = {**library, **{t.id: t for t in own}}
    counts = expect_mapping(path, data.get("manifest"), "manifest")
    if not counts and not (isinstance(data.get("decisions"), dict) and data["decisions"].get("no_tiles")):
        raise DataError(path, "manifest", "lists no tiles (an imported game without tiles says why in "
                                          "decisions.no_tiles)")
    entries = []
    for raw_id, count in counts.items():
        tile_id = str(raw_id)
        where = f"manifest.{tile_id}"
        if tile_id not in available:
            raise DataError(path, where, f"unknown tile id '{tile_id}' (not in data/tiles/ nor in this file's tiles)")
        if isinstance(count, bool) or not isinstance(count, int):
            raise DataError(path, where, f"count must be a whole number, not {count!r}")
        if count < 0:
            raise DataError(path, where, f"negative count {count}")
        entries.append((available[tile_id], count))
    no_tiles = isinstance(data.get("decisions"), dict) and data["decisions"].get("no_tiles")
    if not any(count for _, count in entries) and not no_tiles:
        raise DataError(path, "manifest", "every count is 0: the game has no tiles to print")
    pieces, most = sum(count for _, count in entries), limit(info, "tile_pieces")
    if pieces > most:
        raise DataError(path, "manifest", f"{pieces} tile pieces is more than the {most} any game needs "
                                          f"(game.yaml limits.tile_pieces raises it)")
    used = [t for t, _ in entries]
    for tile, _ in entries:
        for target in tile.upgrades or ():
            if target not in available:
                raise DataError(path, f"tile {tile.id}.upgrades", f"unknown tile id '{target}'")
    styles = info.stop_styles if info else {}
    return tuple(ManifestEntry(with_stop_styles(tile, styles), count, derive_upgrades(tile, used))
                 for tile, count in entries)


def _info(folder: Path) -> GameInfo:
    path = folder / "game.yaml"
    data = expect_mapping(path, read_yaml(path), "a game description")
    info = validated(path, GameInfo, data)
    check_colors(info.colors, path)
    return info


def document(model):
    """A loader for a file that is one pydantic document."""

    def load(path: Path, parts: dict):
        return validated(path, model, expect_mapping(path, read_yaml(path), model.__name__))

    return load


# The parts of a game beyond its tiles: name -> (file, loader). A loader takes (path,
# parts loaded so far) and returns the part's model; absent files are simply absent.
PART_LOADERS: dict[str, tuple[str, Callable[[Path, dict], object]]] = {
    "companies": ("companies.yaml", load_companies),  # logos checked: inside the game folder
    "privates": ("privates.yaml", document(PrivatesFile)),
    "trains": ("trains.yaml", document(TrainsFile)),
    "phases": ("phases.yaml", document(PhasesFile)),
    "market": ("market.yaml", document(Market)),
    "cards": ("cards.yaml", document(CardsFile)),
    "map": ("map.yaml", load_map),
    "sections": ("sections", load_sections),  # a folder of map sections (18-XY)
}


def load_game(name_or_path: str | Path) -> Game:
    """The game's data, checked; a DataError carries the line of its field where the
    field can be found in its file."""
    try:
        return _load_game(name_or_path)
    except DataError as exc:
        raise with_line(exc) from None


def _load_game(name_or_path: str | Path) -> Game:
    folder = resolve_game(name_or_path)
    info = _info(folder)
    manifest = _manifest(folder, info)
    parts: dict[str, object] = {}
    for name, (filename, loader) in PART_LOADERS.items():
        path = folder / filename
        if path.exists() or path.is_symlink():  # a broken or looping link is an error, not an absent file
            parts[name] = loader(path, {"info": info, "manifest": manifest, **parts})
    game = Game(folder.name, folder, info, manifest, parts)
    check_references(game)
    return game
