"""Charters: one per company, the director's mat. A band in the company's colours
carries its badge, name, home and a space for each station token with its cost; below,
a treasury and a place for trains on the left, and on the right the phase table as the
game prints it on every charter (phase, the train that starts it, tile colours,
operating rounds, train limit, what rusts or becomes obsolete, events). The
destination is printed where the company has one. Positions and sizes:
templates/layouts/charter.yaml."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pnp.card_layouts import layout_values
from pnp.components import Component, PrintOptions
from pnp.components.cardsheet import Context, Face, card_box, component, context, full, piece
from pnp.components.shares import home_line
from pnp.components.trains import phase_train
from pnp.model.company import Company
from pnp.model.game import Game
from pnp.model.rules import Phase
from pnp.render import svg
from pnp.render.logo import badge_or_logo
from pnp.render.cards import Band, Box, Cell, Item, TextTooLong, badge, line, panel, paragraph, stack, table
from pnp.sheets.formats import component_format

def token_layout(size: tuple[float, float]):
    return layout_values("charter", "tokens", size)


def token_diameter(tok) -> float:
    return component_format("station").diameter + tok.clearance


def tokens_per_row(width: float, tok) -> int:
    return max(1, int((width + tok.gap) // (token_diameter(tok) + tok.gap)))


def tokens_size(n: int, per_row: int, tok) -> tuple[float, float]:
    """Width and height of n token spaces in rows of `per_row`, costs included."""
    d = token_diameter(tok)
    cols, rows = min(n, per_row), -(-n // per_row)
    return cols * d + (cols - 1) * tok.gap, rows * (d + tok.label_gap + tok.label) + (rows - 1) * tok.row_gap


def token_spaces(c: Company, ctx: Context, box: Box, ink: str, tok, *, align: str = "right") -> list:
    """A circle for each station token, a token's width and a little more across, in
    rows from the box's top (right- or left-aligned), each with its cost below; the
    home space shows the company's symbol."""
    style, t = ctx.style, ctx.t
    d = token_diameter(tok)
    per_row = tokens_per_row(box.w, tok)
    out = []
    for i, cost in enumerate(c.tokens):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(c.tokens) - row * per_row)
        width = in_row * d + (in_row - 1) * tok.gap
        x = (box.right - width if align == "right" else box.x) + col * (d + tok.gap)
        y = box.y + row * (d + tok.label_gap + tok.label + tok.row_gap)
        centre = (x + d / 2, y + d / 2)
        out.append(svg.circle(centre, d / 2, fill=style.color("card_ground"), stroke=ink, stroke_width=tok.ring))
        if i == 0:
            sw, sh = d * tok.symbol_width, d * tok.symbol_height
            try:
                out.append(line(c.symbol, Box(centre[0] - sw / 2, centre[1] - sh / 2, sw, sh), d * tok.symbol_size,
                                style, weight="bold", align="center", color=style.color("card_muted")))
            except TextTooLong:  # a long symbol (1840's GWStStB) is on the charter's badge; the space stays plain
                pass
        given = c.token_labels[i] if i < len(c.token_labels) else None
        label = given if given is not None else (ctx.company_money(cost) if cost else t("charter.home") if i == 0
                                                 else t("charter.free"))
        if not label:  # the game prints no cost under this space
            continue
        out.append(line(label, Box(x - tok.gap / 2 + tok.label_trim, y + d + tok.label_gap,
                                   d + tok.gap - 2 * tok.label_trim, tok.label), tok.label_size,
                        style, weight="condensed-bold", align="center", color=ink,
                        where=f"companies.yaml: {c.symbol}"))
    return out


def phase_rows(game: Game, ctx: Context) -> tuple[list[str], list[list[Cell]]]:
    t = ctx.t
    columns = [t("charter.phase"), t("charter.train"), t("charter.tiles"), t("charter.rounds"), t("charter.limit"),
               retired_heading(game, ctx), t("charter.events")]
    rows = []
    for phase in game.phases:
        train = phase_train(game, phase)
        rows.append([
            Cell(phase.name, bold=True),
            Cell(train or "–", bold=bool(train)),
            Cell(swatches=tuple(phase.tiles)),
            Cell(str(phase.operating_rounds)),
            Cell(str(phase.train_limit)),
            Cell(retired_text(game, phase, ctx) or "–"),
            Cell(events_text(phase, ctx), align="left"),
        ])
    return columns, rows


def retired_heading(game: Game, ctx: Context) -> str:
    """The column of trains a phase retires: "Rusts", or "Obsolete" in a game whose
    trains only become obsolete (18-XY turns them over instead)."""
    rusting = any(tr.rusts_on for tr in game.trains)
    obsolete = any(tr.obsolete_on for tr in game.trains)
    return ctx.t("charter.obsolete") if obsolete and not rusting else ctx.t("charter.rusts")


def retired_text(game: Game, phase: Phase, ctx: Context) -> str:
    """The trains the phase's first train rusts, then those it makes obsolete; under a
    "Rusts" heading the obsolete ones say so ("obsolete: 2")."""
    if not phase.on:
        return ""
    rusted = [tr.name for tr in game.trains if tr.rusts_on == phase.on]
    obsolete = [tr.name for tr in game.trains if tr.obsolete_on == phase.on]
    parts = [", ".join(rusted)] if rusted else []
    if obsolete:
        names = ", ".join(obsolete)
        only_obsolete = retired_heading(game, ctx) == ctx.t("charter.obsolete")
        parts.append(names if only_obsolete else ctx.t("charter.obsolete_trains", trains=names))
    return "; ".join(parts)


def events_text(phase: Phase, ctx: Context) -> str:
    parts = []
    if phase.trigger:
        parts.append(ctx.t("charter.trigger", trigger=phase.trigger))
    parts += list(phase.events)
    if phase.notes:
        parts.append(phase.notes)
    return "\n".join(parts)


def front(c: Company, game: Game, ctx: Context, size: tuple[float, float],
          phases: tuple[list[str], list[list[Cell]]] | None = None) -> Face:
    """A company's charter; `phases`: the game's `phase_rows`, the same on every charter."""
    style, t = ctx.style, ctx.t
    at, tok = layout_values("charter", "front", size), token_layout(size)
    box = card_box(size)
    face = Face([full(size, style.color("card_ground")), Band(box.top(at.band), c.color)])
    ink = c.text_color
    where = f"{companies_file(game.folder)}: company {c.symbol}"
    spot = (at.badge_x, at.badge_y)
    face.add(badge_or_logo(c, spot, at.badge, style, badge(c.symbol, spot, at.badge, c.color, ink, style)))
    n = len(c.tokens)
    in_band = tokens_size(n, n, tok)[0] <= at.tokens_in_band  # else they go over the treasury, in rows
    tokens_w = tokens_size(n, n, tok)[0] if in_band else 0.0
    at = at.given(tokens_width=tokens_w, tokens_room=tokens_w + at.heads_gap if in_band else 0.0)
    if in_band:
        for element in token_spaces(c, ctx, at.tokens, ink, tok):
            face.add(element)
    heads = at.heads
    name, used = paragraph(c.name, heads.top(heads.h * at.name_share), at.name_size, style, weight="bold",
                           valign="bottom", color=ink, where=f"{where}.name")
    face.add(name)
    facts = [home_line(c, ctx)]
    if c.float_percent:
        facts.append(t("charter.floats", percent=c.float_percent))
    if c.token_set_price is not None:  # 1851: all station tokens bought together when floating
        facts.append(t("charter.token_set", n=len(c.tokens), price=ctx.company_money(c.token_set_price)))
    face.add(line(" · ".join(f for f in facts if f), heads.below(heads.h * at.name_share, at.facts_gap), at.facts_size,
                  style, color=ink, where=f"{where}.home_name (with the home and float percentage)"))
    body = box.below(at.band).inset(at.body_inset_x, at.body_inset_y)
    left_w = min(body.w * at.left_share, at.left_max)
    left = body.left(left_w)
    right = body.beside(left_w, at.column_gap)
    if not in_band:
        _, used = tokens_size(n, tokens_per_row(left.w, tok), tok)
        for element in token_spaces(c, ctx, left, style.color("card_text"), tok, align="left"):
            face.add(element)
        left = left.below(used, at.tokens_below_gap)
    for element in left_column(c, ctx, left, at):
        face.add(element)
    if game.phases:
        face.add(line(t("charter.phases"), right.top(at.head_room), at.head_size, style, weight="bold", where=where))
        columns, rows = phases or phase_rows(game, ctx)
        grid, _ = table(columns, rows, right.below(at.head_room, at.table_gap), style, size=at.table_size,
                        where=f"phases.yaml (on the {c.symbol} charter)")
        face.add(grid)
    return face


@lru_cache(maxsize=8)
def companies_file(folder: Path) -> str:
    """The game's companies.yaml, as errors name it: the same for every charter."""
    return str(folder / "companies.yaml")


def left_column(c: Company, ctx: Context, box: Box, at) -> list:
    """Treasury and trains boxes, and the destination where the company has one."""
    style, t = ctx.style, ctx.t
    where = f"companies.yaml: {c.symbol}"
    out = []
    if c.destination:
        text, used = stack([Item(t("charter.destination"), "bold"), Item(c.destination)],
                           box.bottom_part(at.destination_room), at.body_size, style, valign="bottom", where=where)
        out.append(text)
        box = box.above(used, at.destination_gap)
    treasury, trains = box.rows(2, gap=at.boxes_gap)
    currency = ctx.game.info.rules.company_currency or ctx.game.info.currency
    for area, title in ((treasury, t("charter.treasury", currency=currency)), (trains, t("charter.trains"))):
        out.append(panel(area, style))
        out.append(line(title, area.inset(at.box_inset_x, at.box_inset_y).top(at.head_room), at.head_size, style,
                        weight="bold", where=where))
    return out


def build(game: Game, options: PrintOptions) -> Component:
    ctx = context(game, options)
    size = ctx.kind_size("charter")
    phases = phase_rows(game, ctx) if game.phases else None
    pieces = [piece(f"charter-{c.symbol}", size, front(c, game, ctx, size, phases), None, ctx.bleed)
              for c in game.companies]
    return component("charters", ctx.t("title.charters"), pieces, ctx, expected=len(game.companies))

