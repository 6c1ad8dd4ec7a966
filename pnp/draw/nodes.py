"""The drawing model: small frozen nodes that the writers walk (`pnp.draw.svgwriter`
for .svg files, `pnp.draw.pdfwriter` for PDF, `pnp.draw.cairowriter` for PNG).

Coordinates are user units (a page's view box maps them to millimetres). Paint is
inherited down the tree as in SVG: a group's `paint` applies to its children unless
they set their own. Colours are checked when a node is made (`ColorError`).
A group is filled while it is built (`add`); its own attributes are fixed."""

from __future__ import annotations

from dataclasses import dataclass, fields
from dataclasses import field as dataclass_field
from functools import lru_cache

from msgspec import Struct, field

from pnp.draw.color import parse_color

Number = float
Op = tuple  # one transform step: ("translate", x, y) | ("rotate", deg, cx, cy) | ("scale", sx, sy) | ("matrix", a..f)
Command = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("A", rx, ry, rot, large, sweep, x, y) | ("Z",)

CAPS = ("butt", "round", "square")
JOINS = ("miter", "round", "bevel")
ANCHORS = ("start", "middle", "end")


@dataclass(frozen=True)
class Paint:
    """Presentation attributes; None means inherited (or SVG's default)."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: Number | None = None
    opacity: Number | None = None
    fill_opacity: Number | None = None
    stroke_opacity: Number | None = None
    stroke_linecap: str | None = None
    stroke_linejoin: str | None = None
    stroke_dasharray: tuple[Number, ...] | None = None
    fill_rule: str | None = None
    font_family: str | None = None
    font_size: Number | None = None
    font_weight: str | None = None
    font_stretch: str | None = None
    font_style: str | None = None
    text_anchor: str | None = None

    def __post_init__(self):
        for name in ("fill", "stroke"):
            value = getattr(self, name)
            if value is not None:
                parse_color(value)
        for name, allowed in (("stroke_linecap", CAPS), ("stroke_linejoin", JOINS), ("text_anchor", ANCHORS),
                              ("fill_rule", ("nonzero", "evenodd")),
                              ("font_style", ("normal", "italic"))):
            value = getattr(self, name)
            if value is not None and value not in allowed:
                raise ValueError(f"{name} {value!r} is not one of {', '.join(allowed)}")

    def items(self) -> tuple:
        """(name, value) of the attributes set, in field order."""
        cached = self.__dict__.get("_items")
        if cached is None:
            cached = tuple((name, getattr(self, name)) for name in _PAINT_FIELDS if getattr(self, name) is not None)
            object.__setattr__(self, "_items", cached)
        return cached


_PAINT_FIELDS = tuple(f.name for f in fields(Paint))
NO_PAINT = Paint()
NUMERIC = {"stroke_width", "opacity", "fill_opacity", "stroke_opacity", "font_size"}


def paint(**attrs) -> Paint:
    """Paint from SVG-style keyword attributes: numbers as numbers, a dash pattern as a
    tuple of lengths (text such as "5,4" is a TypeError: nothing in pnp parses SVG).
    Equal paint is one shared object, checked once."""
    if not attrs:
        return NO_PAINT
    try:
        return _interned(tuple(attrs.items()))
    except TypeError:  # an unhashable value (a list of dashes)
        return _make_paint(attrs)


@lru_cache(maxsize=8192)
def _interned(items: tuple) -> Paint:
    return _make_paint(dict(items))


def _make_paint(attrs: dict) -> Paint:
    out = {}
    for name, value in attrs.items():
        if value is None:
            continue
        if (name in NUMERIC or name == "stroke_dasharray") and isinstance(value, str):
            raise TypeError(f"paint {name} is a number or numbers, not text ({value!r})")
        if name in NUMERIC:
            value = float(value)
        elif name == "stroke_dasharray":
            value = tuple(float(v) for v in value)
        elif name == "font_weight" and value in ("regular", "400"):
            value = "normal"
        out[name] = value
    return Paint(**out)


class Node(Struct, frozen=True, kw_only=True, gc=False):
    """The base of the drawn nodes: msgspec structs, not dataclasses, because a kit
    makes ~100k of them (a struct is made ~8x faster) and a struct type is built without
    the generated code a dataclass execs (~50x faster to import). Leaves hold only numbers,
    text, tuples and paint, so they can never be part of a reference cycle: the cyclic
    collector does not track them (`gc=False`); a group, whose children list could, is
    tracked."""

    paint: Paint = NO_PAINT


class Path(Node, frozen=True, kw_only=False):
    commands: tuple[Command, ...]


class Circle(Node, frozen=True, kw_only=False):
    cx: Number
    cy: Number
    r: Number


class Rect(Node, frozen=True, kw_only=False):
    x: Number
    y: Number
    width: Number
    height: Number
    rx: Number = 0.0
    ry: Number = 0.0


class Line(Node, frozen=True, kw_only=False):
    x1: Number
    y1: Number
    x2: Number
    y2: Number


class Text(Node, frozen=True, kw_only=False):
    """One line of text; (x, y) is the baseline point its anchor refers to."""

    content: str
    x: Number
    y: Number
    transform: tuple[Op, ...] = ()


class Image(Node, frozen=True, kw_only=False):
    """A picture from outside pnp (a PNG or an SVG file), fitted to the box."""

    href: str
    x: Number
    y: Number
    width: Number
    height: Number


class Group(Node, frozen=True, kw_only=False, eq=False, gc=True):
    """Children drawn in order, under `transform` (applied left to right, as in SVG)
    and inside `clip` (a shape in the group's own units) when given."""

    children: list = field(default_factory=list)
    transform: tuple[Op, ...] = ()
    clip: Node | None = None
    id: str | None = None  # a name for the group in the SVG file (a cut file's layer)

    def add(self, child: "Node") -> "Node":
        if not isinstance(child, Node):
            raise TypeError(f"a group holds nodes, not {type(child).__name__}")
        self.children.append(child)
        return child

    def __eq__(self, other) -> bool:
        return (type(other) is Group and self.paint == other.paint and self.transform == other.transform
                and self.clip == other.clip and self.id == other.id and self.children == other.children)

    __hash__ = None


@dataclass(frozen=True, eq=False)
class Page:
    """A page or a piece: one tree, its physical size in mm and the view box that maps
    the tree's units onto it."""

    width_mm: Number
    height_mm: Number
    view_box: tuple[Number, Number, Number, Number]
    root: Group = dataclass_field(default_factory=Group)
    title: str | None = None

    def add(self, child: Node) -> Node:
        return self.root.add(child)

    def __eq__(self, other) -> bool:
        return (type(other) is Page and (self.width_mm, self.height_mm, self.view_box, self.title)
                == (other.width_mm, other.height_mm, other.view_box, other.title) and self.root == other.root)

    __hash__ = None


SHARED_SIZE = 8  # a group of at least this many nodes, drawn more than once, is written once


def shared_groups(pages: list[Page]) -> frozenset:
    """Ids of the groups that the pages draw more than once (the same node placed at
    several spots: a piece's artwork, a map under each section's window) and that are
    big enough to be worth writing once (a recorded group for cairo, a form in a PDF)."""
    seen: set[int] = set()
    again: set[int] = set()  # used more than once
    sizes: dict[int, int] = {}

    def visit(group: Group) -> int:
        key = id(group)
        if key in seen:
            again.add(key)
            return sizes[key]
        seen.add(key)
        size = 1 + (group.clip is not None)
        for child in group.children:
            size += visit(child) if type(child) is Group else 1
        sizes[key] = size
        return size

    for page in pages:
        visit(page.root)
    return frozenset(key for key in again if sizes[key] >= SHARED_SIZE)
