"""Track on a face: the ends of a path (an edge or a stop), its gauge, and how it is
drawn when that is part of what the piece shows (a coloured track, a bent track that
bows round the centre, parallel lanes). Re-exported by `pnp.model.tile`."""

import functools
from typing import Annotated, Any, Literal, NamedTuple, Union

from msgspec import Meta

from pnp.model.base import FieldError, Frozen, set_field
from pnp.model.face_parts import Loc, check_loc

EDGES = range(6)


class End(NamedTuple):
    """One end of a track path: an edge midpoint or a stop (by its index in `stops`)."""

    kind: Literal["edge", "stop"]
    index: int

    def __str__(self) -> str:
        return str(self.index) if self.kind == "edge" else f"s{self.index}"


def parse_end(value) -> End:
    """`3` is edge 3; `s1` is stop 1."""
    if isinstance(value, End):
        return value
    if isinstance(value, (list, tuple)) and len(value) == 2:
        kind, index = value
        if kind not in ("edge", "stop") or isinstance(index, bool) or not isinstance(index, int):
            raise ValueError(f"a track end is [edge, 0-5] or [stop, index], not {list(value)!r}")
        if index < 0 or (kind == "edge" and index not in EDGES):
            raise ValueError(f"{kind} {index} is outside {'0-5' if kind == 'edge' else 'the stops'}")
        return _end(kind, index)
    if isinstance(value, int) and not isinstance(value, bool):
        if value not in EDGES:
            raise ValueError(f"edge {value} is outside 0-5")
        return _end("edge", value)
    if isinstance(value, str) and value[:1] == "s" and value[1:].isdigit():
        return _end("stop", int(value[1:]))
    raise ValueError(f"a track end is an edge 0-5 or a stop such as s0, not {value!r}")


@functools.cache
def _end(kind: str, index: int) -> End:
    """One End value per end: a game's hundreds of paths name the same few ends, and a
    value shared is pickled once (`pnp build`'s loading child sends the game back:
    1858's 802 ends were 15 kB of its 49 kB and a Python call each way)."""
    return End(kind, index)


def _end_key(end: End) -> tuple[int, int]:
    return (0 if end.kind == "edge" else 1, end.index)


# standard, narrow and dual gauge; `thin` a line that is not full track (a ferry, a
# route), `future` track still to be built (dashed). 18xx-maker says line and dashed.
GAUGES = ("standard", "narrow", "dual", "thin", "future")
GAUGE_ALIASES = {"broad": "standard", "normal": "standard", "standard": "standard", "narrow": "narrow", "dual": "dual",
                 "thin": "thin", "line": "thin", "future": "future", "dashed": "future"}


class Path(Frozen):
    a: Union[int, str, tuple[Any, ...]]  # as written (3, "s1", [stop, 1]); an End once read
    b: Union[int, str, tuple[Any, ...]]
    terminal: bool = False
    track: str = "standard"  # the gauge (18xx.games' `track:narrow`), one of GAUGES once read
    # drawn as the piece shows it: the rail in a colour (a theme name or #rrggbb), the
    # ties of narrow or dual gauge in another (18xx-maker's `color`, `gaugeColor`)
    color: str | None = None
    tie_color: str | None = None
    # bent track (18xx-maker's `bent`): bows toward this side or corner of the hex
    # instead of running straight, clear of a station in the centre
    bend: Loc = None
    lanes: Annotated[int, Meta(ge=1, le=6)] = 1  # parallel tracks drawn side by side (18xx.games `lanes:`)
    width: Annotated[float, Meta(gt=0, le=2)] | None = None  # drawn this share of the standard width (21Moon's 7 of 12)

    def __post_init__(self):
        """Ends and gauge read from what was written. A path has no direction: edges
        first, then by number, so the same track compares equal however it was written."""
        if self.track not in GAUGES:
            if self.track not in GAUGE_ALIASES:
                raise FieldError("track", f"unknown track gauge {self.track!r} (known: {', '.join(GAUGES)})")
            set_field(self, "track", GAUGE_ALIASES[self.track])
        ends = []
        for name in ("a", "b"):
            try:
                ends.append(parse_end(getattr(self, name)))
            except ValueError as exc:
                raise FieldError(name, str(exc)) from None
        a, b = sorted(ends, key=_end_key)
        set_field(self, "a", a)
        set_field(self, "b", b)
        check_loc(self, "bend")
        if a == b:
            raise ValueError(f"track from {a} to itself")

    def ends(self) -> tuple[End, End]:
        return (self.a, self.b)
