"""Share certificates: one card per physical certificate, in company order. The left
band carries the company's badge and the percentage, so both show when the cards are
fanned in a hand; the director's certificate is framed and says so; a share kept back
for a private company names that private. Each company has one back."""

from __future__ import annotations

from pnp.components import Component, PrintOptions
from pnp.components.cardsheet import Context, Face, component, context, full, piece
from pnp.model.company import Certificate, Company
from pnp.model.game import Game
from pnp.render.cards import LINE_BOX, SAFE, Band, Box, badge, frame, ink_on, line, panel, paragraph, rosette, rule
from pnp.render.logo import badge_or_logo

NAME_SIZE = 3.6
TITLE_SIZE = 2.9
BODY_SIZE = 2.4


def percent_text(cert: Certificate) -> str:
    return f"{cert.percent}%"


def units(cert: Certificate) -> int:
    """How many of the company's smallest shares the certificate is worth."""
    smallest = min(cert.company.shares)
    return max(1, round(cert.percent / smallest))


def certificate_key(cert: Certificate) -> str:
    kind = "director" if cert.director else f"{cert.percent}"
    return f"share-{cert.company.symbol}-{kind}" + (f"-for-{cert.reserved_for}" if cert.reserved_for else "")


def band_width(w: float, h: float) -> float:
    return min(w * 0.25, h * 0.45)


def front(cert: Certificate, ctx: Context, size: tuple[float, float]) -> Face:
    c, style, t = cert.company, ctx.style, ctx.t
    w, h = size
    bw = band_width(w, h)
    ground = style.color("card_ground")
    face = Face([full(size, ground), Band(Box(0, 0, bw, h), c.color)])
    d = min(bw - 3.0, h * 0.36)
    face.add(badge_or_logo(c, (bw / 2, SAFE + d / 2), d, style, badge(c.symbol, (bw / 2, SAFE + d / 2), d, c.color,
                                                                      c.text_color, style)))
    face.add(line(percent_text(cert), Box(1.5, h - SAFE - 7.5, bw - 3.0, 7.5), 6.5, style, weight="bold",
                  align="center", color=c.text_color))
    accent = ink_on(ground, c.color, style)
    if cert.director:
        face.add(frame(Box(bw + 1.4, 1.4, w - bw - 2.8, h - 2.8), accent, 0.7))
    main = Box(bw + SAFE, SAFE, w - bw - 2 * SAFE, h - 2 * SAFE)
    where = f"companies.yaml: {c.symbol}"
    name, used = paragraph(c.name, main.top(NAME_SIZE * 2.5), NAME_SIZE, style, weight="bold", where=where)
    face.add(name)
    y = main.y + used + 0.9
    face.add(rule(main.x, main.right, y, accent, 0.35))
    rest = Box(main.x, y + 0.9, main.w, main.bottom - y - 0.9)
    title = t("share.director") if cert.director else t("share.certificate")
    face.add(line(title, rest.top(TITLE_SIZE * 1.3), TITLE_SIZE, style, weight="bold", where=where))
    foot = rest.bottom_part(BODY_SIZE * LINE_BOX * 2 + 1.6)
    middle = Box(rest.x, rest.y + TITLE_SIZE * 1.3 + 0.6, rest.w, foot.y - rest.y - TITLE_SIZE * 1.3 - 1.2)
    seal = min(middle.h, middle.w * 0.42)
    centre = (middle.right - seal / 2, middle.y + middle.h / 2)
    face.add(rosette(centre, seal / 2, accent))
    face.add(line(percent_text(cert), Box(centre[0] - seal * 0.31, centre[1] - seal * 0.2, seal * 0.62, seal * 0.4),
                  seal * 0.34, style, weight="bold", align="center", color=accent))
    worth = t("share.units_one") if units(cert) == 1 else t("share.units", n=units(cert))
    if cert.director:
        worth = t("share.director_worth", shares=worth)
    text, _ = paragraph(worth, middle.left(middle.w - seal - 1.5), BODY_SIZE, style, valign="middle", where=where)
    face.add(text)
    if cert.reserved_for:
        face.add(panel(foot, style, fill="reserved", dashed=True))
        note = t("share.reserved", private=ctx.private_name(cert.reserved_for), symbol=cert.reserved_for)
        text, _ = paragraph(note, foot.inset(1.2, 0.6), BODY_SIZE, style, weight="condensed-bold", valign="middle",
                            where=where)
        face.add(text)
    else:
        facts = home_line(c, ctx)
        if facts:
            text, _ = paragraph(facts, foot, BODY_SIZE, style, weight="condensed", valign="bottom", where=where,
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
    w, h = size
    face = Face([full(size, c.color)])
    d = min(w, h) * 0.5
    centre = (w / 2, SAFE + d / 2 + 1.0)
    face.add(badge_or_logo(c, centre, d, style, badge(c.symbol, centre, d, c.color, c.text_color, style)))
    below = Box(SAFE, SAFE + d + 2.5, w - 2 * SAFE, h - 2 * SAFE - d - 2.5)
    name, used = paragraph(c.name, below.top(below.h * 0.62), 3.4, style, weight="bold", align="center",
                           color=c.text_color, where=f"companies.yaml: {c.symbol}")
    face.add(name)
    face.add(line(t("share.back", game=ctx.game.title), below.below(used, 0.6).top(2.6 * 1.25), 2.2, style,
                  align="center", color=c.text_color))
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
