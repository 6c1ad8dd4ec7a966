"""Map sections (18-XY): every section of the game as its own piece, cut out along the
outside of its hexes, packed onto pages of the chosen paper (sections.pdf), and one
SVG per section at real size. The hexes print at the map's hex size (the tile size
plus its clearance, as `pnp map` and `pnp compose` print them), so tiles fit and the
pieces fit together as any layout lays them.

A piece is packed by its bounding box; one that does not fit the paper upright is
printed turned a quarter (its names then read sideways, which does not matter on a
piece that is turned on the table anyway); one that fits neither way is an error
naming the section and the room it needs.
"""

from __future__ import annotations

import math

from pnp.draw import shapes
from pnp.components import Component, Document, PrintOptions
from pnp.components.map import hex_size
from pnp.errors import PnpError
from pnp.i18n import messages
from pnp.model.game import Game
from pnp.cut.paths import CutPages, Polygon
from pnp.cut.registration import area_for
from pnp.render import svg
from pnp.render.section_piece import SectionPiece, section_piece
from pnp.sheets import pack
from pnp.sheets import pieces as sheet_pieces
from pnp.sheets.page import CUT_WIDTH, PieceArt, draw_pages

TURN = 90.0


def pieces(game: Game, options: PrintOptions, bleed: float) -> list[SectionPiece]:
    sections = game.part("sections")
    if not sections:
        raise PnpError(f"{game.title}: no map sections (the game folder {game.folder} has no sections/)")
    t = messages(options.lang)
    return [section_piece(s, options.style, hex_size(options), bleed, CUT_WIDTH,
                          caption=t("section.caption", hexes=len(s.cells)), label=t("section.label", name=s.name),
                          cut_line_drawn=not options.cut.contour)
            for s in (sections[key] for key in sorted(sections))]


def centred(piece: SectionPiece, turn: float) -> PieceArt:
    art = svg.group(transform=(shapes.translate(-piece.width / 2, -piece.height / 2),))
    art.add(piece.art)
    return PieceArt(f"section-{piece.key}", art, 1.0, turn=turn)


def placed(piece: SectionPiece, frame: pack.Frame, bleed: float, paper_name: str) -> tuple[pack.PieceSize, float]:
    """The room the piece takes on the page (bleed included) and its turn."""
    w, h = piece.width + 2 * bleed, piece.height + 2 * bleed
    if w <= frame.width + 1e-6 and h <= frame.height + 1e-6:
        return pack.PieceSize(w, h), 0.0
    if h <= frame.width + 1e-6 and w <= frame.height + 1e-6:
        return pack.PieceSize(h, w), TURN
    raise PnpError(f"map section {piece.key} ({piece.width:.0f} x {piece.height:.0f} mm) does not fit {paper_name} "
                   f"({frame.width:.0f} x {frame.height:.0f} mm inside the margins), upright or turned; choose "
                   f"larger paper or a smaller --tile-size")


def placed_ring(ring, piece: SectionPiece, turn: float, slot: pack.Slot) -> Polygon:
    """A ring of a piece's cut line where the page prints it: centred, turned, at the slot."""
    a = math.radians(turn)
    cos, sin = math.cos(a), math.sin(a)
    pts = []
    for x, y in ring:
        u, v = x - piece.width / 2, y - piece.height / 2
        pts.append((slot.x + u * cos - v * sin, slot.y + u * sin + v * cos))
    return Polygon(tuple(pts))


def section_svg(piece: SectionPiece, bleed: float, title: str) -> str:
    margin = bleed + 1.0
    dwg = svg.document(piece.width + 2 * margin, piece.height + 2 * margin,
                       view_box=(-margin, -margin, piece.width + 2 * margin, piece.height + 2 * margin), title=title)
    dwg.add(piece.art)
    return svg.to_string(dwg)


def build(game: Game, options: PrintOptions) -> Component:
    area = area_for(options.cut.registration, options.paper.width, options.paper.height)
    settings = sheet_pieces.sheet_settings(options.bleed, options.crop_marks, "none", area=area)  # one-sided
    bleed = settings.bleed
    made = pieces(game, options, bleed)
    frame = sheet_pieces.frame(options.paper, settings)
    fits = [placed(p, frame, bleed, options.paper.name) for p in made]
    gap = settings.spec.token_gap  # the bleeds are inside each piece's room already
    layouts = pack.blocks([size for size, _ in fits], frame, {False: pack.Spacing(gap), True: pack.Spacing(gap)})
    for layout in layouts:
        layout.outlines = []  # each piece carries its own cut line, around its hexes
    arts = [centred(p, turn) for p, (_, turn) in zip(made, fits)]
    t = messages(options.lang)
    title = t("title.sections")
    pages = draw_pages(arts, layouts, options.paper, options.style, footer=f"{game.title} · {title}", t=t)
    cuts = CutPages(options.paper.width, options.paper.height,
                    [[placed_ring(ring, made[s.index], arts[s.index].turn, s) for s in layout.slots
                      for ring in made[s.index].cut] for layout in layouts])
    return Component(
        key="sections",
        title=title,
        documents=[Document("sections.pdf", pages, title, cuts=cuts)],
        pieces=len(made),
        expected=len(game.part("sections")),
        svgs={f"sections/{p.key}.svg": section_svg(p, bleed, f"{game.title}: {p.name}") for p in made},
    )
