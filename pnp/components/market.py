"""The stock market component: the market at real size (market.svg, and market.pdf on
one page of its own size), the same split over pages of the chosen paper with overlap
and marks (market-sections.pdf), and the market's companions, the par chart, revenue
track and round tracker, each as its own SVG and as pages after the sections. The round
marker is printed beside the round tracker, as a disc to cut out."""

from __future__ import annotations



from pnp.draw import shapes
from pnp.components import Component, Document, PrintOptions
from pnp.components.cardsheet import context, piece
from pnp.components.map import paginated
from pnp.cut.paths import Circle, Rect
from pnp.cut.registration import area_for, within
from pnp.components.tokens import round_marker_face
from pnp.errors import PnpError
from pnp.geometry.plane import moved
from pnp.i18n import messages
from pnp.model.game import Game
from pnp.model.rules import Market, RoundTracker
from pnp.render import svg
from pnp.render.market import market_drawing
from pnp.render.spaces import Artwork, label_band
from pnp.render.trackers import Cutout, par_chart_drawing, revenue_track_drawing, round_tracker_drawing
from pnp.sheets import pack
from pnp.sheets.formats import component_format, sheet_spec
from pnp.sheets.page import CUT_WIDTH, PieceArt, draw_pages, outlines_path
from pnp.sheets.paginate import Drawing
from pnp.sheets.paginate import crop_marks as crop_marks_around
from pnp.templates import MarketSizes, Paper, market_sizes

def sizes_for(options: PrintOptions) -> MarketSizes:
    sizes = market_sizes()
    if options.market_cell:
        width, height = options.market_cell
        sizes = sizes._replace(cell_width=width, cell_height=height)
    return sizes


def check_marker_fits(sizes: MarketSizes, marker: float) -> None:
    """A space must hold a marker below its value: the stack of markers sits there."""
    room_w, room_h = sizes.cell_width, sizes.cell_height - label_band(sizes)
    if marker > room_w + 1e-6 or marker > room_h + 1e-6:
        raise PnpError(f"a market space of {sizes.cell_width:g} x {sizes.cell_height:g} mm leaves "
                       f"{room_w:.1f} x {room_h:.1f} mm below its value, too small for a {marker:g} mm marker "
                       f"(make the space at least {marker:g} x {marker + label_band(sizes):.1f} mm)")


def drawings(game: Game, market: Market, options: PrintOptions) -> list[Artwork]:
    """The market first, then whichever companions the data gives."""
    sizes = sizes_for(options)
    check_marker_fits(sizes, component_format("marker").diameter)
    style = options.style
    t = messages(options.lang)
    width = aid_frame(options.paper, area(options)).width - 2 * sizes.padding  # companions are laid out to fit the paper
    out = [market_drawing(market, game.title, style, sizes, t)]
    out.append(par_chart_drawing(market, game.title, style, sizes, width, t))
    if market.revenue_track:
        out.append(revenue_track_drawing(market.revenue_track, game.title, style, sizes, width))
    out.append(round_tracker_drawing(market.round_tracker or RoundTracker(), game.phases, game.title, style, sizes,
                                     width, markers=round_marker_cutouts(game, options), t=t))
    return [d for d in out if d is not None]


def round_markers(game: Game) -> int:
    """Round markers for the tracker: as many as the companies' data counts as their
    own (`markers: {round: n}`), else the one every round tracker needs."""
    return sum(c.marker_counts().get("round", 0) for c in game.companies) or 1


def round_marker_cutouts(game: Game, options: PrintOptions) -> tuple[Cutout, ...]:
    """The round marker as the tokens sheet would print it (a marker-sized disc with
    bleed), with its own round cut line."""
    ctx = context(game, options)
    d = component_format("marker").diameter
    made = piece("round", (d, d), round_marker_face(ctx, d), None, ctx.bleed)
    art = svg.group()
    if made.front_bleed is not None:
        art.add(made.front_bleed)
    art.add(made.front)
    if not options.cut.contour:  # else the CutContour layer carries the cut line
        art.add(outlines_path([pack.Outline(0.0, 0.0, d, d, round=True)], options.style.color("cut"), CUT_WIDTH))
    return (Cutout(art, d, d + 2 * ctx.bleed, ctx.t("marker.round_cutout")),) * round_markers(game)


def aid_frame(paper: Paper, inside=None) -> pack.Frame:
    """Where the companions go on a page: inside the sheet margins (and the area a
    print-and-cut machine reads, `inside`). Their crop marks sit in their own white
    border, so they need no more room."""
    spec = sheet_spec()
    return within(pack.frame(paper.width, paper.height, spec.margin, spec.footer), inside)


def area(options: PrintOptions):
    return area_for(options.cut.registration, options.paper.width, options.paper.height)


def centred(drawing: Artwork) -> PieceArt:
    art = svg.group(transform=(shapes.translate(-drawing.width / 2, -drawing.height / 2),))
    art.add(drawing.art)
    return PieceArt(drawing.key, art, 1.0)


def first_fit(heights: list[float], capacity: float, spacing: float) -> list[list[int]]:
    """Indexes stacked onto pages: each goes on the first page with room left, keeping
    the order within a page."""
    pages: list[list[int]] = []
    used: list[float] = []
    for i, h in enumerate(heights):
        for k, u in enumerate(used):
            if u + spacing + h <= capacity + 1e-6:
                pages[k].append(i)
                used[k] = u + spacing + h
                break
        else:
            pages.append([i])
            used.append(h)
    return pages


def aid_layouts(aids: list[Artwork], paper: Paper, marks: bool, inside=None) -> list[pack.PageLayout]:
    """The companions stacked down pages, centred across; each is cut out along a box
    half-way into its white border, marked at the corners."""
    spec = sheet_spec()
    frame = aid_frame(paper, inside)
    spacing = 2.0
    layouts = []
    for indexes in first_fit([d.height for d in aids], frame.height, spacing):
        layout = pack.PageLayout()
        y = frame.top
        for i in indexes:
            d = aids[i]
            x = frame.left + (frame.width - d.width) / 2
            layout.slots.append(pack.Slot(i, x + d.width / 2, y + d.height / 2))
            inset = d.border / 2
            if marks:
                layout.marks.extend(crop_marks_around(x + inset, y + inset, d.width - 2 * inset, d.height - 2 * inset,
                                                      spec.crop_marks))
            y += d.height + spacing
        layouts.append(layout)
    return layouts


def aid_cuts(aids: list[Artwork], layout: pack.PageLayout) -> list:
    """A companions page's cut paths: each companion's box, half-way into its white
    border, and the discs cut out of it (the round marker)."""
    cuts: list = []
    for slot in layout.slots:
        d = aids[slot.index]
        cuts.append(Rect(slot.x, slot.y, d.width - d.border, d.height - d.border))
        x0, y0 = slot.x - d.width / 2, slot.y - d.height / 2
        cuts += [Circle(x0 + cx, y0 + cy, size / 2) for cx, cy, size in d.cuts]
    return cuts


def fits(drawing: Artwork, paper: Paper, inside=None) -> bool:
    frame = aid_frame(paper, inside)
    return drawing.width <= frame.width + 1e-6 and drawing.height <= frame.height + 1e-6


def without_border(artwork: Artwork, tiles: int = 0) -> Drawing:
    """The artwork for pagination, its white border cut off: pages carry their own
    margins. `tiles`: how many of its first pieces lie apart (`Drawing.tiles`)."""
    b = artwork.border
    content = svg.group(transform=(shapes.translate(-b, -b),))
    content.add(artwork.art)
    return Drawing(content, artwork.width - 2 * b, artwork.height - 2 * b,
                   tuple(moved(p, -b, -b) for p in artwork.pieces), moved(artwork.footprint(), -b, -b), tiles=tiles)


def pieces_apart(market: Artwork) -> int:
    """How many of the market drawing's first parts (those of `drawn()`, its pieces'
    union) lie apart, so that pagination can judge a window full of spaces by their
    areas alone (`Drawing.tiles`): all the parts of its title and its spaces, which meet
    along their edges (`place_cells`), when the title ends above the spaces; else none."""
    title, *spaces = market.pieces
    if not spaces or title.bounds[3] > min(s.bounds[1] for s in spaces):
        return 0
    return sum(len(piece.parts) for piece in market.pieces)


def build(game: Game, options: PrintOptions) -> Component:
    market = game.market
    if market is None:
        raise PnpError(f"{game.title}: no stock market (the game folder has no market.yaml)")
    made = drawings(game, market, options)
    main, aids = made[0], made[1:]
    frame = aid_frame(options.paper, area(options))
    for d in aids:
        if not fits(d, options.paper, area(options)):
            raise PnpError(f"{d.title} ({d.width:.0f} x {d.height:.0f} mm) does not fit a {options.paper.name} page "
                           f"({frame.width:.0f} x {frame.height:.0f} mm inside the margins); choose larger paper "
                           f"or smaller spaces (--cell-size)")
    t = messages(options.lang)
    sections, cuts = paginated(without_border(main, pieces_apart(main)), options,
                               title=f"{game.title} · {market.title or t('market.title')}", t=t)
    layouts = aid_layouts(aids, options.paper, options.crop_marks, area(options))
    aid_svgs = draw_pages([centred(d) for d in aids], layouts, options.paper, options.style,
                          footer=f"{game.title} · {t('market.aids')}", t=t)
    cuts.pages += [aid_cuts(aids, layout) for layout in layouts]
    return Component(
        key="market",
        title=t("title.market"),
        documents=[Document("market-sections.pdf", sections + aid_svgs, t("document.market_sections"), cuts=cuts),
                   Document("market.pdf", [main.svg()], t("document.market"))],
        pieces=len(made),
        expected=None,
        svgs={f"{d.key}.svg": d.svg() for d in made},
    )
