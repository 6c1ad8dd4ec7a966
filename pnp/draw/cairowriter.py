"""The cairo writer: a node tree drawn straight onto a cairo context, for PNG files (the
tiles' contact sheet, tests' rasters; PDF files are written by pnp itself,
`pnp.draw.pdfwriter`), through pnp's own cairo binding (`pnp.draw.cairolib`: cairo's C
functions called straight, `lib.cairo_fill(cr)`). Paint is inherited as in SVG; SVG's
defaults (black fill, no stroke, miter limit 4) hold where nothing is set. Errors are
raised, never swallowed: cairo's status is checked after every page and recorded group.

What can be worked out once is: the paint in force under each distinct paint
(`pnp.draw.ink.Ink`, shared with the PDF writer). Outlines and transforms are traced by
`pnp.draw.cairopath`."""

from __future__ import annotations

from pnp.draw import cairolib
from pnp.draw.cairolib import ffi, lib
from pnp.draw.cairopath import apply_transform, trace_path, trace_shape
from pnp.draw.ink import Ink
from pnp.draw.nodes import Group, Image, Node, Page, Path, Text, shared_groups
from pnp.draw.walk import TreeWalk

PT_PER_MM = 72 / 25.4
CAPS = {"round": cairolib.LINE_CAP_ROUND, "square": cairolib.LINE_CAP_SQUARE, "butt": cairolib.LINE_CAP_BUTT}
JOINS = {"round": cairolib.LINE_JOIN_ROUND, "bevel": cairolib.LINE_JOIN_BEVEL, "miter": cairolib.LINE_JOIN_MITER}
MITER_LIMIT = 4  # SVG's default; cairo's own is 10
SLANTS = {False: cairolib.FONT_SLANT_NORMAL, True: cairolib.FONT_SLANT_ITALIC}
WEIGHTS = {False: cairolib.FONT_WEIGHT_NORMAL, True: cairolib.FONT_WEIGHT_BOLD}
FILL_RULES = {False: cairolib.FILL_RULE_WINDING, True: cairolib.FILL_RULE_EVEN_ODD}


class Drawer(TreeWalk):
    """Draws nodes on one context. A leaf without a transform or opacity of its own is
    drawn without saving the context. What a leaf sets (fill rule, colour, line style,
    font) is sent to cairo only when it differs from what cairo holds, as far as this
    drawer knows: a save keeps that knowledge, a restore brings back what it was at
    the save (cairo's own stack of states); an equal setting sent again would change
    nothing in the picture, and cost a call."""

    def __init__(self, cr, shared: frozenset = frozenset(), recorded: dict | None = None, font_options=None,
                 ink: Ink | None = None):
        self.cr = cr
        # text on a recording surface is laid out with the page's font options, not the
        # recording surface's own
        self.font_options = cairolib.font_options(lib.cairo_get_target(cr)) if font_options is None else font_options
        # what cairo holds now, as set by this drawer (None: not known)
        self.fill_rule = self.source = self.line = self.font = None
        self.shared = shared  # ids of groups drawn more than once: recorded once, replayed
        self.recorded = {} if recorded is None else recorded  # (id, ink key) -> recording surface
        self.ink = Ink({}) if ink is None else ink  # the page's ink: nothing set
        self.extents = ffi.new("cairo_text_extents_t *")

    def use_shared(self, node: Group, ink: Ink) -> None:
        """A group drawn several times: drawn once on a recording surface, which each
        use paints."""
        key = (id(node), ink.key)
        surface = self.recorded.get(key)
        if surface is None:
            surface = cairolib.recording_surface()
            cr = cairolib.context(surface)
            lib.cairo_set_miter_limit(cr, MITER_LIMIT)
            lib.cairo_set_font_options(cr, self.font_options)
            Drawer(cr, self.shared, self.recorded, self.font_options, self.ink).draw_node(node, ink)
            cairolib.check_context(cr, "drawing a recorded group")
            cairolib.check_surface(surface, "drawing a recorded group")
            self.recorded[key] = surface
        lib.cairo_set_source_surface(self.cr, surface, 0, 0)
        self.source = None
        lib.cairo_paint(self.cr)

    def save(self) -> tuple:
        lib.cairo_save(self.cr)
        return self.fill_rule, self.source, self.line, self.font

    def restore(self, held: tuple) -> None:
        """cairo's state as it was at the save that returned `held`."""
        lib.cairo_restore(self.cr)
        self.fill_rule, self.source, self.line, self.font = held

    def leaf_apart(self, node: Node, kind: type, ink: Ink, opacity: float) -> None:
        """A leaf with a transform or an opacity of its own, inside a save and restore."""
        cr = self.cr
        held = self.save()
        if kind is Text and node.transform:
            apply_transform(cr, node.transform)
        # one paint (a fill alone, a stroke alone, or text) covers each point once, so
        # its opacity can ride on its colour; anything else is drawn as a group
        grouped = opacity < 1 and not (kind is Text or ink.fill is None or ink.stroke is None)
        if grouped:
            lib.cairo_push_group(cr)
            self.leaf(node, kind, ink)
            lib.cairo_pop_group_to_source(cr)
            lib.cairo_paint_with_alpha(cr, opacity)
        else:
            self.leaf(node, kind, ink.faded(opacity) if opacity < 1 else ink)
        self.restore(held)

    def group(self, node: Group, ink: Ink, opacity: float) -> None:
        cr = self.cr
        held = self.save()
        if node.transform:
            apply_transform(cr, node.transform)
        if node.clip is not None:
            trace_shape(cr, node.clip)
            lib.cairo_clip(cr)
        if opacity < 1:  # push and pop are a save and restore of cairo's own; ours follows the pop at once
            lib.cairo_push_group(cr)
        self.children(node, ink)
        if opacity < 1:
            lib.cairo_pop_group_to_source(cr)
            lib.cairo_paint_with_alpha(cr, opacity)
        self.restore(held)

    def children(self, node: Group, ink: Ink) -> None:
        """A group's children in order. What they set on cairo's state (colour, line,
        font, fill rule) may outlast them: each leaf sets what it needs when it differs
        from what the drawer knows cairo holds, and cairo records every drawing
        operation with the whole state it was drawn with (a save and a restore are not
        recorded), so nothing in the file depends on where a setting was last undone."""
        self.draw_each(node.children, ink)

    def leaf(self, node: Node, kind: type, ink: Ink) -> None:
        if kind is Path:  # the commonest leaf first
            trace_path(self.cr, node.commands)
            self.fill_and_stroke(ink)
        elif kind is Text:
            self.text(node, ink)
        elif kind is Image:
            self.image(node)
        else:
            trace_shape(self.cr, node)
            self.fill_and_stroke(ink)

    def set_source(self, rgba: tuple) -> None:
        if rgba != self.source:
            lib.cairo_set_source_rgba(self.cr, *rgba)
            self.source = rgba

    def fill_and_stroke(self, ink: Ink) -> None:
        cr, fill, stroke = self.cr, ink.fill, ink.stroke
        if fill is not None:
            if ink.even_odd is not self.fill_rule:
                lib.cairo_set_fill_rule(cr, FILL_RULES[ink.even_odd])
                self.fill_rule = ink.even_odd
            self.set_source(fill)
            if stroke is None:
                lib.cairo_fill(cr)
            else:
                lib.cairo_fill_preserve(cr)
        if stroke is not None:
            if ink.line != self.line:
                width, cap, join, dashes = self.line = ink.line
                lib.cairo_set_line_width(cr, width)
                lib.cairo_set_line_cap(cr, CAPS[cap])
                lib.cairo_set_line_join(cr, JOINS[join])
                lib.cairo_set_dash(cr, dashes, len(dashes), 0)
            self.set_source(stroke)
            lib.cairo_stroke(cr)
        elif fill is None:
            lib.cairo_new_path(cr)  # neither painted: the outline goes (fill and stroke take it)

    def text(self, node: Text, ink: Ink) -> None:
        if not node.content:
            return
        if ink.stroked_text:
            raise ValueError("stroked text is not drawable")
        if ink.fill is None:
            return
        cr = self.cr
        font = ink.font()
        if font != self.font:
            family, bold, italic, size = font
            lib.cairo_select_font_face(cr, family.encode(), SLANTS[italic], WEIGHTS[bold])
            slant = italic and _slant(family, bold)  # an oblique face not installed: its upright one slanted
            if slant:  # slanted as the PDF writer slants it (cairo's toy API draws it upright)
                lib.cairo_set_font_matrix(cr, ffi.new("cairo_matrix_t *", (size, 0, -slant * size, size, 0, 0)))
            else:
                lib.cairo_set_font_size(cr, size)
            self.font = font
        content = node.content.encode()
        x, y = node.x, node.y
        anchor = ink.anchor
        if anchor != "start":
            extents = self.extents
            lib.cairo_text_extents(cr, content, extents)
            x -= extents.width / 2 + extents.x_bearing if anchor == "middle" else extents.width + extents.x_bearing
        self.set_source(ink.fill)
        lib.cairo_move_to(cr, x, y)
        lib.cairo_show_text(cr, content)
        lib.cairo_new_path(cr)

    def image(self, node: Image) -> None:
        from pnp.draw.images import draw_image

        draw_image(self.cr, node)


def _slant(family: str, bold: bool) -> float:
    """The shear pnp's PDF fonts draw the italic face with (`pnp.draw.slanted`): 0 where
    the oblique face is installed."""
    from pnp.draw.pdffonts import face_for

    return face_for(family, bold, True).slant


def draw_page(cr, page: Page, width_pt: float, height_pt: float, drawer: Drawer | None = None) -> None:
    """The page's tree on a context whose units are points (or pixels at 72 dpi)."""
    vx, vy, vw, vh = page.view_box
    lib.cairo_scale(cr, width_pt / vw, height_pt / vh)
    lib.cairo_translate(cr, -vx, -vy)
    lib.cairo_set_miter_limit(cr, MITER_LIMIT)
    drawer = Drawer(cr, shared_groups([page])) if drawer is None else drawer
    drawer.draw(page.root)


def page_points(page: Page) -> tuple[float, float]:
    return page.width_mm * PT_PER_MM, page.height_mm * PT_PER_MM


def _named(page: Page, n: int) -> str:
    return f"drawing page {n}" + (f" ({page.title})" if page.title else "")


def to_png(page: Page, dpi: float = 96) -> bytes:
    """The page as a PNG at `dpi`, on a transparent ground."""
    k = dpi / 72
    w, h = page_points(page)
    surface = cairolib.image_surface(max(1, round(w * k)), max(1, round(h * k)))
    cr = cairolib.context(surface)
    width, height = cairolib.image_size(surface)
    lib.cairo_scale(cr, width / w, height / h)
    draw_page(cr, page, w, h)
    cairolib.check_context(cr, _named(page, 1))
    return cairolib.png_bytes(surface)
