"""Games the engine sets up in code (1825's units, kits and regionals): the default
set-up is the kit (`setup.py`); every optional rule the game offers is set up the same
way and, where its map differs, becomes a map variant of map.yaml keyed by the rule
(`pnp map 1825 --variant unit-2`): the hexes it removes, adds or changes, and the tile
counts it changes (`manifest:`). Tiles only a variant uses are in tiles.yaml with count
0, marked with the variants that print them."""

from __future__ import annotations

from pnp.importers.engine.board import convert_board, convert_tiles
from pnp.importers.engine.code import Unknown
from pnp.importers.engine.games import EngineGame
from pnp.importers.engine.setup import SetUp, compute, players_for, start
from pnp.importers.maker_report import Report


def setup_note(setup: SetUp) -> str:
    rules = ", ".join(setup.rules) or "none"
    where = f" ({setup.rules_from})" if setup.rules_from else ""
    return (f"The engine sets this game up in code; this kit is its default set-up for {setup.players} players with "
            f"no optional rule chosen, which its init_optional_rules{where} turns into the rules: {rules}. Other "
            "optional rules that change the map are map variants (pnp map GAME --variant KEY).")


def report_setup(setup: SetUp, report: Report) -> None:
    report.note("set-up", setup_note(setup))
    for name, where in setup.methods.items():
        report.note(f"set-up.{name}", f"built by {where} for that set-up")
    for name, why in setup.failed.items():
        report.lost(f"set-up.{name}", f"not built: {why}")


def _rules(game: EngineGame) -> list[dict]:
    rules = game.const("OPTIONAL_RULES", [], meta=True) or []
    return [r for r in rules if isinstance(r, dict) and r.get("sym")]


def _by_coordinate(entries: list[dict]) -> dict[str, dict]:
    out = {}
    for entry in entries:
        for c in [entry["at"]] if isinstance(entry["at"], str) else entry["at"]:
            out[c] = {**entry, "at": c}
    return out


def _variant_env(game: EngineGame, setup: SetUp, rule: dict, others: list[str]):
    """The engine's set-up with this rule: on its own (at the most players it names), else
    added to the default rules, else with one other rule it needs (1825's Unit 4 needs
    Unit 3), alone or beside the default rules; None where the engine refuses them all."""
    players = rule.get("players")
    counts = [max(players)] if isinstance(players, list) and players and all(isinstance(n, int) for n in players) \
        else []
    sym = str(rule["sym"])
    tries = [([sym], players_for(game, n)) for n in counts]
    tries.append(([*setup.rules, sym], setup.players))
    for other in others:
        if other != sym and other not in setup.rules:
            tries += [([other, sym], setup.players), ([*setup.rules, other, sym], setup.players)]
    for rules, n in tries:
        try:
            env = start(game, rules, n)
        except Unknown:
            continue
        if set(env.rules) != set(setup.rules):
            return env
    return None


def rule_variants(game: EngineGame, setup: SetUp, board, tiles, library: dict, report: Report) -> dict:
    """map.yaml `variants:` for the optional rules that change the map or the tiles; tiles
    only a variant uses join `tiles` with count 0 (marked in `tiles.optional`)."""
    base = _by_coordinate(board.data["hexes"])
    out: dict[str, dict] = {}
    for rule in _rules(game):
        sym = str(rule["sym"])
        if sym in setup.rules:
            continue
        env = _variant_env(game, setup, rule, [str(r["sym"]) for r in _rules(game)])
        if env is None:
            report.note(f"map.variants.{sym}", "the engine's set-up refuses this rule here; no variant")
            continue
        values, _, failed = compute(game, env, ["HEXES", "TILES"] if "TILES" in setup.constants else ["HEXES"])
        if "HEXES" not in values:
            report.lost(f"map.variants.{sym}", f"its map could not be built: {failed.get('HEXES')}")
            continue
        saved = dict(game.computed)
        game.computed.update(values)
        try:
            other = convert_board(game, library, Report(""))
            other_tiles = convert_tiles(game, library, Report("")) if "TILES" in values else None
        finally:
            game.computed.clear()
            game.computed.update(saved)
        if other is None:
            continue
        if other.data["coordinates"] != board.data["coordinates"]:
            report.lost(f"map.variants.{sym}", "its map needs other coordinates than the kit's (a line before A, "
                                               f"{other.data['coordinates']}); no variant")
            continue
        hexes = _by_coordinate(other.data["hexes"])
        extra = sorted(set(env.rules) - {sym} - set(setup.rules))
        variant: dict = {"title": f"{rule.get('short_name') or sym} (optional rule {sym}"
                                  + (f", with {', '.join(extra)})" if extra else ")")}
        remove = [c for c in base if c not in hexes]
        changed = [e for c, e in hexes.items() if base.get(c) != e]
        manifest = _manifest_changes(tiles, other_tiles, sym) if other_tiles else {}
        if not remove and not changed and not manifest:
            continue
        if remove:
            variant["remove"] = remove
        if changed:
            variant["hexes"] = changed
        if manifest:
            variant["manifest"] = manifest
        rules = ", ".join(sorted(env.rules))
        variant["notes"] = (f"The engine's set-up for {env.players} players with the optional rule '{sym}' "
                            f"(rules: {rules}); {rule.get('desc') or ''}".rstrip("; ").strip())
        key = sym.replace("_", "-").lower()
        out[key] = variant
        report.note(f"map.variants.{key}", f"{variant['title']}: {len(remove)} hexes removed, {len(changed)} added or "
                                           f"changed, {len(manifest)} tile counts changed")
    return out


def _manifest_changes(tiles, other, sym: str) -> dict[str, int]:
    """Tile counts the variant changes; its tiles the kit lacks join it with count 0."""
    changes = {}
    known = {t["id"] for t in tiles.tiles}
    for tile in other.tiles:
        if tile["id"] not in known:
            tiles.tiles.append(tile)
            tiles.manifest[tile["id"]] = 0
            known.add(tile["id"])
    for tile_id in dict.fromkeys([*tiles.manifest, *other.manifest]):
        count = other.manifest.get(tile_id, 0)
        if count != tiles.manifest.get(tile_id, 0) or tile_id in tiles.optional and count:
            changes[tile_id] = count
            if not tiles.manifest.get(tile_id):
                tiles.optional.setdefault(tile_id, []).append(sym)
    return changes


__all__ = ["rule_variants", "report_setup", "setup_note"]
