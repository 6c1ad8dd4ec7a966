"""Drawing atoms shared by tiles, maps and cards: track, city, town, halt, revenue,
phase revenue, label, terrain. Each takes placed geometry and a style and returns an
SVG element; none decides where anything goes."""

from __future__ import annotations

from pnp.draw import shapes
from pnp.geometry.face import TRACK_WIDTH, PhaseRow, PlacedStop, PlacedText, RevenueMark
from pnp.geometry.placed import PHASE_FONT, PHASE_NAME_FONT, is_phase_colour
from pnp.geometry.stops import TOWN_DOT, bar_corners, slot_centres, slot_radius, city_outline
from pnp.geometry.hexagon import Point, add, rotate_degrees
from pnp.geometry.track import Segment
from pnp.render import icons, svg
from pnp.render.style import Style

PHASE_GROUND = {"yellow": "yellow", "green": "green", "brown": "brown", "gray": "gray", "grey": "gray"}


def terminal_arrow(segment: Segment, style: Style) -> object:
    """Track ending in a point, as it runs off the map."""
    tip = segment.end
    t = segment.tangent(1.0)
    n = (-t[1], t[0])
    w = TRACK_WIDTH * 1.4
    base = add(tip, (-t[0] * 28, -t[1] * 28))
    pts = [add(base, (n[0] * w, n[1] * w)), add(tip, (t[0] * 4, t[1] * 4)), add(base, (-n[0] * w, -n[1] * w))]
    return svg.polygon_path(pts, fill=style.color("track"))


def city(stop: PlacedStop, style: Style) -> object:
    g = svg.group()
    if stop.slots > 1:  # one slot's circle is its own backing
        pts = [add(p, stop.point) for p in city_outline(stop.slots, stop.angle).coords[:-1]]
        g.add(svg.polygon_path(pts, fill=style.color("city_fill"), stroke=style.color("city_stroke"), stroke_width=2))
    r = slot_radius(stop.slots)
    for c in slot_centres(stop.slots):
        centre = add(rotate_degrees(c, stop.angle), stop.point)
        g.add(svg.circle(centre, r, fill=style.color("city_fill"), stroke=style.color("city_stroke"), stroke_width=2))
    return g


def town(stop: PlacedStop, style: Style) -> object:
    halt = stop.kind == "halt"
    fill = style.color("halt") if halt else style.color("town")
    if stop.style == "bar":
        pts = [add(p, stop.point) for p in bar_corners(stop.angle)]
        attrs = {"stroke": style.color("halt_stroke"), "stroke_width": 2} if halt else {}
        return svg.polygon_path(pts, fill=fill, **attrs)
    outline = style.color("halt_stroke") if halt else style.color("town_outline")
    return svg.circle(stop.point, TOWN_DOT, fill=fill, stroke=outline, stroke_width=3)


BOOM_DASH = (6.0, 5.0)
BOOM_STROKE = 2.0


def boomtown_ring(centre, r: float, style: Style):
    """The dashed ring of a boomtown: round a town, the city it becomes; inside a city,
    the town it was."""
    return svg.circle(centre, r, fill="none", stroke=style.color("city_stroke"), stroke_width=BOOM_STROKE,
                      stroke_dasharray=BOOM_DASH)


def stop(placed: PlacedStop, style: Style) -> object | None:
    if placed.style == "city":
        return city(placed, style)
    if placed.style == "boomtown":
        g = svg.group()
        g.add(boomtown_ring(placed.point, slot_radius(1), style))
        g.add(town(PlacedStop(placed.index, placed.kind, "dot", placed.point, placed.angle, 1, placed.shape), style))
        return g
    if placed.style in ("bar", "dot"):
        return town(placed, style)
    return None


def revenue(mark: RevenueMark, style: Style, angle: float) -> object:
    g = svg.group()
    g.add(svg.circle(mark.point, mark.radius, fill=style.color("revenue_fill"), stroke=style.color("revenue_stroke"),
                     stroke_width=2))
    g.add(svg.text(mark.text, mark.point, mark.size, style, weight="bold", angle=angle))
    return g


def phase_row(row: PhaseRow, style: Style, angle: float) -> object:
    g = svg.group(transform=(shapes.rotate(angle, *row.centre),) if angle else ())
    cx, cy = row.centre
    named = any(not is_phase_colour(phase) for _, _, phase, _ in row.boxes)
    for dx, width, phase, value in row.boxes:
        ground = PHASE_GROUND.get(phase, "white")
        g.add(svg.rect(cx + dx, cy - row.height / 2, width, row.height, fill=style.color(ground),
                       stroke=style.color("outline"), stroke_width=1.5))
        k = row.scale
        if named:  # the phase's name above its value
            top = cy - row.height / 2 + (PHASE_NAME_FONT / 2 + 1.5) * k
            g.add(svg.text(phase, (cx + dx + width / 2, top), PHASE_NAME_FONT * k, style))
            g.add(svg.text(value, (cx + dx + width / 2, cy + PHASE_NAME_FONT / 2 * k), PHASE_FONT * k, style,
                           weight="bold"))
        else:
            g.add(svg.text(value, (cx + dx + width / 2, cy), PHASE_FONT * k, style, weight="bold"))
    return g


def placed_text(item: PlacedText, style: Style, angle: float, color: str | None = None) -> object:
    return svg.text(item.text, item.point, item.size, style, weight=item.weight, angle=angle, color=color)


def terrain_icon(kind: str, centre: Point, style: Style, size: float = 22.0) -> object:
    """A triangle for mountains and hills, two waves for water, tufts for swamp."""
    x, y = centre
    h = size * 0.5
    if kind in ("mountain", "hill"):
        pts = [(x - h * 1.1, y + h * 0.8), (x, y - h * 0.9), (x + h * 1.1, y + h * 0.8)]
        return svg.polygon_path(pts, fill=style.color(kind), stroke=style.color("outline"), stroke_width=1)
    if kind in ("water", "river", "lake"):
        d: list = []
        for dy in (-h * 0.35, h * 0.45):  # four half waves, up and down in turn
            x0, y0 = x - h * 1.1, y + dy
            d.append(shapes.move((x0, y0)))
            for k in range(4):
                a, lift = x0 + k * h * 0.55, -h * 0.4 if k % 2 == 0 else h * 0.4
                d.append(shapes.quad_to((a, y0), (a + h * 0.275, y0 + lift), (a + h * 0.55, y0)))
        return svg.path(d=d, fill="none", stroke=style.color(kind), stroke_width=3)
    if kind == "swamp":
        d = shapes.segments(((x + dx, y + h * 0.7), (x + dx + ex, y + h * 0.7 - ey))
                            for dx in (-h * 0.7, h * 0.7) for ex, ey in ((-h * 0.3, h * 1.1), (0, h * 1.3), (h * 0.3, h * 1.1)))
        return svg.path(d=d, fill="none", stroke=style.color("swamp"), stroke_width=2.5)
    if kind == "forest":
        pts = [(x - h * 0.8, y + h * 0.6), (x, y - h), (x + h * 0.8, y + h * 0.6)]
        return svg.polygon_path(pts, fill=style.color("forest"))
    # mine, wall, cow skull ...: the icon of that name, or its name in a box
    return icons.icon("cattle" if kind == "cow_skull" else kind, centre, h, style)
