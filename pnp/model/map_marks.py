"""What a map prints besides tile faces: plain tokens on a hex, further costs inside a
hex, lines drawn across the map. Pure data; `render/map_marks.py` draws it.

A place inside a hex is `toward` (a position round the hex as for stops: 0-6, edge 0
at 0, the corner between edges 1 and 2 at 1.5, any fraction in between) and `reach`
(the share of the way from the centre to the hex's rim in that direction: 0 the
centre, 1 on the rim, a corner for x.5 and the middle of a side for whole numbers)."""

from typing import Annotated

from msgspec import Meta

from pnp.model.base import FieldError, Frozen, check_known
from pnp.model.face_parts import TERRAIN_KINDS
from pnp.units import Length


class Spot(Frozen):
    toward: Annotated[float, Meta(ge=0, lt=6)] = 0.0
    reach: Annotated[float, Meta(ge=0, le=1.5)] = 0.0


class Disc(Spot):
    """A token printed on a map hex or a tile (a blocked city, a resource marker, a
    private's token, 21Moon's launch pads): a disc in `color` ringed in `outline`, with an optional short `text`;
    `size` is its diameter as a share of the hex's width across the flats."""

    color: str = "white"
    outline: str = "outline"
    text: Annotated[str, Meta(min_length=1, max_length=80)] | None = None  # lines parted by line breaks
    text_color: str | None = None
    size: Annotated[float, Meta(gt=0, le=1)] = 0.3


class CostMark(Spot):
    """A cost printed inside a hex beside its terrain (18SJ's second tunnel, a crossing
    cost printed off the side it belongs to): the amount in the terrain's symbol."""

    cost: Annotated[int, Meta(ge=0, le=9999)]
    type: str = "mountain"

    def __post_init__(self):
        check_known(self.type, TERRAIN_KINDS, "terrain", "type")


class Point(Spot):
    """A point of the map: a place in or on the rim of the hex `at` (a coordinate; the
    hex need not be on the map)."""

    at: str


class MapLine(Frozen):
    """A line across the map through `points` (a coloured region boundary, a mountain
    range): `color` a theme or game colour, `width` its thickness."""

    points: Annotated[tuple[Point, ...], Meta(min_length=2)]
    color: str = "outline"
    width: Length = 1.0  # mm; written with a unit in map.yaml ("1.2mm")
    dashed: bool = False

    def __post_init__(self):
        if self.width <= 0:  # (a stroke of no width draws nothing: surely not what was meant)
            raise FieldError("width", f"a line needs a width above 0, not {self.width:g}mm")


__all__ = ["CostMark", "Disc", "MapLine", "Point", "Spot"]
