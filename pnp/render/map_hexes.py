"""What the map draws on and in its hexes: each hex's face or the tile laid on it, home
reservations and station tokens in their city slots, and bordered sides (once each)."""

from __future__ import annotations

from msgspec.structs import replace

from pnp.geometry.face import layout_face
from pnp.geometry.hexagon import add, corners, rotate_degrees
from pnp.geometry.stops import slot_centres, slot_radius
from pnp.model.company import Company
from pnp.model.map import MapHex, Placements
from pnp.model.tile import TileFace
from pnp.render import svg
from pnp.render.copies import regrouped
from pnp.render.map_frame import MapFrame
from pnp.render.style import Style
from pnp.render.tile import BORDER_WIDTH, border_line, face_group
from pnp.text import fit_size


def _plain(face: TileFace) -> TileFace:
    """The face without its borders: the map draws borders once, above laid tiles."""
    return replace(face, borders=()) if face.borders else face


def hex_arts(f: MapFrame, hexes: list[MapHex], placements: Placements) -> list:
    """Each hex's art (`hex_art`). A face printed alike on several hexes (plain land,
    the same terrain and cost) is drawn once; each further hex gets a copy of its tree
    that shares the leaves but not the groups: a group drawn twice would be written
    once (a PDF form, `nodes.shared_groups`), and the file would change."""
    drawn: dict[tuple, object] = {}
    return [hex_art(f, h, placements, drawn) for h in hexes]


def hex_art(f: MapFrame, h: MapHex, placements: Placements, drawn: dict):
    """A hex's face, or the tile laid on it, in its place; `drawn`: the faces drawn
    so far by (face, colour, name), to copy."""
    g = f.hex_group(f.centre(h.pos))
    laid = placements.tile_at(h.coord)
    if laid:
        # a laid tile covers the printed name, as on the table
        g.add(face_group(_plain(laid.tile), laid.tile.color, f.style, tile_id=laid.tile.id,
                         turn=f.turn + 60 * laid.rotation, outline=False))
        return g
    face = _plain(h.face)
    key = (face, h.color, h.name)
    art = drawn.get(key)
    if art is None:  # tokens printed on the hex (its face's discs) lie above its cities, below its texts
        art = drawn[key] = face_group(face, h.color, f.style, name=h.name, turn=f.turn, outline=False)
    else:
        art = regrouped(art)
    g.add(art)
    return g


def city_slots(face: TileFace, turn: float) -> list[list[tuple[float, float]]]:
    """Token slot centres of each city on a face (in stop order), in hex units of the
    map, with the face turned by `turn` degrees."""
    layout = layout_face(face, text_angle=-turn)
    out = []
    for placed in layout.stops:
        if placed.style != "city":
            continue
        out.append([rotate_degrees(add(rotate_degrees(c, placed.angle), placed.point), turn)
                    for c in slot_centres(placed.slots)])
    return out


def stations(f: MapFrame, hexes: list[MapHex], companies, placements: Placements) -> list[tuple[str, object]]:
    """Home reservations printed in their city, and the tokens of a layout: one group
    per hex that has any."""
    out = []
    size = f.spec.token_text / f.k
    asked = {c.home for c in companies} | {t.coord for t in placements.tokens}  # the hexes that may have any
    for h in hexes:
        if h.coord not in asked:
            continue
        laid = placements.tile_at(h.coord)
        face, turn = (laid.tile, f.turn + 60 * laid.rotation) if laid else (h.face, f.turn)
        tokens = {(t.city, t.slot): t.company for t in placements.tokens if t.coord == h.coord}
        homes = [c for c in companies if c.home == h.coord]
        if not tokens and not homes:
            continue
        slots = city_slots(face, turn)
        if not slots:
            continue
        cities = [s for s in face.stops if s.kind == "city"]
        group = f.hex_group(f.centre(h.pos))
        for company, (city, slot) in home_slots(homes, slots, tokens):
            group.add(reservation(company, slots[city][slot], slot_radius(cities[city].slots), size, f.style))
        for (city, slot), company in sorted(tokens.items()):
            group.add(token(company, slots[city][slot], slot_radius(cities[city].slots), size, f.style))
        out.append((h.coord, group))
    return out


def home_slots(homes: list[Company], slots: list[list], tokens: dict) -> list[tuple[Company, tuple[int, int]]]:
    """Each home company's reserved slot: the first free slot of its home city (its
    `home_city`, else the first city), or of the next city with room. A company whose
    token already stands in the hex needs no reservation."""
    used = set(tokens)
    out = []
    for company in homes:
        if company in tokens.values():
            continue
        home = min(company.home_city, len(slots) - 1)
        order = [home] + [c for c in range(len(slots)) if c != home]
        spot = next(((c, s) for c in order for s in range(len(slots[c])) if (c, s) not in used), None)
        if spot is not None:
            used.add(spot)
            out.append((company, spot))
    return out


def token(company: Company, centre, radius: float, size: float, style: Style):
    """A station token: a disc in the company's colour with its symbol."""
    g = svg.group()
    g.add(svg.circle(centre, radius - 1.0, fill=company.color, stroke=style.color("outline"), stroke_width=2))
    text = fit_size(company.symbol, (radius - 3.0) * 1.8, size, "bold")
    g.add(svg.text(company.symbol, centre, text, style, weight="bold", color=company.text_color))
    return g


def reservation(company: Company | None, centre, radius: float, size: float, style: Style):
    """A home slot: a ring in the company's colour with its symbol inside."""
    g = svg.group()
    r = radius - 4.5
    g.add(svg.circle(centre, r, fill="none", stroke=style.color("outline"), stroke_width=8))
    g.add(svg.circle(centre, r, fill="none", stroke=company.color if company else style.color("city_fill"),
                     stroke_width=5))
    if company is not None:
        text = fit_size(company.symbol, (r - 5.0) * 1.8, size * 0.9, "bold")
        g.add(svg.text(company.symbol, centre, text, style, weight="bold"))
    return g


def borders(f: MapFrame, hexes: list[MapHex]) -> list[tuple[object, tuple]]:
    """Each bordered side once, though both hexes may list it. Sides alike (edge, kind,
    cost and colour) share their drawing (its groups made anew, as `hex_arts`)."""
    out = []
    seen = set()
    drawn: dict[tuple, object] = {}
    turned = [rotate_degrees(c, f.turn) for c in corners()]
    sides = [(turned[(edge - 1) % 6], turned[edge]) for edge in range(6)]  # edge e runs from corner e-1 to e
    k = f.k
    for h in hexes:
        if not h.face.borders:
            continue
        cx, cy = f.centre(h.pos)
        for border in h.face.borders:
            pts = [(cx + p[0] * k, cy + p[1] * k) for p in sides[border.edge % 6]]
            key = frozenset((round(x, 2), round(y, 2)) for x, y in pts)
            if key in seen:
                continue
            seen.add(key)
            side = f.hex_group((cx, cy), f.turn)
            look = (border.edge, border.type, border.cost, border.color)
            line = drawn.get(look)
            if line is None:
                line = drawn[look] = border_line(border.edge, border.type, f.style, border.cost, -f.turn, border.color)
            else:
                line = regrouped(line)
            side.add(line)
            reach = BORDER_WIDTH * f.k
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            out.append((side, (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)))
    return out
