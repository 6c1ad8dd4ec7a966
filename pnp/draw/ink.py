"""The paint in force at a node, worked out once per distinct paint, for the writers
that draw a node tree themselves (`pnp.draw.cairowriter` for PNG, `pnp.draw.pdfwriter`
for PDF). Paint is inherited as in SVG; SVG's defaults hold where nothing is set (black
fill, no stroke, width 1, butt caps, miter joins, nonzero fill rule, 16 units of
"sans-serif"). Values are writer-neutral (colours as 0..1 floats, caps and joins by
their SVG names); each writer turns them into its own form."""

from __future__ import annotations

from pnp.draw.color import parse_color
from pnp.draw.nodes import Paint


class Ink:
    """The paint in force at a node, with what drawing needs worked out once: the fill
    and stroke as (r, g, b, alpha), the line style and the font. A node's own paint
    over its parent's ink is looked up (`under`), not merged again for every node; `key`
    is the paint by value (two inks with the same paint draw a shared group alike).
    A writer may add its own forms of these values in a subclass (`pnp.draw.pdfink`):
    the inks found under an ink are of its class."""

    __slots__ = ("style", "key", "fill", "fill_rgb", "even_odd", "stroke", "stroke_rgb", "line", "anchor",
                 "stroked_text", "by_paint_id", "_paints", "_by_value", "_faded", "_font")

    def __init__(self, style: dict):
        self.style = style  # SVG-style attributes, without opacity (which is a node's own)
        self.key = tuple(style.items())
        self.anchor = style.get("text_anchor", "start")
        width = style.get("stroke_width", 1.0)
        # SVG's rules: a stroke of width 0 (or less) is not drawn (PDF's `0 w` would draw the
        # thinnest line), and dashes summing to 0 are a solid line (PDF forbids `[0 0] 0 d`)
        self.stroked_text = style.get("stroke", "none") != "none" and width > 0  # text neither writer draws
        fill = self.fill_rgb = parse_color(style.get("fill", "#000000"))
        self.fill = None if fill is None else (*fill, style.get("fill_opacity", 1.0))
        self.even_odd = style.get("fill_rule") == "evenodd"
        stroke = self.stroke_rgb = parse_color(style.get("stroke", "none")) if width > 0 else None
        self.stroke = None if stroke is None else (*stroke, style.get("stroke_opacity", 1.0))
        dashes = tuple(style.get("stroke_dasharray") or ())
        self.line = None if stroke is None else (  # how a stroke is drawn: width, cap, join, dashes
            width, style.get("stroke_linecap", "butt"), style.get("stroke_linejoin", "miter"),
            dashes if sum(dashes) > 0 else ())
        self.by_paint_id: dict[int, Ink] = {}  # `under`'s answers by the paint's id: most nodes share their paint
        self._paints: list[Paint] = []  # the paints looked up by id
        self._by_value: dict[tuple, Ink] = {}  # by the paint's attributes: equal paints made apart
        self._faded: dict[float, Ink] = {}
        self._font = None

    def under(self, paint: Paint) -> "Ink":
        """The ink of a node with `paint` of its own under this one."""
        ink = self.by_paint_id.get(id(paint))
        if ink is None:
            items = paint.items()
            ink = self._by_value.get(items)
            if ink is None:
                style = {**self.style, **dict(items)}
                style.pop("opacity", None)
                ink = self._by_value[items] = type(self)(style)
            self.by_paint_id[id(paint)] = ink
            self._paints.append(paint)  # kept alive, so that its id stays its own
        return ink

    def faded(self, opacity: float) -> "Ink":
        """This ink with `opacity` carried on its colours: a single paint (a fill alone,
        a stroke alone, or text) covers each point once, so that equals a faded group."""
        ink = self._faded.get(opacity)
        if ink is None:
            style = self.style
            ink = self._faded[opacity] = type(self)({
                **style, "fill_opacity": style.get("fill_opacity", 1.0) * opacity,
                "stroke_opacity": style.get("stroke_opacity", 1.0) * opacity})
        return ink

    def font(self) -> tuple[str, bool, bool, float]:
        """(family, bold, italic, size): the face as cairo's toy API and pnp's PDF fonts
        name it ("DejaVu Sans", "DejaVu Sans Condensed" for a condensed stretch)."""
        if self._font is None:
            style = self.style
            family = style.get("font_family", "sans-serif").split(",")[0].strip("\"' ")
            if style.get("font_stretch") == "condensed" and not family.endswith("Condensed"):
                family += " Condensed"
            weight = style.get("font_weight", "normal")
            bold = weight == "bold" or (weight.isdigit() and int(weight) >= 550)
            self._font = (family, bold, style.get("font_style") == "italic", style.get("font_size", 16.0))
        return self._font

