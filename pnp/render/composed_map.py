"""A map put together from sections (`pnp/compose.py`), drawn as any map is
(`render/map.py`'s `draw_map`: hexes, outlines, coordinates, title, legend), with a
line around each section so players can see where one piece ends, and the sections
listed in the title block by the coordinate of their middle hex."""

from __future__ import annotations

from functools import cache

from msgspec import Struct

from pnp.draw import shapes
from pnp.compose import Composition
from pnp.i18n import Messages, messages
from pnp.model.game import Game
from pnp.render import svg
from pnp.render.map import LegendWords, MapArt, draw_map, map_spec
from pnp.render.style import Style
from pnp.sheets.paginate import Drawing
from pnp.templates import settings_file


class ComposeSpec(Struct, frozen=True):
    """`templates/sheets/compose.yaml`."""

    section_line: float = 1.2  # mm
    sections_per_line: int = 4
    preview_dpi: float = 60.0


@cache
def compose_spec() -> ComposeSpec:
    return settings_file("sheets/compose.yaml", ComposeSpec, numbers={"sections_per_line": int, "preview_dpi": float},
                         what="compose settings")


def title_lines(game: Game, comp: Composition, spec: ComposeSpec, t: Messages) -> list[tuple[str, float, str]]:
    sizes = map_spec()
    names = [f"{p.section.name} {comp.coord(p.at)}" for p in comp.placements]
    rows = [names[i:i + spec.sections_per_line] for i in range(0, len(names), spec.sections_per_line)]
    lines = [(game.title, sizes.title_text, "bold"), (comp.layout.title, sizes.subtitle_text, "bold")]
    lines += [(t("map.sections", names=", ".join(row)) if i == 0 else ", ".join(row), sizes.byline_text, "regular")
              for i, row in enumerate(rows)]
    return lines


def section_outlines(comp: Composition, art: MapArt, style: Style, width: float) -> list[tuple[object, tuple]]:
    """One closed line around each section, from the map's own hex outlines (mm)."""
    from shapely.ops import unary_union  # the outline drawn is GEOS's union of the section's hexes

    from pnp.geometry.as_geos import geos

    hex_shape = dict(zip(comp.board.hexes, art.drawing.pieces))
    out = []
    for p in comp.placements:
        shape = unary_union([geos(hex_shape[comp.coord(pos)]) for pos, _ in p.cells])
        element = svg.path(shapes.rings(shape), fill="none", stroke=style.color("section_edge"), stroke_width=width,
                           stroke_linejoin="round")
        minx, miny, maxx, maxy = shape.bounds
        out.append((element, (minx - width, miny - width, maxx + width, maxy + width)))
    return out


def draw_composition(game: Game, comp: Composition, style: Style, hex_mm: float, t: Messages | None = None) -> MapArt:
    """The composed map with its section outlines; its words in `t`'s language."""
    t = t or messages()
    spec = compose_spec()
    art = draw_map(comp.board, style, hex_mm=hex_mm, title_lines=title_lines(game, comp, spec, t),
                   companies=(), tile_faces=tuple(e.tile for e in game.manifest), words=LegendWords.of(game.info, t))
    lines = section_outlines(comp, art, style, spec.section_line)
    d = art.drawing
    content = svg.group()
    content.add(d.content)
    for element, _ in lines:
        content.add(element)
    drawing = Drawing(content, d.width, d.height, d.pieces, d.footprint, tuple(d.items) + tuple(lines), d.tiles)
    doc = svg.document(d.width, d.height, title=f"{game.title}: {comp.layout.title}")
    doc.add(content)
    return MapArt(drawing, doc, art.hexes)
