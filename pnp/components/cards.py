"""Game cards: whatever the game's cards.yaml lists, each printed `count` times with
its title on a band and its text fitted below; a card with a table (1860's IPO
overview) shows the table, drawing company symbols as the companies' badges.

A card prints in the format its `size:` names. Without one it takes the first of the
game card size, then A6, then half a page, on which its text reads comfortably; text
too long for all of them is an error naming the card. Positions and sizes:
templates/layouts/card.yaml."""

from __future__ import annotations

from pnp.card_layouts import layout_values
from pnp.draw import shapes
from pnp.components import Component, PrintOptions
from pnp.components.cardsheet import Context, Face, card_box, component, context, full, piece
from pnp.model.game import Game
from pnp.model.rules import Card
from pnp.render import svg
from pnp.render.cards import (LINE_BOX, MIN_TEXT, Band, Box, Cell, TextTooLong, draw_paragraph, fit_paragraph, ink_on,
                              line, table, text_sizes)
from pnp.sheets.formats import Format, component_format, format_named

LARGER = ("a6", "half-page")  # where a card without a size grows to when its text needs room


def formats_for(card: Card, index: int) -> list[Format]:
    if card.size:
        return [format_named(card.size, f"cards.yaml: cards[{index}].size")]
    return [component_format("card")] + [format_named(name) for name in LARGER]


def cells(row: tuple[str, ...], ctx: Context) -> list[Cell]:
    """Table cells; a cell naming only companies ("C&N, IOW") shows their badges."""
    by_symbol = {c.symbol: c for c in ctx.game.companies}
    out = []
    for text in row:
        parts = [p.strip() for p in text.split(",")]
        if text and all(p in by_symbol for p in parts):
            out.append(Cell(badges=tuple((p, by_symbol[p].color, by_symbol[p].text_color) for p in parts)))
        else:
            out.append(Cell(text))
    return out


def front(card: Card, ctx: Context, size: tuple[float, float], min_size: float, where: str) -> Face:
    style = ctx.style
    at = layout_values("card", "front", size)
    box = card_box(size)
    colour = card.color or style.color("card_back")
    ink = ink_on(colour, style.color("card_back_text"), style)
    face = Face([full(size, style.color("card_ground")), Band(box.top(at.band), colour)])
    face.add(line(card.title or card.name, box.top(at.band).inset(at.title_inset_x, at.title_inset_y), at.title_size,
                  style, weight="bold", align="center", color=ink, where=where))
    body = box.below(at.band).inset(at.body_inset_x, at.body_inset_y)
    if card.figure:
        figure = body.left(body.w * at.figure_share) if card.text or card.table else body
        face.add(line(card.figure, figure, figure.h / LINE_BOX, style, weight="bold", align="center", where=where))
        body = body.beside(figure.w, at.figure_gap)
    for element in body_art(card, body, ctx, at, min_size, where):
        face.add(element)
    return face


def body_art(card: Card, body: Box, ctx: Context, at, min_size: float, where: str) -> list:
    """The table and the text under it, both at the largest size at which together
    they fit the body (larger cards start larger), centred in it as one block."""
    style = ctx.style
    rows = [cells(r, ctx) for r in card.table.rows] if card.table else []
    for s in text_sizes(at.text_size, min_size):
        block = svg.group()
        try:
            rest, height = body, 0.0
            if card.table:
                grid, used = table(list(card.table.columns), rows, body, style, size=s, min_size=s, where=where)
                block.add(grid)
                rest, height = body.below(used, at.table_gap * s), used + at.table_gap * s
            if card.text:
                p = fit_paragraph(card.text, rest, s, min_size=s, where=where)
                block.add(draw_paragraph(p, rest, style))
                height += p.height
            return [svg.transformed(block, shapes.translate(0, max(0.0, body.h - height) / 2))]
        except TextTooLong:
            if s <= min_size + 1e-9:
                raise
    raise AssertionError("unreachable: text_sizes ends with min_size")


def back(ctx: Context, size: tuple[float, float]) -> Face:
    style = ctx.style
    at = layout_values("card", "back", size)
    colour = style.color("card_back")
    ink = style.color("card_back_text")
    face = Face([full(size, colour)])
    face.add(line(ctx.game.title, at.title, at.title_size, style, weight="bold", align="center", color=ink))
    face.add(line(ctx.t("card.back"), at.label, at.label_size, style, align="center", color=ink))
    return face


def fitted(card: Card, index: int, ctx: Context) -> tuple[tuple[float, float], Face]:
    """The card's size and face: its own format, or the first that reads comfortably."""
    where = f"cards.yaml: cards[{index}] ({card.name})"
    options = formats_for(card, index)
    for n, card_format in enumerate(options):
        last = n == len(options) - 1
        size = ctx.size(card_format)
        try:
            comfortable = layout_values("card", "front", size).comfortable
            return size, front(card, ctx, size, MIN_TEXT if last else comfortable, where)
        except TextTooLong:
            if last:
                raise
    raise AssertionError("unreachable")


def build(game: Game, options: PrintOptions) -> Component:
    ctx = context(game, options)
    pieces, names = [], {}
    backs: dict[tuple[float, float], Face] = {}
    for i, card in enumerate(game.cards):
        size, face = fitted(card, i, ctx)
        the_back = backs.setdefault(size, back(ctx, size))
        key = f"card-{card.name}"
        made = piece(key, size, face, the_back, ctx.bleed, back_key=f"card-back-{size[0]:.0f}x{size[1]:.0f}")
        pieces += [made] * card.count
        names[key] = card.name
    return component("cards", ctx.t("title.cards"), pieces, ctx, expected=sum(c.count for c in game.cards),
                     names=names)
