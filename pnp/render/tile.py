"""A tile face as SVG, in hex units (corner radius 100), layer by layer: ground, track
casings, track, stations, revenue, labels, outline. Maps reuse `face_group` for
their hexes; sheets place the group at physical size."""

from __future__ import annotations

from functools import lru_cache

from pnp.draw import shapes
from pnp.geometry.face import FaceLayout, layout_face
from pnp.geometry.hexagon import APOTHEM, FLAT_TO_FLAT, POINTY_TURN, RADIUS, corners, edge_midpoint
from pnp.text import fit_size
from pnp.model.tile import Tile, TileFace
from pnp.render import atoms, discs, gauge, svg
from pnp.render import face_drawn as drawn
from pnp.render import face_extras as extras
from pnp.render.style import Style

LAYERS = ("ground", "frame", "track_casing", "track", "stations", "revenue", "labels", "borders", "outline")
OUTLINE_WIDTH = 1.5
BORDER_WIDTH = 10.0
BORDER_COST_RADIUS = 17.0


def outline_path(style: Style, width: float = OUTLINE_WIDTH, colour: str = "outline", radius: float = RADIUS):
    """The hex outline: one closed six-sided path."""
    return svg.polygon_path(corners(radius), fill="none", stroke=style.color(colour), stroke_width=width,
                            stroke_linejoin="miter")


def ground_path(colour: str, style: Style, radius: float = RADIUS):
    return svg.polygon_path(corners(radius), fill=style.ground(colour), stroke="none")


def face_layers(face: TileFace, layout: FaceLayout, style: Style, ground_colour: str = "white") -> dict[str, list]:
    """Everything on a face but its ground and outline, by layer."""
    layers: dict[str, list] = {name: [] for name in LAYERS}
    angle = layout.text_angle
    layers["frame"] += extras.stripes(face, style) + extras.frame(face, style) + extras.partitions(face, style)
    track = [(t.look, t.segment) for t in layout.track]
    looks = sorted({look for look, _ in track}, key=lambda k: (gauge.GAUGES.index(k[0]), *(str(x) for x in k[1:])))
    for look in looks:  # track drawn alike as one path: by gauge, then colours and lanes
        kind, colour, ties, lanes, width = look
        d = gauge.path_of([segment for its_look, segment in track if its_look == look])
        layers["track_casing"].append(gauge.casing(d, kind, style, lanes=lanes, width=width))
        layers["track"].extend(gauge.rails(d, kind, style, color=colour, tie_color=ties, lanes=lanes, width=width))
    gaps, railings = drawn.bridges(face, layout.track, style, ground_colour)
    layers["frame"] += gaps + drawn.face_shapes(face, style, angle, background=True)
    layers["track"] += railings + drawn.tunnel_portals(face, style)
    for casing, rail, kind in layout.overpasses:
        layers["track"].append(gauge.casing(gauge.path_of([casing]), kind, style, butt=True))
        layers["track"].extend(gauge.rails(gauge.path_of([rail]), kind, style, butt=True))
    for t in layout.track:
        if t.terminal:
            layers["track"].append(atoms.terminal_arrow(t.segment, style))
    for placed in layout.stops:
        element = atoms.stop(placed, style)
        layers["stations"] += extras.pass_band(face, placed, style) if placed.style == "city" else []
        if element is not None:
            layers["stations"].append(element)
        if placed.style == "city":
            layers["stations"] += extras.boomtown_rings(face, placed, style) + extras.city_marks(face, placed, style, angle)
    layers["stations"] += discs.face_discs(face.discs, style, angle)  # tokens printed on the face
    for mark in layout.revenues:
        layers["revenue"].append(atoms.revenue(mark, style, angle))
    for row in layout.phase_rows:
        layers["revenue"].append(atoms.phase_row(row, style, angle))
    if layout.terrain_icon:
        kind, point = layout.terrain_icon
        icon = atoms.terrain_icon(kind, point, style)
        if angle:  # keep the icon upright on a turned face, like the text
            upright = svg.group(transform=(shapes.rotate(angle, point[0], point[1]),))
            upright.add(icon)
            icon = upright
        layers["labels"].append(icon)
    layers["labels"] += drawn.face_shapes(face, style, angle) + extras.placed_icons(layout, style)
    for item in layout.texts:
        if item.role == "future_label":
            layers["labels"].append(extras.future_label(face, item, style, angle))
        else:
            layers["labels"].append(atoms.placed_text(item, style, angle))
    for border in face.borders:
        layers["borders"].append(border_line(border.edge, border.type, style, border.cost, angle, border.color))
    return layers


def border_line(edge: int, kind: str, style: Style, cost: int | None = None, text_angle: float = 0.0,
                color: str | None = None):
    """A thick line along a hex side (impassable, water, mountain...), with the cost of
    crossing it in a circle on the side's midpoint when it has one."""
    a, b = corners()[(edge - 1) % 6], corners()[edge]
    # corners()[k] is the corner between edges k and k+1, so edge e runs from corner e-1 to corner e
    stroke = border_stroke(kind, style)
    if color:
        stroke["stroke"] = extras.colour(color, style)
    line = svg.line(a, b, **stroke)
    if not cost:
        return line
    g = svg.group()
    g.add(line)
    mid = edge_midpoint(edge)
    g.add(svg.circle(mid, BORDER_COST_RADIUS, fill=style.color("revenue_fill"), stroke=stroke["stroke"],
                     stroke_width=3))
    g.add(svg.text(str(cost), mid, fit_size(str(cost), 2 * BORDER_COST_RADIUS - 6, 16, "bold"), style, weight="bold",
                   angle=text_angle))
    return g


def border_stroke(kind: str, style: Style) -> dict:
    """How a border of this kind is stroked (also the map legend's sample of it)."""
    colour = "impassable" if kind == "impassable" else f"border_{kind}"
    attrs = {"stroke_dasharray": (20.0, 12.0)} if kind in ("province", "divider") else {}
    return {"stroke": style.color(colour), "stroke_width": BORDER_WIDTH, "stroke_linecap": "round", **attrs}


def face_group(face: TileFace, colour: str, style: Style, *, tile_id: str | None = None, name: str | None = None,
               stage: str | None = None, flippable: bool = False, turn: float = 0.0, outline: bool = True,
               ground: bool = True, colour2: str | None = None):
    """A face as one SVG group in hex units. `turn` (degrees) turns the artwork, e.g. 30
    for a pointy hex or 60*r for a tile laid with rotation r; text stays upright."""
    layout = layout_face(face, tile_id=tile_id, name=name, stage=stage, flippable=flippable, text_angle=-turn)
    layers = face_layers(face, layout, style, colour)
    g = svg.group()
    art = svg.group(transform=(shapes.rotate(turn),)) if turn else g
    if ground:
        for part in drawn.ground(colour, colour2, style):
            art.add(part)
    for name_ in LAYERS:
        for element in layers[name_]:
            art.add(element)
    if outline:
        art.add(outline_path(style))
    if art is not g:
        g.add(art)
    return g


def tile_group(tile: Tile, style: Style, orientation: str = "flat", outline: bool = True):
    """The printed tile, built once per distinct tile and style; without `outline` when
    a CutContour layer carries the cut line."""
    return _tile_group(tile, style, orientation, outline)  # one cache key however it is called


@lru_cache(maxsize=2048)
def _tile_group(tile: Tile, style: Style, orientation: str, outline: bool):
    turn = POINTY_TURN if orientation == "pointy" else 0.0
    return face_group(tile, tile.ground or tile.color, style, tile_id=tile.id, name=tile.name, stage=tile.stage,
                      flippable=tile.flippable, turn=turn, outline=outline, colour2=tile.color2)


def units_per_mm(tile_mm: float) -> float:
    return FLAT_TO_FLAT / tile_mm


def tile_svg(tile: Tile, style: Style, tile_mm: float = 38.1, orientation: str = "flat") -> str:
    """A standalone SVG of one tile at physical size (flat-to-flat = `tile_mm`)."""
    margin = 2.0
    if orientation == "pointy":
        w, h = 2 * APOTHEM, 2 * RADIUS
    else:
        w, h = 2 * RADIUS, 2 * APOTHEM
    k = tile_mm / FLAT_TO_FLAT
    dwg = svg.document((w + 2 * margin) * k, (h + 2 * margin) * k,
                       view_box=(-w / 2 - margin, -h / 2 - margin, w + 2 * margin, h + 2 * margin),
                       title=f"Tile {tile.id}")
    dwg.add(tile_group(tile, style, orientation))
    return svg.to_string(dwg)
