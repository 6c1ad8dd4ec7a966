"""Private company certificates: name and symbol on a band, the rule text fitted to the
card, and the face value and revenue along the foot, where a player looks for them.
One back for all privates."""

from __future__ import annotations

from pnp.components import Component, PrintOptions
from pnp.components.cardsheet import Context, Face, component, context, full, piece
from pnp.model.company import Private
from pnp.model.game import Game
from pnp.render import icons
from pnp.render.cards import LINE_BOX, SAFE, Band, Box, Item, badge, ink_on, line, paragraph, rule, stack

NAME_SIZE = 3.4
BODY_SIZE = 2.6
MONEY_SIZE = 3.4


def band_colour(p: Private, ctx: Context) -> str:
    return p.color or ctx.style.color("private")


def extras(p: Private, ctx: Context) -> list[Item]:
    """What the data says besides the rule text: when it is for sale, what comes with it."""
    t = ctx.t
    out = []
    if p.min_players:
        out.append(Item(t("private.min_players", n=p.min_players), "condensed-bold"))
    if p.available:
        out.append(Item(t("private.available", train=p.available), "condensed-bold"))
    for grant in p.comes_with:
        kind = t("private.director_share") if grant.director else t("private.share")
        out.append(Item(t("private.comes_with", percent=grant.percent, company=grant.company, kind=kind),
                        "condensed-bold"))
    if p.exchange_for and not p.text:
        out.append(Item(t("private.exchange", company=p.exchange_for)))
    return out


def front(p: Private, ctx: Context, size: tuple[float, float]) -> Face:
    style = ctx.style
    w, h = size
    hb = min(h * 0.3, 14.0)
    colour = band_colour(p, ctx)
    ink = ink_on(colour, style.color("card_back_text"), style)
    face = Face([full(size, style.color("card_ground")), Band(Box(0, 0, w, hb), colour)])
    where = f"privates.yaml: {p.symbol}"
    d = hb - 3.0
    face.add(badge(p.symbol, (w - SAFE - d / 2, hb / 2), d, colour, ink, style))
    beside = 0.0
    if p.icon:  # the private's icon (a bridge, a tunnel ...) left of its badge
        beside = d + 1.0
        face.add(icons.icon(p.icon, (w - SAFE - d - 1.0 - d / 2, hb / 2), d / 2, style))
    name, _ = paragraph(p.name, Box(SAFE, 1.6, w - 2 * SAFE - d - 1.5 - beside, hb - 3.2), NAME_SIZE, style, weight="bold",
                        valign="middle", color=ink, where=where)
    face.add(name)
    foot_h = MONEY_SIZE * LINE_BOX
    foot = Box(SAFE, h - SAFE - foot_h, w - 2 * SAFE, foot_h)
    face.add(rule(SAFE, w - SAFE, foot.y - 0.9, style.color("card_rule")))
    revenue = p.revenue if isinstance(p.revenue, str) else ctx.player_money(p.revenue)
    halves = foot.columns([foot.w / 2, foot.w / 2])
    face.add(line(ctx.t("private.value", value=ctx.player_money(p.value)), halves[0], MONEY_SIZE, style,
                  weight="bold", where=where))
    face.add(line(ctx.t("private.revenue", revenue=revenue), halves[1], MONEY_SIZE, style, weight="bold",
                  align="right", where=where))
    body = Box(SAFE, hb + 1.6, w - 2 * SAFE, foot.y - 1.8 - hb - 1.6)
    items = extras(p, ctx) + [Item(p.text)]
    text, _ = stack(items, body, BODY_SIZE, style, valign="middle", where=where)
    face.add(text)
    return face


def back(ctx: Context, size: tuple[float, float]) -> Face:
    style = ctx.style
    w, h = size
    colour = style.color("private")
    ink = ink_on(colour, style.color("card_back_text"), style)
    face = Face([full(size, colour)])
    face.add(line(ctx.t("private.back"), Box(SAFE, h * 0.32, w - 2 * SAFE, 7.0), 5.0, style, weight="bold",
                  align="center", color=ink))
    face.add(line(ctx.game.title, Box(SAFE, h * 0.32 + 8.0, w - 2 * SAFE, 4.0), 2.8, style, align="center",
                  color=ink))
    return face


def build(game: Game, options: PrintOptions) -> Component:
    ctx = context(game, options)
    size = ctx.kind_size("private")
    the_back = back(ctx, size)
    pieces = [piece(f"private-{p.symbol}", size, front(p, ctx, size), the_back, ctx.bleed, back_key="private-back")
              for p in game.privates]
    return component("privates", ctx.t("title.privates"), pieces, ctx, expected=len(game.privates))
