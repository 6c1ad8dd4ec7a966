"""The cairo writer: a node tree drawn straight onto a cairo context (PDF or PNG
surfaces). Paint is inherited as in SVG; SVG's defaults (black fill, no stroke,
miter limit 4) hold where nothing is set. Errors are raised, never swallowed."""

from __future__ import annotations

import math

import cairocffi as cairo

from pnp.draw.color import parse_color
from pnp.draw.nodes import Circle, Group, Image, Line, Node, Page, Path, Rect, Text

PT_PER_MM = 72 / 25.4
CAPS = {"round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE, "butt": cairo.LINE_CAP_BUTT}
JOINS = {"round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL, "miter": cairo.LINE_JOIN_MITER}
DEFAULTS = {"fill": "#000000", "font_size": 16.0, "font_family": "sans-serif"}


def apply_transform(ctx, ops) -> None:
    for op in ops:
        name = op[0]
        if name == "translate":
            ctx.translate(op[1], op[2])
        elif name == "rotate":
            if op[2] or op[3]:
                ctx.translate(op[2], op[3])
                ctx.rotate(math.radians(op[1]))
                ctx.translate(-op[2], -op[3])
            else:
                ctx.rotate(math.radians(op[1]))
        elif name == "scale":
            ctx.scale(op[1], op[2])
        elif name == "matrix":
            ctx.transform(cairo.Matrix(*op[1:]))
        else:
            raise ValueError(f"unknown transform step {name!r}")


def trace_path(ctx, commands) -> None:
    x = y = 0.0
    for c in commands:
        head = c[0]
        if head == "M":
            x, y = c[1], c[2]
            ctx.move_to(x, y)
        elif head == "L":
            x, y = c[1], c[2]
            ctx.line_to(x, y)
        elif head == "C":
            ctx.curve_to(*c[1:])
            x, y = c[5], c[6]
        elif head == "A":
            _arc(ctx, x, y, *c[1:])
            x, y = c[6], c[7]
        elif head == "Z":
            ctx.close_path()
            x, y = ctx.get_current_point()
        else:
            raise ValueError(f"unknown path command {head!r}")


def _arc(ctx, x1, y1, rx, ry, phi, large, sweep, x2, y2) -> None:
    """An SVG endpoint arc, by the centre parametrisation of the SVG specification."""
    if (x1, y1) == (x2, y2):
        return
    if rx == 0 or ry == 0:
        ctx.line_to(x2, y2)
        return
    rx, ry = abs(rx), abs(ry)
    cos_p, sin_p = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos_p * dx + sin_p * dy, -sin_p * dx + cos_p * dy
    k2 = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if k2 > 1:
        rx, ry = rx * math.sqrt(k2), ry * math.sqrt(k2)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    k = math.sqrt(max(0.0, num / den)) if den else 0.0
    if bool(large) == bool(sweep):
        k = -k
    cxp, cyp = k * rx * yp / ry, -k * ry * xp / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2
    a1 = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    a2 = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx)
    if sweep and a2 < a1:
        a2 += 2 * math.pi
    elif not sweep and a2 > a1:
        a2 -= 2 * math.pi
    ctx.save()
    ctx.translate(cx, cy)
    ctx.rotate(math.radians(phi))
    ctx.scale(rx, ry)
    (ctx.arc if sweep else ctx.arc_negative)(0, 0, 1, a1, a2)
    ctx.restore()


def _shape(ctx, node: Node) -> None:
    if isinstance(node, Path):
        trace_path(ctx, node.commands)
    elif isinstance(node, Rect):
        x, y, w, h = node.x, node.y, node.width, node.height
        rx, ry = node.rx or node.ry, node.ry or node.rx
        if rx <= 0:
            ctx.rectangle(x, y, w, h)
        else:
            rx, ry = min(rx, w / 2), min(ry, h / 2)
            trace_path(ctx, (("M", x + rx, y), ("L", x + w - rx, y), ("A", rx, ry, 0, 0, 1, x + w, y + ry),
                             ("L", x + w, y + h - ry), ("A", rx, ry, 0, 0, 1, x + w - rx, y + h),
                             ("L", x + rx, y + h), ("A", rx, ry, 0, 0, 1, x, y + h - ry), ("L", x, y + ry),
                             ("A", rx, ry, 0, 0, 1, x + rx, y), ("Z",)))
    elif isinstance(node, Circle):
        ctx.new_sub_path()
        ctx.arc(node.cx, node.cy, node.r, 0, 2 * math.pi)
        ctx.close_path()
    elif isinstance(node, Line):
        ctx.move_to(node.x1, node.y1)
        ctx.line_to(node.x2, node.y2)
    else:
        raise TypeError(f"cannot trace {type(node).__name__} as a shape")


class Drawer:
    """Draws nodes on one context. A leaf without a transform or opacity of its own is
    drawn without saving the context: everything it sets is set afresh by the next
    leaf, except the font, which is only changed when it differs."""

    def __init__(self, ctx, shared: frozenset = frozenset(), recorded: dict | None = None, font_options=None):
        self.ctx = ctx
        # text on a recording surface is laid out with the page's font options (a PDF's
        # unhinted metrics), not the recording surface's own
        self.font_options = ctx.get_target().get_font_options() if font_options is None else font_options
        self.font = None  # (family, slant, weight, size) last selected
        self.shared = shared  # ids of groups drawn more than once: recorded once, replayed
        self.recorded = {} if recorded is None else recorded  # (id, inherited paint) -> recording surface

    def draw(self, node: Node, style: dict) -> None:
        if id(node) in self.shared:
            self.replay(node, style)
        else:
            self.draw_node(node, style)

    def replay(self, node: Group, style: dict) -> None:
        """A group drawn several times: drawn once on a recording surface, which each
        use paints (a PDF holds it once, as a form, and names it where it is used)."""
        key = (id(node), tuple(style.items()))
        surface = self.recorded.get(key)
        if surface is None:
            surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None)
            ctx = cairo.Context(surface)
            ctx.set_miter_limit(MITER_LIMIT)
            ctx.set_font_options(self.font_options)
            Drawer(ctx, self.shared, self.recorded, self.font_options).draw_node(node, style)
            self.recorded[key] = surface
        self.ctx.set_source_surface(surface, 0, 0)
        self.ctx.paint()

    def draw_node(self, node: Node, style: dict) -> None:
        own = node.paint.items()
        if own:
            style = {**style, **dict(own)}
            opacity = style.pop("opacity", 1.0)
        else:
            opacity = 1.0
        ctx = self.ctx
        is_group = isinstance(node, Group)
        transform = node.transform if isinstance(node, (Group, Text)) else ()
        if not is_group and not transform and opacity >= 1:
            self.leaf(node, style)
            return
        ctx.save()
        if transform:
            apply_transform(ctx, transform)
        if is_group and node.clip is not None:
            _shape(ctx, node.clip)
            ctx.clip()
        # one paint (a fill alone, a stroke alone, or text) covers each point once, so
        # its opacity can ride on its colour; anything else is drawn as a group
        single = not is_group and (isinstance(node, Text) or parse_color(style.get("fill", "#000000")) is None
                                   or parse_color(style.get("stroke", "none")) is None)
        if opacity < 1 and single:
            style = {**style, "fill_opacity": style.get("fill_opacity", 1.0) * opacity,
                     "stroke_opacity": style.get("stroke_opacity", 1.0) * opacity}
        grouped = opacity < 1 and not single
        if grouped:
            ctx.push_group()
        if is_group:
            for child in node.children:
                self.draw(child, style)
        else:
            self.leaf(node, style)
        if grouped:
            ctx.pop_group_to_source()
            ctx.paint_with_alpha(opacity)
        ctx.restore()
        self.font = None  # the restore brought back whatever font was selected before

    def leaf(self, node: Node, style: dict) -> None:
        if isinstance(node, Text):
            self.text(node, style)
        elif isinstance(node, Image):
            self.image(node)
        else:
            _shape(self.ctx, node)
            self.fill_and_stroke(style)

    def fill_and_stroke(self, style: dict) -> None:
        ctx = self.ctx
        fill = parse_color(style.get("fill", "#000000"))
        stroke = parse_color(style.get("stroke", "none"))
        if fill is not None:
            ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if style.get("fill_rule") == "evenodd"
                              else cairo.FILL_RULE_WINDING)
            ctx.set_source_rgba(*fill, style.get("fill_opacity", 1.0))
            ctx.fill_preserve() if stroke is not None else ctx.fill()
        if stroke is not None:
            ctx.set_line_width(style.get("stroke_width", 1.0))
            ctx.set_line_cap(CAPS[style.get("stroke_linecap", "butt")])
            ctx.set_line_join(JOINS[style.get("stroke_linejoin", "miter")])
            ctx.set_dash(list(style.get("stroke_dasharray") or ()))
            ctx.set_source_rgba(*stroke, style.get("stroke_opacity", 1.0))
            ctx.stroke()
        ctx.new_path()

    def text(self, node: Text, style: dict) -> None:
        if not node.content:
            return
        ctx = self.ctx
        family = style.get("font_family", "sans-serif").split(",")[0].strip("\"' ")
        if style.get("font_stretch") == "condensed" and not family.endswith("Condensed"):
            family += " Condensed"
        weight = style.get("font_weight", "normal")
        bold = weight == "bold" or (weight.isdigit() and int(weight) >= 550)
        slant = cairo.FONT_SLANT_ITALIC if style.get("font_style") == "italic" else cairo.FONT_SLANT_NORMAL
        font = (family, slant, cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL, style.get("font_size", 16.0))
        if font != self.font:
            ctx.select_font_face(*font[:3])
            ctx.set_font_size(font[3])
            self.font = font
        x, y = node.x, node.y
        anchor = style.get("text_anchor", "start")
        if anchor != "start":
            x_bearing, _, width = ctx.text_extents(node.content)[:3]
            x -= width / 2 + x_bearing if anchor == "middle" else width + x_bearing
        fill = parse_color(style.get("fill", "#000000"))
        if style.get("stroke", "none") != "none":
            raise ValueError("stroked text is not drawable")
        if fill is None:
            return
        ctx.set_source_rgba(*fill, style.get("fill_opacity", 1.0))
        ctx.move_to(x, y)
        ctx.show_text(node.content)
        ctx.new_path()

    def image(self, node: Image) -> None:
        from pnp.draw.images import draw_image

        draw_image(self.ctx, node)


MITER_LIMIT = 4  # SVG's default; cairo's own is 10
SHARED_SIZE = 8  # a group of at least this many nodes, drawn more than once, is recorded once


def shared_groups(pages: list[Page]) -> frozenset:
    """Ids of the groups that the pages draw more than once (the same node placed at
    several spots: a piece's artwork, a map under each section's window) and that are
    big enough to be worth recording."""
    seen: dict[int, int] = {}
    sizes: dict[int, int] = {}

    def visit(node) -> int:
        if type(node) is not Group:
            return 1
        key = id(node)
        if key in seen:
            seen[key] += 1
            return sizes[key]
        seen[key] = 1
        size = 1 + sum(visit(child) for child in node.children) + (node.clip is not None)
        sizes[key] = size
        return size

    for page in pages:
        visit(page.root)
    return frozenset(key for key, uses in seen.items() if uses > 1 and sizes[key] >= SHARED_SIZE)


def draw_page(ctx, page: Page, width_pt: float, height_pt: float, drawer: Drawer | None = None) -> None:
    """The page's tree on a context whose units are points (or pixels at 72 dpi)."""
    vx, vy, vw, vh = page.view_box
    ctx.scale(width_pt / vw, height_pt / vh)
    ctx.translate(-vx, -vy)
    ctx.set_miter_limit(MITER_LIMIT)
    drawer = Drawer(ctx, shared_groups([page])) if drawer is None else drawer
    drawer.draw(page.root, {})


def page_points(page: Page) -> tuple[float, float]:
    return page.width_mm * PT_PER_MM, page.height_mm * PT_PER_MM


def to_png(page: Page, dpi: float = 96) -> bytes:
    """The page as a PNG at `dpi`, on a transparent ground."""
    import io

    k = dpi / 72
    w, h = page_points(page)
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, max(1, round(w * k)), max(1, round(h * k)))
    ctx = cairo.Context(surface)
    ctx.scale(surface.get_width() / w, surface.get_height() / h)
    draw_page(ctx, page, w, h)
    surface.flush()
    out = io.BytesIO()
    surface.write_to_png(out)
    return out.getvalue()


def to_pdf(pages: list[Page]) -> bytes:
    """Pages as one PDF (shared fonts), each at its own size."""
    import io

    buffer = io.BytesIO()
    surface = cairo.PDFSurface(buffer, 595, 842)
    shared, recorded = shared_groups(pages), {}
    for page in pages:
        w, h = page_points(page)
        surface.set_size(w, h)
        ctx = cairo.Context(surface)
        draw_page(ctx, page, w, h, Drawer(ctx, shared, recorded))
        surface.show_page()
    surface.finish()
    return buffer.getvalue()
