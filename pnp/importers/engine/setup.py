"""Constants a game does not write down but sets up in code (1825 builds its map, tiles,
companies, trains, phases and market from units chosen by its optional rules; 1862
writes its trains inside `game_trains`). Where a constant is missing or not a literal and
the game itself defines the method the engine builds it with (`game_tiles` for TILES...),
that method is run through `code.py` for the engine's default set-up: DEFAULT_PLAYERS
players (within the game's range) and no optional rule chosen, as a new game on
18xx.games starts, with whatever the game's own `init_optional_rules` adds for that
player count (1825: Unit 1 for 4 or 5 players). The certificate limit, starting cash and
bank follow from the game's own `init_cert_limit`, `init_starting_cash` and `bank_cash`
when it has them. What was chosen, and by which method, is in the report."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.importers.engine.code import Bank, Env, Players, Unknown, call, find_methods
from pnp.importers.engine.games import EngineGame

DEFAULT_PLAYERS = 4
METHODS = {"TILES": "game_tiles", "HEXES": "game_hexes", "COMPANIES": "game_companies",
           "CORPORATIONS": "game_corporations", "MINORS": "game_minors", "PHASES": "game_phases",
           "MARKET": "game_market", "TRAINS": "game_trains", "LOCATION_NAMES": "game_location_names"}


@dataclass
class SetUp:
    players: int
    rules: tuple[str, ...] = ()
    rules_from: str | None = None  # where the default rules come from (file:line)
    constants: dict[str, object] = field(default_factory=dict)
    methods: dict[str, str] = field(default_factory=dict)  # constant -> method file:line
    failed: dict[str, str] = field(default_factory=dict)  # constant -> why the method could not be read
    ivars: dict = field(default_factory=dict)


def own_method(game: EngineGame, name: str) -> str | None:
    """`file:line` of the game's own definition of `name` (not base.rb's), or None."""
    for _, module, start, _ in find_methods(game, name):
        if module.name.startswith("Engine::Game::Base"):
            return None
        return f"{game.relative(module.file)}:{game.source.texts[module.file].count(chr(10), 0, start) + 1}"
    return None


def players_for(game: EngineGame, wanted: int = DEFAULT_PLAYERS) -> int:
    span = game.const("PLAYER_RANGE", [2, 6], meta=True)
    if isinstance(span, list) and len(span) == 2 and all(isinstance(n, int) for n in span):
        return min(max(wanted, span[0]), span[1])
    return wanted


def start(game: EngineGame, rules: list[str], players: int) -> Env:
    """An Env after the game's own `init_optional_rules(rules)` (Unknown if it cannot be read)."""
    env = Env(game, players, frozenset(rules))
    if own_method(game, "init_optional_rules"):
        chosen = call(game, "init_optional_rules", env, [list(rules)])
        if isinstance(chosen, list):
            env.rules = frozenset(str(r) for r in chosen)
    return env


def compute(game: EngineGame, env: Env, names) -> tuple[dict, dict, dict]:
    """The named constants by their methods under `env`: (values, where, why not)."""
    values, where, failed = {}, {}, {}
    for name in names:
        method = builder(game, name)
        at = own_method(game, method)
        try:
            value = call(game, method, Env(game, env.players, env.rules, dict(env.ivars)))
        except Unknown as exc:
            failed[name] = f"`{method}` ({at}): {exc}"
            continue
        if name == "TRAINS" and isinstance(value, list):  # the engine lists trains the set-up has none of as num 0
            value = [t for t in value if not (isinstance(t, dict) and t.get("num") == 0)]
        values[name] = value
        where[name] = f"`{method}` ({at})"
    return values, where, failed


def builder(game: EngineGame, name: str) -> str:
    """The method that builds the constant: `optional_hexes` (base.rb's calls `game_hexes`)
    where the game has its own (1893's map), else the `game_...` one."""
    if name == "HEXES" and own_method(game, "optional_hexes"):
        return "optional_hexes"
    return METHODS[name]


def needed(game: EngineGame) -> list[str]:
    """Constants missing or not literals whose method the game itself defines."""
    out = []
    for name in METHODS:
        if own_method(game, builder(game, name)) and not _literal(game, name):
            out.append(name)
    return out


def _literal(game: EngineGame, name: str) -> bool:
    return game.defines(name) is not None and game.const(name) is not None


def set_up(game: EngineGame) -> SetUp | None:
    """The default set-up's computed constants, put where `game.const` finds them."""
    names = needed(game)
    if not names:
        return None
    players = players_for(game)
    result = SetUp(players)
    try:
        env = start(game, [], players)
        result.rules = tuple(sorted(env.rules))
        result.rules_from = own_method(game, "init_optional_rules")
    except Unknown as exc:
        env = Env(game, players)
        result.failed["optional rules"] = f"`init_optional_rules`: {exc}"
    result.ivars = dict(env.ivars)
    result.constants, result.methods, failed = compute(game, env, names)
    result.failed.update(failed)
    if result.constants:
        _per_player(game, env, result)
    game.computed.update(result.constants)
    return result


def _per_player(game: EngineGame, env: Env, result: SetUp) -> None:
    """CERT_LIMIT, STARTING_CASH and BANK_CASH from the game's own methods, by player count."""
    span = game.const("PLAYER_RANGE", [2, 6], meta=True)
    counts = range(span[0], span[1] + 1) if isinstance(span, list) and len(span) == 2 else range(2, 7)
    limits, cash = {}, {}
    for n in counts:
        try:
            here = start(game, list(result.rules), n)  # the same set-up; a count it does not allow raises
        except Unknown:
            continue
        for const, method, out in (("CERT_LIMIT", "init_cert_limit", limits),
                                   ("STARTING_CASH", "init_starting_cash", cash)):
            if not own_method(game, method):
                continue
            try:
                bank = Bank()
                value = call(game, method, Env(game, n, here.rules, dict(here.ivars)),
                             [Players(n), bank] if const == "STARTING_CASH" else [])
            except Unknown:
                continue
            if const == "STARTING_CASH":
                value = bank.paid[0] if bank.paid and len(set(bank.paid)) == 1 else None
            if isinstance(value, int) and not isinstance(value, bool):
                out[n] = value
    for const, values, method in (("CERT_LIMIT", limits, "init_cert_limit"),
                                  ("STARTING_CASH", cash, "init_starting_cash")):
        if values:
            result.constants[const] = values
            result.methods[const] = f"`{method}` ({own_method(game, method)}) for each player count"
    if own_method(game, "bank_cash"):
        try:
            bank = call(game, "bank_cash", Env(game, env.players, env.rules, dict(env.ivars)))
        except Unknown:
            return
        if isinstance(bank, int) and bank > 0:
            result.constants["BANK_CASH"] = bank
            result.methods["BANK_CASH"] = f"`bank_cash` ({own_method(game, 'bank_cash')}) before the players are paid"


__all__ = ["set_up", "SetUp", "start", "compute", "own_method", "players_for", "DEFAULT_PLAYERS", "METHODS"]
