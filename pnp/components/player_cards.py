"""Play-aid cards printed from the game's own data, so no number is written twice:

- a **player-count card** for each number of players in `rules.players` (certificate
  limit, start capital, the privates in play), laid beside the market for all to see;
- a **flotation reference card** for each company when companies.yaml has
  `flotation:` steps, kept in the company's share stack where the float is reached, so
  turning it up reminds everyone what happens now.

Player-count cards print in the `player_card` format; flotation cards in the share
format, to sit in the stack of certificates. Positions and sizes:
templates/layouts/player_card.yaml."""

from __future__ import annotations

import math
import string

from pnp.card_layouts import layout_values
from pnp.components import Component, PrintOptions
from pnp.components.cardsheet import Context, Face, card_box, component, context, full, piece
from pnp.errors import PnpError
from pnp.model.company import Company, FlotationText
from pnp.model.game import Game
from pnp.render import cards
from pnp.render.cards import Band, Box
from pnp.sheets.formats import component_format
from pnp.text import text_width, wrap


# --- player-count cards -------------------------------------------------------------------


def player_card(ctx: Context, players: int, size: tuple[float, float]) -> Face:
    game, t, style = ctx.game, ctx.t, ctx.style
    at = layout_values("player_card", "player", size)
    rule = game.info.rules.players[players]
    box = card_box(size)
    band = box.top(at.band)
    ink = style.color("card_back_text")
    face = Face([full(size, style.color("card_ground")), Band(band, style.color("card_back"))])
    inner = band.inset(at.pad, at.band_inset_y)
    face.add(cards.line(t("player_cards.players", n=players), inner, at.players_size, style, weight="bold", color=ink,
                        where=f"{players}-player card"))
    title_box = inner.right_part(inner.w * at.game_share)
    try:
        face.add(cards.line(game.title, title_box, at.game_size, style, align="right", color=ink))
    except cards.TextTooLong:  # a long title ("18NewEngland 2: Northern States") wraps
        face.add(cards.paragraph(game.title, title_box, at.game_size, style, align="right", valign="middle",
                                 color=ink, where=f"{players}-player card")[0])
    body = box.below(band.h).inset(at.pad, at.body_inset_y)
    privates = privates_in_play(game, players)
    foot = body.bottom_part(body.h * at.privates_share) if privates else None
    figures = body.above(foot.h, at.privates_gap) if foot else body
    items = [(t("player_cards.start_capital"), ctx.player_money(rule.cash))]
    if rule.certificate_limit is not None:
        items.insert(0, (t("player_cards.certificate_limit"), str(rule.certificate_limit)))
    for (label, value), cell in zip(items, figures.columns([figures.w / len(items)] * len(items))):
        face.add(cards.line(label, cell.top(cell.h * at.label_share), at.label_size, style, align="center",
                            color=style.color("card_muted"), where=f"{players}-player card"))
        face.add(cards.line(value, cell.below(cell.h * at.label_share), at.figure_size, style, weight="bold",
                            align="center", where=f"{players}-player card"))
    if foot:
        text = t("player_cards.privates", names=" · ".join(privates))
        art, _ = cards.paragraph(text, foot, at.privates_size, style, align="center", valign="middle",
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


def steps_layout(steps: list[str], width: float, size: float, at) -> tuple[float, list[list[str]], float]:
    """(indent, each step's wrapped lines, height) of a numbered list at `size`, with
    the layout's `step_gap` text heights between steps."""
    indent = _steps_indent(steps, size, at)
    wrapped = [wrap(step, size, width - indent, "condensed") for step in steps]
    return indent, wrapped, _steps_height(sum(len(w) for w in wrapped), len(steps), size, at)


def _steps_indent(steps: list[str], size: float, at) -> float:
    """How far the steps' lines hang from their numbers."""
    return text_width(f"{len(steps)}.", size, "bold") + size * at.step_indent


def _steps_height(lines: int, steps: int, size: float, at) -> float:
    """The height of `steps` numbered steps of `lines` lines in all at `size`."""
    return size * (cards.LINE_BOX + cards.LEADING * (lines - 1)) + size * at.step_gap * (steps - 1)


def _notes_height(lines: int, size: float, at) -> float:
    """The gap over the notes and their height, `lines` lines at `size` (already scaled)."""
    return at.notes_gap + size * (cards.LINE_BOX + cards.LEADING * (lines - 1))


def fits_width(wrapped: list[list[str]], width: float, size: float) -> bool:
    return all(text_width(line, size, "condensed") <= width + 1e-6 for w in wrapped for line in w)


def draw_steps(steps: list[str], box: Box, size: float, at, style, color: str) -> list:
    """Steps as a numbered list with hanging lines, from the top of the box."""
    step_gap = at.step_gap
    indent, wrapped, _ = steps_layout(steps, box.w, size, at)
    out, y = [], box.y + size * cards.LINE_BOX / 2
    for n, lines in enumerate(wrapped, 1):
        out.append(cards.text(f"{n}.", (box.x, y), size, style, weight="bold", anchor="start", color=color))
        for line in lines:
            out.append(cards.text(line, (box.x + indent, y), size, style, weight="condensed", anchor="start",
                                  color=color))
            y += size * cards.LEADING
        y += size * step_gap
    return out


def steps_and_notes_size(steps: list[str], notes: str, box: Box, at, where: str) -> float:
    """The largest text size <= the layout's `steps_size` at which the steps, and under
    them the notes at `notes_scale` of it, fit the box together."""
    s, scale = at.steps_size, at.notes_scale
    while s >= cards.MIN_TEXT / scale - 1e-9:
        if _surely_too_tall(steps, notes, box, s, at):  # most sizes tried: told without wrapping
            s *= 0.95
            continue
        indent, wrapped, height = steps_layout(steps, box.w, s, at)
        if notes:
            note_lines = wrap(notes, s * scale, box.w, "condensed")
            height += _notes_height(len(note_lines), s * scale, at)
            wide = all(text_width(line, s * scale, "condensed") <= box.w + 1e-6 for line in note_lines)
        else:
            wide = True
        if height <= box.h + 1e-6 and wide and fits_width(wrapped, box.w - indent, s):
            return s
        s *= 0.95
    raise cards.TextTooLong(f"{where}: the flotation steps do not fit the card's {box.w:.1f} x {box.h:.1f} mm; "
                            f"shorten them")


def _surely_too_tall(steps: list[str], notes: str, box: Box, size: float, at) -> bool:
    """Whether the steps and notes at `size` are taller than the box however they wrap:
    `steps_and_notes_size`'s height with each text's fewest possible lines
    (`_fewest_lines`), worked out the same way (the height only grows with the lines)."""
    indent = _steps_indent(steps, size, at)
    height = _steps_height(sum(_fewest_lines(step, size, box.w - indent) for step in steps), len(steps), size, at)
    if notes:
        small = size * at.notes_scale
        height += _notes_height(_fewest_lines(notes, small, box.w), small, at)
    return height > box.h + 1e-6


def _fewest_lines(text: str, size: float, width: float) -> int:
    """The fewest lines `wrap` can break `text` into (condensed, at `size`, `width`
    wide): each of n lines of a paragraph ends within the width, and the spaces where
    it breaks are left out, so its whole width is at most n widths and n - 1 spaces. A
    line of one word may be wider, by up to `fits_width`'s 1e-6 mm if the text is to fit
    at all (the margin below), and the sums differ by rounding (far below the 1e-9)."""
    space = text_width(" ", size, "condensed")
    reach = width + 1e-6 + space
    lines = 0
    for paragraph in text.split("\n"):
        whole = text_width(" ".join(paragraph.split()), size, "condensed")
        lines += max(1, math.ceil((whole + space) / reach * (1 - 1e-9)))
    return lines


def flotation_card(ctx: Context, flotation: FlotationText, company: Company, size: tuple[float, float]) -> Face:
    style, t = ctx.style, ctx.t
    at = layout_values("player_card", "flotation", size)
    box = card_box(size)
    band = box.top(at.band)
    ink = cards.ink_on(company.color, company.text_color, style)
    face = Face([full(size, style.color("card_ground")), Band(band, company.color)])
    where = f"{company.symbol} flotation card"
    face.add(cards.badge(company.symbol, (at.badge_x, at.badge_y), at.badge, company.color, ink, style))
    heads = band.beside(at.pad + at.badge, at.heads_gap).inset(0.0, at.heads_inset_y)
    heads = Box(heads.x, heads.y, heads.w - at.pad, heads.h)
    top, bottom = heads.rows(2)
    title = flotation.title or t("player_cards.flotation")
    face.add(cards.line(title, top, at.title_size, style, weight="bold", color=ink, where=where))
    face.add(cards.line(company.name, bottom, at.name_size, style, color=ink, where=where))
    body = box.below(band.h).inset(at.pad, at.body_inset_y)
    notes = []
    if flotation.reminder:
        notes.append(fill_in(flotation.reminder, company, ctx, "reminder"))
    under = certificates_to_float(company)
    if under:
        notes.append(t("player_cards.stack", symbol=company.symbol, n=under, next=under + 1))
    steps = [fill_in(step, company, ctx, f"steps[{i}]") for i, step in enumerate(flotation.steps)]
    size = steps_and_notes_size(steps, " ".join(notes), body, at, where)
    for element in draw_steps(steps, body, size, at, style, style.color("card_text")):
        face.add(element)
    if notes:
        fitted = cards.fit_paragraph(" ".join(notes), body, size * at.notes_scale, weight="condensed", where=where)
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
