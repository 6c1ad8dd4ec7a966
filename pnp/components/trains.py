"""Train cards: one per physical train, in the order the bank sells them. The name as
the game writes it ("3+2") dominates a band in the colour of the tiles its phase brings;
beside it the price, the phase it starts, what it rusts, what rusts it, the events of
its first purchase and the data's notes (variants, trade-ins). One back for all trains. Positions and sizes:
templates/layouts/train.yaml."""

from __future__ import annotations

from pnp.card_layouts import layout_values
from pnp.components import Component, PrintOptions
from pnp.components.cardsheet import Context, Face, component, context, full, piece
from pnp.model.game import Game
from pnp.model.rules import UNLIMITED, Phase, Train
from pnp.render.cards import Band, Box, Item, ink_on, line, locomotive, rule, stack


def phase_train(game: Game, phase: Phase) -> str | None:
    """The train whose first purchase starts the phase: its `on`; for the phase the game
    starts in, when the data names no train and no trigger, the first train on sale
    (1851's phase 2 is the 2-train's)."""
    if phase.on:
        return phase.on
    if game.phases and phase is game.phases[0] and not phase.trigger and game.trains:
        return game.trains[0].name
    return None


def phase_started_by(game: Game, train: Train) -> Phase | None:
    return next((p for p in game.phases if phase_train(game, p) == train.name), None)


def phase_colour(game: Game, train: Train) -> str:
    """The newest tile colour of the phase in force once this train is on sale: the phase
    it starts, else the last one an earlier train started."""
    current = game.phases[0] if game.phases else None
    for t in game.trains:
        started = phase_started_by(game, t)
        if started:
            current = started
        if t.name == train.name:
            break
    return current.tiles[-1] if current and current.tiles else "gray"


def facts(game: Game, train: Train, ctx: Context) -> list[Item]:
    """What the card says, most important first: the phase it starts and what it
    rusts in bold, then its own end, the events of its first purchase, its notes (variants,
    trade-ins), its supply."""
    t = ctx.t
    out = []
    phase = phase_started_by(game, train)
    if phase:
        out.append(Item(t("train.starts_phase", phase=phase.name), "bold"))
    rusted = [other.name for other in game.trains if other.rusts_on == train.name]
    if rusted:
        out.append(Item(t("train.rusts", trains=", ".join(rusted)), "bold"))
    obsolete = [other.name for other in game.trains if other.obsolete_on == train.name]
    if obsolete:
        out.append(Item(t("train.obsoletes", trains=", ".join(obsolete)), "bold"))
    if train.rusts_on:
        out.append(Item(t("train.rusted_by", train=train.rusts_on)))
    elif train.obsolete_on and train.back:
        out.append(Item(t("train.obsolete_turn", train=train.obsolete_on, back=train.back)))
    elif train.obsolete_on:
        out.append(Item(t("train.obsolete_on", train=train.obsolete_on)))
    elif any(other.rusts_on for other in game.trains) or not any(other.obsolete_on for other in game.trains):
        out.append(Item(t("train.permanent")))
    else:  # a game whose trains become obsolete rather than rust (18-XY)
        out.append(Item(t("train.permanent_obsolete")))
    out.extend(Item(event, "condensed-bold") for event in train.events)
    if train.notes:  # variants, trade-ins, what it runs to (imported games)
        out.append(Item(train.notes, "condensed"))
    if train.count == UNLIMITED:
        out.append(Item(t("train.unlimited"), "condensed"))
    return out


def front(game: Game, train: Train, ctx: Context, size: tuple[float, float], *, turned: bool = False) -> Face:
    """A train's face; `turned` draws it as the back of other trains' cards, which a
    player turns over when they become obsolete (18-XY's 12s): the same back on every
    card, so a turned card does not tell which train it was."""
    style = ctx.style
    at = layout_values("train", "front", size)
    band_colour = style.color(phase_colour(game, train))
    ink = ink_on(band_colour, style.color("card_text"), style)
    face = Face([full(size, style.color("card_ground")), Band(Box(0, 0, at.band, size[1]), band_colour)])
    where = f"trains.yaml: {train.name}"
    band = at.band_art
    face.add(line(train.name, band.top(at.name_room), at.name_size, style, weight="bold", align="center", color=ink,
                  where=where))
    face.add(locomotive(band.bottom_part(at.engine_room).inset(at.engine_inset, 0.0), ink))
    main = at.main
    head = ctx.company_money(train.price)
    face.add(line(head, main.top(at.price_room), at.price_size, style, weight="bold", where=where))
    face.add(rule(main.x, main.right, at.rule_y, style.color("card_rule")))
    items = facts(game, train, ctx)
    if turned:
        items.append(Item(ctx.t("train.turned_note", train=train.name), "condensed"))
    text, _ = stack(items, at.facts, at.body_size, style, where=where)
    face.add(text)
    return face


def back(ctx: Context, size: tuple[float, float]) -> Face:
    style = ctx.style
    at = layout_values("train", "back", size)
    ink = style.color("card_back_text")
    face = Face([full(size, style.color("card_back"))])
    face.add(locomotive(at.engine, ink))
    face.add(line(ctx.t("train.back"), at.title, at.title_size, style, weight="bold", align="center", color=ink))
    face.add(line(ctx.game.title, at.game, at.game_size, style, align="center", color=ink))
    return face


def back_of(game: Game, train: Train, ctx: Context, size: tuple[float, float], generic: Face) -> tuple[str, Face]:
    """The card's back: the train it turns into where it has one (18-XY's obsolete
    trains turn over into 12s), else the common back."""
    if not train.back:
        return "train-back", generic
    other = next((t for t in game.trains if t.name == train.back), None) or Train(name=train.back, count=0, price=0)
    return f"train-as-{other.name}", front(game, other, ctx, size, turned=True)


def build(game: Game, options: PrintOptions) -> Component:
    ctx = context(game, options)
    size = ctx.kind_size("train")
    generic = back(ctx, size)
    pieces = []
    for train in game.trains:
        back_key, back_face = back_of(game, train, ctx, size, generic)
        made = piece(f"train-{train.name}", size, front(game, train, ctx, size), back_face, ctx.bleed,
                     back_key=f"{back_key}-back")
        pieces += [made] * train.cards
    return component("trains", ctx.t("title.trains"), pieces, ctx, expected=sum(t.cards for t in game.trains))
