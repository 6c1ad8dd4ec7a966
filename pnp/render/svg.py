"""The construction API of the drawing model: each helper returns a frozen node of
`pnp.draw.nodes` (colours checked when it is made), a document is a node `Page` of a
physical size, and `to_string` runs the SVG writer. PDF (`pnp.draw.pdfwriter`) and PNG
(`pnp.draw.cairowriter`) come from the same tree; nothing is parsed back from SVG."""

from __future__ import annotations

from msgspec.structs import replace

from pnp.draw import shapes
from pnp.draw.nodes import Circle, Group, Image, Line, Node, Page, Path, Rect, Text, paint
from pnp.draw.svgwriter import to_svg
from pnp.render.style import Style
from pnp.text import CAP_HEIGHT


def _transform(value) -> tuple:
    """Transform steps (`pnp.draw.shapes.translate`, ...), or one step on its own."""
    if isinstance(value, str):
        raise TypeError(f"a transform is steps from pnp.draw.shapes, not text ({value[:40]!r})")
    if not value:
        return ()
    if isinstance(value[0], str):
        return (tuple(value),)
    return tuple(value)


def group(*, transform=(), clip: Node | None = None, id: str | None = None, **attrs) -> Group:
    """A group; `transform` is steps from `pnp.draw.shapes`, `clip` a shape in the
    group's units, `id` its name in an SVG file."""
    if transform == () and not attrs and clip is None and id is None:
        return Group()  # most groups only gather their children
    return Group(transform=_transform(transform), clip=clip, id=id, paint=paint(**attrs))


def transformed(node: Node, *steps) -> Group:
    """`node` inside a group moved by `steps` (translate, rotate, scale from pnp.draw.shapes)."""
    g = Group(transform=tuple(steps))
    g.add(node)
    return g


def restyled(node: Node, **attrs) -> Node:
    """A copy of `node` with some paint attributes changed (e.g. font_style="italic").
    The new paint is interned like any other (`paint`), so equal restyled text shares
    one paint object, as the writers' caches by paint expect."""
    look = paint(**{**dict(node.paint.items()), **dict(paint(**attrs).items())})
    return replace(node, paint=look)


def image(href: str, x: float, y: float, w: float, h: float, **attrs) -> Image:
    """A picture (a file, or a data: URI from `render/logo.py`) fitted into the box, centred."""
    return Image(href, float(x), float(y), float(w), float(h), paint=paint(**attrs))


def points(pts) -> tuple:
    """Path commands for a closed polygon: move, lines, close (one path, one outline)."""
    return shapes.polygon(pts)


def path(d, **attrs) -> Path:
    """A path from commands (`pnp.draw.shapes`: move, line_to, curve_to, arc_to, CLOSE)."""
    if isinstance(d, str):
        raise TypeError(f"a path is commands from pnp.draw.shapes, not path data ({d[:40]!r})")
    return Path(tuple(d), paint=paint(**attrs))


def polygon_path(pts, **attrs) -> Path:
    return Path(shapes.polygon(pts), paint=paint(**attrs))


def circle(centre, r: float, **attrs) -> Circle:
    return Circle(float(centre[0]), float(centre[1]), float(r), paint=paint(**attrs))


def rect(x: float, y: float, w: float, h: float, *, rx=0.0, ry=0.0, **attrs) -> Rect:
    return Rect(float(x), float(y), float(w), float(h), float(rx), float(ry), paint=paint(**attrs))


def line(p, q, **attrs) -> Line:
    return Line(float(p[0]), float(p[1]), float(q[0]), float(q[1]), paint=paint(**attrs))


def text(content: str, centre, size: float, style: Style, *, weight: str = "regular", angle: float = 0.0,
         color: str | None = None, anchor: str = "middle", family: str | None = None) -> Text:
    """One line of text whose capitals are vertically centred on `centre`; in the
    style's font family unless `family` names another."""
    baseline = centre[1] + size * CAP_HEIGHT / 2
    family, fill = family or style.font_family, color or style.color("text")
    key = (size, family, anchor, fill, weight)
    look = _TEXT_LOOKS.get(key)
    if look is None:
        look = paint(font_size=size, font_family=family, text_anchor=anchor, fill=fill,
                     font_weight="bold" if weight in ("bold", "condensed-bold") else None,
                     font_stretch="condensed" if weight.startswith("condensed") else None)
        if len(_TEXT_LOOKS) < _TEXT_LOOKS_MAX:
            _TEXT_LOOKS[key] = look
    turn = (shapes.rotate(angle, centre[0], centre[1]),) if angle else ()
    return Text(str(content), float(centre[0]), float(baseline), turn, paint=look)


# (size, family, anchor, fill, weight) -> the text's paint: the same paint `paint` interns,
# found by five plain values rather than by keywords turned into a tuple of pairs (a kit
# writes thousands of texts in a few dozen looks)
_TEXT_LOOKS: dict[tuple, object] = {}
_TEXT_LOOKS_MAX = 1 << 12


def text_lines(lines, centre, size: float, style: Style, *, leading: float = 1.2, **kw) -> Group:
    """Several lines centred as a block on `centre`."""
    g = group()
    step = size * leading
    top = centre[1] - step * (len(lines) - 1) / 2
    for i, content in enumerate(lines):
        g.add(text(content, (centre[0], top + i * step), size, style, **kw))
    return g


def document(width_mm: float, height_mm: float, view_box: tuple[float, float, float, float] | None = None,
             title: str | None = None) -> Page:
    """A page of a physical size. Without a view box, user units are mm."""
    vb = view_box or (0.0, 0.0, width_mm, height_mm)
    return Page(float(width_mm), float(height_mm), tuple(float(v) for v in vb), Group(), title)


def to_string(item: Page | Node) -> str:
    """SVG text of a page (a whole document) or of a node (a fragment)."""
    return to_svg(item)
