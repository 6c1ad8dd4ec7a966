"""Tiles that belong to an optional rule: `TILES` holds them, and the game's own
`optional_tiles` takes them out again when a rule is on (1860's 2nd-edition tiles with
the 2-3 player map) or off (1889's beginner tiles, 1893's grey-phase tiles). Each line
of that method (and of a method it calls) that names a constant listing tile ids
(`776-2`: one copy of 776), or `start_with?('Beg')`, is read with the condition that
guards it (`return unless option_23p_map?`, `... unless beginner_game?`); the predicate
is run through `code.py` to find the optional rule it tests. The tiles stay in the kit,
as their TILES count says, and are marked in tiles.yaml (`decisions.optional` and a
comment on the manifest line) and in the report."""

from __future__ import annotations

import re
from collections import Counter

from pnp.importers.engine.code import Env, Unknown, call
from pnp.importers.engine.games import EngineGame
from pnp.importers.engine.setup import own_method, players_for
from pnp.importers.maker_report import Report

_GUARD = re.compile(r"^\s*return\s+(if|unless)\s+(.+?)\s*$")
_MODIFIER = re.compile(r"\s(if|unless)\s+([^{}]+?)\s*$")
_CONST = re.compile(r"\b([A-Z][A-Z0-9_]*[A-Z0-9])\b")
_PREFIX = re.compile(r"start_with\?\(\s*'([^']+)'\s*\)")
_CALL = re.compile(r"^\s*([a-z_][a-z0-9_]*[?!]?)\b")


def _body(game: EngineGame, name: str) -> list[str] | None:
    where = own_method(game, name)
    if where is None:
        return None
    file, line = where.rsplit(":", 1)
    text = game.source.texts[game.source.root / file].split("\n")
    start = int(line) - 1
    indent = len(text[start]) - len(text[start].lstrip())
    out = []
    for row in text[start + 1:]:
        if row.strip() == "end" and len(row) - len(row.lstrip()) == indent:
            break
        out.append(row)
    return out


def _rule_of(game: EngineGame, predicate: str) -> tuple[str, str] | None:
    """The optional rules (syms, names) a predicate such as `beginner_game?` tests."""
    predicate = predicate.strip().removeprefix("!")
    if not re.fullmatch(r"[a-z_][a-z0-9_]*[?]?", predicate):
        return None
    players = players_for(game)
    rules = game.const("OPTIONAL_RULES", [], meta=True) or []
    try:
        if call(game, predicate, Env(game, players)) not in (None, False):
            return None
        found = [(str(rule["sym"]), str(rule.get("short_name") or rule["sym"])) for rule in rules
                 if isinstance(rule, dict) and rule.get("sym")
                 and call(game, predicate, Env(game, players, frozenset([str(rule["sym"])]))) not in (None, False)]
    except Unknown:
        return None
    if not found:
        return None
    return ", ".join(s for s, _ in found), "' or '".join(n for _, n in found)


def _tiles_named(game: EngineGame, line: str, manifest: dict) -> Counter:
    named: Counter = Counter()
    for const in _CONST.findall(line):
        value = game.const(const)
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            for instance in value:
                tile = re.sub(r"-\d+$", "", instance)
                if tile in manifest:
                    named[tile] += 1
    for prefix in _PREFIX.findall(line):
        for tile, count in manifest.items():
            if tile.startswith(prefix):
                named[tile] += count
    return named


def mark_optional_tiles(game: EngineGame, tiles, report: Report) -> None:
    body = _body(game, "optional_tiles")
    if body is None:
        return
    where = own_method(game, "optional_tiles")
    guard = None
    for row in body:
        if match := _GUARD.match(row):
            guard = (match.group(1) == "if", match.group(2))  # (removed when the predicate is false, predicate)
            continue
        cond = None
        if match := _MODIFIER.search(row):
            cond = (match.group(1) == "unless", match.group(2))  # removed when the predicate is false?
        elif guard:
            cond = (guard[0], guard[1])
        if cond is None:
            continue
        named = _tiles_named(game, row, tiles.manifest)
        if not named and (called := _CALL.match(row)) and own_method(game, called.group(1)):
            for inner in _body(game, called.group(1)) or ():
                named += _tiles_named(game, inner, tiles.manifest)
        rule = _rule_of(game, cond[1])
        if not named:
            continue
        negated = cond[1].strip().startswith("!")
        only_with = cond[0] != negated  # removed while the rule is off: the tiles are the rule's
        name = f"'{rule[1]}' ({rule[0]})" if rule else f"`{cond[1].strip()}`"
        for tile, n in named.items():
            total = tiles.manifest.get(tile, 0)
            copies = "" if n >= total else f" ({n} of {total})"
            text = f"only with the optional rule {name}{copies}" if only_with \
                else f"left out with the optional rule {name}{copies}"
            tiles.optional.setdefault(tile, []).append(text)
            report.note(f"tiles.{tile}", f"{text}: `optional_tiles` ({where}); printed, marked in tiles.yaml")


__all__ = ["mark_optional_tiles"]
