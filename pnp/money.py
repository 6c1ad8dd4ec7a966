"""The bank's money as the game's data describes it: each currency's printed symbol,
the amounts the game asks to be paid in it, and those its notes cannot pay exactly.
Pure functions over the model; nothing here draws."""

from __future__ import annotations

from math import gcd

from pnp.model.game import Game
from pnp.model.rules import Currency

PLAYERS = ("players", "everyone")  # who pays share prices, par, privates; holds the starting money
COMPANIES = ("companies", "everyone")  # who pays for trains, stations and terrain


def symbol(game: Game, currency: Currency) -> str:
    """The symbol printed with a value: the currency's own, else the game's company
    currency for companies' money, else the game's currency."""
    if currency.symbol:
        return currency.symbol
    if currency.used_by == "companies" and game.info.rules.company_currency:
        return game.info.rules.company_currency
    return game.info.currency


def amounts(game: Game, currency: Currency) -> dict[str, set[int]]:
    """What the game's data prices in this currency, by where it comes from."""
    out: dict[str, set[int]] = {}

    def add(source: str, values) -> None:
        found = {v for v in values if isinstance(v, int) and not isinstance(v, bool) and v > 0}
        if found:
            out.setdefault(source, set()).update(found)

    if currency.used_by in PLAYERS:
        add("share prices", (c.value for c in game.market.cells()) if game.market else ())
        add("par values", (p for c in game.companies for p in c.par))
        add("private values", (p.value for p in game.privates))
        add("private revenues", (p.revenue for p in game.privates))
        add("starting money", (r.cash for r in game.info.rules.players.values()))
    if currency.used_by in COMPANIES:
        add("train prices", (t.price for t in game.trains))
        add("station costs", (cost for c in game.companies for cost in c.tokens))
        add("station costs", (c.token_set_price for c in game.companies if c.token_set_price))
        add("terrain costs", game.info.rules.terrain_costs.values())
        add("terrain costs", _map_costs(game))
    return out


def _map_costs(game: Game) -> list[int]:
    map_file = game.part("map")
    if map_file is None:
        return []
    costs = []
    # each hex's entry as the board keeps it (a coordinate's last), read without building
    # the board (every hex's face and place): only the costs its faces print are needed
    printed = {c: e for e in map_file.hexes for c in e.at}
    for e in printed.values():
        if e.terrain:
            costs.append(e.terrain.cost)
        costs.extend(b.cost for b in e.borders if b.cost)
    return costs


def smallest_step(currency: Currency) -> int:
    """The smallest amount the notes can make up in any quantity: their common divisor."""
    step = 0
    for d in currency.denominations:
        if d.count:
            step = gcd(step, d.value)
    return step


def unpayable(game: Game, currency: Currency) -> dict[str, list[int]]:
    """Amounts the game prices in this currency that its notes cannot pay exactly."""
    step = smallest_step(currency)
    out = {}
    for source, values in amounts(game, currency).items():
        bad = sorted(v for v in values if step == 0 or v % step)
        if bad:
            out[source] = bad
    return out


def money(amount: int | str, currency: str) -> str:
    """'£300' for a symbol currency, '300 CC' for a written one; a currency written
    with '#' puts the amount there ('#c' -> '300c')."""
    if isinstance(amount, str):
        return amount
    if "#" in currency:
        return currency.replace("#", str(amount), 1)
    if len(currency) <= 1 or not currency.isalpha():
        return f"{currency}{amount}"
    return f"{amount} {currency}"
