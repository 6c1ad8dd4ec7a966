"""Tokens: every company's station tokens and its markers (share price, IPO par,
revenue ...), as the data counts them (`Company.marker_counts()`), and the privates' own
tokens (`Private.token`), as round pieces with bleed and a cut outline for a punch. A
station token whose company gives a `token.icon` shows the icon above its symbol, one
with `token.designs` those designs on its ground (render/token_art.py). Station tokens are sized to sit in a tile's city
circle, markers to a half-inch punch (templates/components.yaml). The round marker is
no company's: it is printed beside the round tracker it moves on (`components/market.py`),
drawn by `round_marker_face` here.

Each kind looks different at a glance: a station token and the share price marker
are the company's badge; the IPO marker is the badge on a white middle; the revenue
marker carries a caption. A station token's back is its badge turned pale, as 1860
turns a bankrupt company's stations over."""

from __future__ import annotations


from msgspec import Struct

from pnp.components import Component, PrintOptions
from pnp.components.cardsheet import Context, Face, component, context, piece
from pnp.model.company import Company, Private
from pnp.model.game import Game
from pnp.render.cards import badge, ink_on
from pnp.render.logo import badge_or_logo
from pnp.render.token_art import designed_token, icon_token, private_token
from pnp.sheets.formats import component_format

KIND_ORDER = ("station", "market", "ipo", "revenue", "other")


class Token(Struct, frozen=True):
    key: str
    kind: str
    company: Company | None  # None for a private's token
    count: int
    private: Private | None = None


def tokens(game: Game) -> list[Token]:
    """Station tokens of every company first (one size), then every company's markers:
    pieces of one size sit together on the sheet."""
    out = []
    for c in game.companies:
        counts = c.marker_counts()
        if counts.get("station"):
            out.append(Token(f"station-{c.symbol}", "station", c, counts["station"]))
    for c in game.companies:
        counts = c.marker_counts()
        for kind in sorted((k for k in counts if k not in ("station", "round")), key=kind_rank):
            if counts[kind]:
                out.append(Token(f"{kind}-{c.symbol}", kind, c, counts[kind]))
    for p in game.privates:  # a private's own tokens (1861's Tsarskoye Selo), station size
        if p.token is not None and p.token.count:
            out.append(Token(f"private-{p.symbol}", "private", None, p.token.count, p))
    return out


def kind_rank(kind: str) -> int:
    return KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER)


def company_marker_count(game: Game) -> int:
    """Every company's markers but the round marker, and the privates' tokens."""
    return (sum(n for c in game.companies for k, n in c.marker_counts().items() if k != "round")
            + sum(p.token.count for p in game.privates if p.token is not None))


def face(token: Token, ctx: Context, diameter: float, *, back: bool = False) -> Face:
    style, t = ctx.style, ctx.t
    centre = (diameter / 2, diameter / 2)
    ground = style.color("card_ground")
    if token.private is not None:  # both sides alike: a private's token has no turned-over state
        art = private_token(token.private, centre, diameter, style)
        return Face(disc=token.private.token.color or token.private.color or ground, art=[art])
    c = token.company
    if token.kind == "station" and back:
        ink = ink_on(ground, c.color, style)
        return Face(disc=ground, art=[badge(c.symbol, centre, diameter, ground, ink, style, ring=ink)])
    if token.kind == "ipo":
        ink = ink_on(ground, c.color, style)
        return Face(disc=c.color, art=[badge(c.symbol, centre, diameter, c.color, ink, style, inner=ground,
                                             caption=t("marker.ipo"))])
    caption = None if token.kind in ("station", "market") else caption_for(token.kind, ctx)
    look = c.token
    if token.kind == "station" and look is not None and (look.icon or look.designs) and not c.logo:
        fill = look.color or c.color
        art = (icon_token(look.label or c.symbol, look.icon, centre, diameter, fill, c.text_color, style) if look.icon
               else designed_token(look.label or c.symbol, look, centre, diameter, fill, style))
        return Face(disc=fill, art=[art])
    art = badge(c.symbol, centre, diameter, c.color, c.text_color, style, caption=caption)
    return Face(disc=c.color, art=[art if caption else badge_or_logo(c, centre, diameter, style, art)])


def round_marker_face(ctx: Context, diameter: float) -> Face:
    """The round marker: "Round" on the colour of the game's card backs."""
    fill, ink = ctx.style.color("card_back"), ctx.style.color("card_back_text")
    centre = (diameter / 2, diameter / 2)
    return Face(disc=fill, art=[badge(ctx.t("marker.round"), centre, diameter, fill, ink, ctx.style)])


def caption_for(kind: str, ctx: Context) -> str:
    return ctx.t(f"marker.{kind}") if kind in ("revenue", "other") else kind.upper()


def build(game: Game, options: PrintOptions) -> Component:
    ctx = context(game, options)
    pieces, names = [], {}
    for token in tokens(game):
        d = component_format("station" if token.kind in ("station", "private") else "marker").diameter
        made = piece(token.key, (d, d), face(token, ctx, d), face(token, ctx, d, back=True), ctx.bleed,
                     back_key=f"{token.key}-back")
        pieces += [made] * token.count
        names[token.key] = token.key
    return component("tokens", ctx.t("title.tokens"), pieces, ctx,
                     expected=company_marker_count(game), names=names)
