"""Play-aid cards printed from the game's own data, so no number is written twice:

- a **player-count card** for each number of players in `rules.players` (certificate
  limit, start capital, the privates in play), laid beside the market for all to see;
- a **flotation reference card** for each company when companies.yaml has
  `flotation:` steps, kept in the company's share stack where the float is reached, so
  turning it up reminds everyone what happens now.

Player-count cards print in the `player_card` format; flotation cards in the share
format, to sit in the stack of certificates."""

from __future__ import annotations

import string

from pnp.components import Component, PrintOptions
from pnp.components.cardsheet import Context, Face, card_box, component, context, full, piece
from pnp.errors import PnpError
from pnp.model.company import Company, FlotationText
from pnp.model.game import Game
from pnp.render import cards
from pnp.render.cards import Band, Box
from pnp.sheets.formats import component_format
from pnp.text import text_width, wrap

PAD = 3.0  # mm from the cut line to the text
BAND = 0.27  # share of a card's height taken by its coloured band


# --- player-count cards -------------------------------------------------------------------


def player_card(ctx: Context, players: int, size: tuple[float, float]) -> Face:
    game, t, style = ctx.game, ctx.t, ctx.style
    rule = game.info.rules.players[players]
    box = card_box(size)
    band = box.top(size[1] * BAND)
    ink = style.color("card_back_text")
    face = Face([full(size, style.color("card_ground")), Band(band, style.color("card_back"))])
    inner = band.inset(PAD, 1.0)
    face.add(cards.line(t("player_cards.players", n=players), inner, 7.0, style, weight="bold", color=ink,
                        where=f"{players}-player card"))
    title_box = inner.right_part(inner.w * 0.35)
    try:
        face.add(cards.line(game.title, title_box, 3.2, style, align="right", color=ink))
    except cards.TextTooLong:  # a long title ("18NewEngland 2: Northern States") wraps
        face.add(cards.paragraph(game.title, title_box, 3.2, style, align="right", valign="middle", color=ink,
                                 where=f"{players}-player card")[0])
    body = box.below(band.h).inset(PAD, 2.0)
    privates = privates_in_play(game, players)
    foot = body.bottom_part(body.h * 0.28) if privates else None
    figures = body.above(foot.h, 1.0) if foot else body
    items = [(t("player_cards.start_capital"), ctx.player_money(rule.cash))]
    if rule.certificate_limit is not None:
        items.insert(0, (t("player_cards.certificate_limit"), str(rule.certificate_limit)))
    for (label, value), cell in zip(items, figures.columns([figures.w / len(items)] * len(items))):
        face.add(cards.line(label, cell.top(cell.h * 0.3), 3.0, style, align="center",
                            color=style.color("card_muted"), where=f"{players}-player card"))
        face.add(cards.line(value, cell.below(cell.h * 0.3), 11.0, style, weight="bold", align="center",
                            where=f"{players}-player card"))
    if foot:
        text = t("player_cards.privates", names=" · ".join(privates))
        art, _ = cards.paragraph(text, foot, 3.0, style, align="center", valign="middle",
                                 where=f"{players}-player card")
        face.add(art)
    return face


def privates_in_play(game: Game, players: int) -> list[str]:
    """The rules' list for this player count, else the privates whose minimum it meets."""
    listed = game.info.rules.players[players].privates
    if listed is not None:
        return list(listed)
    if not any(p.min_players for p in game.privates):
        return []
    return [p.symbol for p in game.privates if (p.min_players or 0) <= players]


# --- flotation reference cards ----------------------------------------------------------


def certificates_to_float(company: Company) -> int | None:
    """How many certificates from the top of the stack must be sold to float: the card
    lies under them. None where the float is not reached at a certificate's edge."""
    if company.float_percent is None:
        return None
    total = 0
    for n, percent in enumerate(company.shares, 1):
        total += percent
        if total == company.float_percent:
            return n
        if total > company.float_percent:
            return None
    return None


def fill_in(text: str, company: Company, ctx: Context, where: str) -> str:
    """A flotation text with the company's facts in place of {symbol}, {home} ..."""
    values = {"symbol": company.symbol, "name": company.name, "home": company.home, "home_name": company.home_name,
              "tokens": len(company.tokens), "float_percent": company.float_percent,
              "token_set_price": ctx.company_money(company.token_set_price)
              if company.token_set_price is not None else None}
    names = [f for _, f, _, _ in string.Formatter().parse(text) if f]
    missing = [n for n in names if values.get(n) is None]
    if missing:
        raise PnpError(f"{ctx.game.folder / 'companies.yaml'}: flotation.{where}: the {company.symbol} has no "
                       f"{missing[0]} to print in '{text}'")
    return text.format(**values)


STEP_GAP = 0.35  # extra space between steps, in text heights
NOTE_SCALE = 0.85  # the closing notes print this much smaller than the steps


def steps_layout(steps: list[str], width: float, size: float) -> tuple[float, list[list[str]], float]:
    """(indent, each step's wrapped lines, height) of a numbered list at `size`."""
    indent = text_width(f"{len(steps)}.", size, "bold") + size * 0.5
    wrapped = [wrap(step, size, width - indent, "condensed") for step in steps]
    lines = sum(len(w) for w in wrapped)
    height = size * (cards.LINE_BOX + cards.LEADING * (lines - 1)) + size * STEP_GAP * (len(steps) - 1)
    return indent, wrapped, height


def fits_width(wrapped: list[list[str]], width: float, size: float) -> bool:
    return all(text_width(line, size, "condensed") <= width + 1e-6 for w in wrapped for line in w)


def draw_steps(steps: list[str], box: Box, size: float, style, color: str) -> list:
    """Steps as a numbered list with hanging lines, from the top of the box."""
    indent, wrapped, _ = steps_layout(steps, box.w, size)
    out, y = [], box.y + size * cards.LINE_BOX / 2
    for n, lines in enumerate(wrapped, 1):
        out.append(cards.text(f"{n}.", (box.x, y), size, style, weight="bold", anchor="start", color=color))
        for line in lines:
            out.append(cards.text(line, (box.x + indent, y), size, style, weight="condensed", anchor="start",
                                  color=color))
            y += size * cards.LEADING
        y += size * STEP_GAP
    return out


def steps_and_notes_size(steps: list[str], notes: str, box: Box, size: float, gap: float, where: str) -> float:
    """The largest text size <= `size` at which the steps, and under them the notes at
    NOTE_SCALE of it, fit the box together."""
    s = size
    while s >= cards.MIN_TEXT / NOTE_SCALE - 1e-9:
        indent, wrapped, height = steps_layout(steps, box.w, s)
        if notes:
            note_lines = wrap(notes, s * NOTE_SCALE, box.w, "condensed")
            height += gap + s * NOTE_SCALE * (cards.LINE_BOX + cards.LEADING * (len(note_lines) - 1))
            wide = all(text_width(line, s * NOTE_SCALE, "condensed") <= box.w + 1e-6 for line in note_lines)
        else:
            wide = True
        if height <= box.h + 1e-6 and wide and fits_width(wrapped, box.w - indent, s):
            return s
        s *= 0.95
    raise cards.TextTooLong(f"{where}: the flotation steps do not fit the card's {box.w:.1f} x {box.h:.1f} mm; "
                            f"shorten them")


def flotation_card(ctx: Context, flotation: FlotationText, company: Company, size: tuple[float, float]) -> Face:
    style, t = ctx.style, ctx.t
    box = card_box(size)
    band = box.top(size[1] * BAND)
    ink = cards.ink_on(company.color, company.text_color, style)
    face = Face([full(size, style.color("card_ground")), Band(band, company.color)])
    where = f"{company.symbol} flotation card"
    badge_d = band.h - 2.0
    face.add(cards.badge(company.symbol, (PAD + badge_d / 2, band.h / 2), badge_d, company.color, ink, style))
    heads = band.beside(PAD + badge_d, 2.0).inset(0.0, 1.2)
    heads = Box(heads.x, heads.y, heads.w - PAD, heads.h)
    top, bottom = heads.rows(2)
    title = flotation.title or t("player_cards.flotation")
    face.add(cards.line(title, top, 4.2, style, weight="bold", color=ink, where=where))
    face.add(cards.line(company.name, bottom, 3.2, style, color=ink, where=where))
    body = box.below(band.h).inset(PAD, 1.8)
    notes = []
    if flotation.reminder:
        notes.append(fill_in(flotation.reminder, company, ctx, "reminder"))
    under = certificates_to_float(company)
    if under:
        notes.append(t("player_cards.stack", symbol=company.symbol, n=under, next=under + 1))
    steps = [fill_in(step, company, ctx, f"steps[{i}]") for i, step in enumerate(flotation.steps)]
    gap = 1.2
    size = steps_and_notes_size(steps, " ".join(notes), body, 3.4, gap, where)
    for element in draw_steps(steps, body, size, style, style.color("card_text")):
        face.add(element)
    if notes:
        fitted = cards.fit_paragraph(" ".join(notes), body, size * NOTE_SCALE, weight="condensed", where=where)
        face.add(cards.draw_paragraph(fitted, body, style, weight="condensed", valign="bottom",
                                      color=style.color("card_muted")))
    return face


# --- the component ------------------------------------------------------------------------


def build(game: Game, options: PrintOptions) -> Component:
    ctx = context(game, options)
    pieces, names = [], {}
    size = ctx.size(component_format("player_card"))
    for n in sorted(game.info.rules.players):
        key = f"players-{n}"
        pieces.append(piece(key, size, player_card(ctx, n, size), None, ctx.bleed))
        names[key] = f"players-{n}"
    companies_part = game.part("companies")
    flotation = companies_part.flotation if companies_part else None
    if flotation:
        share_size = ctx.size(component_format("share"))
        for company in game.companies:
            key = f"flotation-{company.symbol}"
            words = flotation.in_language(options.lang)
            pieces.append(piece(key, share_size, flotation_card(ctx, words, company, share_size), None, ctx.bleed))
            names[key] = key
    if not pieces:
        raise PnpError(f"{game.title}: no player counts in game.yaml (rules.players) and no flotation steps in "
                       f"companies.yaml: no player cards to print")
    expected = len(game.info.rules.players) + (len(game.companies) if flotation else 0)
    return component("player_cards", ctx.t("title.player_cards"), pieces, ctx, expected=expected, names=names)
