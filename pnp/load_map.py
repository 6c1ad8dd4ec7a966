"""`map.yaml` -> `MapFile`, with every coordinate checked: it must parse, sit on the
map's hex grid, appear once, and exist where a variant, a decoration or a company's
home refers to it. Errors name the file, the entry and the problem."""

from __future__ import annotations

from pathlib import Path


from typing import get_args

from msgspec.structs import replace

from pnp.draw.color import ColorError, parse_color
from pnp.errors import DataError
from pnp.geometry.grid import GridPos
from pnp.model.map import Coordinates, HexEntry, MapFile
from pnp.model.tile import Colour, with_stop_styles
from pnp.yamlfile import expect_mapping, read_yaml, validated


def load_map(path: Path, parts: dict) -> MapFile:
    data = expect_mapping(path, read_yaml(path), "a map")
    mapfile = validated(path, MapFile, data)
    mapfile = _with_orientation(path, mapfile, parts.get("info"))
    mapfile = _with_stop_styles(mapfile, getattr(parts.get("info"), "stop_styles", {}))
    base = _check_hexes(path, mapfile.coordinates, mapfile.hexes, "hexes")
    _check_variants(path, mapfile, base, parts.get("manifest") or ())
    _check_decorations(path, mapfile)
    _check_colours(path, mapfile, dict(getattr(parts.get("info"), "colors", None) or {}))
    _check_homes(path.parent / "companies.yaml", parts.get("companies"), base)
    return mapfile


def _with_orientation(path: Path, mapfile: MapFile, info) -> MapFile:
    game = getattr(info, "orientation", None)
    given = mapfile.coordinates.orientation
    if given and game and given != game:
        raise DataError(path, "coordinates.orientation", f"'{given}' but game.yaml says the game is '{game}'")
    coordinates = replace(mapfile.coordinates, orientation=given or game or "flat")
    return replace(mapfile, coordinates=coordinates)


def _with_stop_styles(mapfile: MapFile, styles: dict[str, str]) -> MapFile:
    if not styles:
        return mapfile
    variants = {name: replace(v, hexes=tuple(with_stop_styles(h, styles) for h in v.hexes))
                for name, v in mapfile.variants.items()}
    return replace(mapfile, hexes=tuple(with_stop_styles(h, styles) for h in mapfile.hexes),
                                      variants=variants)


def _position(path: Path, coords: Coordinates, text: str, field: str) -> GridPos:
    try:
        return coords.parse(text)
    except ValueError as exc:
        raise DataError(path, field, str(exc)) from None


def _check_hexes(path: Path, coords: Coordinates, entries: tuple[HexEntry, ...], where: str,
                 grid: tuple[int, str] | None = None) -> dict[str, str]:
    """Coordinate -> the field that defines it. Doubled coordinates put every hex on
    one parity of column + row (`grid`: that parity and a coordinate showing it); a
    coordinate off it lies between hexes."""
    seen: dict[str, str] = {}
    for i, entry in enumerate(entries):
        for j, coord in enumerate(entry.at):
            field = f"{where}[{i}].at[{j}]" if len(entry.at) > 1 else f"{where}[{i}].at"
            pos = _position(path, coords, coord, field)
            if coords.name(pos) != coord:
                raise DataError(path, field, f"write '{coords.name(pos)}', not '{coord}'")
            if coord in seen:
                raise DataError(path, field, f"hex {coord} is defined twice (also at {seen[coord]})")
            parity = (pos.col + pos.row) % 2
            if grid is None:
                grid = (parity, coord)
            elif parity != grid[0]:
                raise DataError(path, field, f"{coord} is not on the hex grid: it lies between hexes "
                                             f"(its column and row do not pair as in {grid[1]})")
            seen[coord] = field
    return seen


def _check_variants(path: Path, mapfile: MapFile, base: dict[str, str], manifest) -> None:
    coords = mapfile.coordinates
    first = next(iter(base))
    p = coords.parse(first)
    grid = ((p.col + p.row) % 2, first)
    tile_ids = {e.tile.id for e in manifest}
    for name, variant in mapfile.variants.items():
        where = f"variants.{name}"
        for k, coord in enumerate(variant.remove):
            if coord not in base:
                raise DataError(path, f"{where}.remove[{k}]", f"hex {coord} is not on the map")
        _check_hexes(path, coords, variant.hexes, f"{where}.hexes", grid)
        for tile_id, count in variant.manifest.items():
            if tile_ids and tile_id not in tile_ids:
                raise DataError(path, f"{where}.manifest.{tile_id}", f"unknown tile id '{tile_id}' (not in tiles.yaml)")
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise DataError(path, f"{where}.manifest.{tile_id}", f"count must be a whole number >= 0, not {count!r}")


def _check_decorations(path: Path, mapfile: MapFile) -> None:
    coords = mapfile.coordinates
    deco = mapfile.decorations
    for name in ("title", "legend"):
        block = getattr(deco, name)
        if block.at is not None:
            _position(path, coords, block.at, f"decorations.{name}.at")
    for i, label in enumerate(deco.labels):
        _position(path, coords, label.at, f"decorations.labels[{i}].at")
    for i, area in enumerate(deco.areas):
        for j, coord in enumerate(area.at):
            _position(path, coords, coord, f"decorations.areas[{i}].at[{j}]")
    for i, line in enumerate(deco.lines):
        for j, point in enumerate(line.points):
            _position(path, coords, point.at, f"decorations.lines[{i}].points[{j}].at")


def _check_colours(path: Path, mapfile: MapFile, game_colours: dict[str, str]) -> None:
    """A hex's ground is a ground colour or one the game defines (game.yaml `colors:`);
    the colours of discs and lines may also be theme colours or plain colours."""
    grounds = set(get_args(Colour)) | set(game_colours)
    entries = [("hexes", mapfile.hexes)] + [(f"variants.{n}.hexes", v.hexes) for n, v in mapfile.variants.items()]
    for where, hexes in entries:
        for i, entry in enumerate(hexes):
            if entry.color not in grounds:
                raise DataError(path, f"{where}[{i}].color", f"unknown colour '{entry.color}' (a hex is "
                                f"{', '.join(get_args(Colour))}, or a colour game.yaml's colors: names)")
            for j, disc in enumerate(entry.discs):
                for name in ("color", "outline", "text_color"):
                    _drawable(path, getattr(disc, name), game_colours, f"{where}[{i}].discs[{j}].{name}")
    for i, line in enumerate(mapfile.decorations.lines):
        _drawable(path, line.color, game_colours, f"decorations.lines[{i}].color")


def check_tile_colours(path: Path, tiles, game_colours: dict[str, str]) -> None:
    """A game tile's printed ground (`ground`) is, like a map hex's, a ground colour or
    one the game defines; its discs' colours may also be theme or plain colours."""
    grounds = set(get_args(Colour)) | set(game_colours)
    for tile in tiles:
        if tile.ground is not None and tile.ground not in grounds:
            raise DataError(path, f"tile {tile.id}.ground", f"unknown colour '{tile.ground}' (a ground is "
                            f"{', '.join(get_args(Colour))}, or a colour game.yaml's colors: names)")
        for j, disc in enumerate(tile.discs):
            for name in ("color", "outline", "text_color"):
                _drawable(path, getattr(disc, name), game_colours, f"tile {tile.id}.discs[{j}].{name}")


def _drawable(path: Path, value: str | None, game_colours: dict[str, str], field: str) -> None:
    from pnp.templates import theme

    if value is None or value in game_colours or value in theme("default").colors:
        return
    try:
        parse_color(value)
    except ColorError as exc:
        raise DataError(path, field, f"{exc} (or a colour of the theme or of game.yaml's colors:)") from None


def _check_homes(companies_path: Path, companies, base: dict[str, str]) -> None:
    if companies is None:
        return
    for i, company in enumerate(companies.companies):
        if company.home and company.home not in base:
            raise DataError(companies_path, f"companies[{i}].home", f"hex {company.home} is not on the map (map.yaml)")
