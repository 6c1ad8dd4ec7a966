"""What a face shows besides track, stations and revenue: a coloured frame or stripes
on its ground, partition lines, icons, a future label and companies marked in its
cities (a home or reservation: the company's symbol on its colour; a destination:
its symbol in a ring of its colour)."""

from __future__ import annotations

from functools import lru_cache

from pnp.geometry.hexagon import APOTHEM, RADIUS, add, corners, rotate_degrees
from pnp.geometry.face import partition_line
from pnp.geometry.placed import MARK_FONT, PlacedStop, PlacedText
from pnp.geometry.stops import slot_centres, slot_radius
from pnp.draw import shapes
from pnp.model.tile import TileFace
from pnp.render import icons, svg
from pnp.render.style import Style
from pnp.text import fit_size

FRAME_WIDTH = 14.0  # of the band round the inside of the hex
STRIPE_WIDTH = 10.0
PARTITION_WIDTH = 6.0
MARK_RING = 5.0
PASS_BAND = 6.0


def colour(value: str, style: Style) -> str:
    """A theme name ("brown") or a literal colour ("#ffa500") from the data."""
    return style.colors.get(value, value)


def frame(face: TileFace, style: Style) -> list:
    """A band round the inside of the hex; with `color2`, every other side."""
    if not face.frame:
        return []
    inner = RADIUS - FRAME_WIDTH / (APOTHEM / RADIUS)
    c_out, c_in = corners(), corners(inner)
    out = []
    for side in range(6):
        a, b = (side - 1) % 6, side  # side e runs from corner e-1 to corner e
        fill = face.frame.color2 if face.frame.color2 and side % 2 else face.frame.color
        out.append(svg.polygon_path([c_out[a], c_out[b], c_in[b], c_in[a]], fill=colour(fill, style)))
    return out


def stripes(face: TileFace, style: Style) -> list:
    """Diagonal stripes of the given colour across the ground, inside the hex."""
    if not face.stripes:
        return []
    shape = _inset_hex(STRIPE_WIDTH * 0.6)  # square stripe ends stay inside
    lines = []
    for k in range(-6, 7):
        x = k * STRIPE_WIDTH * 2.4
        line = _clip(shape, (x - 100, -100), (x + 100, 100))
        if line:
            lines.append((line[0], line[1]))
    return [svg.path(shapes.segments(lines), fill="none", stroke=colour(face.stripes, style),
                     stroke_width=STRIPE_WIDTH, stroke_linecap="butt")] if lines else []


@lru_cache(maxsize=16)
def _inset_hex(inset: float):
    """The hex less `inset`, corners sharp, as GEOS makes it: the stripes' ends are where
    GEOS clips them (shapely is loaded only for a striped face)."""
    from pnp.geometry.hexagon import hex_polygon

    return hex_polygon().buffer(-inset, join_style=2)


def _clip(shape, p, q):
    from shapely.geometry import LineString

    part = shape.intersection(LineString([p, q]))
    if part.is_empty or part.geom_type != "LineString":
        return None
    return list(part.coords)


def partitions(face: TileFace, style: Style) -> list:
    """Lines parting the hex between two rim points (edge midpoints, or corners at x.5);
    `length` below 1 draws that share of the line, from its first end."""
    out = []
    for p in face.partitions:
        a, b = partition_line(p)
        name = "impassable" if p.type == "impassable" else f"border_{p.type}"
        stroke = style.colors.get(name, style.color("outline"))
        dash = {"stroke_dasharray": (14.0, 8.0)} if p.type == "province" else {}
        out.append(svg.line(a, b, stroke=stroke, stroke_width=PARTITION_WIDTH, stroke_linecap="round", **dash))
    return out



def placed_icons(layout, style: Style) -> list:
    out = []
    for placed in layout.icons:
        element = icons.icon(placed.name, placed.point, placed.radius, style)
        if layout.text_angle:
            turned = svg.group(transform=(shapes.rotate(layout.text_angle, *placed.point),))
            turned.add(element)
            element = turned
        out.append(element)
    return out


def future_label(face: TileFace, item: PlacedText, style: Style, angle: float):
    """The label a hex takes when upgraded, small, on a patch of the colour it applies from."""
    g = svg.group()
    ground = colour(face.future_label.color, style) if face.future_label.color else style.color("revenue_fill")
    r = item.size * 0.8
    g.add(svg.circle(item.point, r, fill=ground, stroke=style.color("outline"), stroke_width=1.5))
    g.add(svg.text(item.text, item.point, fit_size(item.text, 2 * r - 4, item.size, "bold"), style, weight="bold",
                   angle=angle))
    return g


def city_marks(face: TileFace, placed: PlacedStop, style: Style, angle: float) -> list:
    """Companies printed in a city's slots, in slot order (homes first)."""
    stop = face.stops[placed.index]
    marks = sorted(getattr(stop, "marks", ()), key=lambda m: m.kind != "home")
    if not marks:
        return []
    out = []
    r = slot_radius(placed.slots)
    centres = [add(rotate_degrees(c, placed.angle), placed.point) for c in slot_centres(placed.slots)]
    for mark, centre in zip(marks, centres):
        out.append(mark_disc(mark.company, mark.kind, centre, r, style, angle, mark.color))
    return out


def boomtown_rings(face: TileFace, placed: PlacedStop, style: Style) -> list:
    """A boomtown city: the town it was, a dashed ring inside each slot."""
    if getattr(face.stops[placed.index], "style", None) != "boomtown":
        return []
    from pnp.render.atoms import boomtown_ring

    r = slot_radius(placed.slots) * BOOM_INNER
    return [boomtown_ring(add(rotate_degrees(c, placed.angle), placed.point), r, style)
            for c in slot_centres(placed.slots)]


BOOM_INNER = 0.4  # of the slot radius


def pass_band(face: TileFace, placed: PlacedStop, style: Style) -> list:
    """A mountain pass (18xx.games `pass=`): its slots on a band of the mountain colour."""
    stop = face.stops[placed.index]
    if getattr(stop, "style", None) != "pass":
        return []
    from shapely.geometry import Polygon  # a pass's band is GEOS's mitred buffer: loaded only for one

    band = Polygon(placed.shape.coords).buffer(PASS_BAND, join_style=2)
    pts = list(band.exterior.coords)[:-1]
    return [svg.polygon_path(pts, fill=style.color("mountain"), stroke=style.color("outline"), stroke_width=1.5)]


def mark_disc(company: str, kind: str, centre, r: float, style: Style, angle: float = 0.0, color: str | None = None):
    """A company's symbol in a slot: filled with its colour for a home, in a ring of its
    colour for a destination. Colours come from the game's companies (`company:SYM`
    in the style); a company the style does not know prints black on white."""
    fill = style.colors.get(f"company:{company}") or (colour(color, style) if color else None)
    ink = style.colors.get(f"company_text:{company}", style.color("mark_text"))
    g = svg.group()
    if kind == "home" and fill:
        g.add(svg.circle(centre, r - 2, fill=fill, stroke=style.color("city_stroke"), stroke_width=2))
    else:
        ring = fill or style.color("city_stroke")
        ink = style.color("mark_text")
        g.add(svg.circle(centre, r - MARK_RING / 2 - 1, fill=style.color("city_fill"), stroke=ring,
                         stroke_width=MARK_RING))
    if company:
        size = fit_size(company, (r - 4) * 1.7, MARK_FONT, "bold")
        g.add(svg.text(company, centre, size, style, weight="bold", color=ink, angle=angle))
    return g


__all__ = ["frame", "stripes", "partitions", "placed_icons", "future_label", "city_marks", "mark_disc", "colour"]
