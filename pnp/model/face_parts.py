"""The parts of a tile face besides stops and track: terrain with its cost, borders by
kind, icons, a coloured frame or stripes, partitions, a future label. Positions
(`Loc`) are shared with stops: an edge 0-5, a corner such as 2.5, or the centre."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BeforeValidator, Field, field_validator, model_validator

from pnp.model.base import Part, check_known


def _check_loc(value):
    if value is None or value == "center":
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"'at' must be an edge 0-5, a corner such as 2.5, or 'center', not {value!r}")
    if not (0 <= value < 6) or (value * 2) != int(value * 2):  # also refuses inf and nan
        raise ValueError(f"'at' must be an edge 0-5 or a corner such as 2.5, not {value}")
    return float(value)


Loc = Annotated[Union[Literal["center"], float, None], BeforeValidator(_check_loc)]
TERRAIN_KINDS = ("mountain", "hill", "water", "river", "swamp", "forest", "lake", "desert", "mine", "wall", "cow_skull")


class Terrain(Part):
    cost: int = Field(ge=0)
    type: tuple[str, ...] = ("mountain",)

    @field_validator("type", mode="before")
    @classmethod
    def _types(cls, v):
        if not isinstance(v, (str, list, tuple)) or not v:
            raise ValueError(f"a terrain type is one of {', '.join(TERRAIN_KINDS)}, not {v!r}")
        types = tuple(v.split("|")) if isinstance(v, str) else tuple(v)
        for t in types:
            check_known(t, TERRAIN_KINDS, "terrain")
        return types


BORDER_KINDS = ("impassable", "water", "mountain", "province", "river", "swamp", "divider", "offboard")


class Border(Part):
    """A marked hex side. `offboard` marks the side of an off-board area; `color`
    overrides the kind's colour (a game's own province line)."""

    edge: int = Field(ge=0, le=5)
    type: str = "impassable"
    cost: int | None = None
    color: str | None = None

    @field_validator("type")
    @classmethod
    def _kind(cls, v):
        return check_known(v, BORDER_KINDS, "border type")


class Icon(Part):
    """A picture on a tile or hex (a port, a mine ...), by name; `at` as for stops.
    pnp draws the names it knows (render/icons.py) and prints any other in a box."""

    name: str = Field(min_length=1)
    at: Loc = None
    large: bool = False
    revenue: int | None = Field(None, ge=0, le=9999)  # a bonus printed beside it (a port paying 20 more)

    @model_validator(mode="before")
    @classmethod
    def _compact(cls, data):
        return {"name": data} if isinstance(data, str) else data




SHAPE_KINDS = ("circle", "ellipse", "square", "diamond", "hexagon", "triangle", "star")


class Shape(Part):
    """A plain shape drawn on the face: a goods square, a coloured diamond or circle
    (18xx-maker's `shapes` and `goods`). `x`, `y` is its centre in hex units (corner
    radius 100, y down), `width`/`height` its size; `border` an outline colour."""

    kind: Literal["circle", "ellipse", "square", "diamond", "hexagon", "triangle", "star"]
    x: float = Field(0.0, ge=-100, le=100)
    y: float = Field(0.0, ge=-100, le=100)
    width: float = Field(20.0, gt=0, le=200)
    height: float | None = Field(None, gt=0, le=200)  # an ellipse's; others are as high as wide
    color: str = "white"
    border: str | None = None
    text: str | None = None  # printed in it (a boomtown's revenue, a goods name)
    background: bool = False  # drawn on the ground, under track and stations (goods squares)
    dashed: bool = False  # a dashed outline (18TraXX2020's boomtown circles)


class Spur(Part):
    """Track from a stop that ends in the open, toward a side or corner (`at`): 18xx-maker's
    Memel (372), whose track runs on past its town to the harbour."""

    stop: int = Field(ge=0)
    at: float = Field(ge=0, lt=6)


class Frame(Part):
    """A coloured band round the inside of the hex (18xx.games `frame=color:...`);
    `color2` colours every other side."""

    color: str
    color2: str | None = None


class Partition(Part):
    """A line inside the hex between two points of its rim (corners or edges), parting
    it into regions: a province line, a divider, water. `length` < 1 draws part of it."""

    a: float = Field(ge=0, lt=6)
    b: float = Field(ge=0, lt=6)
    type: str = "province"
    length: float = Field(1.0, gt=0, le=1)


class FutureLabel(Part):
    """The label the hex takes once upgraded to `color` (18xx.games `future_label`)."""

    label: str
    color: str | None = None


class Mark(Part):
    """A company printed in a city slot: its home (or a reservation), or its
    destination. Written `TR` or `{company: TR, kind: destination}`; `color` fills a
    mark the game's companies do not colour (18xx-maker's `{label: Dest, color: red}`)."""

    company: str = ""
    kind: Literal["home", "destination"] = "home"
    color: str | None = None

    @model_validator(mode="after")
    def _something(self):
        if not self.company and not self.color:
            raise ValueError("a city mark needs a company or a colour")
        return self

    @model_validator(mode="before")
    @classmethod
    def _compact(cls, data):
        return {"company": str(data)} if isinstance(data, (str, int)) and not isinstance(data, bool) else data
