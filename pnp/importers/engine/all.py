"""`pnp import 18xx.games ROOT --all --out DIR`: every game into DIR/<title>/, and a
table (game, stage, tiles, hexes, corporations, trains, items not converted) printed
and written as DIR/index.md. A game that cannot be imported is a row saying why."""

from __future__ import annotations

import re
from pathlib import Path

from pnp.errors import PnpError
from pnp.importers.engine.games import Library
from pnp.importers.engine.kit import convert, write
from pnp.output import atomic_write

STAGES = ("production", "beta", "alpha", "prealpha")


def folder_name(title: str) -> str:
    """A title as a folder name: `18Chesapeake` stays, `Shikoku 1889` -> `Shikoku_1889`."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", title).strip("_") or "game"


def import_all(root: Path, out: Path) -> str:
    library = Library(root)
    out = Path(out)
    rows = []
    used: set[str] = set()
    for game in sorted(library.games.values(), key=lambda g: (_stage_order(g.stage), g.title.lower())):
        name = folder_name(game.title)
        if name.lower() in used:
            name = folder_name(game.folder)
        used.add(name.lower())
        try:
            result = convert(library, game)
            write(result, out / name)
        except PnpError as exc:
            rows.append((game.title, game.stage, "-", "-", "-", "-", f"not imported: {exc}", None))
            continue
        c = result.counts
        lost = len(result.report.lost_items) + len(result.report.computed)
        rows.append((game.title, game.stage, _pair(c["tiles"]), _pair(c["map hexes"]), str(c["corporations"][1]),
                     _pair(c["trains"]), str(lost), name))
    lines = ["# Games imported from the 18xx.games engine", "",
             f"From `{root}` by `pnp import 18xx.games --all`. Counts are what the kit prints, with the engine's "
             "number in brackets where it differs: unlimited tiles and trains have no number in the engine and print "
             "as many as the rules in the README say. 'not converted' counts the items in each game's "
             "import-report.md (parts not printed and values computed by code).", "",
             "| game | stage | tiles | hexes | corporations | train cards | not converted |",
             "|---|---|---:|---:|---:|---:|---|"]
    for title, stage, tiles, hexes, corps, trains, lost, name in rows:
        cell = f"[{title}]({name}/import-report.md)" if name else title
        lines.append(f"| {cell} | {stage} | {tiles} | {hexes} | {corps} | {trains} | {lost.replace('|', '/')} |")
    imported = sum(1 for r in rows if r[-1])
    lines += ["", f"{imported} of {len(rows)} games imported."]
    text = "\n".join(lines) + "\n"
    out.mkdir(parents=True, exist_ok=True)
    atomic_write(out / "index.md", text)
    return text


def _pair(pair) -> str:
    engine, printed = pair
    return str(printed) if engine == printed else f"{printed} ({engine})"


def _stage_order(stage: str) -> int:
    return STAGES.index(stage) if stage in STAGES else len(STAGES)


__all__ = ["import_all", "folder_name"]
