"""How many cards a train gets when the engine's `num_trains(train)` decides, not the
train's `num:`. The game's own `num_trains` is read with `code.call` for every player
count of `PLAYER_RANGE` and no optional rule: the kit prints the most any player count
uses (the card says how many each count uses), and each optional rule that changes the
number is named on the card. Where the method is code this reader does not know and the
train has no `num:`, the kit prints one card per corporation (at least 1, at most
UNKNOWN_MAX): our choice, marked in trains.yaml's `decisions` and in the report."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.importers.engine.code import Env, Unknown, call, find_methods
from pnp.importers.engine.games import EngineGame

UNKNOWN_MAX = 20


@dataclass
class Count:
    cards: int
    notes: list[str]
    decision: str | None  # why this number, when it is not the train's literal `num:`


def _own_method(game: EngineGame) -> bool:
    return any(not module.name.startswith("Engine::Game::Base") for _, module, _, _ in find_methods(game, "num_trains"))


def _players(game: EngineGame) -> list[int]:
    span = game.const("PLAYER_RANGE", [2, 6], meta=True)
    if isinstance(span, list) and len(span) == 2 and all(isinstance(n, int) for n in span) and span[0] <= span[1]:
        return list(range(max(span[0], 1), span[1] + 1))
    return [2, 3, 4, 5, 6]


def _rules(game: EngineGame) -> list[tuple[str, str]]:
    rules = game.const("OPTIONAL_RULES", [], meta=True) or []
    return [(str(r["sym"]), str(r.get("short_name") or r["sym"])) for r in rules
            if isinstance(r, dict) and r.get("sym")]


def _count(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def train_counts(game: EngineGame, trains: list[dict], corporations: int) -> dict[int, Count]:
    """Train index -> its count, for the trains whose number code decides."""
    own = _own_method(game)
    out: dict[int, Count] = {}
    players = _players(game)
    for i, train in enumerate(trains):
        if not isinstance(train, dict) or train.get("num") == "unlimited":
            continue
        literal = _count(train.get("num"))
        if not own and literal is not None:
            continue
        where = ""
        try:
            if not own:
                raise Unknown("", 0, "the game has no num_trains and the train no num")
            by_players = {}
            for n in players:
                value = _count(call(game, "num_trains", Env(game, n), [train]))
                if value is None:
                    raise Unknown("", 0, f"num_trains gives no number for {n} players")
                by_players[n] = value
            _, module, start, _ = find_methods(game, "num_trains")[0]
            where = f"{game.relative(module.file)}:{game.source.texts[module.file].count(chr(10), 0, start) + 1}"
        except Unknown as exc:
            if literal is not None:
                continue
            cards = min(max(corporations, 1), UNKNOWN_MAX)
            out[i] = Count(cards, [], f"our choice: one card per corporation ({cards}); the engine's num_trains is "
                                      f"code this importer does not read ({exc})")
            continue
        cards = max(by_players.values())
        notes = []
        if len(set(by_players.values())) > 1:
            notes.append(f"Cards for {'/'.join(map(str, by_players))} players: "
                         f"{'/'.join(map(str, by_players.values()))}.")
        top = players[-1]
        for sym, name in _rules(game):
            try:
                value = _count(call(game, "num_trains", Env(game, top, frozenset([sym])), [train]))
            except Unknown:
                continue
            if value is not None and value != by_players[top]:
                notes.append(f"{value} with the optional rule '{name}'.")
        if cards == literal and not notes:
            continue
        out[i] = Count(cards, notes, f"num_trains in {where}: " + (
            ", ".join(f"{n} players {c}" for n, c in by_players.items()) if len(set(by_players.values())) > 1
            else f"{cards}") + "; the most any player count uses is printed")
    return out


__all__ = ["train_counts", "Count", "UNKNOWN_MAX"]
