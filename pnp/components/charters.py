"""Charters: one per company, the director's mat. A band in the company's colours
carries its badge, name, home and a space for each station token with its cost; below,
a treasury and a place for trains on the left, and on the right the phase table as the
game prints it on every charter (phase, the train that starts it, tile colours,
operating rounds, train limit, what rusts or becomes obsolete, events). The
destination is printed where the company has one."""

from __future__ import annotations

from pnp.components import Component, PrintOptions
from pnp.components.cardsheet import Context, Face, card_box, component, context, full, piece
from pnp.components.shares import home_line
from pnp.components.trains import phase_train
from pnp.model.company import Company
from pnp.model.game import Game
from pnp.model.rules import Phase
from pnp.render import svg
from pnp.render.cards import LINE_BOX, SAFE, Band, Box, Cell, Item, badge, line, panel, paragraph, stack, table
from pnp.sheets.formats import component_format

NAME_SIZE = 7.0
HEAD_SIZE = 3.4
BODY_SIZE = 2.8
TABLE_SIZE = 3.4
TOKEN_CLEARANCE = 1.4  # mm a token space is wider than the token, so it drops in easily


TOKEN_GAP = 2.6  # mm between token spaces
TOKEN_LABEL = 3.2  # mm of height for the cost under a space


def token_diameter() -> float:
    return component_format("station").diameter + TOKEN_CLEARANCE


def tokens_per_row(width: float) -> int:
    return max(1, int((width + TOKEN_GAP) // (token_diameter() + TOKEN_GAP)))


def tokens_size(n: int, per_row: int) -> tuple[float, float]:
    """Width and height of n token spaces in rows of `per_row`, costs included."""
    d = token_diameter()
    cols, rows = min(n, per_row), -(-n // per_row)
    return cols * d + (cols - 1) * TOKEN_GAP, rows * (d + 0.8 + TOKEN_LABEL) + (rows - 1) * 1.2


def token_spaces(c: Company, ctx: Context, box: Box, ink: str, *, align: str = "right") -> list:
    """A circle for each station token, a token's width and a little more across, in
    rows from the box's top (right- or left-aligned), each with its cost below; the
    home space shows the company's symbol."""
    style, t = ctx.style, ctx.t
    d = token_diameter()
    per_row = tokens_per_row(box.w)
    out = []
    for i, cost in enumerate(c.tokens):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(c.tokens) - row * per_row)
        width = in_row * d + (in_row - 1) * TOKEN_GAP
        x = (box.right - width if align == "right" else box.x) + col * (d + TOKEN_GAP)
        y = box.y + row * (d + 0.8 + TOKEN_LABEL + 1.2)
        centre = (x + d / 2, y + d / 2)
        out.append(svg.circle(centre, d / 2, fill=style.color("card_ground"), stroke=ink, stroke_width=0.35))
        if i == 0:
            out.append(line(c.symbol, Box(centre[0] - d * 0.36, centre[1] - d * 0.2, d * 0.72, d * 0.4), d * 0.3,
                            style, weight="bold", align="center", color=style.color("card_muted")))
        label = ctx.company_money(cost) if cost else t("charter.home") if i == 0 else t("charter.free")
        out.append(line(label, Box(x - TOKEN_GAP / 2 + 0.2, y + d + 0.8, d + TOKEN_GAP - 0.4, TOKEN_LABEL), 2.6,
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


def front(c: Company, game: Game, ctx: Context, size: tuple[float, float]) -> Face:
    style, t = ctx.style, ctx.t
    w, h = size
    box = card_box(size)
    band_h = min(h * 0.24, 30.0)
    face = Face([full(size, style.color("card_ground")), Band(box.top(band_h), c.color)])
    ink = c.text_color
    where = f"companies.yaml: {c.symbol}"
    d = band_h - 2 * SAFE
    face.add(badge(c.symbol, (SAFE + d / 2, band_h / 2), d, c.color, ink, style))
    n = len(c.tokens)
    in_band = tokens_size(n, n)[0] <= w * 0.45  # else they go over the treasury, in rows
    tokens_w = tokens_size(n, n)[0] if in_band else 0.0
    if in_band:
        tokens_box = Box(w - SAFE - tokens_w, SAFE * 0.8, tokens_w, band_h - 1.6 * SAFE)
        for element in token_spaces(c, ctx, tokens_box, ink):
            face.add(element)
    heads = Box(SAFE + d + 3.0, SAFE * 0.8, w - 2 * SAFE - d - 3.0 - (tokens_w + 3.0 if in_band else 0.0),
                band_h - 1.6 * SAFE)
    name, used = paragraph(c.name, heads.top(heads.h * 0.66), NAME_SIZE, style, weight="bold", valign="bottom",
                           color=ink, where=where)
    face.add(name)
    facts = [home_line(c, ctx)]
    if c.float_percent:
        facts.append(t("charter.floats", percent=c.float_percent))
    if c.token_set_price is not None:  # 1851: all station tokens bought together when floating
        facts.append(t("charter.token_set", n=len(c.tokens), price=ctx.company_money(c.token_set_price)))
    face.add(line(" · ".join(f for f in facts if f), heads.below(heads.h * 0.66, 0.4), 3.0, style, color=ink,
                  where=where))
    body = box.below(band_h).inset(SAFE, SAFE * 0.8)
    left_w = min(body.w * 0.33, 80.0)
    left = body.left(left_w)
    right = body.beside(left_w, SAFE)
    if not in_band:
        _, used = tokens_size(n, tokens_per_row(left.w))
        for element in token_spaces(c, ctx, left, style.color("card_text"), align="left"):
            face.add(element)
        left = left.below(used, 2.0)
    for element in left_column(c, ctx, left):
        face.add(element)
    if game.phases:
        face.add(line(t("charter.phases"), right.top(HEAD_SIZE * LINE_BOX), HEAD_SIZE, style, weight="bold",
                      where=where))
        columns, rows = phase_rows(game, ctx)
        grid, _ = table(columns, rows, right.below(HEAD_SIZE * LINE_BOX, 0.8), style, size=TABLE_SIZE,
                        where=f"phases.yaml (on the {c.symbol} charter)")
        face.add(grid)
    return face


def left_column(c: Company, ctx: Context, box: Box) -> list:
    """Treasury and trains boxes, and the destination where the company has one."""
    style, t = ctx.style, ctx.t
    where = f"companies.yaml: {c.symbol}"
    out = []
    if c.destination:
        text, used = stack([Item(t("charter.destination"), "bold"), Item(c.destination)], box.bottom_part(12.0),
                           BODY_SIZE, style, valign="bottom", where=where)
        out.append(text)
        box = box.above(used, 1.6)
    treasury, trains = box.rows(2, gap=2.0)
    currency = ctx.game.info.rules.company_currency or ctx.game.info.currency
    for area, title in ((treasury, t("charter.treasury", currency=currency)), (trains, t("charter.trains"))):
        out.append(panel(area, style))
        out.append(line(title, area.inset(1.6, 1.2).top(HEAD_SIZE * LINE_BOX), HEAD_SIZE, style, weight="bold",
                        where=where))
    return out


def build(game: Game, options: PrintOptions) -> Component:
    ctx = context(game, options)
    size = ctx.kind_size("charter")
    pieces = [piece(f"charter-{c.symbol}", size, front(c, game, ctx, size), None, ctx.bleed) for c in game.companies]
    return component("charters", ctx.t("title.charters"), pieces, ctx, expected=len(game.companies))

