"""Trains, phases, the stock market, extra game cards and per-player-count rules."""

from __future__ import annotations

import re
from typing import Literal, Union

from pydantic import Field, field_validator, model_validator

from pnp.model.base import Frozen

UNLIMITED = "unlimited"


class Train(Frozen):
    name: str  # as the game writes it: "2", "3+2", "D", "8E"
    count: Union[int, Literal["unlimited"]]
    price: int = Field(ge=0)
    rusts_on: str | None = None
    obsolete_on: str | None = None
    events: tuple[str, ...] = ()
    notes: str | None = None
    printed: int | None = Field(None, ge=0, description="cards to print where count is unlimited")

    @field_validator("count")
    @classmethod
    def _count(cls, v):
        if isinstance(v, int) and v < 0:
            raise ValueError(f"negative count {v}")
        return v

    @property
    def cards(self) -> int:
        """How many physical train cards to print."""
        if self.count == UNLIMITED:
            return self.printed or 0
        return self.count


class Phase(Frozen):
    name: str
    on: str | None = None  # the train whose first purchase starts the phase
    tiles: tuple[str, ...]
    operating_rounds: int = Field(ge=1)
    train_limit: int | str
    events: tuple[str, ...] = ()
    notes: str | None = None


class TrainsFile(Frozen):
    trains: tuple[Train, ...] = Field(min_length=1)
    notes: str | None = None
    decisions: dict[str, object] = Field(default_factory=dict)


class PhasesFile(Frozen):
    phases: tuple[Phase, ...] = Field(min_length=1)
    notes: str | None = None


# --- market -----------------------------------------------------------------------

_CELL = re.compile(r"^(-?\d+)([a-z]*)$")


class Zone(Frozen):
    """A kind of market cell: its colour, a mark that survives greyscale printing,
    and the game's own wording for the legend."""

    name: str
    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    mark: Literal["none", "dots", "hatch", "cross", "bar", "star", "ring"] = "none"
    legend: str


class Cell(Frozen):
    value: int
    zones: tuple[str, ...] = ()


def parse_cell(text) -> Cell | None:
    """`70p` is 70 in zone p; `""` or null is no cell (a 2D market's ragged edge)."""
    if text is None or text == "":
        return None
    if isinstance(text, int) and not isinstance(text, bool):
        return Cell(value=text)
    match = _CELL.match(str(text).strip())
    if not match:
        raise ValueError(f"a market cell is a number followed by zone letters, such as 70p, not {text!r}")
    return Cell(value=int(match.group(1)), zones=tuple(match.group(2)))


class Market(Frozen):
    kind: Literal["grid", "row", "zigzag"]
    rows: tuple[tuple[Cell | None, ...], ...]
    zones: dict[str, Zone] = Field(default_factory=dict)
    par_zone: str | None = None
    notes: str | None = None
    decisions: dict[str, object] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _cells(cls, data):
        if isinstance(data, dict) and "rows" in data and isinstance(data["rows"], list):
            rows = []
            for i, row in enumerate(data["rows"]):
                if not isinstance(row, list):
                    raise ValueError(f"rows[{i}] must be a list of cells")
                try:
                    rows.append([c if isinstance(c, (dict, Cell)) else parse_cell(c) for c in row])
                except ValueError as exc:
                    raise ValueError(f"rows[{i}]: {exc}") from None
            data = {**data, "rows": rows}
        return data

    @model_validator(mode="after")
    def _zones_known(self):
        for r, row in enumerate(self.rows):
            for c, cell in enumerate(row):
                for z in cell.zones if cell else ():
                    if z not in self.zones:
                        raise ValueError(f"rows[{r}][{c}] uses zone '{z}', which 'zones' does not define")
        if self.kind in ("row", "zigzag") and len(self.rows) != 1:
            raise ValueError(f"a {self.kind} market has exactly one row of cells")
        return self

    def cells(self) -> list[Cell]:
        return [c for row in self.rows for c in row if c is not None]

    def par_values(self) -> list[int]:
        if not self.par_zone:
            return []
        return sorted({c.value for c in self.cells() if self.par_zone in c.zones})


# --- extra cards --------------------------------------------------------------------


class Table(Frozen):
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    @field_validator("rows", mode="before")
    @classmethod
    def _text(cls, v):
        return [[("" if x is None else str(x)) for x in row] for row in v]

    @model_validator(mode="after")
    def _widths(self):
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(f"table row {i} has {len(row)} cells for {len(self.columns)} columns")
        return self


class Card(Frozen):
    name: str
    count: int = Field(ge=0)
    title: str | None = None
    text: str = ""
    table: Table | None = None
    color: str | None = Field(None, pattern=r"^#[0-9a-fA-F]{6}$")
    size: str | None = None  # a component format from templates/, default the game card size


class CardsFile(Frozen):
    cards: tuple[Card, ...] = ()
    notes: str | None = None


# --- per-player-count rules ------------------------------------------------------------


class PlayerCount(Frozen):
    cash: int = Field(ge=0)
    certificate_limit: int | None = Field(None, ge=0)
    privates: tuple[str, ...] | None = None


class Rules(Frozen):
    """Bank, money and what depends on the number of players."""

    bank: int | None = None
    players: dict[int, PlayerCount] = Field(default_factory=dict)
    company_currency: str | None = None  # 1860 pays companies in "CC", players in pounds
    company_bank: int | None = None
    notes: str | None = None
    decisions: dict[str, object] = Field(default_factory=dict)
