"""Money: the bank's banknotes (game.yaml `rules.money`), currency by currency and
smallest denomination first, each printed as many times as the data counts. A note
shows its value large with the currency's symbol, the value again in its corners so
that a fanned hand reads, the game's title and the currency's name; where players
and companies keep different money (1860's pounds and CC), each note says whose it
is and the companies' notes have a design of their own. The back repeats the front,
so a note reads whichever side is up.

Warnings, not errors: two denominations of a currency whose grounds look alike in
greyscale, and prices the game's data names that the notes cannot pay exactly."""

from __future__ import annotations

from pnp.components import Component, PrintOptions
from pnp.components.cardsheet import Context, Face, component, context, piece
from pnp.errors import DataError, PnpError
from pnp.model.game import Game
from pnp.model.rules import Currency
from pnp.money import symbol, unpayable
from pnp.render.banknote import Note, alike, art, bands, grounds, ramp
from pnp.render.cards import money as amount_text
from pnp.sheets.pieces import Piece

LABELS = {"players": "money.for_players", "companies": "money.for_companies"}


def design(currency: Currency) -> str:
    return "credit" if currency.used_by == "companies" else "note"


def ground_colours(game: Game, index: int, currency: Currency, ctx: Context) -> dict[int, str]:
    colours = ramp(ctx.style, design(currency))
    chosen = {d.value: d.color for d in currency.denominations if d.color}
    try:
        return grounds([d.value for d in currency.denominations], colours, chosen)
    except ValueError as exc:
        raise DataError(game.folder / "game.yaml", f"rules.money.currencies[{index}].denominations",
                        f"{exc} ('{design(currency)}_1' ... in templates/themes/); give the others a color") from None


def note(game: Game, currency: Currency, value: int, ground: str, ctx: Context) -> Note:
    sym = symbol(game, currency)
    label = ctx.t(LABELS[currency.used_by]) if currency.used_by in LABELS else None
    mark = sym.replace("#", "").strip() or sym  # a currency written "#c" marks its band "c"
    return Note(amount=amount_text(value, sym), index=str(value), symbol=mark, title=game.title, name=currency.name,
                label=label, ground=ground, design=design(currency))


def face(n: Note, size: tuple[float, float], ctx: Context, where: str) -> Face:
    return Face(bands(n, size, ctx.style), art(n, size, ctx.style, where=where))


def warnings(game: Game, currency: Currency, colours: dict[int, str]) -> list[str]:
    sym = symbol(game, currency)
    out = [f"money: the {amount_text(a, sym)} and {amount_text(b, sym)} notes look alike printed in greyscale; "
           f"give one a lighter or darker color" for a, b in alike(colours)]
    for source, amounts in unpayable(game, currency).items():
        shown = ", ".join(amount_text(a, sym) for a in amounts[:6]) + (" ..." if len(amounts) > 6 else "")
        out.append(f"money: the {currency.name} notes cannot pay these {source} exactly: {shown}")
    return out


def notes(game: Game, ctx: Context) -> tuple[list[Piece], dict[str, str], list[str]]:
    """Every note as a piece, the file stem of each distinct note, and the warnings."""
    money = game.info.rules.money
    if money is None:
        raise PnpError(f"{game.title}: game.yaml gives no rules.money, so there are no banknotes to print")
    size = ctx.kind_size("banknote")
    pieces, names, warned = [], {}, []
    for i, currency in enumerate(money.currencies):
        colours = ground_colours(game, i, currency, ctx)
        warned += warnings(game, currency, colours)
        for d in currency.ascending():
            key = f"money-{i}-{d.value}"
            where = f"game.yaml: rules.money.currencies[{i}] ({currency.name} {d.value})"
            front = face(note(game, currency, d.value, colours[d.value], ctx), size, ctx, where)
            back = front if ctx.options.duplex != "none" else None  # a note reads whichever side is up
            pieces += [piece(key, size, front, back, ctx.bleed, back_key=f"{key}-back")] * d.count
            names[key] = f"{currency.name}-{d.value}"
            names[f"{key}-back"] = f"{currency.name}-{d.value}-back"
    return pieces, names, warned


def build(game: Game, options: PrintOptions) -> Component:
    ctx = context(game, options)
    pieces, names, warned = notes(game, ctx)
    built = component("money", ctx.t("money.title"), pieces, ctx, expected=len(pieces), names=names)
    built.warnings.extend(warned)
    return built
