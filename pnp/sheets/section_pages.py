"""Drawing a plan's section pages: an upright sheet (landscape sections turned onto it),
the header, the window's clipped part of the drawing, crop marks, and the join lines
and pointers to the next sections."""

from __future__ import annotations

from pnp.draw import shapes
from pnp.draw.nodes import Page
from pnp.i18n import Messages
from pnp.render import svg
from pnp.render.style import Style
from pnp.sheets.section_plan import GAP, Drawing, PageSection, Plan
from pnp.text import fit_size, text_width

HEADER_TEXT = 3.2  # mm
MARK_TEXT = 2.2
LINE = 0.25  # mm, crop and join lines


def upright_sheet(plan: Plan, title: str):
    """An upright page the sheet's size, and the group to draw the page in as laid out:
    the page itself, or for landscape sections a group turned a quarter onto it."""
    sheet = plan.sheet
    dwg = svg.document(sheet.width, sheet.height, title=title)
    if not plan.turned:
        return dwg, dwg
    canvas = svg.group(transform=(shapes.translate(sheet.width, 0), shapes.rotate(90)))
    dwg.add(canvas)
    return dwg, canvas


# --- pages ---------------------------------------------------------------------------

def page_header(dwg, plan: Plan, style: Style, title: str, middle: str, number: str) -> None:
    left, top, width, _ = plan.window
    y = top - plan.spec.header * 0.55
    colour = style.color("footer")
    middle_size = HEADER_TEXT * 1.15
    inset = plan.spec.mark + 2.0  # clear of the crop marks
    room = width / 2 - text_width(middle, middle_size, "bold") / 2 - inset - 3.0
    dwg.add(svg.text(title, (left + inset, y), fit_size(title, room, HEADER_TEXT), style, anchor="start", color=colour))
    dwg.add(svg.text(middle, (left + width / 2, y), middle_size, style, weight="bold"))
    dwg.add(svg.text(number, (left + width - inset, y), HEADER_TEXT, style, anchor="end",
                     color=colour))


def mark_lines(segments, style: Style, colour: str = "crop", dash: tuple[float, ...] | None = None):
    attrs = {"stroke_dasharray": dash} if dash else {}
    return svg.path(shapes.segments(segments), fill="none", stroke=style.color(colour), stroke_width=LINE, **attrs)


def crop_marks(left: float, top: float, width: float, height: float, length: float) -> list:
    """Marks outside each corner of a rectangle, along its edges."""
    out = []
    for x, sx in ((left, -1), (left + width, 1)):
        for y, sy in ((top, -1), (top + height, 1)):
            out.append(((x + sx * GAP, y), (x + sx * (GAP + length), y)))
            out.append(((x, y + sy * GAP), (x, y + sy * (GAP + length))))
    return out


def _pointer(tip, direction: str, size: float):
    """A small filled triangle whose tip touches `tip`, pointing down/up/right/left."""
    x, y = tip
    h, w = size, size * 0.45
    pts = {"down": [(x, y), (x - w, y - h), (x + w, y - h)], "up": [(x, y), (x - w, y + h), (x + w, y + h)],
           "right": [(x, y), (x - h, y - w), (x - h, y + w)], "left": [(x, y), (x + h, y - w), (x + h, y + w)]}
    return pts[direction]


def _joins(dwg, plan: Plan, section: PageSection, window, style: Style, t: Messages) -> None:
    """Where the next section to the right and below starts: a dashed line inside the
    window (hidden once that section lies on it) and pointers in the bottom and side
    margins; the top margin holds the header."""
    left, top, width, height = window
    right, bottom = left + width, top + height
    size = plan.spec.mark * 0.6
    lines = []
    pointers = []
    for c in (section.column + 1,):
        if c <= len(plan.columns) and plan.printed(section.row, c):
            x = left + plan.columns[c - 1][0] - section.x
            lines.append(((x, top), (x, bottom)))
            pointers.append(_pointer((x, bottom + GAP), "up", size))
            label = t("sections.starts_here", row=section.row, column=c)
            dwg.add(svg.text(label, (x - size, bottom + GAP + size * 0.55), MARK_TEXT, style, anchor="end",
                             color=style.color("footer")))
    for r in (section.row + 1,):
        if r <= len(plan.rows) and plan.printed(r, section.column):
            y = top + plan.rows[r - 1][0] - section.y
            lines.append(((left, y), (right, y)))
            pointers += [_pointer((left - GAP, y), "right", size), _pointer((right + GAP, y), "left", size)]
    if lines:
        dwg.add(mark_lines(lines, style, dash=(2.0, 1.5)))
    for pts in pointers:
        dwg.add(svg.polygon_path(pts, fill=style.color("crop")))


def section_page(drawing: Drawing, plan: Plan, sections: tuple[PageSection, ...], style: Style, title: str, page: int,
                  total: int, t: Messages) -> Page:
    """A page of one section, or of several one above the other, each with its marks."""
    dwg, canvas = upright_sheet(plan, f"{title}, {sections[0].label_in(t)}")
    for slot, section in enumerate(sections):
        window = plan.slot_window(slot)
        _show(dwg, canvas, drawing, section, window, "window" if slot == 0 else f"window-{slot + 1}")
        _joins(canvas, plan, section, window, style, t)
        canvas.add(mark_lines(crop_marks(*window, plan.spec.mark), style))
        if slot:  # the first is named in the header
            left, top, _, _ = window
            canvas.add(svg.text(t("sections.section", label=section.label_in(t)),
                                (left + plan.spec.mark + 2.0, top - GAP - plan.spec.mark / 2), HEADER_TEXT, style,
                                weight="bold", anchor="start"))
    page_header(canvas, plan, style, title, t("sections.section", label=sections[0].label_in(t)),
            t("page.number", page=page, total=total))
    return dwg


def _show(dwg, canvas, drawing: Drawing, section: PageSection, window, clip_id: str) -> None:
    """The part of the drawing a section shows, clipped to its window."""
    left, top, width, height = window
    shown = svg.group(clip=svg.rect(left, top, width, height))
    placed = svg.group(transform=(shapes.translate(left - section.x, top - section.y),))
    if drawing.items:  # nodes already (a drawing's parts): gathered without `add`'s check of each
        x0, y0, x1, y1 = section.x, section.y, section.x + section.width, section.y + section.height
        placed.children.extend([element for element, (minx, miny, maxx, maxy) in drawing.items
                                if minx < x1 and maxx > x0 and miny < y1 and maxy > y0])
    else:
        placed.add(drawing.content)
    shown.add(placed)
    canvas.add(shown)
