"""A layout to preview on a map (`pnp map GAME --placements FILE.yaml`), read and
checked against the game: tiles laid `{hex, tile, rotation}` and station tokens
`{hex, token: COMPANY}`.

What cannot be laid stops with an error naming the file and the entry: an unknown
hex, tile or company, more copies of a tile than the manifest has, a rotation outside
0-5 or of a tile that may not turn, a tile on an off-board hex or of a colour no later
than the hex's, a tile whose stations do not match the hex's, more tokens than a hex has
slots or than a company has tokens. What is legal but probably a mistake is a warning:
track running into an impassable side or off the map, or a tile that drops track
printed on the hex.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pnp.errors import DataError
from pnp.model.game import Game
from pnp.model.map import Board, MapHex, PlacedTile, PlacedToken, Placements
from pnp.model.tile import TILE_COLOURS, TileFace
from pnp.upgrades import connections
from pnp.yamlfile import read_yaml

COLOUR_RANK = {"white": 0, **{c: i + 1 for i, c in enumerate(TILE_COLOURS)}}
TILE_KEYS = {"hex", "tile", "rotation"}
TOKEN_KEYS = {"hex", "token", "city"}


def read_placements(path: Path, game: Game, board: Board) -> Placements:
    path = Path(path)
    data = read_yaml(path)
    entries = data.get("placements") if isinstance(data, dict) else data
    if isinstance(data, dict) and set(data) - {"placements", "title", "notes"}:
        raise DataError(path, sorted(set(data) - {"placements", "title", "notes"})[0],
                        "unknown section (a placements file has 'placements', 'title' and 'notes')")
    if not isinstance(entries, list):
        raise DataError(path, "placements", "must be a list of {hex, tile, rotation} and {hex, token} entries")
    checker = _Checker(path, game, board)
    tokens = []
    for i, raw in enumerate(entries):
        where = f"placements[{i}]"
        if not isinstance(raw, dict):
            raise DataError(path, where, "must be a mapping such as {hex: G5, tile: '57', rotation: 0}")
        if ("tile" in raw) == ("token" in raw):
            raise DataError(path, where, "give either 'tile' (with 'rotation') or 'token', not both or neither")
        if "tile" in raw:
            checker.tile(raw, where)
        else:
            tokens.append((raw, where))
    for raw, where in tokens:  # after the tiles, so a token sees the tile it sits on
        checker.token(raw, where)
    title = data.get("title") if isinstance(data, dict) else None
    return Placements(tuple(checker.tiles.values()), tuple(checker.tokens), tuple(checker.warnings),
                      str(title) if title is not None else None)


def _describe(face: TileFace) -> str:
    counts = _stations(face)
    parts = [f"label {face.label}"] if face.label else []
    parts += [f"{counts[kind]} {_plural(kind, counts[kind])}" for kind in ("city", "town") if counts[kind]]
    return ", ".join(parts) or "no stations"


def _plural(kind: str, n: int) -> str:
    if n == 1:
        return kind
    return "cities" if kind == "city" else f"{kind}s"


def _stations(face: TileFace) -> Counter:
    """Cities and towns; a halt counts as a town (1860 upgrades one to the other)."""
    return Counter("town" if s.kind == "halt" else s.kind for s in face.stops if s.kind in ("city", "town", "halt"))


def stations_match(printed: TileFace, tile: TileFace) -> bool:
    """Same label; and without a label, the same cities and towns. A labelled hex takes
    the tiles made for it, whose stations may grow (1860's Newport gains a city)."""
    if (printed.label or None) != (tile.label or None):
        return False
    return bool(printed.label) or _stations(printed) == _stations(tile)


class _Checker:
    def __init__(self, path: Path, game: Game, board: Board):
        self.path, self.game, self.board = path, game, board
        self.counts = {e.tile.id: e.count for e in game.manifest} | board.manifest
        self.used: Counter = Counter()
        self.tiles: dict[str, PlacedTile] = {}
        self.tile_fields: dict[str, str] = {}
        self.tokens: list[PlacedToken] = []
        self.warnings: list[str] = []

    def error(self, field: str, problem: str) -> DataError:
        return DataError(self.path, field, problem)

    def hex(self, raw: dict, where: str) -> MapHex:
        coord = raw.get("hex")
        if not isinstance(coord, str) or coord not in self.board.hexes:
            which = f"the {self.board.variant_title} map" if self.board.variant else "the map"
            raise self.error(f"{where}.hex", f"unknown hex {coord!r} (not on {which})")
        return self.board.hexes[coord]

    def _keys(self, raw: dict, where: str, known: set[str]) -> None:
        unknown = sorted(set(raw) - known)
        if unknown:
            raise self.error(f"{where}.{unknown[0]}", f"unknown field (expected {', '.join(sorted(known))})")

    def tile(self, raw: dict, where: str) -> None:
        self._keys(raw, where, TILE_KEYS)
        spot = self.hex(raw, where)
        tile_id = str(raw["tile"])
        tiles = self.game.tiles
        if tile_id not in tiles or self.counts.get(tile_id, 0) == 0:
            raise self.error(f"{where}.tile", f"unknown tile '{tile_id}' (not in this game's tile manifest)")
        tile = tiles[tile_id]
        rotation = raw.get("rotation", 0)
        if isinstance(rotation, bool) or not isinstance(rotation, int) or not 0 <= rotation <= 5:
            raise self.error(f"{where}.rotation", f"rotation {rotation!r} is outside 0-5")
        if rotation and not tile.rotatable:
            raise self.error(f"{where}.rotation", f"tile {tile_id} may not be rotated (it is laid at rotation 0)")
        if spot.coord in self.tiles:
            raise self.error(f"{where}.hex", f"hex {spot.coord} already has tile {self.tiles[spot.coord].tile.id} "
                                            f"({self.tile_fields[spot.coord]})")
        self.used[tile_id] += 1
        if self.used[tile_id] > self.counts[tile_id]:
            raise self.error(f"{where}.tile", f"more copies of tile {tile_id} than the manifest has "
                                             f"({self.counts[tile_id]})")
        if spot.color not in COLOUR_RANK:
            raise self.error(f"{where}.hex", f"hex {spot.coord} is {spot.color} ({spot.name or 'off-board'}): "
                                            f"no tile is laid on it")
        if COLOUR_RANK[tile.color] <= COLOUR_RANK[spot.color]:
            raise self.error(f"{where}.tile", f"tile {tile_id} is {tile.color}; the {spot.color} hex {spot.coord} "
                                             f"takes a later colour")
        if not stations_match(spot.face, tile):
            raise self.error(f"{where}.tile", f"tile {tile_id} ({_describe(tile)}) does not match the stations "
                                             f"printed on {spot.coord} ({_describe(spot.face)})")
        self._warn_track(spot, tile, rotation, where)
        self.tiles[spot.coord] = PlacedTile(spot.coord, tile, rotation)
        self.tile_fields[spot.coord] = where

    def _warn_track(self, spot: MapHex, tile, rotation: int, where: str) -> None:
        name = f"{self.path.name}: {where}: tile {tile.id} on {spot.coord}"
        for edge in sorted({(e + rotation) % 6 for e in tile.exits()}):
            if self.board.blocked(spot.coord, edge):
                self.warnings.append(f"{name} runs track into an impassable side (edge {edge})")
            elif self.board.neighbour(spot.coord, edge) is None:
                self.warnings.append(f"{name} runs track off the map (edge {edge})")
        printed = connections(spot.face)
        laid = connections(tile, rotation)
        stops = [s for s in laid if "stop" in s]
        lost = [p for p in printed if p not in laid and not any(p <= s for s in stops)]
        if lost:
            self.warnings.append(f"{name} at rotation {rotation} drops track printed on the hex")

    def token(self, raw: dict, where: str) -> None:
        self._keys(raw, where, TOKEN_KEYS)
        spot = self.hex(raw, where)
        symbol = str(raw["token"])
        companies = {c.symbol: c for c in self.game.companies}
        if symbol not in companies:
            known = ", ".join(companies) or "none: the game has no companies.yaml"
            raise self.error(f"{where}.token", f"unknown company '{symbol}' (known: {known})")
        company = companies[symbol]
        placed = self.tiles.get(spot.coord)
        face = placed.tile if placed else spot.face
        cities = [s for s in face.stops if s.kind == "city"]
        if not cities:
            raise self.error(f"{where}.hex", f"hex {spot.coord} has no city to hold a token")
        mine = [t for t in self.tokens if t.company.symbol == symbol]
        if any(t.coord == spot.coord for t in mine):
            raise self.error(f"{where}.token", f"{symbol} already has a token on {spot.coord}")
        if len(mine) >= len(company.tokens):
            raise self.error(f"{where}.token", f"{symbol} has only {len(company.tokens)} station tokens")
        city = raw.get("city")
        if city is not None and (isinstance(city, bool) or not isinstance(city, int) or not 0 <= city < len(cities)):
            raise self.error(f"{where}.city", f"city {city!r}: {spot.coord} has cities 0-{len(cities) - 1}")
        slot = self._free_slot(spot.coord, cities, company, city)
        if slot is None:
            raise self.error(f"{where}.token", f"no free token slot for {symbol} on {spot.coord}")
        self.tokens.append(PlacedToken(spot.coord, company, *slot))

    def _free_slot(self, coord: str, cities, company, city: int | None) -> tuple[int, int] | None:
        """The home slot for the home company; else the first slot neither taken nor
        reserved for another company's home."""
        taken = {(t.city, t.slot) for t in self.tokens if t.coord == coord}
        homes = [c for c in self.game.companies if c.home == coord]
        reserved = {(0, 0): homes[0]} if homes else {}
        wanted = range(len(cities)) if city is None else (city,)
        if reserved.get((0, 0)) is company and (0, 0) not in taken and 0 in wanted:
            return (0, 0)
        for c in wanted:
            for s in range(cities[c].slots):
                if (c, s) not in taken and (c, s) not in reserved:
                    return (c, s)
        return None
