"""YAML game data -> the model, with errors that name the file, the field and the
problem. The loader never draws; renderers never read YAML.

A game folder holds `game.yaml` (what the game is) and `tiles.yaml` (its tile
manifest and its own tiles); later parts (map, companies, ...) are read by the
loaders registered in `PART_LOADERS`. Standard numbered tiles come from `data/tiles/`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.errors import DataError, PnpError
from pnp.resources import data_dir
from pnp.yamlfile import expect_mapping, read_yaml, validated, with_line

if TYPE_CHECKING:
    from pnp.model.game import Game, GameInfo, ManifestEntry
    from pnp.model.tile import Tile

# The models (msgspec structs) and the loaders of a game's parts are imported when a game is
# loaded, not when pnp starts: `pnp games`, `pnp --help` and the start of every command
# need none of them.


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


def tile_library(folder: Path | None = None) -> dict[str, Tile]:
    """The standard numbered tiles shared by all games (`data/tiles/*.yaml`), every one
    read and checked."""
    from pnp.library import library

    return library(folder or data_dir() / "tiles").all()


def _manifest(folder: Path, info: GameInfo | None = None) -> tuple[ManifestEntry, ...]:
    from pnp.library import library, read_tiles
    from pnp.load_map import check_tile_colours
    from pnp.limits import limit
    from pnp.model.game import ManifestEntry
    from pnp.model.tile import with_stop_styles
    from pnp.upgrades import ManifestUpgrades

    path = folder / "tiles.yaml"
    data = expect_mapping(path, read_yaml(path), "a tile manifest")
    unknown = set(data) - {"manifest", "tiles", "notes", "decisions"}
    if unknown:
        raise DataError(path, sorted(unknown)[0], "unknown section (expected manifest, tiles, notes, decisions)")
    own = {t.id: t for t in read_tiles(path, data.get("tiles") or [])}
    check_tile_colours(path, own.values(), dict(info.colors) if info else {})
    standard = library(data_dir() / "tiles")  # each tile read when first named
    counts = expect_mapping(path, data.get("manifest"), "manifest")
    if not counts and not (isinstance(data.get("decisions"), dict) and data["decisions"].get("no_tiles")):
        raise DataError(path, "manifest", "lists no tiles (an imported game without tiles says why in "
                                          "decisions.no_tiles)")
    entries = []
    for raw_id, count in counts.items():
        tile_id = str(raw_id)
        where = f"manifest.{tile_id}"
        if tile_id not in own and tile_id not in standard:
            raise DataError(path, where, f"unknown tile id '{tile_id}' (not in data/tiles/ nor in this file's tiles)")
        if isinstance(count, bool) or not isinstance(count, int):
            raise DataError(path, where, f"count must be a whole number, not {count!r}")
        if count < 0:
            raise DataError(path, where, f"negative count {count}")
        entries.append((own[tile_id] if tile_id in own else standard[tile_id], count))
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
            if target not in own and target not in standard:
                raise DataError(path, f"tile {tile.id}.upgrades", f"unknown tile id '{target}'")
    styles = info.stop_styles if info else {}
    upgrades = ManifestUpgrades(used)  # each tile's worked out when first asked for
    return tuple(ManifestEntry(with_stop_styles(tile, styles), count, upgrades) for tile, count in entries)


def _info(folder: Path) -> GameInfo:
    from pnp.draw.color import check_colors
    from pnp.model.game import GameInfo

    path = folder / "game.yaml"
    data = expect_mapping(path, read_yaml(path), "a game description")
    info = validated(path, GameInfo, data)
    check_colors(info.colors, path)
    return info


def document(model):
    """A loader for a file that is one model document: `model` is the model, or
    "module:Model", imported when a file is read."""

    def load(path: Path, parts: dict):
        cls = _named(model) if isinstance(model, str) else model
        return validated(path, cls, expect_mapping(path, read_yaml(path), cls.__name__))

    return load


def _named(name: str):
    module, _, attribute = name.partition(":")
    return getattr(importlib.import_module(module), attribute)


def _later(name: str) -> Callable[[Path, dict], object]:
    """The loader "module:function", imported when a file is read."""
    return lambda path, parts: _named(name)(path, parts)


# The parts of a game beyond its tiles: name -> (file, loader). A loader takes (path,
# parts loaded so far) and returns the part's model; absent files are simply absent.
PART_LOADERS: dict[str, tuple[str, Callable[[Path, dict], object]]] = {
    "companies": ("companies.yaml", _later("pnp.logos:load_companies")),  # logos checked: inside the game folder
    "privates": ("privates.yaml", document("pnp.model.company:PrivatesFile")),
    "trains": ("trains.yaml", document("pnp.model.rules:TrainsFile")),
    "phases": ("phases.yaml", document("pnp.model.rules:PhasesFile")),
    "market": ("market.yaml", document("pnp.model.rules:Market")),
    "cards": ("cards.yaml", document("pnp.model.rules:CardsFile")),
    "map": ("map.yaml", _later("pnp.load_map:load_map")),
    "sections": ("sections", _later("pnp.load_sections:load_sections")),  # a folder of map sections (18-XY)
}


def load_game(name_or_path: str | Path) -> Game:
    """The game's data, checked; a DataError carries the line of its field where the
    field can be found in its file."""
    try:
        return _load_game(name_or_path)
    except DataError as exc:
        raise with_line(exc) from None


def _load_game(name_or_path: str | Path) -> Game:
    from pnp.checks import check_references
    from pnp.model.game import Game

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
