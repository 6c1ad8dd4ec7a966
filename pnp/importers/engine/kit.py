"""`pnp import 18xx.games ROOT --game TITLE --out DIR`: one engine game as a pnp game
folder (game.yaml, tiles.yaml, map.yaml, companies.yaml, privates.yaml, trains.yaml,
phases.yaml, market.yaml) with import-report.md. Written through the 18xx-maker
importer's staging writer: loaded back with pnp's loader before it replaces DIR.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from pnp.errors import PnpError
from pnp.importers.engine.board import UNLIMITED_TILES_DEFAULT, convert_board, convert_tiles
from pnp.importers.engine.entities import convert_companies, convert_privates
from pnp.importers.engine.fit import fit_privates
from pnp.importers.engine.games import EngineGame, Library
from pnp.importers.engine.optional import mark_optional_tiles
from pnp.importers.engine.setup import set_up
from pnp.importers.engine.units import report_setup, rule_variants, setup_note
from pnp.importers.engine.variants import hex_variants
from pnp.importers.engine.rules import (UNLIMITED_TRAINS_DEFAULT, convert_info, convert_market, convert_phases,
                                        convert_trains, last_train_limit)
from pnp.importers.maker_game import flow, write_game
from pnp.importers.maker_report import Report

REPORT = "import-report.md"
NO_TILES = ("the engine's TILES could not be read (computed by code, or kept in a file this folder does not have); "
            "see import-report.md")
# Methods of a game class that compute tiles or hexes (optional rules, variants) in code.
CODE_METHODS = ("optional_tiles", "optional_hexes", "game_tiles", "game_hexes", "num_trains", "game_companies",
                "game_corporations", "game_minors", "game_trains", "game_phases", "game_market")
_DEF = re.compile(r"^[ \t]*def\s+(" + "|".join(CODE_METHODS) + r")\b", re.MULTILINE)


class EngineReport(Report):
    """The import report, with what only code computes (file and line) and the
    engine's numbers the kit is counted against."""

    def __init__(self, game: EngineGame):
        super().__init__(game.folder)
        self.game = game
        self.computed: list[tuple[str, int, str]] = []
        self.numbers: dict[str, int] = {}

    def markdown(self, title: str) -> str:
        text = super().markdown(title)
        text = text.replace(f"Converted from `{self.source}` (an 18xx-maker game) by `pnp import 18xx-maker`.",
                            f"Converted from the 18xx.games engine's `lib/engine/game/{self.source}/` (stage "
                            f"{self.game.stage}) by `pnp import 18xx.games`.")
        lines = ["## The engine's numbers", "", "What the kit is counted against (`pnp build` writes the printed "
                 "pieces in its index.md).", "", "| what | engine | printed |", "|---|---:|---:|"]
        lines += [f"| {k} | {v[0]} | {v[1]} |" for k, v in self.numbers.items()]
        lines += ["", "## Computed by code, or not in these files", ""]
        if self.computed:
            lines += ["Values the engine works out in Ruby code, which the importer does not guess: what they hold "
                      "is not in the kit unless said otherwise above.", ""]
            lines += [f"- `{f}:{n}`: {t}" for f, n, t in self.computed]
        else:
            lines.append("Nothing the importer needed is computed by code.")
        return text.rstrip("\n") + "\n\n" + "\n".join(lines) + "\n"


@dataclass
class Result:
    title: str
    folder: str
    stage: str
    files: dict[str, str]
    report: EngineReport
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)  # what -> (engine, printed)


def convert(library: Library, game: EngineGame) -> Result:
    report = EngineReport(game)
    tile_library = library.tile_library()
    setup = set_up(game)
    if setup:
        report_setup(setup, report)
    info = convert_info(game, report)
    if setup and setup.constants:
        info["notes"] += " " + setup_note(setup)
    board = convert_board(game, tile_library, report)
    tiles = convert_tiles(game, tile_library, report)
    mark_optional_tiles(game, tiles, report)
    if board and setup and "HEXES" in setup.constants:
        variants = rule_variants(game, setup, board, tiles, tile_library, report)
        if variants:
            board.data["variants"] = variants
    elif board:
        variants = hex_variants(game, board.data, tile_library, board.renamed, report)
        if variants:
            board.data["variants"] = variants
    cities = {}
    for entry in board.data["hexes"] if board else ():
        for c in [entry["at"]] if isinstance(entry["at"], str) else entry["at"]:
            cities[c] = sum(1 for part in entry.get("code", "").split(";") if part.split("=")[0] == "city")
    companies, corporations, minors = convert_companies(game, report, cities,
                                                        board.renamed if board else {})
    privates = convert_privates(game, report)
    phases_probe = convert_phases(game, Report(""), [])  # the last train limit, before the trains exist
    trains = convert_trains(game, report, corporations + minors, last_train_limit(phases_probe))
    names = [t["name"] for t in trains["trains"]] if trains else []
    phases = convert_phases(game, report, names)
    market = convert_market(game, report)
    info, board_data, companies, privates, trains, phases, market = printable_text(
        (info, board.data if board else None, companies, privates, trains, phases, market), report)
    if board:
        board.data = board_data
    tiles.tiles = printable_text(tiles.tiles, report, "tiles")
    files = {"game.yaml": document("game.yaml", info, game),
             "tiles.yaml": tiles_text(tiles, game)}
    for name, data in (("map.yaml", board.data if board else None), ("companies.yaml", companies),
                       ("privates.yaml", privates), ("trains.yaml", trains), ("phases.yaml", phases),
                       ("market.yaml", market)):
        if data:
            files[name] = map_text(data, game) if name == "map.yaml" else document(name, data, game)
    ours = {k for k, v in ((trains or {}).get("decisions", {}).get("counts", {})).items() if v.startswith("our choice")}
    engine_trains = sum(t["count"] for t in trains["trains"] if isinstance(t["count"], int)
                        and t["name"] not in ours) if trains else 0
    printed_trains = sum(t.get("printed", 0) if t["count"] == "unlimited" else t["count"]
                         for t in trains["trains"]) if trains else 0
    counts = {
        "tiles": (tiles.source_pieces, tiles.pieces),
        "map hexes": (board.source_hexes if board else 0, board.hexes if board else 0),
        "corporations": (corporations, corporations),
        "minors": (minors, minors),
        "privates": (len(privates["privates"]) if privates else 0,) * 2,
        "trains": (engine_trains, printed_trains),
    }
    report.numbers = dict(counts)
    report.counts.update({
        "map": f"{counts['map hexes'][1]} hexes ({board.data['coordinates']['orientation']}, letters name "
               f"{board.data['coordinates']['letters']})" if board else "none",
        "tiles": f"{tiles.pieces} tiles, {len(tiles.manifest)} kinds",
        "companies": f"{corporations} corporations, {minors} minors",
        "privates": str(counts["privates"][1]),
        "trains": f"{len(trains['trains']) if trains else 0} kinds, {printed_trains} cards",
        "phases": str(len(phases["phases"]) if phases else 0),
        "market": f"{market['kind']}, {sum(1 for r in market['rows'] for c in r if c != '')} spaces"
                  if market else "none",
    })
    if tiles.unlimited:
        report.numbers["tiles"] = (f"{tiles.source_pieces} + {len(tiles.unlimited)} unlimited", tiles.pieces)
    _code_methods(library, game, report, bool(board and board.data.get("variants")),
                  {m.split("`")[1] for m in setup.methods.values()} if setup else set())
    for problem in game.problems + game.missing_modules():
        report.computed.append((problem.file, problem.line, problem.text))
    fit_privates(files, report, lambda data: document("privates.yaml", data, game))
    files[REPORT] = report.markdown(game.title)
    return Result(game.title, game.folder, game.stage, files, report, counts)


def printable_text(value, report: EngineReport, where: str = "text"):
    """Every string with the characters pnp's fonts cannot print left out (1889's
    designer's name in kanji), each named in the report."""
    from pnp.glyphs import unprintable

    if isinstance(value, str):
        if unprintable(value) is None:
            return value
        kept = "".join(ch for ch in value if unprintable(ch) is None)
        kept = re.sub(r"\(\s*\)", "", kept).strip() or "?"
        report.lost(where, f"'{value}': {unprintable(value)}; printed '{kept}'")
        return type(value)(kept) if not isinstance(value, str) or type(value) is str else kept
    if isinstance(value, dict):
        return {k: printable_text(v, report, where) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        out = [printable_text(v, report, where) for v in value]
        return tuple(out) if isinstance(value, tuple) else out
    return value


def _code_methods(library: Library, game: EngineGame, report: EngineReport, variants: bool,
                  ran: set[str]) -> None:
    """Methods of the game (and its parents) that compute tiles, hexes or trains."""
    seen = set()
    for module in library.source.ancestors(game.game_class) if game.game_class else ():
        if module.name.startswith("Engine::Game::Base") or module.file in seen:
            continue
        seen.add(module.file)
        text = library.source.texts.get(module.file, "")
        for match in _DEF.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            method = match.group(1)
            if method in ran:
                what = "run for the engine's default set-up, and for each optional rule's map variant; see Decisions"
            elif method == "num_trains":
                what = "read for the trains it numbers; trains.yaml's decisions say which and how"
            elif method in ("optional_hexes", "game_hexes") and variants:
                what = "picks hexes by rule or player count; the constants it names are imported as map variants"
            else:
                what = "tiles, hexes or trains under optional rules or variants are worked out here; not imported"
            report.computed.append((game.relative(module.file), line, f"`{method}` ({what})"))


def header(name: str, game: EngineGame) -> str:
    return (f"# {name}: imported from the 18xx.games engine ({game.folder}) by `pnp import 18xx.games`.\n"
            f"# Format: data/README.md. What could not be converted: {REPORT}.\n")


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):
    """Writes a repeated list out again rather than as a YAML alias (&id001)."""

    def ignore_aliases(self, data):
        return True


def document(name: str, data: dict, game: EngineGame) -> str:
    return header(name, game) + yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100,
                                          default_flow_style=None)


def tiles_text(tiles, game: EngineGame) -> str:
    lines = [header("tiles.yaml", game).rstrip("\n"),
             f"# An unlimited tile prints as many copies as the most numerous limited tile of its colour "
             f"({UNLIMITED_TILES_DEFAULT} where there is none); marked 'unlimited' below.", "manifest:"]
    for tile_id, n in tiles.manifest.items():
        mark = "  # unlimited in the game" if tile_id in tiles.unlimited else ""
        if tile_id in tiles.optional:
            mark += f"  # optional: {'; '.join(tiles.optional[tile_id])}"
        lines.append(f"  {json.dumps(tile_id, ensure_ascii=False)}: {n}{mark}")
    if not tiles.manifest:
        lines[-1] = "manifest: {}"
    if tiles.tiles:
        lines.append("tiles:")
        lines += [f"  - {flow(t)}" for t in tiles.tiles]
    if tiles.unlimited or not tiles.manifest or tiles.optional:
        lines.append("decisions:")
    if tiles.unlimited:
        lines.append(f"  unlimited: {flow({k: v for k, v in tiles.unlimited.items()})}")
    if tiles.optional:
        lines.append(f"  optional: {flow({k: '; '.join(v) for k, v in tiles.optional.items()})}")
    if not tiles.manifest:
        lines.append(f"  no_tiles: {json.dumps(NO_TILES)}")
    return "\n".join(lines) + "\n"


def map_text(data: dict, game: EngineGame) -> str:
    text = header("map.yaml", game)
    rest = {k: v for k, v in data.items() if k != "hexes"}
    text += yaml.dump(rest, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None)
    text += "hexes:\n" + "".join(f"  - {flow(h)}\n" for h in data["hexes"])
    return text


def write(result: Result, out: Path) -> None:
    """Write the game folder; a map whose optional variants pnp refuses is written
    without them (and the report says why) rather than not at all."""
    try:
        write_game(result.files, Path(out))
        return
    except PnpError as exc:
        board = yaml.safe_load(result.files.get("map.yaml", "")) or {}
        if not board.get("variants"):
            raise
        problem = str(exc)
    board.pop("variants")
    game = result.report.game
    result.files["map.yaml"] = map_text(board, game)
    result.report.lost("map.variants", f"the optional-rule map variants are left out: pnp refuses them ({problem})")
    result.files[REPORT] = result.report.markdown(game.title)
    write_game(result.files, Path(out))


def import_game(root: Path, title: str, out: Path, library: Library | None = None) -> Result:
    library = library or Library(Path(root))
    game = library.find(title)
    result = convert(library, game)
    write(result, Path(out))
    return result


__all__ = ["import_game", "convert", "write", "Result", "REPORT", "UNLIMITED_TRAINS_DEFAULT"]
