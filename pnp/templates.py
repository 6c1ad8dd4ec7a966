"""Loading what a user may restyle without code: paper sizes, sheet layouts, themes,
component formats. All from `templates/`.

Their values are named tuples (immutable, compared and hashed by value, changed by
`_replace`), not frozen dataclasses: pnp starts without msgspec, and making a frozen
dataclass's class compiles its six methods, ~4 M instructions for three fields and ~7 M
for eleven, on `pnp build`'s serial start. Annotations are not postponed here, so that
making a named tuple's class compiles nothing either (~0.1 M; a postponed annotation is
compiled into a ForwardRef, ~0.1 M a field)."""

import re
from functools import cache
from pathlib import Path
from typing import NamedTuple

from pnp.draw.color import check_colors
from pnp.errors import DataError, PnpError
from pnp.render.style import Style
from pnp.resources import templates_dir
from pnp.units import parse_length
from pnp.names import plain_name
from pnp.yamlfile import expect_mapping, read_yaml


def settings_file(relative: str, cls, *, choices: dict[str, tuple[str, ...]] | None = None,
                  numbers: dict[str, type] | None = None, what: str = "settings"):
    """A `templates/` YAML file of settings read into the struct `cls`. Every field
    is a length with a unit unless it is in `choices` (one of the given words) or in
    `numbers` (a positive int or float); an unknown key or a bad value is a DataError
    naming the file and the key. Absent keys keep the struct's defaults."""
    path = templates_dir() / relative
    data = expect_mapping(path, read_yaml(path), what)
    choices, numbers = choices or {}, numbers or {}
    fields = cls.__struct_fields__
    values = {}
    for key, value in data.items():
        if key not in fields:
            raise DataError(path, key, f"unknown setting (known: {', '.join(fields)})")
        if key in choices:
            if value not in choices[key]:
                raise DataError(path, key, f"'{value}' is not one of {', '.join(choices[key])}")
            values[key] = value
        elif key in numbers:
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
                raise DataError(path, key, f"must be a positive number, not {value!r}")
            values[key] = numbers[key](value)
        else:
            values[key] = _length(path, key, value)
            if values[key] < 0:
                raise DataError(path, key, f"a length cannot be negative ({value})")
    return cls(**values)


class Paper(NamedTuple):
    name: str
    width: float  # mm
    height: float


_CUSTOM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*mm\s*$", re.I)


def _length(path: Path, field: str, value) -> float:
    try:
        return parse_length(value)
    except ValueError as exc:
        raise DataError(path, field, str(exc)) from None


@cache
def paper_sizes() -> dict[str, Paper]:
    path = templates_dir() / "paper.yaml"
    data = expect_mapping(path, read_yaml(path), "paper sizes")
    return {
        name: Paper(name, _length(path, f"{name}.width", spec.get("width")), _length(path, f"{name}.height", spec.get("height")))
        for name, spec in data.items()
    }


def paper(name: str) -> Paper:
    """A named paper ('a4', 'letter', ...) or a custom size written '300x400mm'."""
    match = _CUSTOM.match(name)
    if match:
        w, h = float(match.group(1)), float(match.group(2))
        if w < 50 or h < 50:
            raise PnpError(f"paper {name} is too small (at least 50 x 50 mm)")
        return Paper(name, w, h)
    sizes = paper_sizes()
    key = name.lower()
    if key not in sizes:
        raise PnpError(f"unknown paper '{name}' (known: {', '.join(sizes)}, or WxHmm such as 300x400mm)")
    return sizes[key]


class SheetLayout(NamedTuple):
    name: str
    kind: str  # individual | tessellated | die
    tile: float
    margin: float
    footer: float
    gap: float = 0.0
    bleed: float = 0.0
    columns: int = 0
    rows: int = 0
    column_gap: float = 0.0


LAYOUT_KINDS = ("individual", "tessellated", "die")


@cache
def tile_layouts() -> dict[str, SheetLayout]:
    path = templates_dir() / "sheets" / "tiles.yaml"
    data = expect_mapping(path, read_yaml(path), "tile sheet layouts")
    defaults = expect_mapping(path, data.get("defaults"), "defaults")
    out = {}
    for name, spec in expect_mapping(path, data.get("layouts"), "layouts").items():
        spec = {**defaults, **spec}
        kind = spec.get("kind", name)
        if kind not in LAYOUT_KINDS:
            raise DataError(path, f"layouts.{name}.kind", f"unknown layout kind '{kind}' (known: {', '.join(LAYOUT_KINDS)})")
        lengths = {k: _length(path, f"layouts.{name}.{k}", spec[k])
                   for k in ("tile", "margin", "footer", "gap", "bleed", "column_gap") if k in spec}
        out[name] = SheetLayout(name, kind, columns=int(spec.get("columns", 0)), rows=int(spec.get("rows", 0)), **lengths)
    return out


def tile_layout(name: str) -> SheetLayout:
    layouts = tile_layouts()
    if name not in layouts:
        raise PnpError(f"unknown layout '{name}' (known: {', '.join(layouts)})")
    return layouts[name]


@cache
def theme(name: str = "default") -> Style:
    folder = templates_dir() / "themes"
    path = folder / f"{plain_name(name, 'theme')}.yaml"
    if not path.exists():
        known = sorted(p.stem for p in folder.glob("*.yaml"))
        raise PnpError(f"unknown theme '{name}' (known: {', '.join(known)})")
    data = expect_mapping(path, read_yaml(path), "a theme")
    colors = expect_mapping(path, data.get("colors"), "colors")
    check_colors(colors, path)
    base = theme(data["extends"]).colors if data.get("extends") else {}
    merged = {**base, **{str(k): str(v) for k, v in colors.items()}}
    if name != "default":  # every theme names every colour the default theme does
        missing = [c for c in theme("default").colors if c not in merged]
        if missing:
            raise DataError(path, f"colors.{missing[0]}", f"the theme has no colour '{missing[0]}'"
                            + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""))
    return Style(name, merged)


def theme_names() -> list[str]:
    return sorted(p.stem for p in (templates_dir() / "themes").glob("*.yaml"))


class MarketSizes(NamedTuple):
    """templates/market.yaml, in mm."""

    cell_width: float
    cell_height: float
    value_size: float
    title_size: float
    text_size: float
    swatch: float
    legend_column: float
    padding: float
    gap: float
    outline: float
    rule: float


@cache
def market_sizes() -> MarketSizes:
    path = templates_dir() / "market.yaml"
    data = expect_mapping(path, read_yaml(path), "market sizes")
    cell = expect_mapping(path, data.get("cell"), "cell")
    names = ("value_size", "title_size", "text_size", "swatch", "legend_column", "padding", "gap", "outline", "rule")
    missing = [n for n in ("cell", *names) if n not in data] + [f"cell.{k}" for k in ("width", "height") if k not in cell]
    if missing:
        raise DataError(path, missing[0], "missing")
    return MarketSizes(_length(path, "cell.width", cell["width"]), _length(path, "cell.height", cell["height"]),
                       **{n: _length(path, n, data[n]) for n in names})


@cache
def aid_sizes(name: str) -> dict[str, float]:
    """One section of templates/aids.yaml (the tile manifest sheet, the upgrade chart):
    lengths in mm, plain numbers (counts) as they are."""
    path, data = _aids_file()
    if name not in data:
        raise DataError(path, name, "missing section")
    out = {}
    for key, value in expect_mapping(path, data[name], name).items():
        out[key] = float(value) if isinstance(value, (int, float)) else _length(path, f"{name}.{key}", value)
    return out


@cache
def _aids_file() -> tuple[Path, dict]:
    """templates/aids.yaml as read, once for all its sections."""
    path = templates_dir() / "aids.yaml"
    return path, expect_mapping(path, read_yaml(path), "play aid sizes")
