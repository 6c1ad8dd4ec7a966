"""Which tiles a tile upgrades to, when the data does not say: the next colour, the
same label, the same stops, and a rotation under which every existing route survives
(each pair of edges joined by track stays joined, each stop keeps its edges)."""

from __future__ import annotations

from collections import Counter
from functools import cache

from pnp.model.tile import TILE_COLOURS, Tile, TileFace

NEXT_COLOUR = {a: b for a, b in zip(TILE_COLOURS, TILE_COLOURS[1:])}


def _stop_signature(tile: TileFace) -> Counter:
    """Stops that must survive an upgrade (a halt may become a town, so both count as towns)."""
    kinds = Counter()
    for s in tile.stops:
        if s.kind == "junction":
            continue
        kinds["town" if s.kind == "halt" else s.kind] += 1
    return kinds


def connections(tile: TileFace, rotation: int = 0, mirror: bool = False, gauge: str | None = None) -> set[frozenset]:
    """Pairs of edges joined by plain track, and each stop's set of edges; `mirror`
    first reflects the tile across the line through edges 0 and 3 (a tile laid face down).
    With `gauge` ("standard" or "narrow"), only track a train of that gauge can run on
    (that gauge or dual)."""

    def turn(edge: int) -> int:
        return ((-edge if mirror else edge) + rotation) % 6

    out: set[frozenset] = set()
    by_stop: list[list[int]] = [[] for _ in tile.stops]  # each stop's edges, turned: one pass over the paths
    for path in tile.paths:
        if gauge is not None and path.track not in (gauge, "dual"):
            continue
        a, b = path.a, path.b
        if a.kind == b.kind == "edge":
            out.add(frozenset((turn(a.index), turn(b.index))))
            continue
        for stop, other in ((a, b), (b, a)):
            if stop.kind == "stop" and other.kind == "edge" and stop.index < len(by_stop):
                by_stop[stop.index].append(turn(other.index))
    for edges in by_stop:
        if edges:
            out.add(frozenset({"stop", *edges}))
    return out


STOP_BIT = 1 << 6  # a link's mask: bit e for edge e (0-5), this bit when it is a stop's


def link_mask(link: frozenset) -> int:
    return sum(STOP_BIT if e == "stop" else 1 << e for e in link)


def covered_masks(links: set[frozenset]) -> frozenset[int]:
    """What a tile with `links` keeps, as masks: each of its links, and every part of
    each stop's link. An old tile's routes survive on it exactly when the mask of each
    old link is among these: a pair of edges joined by track stays joined by track or
    through one stop (it is a link, or lies within a stop's), and a stop keeps its edges
    (its link lies within one stop's). Masks make that one subset test of two sets of
    numbers; tests/test_manifest_upgrades.py checks it against those rules on sets."""
    out = set()
    for link in links:
        mask = link_mask(link)
        out.add(mask)
        if mask & STOP_BIT:
            part = mask
            while part:  # every non-empty sub-mask
                out.add(part)
                part = (part - 1) & mask
    return frozenset(out)


def _turned(mask: int, rotation: int, mirror: bool) -> int:
    """A link's mask with each edge e moved where `connections` turns it:
    ((-e if mirror else e) + rotation) % 6; the stop bit stays."""
    out = mask & STOP_BIT
    for e in range(6):
        if mask >> e & 1:
            out |= 1 << (((-e if mirror else e) + rotation) % 6)
    return out


@cache
def _turn_table(rotation: int, mirror: bool) -> tuple[int, ...]:
    """`_turned` for every mask, by mask: the table of masks up to a bit is the table
    below it, then the same with that bit's turned bit added (masks count up in binary)."""
    table = [0]
    for bit in [1 << (((-e if mirror else e) + rotation) % 6) for e in range(6)] + [STOP_BIT]:
        table += [turned | bit for turned in table]
    return tuple(table)


class Routes:
    """`connections` and stop signatures worked out once per tile, orientation and gauge
    (tiles are immutable; the memo keeps each tile it has seen alive, so ids stay theirs)."""

    def __init__(self):
        self.links: dict[tuple, set[frozenset]] = {}
        self.stops: dict[int, tuple[TileFace, Counter]] = {}
        self.groups: dict[int, tuple[list, dict]] = {}  # id of a candidate list -> it, grouped by kind

    def connections(self, tile: TileFace, rotation: int = 0, mirror: bool = False, gauge: str | None = None):
        key = (id(tile), rotation, mirror, gauge)
        if key not in self.links:
            self.stops.setdefault(id(tile), (tile, _stop_signature(tile)))  # holds the tile
            self.links[key] = connections(tile, rotation, mirror, gauge)
        return self.links[key]

    def masks(self, tile: TileFace, gauge: str | None = None) -> frozenset[int]:
        """The masks of the tile's links as laid (rotation 0, not mirrored)."""
        key = (id(tile), "masks", gauge)
        if key not in self.links:
            self.links[key] = frozenset(link_mask(link) for link in self.connections(tile, gauge=gauge))
        return self.links[key]

    def covered(self, tile: TileFace, rotation: int, mirror: bool, gauge: str | None) -> frozenset[int]:
        """`covered_masks` of the tile turned: those of the tile as laid, each turned (a
        tile's links turned are the links of the tile turned, edge by edge)."""
        key = (id(tile), "covered", rotation, mirror, gauge)
        if key not in self.links:
            if rotation == 0 and not mirror:
                self.links[key] = covered_masks(self.connections(tile, gauge=gauge))
            else:
                table = _turn_table(rotation, mirror)
                self.links[key] = frozenset([table[m] for m in self.covered(tile, 0, False, gauge)])
        return self.links[key]

    def both_covered(self, tile: TileFace) -> frozenset[int]:
        """`covered` of both gauges as laid, as one set (narrow ones marked, `GAUGE_BIT`)."""
        key = (id(tile), "both covered")
        if key not in self.links:
            self.links[key] = _both([self.covered(tile, 0, False, g) for g in GAUGES])
        return self.links[key]

    def both_masks(self, tile: TileFace) -> frozenset[int]:
        """`masks` of both gauges as one set (narrow ones marked, `GAUGE_BIT`)."""
        key = (id(tile), "both masks")
        if key not in self.links:
            self.links[key] = _both([self.masks(tile, g) for g in GAUGES])
        return self.links[key]

    def turned_back(self, tile: TileFace) -> dict[tuple[int, bool], frozenset[int]]:
        """The tile's `both_masks` turned back from each orientation (rotation, mirror) a
        tile replacing it is laid in, as `_keeps_routes` works them out (by orientation)."""
        key = (id(tile), "turned back")
        if key not in self.links:
            self.links[key] = (tile, {})  # the tile held: its id stays its own
        return self.links[key][1]

    def signature(self, tile: TileFace) -> Counter:
        if id(tile) not in self.stops:
            self.stops[id(tile)] = (tile, _stop_signature(tile))
        return self.stops[id(tile)][1]


GAUGES = ("standard", "narrow")
GAUGE_BIT = 2 * STOP_BIT  # marks a narrow-gauge mask in one set of both gauges' masks


def _keeps_routes(old: TileFace, new: Tile, routes: Routes) -> bool:
    """Every route survives for every gauge (narrow track upgrades to narrow or dual
    track, standard to standard or dual) under one allowed orientation of `new`. Turning
    is one-to-one on masks, so the old links lie among the new tile's turned covered
    masks exactly when the old links turned back lie among its own: a few masks turned
    rather than every covered one (`Routes.turned_back`), both gauges in one set."""
    links = routes.turned_back(old)
    covered = routes.both_covered(new)
    for way in _ways(new.rotatable, new.flippable):
        back = links.get(way)
        if back is None:  # each orientation's worked out when first asked for
            masks = routes.both_masks(old)
            back = links[way] = masks if way == (0, False) else frozenset([_back_table(*way)[m] for m in masks])
        if back <= covered:
            return True
    return False


@cache
def _ways(rotatable: bool, flippable: bool) -> tuple[tuple[int, bool], ...]:
    """The orientations a tile may be laid in, as (rotation, mirror): rotations first."""
    return tuple((r, m) for m in ((False, True) if flippable else (False,)) for r in (range(6) if rotatable else (0,)))


@cache
def _back_table(rotation: int, mirror: bool) -> tuple[int, ...]:
    """The inverse of `_turn_table`, for both gauges' masks (the gauge bit kept)."""
    back = [0] * (2 * STOP_BIT)
    for mask, turned in enumerate(_turn_table(rotation, mirror)):
        back[turned] = mask
    return tuple(back + [m | GAUGE_BIT for m in back])


def _both(by_gauge) -> frozenset[int]:
    """Masks of the two gauges (`GAUGES` order) as one set, the narrow ones marked."""
    standard, narrow = by_gauge
    return frozenset(standard) | frozenset([m | GAUGE_BIT for m in narrow])


def keeps_exits(old: TileFace, new: Tile) -> bool:
    """Some allowed rotation of `new` leaves by every edge `old` leaves by."""
    exits = set(old.exits())
    return any(exits <= {(e + r) % 6 for e in new.exits()} for r in (range(6) if new.rotatable else (0,)))


def is_upgrade(old: TileFace, new: Tile, old_colour: str, routes: Routes | None = None) -> bool:
    routes = routes or Routes()
    if NEXT_COLOUR.get(old_colour) != new.color:
        return False
    if (old.label or None) != (new.label or None):
        return False
    if dict.__ne__(routes.signature(old), routes.signature(new)):  # no zero counts: as Counters compare
        return False
    return _keeps_routes(old, new, routes)


def _kind(tile: TileFace, colour: str | None, routes: Routes) -> tuple:
    """What an upgrade must share with the tile it replaces, before its routes are compared."""
    return colour, tile.label or None, frozenset(routes.signature(tile).items())


def derive_upgrades(tile: Tile, candidates: list[Tile], routes: Routes | None = None) -> tuple[str, ...]:
    """The candidates `tile` upgrades to, in the candidates' order (as `is_upgrade` finds
    them). `routes`: a memo shared by the calls for one manifest; with it, the candidates
    are grouped by colour, label and stops once, and only a tile's own group is compared."""
    if tile.upgrades is not None:
        return tile.upgrades
    routes = routes or Routes()
    key = id(candidates)
    if key not in routes.groups:
        groups: dict[tuple, list[Tile]] = {}
        for c in candidates:
            groups.setdefault(_kind(c, c.color, routes), []).append(c)
        routes.groups[key] = (candidates, groups)  # holds the list: its id stays its own
    group = routes.groups[key][1].get(_kind(tile, NEXT_COLOUR.get(tile.color), routes), [])
    return tuple(c.id for c in group if _keeps_routes(tile, c, routes))


class ManifestUpgrades:
    """The upgrades of a manifest's tiles, each worked out (`derive_upgrades`, among the
    manifest's tiles) when first asked for and kept. Loading a game does not derive
    them: `pnp tiles` never shows them, and a 10,000-tile game's 773 distinct tiles took
    0.65 s to derive. Shared by the manifest's entries (`ManifestEntry.upgrades`)."""

    def __init__(self, tiles: list[Tile]):
        self.tiles = tiles  # as read, in the manifest's order: the candidates
        self.by_id = {t.id: t for t in tiles}
        self.routes = Routes()
        self.found: dict[str, tuple[str, ...]] = {}

    def __call__(self, tile_id: str) -> tuple[str, ...]:
        if tile_id not in self.found:
            self.found[tile_id] = derive_upgrades(self.by_id[tile_id], self.tiles, self.routes)
        return self.found[tile_id]

    def __getstate__(self) -> dict:
        """Sent to another process (a game pickled for a worker that did not fork), it
        keeps the upgrades found, not the memo: that is keyed by this process's ids."""
        return {**self.__dict__, "routes": Routes()}
