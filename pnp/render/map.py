"""A map as one drawing in millimetres: every hex a tile face (`render/tile.py`'s
`face_group`) at the map hex size, tiles and tokens of a layout preview on top, impassable
sides, one outline per hex, and around the hexes the sea or other background, areas,
coordinates, names, the title and a legend.

Blocks (title, legend) go where the map data puts them, written as a grid position
such as `B11`, or else into the first corner of the map that no hex occupies. Layer
order, bottom to top: background, areas, hexes, laid tiles, reservations and tokens,
outlines, borders, coordinates, labels, title, legend.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from shapely import affinity
from shapely.geometry import box
from shapely.ops import unary_union

from pnp.draw import shapes
from pnp.errors import PnpError
from pnp.geometry import grid
from pnp.geometry.face import layout_face
from pnp.geometry.hexagon import FLAT_TO_FLAT, SQRT3, add, corners, rotate_degrees
from pnp.geometry.place import Occupancy
from pnp.geometry.stops import TOWN_DOT, slot_centres, slot_radius
from pnp.i18n import Messages, messages
from pnp.model.company import Company
from pnp.model.game import GameInfo
from pnp.model.map import Board, MapHex, Placements
from pnp.draw.nodes import Page
from pnp.model.tile import TileFace
from pnp.render import atoms, svg
from pnp.render.style import Style
from pnp.render.tile import BORDER_WIDTH, border_line, border_stroke, face_group, outline_path
from pnp.sheets.paginate import Drawing
from pnp.text import CAP_HEIGHT, fit_size, text_width
from pnp.units import parse_length
from pnp.templates import settings_file

LEGEND_UNITS = 60.0  # hex units an icon of the legend spans
BLOCK_PAD = 3.0  # mm inside the title and legend panels


@dataclass(frozen=True)
class MapSpec:
    """`templates/sheets/map.yaml`, in millimetres."""

    clearance: float = 0.5
    padding: float = 3.0
    band: float = 7.0
    coordinate_text: float = 3.5
    title_text: float = 18.0
    subtitle_text: float = 5.5
    byline_text: float = 3.5
    legend_text: float = 3.0
    legend_icon: float = 7.0
    token_text: float = 2.6


@cache
def map_spec() -> MapSpec:
    return settings_file("sheets/map.yaml", MapSpec, what="map settings")


@dataclass(frozen=True)
class LegendWords:
    """What the legend calls things, in the language `t` speaks: the game's own names for
    its stops (game.yaml `terms`: 18-XY's towns are halts, its cities stations), else
    pnp's words; and what a sight adds."""

    city: str | None = None
    town: str | None = None
    halt: str | None = None
    offboard: str | None = None
    sight_bonus: int | None = None
    t: Messages = Messages("en")

    def word(self, kind: str) -> str:
        """The name of a kind of stop: the game's term, else pnp's word ("map.city")."""
        return getattr(self, kind) or self.t(f"map.{kind}")

    @classmethod
    def of(cls, info: GameInfo, t: Messages | None = None) -> "LegendWords":
        return cls(**info.terms, sight_bonus=info.rules.sight_bonus, t=t or messages())


@dataclass(frozen=True)
class MapArt:
    drawing: Drawing  # for pagination: content in mm, hexes as pieces
    svg: Page  # the whole map as one page at real size
    hexes: int


@dataclass
class _Frame:
    """Millimetre geometry shared by the drawing steps. Positions are first worked out
    around the grid's origin; once everything is placed, `origin` moves them so that
    the drawing starts at (0, 0)."""

    board: Board
    style: Style
    spec: MapSpec
    hex_mm: float
    origin: tuple[float, float] = (0.0, 0.0)

    @property
    def radius(self) -> float:
        return self.hex_mm / SQRT3

    @property
    def k(self) -> float:  # mm per hex unit
        return self.hex_mm / FLAT_TO_FLAT

    @property
    def turn(self) -> float:
        return grid.turn(self.board.orientation)

    def centre(self, pos) -> tuple[float, float]:
        x, y = grid.centre(pos, self.board.orientation, self.radius)
        return (x - self.origin[0], y - self.origin[1])

    def outline(self, pos):
        return affinity.translate(grid.outline(pos, self.board.orientation, self.radius), -self.origin[0],
                                  -self.origin[1])

    def at(self, coordinate: str) -> tuple[float, float]:
        return self.centre(self.board.coordinates.parse(coordinate))

    def colour(self, name: str, field: str) -> str:
        try:
            return self.style.color(name)
        except KeyError:
            raise PnpError(f"map.yaml: {field}: theme '{self.style.name}' has no colour '{name}'") from None

    def hex_group(self, centre, extra_turn: float = 0.0):
        """A group in hex units (corner radius 100) centred on `centre` (mm)."""
        transform = (shapes.translate(*centre), shapes.scale(self.k))
        if extra_turn:
            transform += (shapes.rotate(extra_turn),)
        return svg.group(transform=transform)


def draw_map(board: Board, style: Style, *, hex_mm: float, title_lines: list[tuple[str, float, str]],
             companies: tuple[Company, ...] = (), placements: Placements = Placements(),
             tile_faces: tuple[TileFace, ...] = (), spec: MapSpec | None = None,
             extras: tuple[tuple[object, str | None], ...] = (), words: LegendWords = LegendWords(),
             frame: bool = True) -> MapArt:
    """Draw a board. `title_lines` are (text, size mm, weight); `tile_faces` are the
    game's tiles, for the legend's symbols that appear only on tiles; `words` what the
    legend calls things. `extras` are other drawings the map carries, as (artwork with
    width, height and art in mm, grid position or None), placed like the title and
    legend (1851's Dividend Payout Track). Without `frame` there is no band of
    coordinates and no padding: the drawing ends where the hexes do (a map section cut
    out along its hexes). The drawing's pieces are the hex outlines in the board's
    order, then the blocks and labels."""
    f = _Frame(board, style, spec or map_spec(), hex_mm)
    hexes = list(board.hexes.values())
    deco = board.decorations

    # 1. place: hexes, areas, then the blocks and labels where nothing else is
    land = unary_union([f.outline(h.pos) for h in hexes])
    area_shapes = [unary_union([f.outline(board.coordinates.parse(c)) for c in a.at]) for a in deco.areas]
    occupied = Occupancy(box(-1e5, -1e5, 1e5, 1e5))
    occupied.add(land.buffer(1.0))
    for shape in area_shapes:
        occupied.add(shape)
    bounds = unary_union([land] + area_shapes).bounds
    blocks = []  # (shape, block)
    if deco.title.show and title_lines:
        blocks.append(_place(f, _title_block(title_lines), deco.title.at, occupied, bounds))
    legend_items = _legend_items(f, hexes, tile_faces, companies, words)
    if deco.legend.show and legend_items:
        blocks.append(_place(f, _legend_block(f, legend_items), deco.legend.at, occupied, bounds))
    for artwork, at in extras:
        blocks.append(_place(f, _artwork_block(artwork), at, occupied, bounds))
    labels = [(_label_box(f, i, lab), lab) for i, lab in enumerate(deco.labels)]
    extent = unary_union([land] + area_shapes + [s for s, _ in blocks + labels]).bounds
    edge = f.spec.padding + f.spec.band if frame else 0.0
    f.origin = (extent[0] - edge, extent[1] - edge)
    width, height = extent[2] - extent[0] + 2 * edge, extent[3] - extent[1] + 2 * edge
    shift = lambda g: affinity.translate(g, -f.origin[0], -f.origin[1])  # noqa: E731

    # 2. draw, bottom layer first; each item with the bounds a section page culls by
    items: list[tuple[object, tuple]] = []
    if deco.background:
        colour = f.colour(deco.background, "decorations.background")
        items.append((svg.rect(0, 0, width, height, fill=colour, stroke="none"), (0, 0, width, height)))
    for i, (area, shape) in enumerate(zip(deco.areas, area_shapes)):
        items.append((_area(f, i, area, shift(shape)), shift(shape).bounds))
    hex_bounds = {h.coord: f.outline(h.pos).bounds for h in hexes}
    items += [(_hex_art(f, h, placements), hex_bounds[h.coord]) for h in hexes]
    items += [(g, hex_bounds[coord]) for coord, g in _stations(f, hexes, companies, placements)]
    for h in hexes:
        ring = f.hex_group(f.centre(h.pos), f.turn)
        ring.add(outline_path(style))
        items.append((ring, hex_bounds[h.coord]))
    items += _borders(f, hexes)
    if frame:
        items += _coordinates(f, hexes, width, height)
    items += [(_label(f, i, lab), shift(shape).bounds) for i, (shape, lab) in enumerate(labels)]
    for shape, block in blocks:
        minx, miny, _, _ = shift(shape).bounds
        items.append((block.draw(f, minx, miny), shift(shape).bounds))

    content = svg.group()
    for element, _ in items:
        content.add(element)
    pieces = tuple(f.outline(h.pos) for h in hexes) + tuple(shift(s) for s, _ in blocks + labels)
    footprint = unary_union(list(pieces) + [shift(s) for s in area_shapes])
    drawing = Drawing(content, width, height, pieces, footprint, tuple(items))
    doc = svg.document(width, height, title=title_lines[0][0] if title_lines else "Map")
    doc.add(content)
    return MapArt(drawing, doc, len(hexes))


# --- hexes, tiles, tokens ------------------------------------------------------------

def _plain(face: TileFace) -> TileFace:
    """The face without its borders: the map draws borders once, above laid tiles."""
    return face.model_copy(update={"borders": ()}) if face.borders else face


def _hex_art(f: _Frame, h: MapHex, placements: Placements):
    g = f.hex_group(f.centre(h.pos))
    laid = placements.tile_at(h.coord)
    if laid:
        # a laid tile covers the printed name, as on the table
        g.add(face_group(_plain(laid.tile), laid.tile.color, f.style, tile_id=laid.tile.id,
                         turn=f.turn + 60 * laid.rotation, outline=False))
    else:
        g.add(face_group(_plain(h.face), h.color, f.style, name=h.name, turn=f.turn, outline=False))
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


def _stations(f: _Frame, hexes: list[MapHex], companies, placements: Placements) -> list[tuple[str, object]]:
    """Home reservations printed in their city, and the tokens of a layout: one group
    per hex that has any."""
    out = []
    size = f.spec.token_text / f.k
    for h in hexes:
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


def _borders(f: _Frame, hexes: list[MapHex]) -> list[tuple[object, tuple]]:
    """Each bordered side once, though both hexes may list it."""
    out = []
    seen = set()
    for h in hexes:
        cx, cy = f.centre(h.pos)
        for border in h.face.borders:
            ends = [rotate_degrees(corners()[i % 6], f.turn) for i in (border.edge - 1, border.edge)]
            pts = [(cx + p[0] * f.k, cy + p[1] * f.k) for p in ends]
            key = frozenset((round(x, 2), round(y, 2)) for x, y in pts)
            if key in seen:
                continue
            seen.add(key)
            side = f.hex_group((cx, cy), f.turn)
            side.add(border_line(border.edge, border.type, f.style, border.cost, -f.turn))
            reach = BORDER_WIDTH * f.k
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            out.append((side, (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)))
    return out


# --- around the hexes ----------------------------------------------------------------

def _coordinates(f: _Frame, hexes: list[MapHex], width: float, height: float) -> list[tuple[object, tuple]]:
    """Column and row names in the band around the map, on all four sides."""
    band, size = f.spec.band, f.spec.coordinate_text
    cols = [h.pos.col for h in hexes]
    rows = [h.pos.row for h in hexes]
    coords = f.board.coordinates
    places = []
    for col in range(min(cols), max(cols) + 1):
        x = f.centre(grid.GridPos(col, 0))[0]
        places += [(coords.column_label(col), (x, y)) for y in (band / 2, height - band / 2)]
    for row in range(min(rows), max(rows) + 1):
        y = f.centre(grid.GridPos(0, row))[1]
        places += [(coords.row_label(row), (x, y)) for x in (band / 2, width - band / 2)]
    out = []
    for text, (x, y) in places:
        w = text_width(text, size, "bold") / 2
        out.append((svg.text(text, (x, y), size, f.style, weight="bold"), (x - w, y - size / 2, x + w, y + size / 2)))
    return out


def _label_size(i: int, label) -> float:
    try:
        return parse_length(label.size)
    except ValueError as exc:
        raise PnpError(f"map.yaml: decorations.labels[{i}].size: {exc}") from None


def _label_box(f: _Frame, i: int, label):
    size = _label_size(i, label)
    (x, y), w, h = f.at(label.at), text_width(label.text, size), size * CAP_HEIGHT
    return box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def _label(f: _Frame, i: int, label):
    element = svg.text(label.text, f.at(label.at), _label_size(i, label), f.style,
                       color=f.colour(label.color, f"decorations.labels[{i}].color"))
    return svg.restyled(element, font_style="italic") if label.italic else element


def _area(f: _Frame, i: int, area, shape):
    g = svg.group()
    colour = f.colour(area.color, f"decorations.areas[{i}].color")
    for poly in getattr(shape, "geoms", [shape]):
        g.add(svg.polygon_path(list(poly.exterior.coords)[:-1], fill=colour, stroke="none"))
    if area.name:
        p = shape.representative_point()
        g.add(svg.text(area.name, (p.x, p.y), f.spec.legend_text * 1.4, f.style, weight="bold"))
    return g


@dataclass(frozen=True)
class _Block:
    width: float
    height: float
    draw: object  # (frame, left, top) -> SVG element


def _place(f: _Frame, block: _Block, at: str | None, occupied: Occupancy, bounds) -> tuple[object, _Block]:
    """Centre a block on its grid position (moved the least distance off any hex it
    would cover: a block's size depends on its words, and so on the language); else put
    it in the first corner of the map that nothing occupies, else beside or below the
    map where nothing is."""
    w, h = block.width, block.height
    if at is not None:
        cx, cy = _nearest_free(occupied, f.at(at), w, h)
    else:
        minx, miny, maxx, maxy = bounds
        gap = f.spec.padding
        inside = [(minx + w / 2, miny + h / 2), (maxx - w / 2, miny + h / 2), (minx + w / 2, maxy - h / 2),
                  (maxx - w / 2, maxy - h / 2)]
        outside = [(minx + w / 2, maxy + gap + h / 2), (maxx - w / 2, maxy + gap + h / 2),
                   (maxx + gap + w / 2, miny + h / 2), (maxx + gap + w / 2, maxy - h / 2)]
        spots = inside + outside
        shapes = [box(x - w / 2, y - h / 2, x + w / 2, y + h / 2) for x, y in spots]
        k = occupied.first_free(shapes)
        cx, cy = spots[k]
        if occupied.clash(shapes[k]) > 1e-6:  # nothing free: below everything placed so far
            cx, cy = minx + w / 2, occupied.union().bounds[3] + gap + h / 2
    shape = box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    occupied.add(shape.buffer(f.spec.padding / 2))
    return shape, block


def _nearest_free(occupied: Occupancy, centre: tuple[float, float], w: float, h: float,
                  steps: int = 12) -> tuple[float, float]:
    """The centre nearest `centre`, within half the block's size of it, at which a
    w x h block is free; `centre` itself if none is."""
    cx, cy = centre
    offsets = sorted(((i * w / 2 / steps, j * h / 2 / steps) for i in range(-steps, steps + 1)
                      for j in range(-steps, steps + 1)), key=lambda o: (math.hypot(*o), o))
    for dx, dy in offsets:
        x, y = cx + dx, cy + dy
        if occupied.is_free(box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)):
            return x, y
    return centre


def _panel(f: _Frame, left: float, top: float, w: float, h: float):
    return svg.rect(left, top, w, h, rx=1.5, fill=f.style.color("map_panel"), fill_opacity="0.9",
                    stroke=f.style.color("map_panel_stroke"), stroke_width=0.3)


def _artwork_block(artwork) -> _Block:
    """A finished drawing (its art from its own top-left corner) on a panel."""

    def draw(f, left, top):
        g = svg.group()
        g.add(_panel(f, left, top, artwork.width, artwork.height))
        inner = svg.group(transform=(shapes.translate(left, top),))
        inner.add(artwork.art)
        g.add(inner)
        return g

    return _Block(artwork.width, artwork.height, draw)


def _title_block(lines: list[tuple[str, float, str]]) -> _Block:
    """Lines of text stacked on a panel; each line's capitals are `size` * CAP_HEIGHT
    tall, with 0.8 of the next line's size between lines (room for descenders)."""
    width = max(text_width(t, s, w) for t, s, w in lines) + 2 * BLOCK_PAD
    mids, y = [], BLOCK_PAD
    for n, (_, size, _) in enumerate(lines):
        if n:
            y += size * 0.8
        mids.append(y + size * CAP_HEIGHT / 2)
        y += size * CAP_HEIGHT
    height = y + BLOCK_PAD

    def draw(f, left, top):
        g = svg.group()
        g.add(_panel(f, left, top, width, height))
        for (text, size, weight), mid in zip(lines, mids):
            g.add(svg.text(text, (left + width / 2, top + mid), size, f.style, weight=weight))
        return g

    return _Block(width, height, draw)


def _legend_items(f: _Frame, hexes: list[MapHex], tile_faces, companies, words: LegendWords) -> list[tuple[str, str]]:
    """(icon, text) for each kind of thing the map shows, in a fixed order, named as the
    game names it."""
    faces = [h.face for h in hexes]
    kinds = {s.kind for face in faces for s in face.stops}
    tile_kinds = {s.kind for face in tile_faces for s in face.stops}
    t = words.t
    city, town, halt = words.word("city"), words.word("town"), words.word("halt")
    items = []
    if "city" in kinds:
        items.append(("city", t("map.legend_city", city=city)))
    if any(h.city for h in hexes):
        items.append(("capitals", t("map.legend_capitals", city=city, city_lower=city.lower())))
    if "town" in kinds:
        items.append(("town", town))
    if "halt" in kinds | tile_kinds:
        symbol = next((s.symbol for face in list(faces) + list(tile_faces) for s in face.stops if s.kind == "halt"), "")
        items.append(("halt", t("map.legend_halt", halt=halt, symbol=symbol) if symbol
                      else t("map.legend_halt_plain", halt=halt)))
    if any(h.sight for h in hexes):
        sight = "map.legend_sight" if words.sight_bonus else "map.legend_sight_plain"
        items.append(("sight", t(sight, town=town, town_lower=town.lower(), bonus=words.sight_bonus)))
    if any(c.home in f.board.hexes for c in companies):
        items.append(("home", t("map.legend_home")))
    if "offboard" in kinds:
        colour = next(h.color for h in hexes if any(s.kind == "offboard" for s in h.face.stops))
        items.append((f"offboard:{colour}", t("map.legend_offboard", offboard=words.word("offboard"))))
    phases = _named_phases(faces)
    if phases:
        items.append(("phases", t("map.legend_phases", phases=", ".join(phases[:-1]), last=phases[-1])))
    if any(h.lake for h in hexes):
        items.append(("lake", t("map.legend_lake")))
    terrains = sorted({(k, h.face.terrain.cost) for h in hexes if h.face.terrain for k in h.face.terrain.type})
    for kind, cost in terrains:
        items.append((f"terrain:{kind}", t("map.legend_terrain", kind=terrain_name(kind, t), cost=cost)))
    sides = sorted({(b.type, b.cost or 0) for h in hexes for b in h.face.borders if b.type != "impassable"})
    for kind, cost in sides:
        items.append((f"border:{kind}", t("map.legend_border_cost", kind=terrain_name(kind, t), cost=cost) if cost
                      else t("map.legend_border", kind=terrain_name(kind, t))))
    if any(b.type == "impassable" for h in hexes for b in h.face.borders):
        items.append(("impassable", t("map.legend_impassable")))
    labels = sorted({h.face.label for h in hexes if h.face.label})
    if labels:
        items.append((f"label:{labels[0]}", t("map.legend_label", labels=", ".join(labels))))
    return items


def terrain_name(kind: str, t: Messages) -> str:
    """A terrain or border kind as the legend names it ("Mountain"), in `t`'s language."""
    try:
        return t(f"terrain.{kind}")
    except KeyError:
        return kind.capitalize()


def _named_phases(faces) -> list[str]:
    """Phases named by number rather than tile colour in the map's revenue boxes (1851's
    off-board values rise at phases 4 and 6): the legend must say which box is which."""
    phases: list[str] = []
    for face in faces:
        for s in face.stops:
            revenue = getattr(s, "revenue", 0)
            for pv in revenue if isinstance(revenue, tuple) else ():
                if pv.phase not in atoms.PHASE_GROUND and pv.phase not in phases:
                    phases.append(pv.phase)
    return phases if len(phases) > 1 else []


def _legend_icon(f: _Frame, icon: str, centre):
    scale = f.spec.legend_icon / LEGEND_UNITS
    g = svg.group(transform=(shapes.translate(*centre), shapes.scale(scale)))
    style = f.style
    kind, _, arg = icon.partition(":")
    if kind == "city":
        g.add(svg.circle((0, 0), 25, fill=style.color("city_fill"), stroke=style.color("city_stroke"), stroke_width=2))
    elif kind == "town":
        g.add(svg.circle((0, 0), TOWN_DOT, fill=style.color("town"), stroke=style.color("town_outline"), stroke_width=3))
    elif kind == "halt":
        g.add(svg.circle((0, 0), TOWN_DOT, fill=style.color("halt"), stroke=style.color("halt_stroke"), stroke_width=3))
    elif kind == "home":
        g.add(svg.circle((0, 0), 25, fill=style.color("city_fill"), stroke=style.color("city_stroke"), stroke_width=2))
        g.add(reservation(None, (0, 0), 25, 12, style))
    elif kind == "offboard":
        # filled only: a stroked hexagon here would pass for a map hex
        g.add(svg.polygon_path(corners(30.0, f.turn), fill=style.ground(arg)))
    elif kind == "terrain":
        g.add(atoms.terrain_icon(arg, (0, 0), style, size=34.0))
    elif kind in ("impassable", "border"):
        g.add(svg.line((-26, 0), (26, 0), **border_stroke(arg or "impassable", style)))
    elif kind == "lake":
        # filled only, like an off-board area: a stroked hexagon here would pass for a map hex
        g.add(svg.polygon_path(corners(30.0, f.turn), fill=style.ground("blue")))
    elif kind == "sight":
        g.add(svg.text("\u2605", (0, 0), 40, style, weight="bold"))
    elif kind == "capitals":
        g.add(svg.text("ABC", (0, 0), 22, style, weight="bold"))
    elif kind == "label":
        g.add(svg.text(arg, (0, 0), 36, style, weight="bold"))
    elif kind == "phases":
        for x in (-20, 0, 20):
            g.add(svg.rect(x - 10, -9, 20, 18, fill=style.color("white"), stroke=style.color("outline"), stroke_width=2))
    return g


def _legend_block(f: _Frame, items: list[tuple[str, str]]) -> _Block:
    size, icon = f.spec.legend_text, f.spec.legend_icon
    row = max(icon, size * 2.0)
    width = icon + 2.0 + max(text_width(t, size) for _, t in items) + 2 * BLOCK_PAD
    height = row * len(items) + 2 * BLOCK_PAD

    def draw(f, left, top):
        g = svg.group()
        g.add(_panel(f, left, top, width, height))
        for n, (kind, text) in enumerate(items):
            cy = top + BLOCK_PAD + row * (n + 0.5)
            g.add(_legend_icon(f, kind, (left + BLOCK_PAD + icon / 2, cy)))
            g.add(svg.text(text, (left + BLOCK_PAD + icon + 2.0, cy), size, f.style, anchor="start"))
        return g

    return _Block(width, height, draw)


__all__ = ["LegendWords", "MapArt", "MapSpec", "draw_map", "map_spec", "city_slots", "token", "reservation"]
