"""Private company certificates: name and symbol on a band, the rule text fitted to the
card, and the face value and revenue along the foot, where a player looks for them.
One back for all privates. Positions and sizes: templates/layouts/private.yaml."""

from __future__ import annotations

from pnp.card_layouts import layout_values
from pnp.components import Component, PrintOptions
from pnp.components.cardsheet import Context, Face, component, context, full, piece
from pnp.model.company import Private
from pnp.model.game import Game
from pnp.render import icons
from pnp.render.cards import Band, Box, Item, badge, ink_on, line, paragraph, rule, stack


ICON_GAP = 1.0  # mm between a private's icon and its badge


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
    at = layout_values("private", "front", size)
    colour = band_colour(p, ctx)
    ink = ink_on(colour, style.color("card_back_text"), style)
    face = Face([full(size, style.color("card_ground")), Band(Box(0, 0, size[0], at.band), colour)])
    where = f"privates.yaml: {p.symbol}"
    face.add(badge(p.symbol, (at.badge_x, at.badge_y), at.badge, colour, ink, style))
    name_box = at.name
    if p.icon:  # the private's icon (a bridge, a tunnel ...) left of its badge; the name gives way
        beside = at.badge + ICON_GAP
        face.add(icons.icon(p.icon, (at.badge_x - beside, at.badge_y), at.badge / 2, style))
        name_box = Box(name_box.x, name_box.y, name_box.w - beside, name_box.h)
    name, _ = paragraph(p.name, name_box, at.name_size, style, weight="bold", valign="middle", color=ink, where=where)
    face.add(name)
    foot = at.foot
    face.add(rule(at.rule_left, at.rule_right, at.rule_y, style.color("card_rule")))
    revenue = p.revenue if isinstance(p.revenue, str) else ctx.player_money(p.revenue)
    halves = foot.columns([foot.w / 2, foot.w / 2])
    face.add(line(ctx.t("private.value", value=ctx.player_money(p.value)), halves[0], at.money_size, style,
                  weight="bold", where=where))
    face.add(line(ctx.t("private.revenue", revenue=revenue), halves[1], at.money_size, style, weight="bold",
                  align="right", where=where))
    items = extras(p, ctx) + [Item(p.text)]
    text, _ = stack(items, at.body, at.body_size, style, valign="middle", where=where)
    face.add(text)
    return face


def back(ctx: Context, size: tuple[float, float]) -> Face:
    style = ctx.style
    at = layout_values("private", "back", size)
    colour = style.color("private")
    ink = ink_on(colour, style.color("card_back_text"), style)
    face = Face([full(size, colour)])
    face.add(line(ctx.t("private.back"), at.title, at.title_size, style, weight="bold", align="center", color=ink))
    face.add(line(ctx.game.title, at.game, at.game_size, style, align="center", color=ink))
    return face


def build(game: Game, options: PrintOptions) -> Component:
    ctx = context(game, options)
    size = ctx.kind_size("private")
    the_back = back(ctx, size)
    pieces = [piece(f"private-{p.symbol}", size, front(p, ctx, size), the_back, ctx.bleed, back_key="private-back")
              for p in game.privates]
    return component("privates", ctx.t("title.privates"), pieces, ctx, expected=len(game.privates))
