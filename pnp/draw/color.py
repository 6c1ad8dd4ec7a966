"""Colours as pnp draws them: `#rgb`, `#rrggbb`, a few plain names, or `none`.

Anything else is refused where it is written: a node made with a bad colour raises
`ColorError`, and a game's `colors:` or a theme that holds one is a `DataError`
naming the file and the field (`check_colors`)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pnp.errors import DataError, PnpError

NAMED = {
    "black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
    "yellow": "#ffff00", "gray": "#808080", "grey": "#808080", "orange": "#ffa500",
}

RGB = tuple[float, float, float]


class ColorError(PnpError, ValueError):
    """A colour pnp cannot draw."""


@lru_cache(maxsize=None)
def parse_color(text: str) -> RGB | None:
    """(r, g, b) in 0..1, or None for `none`; a node also takes SVG's colour keywords
    (a tile's mark may be "purple"); ColorError for anything else."""
    try:
        return _strict(text)
    except ColorError:
        keyword = _keywords().get(text.strip().lower()) if isinstance(text, str) else None
        if keyword is None:
            raise
        return keyword


@lru_cache(maxsize=1)
def _keywords() -> dict:
    """SVG's keyword table, cairosvg's (a table only: nothing is parsed). Its module is
    loaded on its own where it can be: through its package it would bring cairosvg's
    renderer and cairocffi (~0.5 s) along for a table."""
    import importlib.util

    spec = importlib.util.find_spec("cairosvg")
    table = spec and spec.origin and importlib.util.spec_from_file_location(
        "pnp.draw._svg_color_table", Path(spec.origin).with_name("colors.py"))
    if table and Path(table.origin).is_file():
        module = importlib.util.module_from_spec(table)
        table.loader.exec_module(module)
        colors = module.COLORS
    else:  # laid out otherwise: through the package after all
        from cairosvg.colors import COLORS as colors
    return {name: rgba[:3] for name, rgba in colors.items() if len(rgba) == 4 and rgba[3] == 1}


@lru_cache(maxsize=None)
def _strict(text: str) -> RGB | None:
    """A colour as a game or a theme may write it: hex, `none` or one of NAMED."""
    if not isinstance(text, str):
        raise ColorError(f"colour {text!r} is not text")
    value = NAMED.get(text.strip().lower(), text.strip())
    if value == "none":
        return None
    digits = value[1:]
    if value.startswith("#") and len(digits) in (3, 6) and all(c in "0123456789abcdefABCDEF" for c in digits):
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        return tuple(int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))
    raise ColorError(f"colour {text!r} is not #rgb, #rrggbb, none or one of {', '.join(sorted(NAMED))}")


def check_colors(colors: dict, file, field: str = "colors") -> None:
    """Every value of a `colors:` mapping drawable, else a DataError naming file and field."""
    for name, value in colors.items():
        try:
            _strict(value)
        except ColorError as exc:
            raise DataError(file, f"{field}.{name}", str(exc)) from None
