"""What a tile is: stops (cities, towns, halts, off-boards) and the track paths between
edges and stops. Everything drawn is derived from this; nothing here knows how.

The same face describes a numbered tile and a pre-printed map hex. Edges are numbered
0-5 clockwise from the bottom edge of a flat-topped hex; a pointy map turns the face
by 30 degrees when it draws it, so the numbers keep their meaning.
"""

from typing import Annotated, ClassVar, Literal, NamedTuple, Union

from msgspec import Meta
from msgspec.structs import replace

from pnp.model.base import FieldError, Frozen, set_field
from pnp.model.map_marks import Disc
from pnp.model.track import EDGES, GAUGE_ALIASES, GAUGES, End, Path, parse_end  # noqa: F401  (re-exported)
from pnp.model.face_parts import (  # noqa: F401  (re-exported: the face's parts live in face_parts)
    BORDER_KINDS,
    TERRAIN_KINDS,
    Border,
    Frame,
    FutureLabel,
    Icon,
    Loc,
    Mark,
    Partition,
    check_loc,
    Shape,
    Spur,
    Terrain,
)

# "none": a piece with no ground of its own, laid over another tile (18xx-maker's
# tunnel pieces 467-469); it prints on the paper's white
COLOURS = ("white", "yellow", "green", "brown", "gray", "red", "blue", "none")
TILE_COLOURS = ("yellow", "green", "brown", "gray")
Colour = Literal["white", "yellow", "green", "brown", "gray", "red", "blue", "none"]



class PhaseValue(NamedTuple):
    """A revenue that applies from a phase (named by colour or phase name) on."""

    phase: str
    value: int


Revenue = Union[int, tuple[PhaseValue, ...]]


MAX_REVENUE = 9999  # four digits: no game's stop pays more, and a revenue circle holds no more


MIN_OFFBOARD = -999  # an off-board may charge for running to it (18xx.games' 1888: -10)


def _check_revenue(value, low: int = 0):
    if isinstance(value, int) and not isinstance(value, bool) and not low <= value <= MAX_REVENUE:
        raise ValueError(f"revenue {str(value)[:20]} is outside {low}-{MAX_REVENUE}")
    return value


def _phase_revenue(value, low: int = 0):
    """Accept `{yellow: 0, green: 20}` as well as a list of pairs, and `30/50`: two
    values printed together, the phase they apply in not named (18xx-maker's 'x/y')."""
    if isinstance(value, str) and "/" in value:
        parts = value.split("/")
        if len(parts) < 2 or not all(p.strip().isdigit() for p in parts):
            raise ValueError(f"a revenue such as 30/50 is whole numbers joined by '/', not {value[:20]!r}")
        return tuple(PhaseValue("", _check_revenue(int(p), low)) for p in parts)
    if isinstance(value, dict):
        if not value:
            raise ValueError("a revenue by phase needs at least one phase")
        return tuple(PhaseValue(str(k), _check_revenue(v, low)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        for item in value:
            if isinstance(item, (list, tuple)) and len(item) == 2:
                _check_revenue(item[1], low)
    return _check_revenue(value, low)


# a revenue as written: 20, '30/50', {yellow: 20, brown: 40} or [phase, value] pairs; the
# stop's __post_init__ reads it into a `Revenue` (read_revenue)
RevenueIn = Union[int, str, dict[Union[str, int], int], tuple[PhaseValue, ...]]


def read_revenue(stop, low: int = 0) -> None:
    """The stop's revenue as written, read into a `Revenue` and checked."""
    value = stop.revenue
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():  # as lax as other numbers
        value = int(value)
    try:
        value = _phase_revenue(value, low)
        if isinstance(value, str):
            raise ValueError(f"a revenue is a number, two such as 30/50, or values by phase, not {value[:20]!r}")
    except ValueError as exc:
        raise FieldError("revenue", str(exc)) from None
    set_field(stop, "revenue", value)


class _StopBase(Frozen, tag_field="kind"):
    at: Loc = None
    kind: ClassVar[str]

    def __post_init__(self):
        check_loc(self, "at")


class City(_StopBase, tag="city"):
    kind: ClassVar[str] = "city"
    revenue: RevenueIn = 0
    slots: Annotated[int, Meta(ge=0, le=9)] = 1  # 0: a city that takes no tokens (1822's off-board cities)
    marks: tuple[Mark, ...] = ()  # companies printed in its slots, in slot order
    # a mountain pass (18xx.games `pass=`): slots in a band; a boomtown: a city that was a
    # town, the town's ring dashed inside it (18xx-maker's boomtowns)
    style: Literal["pass", "boomtown"] | None = None

    def __post_init__(self):
        super().__post_init__()
        read_revenue(self)
        homes = [m for m in self.marks if m.kind == "home"]
        if len(homes) > self.slots:
            raise ValueError(f"{len(homes)} companies marked in a city of {self.slots} slot(s)")


class Town(_StopBase, tag="town"):
    kind: ClassVar[str] = "town"
    revenue: RevenueIn = 0
    style: Literal["bar", "dot", "hidden", "boomtown"] | None = None  # boomtown: a dot in the dashed ring of the city it becomes

    def __post_init__(self):
        super().__post_init__()
        read_revenue(self)


class Halt(_StopBase, tag="halt"):
    """1860's halt: a stop that pays no revenue and shows a symbol instead."""

    kind: ClassVar[str] = "halt"
    symbol: str = "£"
    style: Literal["bar", "dot"] | None = None

    @property
    def revenue(self) -> int:
        return 0


class Offboard(_StopBase, tag="offboard"):
    kind: ClassVar[str] = "offboard"
    revenue: RevenueIn = 0

    def __post_init__(self):
        super().__post_init__()
        read_revenue(self, MIN_OFFBOARD)


class Junction(_StopBase, tag="junction"):
    """A point where track meets without a station."""

    kind: ClassVar[str] = "junction"

    @property
    def revenue(self) -> int:
        return 0


Stop = Union[City, Town, Halt, Offboard, Junction]  # told apart by `kind` in the data
STOP_KINDS = ("city", "town", "halt", "offboard", "junction")


def normalise_face(data: dict, read_code=None) -> dict:
    """Turn the compact YAML form into model fields.

    `stops: [{city: 20, slots: 2}]` becomes `{kind: city, revenue: 20, slots: 2}`;
    `track: [[0, s0, 3]]` (a chain) becomes paths 0-s0 and s0-3; `code:` in the
    18xx.games notation is read by `read_code` (code -> the same fields), which the
    loader passes to `pnp.model.convert.validate`: the model does not know the notation
    (`pnp/tilecode.py` reads it and builds the model, see `tilecode.from_code`).
    """
    if not isinstance(data, dict):
        return data
    data = dict(data)
    if "code" in data:
        code = data.pop("code")
        if not isinstance(code, str):
            raise ValueError("code must be a tile code string")
        if read_code is None:
            raise ValueError("a tile code is read when data loads: validate with pnp.tilecode.parse_tile_code "
                             "as the code reader, or build the tile with pnp.tilecode.from_code")
        parsed = read_code(code)
        for key, value in parsed.items():
            if key in data:
                raise ValueError(f"'{key}' is given both directly and in code")
            data[key] = value
    if isinstance(data.get("icons"), list):
        data["icons"] = [Icon.compact(i) for i in data["icons"]]
    if "stops" in data and isinstance(data["stops"], list):
        data["stops"] = [_normalise_stop(s, i) for i, s in enumerate(data["stops"])]
    if "track" in data:
        if "paths" in data:
            raise ValueError("give either 'track' chains or 'paths', not both")
        data["paths"] = _chains_to_paths(data.pop("track"))
    return data


def _normalise_stop(stop, index):
    if not isinstance(stop, dict):
        return stop
    if isinstance(stop.get("marks"), list):
        stop = {**stop, "marks": [Mark.compact(m) for m in stop["marks"]]}
    if "kind" in stop:
        return stop
    kinds = [k for k in STOP_KINDS if k in stop]
    if len(kinds) != 1:
        raise ValueError(
            f"stops[{index}] must name exactly one of {', '.join(STOP_KINDS)}, found {kinds or list(stop)}"
        )
    kind = kinds[0]
    out = {k: v for k, v in stop.items() if k != kind}
    out["kind"] = kind
    value = stop[kind]
    if kind == "halt":
        if value is not None:
            out["symbol"] = str(value)
    elif kind != "junction" and value is not None:
        out["revenue"] = value
    return out


def _chains_to_paths(chains):
    if not isinstance(chains, list):
        raise ValueError("track must be a list of chains such as [0, s0, 3]")
    paths = []
    for i, chain in enumerate(chains):
        if not isinstance(chain, list) or len(chain) < 2:
            raise ValueError(f"track[{i}] must list at least two ends, such as [0, 3] or [0, s0]")
        terminal, gauge, extra = False, "standard", {}
        if chain and isinstance(chain[-1], dict):  # how the chain is drawn: {color: white, bend: 5.5}
            extra, chain = chain[-1], chain[:-1]
        while chain and isinstance(chain[-1], str) and (chain[-1] == "terminal" or chain[-1] in GAUGE_ALIASES):
            if chain[-1] == "terminal":
                terminal = True
            else:
                gauge = GAUGE_ALIASES[chain[-1]]
            chain = chain[:-1]
        if len(chain) < 2:
            raise ValueError(f"track[{i}] must list at least two ends, such as [0, 3] or [0, s0]")
        try:
            ends = [parse_end(e) for e in chain]
        except ValueError as exc:
            raise ValueError(f"track[{i}]: {exc}") from None
        paths.extend({**extra, "a": a, "b": b, "terminal": terminal, "track": gauge} for a, b in zip(ends, ends[1:]))
    return paths


class TileFace(Frozen):
    """Stops, track, label and terrain: what is printed on a tile or a map hex."""

    stops: tuple[Stop, ...] = ()
    paths: tuple[Path, ...] = ()
    # 'OO', 'Norwich', 1867's 'Run to T, M, Q': it must fit its hex
    label: Annotated[str, Meta(max_length=24)] | None = None
    terrain: Terrain | None = None
    borders: tuple[Border, ...] = ()
    icons: tuple[Icon, ...] = ()
    frame: Frame | None = None
    stripes: str | None = None  # a colour: the ground is striped with it (18xx.games `stripes=`)
    partitions: tuple[Partition, ...] = ()
    future_label: FutureLabel | None = None
    stubs: tuple[int, ...] = ()  # edges with a short piece of track ending in the open
    tunnels: tuple[int, ...] = ()  # edges where track enters a tunnel: a portal is drawn there
    spurs: tuple[Spur, ...] = ()  # track from a stop ending in the open
    shapes: tuple[Shape, ...] = ()  # drawn shapes: goods squares, 18xx-maker's diamonds and circles
    discs: tuple[Disc, ...] = ()  # tokens printed on the face: a blocked city, a launch pad, small markers

    @classmethod
    def prepare(cls, data, read_code=None):
        """The compact form people type, as fields (see normalise_face)."""
        return normalise_face(data, read_code)

    def __post_init__(self):
        for name in ("stubs", "tunnels"):
            edges = getattr(self, name)
            if any(e not in EDGES for e in edges):
                raise FieldError(name, f"{name} must be edges 0-5, not {list(edges)}")
            set_field(self, name, tuple(sorted(set(edges))))
        for i, path in enumerate(self.paths):
            for end in path.ends():
                if end.kind == "stop" and end.index >= len(self.stops):
                    raise ValueError(f"track refers to stop s{end.index}, but there are {len(self.stops)} stops")
        for spur in self.spurs:
            if spur.stop >= len(self.stops):
                raise ValueError(f"a spur leaves stop s{spur.stop}, but there are {len(self.stops)} stops")
        seen = set()
        for path in self.paths:
            key = frozenset(path.ends())
            if key in seen:
                raise ValueError(f"track {path.a}-{path.b} is given twice")
            seen.add(key)

    # --- derived facts -------------------------------------------------------------

    def same_face(self, other: "TileFace") -> bool:
        """Equal stops, label, terrain and borders, and the same track in any order."""
        return (self.stops == other.stops and set(self.paths) == set(other.paths) and self.label == other.label
                and self.terrain == other.terrain and set(self.borders) == set(other.borders)
                and sorted(i.name for i in self.icons) == sorted(i.name for i in other.icons)
                and (self.frame, self.stripes, set(self.partitions), self.future_label, self.stubs, self.tunnels,
                     self.shapes, self.spurs, tuple(i.revenue for i in self.icons), self.discs)
                == (other.frame, other.stripes, set(other.partitions), other.future_label, other.stubs, other.tunnels,
                    other.shapes, other.spurs, tuple(i.revenue for i in other.icons), other.discs))

    def gauges(self) -> tuple[str, ...]:
        """The gauges of the face's track, in GAUGES order."""
        used = {p.track for p in self.paths}
        return tuple(g for g in GAUGES if g in used)

    def exits(self) -> tuple[int, ...]:
        """The edges track leaves by, sorted."""
        return tuple(sorted({e.index for p in self.paths for e in p.ends() if e.kind == "edge"}))

    def stop_paths(self, stop: int) -> list[Path]:
        ref = End("stop", stop)
        return [p for p in self.paths if ref in p.ends()]

    def stop_edges(self, stop: int) -> list[int]:
        """Edges joined directly to a stop."""
        ref = End("stop", stop)
        edges = []
        for p in self.paths:
            if ref in p.ends():
                other = p.b if p.a == ref else p.a
                if other.kind == "edge":
                    edges.append(other.index)
        return edges

    def cities(self) -> list[City]:
        return [s for s in self.stops if s.kind == "city"]

    def towns(self) -> list[Town]:
        return [s for s in self.stops if s.kind == "town"]

    def halts(self) -> list[Halt]:
        return [s for s in self.stops if s.kind == "halt"]

    def features(self) -> str:
        """A short human summary: 'city 20, 2 exits'."""
        parts = []
        for s in self.stops:
            if s.kind == "junction":
                continue
            if s.kind == "halt":
                parts.append(f"halt {s.symbol}")
                continue
            text = s.kind
            if s.kind == "city" and s.slots > 1:
                text = f"city x{s.slots}"
            parts.append(f"{text} {revenue_text(s.revenue)}")
        exits = len(self.exits())
        if exits:
            parts.append(f"{exits} exit" + ("s" if exits != 1 else ""))
        parts.extend(f"{g} gauge" for g in self.gauges() if g != "standard")
        if self.label:
            parts.append(f"label {self.label}")
        if self.terrain:
            parts.append(f"terrain {self.terrain.cost}")
        parts.extend(f"icon {i.name}" for i in self.icons)
        return ", ".join(parts) or "blank"


def with_stop_styles(face, styles: dict[str, str]):
    """The face with the game's drawing style for a kind of stop (1860 draws every
    town as a dot and every halt as a bar) where the data gives a stop none."""
    if not styles:
        return face
    stops = tuple(
        replace(s, style=styles[s.kind]) if s.kind in styles and getattr(s, "style", "x") is None else s
        for s in face.stops)
    return replace(face, stops=stops) if stops != face.stops else face


def revenue_text(revenue: Revenue) -> str:
    if isinstance(revenue, int):
        return str(revenue)
    return "/".join(str(pv.value) for pv in revenue)


class Tile(TileFace):
    """A numbered track tile."""

    id: str
    color: Colour
    color2: Colour | None = None  # a two-coloured tile (18xx-maker's green/brown): both phases' colours
    upgrades: tuple[str, ...] | None = None
    rotatable: bool = True
    stage: str | None = None
    flippable: bool = False
    note: str | None = None
    name: str | None = None  # a place name printed on the tile (18xx-maker's London, Venezia)
    # the printed ground when it is not `color`'s: a colour game.yaml `colors:` names (21Moon's
    # light gray launch pads); `color` stays the tile's phase colour (checked when tiles load)
    ground: Annotated[str, Meta(min_length=1, max_length=40)] | None = None

    @classmethod
    def prepare(cls, data, read_code=None):
        """The face's compact form as fields; the id and upgrades as text (YAML reads
        `57` as a number)."""
        data = normalise_face(data, read_code)
        if not isinstance(data, dict):
            return data
        if "id" in data:
            v = data["id"]
            if isinstance(v, bool) or not isinstance(v, (str, int)) or str(v).strip() == "":
                raise FieldError("id", f"a tile id must be a non-empty string or number, not {v!r}")
            data["id"] = str(v)
        if data.get("upgrades") is not None:
            if not isinstance(data["upgrades"], list):
                raise FieldError("upgrades", "upgrades must be a list of tile ids")
            data["upgrades"] = [str(x) for x in data["upgrades"]]
        return data
