"""The map component: the whole map at real size (map.svg, and map.pdf on one page of
its own size) and the same map split over pages of the chosen paper
(map-sections.pdf, the one a kit includes). A variant of the map and a layout of tiles
and tokens to preview come from the print options."""

from __future__ import annotations

from pnp.components import Component, Document, PrintOptions
from pnp.cut.paths import CutPages, section_windows
from pnp.cut.registration import registration
from pnp.errors import PnpError
from pnp.i18n import Messages, messages
from pnp.model.game import Game
from pnp.model.map import Board, MapFile, Placements
from pnp.placements import read_placements
from pnp.render.map import LegendWords, MapArt, draw_map, map_spec
from pnp.sheets.paginate import plan, render_pages, section_spec
from pnp.templates import tile_layout


def board_for(game: Game, variant: str | None) -> Board:
    mapfile: MapFile | None = game.part("map")
    if mapfile is None:
        raise PnpError(f"{game.title}: no map (the game folder {game.folder} has no map.yaml)")
    return mapfile.board(variant)


def hex_size(options: PrintOptions) -> float:
    """Map hex flat-to-flat in mm: the tile size plus the clearance a tile needs."""
    spec = map_spec()
    clearance = spec.clearance if options.clearance is None else options.clearance
    if clearance < 0:
        raise PnpError(f"--clearance: a clearance cannot be negative ({clearance:g} mm)")
    return (options.tile_mm or tile_layout(options.layout).tile) + clearance


def title_lines(game: Game, board: Board, layout: Placements = Placements(),
                t: Messages | None = None) -> list[tuple[str, float, str]]:
    spec = map_spec()
    info = game.info
    t = t or messages()
    lines = [(info.title, spec.title_text, "bold")]
    if info.subtitle:
        lines.append((info.subtitle, spec.subtitle_text, "bold"))
    if info.designer:
        lines.append((t("map.by", designer=info.designer), spec.byline_text, "regular"))
    if board.variant_title:
        lines.append((board.variant_title, spec.byline_text, "bold"))
    if layout.title:
        lines.append((t("map.layout", title=layout.title), spec.byline_text, "bold"))
    return lines


def map_extras(game: Game, board: Board, options: PrintOptions) -> tuple:
    """Drawings the map data asks the map to carry: the market's revenue track where
    `decorations.revenue_track` places it (1851 prints its Dividend Payout Track on the map)."""
    place = board.decorations.revenue_track
    if place is None or not place.show:
        return ()
    track = game.market.revenue_track if game.market else None
    if track is None:
        raise PnpError(f"{game.folder / 'map.yaml'}: decorations.revenue_track: the game's market.yaml has no "
                       f"revenue_track to print on the map")
    from pnp.render.trackers import revenue_track_drawing
    from pnp.templates import market_sizes

    return ((revenue_track_drawing(track, game.title, options.style, market_sizes()), place.at),)


def map_art(game: Game, options: PrintOptions) -> tuple[Board, Placements, MapArt]:
    """The board the options choose, the layout to preview on it, and the drawing."""
    board = board_for(game, options.variant)
    layout = read_placements(options.placements, game, board) if options.placements else Placements()
    t = messages(options.lang)
    art = draw_map(board, options.style, hex_mm=hex_size(options), title_lines=title_lines(game, board, layout, t),
                   companies=game.companies, placements=layout, tile_faces=tuple(e.tile for e in game.manifest),
                   extras=map_extras(game, board, options), words=LegendWords.of(game.info, t))
    return board, layout, art


def paginated(drawing, options: PrintOptions, *, title: str, t: Messages) -> tuple[list[str], CutPages]:
    """A drawing in page sections, and each page's cut paths (the sections' windows);
    with a registration machine, the windows keep inside the area it reads."""
    spec = None
    machine = registration(options.cut.registration)
    if machine is not None:
        paper = options.paper
        x0, y0, x1, y1 = machine.area(paper.width, paper.height)
        spec = section_spec()
        room = max(x0, y0, paper.width - x1, paper.height - y1)
        spec = section_spec(margin=max(spec.margin, room + spec.mark + 1.0))
    made = plan(drawing, options.paper, spec)
    pages = render_pages(drawing, made, options.style, title=title, t=t)
    return pages, CutPages(made.sheet.width, made.sheet.height, section_windows(made))


def build(game: Game, options: PrintOptions) -> Component:
    board, layout, art = map_art(game, options)
    t = messages(options.lang)
    name = f"{game.title} · {t('title.map')}" + (f" ({board.variant_title})" if board.variant_title else "")
    sections, cuts = paginated(art.drawing, options, title=name, t=t)
    return Component(
        key="map",
        title=t("title.map"),
        documents=[Document("map-sections.pdf", sections, t("document.map_sections"), cuts=cuts),
                   Document("map.pdf", [art.svg], t("document.map"))],
        pieces=art.hexes,
        expected=len(board.hexes),
        svgs={"map.svg": art.svg},
        warnings=list(layout.warnings),
    )
