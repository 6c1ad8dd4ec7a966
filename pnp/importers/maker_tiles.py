"""18xx-maker's tile library converted into pnp's standard tile library.

    python -m pnp.importers.maker_tiles --reference ../shared/reference/18xx-maker \
        --rails ../shared/reference/tiles/Tiles.xml --out data/tiles

reads `tiles/{yellow,green,brown,gray,other}.json` and writes `yellow.yaml`,
`green.yaml`, `brown.yaml`, `gray.yaml` and `maker-report.md`: what could not be
converted and why, and (given `--rails`) how the result compares with Rails' tiles.
`--check` writes nothing and fails if the files differ from a fresh conversion. The
output depends only on the input: same input, same bytes.

A tile is converted only when pnp can print everything it shows; otherwise it is left
out and the report says why. What pnp works out for itself (where values and labels
go, which track is drawn over which) is not carried over.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path


from pnp.errors import PnpError
from pnp.export.tileyaml import tile_yaml
from pnp.importers.maker_face import read_hex
from pnp.importers.rails_tiles import RailsTile, read_rails_tiles
from pnp.importers.tile_facts import face_facts, same_tile
from pnp.model.game import natural_key
from pnp.model.icons import canonical
from pnp.model.convert import Invalid, validate
from pnp.model.tile import TILE_COLOURS, Tile
from pnp.output import atomic_write

SOURCE_FILES = ("yellow", "green", "brown", "gray", "other")
REPORT = "maker-report.md"

# Two source entries share an id: the one of this colour keeps it. Rails' standard 132
# (tiles/Tiles.xml) is the green two-slot city; the brown entry is another game's tile.
PREFERRED_ON_DUPLICATE = {"132": "green"}

# Mistakes in the source, corrected before conversion: (id, list, index, key) -> value.
ERRATA = {
    ("919", "values", 1, "value"): (40, "its sibling OO tiles 916-920 pay 40 in both cities"),
}


@dataclass(frozen=True)
class Entry:
    source_id: str
    source_file: str
    data: dict


@dataclass
class Conversion:
    tiles: list[Tile] = field(default_factory=list)
    skipped: list[tuple[Entry, list[str]]] = field(default_factory=list)
    renamed: dict[str, str] = field(default_factory=dict)  # source id -> pnp id
    notes: list[str] = field(default_factory=list)  # decisions taken for single tiles


def _corrected(source_id: str, data: dict) -> dict:
    for (tile_id, key, index, field_), (value, _) in ERRATA.items():
        if tile_id == source_id:
            items = [dict(item) for item in data[key]]
            items[index][field_] = value
            data = {**data, key: items}
    return data


def read_entries(reference: Path) -> list[Entry]:
    """Every tile in the source files, in file order, with the errata applied."""
    folder = Path(reference) / "tiles"
    entries = []
    for name in SOURCE_FILES:
        path = folder / f"{name}.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise PnpError(f"{path}: not found (give --reference the 18xx-maker folder, holding tiles/)") from None
        except json.JSONDecodeError as exc:
            raise PnpError(f"{path}: not valid JSON ({exc.msg}, line {exc.lineno})") from None
        if not isinstance(data, dict):
            raise PnpError(f"{path}: expected an object of tiles by id")
        entries += [Entry(str(k), name, _corrected(str(k), v)) for k, v in data.items()]
    return entries


def library_id(source_id: str, taken: set[str]) -> str:
    """18xx-maker writes a variant as `base|extra` (`511|Y`, `202|A`). It becomes the
    plain number when no other tile holds it, else `base-extra`."""
    if "|" not in source_id:
        return source_id
    base, extra = source_id.split("|", 1)
    return base if base not in taken else f"{base}-{extra}"


# 18xx-maker's ground colours that are not a tile colour of their own in pnp
MAKER_GROUNDS = {"water": "blue", "offboard": "red", "none": "none"}
OTHER_FILE = "other"  # tiles of no phase colour (water, off-board, overlays): other.yaml


def tile_colours(colour) -> tuple[str, str | None] | None:
    """pnp's colour (and second colour) for 18xx-maker's: 'green/brown' is a tile of
    both phases, 'water' a blue tile, 'offboard' a red one, 'none' no ground."""
    if not isinstance(colour, str):
        return None
    parts = colour.split("/")
    mapped = [p if p in TILE_COLOURS else MAKER_GROUNDS.get(p) for p in parts]
    if len(parts) > 2 or None in mapped:
        return None
    return mapped[0], (mapped[1] if len(mapped) == 2 else None)


def convert_entry(entry: Entry, tile_id: str, notes: list[str] | None = None) -> tuple[Tile | None, list[str]]:
    colour = entry.data.get("color")
    colours = tile_colours(colour)
    problems = [] if colours else [f"colour '{colour}'"]
    result = read_hex(entry.data)
    problems += result.problems
    if problems:
        return None, problems
    if notes is not None:
        notes += [f"{tile_id}: {note}" for note in result.notes]
    fields = {"id": tile_id, "color": colours[0], **({"color2": colours[1]} if colours[1] else {}), **result.face}
    if tile_id != entry.source_id:
        fields["note"] = f"18xx-maker id {entry.source_id}"
    try:
        return validate(Tile, fields), []
    except Invalid as exc:
        return None, [f"not a valid pnp tile: {exc.message}"]


def convert_library(reference: Path) -> Conversion:
    entries = read_entries(reference)
    out = Conversion()
    by_id: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        by_id[entry.source_id].append(entry)
    plain = {e.source_id for e in entries if "|" not in e.source_id}
    ids: dict[str, str] = {}
    for entry in entries:
        if entry.source_id not in ids:
            tile_id = library_id(entry.source_id, plain | set(ids.values()))
            if tile_id != entry.source_id and tile_id in plain | set(ids.values()):
                raise PnpError(f"18xx-maker id {entry.source_id} would become {tile_id}, which is taken")
            ids[entry.source_id] = tile_id
    for entry in entries:
        tile_id = ids[entry.source_id]
        twins = by_id[entry.source_id]
        preferred = PREFERRED_ON_DUPLICATE.get(entry.source_id)
        if len(twins) > 1 and preferred != entry.data.get("color"):
            files = ", ".join(e.source_file for e in twins)
            kept = f"the {preferred} one is kept" if preferred else "none is kept"
            out.skipped.append((entry, [f"id {entry.source_id} is used {len(twins)} times ({files}); {kept}"]))
            continue
        tile, problems = convert_entry(entry, tile_id, out.notes)
        if tile is None:
            out.skipped.append((entry, problems))
            continue
        if tile_id != entry.source_id:
            out.renamed[entry.source_id] = tile_id
        out.tiles.append(tile)
    out.tiles.sort(key=lambda t: natural_key(t.id))
    return out


# --- output -------------------------------------------------------------------------


def tile_file(colour: str, tiles: list[Tile]) -> str:
    lines = [
        f"# Standard {colour} tiles, shared by every game. Format: data/README.md.",
        "# Converted from 18xx-maker's tile library by `python -m pnp.importers.maker_tiles`;",
        f"# do not edit by hand: rerun the converter. What it left out and why: {REPORT}.",
        "tiles:",
    ]
    lines += [tile_yaml(t) for t in tiles]
    return "\n".join(lines) + "\n"


def rails_differences(tiles: list[Tile], rails: dict[str, RailsTile]) -> tuple[int, list[str]]:
    """How many library tiles Rails also numbers, and a line for each one that differs."""
    shared = [t for t in tiles if t.id in rails]
    lines = []
    for tile in shared:
        theirs = rails[tile.id]
        ours = face_facts(tile)
        if theirs.colour == tile.color and same_tile(ours, theirs.facts):
            continue
        lines.append(f"- {tile.id}: ours {tile.color}, {_summary(ours)}; Rails {theirs.colour}, {_summary(theirs.facts)}")
    return len(shared), lines


def _summary(facts) -> str:
    stations = ", ".join(f"{kind}{f' x{slots}' if slots > 1 else ''} {revenue}" for kind, slots, revenue in facts.stations)
    exits = "".join(str(e) for e in sorted(facts.exits()))
    return f"{stations or 'no station'}, exits {exits or 'none'}"


def report(conversion: Conversion, rails: dict[str, RailsTile] | None = None) -> str:
    counts = {c: sum(1 for t in conversion.tiles if t.color == c) for c in TILE_COLOURS}
    counts["other colours"] = len(conversion.tiles) - sum(counts.values())
    counts["two-coloured"] = sum(1 for t in conversion.tiles if t.color2)
    total = len(conversion.tiles) + len(conversion.skipped)
    lines = [
        "# 18xx-maker tile library: conversion report",
        "",
        "Written by `python -m pnp.importers.maker_tiles` from 18xx-maker's `tiles/*.json`;",
        "do not edit by hand. The YAML files beside it hold the converted tiles.",
        "",
        f"**{len(conversion.tiles)} of {total} source tiles converted** "
        f"({', '.join(f'{c} {n}' for c, n in counts.items())}); {len(conversion.skipped)} left out.",
        "",
        "## How tiles are read",
        "",
        "- 18xx-maker side s (1-6, 1 at the bottom, clockwise) is pnp edge s - 1: both draw a",
        "  flat-topped hex and count clockwise from the bottom side.",
        "- Track is traced as drawn: the edges it reaches, the cities and towns it passes or",
        "  ends in; pieces meeting in the open join into one path (two pieces) or a junction",
        "  (three or more). A curve drawn merging into another track is one connection.",
        "- Each value goes to the nearest city or town; a single value serves all stations of",
        "  one kind. Off-centre stations keep their direction (edge or corner) as `at:`.",
        "- Not carried over, because pnp works it out: where values and labels are printed,",
        "  fonts, which track is drawn over which, print grouping and symmetry hints.",
        "- Gauges (narrow, dual; `line` as a thin line), icons, company marks in cities,",
        "  place names, coloured sides (all six alike: a frame) and stubs are carried over.",
        "- So are coloured track (rail and tie colours), bent track (bowing toward a side or",
        "  corner), hand-drawn track (its SVG path traced like any track; a hand-drawn water",
        "  line is a river, and pnp draws a bridge where track crosses it), track ending in the",
        "  open past a station (a spur), pass cities, boomtowns, tunnel entrances, shapes and",
        "  goods squares, 'x/y' values (both printed), a value printed by an icon (its bonus),",
        "  off-board revenue tables (revenue by named phase) and off-board arrows.",
        "- Ground colours: 'a/b' is a two-coloured tile (color a, color2 b); water is blue,",
        "  offboard red, none an overlay without ground; these three go to other.yaml.",
        "- A tile is left out when pnp cannot print everything it shows.",
        "",
    ]
    if conversion.renamed:
        lines += ["## Renamed variants", "",
                  "18xx-maker writes variants as `base|extra`; pnp ids cannot hold `|`.", ""]
        lines += [f"- `{src}` -> `{dst}`" for src, dst in sorted(conversion.renamed.items(),
                                                                   key=lambda kv: natural_key(kv[1]))]
        lines.append("")
    lines += ["## Decisions", ""]
    lines += [f"- Corrected: {tile_id} {key}[{index}].{field_} = {value}, because {why}."
              for (tile_id, key, index, field_), (value, why) in ERRATA.items()]
    lines += [f"- {note}." for note in conversion.notes]
    broken = [e for e, problems in conversion.skipped if any(p.startswith("marked broken") for p in problems)]
    if broken:
        readable = sum(1 for e in broken if convert_entry(
            Entry(e.source_id, e.source_file, {k: v for k, v in e.data.items() if k != "broken"}), e.source_id)[0])
        lines.append(f"- Marked broken in 18xx-maker: {len(broken)} tiles, left out. Read without the mark, "
                     f"{readable} of them convert, but the 15 halt tiles among them (741-745, 754, 755, 761, "
                     "782-785, 787-789, 1860's) come out wrong: the halt's £ is drawn as a free label, which "
                     "reads as the tile's label (a second £ next to the halt's own), and the real label (C, M) "
                     "then prints in a framed box. "
                     "The other five (71, 403, 601, 775, 802|3) were not checked one by one against a correct "
                     "print. All 20 stay out, as their authors mark them; 1860 defines its halt tiles itself "
                     "(from 18xx.games' codes) in data/games/1860.")
    lines += [f"- Id {tile_id} appears more than once; the {colour} one is kept." + (
              " Rails' standard 132 is the green two-slot city." if tile_id == "132" else "")
              for tile_id, colour in PREFERRED_ON_DUPLICATE.items()]
    unknown = defaultdict(list)
    for tile in conversion.tiles:
        for icon in tile.icons:
            if canonical(icon.name) is None:
                unknown[icon.name].append(tile.id)
    lines += [f"- Icon '{name}' (tiles {', '.join(sorted(set(ids), key=natural_key))}) has no picture in pnp: "
              "printed as its name in a framed box." for name, ids in sorted(unknown.items())]
    lines.append("")
    if rails is not None:
        shared, differing = rails_differences(conversion.tiles, rails)
        lines += ["## Compared with Rails' tile library", "",
                  f"{shared} converted tiles carry a number Rails' `Tiles.xml` also defines; "
                  f"{shared - len(differing)} agree with it (colour, stations, slots, revenue and track up to "
                  "rotation; track meeting at a junction counts as joining each pair of its ends).", ""]
        if differing:
            lines += ["These differ: the same number names different tiles in different games. The library",
                      "keeps 18xx-maker's; a game that needs Rails' version defines it among its own tiles",
                      "(a game's own tile wins over the library's).", ""] + differing + [""]
    by_reason: dict[str, list[str]] = defaultdict(list)
    for entry, problems in conversion.skipped:
        for problem in problems:
            by_reason[problem].append(entry.source_id)
    lines += ["## Left out, by reason", "",
              "A tile with several reasons is listed under each.", "",
              "| reason | tiles | ids |", "|---|---|---|"]
    for reason, ids in sorted(by_reason.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        listed = ", ".join(sorted(ids, key=natural_key))
        lines.append(f"| {reason.replace('|', chr(92) + '|')} | {len(ids)} | {listed.replace('|', chr(92) + '|')} |")
    return "\n".join(lines) + "\n"


def outputs(conversion: Conversion, rails: dict[str, RailsTile] | None = None) -> dict[str, str]:
    """File name -> text, for every file the converter writes."""
    files = {f"{c}.yaml": tile_file(c, [t for t in conversion.tiles if t.color == c]) for c in TILE_COLOURS}
    files[f"{OTHER_FILE}.yaml"] = tile_file("water, off-board and overlay", [t for t in conversion.tiles
                                                                          if t.color not in TILE_COLOURS])
    files[REPORT] = report(conversion, rails)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pnp.importers.maker_tiles", description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", required=True, type=Path, help="the 18xx-maker folder (holding tiles/)")
    parser.add_argument("--out", default=Path("data/tiles"), type=Path, help="where to write (default data/tiles)")
    parser.add_argument("--rails", type=Path, help="Rails' tiles/Tiles.xml, to compare with in the report")
    parser.add_argument("--check", action="store_true", help="write nothing; fail if the files differ")
    args = parser.parse_args(argv)
    try:
        conversion = convert_library(args.reference)
        rails = read_rails_tiles(args.rails) if args.rails else None
    except (PnpError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    stale = []
    for name, text in outputs(conversion, rails).items():
        path = args.out / name
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            atomic_write(path, text)
    print(f"{len(conversion.tiles)} tiles converted, {len(conversion.skipped)} left out (see {REPORT})")
    if stale:
        print(f"out of date: {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
