"""A game's `print:` settings in game.yaml, checked value by value: each a one-line
error naming game.yaml and the setting, never a crash later in the build."""

from __future__ import annotations

import math
from pathlib import Path

from pnp.errors import DataError
from pnp.names import is_plain

CHOICES = {"duplex": ("none", "long", "short")}
NAMES = ("lang", "theme", "tile_layout", "layout")  # pick a bundled file or one of the game's own
MAX_BLEED_MM = 20.0


def checked_print(path: Path, settings: dict, known) -> dict:
    """`settings` with each value checked (and `only` as a list joined with commas)."""
    out = {}
    for key, value in settings.items():
        field = f"print.{key}"
        if key not in known:
            raise DataError(path, field, f"unknown print setting (known: {', '.join(known)})")
        out[key] = _value(path, field, key, value)
    return out


def _value(path: Path, field: str, key: str, value):
    def bad(expected: str):
        return DataError(path, field, f"expected {expected}, not {str(value)[:40]!r}")

    if key == "scale":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise bad("a number such as 1.02")
        if not 0 < value <= 2:
            raise DataError(path, field, f"{value} is outside 0-2")
        return float(value)
    if key == "paper":
        if not isinstance(value, str):
            raise bad("a paper name (a4, letter, a3, tabloid) or WxHmm")
        return value
    if key == "bleed":
        if isinstance(value, str):
            return value
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_BLEED_MM:
            raise bad(f"a length such as 2mm, or a number of mm from 0 to {MAX_BLEED_MM:g}")
        return float(value)
    if key in ("crop_marks", "cut_contour"):
        if not isinstance(value, bool):
            raise bad("true or false")
        return value
    if key in CHOICES:
        if value not in CHOICES[key]:
            raise bad(" or ".join(CHOICES[key]))
        return value
    if key == "only":
        items = value.split(",") if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise bad("component names such as 'tiles,map' or a list of them")
        return ",".join(i.strip() for i in items)
    if key in NAMES:
        if not is_plain(value):
            raise bad("a plain name (letters, digits, '-' and '_')")
        return value
    return value
