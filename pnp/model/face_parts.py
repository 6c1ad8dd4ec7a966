"""The parts of a tile face besides stops and track: terrain with its cost, borders by
kind, icons, a coloured frame or stripes, partitions, a future label. Positions
(`Loc`) are shared with stops: an edge 0-5, a corner such as 2.5, or the centre."""

from typing import Annotated, Literal, Union

from msgspec import Meta

from pnp.model.base import FieldError, Frozen, check_known, set_field

# where on a face: an edge 0-5, a corner such as 2.5, "center", or nowhere in particular
# (checked by `check_loc` in the __post_init__ of the struct holding it)
Loc = Union[str, float, None]


def check_loc(struct, name: str) -> None:
    """The Loc field `name` of `struct` is an edge, a corner or the centre."""
    value = getattr(struct, name)
    if value is None or value == "center":
        return
    if isinstance(value, str):
        raise FieldError(name, f"'at' must be an edge 0-5, a corner such as 2.5, or 'center', not {value!r}")
    if not (0 <= value < 6) or (value * 2) != int(value * 2):  # also refuses inf and nan
        raise FieldError(name, f"'at' must be an edge 0-5 or a corner such as 2.5, not {value:g}")
TERRAIN_KINDS = ("mountain", "hill", "water", "river", "swamp", "forest", "lake", "desert", "mine", "wall", "cow_skull")


class Terrain(Frozen):
    cost: Annotated[int, Meta(ge=0)]
    type: Union[str, tuple[str, ...], None] = ("mountain",)  # as written ("hill|river"); a tuple once read

    def __post_init__(self):
        v = self.type
        if not v:
            raise FieldError("type", f"a terrain type is one of {', '.join(TERRAIN_KINDS)}, not {v!r}")
        types = tuple(v.split("|")) if isinstance(v, str) else tuple(v)
        for t in types:
            check_known(t, TERRAIN_KINDS, "terrain", "type")
        set_field(self, "type", types)


BORDER_KINDS = ("impassable", "water", "mountain", "province", "river", "swamp", "divider", "offboard")


class Border(Frozen):
    """A marked hex side. `offboard` marks the side of an off-board area; `color`
    overrides the kind's colour (a game's own province line)."""

    edge: Annotated[int, Meta(ge=0, le=5)]
    type: str = "impassable"
    cost: int | None = None
    color: str | None = None

    def __post_init__(self):
        check_known(self.type, BORDER_KINDS, "border type", "type")


class Icon(Frozen):
    """A picture on a tile or hex (a port, a mine ...), by name; `at` as for stops.
    pnp draws the names it knows (render/icons.py) and prints any other in a box."""

    name: Annotated[str, Meta(min_length=1)]
    at: Loc = None
    large: bool = False
    revenue: Annotated[int, Meta(ge=0, le=9999)] | None = None  # a bonus printed beside it (a port paying 20 more)

    def __post_init__(self):
        check_loc(self, "at")

    @staticmethod
    def compact(data):
        """`port` is `{name: port}` (run by the face's `prepare`)."""
        return {"name": data} if isinstance(data, str) else data


SHAPE_KINDS = ("circle", "ellipse", "square", "diamond", "hexagon", "triangle", "star")


class Shape(Frozen):
    """A plain shape drawn on the face: a goods square, a coloured diamond or circle
    (18xx-maker's `shapes` and `goods`). `x`, `y` is its centre in hex units (corner
    radius 100, y down), `width`/`height` its size; `border` an outline colour."""

    kind: Literal["circle", "ellipse", "square", "diamond", "hexagon", "triangle", "star"]
    x: Annotated[float, Meta(ge=-100, le=100)] = 0.0
    y: Annotated[float, Meta(ge=-100, le=100)] = 0.0
    width: Annotated[float, Meta(gt=0, le=200)] = 20.0
    height: Annotated[float, Meta(gt=0, le=200)] | None = None  # an ellipse's; others are as high as wide
    color: str = "white"
    border: str | None = None
    text: str | None = None  # printed in it (a boomtown's revenue, a goods name)
    background: bool = False  # drawn on the ground, under track and stations (goods squares)
    dashed: bool = False  # a dashed outline (18TraXX2020's boomtown circles)


class Spur(Frozen):
    """Track from a stop that ends in the open, toward a side or corner (`at`): 18xx-maker's
    Memel (372), whose track runs on past its town to the harbour."""

    stop: Annotated[int, Meta(ge=0)]
    at: Annotated[float, Meta(ge=0, lt=6)]


class Frame(Frozen):
    """A coloured band round the inside of the hex (18xx.games `frame=color:...`);
    `color2` colours every other side."""

    color: str
    color2: str | None = None


class Partition(Frozen):
    """A line inside the hex between two points of its rim (corners or edges), parting
    it into regions: a province line, a divider, water. `length` < 1 draws part of it."""

    a: Annotated[float, Meta(ge=0, lt=6)]
    b: Annotated[float, Meta(ge=0, lt=6)]
    type: str = "province"
    length: Annotated[float, Meta(gt=0, le=1)] = 1.0


class FutureLabel(Frozen):
    """The label the hex takes once upgraded to `color` (18xx.games `future_label`)."""

    label: str
    color: str | None = None


class Mark(Frozen):
    """A company printed in a city slot: its home (or a reservation), or its
    destination. Written `TR` or `{company: TR, kind: destination}`; `color` fills a
    mark the game's companies do not colour (18xx-maker's `{label: Dest, color: red}`)."""

    company: str = ""
    kind: Literal["home", "destination"] = "home"
    color: str | None = None

    def __post_init__(self):
        if not self.company and not self.color:
            raise ValueError("a city mark needs a company or a colour")

    @staticmethod
    def compact(data):
        """`TR` is `{company: TR}` (run by the face's `prepare`)."""
        return {"company": str(data)} if isinstance(data, (str, int)) and not isinstance(data, bool) else data
