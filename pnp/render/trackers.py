"""The market's companions, each one drawing at real size built from spaces that hold a
stack of markers: the par chart, the revenue track (1860's revenue table, 1851's
Dividend Payout Track) and the round tracker with the phases beneath it, and beside its
spaces the round marker to cut out."""

from __future__ import annotations



from msgspec import Struct, field

from pnp.draw import shapes
from pnp.geometry.outlines import box
from pnp.i18n import Messages, messages
from pnp.model.rules import Market, ParChart, Phase, RevenueTrack, RoundSpace, RoundTracker
from pnp.render import svg
from pnp.render.spaces import LEADING, Artwork, Rect, envelope, ink_on, space, text_block, title_text, zone_patch
from pnp.render.style import Style
from pnp.templates import MarketSizes
from pnp.text import CAP_HEIGHT, fit_size, text_width, wrap

PHASE_GROUNDS = ("yellow", "green", "brown", "gray")


class Cutout(Struct, frozen=True):
    """A piece printed on a drawing to be cut out there (the round marker beside the
    round tracker): finished art centred on the origin in mm, bleed and cut line
    included, `size` mm across its cut line, `reach` mm across all it draws."""

    art: object
    size: float
    reach: float
    caption: str | None = None  # printed beside the last of a row of cut-outs


class Sheet(Struct):
    """A drawing under construction: art, its pieces, and how far down and right it reaches."""

    sizes: MarketSizes
    style: Style
    art: object
    pieces: list
    bottom: float
    right: float
    cuts: list = field(default_factory=list)  # discs cut out of the drawing: (cx, cy, diameter)

    @classmethod
    def titled(cls, title: str, sizes: MarketSizes, style: Style) -> "Sheet":
        element, shape = title_text(title, sizes.padding, sizes.padding, sizes, style)
        art = svg.group()
        art.add(element)
        return cls(sizes, style, art, [shape], sizes.padding + sizes.title_size, shape.bounds[2])

    def next_top(self) -> float:
        return self.bottom + self.sizes.gap

    def add_space(self, area: Rect, label: str, grounds=(), marks=()) -> None:
        self.art.add(space(area, label, list(grounds), list(marks), self.style, self.sizes))
        self.add_piece(area.shape())

    def add_piece(self, shape) -> None:
        self.pieces.append(shape)
        self.bottom = max(self.bottom, shape.bounds[3])
        self.right = max(self.right, shape.bounds[2])

    def add_text(self, text: str, x: float, y: float, width: float, *, size: float | None = None,
                 weight: str = "regular", anchor: str = "start") -> float:
        group, height, boxes = text_block(text, x, y, width, size or self.sizes.text_size, self.style,
                                          weight=weight, anchor=anchor)
        self.art.add(group)
        if boxes:
            self.add_piece(envelope(boxes))
        return height

    def finish(self, key: str, title: str) -> Artwork:
        pad = self.sizes.padding
        return Artwork(key, title, self.right + pad, self.bottom + pad, self.art, tuple(self.pieces), pad,
                       cuts=tuple(self.cuts))


def _rows(count: int, per_row: int):
    """(index, row, column) of `count` spaces laid `per_row` to a row."""
    return [(i, *divmod(i, per_row)) for i in range(count)]


def par_values(market: Market) -> list[int]:
    chart = market.par_chart or ParChart()
    return sorted(chart.values) if chart.values else market.par_values()


def fitting(per_row: int, width: float, max_width: float | None) -> int:
    """`per_row` spaces of `width`, or fewer if that many would be wider than `max_width`."""
    if max_width is None:
        return per_row
    return max(1, min(per_row, int((max_width + 1e-6) // width)))


def par_chart_drawing(market: Market, game_title: str, style: Style, sizes: MarketSizes,
                      max_width: float | None = None, t: Messages | None = None) -> Artwork | None:
    """The par values in rising order, each a space for the markers of the companies
    started at that price, in the market's par colour. None if the game has no par values."""
    t = t or messages()
    values = par_values(market)
    if not values:
        return None
    per_row = fitting(len(values), sizes.cell_width, max_width)
    chart = market.par_chart or ParChart()
    zone = market.zones.get(market.par_zone) if market.par_zone else None
    title = f"{game_title}: {chart.title or t('market.par_chart')}"
    sheet = Sheet.titled(title, sizes, style)
    top = sheet.next_top()
    w, h = sizes.cell_width, sizes.cell_height
    for i, row, col in _rows(len(values), per_row):
        area = Rect(sizes.padding + col * w, top + row * h, w, h)
        sheet.add_space(area, str(values[i]), (zone.color,) if zone else (), (zone.mark,) if zone else ())
    if chart.legend:
        width = max(min(len(values), per_row) * w, 60.0)
        sheet.add_text(chart.legend, sizes.padding, sheet.next_top(), width)
    return sheet.finish("par-chart", title)


def revenue_track_drawing(track: RevenueTrack, game_title: str, style: Style, sizes: MarketSizes,
                          max_width: float | None = None) -> Artwork:
    """The track's spaces in rows of `per_row` (fewer where the paper is narrower),
    numbered, each holding a stack of markers."""
    title = f"{game_title}: {track.title}"
    sheet = Sheet.titled(title, sizes, style)
    top = sheet.next_top()
    w, h = sizes.cell_width, sizes.cell_height
    spaces = track.spaces()
    per_row = fitting(track.per_row, w, max_width)
    for i, row, col in _rows(len(spaces), per_row):
        sheet.add_space(Rect(sizes.padding + col * w, top + row * h, w, h), str(spaces[i]))
    if track.legend:
        sheet.add_text(track.legend, sizes.padding, sheet.next_top(), min(len(spaces), per_row) * w)
    return sheet.finish("revenue-track", title)


class TrackedRound(Struct, frozen=True):
    """A space of the round tracker: its name, the short label in the space, and which
    operating round it is (None for a stock round)."""

    name: str
    short: str
    operating: int | None = None


def round_spaces(tracker: RoundTracker, phases: tuple[Phase, ...], t: Messages | None = None) -> list[TrackedRound]:
    """The data's rounds, else a stock round and as many operating rounds as any phase
    has, named in `t`'s language; none when neither says (a lone stock round would track
    nothing)."""
    if tracker.rounds:
        return [TrackedRound(r.name, r.short, operating_round_number(r)) for r in tracker.rounds]
    most = max((p.operating_rounds for p in phases if isinstance(p.operating_rounds, int)), default=0)
    if not most:
        return []
    t = t or messages()
    return [TrackedRound(t("market.stock_round"), t("market.stock_round_short"))] + [
        TrackedRound(t("market.operating_round", n=k), t("market.operating_round_short", n=k), k)
        for k in range(1, most + 1)]


def operating_round_number(round_: RoundSpace) -> int | None:
    """The k of a data round written "OR k"."""
    digits = "".join(ch for ch in round_.short if ch.isdigit())
    return int(digits) if round_.short.upper().startswith("OR") and digits else None


def played_in(round_: TrackedRound, phases: tuple[Phase, ...], t: Messages | None = None) -> str | None:
    """Which phases play this operating round: 'every phase', 'from phase 4' or a list."""
    k = round_.operating
    if k is None or not phases:
        return None
    t = t or messages()
    playing = [i for i, p in enumerate(phases) if plays(p, k)]
    if not playing:
        return t("market.in_no_phase")
    if len(playing) == len(phases):
        return t("market.every_phase")
    if playing == list(range(playing[0], len(phases))):
        return t("market.from_phase", phase=phases[playing[0]].name)
    return t("market.in_phases", phases=", ".join(phases[i].name for i in playing))


def plays(phase: Phase, k: int) -> bool:
    """Whether operating round k is played in the phase; a phase whose count is text
    (1860's British Rail: "ORs only") plays them all."""
    return not isinstance(phase.operating_rounds, int) or phase.operating_rounds >= k


def phase_ground(phase: Phase, style: Style) -> str:
    colours = [c for c in phase.tiles if c in PHASE_GROUNDS]
    return style.ground(colours[-1]) if colours else style.color("market_space")


def phase_lines(phase: Phase, t: Messages) -> list[str]:
    """What starts the phase (a train; a note mark for a trigger told beneath; else the
    start of the game), its operating rounds and its train limit."""
    lines = [t("market.on_train", train=phase.on) if phase.on
             else t("market.see_below") if phase.trigger else t("market.start")]
    rounds = phase.operating_rounds
    lines.append(rounds if isinstance(rounds, str) else t.count("market.operating_rounds", rounds))
    lines.append(t("market.train_limit", n=phase.train_limit))
    return lines


def round_tracker_drawing(tracker: RoundTracker, phases: tuple[Phase, ...], game_title: str, style: Style,
                          sizes: MarketSizes, max_width: float = 180.0,
                          markers: tuple[Cutout, ...] = (), t: Messages | None = None) -> Artwork | None:
    """Round spaces for the round marker (with the phases each operating round is
    played in), the `markers` to cut out beside them, then the phases in order with
    their tile colour, starting train, operating rounds and train limit. None if
    neither data nor phases give rounds."""
    t = t or messages()
    rounds = round_spaces(tracker, phases, t)
    if not rounds:
        return None
    title = f"{game_title}: {tracker.title or t('market.rounds')}"
    sheet = Sheet.titled(title, sizes, style)
    top = sheet.next_top()
    w, h = sizes.cell_width * 1.25, sizes.cell_height
    per_row = fitting(len(rounds), w, max_width)
    row_h = h + sizes.text_size * 4.5
    notes = [round_note(r, phases if tracker.phases else (), t) for r in rounds]
    note_size = min(fit_size(word, w - 1.6, sizes.text_size) for note in notes for word in note.split())
    for i, row, col in _rows(len(rounds), per_row):
        x, y = sizes.padding + col * w, top + row * row_h
        sheet.add_space(Rect(x, y, w, h), rounds[i].short)
        sheet.add_text(notes[i], x + 0.8, y + h + 1.5, w - 1.6, size=note_size, anchor="middle")
    if markers:
        row_w = min(len(rounds), per_row) * w
        _place_cutouts(sheet, markers, top, h, row_w, max_width)
    if tracker.phases and phases:
        y0 = sheet.next_top() + sizes.gap * 0.5
        sheet.add_text(t("market.phases"), sizes.padding, y0, max_width, size=sizes.text_size * 1.25, weight="bold")
        y0 = sheet.next_top() - sizes.gap * 0.5
        _phase_boxes(sheet, phases, y0, max_width, t)
        for phase in phases:
            if phase.trigger and not phase.on:
                sheet.add_text(t("market.trigger", name=phase.name, trigger=phase.trigger), sizes.padding,
                               sheet.next_top() - 1.5, max_width)
    return sheet.finish("round-tracker", title)


def round_note(round_: TrackedRound, phases: tuple[Phase, ...], t: Messages) -> str:
    """What is printed under a round's space: its name, and the phases that play it."""
    when = played_in(round_, phases, t)
    return t("market.round_note", round=round_.name, when=when) if when else round_.name


def _place_cutouts(sheet: Sheet, cutouts: tuple[Cutout, ...], top: float, row_h: float, row_w: float,
                   max_width: float) -> None:
    """The cut-out pieces side by side right of the first row of spaces (`row_w` wide,
    `row_h` high from `top`), centred on its middle, where they fit within `max_width`;
    else in a row below everything drawn so far."""
    gap = sheet.sizes.gap * 2
    reach = max(c.reach for c in cutouts)
    need = len(cutouts) * reach + (len(cutouts) - 1) * gap
    x, middle = sheet.sizes.padding + row_w + gap, top + row_h / 2
    if x + need > sheet.sizes.padding + max_width + 1e-6 or reach > row_h:
        x, middle = sheet.sizes.padding, sheet.next_top() + reach / 2
    for cutout in cutouts:
        cx = x + reach / 2
        placed = svg.group(transform=(shapes.translate(cx, middle),))
        placed.add(cutout.art)
        sheet.art.add(placed)
        sheet.add_piece(box(cx - reach / 2, middle - reach / 2, cx + reach / 2, middle + reach / 2))
        sheet.cuts.append((cx, middle, cutout.size))
        x += reach + gap
    caption = cutouts[-1].caption
    x -= gap / 2
    room = sheet.sizes.padding + max_width - x
    if caption and room >= text_width(caption, sheet.sizes.text_size) * 0.5:
        size = sheet.sizes.text_size
        lines = len(wrap(caption, size, room))
        height = size * CAP_HEIGHT + size * LEADING * (lines - 1)
        sheet.add_text(caption, x, middle - height / 2, room)


def _phase_boxes(sheet: Sheet, phases: tuple[Phase, ...], top: float, max_width: float, t: Messages) -> None:
    sizes, style = sheet.sizes, sheet.style
    size = sizes.text_size
    w = max(min(sizes.cell_width * 1.25, max_width / len(phases)), size * 5)  # one row when the phases fit
    h = size * (1.6 + 1.35 * 3) + 2.5
    per_row = fitting(len(phases), w, max_width)
    for i, row, col in _rows(len(phases), per_row):
        phase = phases[i]
        area = Rect(sizes.padding + col * w, top + row * (h + sizes.gap * 0.5), w, h)
        ground = phase_ground(phase, style)
        label = t("market.phase", name=phase.name) if len(phase.name) <= 3 else phase.name
        sheet.art.add(zone_patch(area, [ground], [], style, sizes))
        name_size = fit_size(label, w - 1.5, size * 1.1, "bold")
        ink = ink_on(ground, style)
        sheet.art.add(svg.text(label, (area.x + w / 2, area.y + 1.5 + size * 0.55), name_size, style, weight="bold",
                               color=ink))
        for k, line in enumerate(phase_lines(phase, t)):
            line_size = fit_size(line, w - 1.5, size)
            sheet.art.add(svg.text(line, (area.x + w / 2, area.y + 1.5 + size * (1.9 + 1.35 * k)), line_size, style,
                                   color=ink))
        sheet.add_piece(area.shape())
