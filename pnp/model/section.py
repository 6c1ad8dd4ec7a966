"""Map sections: pieces of hex map that are put together into a game's map before
play (18-XY). Pure data; `pnp/load_sections.py` reads them, `pnp/compose.py` puts
them together.

A section is written like a small map (`map.yaml`'s hexes, on the same doubled
coordinates, letters naming columns) with three things a map hex cannot say:

- `city: true`: a city hex (Stadt-Feld). Its station is a possible home station; a
  station on a land hex is not ("Land-Felder mit einem Bahnhof ... sind keine
  Heimatbahnhoefe").
- `sight: NAME`: a sight (Sehenswuerdigkeit): a halt built here pays 30 more.
- `lake: true`: a lake: no track may be built on it or end at it (its `name`, if any,
  is the lake's).

Every hex of the section is listed, plain ones too, so the section's shape is its
list of hexes.
"""


from typing import Annotated

from msgspec import Meta, Struct

from pnp.geometry.grid import GridPos
from pnp.model.base import Frozen
from pnp.model.map import Coordinates, HexEntry, prepare_hexes


class SectionHex(HexEntry):
    city: bool = False
    sight: str | None = None
    lake: bool = False

    @classmethod
    def prepare(cls, data, read_code=None):
        """A face's compact form as fields; a lake is blue."""
        data = super().prepare(data, read_code)
        if isinstance(data, dict) and data.get("lake") and "color" not in data:
            data = {**data, "color": "blue"}
        return data

    def __post_init__(self):
        super().__post_init__()
        cities = [s for s in self.stops if s.kind == "city"]
        if self.city and len(cities) != 1:
            raise ValueError("a city hex has exactly one station (a city stop)")
        if self.sight and self.stops:
            raise ValueError("a sight lies on a hex without a station or halt (a halt may be built there later)")
        if self.lake and (self.stops or self.paths or self.terrain):
            raise ValueError("a lake has no stations, track or terrain")
        if self.lake and self.sight:
            raise ValueError("a lake cannot hold a sight")

    def label_name(self) -> str | None:
        """The name printed on the hex: a city's in capitals, a sight's after a star."""
        if self.sight:
            return f"\u2605 {self.sight}"
        if self.name and self.city:
            return self.name.upper()
        return self.name


class SectionFile(Frozen):
    """One file of `sections/`."""

    name: str
    description: str | None = None
    coordinates: Coordinates = Coordinates()
    hexes: Annotated[tuple[SectionHex, ...], Meta(min_length=1)]
    notes: str | None = None

    @classmethod
    def prepare(cls, data, read_code=None):
        return prepare_hexes(SectionHex, data, read_code)


class SectionCell(Struct, frozen=True):
    """One hex of a section: where it sits on the section's own grid and what it is."""

    coord: str
    pos: GridPos
    hex: SectionHex

    @property
    def stations(self) -> int:
        return sum(1 for s in self.hex.stops if s.kind == "city")

    @property
    def halts(self) -> int:
        return sum(1 for s in self.hex.stops if s.kind == "town")


class MapSection(Struct, frozen=True):
    key: str  # the file name without .yaml
    name: str
    description: str | None
    cells: tuple[SectionCell, ...]

    @property
    def stations(self) -> int:
        """Bahnhoefe: every station, on a city or a land hex."""
        return sum(c.stations for c in self.cells)

    @property
    def home_stations(self) -> int:
        return sum(c.stations for c in self.cells if c.hex.city)

    @property
    def halts(self) -> int:
        return sum(c.halts for c in self.cells)

    @property
    def sights(self) -> int:
        return sum(1 for c in self.cells if c.hex.sight)

    @property
    def lakes(self) -> int:
        return sum(1 for c in self.cells if c.hex.lake)

    def centre(self) -> GridPos:
        """The grid position nearest the middle of the section (rotations turn about it)."""
        cols = sorted(c.pos.col for c in self.cells)
        rows = sorted(c.pos.row for c in self.cells)
        mid = GridPos(cols[len(cols) // 2], rows[len(rows) // 2])
        return min((c.pos for c in self.cells),
                   key=lambda p: ((p.col - mid.col) ** 2 * 3 + (p.row - mid.row) ** 2, p.col, p.row))
