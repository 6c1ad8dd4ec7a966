"""The map's legend: what the game calls its stops, which kinds of thing the map shows,
an icon for each, and the legend block that lists them."""

from __future__ import annotations


from msgspec import Struct

from pnp.draw import shapes
from pnp.geometry.hexagon import corners
from pnp.geometry.stops import TOWN_DOT
from pnp.i18n import Messages, messages
from pnp.model.game import GameInfo
from pnp.model.map import MapHex
from pnp.render import atoms, svg
from pnp.render.map_blocks import BLOCK_PAD, BlockArt, block_panel
from pnp.render.map_frame import MapFrame
from pnp.render.map_hexes import reservation
from pnp.render.tile import border_stroke
from pnp.text import text_width

LEGEND_UNITS = 60.0  # hex units an icon of the legend spans


class LegendWords(Struct, frozen=True):
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


def legend_items(f: MapFrame, hexes: list[MapHex], tile_faces, companies, words: LegendWords) -> list[tuple[str, str]]:
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


def _legend_icon(f: MapFrame, icon: str, centre):
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


def legend_block(f: MapFrame, items: list[tuple[str, str]]) -> BlockArt:
    size, icon = f.spec.legend_text, f.spec.legend_icon
    row = max(icon, size * 2.0)
    width = icon + 2.0 + max(text_width(t, size) for _, t in items) + 2 * BLOCK_PAD
    height = row * len(items) + 2 * BLOCK_PAD

    def draw(f, left, top):
        g = svg.group()
        g.add(block_panel(f, left, top, width, height))
        for n, (kind, text) in enumerate(items):
            cy = top + BLOCK_PAD + row * (n + 0.5)
            g.add(_legend_icon(f, kind, (left + BLOCK_PAD + icon / 2, cy)))
            g.add(svg.text(text, (left + BLOCK_PAD + icon + 2.0, cy), size, f.style, anchor="start"))
        return g

    return BlockArt(width, height, draw)
