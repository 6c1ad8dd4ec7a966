"""Bounds no real game meets, so that a slip in the data (a count of 1,000,000, a kit
of 50,000 pages) is an error in a second rather than a machine out of memory. A game
that really is larger raises them in game.yaml (`limits: {tile_pieces: 5000}`)."""

from __future__ import annotations

DEFAULTS = {
    "tile_pieces": 2000,  # the largest 18xx tile manifests hold a few hundred
    "pages": 600,  # a kit: 1860's has under 100
}


def limit(info, name: str) -> int:
    """The bound `name` for a game (its game.yaml `limits`, else pnp's default)."""
    given = getattr(info, "limits", None) or {}
    return int(given.get(name, DEFAULTS[name]))
