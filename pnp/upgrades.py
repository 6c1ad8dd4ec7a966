"""Which tiles a tile upgrades to, when the data does not say: the next colour, the
same label, the same stops, and a rotation that keeps every existing exit."""

from __future__ import annotations

from collections import Counter

from pnp.model.tile import TILE_COLOURS, Tile

NEXT_COLOUR = {a: b for a, b in zip(TILE_COLOURS, TILE_COLOURS[1:])}


def _stop_signature(tile: Tile) -> Counter:
    """Stops that must survive an upgrade (halts count as towns: a halt may become a town)."""
    kinds = Counter()
    for s in tile.stops:
        if s.kind == "junction":
            continue
        kinds["town" if s.kind == "halt" else s.kind] += 1
    return kinds


def _keeps_exits(old: Tile, new: Tile) -> bool:
    exits = set(old.exits())
    rotations = range(6) if new.rotatable else (0,)
    new_exits = set(new.exits())
    return any(exits <= {(e + r) % 6 for e in new_exits} for r in rotations)


def is_upgrade(old: Tile, new: Tile) -> bool:
    if NEXT_COLOUR.get(old.color) != new.color:
        return False
    if (old.label or None) != (new.label or None):
        return False
    if _stop_signature(old) != _stop_signature(new):
        return False
    return _keeps_exits(old, new)


def derive_upgrades(tile: Tile, candidates: list[Tile]) -> tuple[str, ...]:
    if tile.upgrades is not None:
        return tile.upgrades
    return tuple(c.id for c in candidates if is_upgrade(tile, c))
