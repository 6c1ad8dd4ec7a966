"""What every card-like component shares: the context a card is drawn in (game, style,
language, money, sheet settings), a card's face as ground bands plus artwork (the
bands also give its bleed), and turning faces into pieces, pages and a Component.

Used by shares, charters, privates, trains, tokens and cards, and by any other
component printed as cards (player cards, flotation cards)."""

from __future__ import annotations

import re

from msgspec import Struct, field

from pnp.components import Component, Document, PrintOptions
from pnp.cut.paths import CutPages, layout_cuts
from pnp.cut.registration import area_for
from pnp.i18n import Messages, messages
from pnp.model.game import Game
from pnp.render import svg
from pnp.render.cards import Band, Box, centred, ground, money
from pnp.render.style import Style
from pnp.sheets.formats import Format, component_format
from pnp.sheets.pieces import Piece, SheetSettings, piece_pages, piece_svg, sheet_settings
from pnp.sheets import pieces as sheet_pieces


class Context(Struct, frozen=True):
    game: Game
    options: PrintOptions
    style: Style
    t: Messages
    settings: SheetSettings

    @property
    def bleed(self) -> float:
        return self.settings.bleed

    def player_money(self, amount) -> str:
        return money(amount, self.game.info.currency)

    def company_money(self, amount) -> str:
        """Money a company pays or holds: the game's company currency where it has one
        (1860's CC), else its only currency."""
        return money(amount, self.game.info.rules.company_currency or self.game.info.currency)

    def private_name(self, symbol: str) -> str:
        for p in self.game.privates:
            if p.symbol == symbol:
                return p.name
        return symbol

    def size(self, fmt: Format) -> tuple[float, float]:
        """A format's width and height on this paper."""
        f = sheet_pieces.frame(self.options.paper, self.settings)
        return fmt.size(f.width, f.height, 2 * self.settings.bleed)

    def kind_size(self, kind: str) -> tuple[float, float]:
        return self.size(component_format(kind))


def context(game: Game, options: PrintOptions) -> Context:
    area = area_for(options.cut.registration, options.paper.width, options.paper.height)
    settings = sheet_settings(options.bleed, options.crop_marks, options.duplex, area=area,
                              cut_lines=not options.cut.contour)
    return Context(game, options, options.style, messages(options.lang), settings)


class Face(Struct):
    """One side of a card in card coordinates (0,0 top-left, mm): its ground as bands,
    and what is drawn over it. A round piece's ground is one disc of `disc` colour."""

    bands: list[Band] = field(default_factory=list)
    art: list = field(default_factory=list)
    disc: str | None = None

    def add(self, element) -> None:
        self.art.append(element)


def _drawn(face: Face, w: float, h: float):
    g = svg.group()
    if face.disc:
        g.add(svg.circle((w / 2, h / 2), w / 2, fill=face.disc))
    else:
        g.add(ground(w, h, face.bands))
    for element in face.art:
        g.add(element)
    return centred(g, w, h)


def _bleed(face: Face, w: float, h: float, bleed: float):
    if bleed <= 0:
        return None
    if face.disc:
        return svg.circle((0, 0), w / 2 + bleed, fill=face.disc)
    return centred(ground(w, h, face.bands, bleed), w, h)


def piece(key: str, size: tuple[float, float], front: Face, back: Face | None, bleed: float, *,
          back_key: str | None = None) -> Piece:
    w, h = size
    return Piece(key, w, h, _drawn(front, w, h), _bleed(front, w, h, bleed),
                 _drawn(back, w, h) if back else None, back_key, _bleed(back, w, h, bleed) if back else None,
                 round=front.disc is not None)


def card_box(size: tuple[float, float]) -> Box:
    return Box(0.0, 0.0, size[0], size[1])


def full(size: tuple[float, float], color: str) -> Band:
    return Band(card_box(size), color)


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")  # compiled on import, before the workers fork, not in each


def safe_name(text: str) -> str:
    return _UNSAFE.sub("_", text).strip("_") or "piece"


def component(key: str, title: str, pieces: list[Piece], ctx: Context, *, expected: int | None,
              names: dict[str, str] | None = None) -> Component:
    """Pages of the pieces as `<key>.pdf`, and one SVG per distinct front (and back) in
    `<key>/`, named by `names` (piece key -> file stem) or the piece key."""
    footer = f"{ctx.game.title} · {title}"
    paper = ctx.options.paper
    laid = sheet_pieces.layouts(pieces, paper, ctx.settings) if pieces else []  # packed once: pages and cut files
    pages = piece_pages(pieces, paper, ctx.style, ctx.settings, footer=footer, t=ctx.t, pages=laid) if pieces else []
    svgs: dict[str, str] = {}
    seen: set[int] = set()  # a piece placed n times is one object in the list n times: its files once
    for p in pieces:
        if id(p) in seen:
            continue
        seen.add(id(p))
        stem = safe_name((names or {}).get(p.key, p.key))
        name = f"{key}/{stem}.svg"
        if name not in svgs:
            svgs[name] = piece_svg(p, f"{ctx.game.title}: {stem}", ctx.style)
        if p.back is not None:
            back_stem = safe_name((names or {}).get(p.back_key or "", p.back_key or f"{stem}-back"))
            back_name = f"{key}/{back_stem}.svg"
            if back_name not in svgs:
                svgs[back_name] = piece_svg(p, f"{ctx.game.title}: {back_stem}", ctx.style, back=True)
    backed = sheet_pieces.has_backs(pieces, ctx.settings)
    cuts = CutPages(paper.width, paper.height, [layout_cuts(page) for page in laid])
    document = Document(f"{key}.pdf", pages, title, backed=backed, cuts=cuts.with_backs() if backed else cuts)
    return Component(key=key, title=title, documents=[document], pieces=len(pieces),
                     expected=expected, svgs=svgs)
