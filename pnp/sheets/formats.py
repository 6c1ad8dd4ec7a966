"""Component formats from `templates/components.yaml`: the printed size of each kind
of card, certificate, charter and token, and how pieces sit on a sheet (margins,
bleed, crop marks). Loaded once; everything after is millimetres."""

from __future__ import annotations

from functools import cache

from msgspec import Struct

from pnp.errors import DataError, PnpError
from pnp.resources import templates_dir
from pnp.units import parse_length
from pnp.yamlfile import expect_mapping, read_yaml

FILE = "components.yaml"


class SheetSpec(Struct, frozen=True):
    margin: float
    footer: float
    bleed: float
    crop_marks: float  # length; 0 = none
    crop_offset: float  # from the bleed's edge to where a mark starts
    token_gap: float  # extra room between round pieces beyond their bleeds
    corner: float = 0.0  # radius of a rectangular piece's cut corners; 0 = square


class Format(Struct, frozen=True):
    """A printed size: a rectangle (width x height), a share of the printable area
    (`page` = columns, rows) or a disc (`diameter`)."""

    name: str
    width: float = 0.0
    height: float = 0.0
    page: tuple[int, int] | None = None
    diameter: float = 0.0

    @property
    def round(self) -> bool:
        return self.diameter > 0

    def size(self, frame_w: float, frame_h: float, gap: float) -> tuple[float, float]:
        """Width and height in mm on a printable area of frame_w x frame_h whose pieces
        sit `gap` apart."""
        if self.round:
            return self.diameter, self.diameter
        if self.page:
            cols, rows = self.page
            return (frame_w - (cols - 1) * gap) / cols, (frame_h - (rows - 1) * gap) / rows
        return self.width, self.height


def _path():
    return templates_dir() / FILE


def _length(field: str, value) -> float:
    try:
        length = parse_length(value)
    except ValueError as exc:
        raise DataError(_path(), field, str(exc)) from None
    if length < 0:
        raise DataError(_path(), field, f"a length cannot be negative ({value})")
    return length


@cache
def _data() -> dict:
    return expect_mapping(_path(), read_yaml(_path()), "component formats")


@cache
def sheet_spec() -> SheetSpec:
    sheet = expect_mapping(_path(), _data().get("sheet"), "sheet")
    defaults = {"margin": "8mm", "footer": "6mm", "bleed": "1mm", "crop_marks": "4mm", "crop_offset": "1mm",
                "token_gap": "1.5mm", "corner": "0mm"}
    unknown = set(sheet) - set(defaults)
    if unknown:
        raise DataError(_path(), f"sheet.{sorted(unknown)[0]}", f"unknown setting (known: {', '.join(defaults)})")
    return SheetSpec(**{k: _length(f"sheet.{k}", sheet.get(k, v)) for k, v in defaults.items()})


def _format(name: str, spec) -> Format:
    where = f"formats.{name}"
    spec = expect_mapping(_path(), spec, where)
    if "diameter" in spec:
        return Format(name, diameter=_length(f"{where}.diameter", spec["diameter"]))
    if "page" in spec:
        page = spec["page"]
        if not (isinstance(page, list) and len(page) == 2 and all(isinstance(n, int) and n >= 1 for n in page)):
            raise DataError(_path(), f"{where}.page", f"must be [columns, rows] of whole numbers, not {page!r}")
        return Format(name, page=(page[0], page[1]))
    if "width" not in spec or "height" not in spec:
        raise DataError(_path(), where, "needs width and height, page: [columns, rows], or diameter")
    return Format(name, width=_length(f"{where}.width", spec["width"]),
                  height=_length(f"{where}.height", spec["height"]))


@cache
def formats() -> dict[str, Format]:
    raw = expect_mapping(_path(), _data().get("formats"), "formats")
    return {str(name): _format(str(name), spec) for name, spec in raw.items()}


def format_named(name: str, where: str = "") -> Format:
    """A format by name; `where` says who asked, for the error."""
    known = formats()
    if name not in known:
        raise PnpError(f"{where + ': ' if where else ''}unknown size '{name}' "
                       f"(templates/{FILE} formats: {', '.join(known)})")
    return known[name]


@cache
def component_format(kind: str) -> Format:
    """The format a kind of piece prints in ('share', 'charter', 'station' ...); kept,
    as the file is (every token and charter asks)."""
    mapping = expect_mapping(_path(), _data().get("components"), "components")
    if kind not in mapping:
        raise DataError(_path(), "components", f"no format for '{kind}'")
    return format_named(str(mapping[kind]), f"templates/{FILE}: components.{kind}")
