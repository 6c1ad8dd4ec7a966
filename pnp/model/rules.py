"""Trains, phases, the stock market, extra game cards and per-player-count rules."""

import re
from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta

from pnp.model.base import FieldError, Frozen, HexColour, check_known, set_field
from pnp.model.text import Text

UNLIMITED = "unlimited"


class Train(Frozen):
    name: str  # as the game writes it: "2", "3+2", "D", "8E"
    count: Union[int, Literal["unlimited"]]
    price: Annotated[int, Meta(ge=0)]
    rusts_on: str | None = None
    obsolete_on: str | None = None
    events: tuple[Text, ...] = ()
    notes: Text | None = None
    printed: Annotated[int, Meta(ge=0, description="cards to print where count is unlimited")] | None = None
    back: Annotated[str, Meta(
        description="the train printed on the card's back, which the card becomes when turned over (18-XY: an "
                    "obsolete train turns into a '12')")] | None = None
    by_companies: Annotated[dict[int, int], Meta(
        description="trains in the stack by the number of companies in play (18-XY); `count` is the cards "
                    "printed")] = {}

    def __post_init__(self):
        if isinstance(self.count, int) and self.count < 0:
            raise FieldError("count", f"negative count {self.count}")
        for companies, n in self.by_companies.items():
            if n < 0:
                raise ValueError(f"by_companies.{companies}: negative count {n}")
            if isinstance(self.count, int) and n > self.count:
                raise ValueError(f"by_companies.{companies}: {n} trains, but only {self.count} cards are printed")

    @property
    def cards(self) -> int:
        """How many physical train cards to print."""
        if self.count == UNLIMITED:
            return self.printed or 0
        return self.count


class Phase(Frozen):
    name: str
    on: str | None = None  # the train whose first purchase starts the phase
    trigger: Text | None = None  # what starts a phase that no train starts (1860's British Rail)
    tiles: tuple[str, ...]
    # a number, or a text where the count is not a number ("ORs only"): a `Text` once read
    operating_rounds: Union[Annotated[int, Meta(ge=1)], str, dict[str, str]]
    train_limit: Union[int, str, dict[str, str]]
    events: tuple[Text, ...] = ()
    notes: Text | None = None

    def __post_init__(self):
        for name in ("operating_rounds", "train_limit"):
            value = getattr(self, name)
            if not isinstance(value, int):
                try:
                    set_field(self, name, Text.parse(value))
                except ValueError as exc:
                    raise FieldError(name, str(exc)) from None

    @staticmethod
    def bare_on(data):
        """YAML 1.1 reads a bare `on:` key as true; it can only mean `on`."""
        if isinstance(data, dict) and any(k is True for k in data) and "on" not in data:
            data = {("on" if k is True else k): v for k, v in data.items()}
        return data


class TrainsFile(Frozen):
    trains: Annotated[tuple[Train, ...], Meta(min_length=1)]
    notes: str | None = None
    decisions: dict[str, Any] = {}


class PhasesFile(Frozen):
    phases: Annotated[tuple[Phase, ...], Meta(min_length=1)]
    notes: str | None = None
    decisions: dict[str, Any] = {}

    @classmethod
    def prepare(cls, data, read_code=None):
        if isinstance(data, dict) and isinstance(data.get("phases"), list):
            data = {**data, "phases": [Phase.bare_on(p) for p in data["phases"]]}
        return data


# --- market -----------------------------------------------------------------------

_CELL = re.compile(r"^(-?\d+)([a-z]*)$")


class Zone(Frozen):
    """A kind of market cell: its colour, a mark that survives greyscale printing,
    and the game's own wording for the legend."""

    name: Text
    color: HexColour
    mark: Literal["none", "dots", "hatch", "cross", "bar", "star", "ring"] = "none"
    legend: Text


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


class Movement(Frozen):
    """When a price marker moves, in the game's own words (for the market's legend)."""

    right: Text | None = None
    left: Text | None = None
    up: Text | None = None
    down: Text | None = None


class ParChart(Frozen):
    """Where directors set their company's starting price. Without `values`, the
    market's par cells give them."""

    title: Text | None = None  # default: pnp's own words ("Par values"), in the kit's language
    values: tuple[int, ...] | None = None
    legend: Text | None = None


class RevenueTrack(Frozen):
    """A numbered track on which each company's marker shows its last revenue (1860's
    revenue table, 1851's Dividend Payout Track)."""

    title: Text
    start: int = 0
    end: int
    step: Annotated[int, Meta(ge=1)] = 1
    per_row: Annotated[int, Meta(ge=1, le=40)] = 10
    legend: Text | None = None  # what a space's number means
    decision: str | None = None  # why this range, where the sources are silent

    def __post_init__(self):
        if self.end <= self.start:
            raise ValueError(f"end ({self.end}) must be above start ({self.start})")
        if (self.end - self.start) % self.step:
            raise ValueError(f"end - start ({self.end - self.start}) is not a whole number of steps of {self.step}")
        if (self.end - self.start) // self.step + 1 > 400:
            raise ValueError("more than 400 spaces: use a larger step")

    def spaces(self) -> list[int]:
        return list(range(self.start, self.end + 1, self.step))


class RoundSpace(Frozen):
    name: Text  # "Stock Round", "Operating Round 2"
    short: Text  # "SR", "OR 2"


class RoundTracker(Frozen):
    """The spaces the round marker moves through. Without `rounds`: a stock round and
    as many operating rounds as the game's phases ever have."""

    title: Text | None = None  # default: pnp's own words ("Rounds"), in the kit's language
    rounds: tuple[RoundSpace, ...] | None = None
    phases: bool = True  # show the phases with their operating rounds beneath


class Market(Frozen):
    kind: Literal["grid", "row", "zigzag"]
    rows: tuple[tuple[Cell | None, ...], ...]
    zones: dict[str, Zone] = {}
    par_zone: str | None = None
    notes: str | None = None
    decisions: dict[str, Any] = {}
    title: Text | None = None  # printed above the market; default pnp's own words ("Stock Market")
    movement: Movement | None = None
    par_chart: ParChart | None = None
    revenue_track: RevenueTrack | None = None
    round_tracker: RoundTracker | None = None

    @classmethod
    def prepare(cls, data, read_code=None):
        """Cells as people write them (`70p`) read into cells (the converter keeps them)."""
        if isinstance(data, dict) and "rows" in data and isinstance(data["rows"], list):
            rows = []
            for i, row in enumerate(data["rows"]):
                if not isinstance(row, list):
                    raise ValueError(f"rows[{i}] must be a list of cells")
                try:
                    rows.append([c if isinstance(c, dict) else parse_cell(c) for c in row])
                except ValueError as exc:
                    raise ValueError(f"rows[{i}]: {exc}") from None
            data = {**data, "rows": rows}
        return data

    def __post_init__(self):
        for r, row in enumerate(self.rows):
            for c, cell in enumerate(row):
                for z in cell.zones if cell else ():
                    if z not in self.zones:
                        raise ValueError(f"rows[{r}][{c}] uses zone '{z}', which 'zones' does not define")
        if self.kind in ("row", "zigzag") and len(self.rows) != 1:
            raise ValueError(f"a {self.kind} market has exactly one row of cells")
        marks: dict[str, str] = {}
        for key, zone in self.zones.items():
            if zone.mark in marks:
                raise ValueError(f"zones '{marks[zone.mark]}' and '{key}' share the mark '{zone.mark}': give each zone "
                                 f"its own mark, so that zones stay apart when printed in greyscale")
            marks[zone.mark] = key
        if self.par_zone is not None and self.par_zone not in self.zones:
            raise ValueError(f"par_zone '{self.par_zone}' is not one of the zones ({', '.join(self.zones) or 'none'})")
        if not self.cells():
            raise ValueError("the market has no cells")

    def cells(self) -> list[Cell]:
        return [c for row in self.rows for c in row if c is not None]

    def par_values(self) -> list[int]:
        if not self.par_zone:
            return []
        return sorted({c.value for c in self.cells() if self.par_zone in c.zones})


# --- extra cards --------------------------------------------------------------------


class Table(Frozen):
    columns: tuple[Text, ...]
    # a cell is a text, or a number or nothing printed as text: a `Text` once read
    rows: tuple[tuple[Union[str, int, float, dict[str, str], None], ...], ...]

    def __post_init__(self):
        try:
            rows = tuple(tuple(Text.parse(_cell_text(x)) for x in row) for row in self.rows)
        except ValueError as exc:
            raise FieldError("rows", str(exc)) from None
        set_field(self, "rows", rows)
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(f"table row {i} has {len(row)} cells for {len(self.columns)} columns")


def _cell_text(value):
    """A table cell as a text: a number printed as written, nothing as empty."""
    return "" if value is None else value if isinstance(value, (str, dict)) else str(value)


class Card(Frozen):
    name: str
    count: Annotated[int, Meta(ge=0)]
    title: Text | None = None
    figure: str | None = None  # printed large beside the text: what the card is for at a glance (a seat's number)
    text: Text = msgspec.field(default_factory=lambda: Text(""))
    table: Table | None = None
    color: HexColour | None = None
    size: str | None = None  # a component format from templates/, default the game card size


class CardsFile(Frozen):
    cards: tuple[Card, ...] = ()
    notes: str | None = None


# --- money ---------------------------------------------------------------------------------


class Denomination(Frozen):
    """One kind of banknote and how many of it the bank holds."""

    value: Annotated[int, Meta(gt=0)]
    count: Annotated[int, Meta(ge=0)]
    color: Annotated[HexColour, Meta(
        description="the note's ground; else the theme's ramp for its currency")] | None = None


class Currency(Frozen):
    """One currency the bank prints: 1860 has pounds for players and company credits
    (CC) for companies; most games one currency for everyone."""

    name: Text  # printed on every note: "Pounds", "Company Credits", "Dollars"
    symbol: Annotated[str, Meta(
        description="default: game.yaml's currency, or rules.company_currency for a currency used by "
                    "companies")] | None = None
    used_by: Annotated[Literal["everyone", "players", "companies"], Meta(
        description="whose money it is; a companies' currency adds up to rules.company_bank, any other to "
                    "rules.bank")] = "everyone"
    denominations: Annotated[tuple[Denomination, ...], Meta(min_length=1)]
    decision: str | None = None  # why these counts, where the sources are silent

    def __post_init__(self):
        seen = set()
        for i, d in enumerate(self.denominations):
            if d.value in seen:
                raise ValueError(f"denominations[{i}]: the value {d.value} is listed twice")
            seen.add(d.value)

    @property
    def total(self) -> int:
        return sum(d.value * d.count for d in self.denominations)

    @property
    def note_count(self) -> int:
        return sum(d.count for d in self.denominations)

    def ascending(self) -> tuple[Denomination, ...]:
        return tuple(sorted(self.denominations, key=lambda d: d.value))


class Money(Frozen):
    """The bank's notes, currency by currency."""

    currencies: Annotated[tuple[Currency, ...], Meta(min_length=1)]
    notes: str | None = None

    def __post_init__(self):
        users = [c.used_by for c in self.currencies]
        for who in set(users):
            if users.count(who) > 1:
                raise ValueError(f"two currencies are used by {who}: give each its own used_by")
        if "everyone" in users and "players" in users:
            raise ValueError("a currency used by everyone and one used by players: say 'players' and 'companies'")


# --- per-player-count rules ------------------------------------------------------------


class PlayerCount(Frozen):
    cash: Annotated[int, Meta(ge=0)]
    certificate_limit: Annotated[int, Meta(ge=0)] | None = None
    privates: tuple[str, ...] | None = None


class Rules(Frozen):
    """Bank, money and what depends on the number of players."""

    bank: int | None = None
    players: dict[int, PlayerCount] = {}
    company_currency: str | None = None  # 1860 pays companies in "CC", players in pounds
    company_bank: int | None = None
    terrain_costs: Annotated[dict[str, int], Meta(
        description="build cost by terrain type, where a game prices terrain by type (18-XY); map hexes agree")] = {}
    sight_bonus: Annotated[int, Meta(ge=0, description="what a halt on a sight pays more (18-XY: 30)")] | None = None
    money: Annotated[Money, Meta(description="the bank's banknotes by currency (pnp money)")] | None = None
    notes: str | None = None
    decisions: dict[str, Any] = {}

    def __post_init__(self):
        """Each currency's notes add up to the bank they make up, and a companies'
        currency has a symbol to print."""
        self._terrain_kinds()
        for i, c in enumerate(self.money.currencies if self.money else ()):
            companies = c.used_by == "companies"
            where = f"money.currencies[{i}] ({c.name})"
            if companies and not (c.symbol or self.company_currency):
                raise ValueError(f"{where}: a currency used by companies needs a symbol (or rules.company_currency)")
            bank, field = (self.company_bank, "company_bank") if companies else (self.bank, "bank")
            if bank is not None and c.total != bank:
                raise ValueError(f"{where}: the notes add up to {c.total}, but {field} is {bank}; "
                                 f"change the counts or the bank")

    def _terrain_kinds(self):
        from pnp.model.tile import TERRAIN_KINDS

        for kind, cost in self.terrain_costs.items():
            check_known(kind, TERRAIN_KINDS, "terrain", "terrain_costs")
            if cost < 0:
                raise FieldError("terrain_costs", f"negative cost {cost} for {kind}")
