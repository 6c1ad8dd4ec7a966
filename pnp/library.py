"""Tile files, and the standard numbered tiles shared by all games (`data/tiles/*.yaml`),
read only as far as a game needs them.

The converter (pnp.importers.maker_tiles) writes each library file as `tiles:` and a
list whose items start with a line `  - id: "..."`. The index splits a file's text at
those lines, so loading a game reads and checks only the tiles its manifest names (60
of 721 for 1860). A file in any other shape is read whole; a tile whose own text does not
read cleanly makes its file be read whole, so every error is the one reading the whole
file gives. `tile_library()` reads and checks every tile.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from pnp.errors import DataError
from pnp.yamlfile import expect_mapping, parse_yaml, read_yaml, validated
from pnp.yamlsafe import yaml

# The first line of a library tile as the converter writes it: the id in double quotes
# (without escapes) or plain; a plain id YAML reads as anything but text (`5`, `yes`),
# like any other first line, makes the file be read whole.
_ITEM = re.compile(r'  - id: (?:"([^"\\]*)"|([A-Za-z0-9][A-Za-z0-9_.+-]*))\n')
_TEXT = "tag:yaml.org,2002:str"
_RESOLVER = yaml.resolver.Resolver()
# A line inside an item: indented under it, blank, or a comment.
_INSIDE = re.compile(r"(    |[ \t]*\n|[ \t]*#)")
_BLANK = re.compile(r"[ \t]*(#.*)?\n")  # before `tiles:`: blank lines and comments only


def _tile(path: Path, raw, where: str, at=()):
    from pnp.model.tile import COLOURS, Tile

    if not isinstance(raw, dict):
        raise DataError(path, where, f"a tile must be a mapping of fields, found {type(raw).__name__}")
    label = f"{where} (tile {raw.get('id')})" if "id" in raw else where
    if "color" in raw and raw["color"] not in COLOURS:
        raise DataError(path, f"{label}.color", f"unknown colour '{raw['color']}' (known: {', '.join(COLOURS)})")
    return validated(path, Tile, raw, prefix=[label], at=at)


def read_tiles(path: Path, raw_tiles, field: str = "tiles") -> list:
    if not isinstance(raw_tiles, list):
        raise DataError(path, field, "must be a list of tiles")
    tiles = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(raw_tiles):
        tile = _tile(path, raw, f"{field}[{i}]", at=(field, i))
        if tile.id in seen:
            raise DataError(path, f"{field}[{i}].id", f"duplicate tile id '{tile.id}' (first at {field}[{seen[tile.id]}])")
        seen[tile.id] = i
        tiles.append(tile)
    return tiles


def read_tile_file(path: Path) -> list:
    """A library file: `tiles:` (and optional `notes:`)."""
    data = expect_mapping(path, read_yaml(path), "a tile file")
    unknown = set(data) - {"tiles", "notes"}
    if unknown:
        raise DataError(path, sorted(unknown)[0], "unknown section (a tile file has 'tiles' and 'notes')")
    return read_tiles(path, data.get("tiles") or [])


def _items(text: str) -> list[tuple[str, str]] | None:
    """(id, the item's text) for each tile of a file in the converter's shape, or None
    when the file has another shape."""
    lines = text.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if not _BLANK.fullmatch(line)), None)
    if start is None or lines[start] != "tiles:\n":
        return None
    items: list[tuple[str, list[str]]] = []
    for line in lines[start + 1:]:
        if items and line.startswith("    "):  # most lines: inside an item (as _INSIDE says, without a regex)
            items[-1][1].append(line)
            continue
        item = _ITEM.fullmatch(line)
        if item:
            if item.group(2) is not None and _RESOLVER.resolve(yaml.ScalarNode, item.group(2), (True, False)) != _TEXT:
                return None
            items.append((item.group(1) if item.group(2) is None else item.group(2), [line]))
        elif items and _INSIDE.match(line):
            items[-1][1].append(line)
        else:
            return None
    return [(tile_id, "".join(body)) for tile_id, body in items]


class Library:
    """The tiles of one library folder: an index of every tile's text, each tile read
    and checked when first asked for (once per process)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.files: list[tuple[Path, list[str]]] = []  # each file and the ids it holds, in order
        self.entries: dict[str, tuple[Path, int, str]] = {}  # id -> file, index, text
        self.tiles: dict = {}  # id -> Tile, read so far
        self.whole: set[Path] = set()
        where: dict[str, Path] = {}
        for path in sorted(folder.glob("*.yaml")):
            try:
                items = _items(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError):
                items = None  # read whole: its error is the reader's
            if items is None:
                ids = [tile.id for tile in self._read_whole(path)]
            else:
                ids = [tile_id for tile_id, _ in items]
                for index, (tile_id, body) in enumerate(items):
                    self.entries.setdefault(tile_id, (path, index, body))
            for tile_id in ids:
                if tile_id in where:  # a duplicate: reading everything whole reports it as ever
                    full_library(folder)
                    raise DataError(path, f"tile {tile_id}", f"duplicate tile id '{tile_id}' (also in {where[tile_id].name})")
                where[tile_id] = path
            self.files.append((path, ids))

    def __contains__(self, tile_id: str) -> bool:
        return tile_id in self.entries or tile_id in self.tiles

    def __getitem__(self, tile_id: str):
        tile = self.tiles.get(tile_id)
        if tile is None:
            path, index, body = self.entries[tile_id]
            tile = self._read_one(path, index, body, tile_id)
        return tile

    def _read_one(self, path: Path, index: int, body: str, tile_id: str):
        """The tile `tile_id`, from its own text `body`. Any problem in it makes the whole
        file be read, so that the error (and its line) is the one reading the file
        gives: the tile's own text need not keep the file's line numbers."""
        try:
            raw = parse_yaml(path, body)
            if isinstance(raw, list) and len(raw) == 1:
                tile = _tile(path, raw[0], f"tiles[{index}]", at=("tiles", index))
                if tile.id == tile_id:
                    self.tiles[tile_id] = tile
                    return tile
        except DataError:
            pass
        self._read_whole(path)  # raises the error reading the whole file finds, or reads it
        return self.tiles[tile_id]

    def _read_whole(self, path: Path) -> list:
        tiles = read_tile_file(path)
        for tile in tiles:
            self.tiles.setdefault(tile.id, tile)
        self.whole.add(path)
        return tiles

    def all(self) -> dict:
        """Every tile, file by file, each read and checked."""
        for path, _ in self.files:
            if path not in self.whole:
                self._read_whole(path)
        return {tile_id: self.tiles[tile_id] for _, ids in self.files for tile_id in ids}


@cache
def library(folder: Path) -> Library:
    return Library(folder)


def full_library(folder: Path) -> dict:
    """Every tile of `folder`, each file read whole; a tile id in two files is an error."""
    found: dict[str, tuple[object, Path]] = {}
    for path in sorted(folder.glob("*.yaml")):
        for tile in read_tile_file(path):
            if tile.id in found:
                raise DataError(path, f"tile {tile.id}", f"duplicate tile id '{tile.id}' (also in {found[tile.id][1].name})")
            found[tile.id] = (tile, path)
    return {tile_id: tile for tile_id, (tile, _) in found.items()}
