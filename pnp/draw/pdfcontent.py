"""PDF content streams written straight from a node tree: the operators of a page (or
of a form, see `pnp.draw.pdfwriter`) as text, with the same semantics as the cairo
writer (`pnp.draw.cairowriter`): paint inherited as in SVG (`pnp.draw.ink`), SVG's
defaults, miter limit 4, fill rules, dashes, caps and joins, text anchored by its ink
extents, an opacity on a single paint carried on its colour (an ExtGState's /ca or
/CA), else a transparency group; clips; SVG's endpoint arcs as Béziers.

Coordinates stay in each node's own units: a group's transform becomes a `cm`, so a
point is formatted as it is, never multiplied (the page's content starts with the flip
to y down and the view box's scale). How many decimals a coordinate gets follows the
scale of its units, so that it is within 0.001 pt of the tree's where it is drawn; a
shared group's form is written once, with the decimals of the scale at its first use,
so a later use drawn larger (rare: a piece's artwork recurs at one size) may be off by
more, up to 0.0005 unit times that use's scale. The text of a path or shape, of a
transform, of a line style and of a colour is worked out once a process
(`pnp.draw.pdfops`, `pnp.draw.pdfink`), and how a label is shown once an ink and a
document (`Drawer.shown`): sheets repeat them.

What the stream sets (colours, alphas, line style, font) is written only when it differs
from what the reader holds, as far as the writer knows; a `q` keeps that knowledge and
a `Q` brings back what it was at the `q` (the graphics state's own stack)."""

from __future__ import annotations

import math
from itertools import chain
from math import copysign

from pnp.draw.ink import Ink
from pnp.draw.nodes import Circle, Group, Image, Line, Node, Path, Rect, Text
from pnp.draw.pdfink import PdfInk
from pnp.draw.pdfops import (IDENTITY, MEMO_TEXTS, at_scale, line_operators, multiply, number, placement,
                             transform_placement)
from pnp.draw.walk import TreeWalk

MITER_LIMIT = 4  # SVG's default (a PDF's own is 10)
UNKNOWN = (None, None, 1.0, 1.0, None, None)  # a form's start: alphas 1 (ensured at each use), the rest unknown
_LABELS: dict[tuple, tuple] = {}  # (font, anchor, text) -> `Drawer.label`'s answer, the same in every document


class Content:
    """One content stream being written and what it names from its resources."""

    __slots__ = ("parts", "fonts", "states", "xobjects", "scale", "uses", "region")

    def __init__(self, scale: float):
        self.parts: list[str] = []
        self.fonts: set[str] = set()
        self.states: set[str] = set()
        self.xobjects: set[str] = set()
        self.scale = scale  # points per unit of the stream's own space (where it is first used)
        self.uses: list[tuple] = []  # a form's: (the stream it is used in, its matrix there)
        self.region: tuple | None | bool = False  # what of its space can show (False: not worked out yet)

    def text(self) -> bytes:
        return "".join(self.parts).encode("latin-1")


class Drawer(TreeWalk):
    """Writes nodes into one content stream (`Content`); the document (`pnp.draw.pdfwriter`)
    holds what streams share: forms, pictures, alpha states, fonts."""

    def __init__(self, document, content: Content, ink: Ink, state: tuple = UNKNOWN):
        self.document = document
        self.shared = document.shared  # ids of the groups drawn more than once: forms
        self.fonts = document.fonts
        self.content = content
        self.out = content.parts.append
        self.ink = ink  # the page's ink: nothing set
        self.ctm = IDENTITY  # from the units in force to the stream's own
        self.fmt = at_scale(content.scale)
        # what the reader holds now, as set here (None: not known): fill colour, stroke
        # colour, fill alpha, stroke alpha, line style, font resource
        self.fill, self.stroke, self.ca, self.CA, self.line, self.font = state

    # -- state ------------------------------------------------------------------------------

    def save(self) -> tuple:
        self.out("q\n")
        return self.fill, self.stroke, self.ca, self.CA, self.line, self.font, self.ctm, self.fmt

    def restore(self, held: tuple) -> None:
        """The reader's state as it was at the save that returned `held`."""
        self.out("Q\n")
        self.fill, self.stroke, self.ca, self.CA, self.line, self.font, self.ctm, self.fmt = held

    def concat(self, m: tuple) -> None:
        """`m` applied to the units in force (a `cm`)."""
        self.place(placement(m))

    def place(self, placed: tuple) -> None:
        """A transform applied to the units in force: (its matrix, its `cm` operator,
        whether it only moves), as `pnp.draw.pdfops.placement` gives it. Two diagonal
        matrices are multiplied without their zero terms: the same numbers as `multiply`
        gives (of finite numbers) but for a zero's sign, which nothing written shows (a
        form's box is printed by `number`, which prints -0 as 0)."""
        m, operator, moves = placed
        self.out(operator)
        a, b, c, d, e, f = self.ctm
        if moves:  # the scale stays
            self.ctm = (a, b, c, d, m[4] * a + m[5] * c + e, m[4] * b + m[5] * d + f)
        elif not (b or c or m[1] or m[2]):  # a scale under a scale (most transforms: a sheet's pieces)
            self.ctm = diagonal = (m[0] * a, 0.0, 0.0, m[3] * d, m[4] * a + e, m[5] * d + f)
            self.fmt = at_scale(self.content.scale * math.sqrt(abs(diagonal[0] * diagonal[3])))
        else:
            self.ctm = multiply(m, self.ctm)
            self.fmt = at_scale(self.scale())

    def scale(self) -> float:
        """Points per unit in force (the mean of the two axes' scales)."""
        a, b, c, d = self.ctm[:4]
        return self.content.scale * math.sqrt(abs(a * d - b * c))

    def set_alpha(self, ca: float | None, CA: float | None) -> None:
        """The fill alpha `ca` and stroke alpha `CA` (None: either will do)."""
        if ca is not None and ca == CA and ca != self.ca and CA != self.CA:
            self.gs("ca CA", ca)  # one state setting both
            self.ca = self.CA = ca
            return
        if ca is not None and ca != self.ca:
            self.gs("ca", ca)
            self.ca = ca
        if CA is not None and CA != self.CA:
            self.gs("CA", CA)
            self.CA = CA

    def gs(self, key: str, alpha: float) -> None:
        name = self.document.alpha_state(key, alpha)
        self.content.states.add(name)
        self.out(f"/{name} gs\n")

    def set_fill(self, ink: PdfInk) -> None:
        """The ink's fill colour and alpha, where the reader holds others (most leaves pass here)."""
        if ink.fill_rgb != self.fill:
            self.out(ink.fill_op)
            self.fill = ink.fill_rgb
        if ink.fill[3] != self.ca:
            self.set_alpha(ink.fill[3], None)

    def set_stroke(self, ink: PdfInk) -> None:
        """The ink's stroke colour, alpha and line style."""
        if ink.stroke_rgb != self.stroke:
            self.out(ink.stroke_op)
            self.stroke = ink.stroke_rgb
        if ink.stroke[3] != self.CA:
            self.set_alpha(None, ink.stroke[3])
        line = ink.line
        if line != self.line:
            self.out(line_operators(line, self.line))
            self.line = line

    # -- the tree ---------------------------------------------------------------------------

    def use_shared(self, node: Group, ink: Ink) -> None:
        """A group drawn several times: written once as a form, named where it is used."""
        name = self.document.form(node, ink, self)
        self.set_alpha(1.0, 1.0)  # a form starts with the alphas in force where it is used
        self.content.xobjects.add(name)
        self.out(f"/{name} Do\n")

    def leaf_apart(self, node: Node, kind: type, ink: Ink, opacity: float) -> None:
        """A leaf with a transform or an opacity of its own, inside a save and restore."""
        placed = transform_placement(node.transform) if kind is Text and node.transform else None
        if placed is False:
            return
        held = self.save()
        if placed is not None:
            self.place(placed)
        # one paint (a fill alone, a stroke alone, or text) covers each point once, so
        # its opacity can ride on its colour; anything else is drawn as a group
        if opacity < 1 and not (kind is Text or ink.fill is None or ink.stroke is None):
            self.faded_group(opacity, lambda drawer: drawer.leaf(node, kind, ink))
        else:
            self.leaf(node, kind, ink.faded(opacity) if opacity < 1 else ink)
        self.restore(held)

    def group(self, node: Group, ink: Ink, opacity: float) -> None:
        placed = transform_placement(node.transform) if node.transform else None
        if placed is False:
            return  # scaled to nothing: nothing shows (a reader might draw a speck)
        held = self.save()
        if placed is not None:
            self.place(placed)
        if node.clip is not None:
            self.out(self.outline(node.clip) + "W n\n")
        if opacity < 1:
            self.faded_group(opacity, lambda drawer: drawer.draw_each(node.children, ink))
        else:
            self.draw_each(node.children, ink)
        self.restore(held)

    def faded_group(self, opacity: float, draw) -> None:
        """What `draw` writes, as a transparency group painted at `opacity`."""
        name = self.document.group_form(self, draw)
        self.set_alpha(opacity, opacity)
        self.content.xobjects.add(name)
        self.out(f"/{name} Do\n")

    def leaf(self, node: Node, kind: type, ink: PdfInk) -> None:
        """A text, a picture, or a shape's outline filled and/or stroked (colours are set
        before an outline: nothing else may stand between its operators and the painting
        one). Fill and stroke are one `B` where both are opaque; else the stroke is
        painted over the fill, as cairo does (`B` would not let it show the fill through)."""
        if kind is Text:
            self.text(node, ink)
            return
        if kind is Image:
            self.image(node)
            return
        fill, stroke = ink.fill, ink.stroke
        if stroke is None:
            if fill is not None:
                self.set_fill(ink)
                self.out(self.outline(node) + ("f*\n" if ink.even_odd else "f\n"))
        elif fill is None:
            self.set_stroke(ink)
            self.out(self.outline(node) + "S\n")
        elif fill[3] >= 1 and stroke[3] >= 1:
            self.set_fill(ink)
            self.set_stroke(ink)
            self.out(self.outline(node) + ("B*\n" if ink.even_odd else "B\n"))
        else:
            self.set_fill(ink)
            outline = self.outline(node)
            self.out(outline + ("f*\n" if ink.even_odd else "f\n"))
            self.set_stroke(ink)
            self.out(outline + "S\n")

    # -- outlines -----------------------------------------------------------------------------

    def outline(self, node: Node) -> str:
        """The operators of the node's outline (a shape's, or a clip's)."""
        kind = type(node)
        if kind is Path:
            known = self.fmt.by_id.get(id(node.commands))  # `Places.path`'s first look, written out
            return known[1] if known is not None else self.fmt.path(node.commands)
        if kind is Rect:
            return self.rect(node)
        if kind is Circle:
            return self.fmt.circle(node.cx, node.cy, node.r)
        if kind is Line:
            return self.fmt.line(node.x1, node.y1, node.x2, node.y2)
        raise TypeError(f"cannot trace {kind.__name__} as a shape")

    def rect(self, node: Rect) -> str:
        """A rectangle (`re`), or one with rounded corners (arcs as Béziers); remembered
        by its numbers, and where one is zero, their signs too (a sheet repeats its
        boxes and cards)."""
        x, y, w, h = node.x, node.y, node.width, node.height
        key = (("rect", x, y, w, h, node.rx, node.ry) if x and y and w and h else
               ("rect", x, y, w, h, node.rx, node.ry, copysign(1.0, x), copysign(1.0, y), copysign(1.0, w),
                copysign(1.0, h)))
        text = self.fmt.shapes.get(key)
        if text is None:
            text = self.fmt.remember(key, self.rect_text(x, y, w, h, node.rx or node.ry, node.ry or node.rx))
        return text

    def rect_text(self, x: float, y: float, w: float, h: float, rx: float, ry: float) -> str:
        if rx <= 0:
            return self.fmt.re % (x, y, w, h)
        rx, ry = min(rx, w / 2), min(ry, h / 2)
        commands = (("M", x + rx, y), ("L", x + w - rx, y), ("A", rx, ry, 0, 0, 1, x + w, y + ry),
                    ("L", x + w, y + h - ry), ("A", rx, ry, 0, 0, 1, x + w - rx, y + h),
                    ("L", x + rx, y + h), ("A", rx, ry, 0, 0, 1, x, y + h - ry), ("L", x, y + ry),
                    ("A", rx, ry, 0, 0, 1, x + rx, y), ("Z",))
        return self.fmt.text(commands, tuple(chain.from_iterable(commands)))

    # -- text and pictures ----------------------------------------------------------------------

    def text(self, node: Text, ink: PdfInk) -> None:
        content = node.content
        shown = ink.shown.get(content)
        if shown is None or shown[0] is not self.fonts:  # (a text that cannot be shown is never remembered)
            if not content:
                return
            if ink.stroked_text:
                raise ValueError("stroked text is not drawable")
            if ink.fill is None:
                return
            shown = self.shown(ink, content, shown)
        _, name, head, tail, shift = shown
        self.set_fill(ink)
        point = (node.x - shift, node.y)
        where = self.fmt.points.get(point) or self.fmt.point(point)
        if name != self.font:
            self.content.fonts.add(name)
            self.out(f"BT\n/{name} 1 Tf\n{head}{where}{tail}")
            self.font = name
        else:
            self.out("BT\n" + head + where + tail)

    def shown(self, ink: PdfInk, content: str, before: tuple | None = None) -> tuple:
        """How `content` is shown under `ink`, all but where: (the document's fonts, its
        font resource, the text matrix's operands before the point, the operators after
        it, how far left of its anchor the text starts). Remembered by the ink with the
        document's fonts: the same labels come back on every copy of a piece. All but the
        resource is the same in every document (`label`): as it was `before`, in another."""
        family, bold, italic, size = font = ink.font()
        name, operand = self.fonts.show(family, bold, italic, content)
        if before is not None:
            found = before[2:]
        else:
            key = (font, ink.anchor, content)
            found = _LABELS.get(key)
            if found is None:
                found = self.label(font, ink.anchor, content, operand)
                if len(_LABELS) >= MEMO_TEXTS:
                    _LABELS.clear()
                _LABELS[key] = found
        shown = ink.shown[content] = (self.fonts, name, *found)
        return shown

    def label(self, font: tuple, anchor: str, content: str, operand: bytes) -> tuple[str, str, float]:
        """(the text matrix's operands before the point, the operators after it, how far
        left of its anchor the text starts) of `content` in `font` (family, bold, italic,
        size) shown by `operand` (its glyphs, the same in every document)."""
        family, bold, italic, size = font
        shift = 0.0
        if anchor != "start":
            x_bearing, width = self.fonts.ink_extents(family, bold, italic, content, size)
            shift = width / 2 + x_bearing if anchor == "middle" else width + x_bearing
        size_text = number(size)
        slant = self.fonts.slant(family, bold, italic)  # an oblique face slanted: x + slant y
        return (f"{size_text} 0 {number(size * slant) if slant else 0} -{size_text} ",
                f" Tm\n{operand.decode('latin-1')} Tj\nET\n", shift)

    def image(self, node: Image) -> None:
        """The picture scaled to fit the box, centred in it (SVG's xMidYMid meet); its
        first row at the top (the y-down units flip the image's own space back)."""
        name, width, height = self.document.image(node)
        k = min(node.width / width, node.height / height)
        w, h = width * k, height * k
        x, y = node.x + (node.width - w) / 2, node.y + (node.height - h) / 2
        self.set_alpha(1.0, None)  # as cairo paints it: the node's opacity does not reach a picture
        self.content.xobjects.add(name)
        self.out(f"q {number(w)} 0 0 {number(-h)} {number(x)} {number(y + h)} cm /{name} Do Q\n")
