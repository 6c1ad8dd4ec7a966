"""Share certificates: one card per physical certificate, in company order. The left
band carries the company's badge and the percentage, so both show when the cards are
fanned in a hand; the director's certificate is framed and says so; a share kept back
for a private company names that private. Each company has one back."""

from __future__ import annotations

from pnp.card_layouts import layout_values
from pnp.components import Component, PrintOptions
from pnp.components.cardsheet import Context, Face, component, context, full, piece
from pnp.model.company import Certificate, Company
from pnp.model.game import Game
from pnp.render.logo import badge_or_logo
from pnp.render.cards import Band, Box, badge, frame, ink_on, line, panel, paragraph, rosette, rule


def percent_text(cert: Certificate) -> str:
    return f"{cert.percent}%"


def units(cert: Certificate) -> int:
    """How many of the company's smallest shares the certificate is worth."""
    smallest = min(cert.company.shares)
    return max(1, round(cert.percent / smallest))


def certificate_key(cert: Certificate) -> str:
    kind = "director" if cert.director else f"{cert.percent}"
    return f"share-{cert.company.symbol}-{kind}" + (f"-for-{cert.reserved_for}" if cert.reserved_for else "")


def front(cert: Certificate, ctx: Context, size: tuple[float, float]) -> Face:
    c, style, t = cert.company, ctx.style, ctx.t
    at = layout_values("share", "front", size)
    ground = style.color("card_ground")
    face = Face([full(size, ground), Band(Box(0, 0, at.band, size[1]), c.color)])
    spot = (at.badge_x, at.badge_y)
    face.add(badge_or_logo(c, spot, at.badge, style, badge(c.symbol, spot, at.badge, c.color, c.text_color, style)))
    face.add(line(percent_text(cert), at.percent, at.percent_size, style, weight="bold", align="center",
                  color=c.text_color))
    accent = ink_on(ground, c.color, style)
    if cert.director:
        face.add(frame(at.director_frame, accent, at.director_line))
    main = at.main
    where = f"companies.yaml: {c.symbol}"
    name, used = paragraph(c.name, main.top(at.name_room), at.name_size, style, weight="bold", where=where)
    face.add(name)
    at = at.given(name_height=used)
    face.add(rule(main.x, main.right, at.rule_y, accent, at.rule_line))
    rest = at.rest
    title = t("share.director") if cert.director else t("share.certificate")
    face.add(line(title, rest.top(at.title_room), at.title_size, style, weight="bold", where=where))
    foot = rest.bottom_part(at.foot_room)
    middle, seal = at.middle, at.seal
    face.add(rosette((at.seal_x, at.seal_y), seal / 2, accent))
    face.add(line(percent_text(cert), at.seal_percent, at.seal_percent_size, style, weight="bold", align="center",
                  color=accent))
    worth = t("share.units_one") if units(cert) == 1 else t("share.units", n=units(cert))
    if cert.director:
        worth = t("share.director_worth", shares=worth)
    text, _ = paragraph(worth, middle.left(at.worth_room), at.body_size, style, valign="middle", where=where)
    face.add(text)
    if cert.reserved_for:
        face.add(panel(foot, style, fill="reserved", dashed=True))
        note = t("share.reserved", private=ctx.private_name(cert.reserved_for), symbol=cert.reserved_for)
        text, _ = paragraph(note, foot.inset(at.reserved_inset_x, at.reserved_inset_y), at.body_size, style,
                            weight="condensed-bold", valign="middle", where=where)
        face.add(text)
    else:
        facts = home_line(c, ctx)
        if facts:
            text, _ = paragraph(facts, foot, at.body_size, style, weight="condensed", valign="bottom", where=where,
                                color=style.color("card_muted"))
            face.add(text)
    return face


def home_line(c: Company, ctx: Context) -> str:
    t = ctx.t
    parts = []
    if c.home_name or c.home:
        where = f"{c.home_name} ({c.home})" if c.home_name and c.home else (c.home_name or c.home)
        parts.append(t("share.home", home=where))
    if c.par:
        low, high = min(c.par), max(c.par)
        par = ctx.player_money(low) if low == high else f"{ctx.player_money(low)}–{ctx.player_money(high)}"
        parts.append(t("share.par", par=par))
    return " · ".join(parts)


def back(c: Company, ctx: Context, size: tuple[float, float]) -> Face:
    style, t = ctx.style, ctx.t
    at = layout_values("share", "back", size)
    face = Face([full(size, c.color)])
    spot = (at.badge_x, at.badge_y)
    face.add(badge_or_logo(c, spot, at.badge, style, badge(c.symbol, spot, at.badge, c.color, c.text_color, style)))
    below = at.below
    name, used = paragraph(c.name, below.top(at.name_room), at.name_size, style, weight="bold", align="center",
                           color=c.text_color, where=f"companies.yaml: {c.symbol}")
    face.add(name)
    face.add(line(t("share.back", game=ctx.game.title), below.below(used, at.game_gap).top(at.game_room),
                  at.game_size, style, align="center", color=c.text_color))
    return face


def certificates(game: Game) -> list[Certificate]:
    return [cert for c in game.companies for cert in c.certificates()]


def build(game: Game, options: PrintOptions) -> Component:
    ctx = context(game, options)
    size = ctx.kind_size("share")
    backs = {c.symbol: back(c, ctx, size) for c in game.companies}
    made: dict[str, object] = {}
    pieces = []
    for cert in certificates(game):
        key = certificate_key(cert)
        if key not in made:
            made[key] = piece(key, size, front(cert, ctx, size), backs[cert.company.symbol], ctx.bleed,
                              back_key=f"share-{cert.company.symbol}-back")
        pieces.append(made[key])
    return component("shares", ctx.t("title.shares"), pieces, ctx, expected=len(pieces))
