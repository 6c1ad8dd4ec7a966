"""Map variants for optional rules: the engine's `optional_hexes` (or `game_hexes`)
methods pick hexes out of constants by code; the constants themselves are literals.
Each constant such a method names becomes part of a map variant in `map.yaml`, titled
with the constants and the method's file and line, so that `pnp map GAME --variant KEY`
prints it: a list of coordinates is removed, a hash of coordinates (by colour or not)
to codes is added, a whole `HEXES`-like hash replaces the map. Constants are grouped into
variants by their names (`TWO_PLAYER_REMOVE` with `TWO_PLAYER_ADD`). Which rule picks
which variant is code, so the title says where to read it."""

from __future__ import annotations

import re

from pnp.importers.engine.board import HEX_COLOURS
from pnp.importers.engine.codes import printable
from pnp.importers.engine.games import EngineGame
from pnp.importers.maker_report import Report

_METHOD = re.compile(r"^([ \t]*)def\s+(optional_hexes|game_hexes)\b.*?$(.*?)^\1end\b", re.MULTILINE | re.DOTALL)
_CONST = re.compile(r"\b([A-Z][A-Z0-9_]*[A-Z0-9])\b")
_PARTS = re.compile(r"_?(HEXES_TO_REMOVE|REMOVE_HEXES|ADD_HEXES|REMOVE|ADD|HEXES)_?")


def hex_variants(game: EngineGame, board: dict, library: dict, renamed: dict, report: Report) -> dict:
    """`variants:` for map.yaml (key -> variant), from the game's hex-choosing methods."""
    base = {c for e in board["hexes"] for c in ([e["at"]] if isinstance(e["at"], str) else e["at"])}
    names = game.const("LOCATION_NAMES", {}) or {}
    names = names if isinstance(names, dict) else {}
    variants: dict[str, dict] = {}
    for file, line, body in _methods(game):
        for name in dict.fromkeys(_CONST.findall(body)):
            if name == "HEXES":
                continue
            value = game.const(name)
            key = _PARTS.sub("-", name).strip("-").lower().replace("_", "-") or name.lower()
            where = f"{file}:{line}"
            if isinstance(value, list) and value and all(isinstance(c, str) for c in value):
                variant = variants.setdefault(key, _new(key, where))
                variant["sources"].append(name)
                gone = [renamed.get(c, c) for c in value]
                variant["remove"] += [c for c in gone if c in base and c not in variant["remove"]]
            elif isinstance(value, dict) and value:
                hexes = _hexes(value, library, names, renamed, report, f"variants.{key}")
                if hexes is None:
                    continue
                variant = variants.setdefault(key, _new(key, where))
                variant["sources"].append(name)
                if name.startswith("HEXES_") or name.endswith("_HEXES") and _is_by_colour(value):
                    whole = {c for e in hexes for c in ([e["at"]] if isinstance(e["at"], str) else e["at"])}
                    variant["remove"] += sorted(c for c in base - whole if c not in variant["remove"])
                variant["hexes"] += hexes
    out = {}
    for key, variant in variants.items():
        unique = {}
        for entry in variant["hexes"]:  # a coordinate added twice: the last one counts
            unique[entry["at"]] = entry
        variant["hexes"] = list(unique.values())
        if not variant["remove"] and not variant["hexes"]:
            continue
        entry = {"title": f"Optional map: {', '.join(variant['sources'])} ({variant['where']})"}
        if variant["remove"]:
            entry["remove"] = variant["remove"]
        if variant["hexes"]:
            entry["hexes"] = variant["hexes"]
        entry["notes"] = ("Imported from constants the engine's code picks under an optional rule or for a "
                          f"player count; read {variant['where']} for which.")
        out[key] = entry
        report.note(f"map.variants.{key}", f"{entry['title']}: {len(variant['remove'])} hexes removed, "
                                           f"{len(variant['hexes'])} entries added or replaced")
    return out


def _new(key: str, where: str) -> dict:
    return {"key": key, "where": where, "sources": [], "remove": [], "hexes": []}


def _methods(game: EngineGame):
    seen = set()
    for module in game.source.ancestors(game.game_class) if game.game_class else ():
        if module.name == "Engine::Game::Base" or module.file in seen:
            continue
        seen.add(module.file)
        text = game.source.texts.get(module.file, "")
        for match in _METHOD.finditer(text):
            yield game.relative(module.file), text.count("\n", 0, match.start()) + 1, match.group(3)


def _is_by_colour(value: dict) -> bool:
    return all(isinstance(k, str) and k in HEX_COLOURS and isinstance(v, dict) for k, v in value.items())


def _hexes(value: dict, library: dict, names: dict, renamed: dict, report: Report, where: str) -> list | None:
    groups = value.items() if _is_by_colour(value) else [("white", value)]
    out = []
    for colour, group in groups:
        printed = HEX_COLOURS.get(str(colour), "white")
        for coords, code in group.items():
            coords = [coords] if isinstance(coords, str) else list(coords)
            if not coords or not all(isinstance(c, str) for c in coords) or not isinstance(code, str):
                return None  # not a hash of hexes
            if code in library and code not in ("", "blank"):
                code = library[code][1]
            kept, lost = printable(code)
            for part in lost:
                report.lost(f"{where} ({', '.join(coords)})", f"`{part}`")
            for c in coords:
                entry: dict = {"at": renamed.get(c, c)}
                if printed != "white":
                    entry["color"] = printed
                if isinstance(names.get(c), str):
                    entry["name"] = names[c]
                if kept:
                    entry["code"] = kept
                out.append(entry)
    return out


__all__ = ["hex_variants"]
