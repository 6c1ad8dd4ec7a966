"""A game's map: which hexes exist, what is printed on each, how coordinates name them,
the variants of the map, and what is drawn around the hexes (title, legend, sea, names).
Pure data; `render/map.py` draws it.

In `map.yaml` hexes are grouped: one entry may stand for several identical hexes
(`at: [D8, E3, K7]`). `MapFile.board(variant)` resolves the groups and a variant into
a `Board`: one `MapHex` per coordinate, in the order the data gives them.
"""

import re
from typing import Annotated, Any, Literal, Union

from msgspec import Meta, Struct, field

from pnp.errors import PnpError
from pnp.geometry.grid import GridPos, neighbour
from pnp.model.base import FieldError, Frozen, set_field
from pnp.model.company import Company
from pnp.model.convert import prepared
from pnp.model.map_marks import CostMark, Disc, MapLine
from pnp.model.text import Text
from pnp.model.tile import Tile, TileFace
from pnp.units import Length

ASCII_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_COORDINATE = re.compile(r"^(\D+?)(-?\d+)$")


class Coordinates(Frozen):
    """How a coordinate such as `B4` names a hex: which axis the letters count, which
    letter is index 0 (1851 has an '@' row above A) and the hexes' orientation."""

    orientation: Literal["flat", "pointy"] | None = None  # None: the game's (game.yaml)
    letters: Literal["columns", "rows"] = "columns"
    first_letter: Annotated[str, Meta(min_length=1, max_length=1)] = "A"
    largest: Annotated[int, Meta(
        ge=1, le=100_000, description="the largest letter index or number a coordinate may have: far beyond any real "
                                      "map (a slip such as A99999 would make a page kilometres tall); raise it for a "
                                      "map that really is larger")] = 200

    def letter_index(self, letters: str) -> int:
        if len(letters) == 1:
            if letters != self.first_letter and letters not in ASCII_LETTERS:
                raise ValueError(f"'{letters}' is not a coordinate letter")
            return ord(letters) - ord(self.first_letter)
        if any(ch not in ASCII_LETTERS for ch in letters):
            raise ValueError(f"'{letters}' is not a coordinate letter")
        value = 0
        for ch in letters:  # bijective base 26: Z is followed by AA
            value = value * 26 + ASCII_LETTERS.index(ch) + 1
        return value - 1 + ord("A") - ord(self.first_letter)

    def letters_for(self, index: int) -> str:
        code = index + ord(self.first_letter)
        if 0 <= index and code <= ord("Z"):
            return chr(code)
        value = index - (ord("A") - ord(self.first_letter)) + 1
        out = ""
        while value > 0:
            value, r = divmod(value - 1, 26)
            out = ASCII_LETTERS[r] + out
        return out

    def parse(self, text) -> GridPos:
        """`B4` -> its grid position; ValueError saying what is wrong otherwise."""
        match = _COORDINATE.match(str(text).strip()) if isinstance(text, str) else None
        if not match:
            raise ValueError(f"'{text}' is not a coordinate such as B4 (letters, then a number)")
        letter = self.letter_index(match.group(1))
        if letter < 0:
            raise ValueError(f"'{text}': letters start at '{self.first_letter}'")
        number = int(match.group(2))
        if max(letter, number) > self.largest:
            raise ValueError(f"'{str(text)[:20]}' lies beyond the largest coordinate {self.largest} "
                             f"(coordinates.largest in map.yaml raises it)")
        return GridPos(letter, number) if self.letters == "columns" else GridPos(number, letter)

    def name(self, pos: GridPos) -> str:
        if self.letters == "columns":
            return f"{self.letters_for(pos.col)}{pos.row}"
        return f"{self.letters_for(pos.row)}{pos.col}"

    def column_label(self, col: int) -> str:
        return self.letters_for(col) if self.letters == "columns" else str(col)

    def row_label(self, row: int) -> str:
        return str(row) if self.letters == "columns" else self.letters_for(row)


# where: a coordinate such as B4 or a list of them (`read_coordinates` makes it a tuple)
CoordinateList = Union[str, tuple[str, ...]]


def read_coordinates(struct) -> None:
    """The struct's `at` as a tuple of coordinates."""
    value = struct.at
    if isinstance(value, str):
        set_field(struct, "at", (value,))
    elif not value:
        raise FieldError("at", "'at' must be a coordinate such as B4 or a non-empty list of them")


class HexEntry(TileFace):
    """One or more identical map hexes: their colour, name and printed face, and what a
    map hex may print beyond a tile face: sides left without outline (`open_sides`,
    edges 0-5: two hexes printed as one area) and further costs (`costs`); plain
    tokens (`discs`) are part of every face. `color` is a ground colour (white, yellow
    ... blue) or a colour the game names in game.yaml `colors:` (checked when the map
    is loaded)."""

    at: CoordinateList
    color: Annotated[str, Meta(min_length=1, max_length=40)] = "white"
    name: str | None = None
    open_sides: tuple[int, ...] = ()
    costs: tuple[CostMark, ...] = ()

    def __post_init__(self):
        super().__post_init__()
        read_coordinates(self)
        if any(e not in range(6) for e in self.open_sides):
            raise FieldError("open_sides", f"open_sides must be edges 0-5, not {list(self.open_sides)}")
        set_field(self, "open_sides", tuple(sorted(set(self.open_sides))))

    def face(self) -> TileFace:
        # this entry's face fields (HexEntry is a TileFace), checked again by TileFace's __post_init__
        return TileFace(**{name: getattr(self, name) for name in TileFace.__struct_fields__})


def prepare_hexes(entry, data, read_code, variants=False):
    """`data` with every hex's face read from its compact form by `entry.prepare`
    (map.yaml's hexes and its variants' hexes, a section's hexes); a problem in one
    is reported at its place."""
    if not isinstance(data, dict):
        return data

    def hexes(raw, where):
        if not isinstance(raw, list):
            return raw
        return [prepared(entry, item, read_code, (*where, i)) for i, item in enumerate(raw)]

    data = {**data, "hexes": hexes(data["hexes"], ("hexes",))} if "hexes" in data else dict(data)
    if variants and isinstance(data.get("variants"), dict):
        data["variants"] = {name: {**v, "hexes": hexes(v["hexes"], ("variants", name, "hexes"))}
                            if isinstance(v, dict) and "hexes" in v else v for name, v in data["variants"].items()}
    return data


class Variant(Frozen):
    """A different map for some games: hexes removed, added or replaced, and the tile
    counts that change with it."""

    title: Text
    remove: tuple[str, ...] = ()
    hexes: tuple[HexEntry, ...] = ()
    manifest: dict[Union[str, int], int] = {}  # tile id -> count; ids as text once read
    notes: str | None = None

    def __post_init__(self):
        set_field(self, "manifest", {str(k): n for k, n in self.manifest.items()})


class Block(Frozen):
    """Where a block of the map's furniture goes: centred on a grid position written
    as a coordinate (it need not be a hex), or found free automatically."""

    at: str | None = None
    show: bool = True


class MapLabel(Frozen):
    """Free text on the map, such as the name of a sea; `shape` puts it on a hexagon or
    a circle `shape_size` across (a share of the hex's width) filled with `fill` (21Moon's
    legend of bonuses, between its hexes)."""

    text: Text
    at: str
    size: Length = 5.0  # mm; written with a unit in map.yaml ("3.5mm")
    color: str = "text"  # a theme colour name
    italic: bool = True
    shape: Literal["hexagon", "circle"] | None = None
    fill: str | None = None  # a theme colour name or #rrggbb
    shape_size: Annotated[float, Meta(gt=0, le=1)] = 0.55


class Area(Frozen):
    """A region drawn from hex positions without hex outlines: an off-map area, a
    stretch of land or sea. `color` is a theme colour name."""

    at: CoordinateList
    color: str
    name: str | None = None

    def __post_init__(self):
        read_coordinates(self)


class Decorations(Frozen):
    background: str | None = None  # theme colour behind the hexes, e.g. sea
    title: Block = Block()
    legend: Block = Block()
    revenue_track: Block | None = None  # print the market's revenue track on the map (1851's Dividend Payout Track)
    labels: tuple[MapLabel, ...] = ()
    areas: tuple[Area, ...] = ()
    lines: tuple[MapLine, ...] = ()


class MapHex(Struct, frozen=True):
    coord: str
    pos: GridPos
    color: str
    name: str | None
    face: TileFace
    # what a map section says of its hexes (model/section.py), for the legend
    city: bool = False  # a city hex: its station may be a home station
    sight: str | None = None
    lake: bool = False
    # map hexes only (HexEntry): sides without outline, plain tokens, further costs
    open_sides: tuple[int, ...] = ()
    discs: tuple[Disc, ...] = ()
    costs: tuple[CostMark, ...] = ()


class Board(Struct, frozen=True):
    """One map as printed: the base map or a variant of it."""

    coordinates: Coordinates
    hexes: dict[str, MapHex]
    decorations: Decorations
    variant: str | None = None
    variant_title: str | None = None
    manifest: dict[str, int] = field(default_factory=dict)  # tile counts the variant changes

    @property
    def orientation(self) -> str:
        return self.coordinates.orientation or "flat"

    def by_position(self) -> dict[GridPos, MapHex]:
        return {h.pos: h for h in self.hexes.values()}

    def neighbour(self, coord: str, edge: int) -> MapHex | None:
        pos = neighbour(self.hexes[coord].pos, edge, self.orientation)
        return self.by_position().get(pos)

    def blocked(self, coord: str, edge: int) -> bool:
        """An impassable border on this side, printed on this hex or on its neighbour."""
        if any(b.edge == edge and b.type == "impassable" for b in self.hexes[coord].face.borders):
            return True
        other = self.neighbour(coord, edge)
        back = (edge + 3) % 6
        return other is not None and any(b.edge == back and b.type == "impassable" for b in other.face.borders)


class MapFile(Frozen):
    """`map.yaml`."""

    coordinates: Coordinates = Coordinates()
    hexes: Annotated[tuple[HexEntry, ...], Meta(min_length=1)]
    variants: dict[str, Variant] = {}
    decorations: Decorations = Decorations()
    notes: str | None = None
    decisions: dict[str, Any] = {}

    @classmethod
    def prepare(cls, data, read_code=None):
        """Each hex's face (and each variant's) in its compact form as fields."""
        return prepare_hexes(HexEntry, data, read_code, variants=True)

    def board(self, variant: str | None = None) -> Board:
        entries = [(c, e) for e in self.hexes for c in e.at]
        title, manifest = None, {}
        if variant is not None:
            if variant not in self.variants:
                known = ", ".join(self.variants) or "none"
                raise PnpError(f"unknown map variant '{variant}' (this game's variants: {known})")
            v = self.variants[variant]
            replaced = set(v.remove) | {c for e in v.hexes for c in e.at}
            entries = [(c, e) for c, e in entries if c not in replaced] + [(c, e) for e in v.hexes for c in e.at]
            title, manifest = v.title, dict(v.manifest)
        faces = {id(e): e for _, e in entries}  # an entry's face made once, for all its coordinates
        faces = {key: e.face() for key, e in faces.items()}
        hexes = {c: MapHex(c, self.coordinates.parse(c), e.color, e.name, faces[id(e)], open_sides=e.open_sides,
                           discs=e.discs, costs=e.costs) for c, e in entries}
        return Board(self.coordinates, hexes, self.decorations, variant, title, manifest)


class PlacedTile(Struct, frozen=True):
    coord: str
    tile: Tile
    rotation: int  # 0-5, each step 60 degrees clockwise


class PlacedToken(Struct, frozen=True):
    coord: str
    company: Company
    city: int  # which city on the hex (in the order of its stops)
    slot: int


class Placements(Struct, frozen=True):
    """A layout to preview on a map: tiles laid and station tokens placed."""

    tiles: tuple[PlacedTile, ...] = ()
    tokens: tuple[PlacedToken, ...] = ()
    warnings: tuple[str, ...] = ()
    title: str | None = None

    def tile_at(self, coord: str) -> PlacedTile | None:
        return next((t for t in self.tiles if t.coord == coord), None)
