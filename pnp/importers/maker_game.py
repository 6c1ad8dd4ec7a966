"""`pnp import 18xx-maker GAME.json --out DIR`: an 18xx-maker game as a pnp game folder.

    game.yaml       title, designer, orientation, currency, bank and player counts
    tiles.yaml      the tile manifest and the game's own tiles (maker_manifest)
    map.yaml        hexes, variants, hex sides, homes (maker_map, maker_hex)
    companies.yaml  companies (maker_companies)     privates.yaml  privates
    trains.yaml     trains (maker_rules)            phases.yaml    phases
    market.yaml     the stock market and par values (maker_market)
    import-report.md  what could not be converted, where, and what was decided

The JSON is read with Python's json module (data only, nothing executed or fetched)
and must be an 18xx-maker game: an object with `info.title`. The files are written to
a staging folder, loaded back with pnp's own loader, and only then moved into DIR, so
an import that pnp could not load leaves DIR as it was. Same input, same bytes.
"""

from __future__ import annotations

import json
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml

from pnp.errors import DataError, PnpError
from pnp.importers.maker_check import MAX_COMPANIES, check_shapes
from pnp.export.tileyaml import chains, stop_dict, tile_yaml
from pnp.importers.maker_companies import Palette, convert_companies, convert_privates
from pnp.importers.maker_manifest import TilesResult, convert_tiles, maker_library
from pnp.importers.maker_map import convert_map, source_hex_count
from pnp.importers.maker_market import convert_market
from pnp.importers.maker_report import Report
from pnp.importers.maker_rules import convert_info, convert_phases, convert_trains, orientation, phase_names
from pnp.model.base import field_values
from pnp.model.convert import validate
from pnp.model.tile import TileFace
from pnp.output import atomic_write

MAX_BYTES = 20 * 1024 * 1024
GAME_FILES = ("game.yaml", "tiles.yaml", "map.yaml", "companies.yaml", "privates.yaml", "trains.yaml",
              "phases.yaml", "market.yaml")
REPORT = "import-report.md"


@dataclass(frozen=True)
class ImportResult:
    title: str
    out: Path
    files: tuple[str, ...]
    hexes: int
    tile_pieces: int
    report: Report


# --- reading -------------------------------------------------------------------------


def read_game_json(path: Path, max_companies: int = MAX_COMPANIES) -> dict:
    """The game file as data; PnpError for anything that is not an 18xx-maker game."""
    path = Path(path)
    if not path.exists():
        raise PnpError(f"{path}: file not found")
    if not path.is_file():
        raise PnpError(f"{path}: not a file (give the game's .json file)")
    if path.stat().st_size > MAX_BYTES:
        raise PnpError(f"{path}: {path.stat().st_size} bytes is too large for an 18xx-maker game file")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PnpError(f"{path}: not UTF-8 text ({exc.reason})") from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise PnpError(f"{path}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:
        raise PnpError(f"{path}: not valid JSON ({exc})") from None
    return check_game(path, data, max_companies)


def _no_constant(name: str):
    raise ValueError(f"'{name}' is not a JSON number")


def check_game(path: Path, data, max_companies: int = MAX_COMPANIES) -> dict:
    if not isinstance(data, dict):
        raise PnpError(f"{path}: not an 18xx-maker game (the file holds a JSON {type(data).__name__}, not an object)")
    info = data.get("info")
    if not isinstance(info, dict) or not isinstance(info.get("title"), (str, int)) or not str(info["title"]).strip():
        raise PnpError(f"{path}: not an 18xx-maker game: info.title is missing (an 18xx-maker game file starts "
                       "with \"info\": {\"title\": ...})")
    for key, kind in (("tiles", dict), ("companies", list), ("privates", list), ("trains", list), ("phases", list),
                      ("players", list), ("stock", dict)):
        if key in data and data[key] is not None and not isinstance(data[key], kind):
            raise PnpError(f"{path}: {key}: expected a JSON {'object' if kind is dict else 'array'}, "
                           f"found {type(data[key]).__name__}")
    if "map" in data and not isinstance(data["map"], (dict, list, type(None))):
        raise PnpError(f"{path}: map: expected a JSON object or array")
    check_shapes(path, data, max_companies)
    if not data.get("tiles"):
        raise PnpError(f"{path}: the game lists no tiles; pnp needs a tile manifest")
    return data


# --- converting ------------------------------------------------------------------------


def with_own_colours(game: dict) -> dict:
    """The game with its own colour names (`colors: {mainline: "#98ff98"}`) written out
    where its hexes and tiles colour track, shapes and goods, so they print in them."""
    from pnp.importers.maker_drawn import own_colours

    return own_colours(game)


def convert(game: dict, source: Path, *, tiles_folder: Path | None = None) -> tuple[dict[str, str], ImportResult]:
    """File name -> text for the game folder, and what the import did. `tiles_folder`
    holds 18xx-maker's `tiles/*.json` (default: beside the game file's folder)."""
    from pnp.load import tile_library

    report = Report(source.name)
    game = with_own_colours(game)
    pointy = orientation(game) == "pointy"
    info = convert_info(game, report, source.name)
    palette = Palette(game, report)
    phases = phase_names(game)
    symbols = {str(c.get("abbrev") or c.get("name")) for c in game.get("companies") or () if isinstance(c, dict)}
    board = convert_map(game, report, pointy=pointy, phases=phases, companies=symbols, palette=palette)
    if board and board.colors:
        info["colors"] = {**(info.get("colors") or {}), **board.colors}
    market, par = convert_market(game, report, palette)
    trains = convert_trains(game, report)
    train_names = [t["name"] for t in trains["trains"]] if trains else []
    library = tile_library()
    folder = tiles_folder if tiles_folder is not None else source.resolve().parent.parent
    logos = find_logos(game, tiles_folder) if tiles_folder is not None else {}
    tiles = convert_tiles(game, report, library=library, maker_tiles=maker_library(folder), pointy=pointy,
                          palette=palette)
    if tiles.paint.grounds:
        info["colors"] = {**(info.get("colors") or {}), **tiles.paint.grounds}
    parts = {
        "game.yaml": info,
        "map.yaml": board.data if board else None,
        "companies.yaml": convert_companies(game, report, palette, board.homes if board else {}, par,
                                            {name: dest for name, (dest, _) in logos.items()}),
        "privates.yaml": convert_privates(game, report, palette),
        "trains.yaml": trains,
        "phases.yaml": convert_phases(game, report, train_names),
        "market.yaml": market,
    }
    files: dict[str, str | bytes] = {"tiles.yaml": tiles_text(tiles, source.name)}
    files.update({dest: file.read_bytes() for dest, file in logos.values()})
    files.update({name: document(name, data, source.name) for name, data in parts.items() if data})
    _counts(report, game, board, tiles, parts)
    title = str(game["info"]["title"])
    files[REPORT] = report.markdown(title)
    result = ImportResult(title, Path(), tuple(sorted(files)), board.hexes if board else 0, tiles.pieces, report)
    return files, result


def _counts(report: Report, game: dict, board, tiles: TilesResult, parts: dict) -> None:
    source_hexes = source_hex_count(game)
    labels = len(board.data.get("decorations", {}).get("labels", ())) if board else 0
    between = f"; {labels} between grid positions print as map labels" if labels else ""
    report.counts["map"] = (f"{board.hexes} hexes (the source has {source_hexes}{between})" if board
                            else "no map in the source")
    report.counts["tiles"] = (f"{tiles.pieces} tiles, {len(tiles.manifest)} kinds, {len(tiles.own)} of them the "
                              "game's own")
    for name, key in (("companies.yaml", "companies"), ("privates.yaml", "privates"), ("trains.yaml", "trains"),
                      ("phases.yaml", "phases")):
        data = parts[name]
        report.counts[key] = f"{len(data[key])}" if data else "none in the source"
    market = parts["market.yaml"]
    report.counts["market"] = (f"{market['kind']}, {sum(1 for r in market['rows'] for c in r if c != '')} spaces"
                               if market else "none in the source")


# --- writing ---------------------------------------------------------------------------


def header(name: str, source: str) -> str:
    return (f"# {name}: imported from 18xx-maker's {source} by `pnp import 18xx-maker`.\n"
            f"# Format: data/README.md. What could not be converted: {REPORT}.\n")


def document(name: str, data: dict, source: str) -> str:
    if name == "map.yaml":
        return header(name, source) + map_text(data)
    return header(name, source) + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None)


def tiles_text(tiles: TilesResult, source: str) -> str:
    lines = [header("tiles.yaml", source).rstrip("\n"), "manifest:"]
    lines += [f"  {json.dumps(k, ensure_ascii=False)}: {n}" for k, n in tiles.manifest.items()]
    if tiles.own:
        lines.append("tiles:")
        lines += [tile_yaml(t) for t in tiles.own]
    return "\n".join(lines) + "\n"


def map_text(data: dict) -> str:
    """map.yaml with one hex per line, as the bundled maps are written."""
    rest = {k: v for k, v in data.items() if k not in ("hexes", "variants")}
    text = yaml.safe_dump(rest, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None)
    text += "hexes:\n" + "".join(f"  - {flow(compact(h))}\n" for h in data["hexes"])
    if data.get("variants"):
        text += "variants:\n"
        for key, variant in data["variants"].items():
            text += f"  {json.dumps(key)}:\n"
            for field, value in variant.items():
                if field == "hexes":
                    text += "    hexes:\n" + "".join(f"      - {flow(compact(h))}\n" for h in value)
                else:
                    text += f"    {field}: {flow(value)}\n"
    return text


def compact(entry: dict) -> dict:
    """A hex entry with its face written as pnp writes faces by hand: stops in their
    short form and track as chains ([0, s0, 3])."""
    face_keys = ("stops", "paths", "label", "terrain", "borders")
    face = validate(TileFace, {k: v for k, v in entry.items() if k in face_keys})
    out = {k: v for k, v in entry.items() if k not in face_keys}
    if face.stops:
        out["stops"] = [stop_dict(s) for s in face.stops]
    if face.paths:
        out["track"] = chains(face)
    if face.label:
        out["label"] = face.label
    if face.terrain:
        out["terrain"] = {"cost": face.terrain.cost, "type": "|".join(face.terrain.type)}
    if face.borders:
        out["borders"] = [{k: v for k, v in field_values(b).items() if v is not None} for b in face.borders]
    return out


def flow(value) -> str:
    """A value in YAML flow style on one line (JSON's form, which YAML reads as is)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, str) and _plain(value):
        return value
    return json.dumps(value, ensure_ascii=False)


def _key(key) -> str:
    text = str(key)
    return text if _plain(text) else json.dumps(text, ensure_ascii=False)


PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
YAML_WORDS = {"on", "off", "yes", "no", "y", "n", "true", "false", "null"}


def _plain(text: str) -> bool:
    """Text YAML reads back as the same string without quotes."""
    return bool(PLAIN.match(text)) and text.lower() not in YAML_WORDS


LOGO_FOLDERS = ("logos", "src/data/logos", "../logos")  # where a checkout keeps logos, from --library


def find_logos(game: dict, library: Path) -> dict[str, tuple[str, Path]]:
    """18xx-maker logo name ("1867/CNR") -> (file in the game folder, source file), for
    each company logo found in the user's 18xx-maker checkout."""
    out = {}
    for company in game.get("companies") or ():
        name = company.get("logo") if isinstance(company, dict) else None
        if not isinstance(name, str) or not name or ".." in name.split("/"):
            continue
        for folder in LOGO_FOLDERS:
            found = next((Path(library) / folder / f"{name}{ext}" for ext in (".svg", ".png")
                          if (Path(library) / folder / f"{name}{ext}").is_file()), None)
            if found is not None:
                out[name] = (f"logos/{name.replace('/', '-')}{found.suffix}", found)
                break
    return out


def write_game(files: dict[str, str | bytes], out: Path, source: Path | None = None) -> None:
    """Stage, load back with pnp's loader, then move into `out`. Files of ours that this
    import does not write (a map.yaml left from an earlier import) are removed."""
    from pnp.load import load_game

    out = Path(out)
    if out.exists() and not out.is_dir():
        raise PnpError(f"--out {out}: not a folder")
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".pnp-import-", dir=out.parent) as staging:
        stage = Path(staging) / "game"
        stage.mkdir()
        for name, text in files.items():
            (stage / name).parent.mkdir(parents=True, exist_ok=True)
            if isinstance(text, bytes):
                (stage / name).write_bytes(text)
            else:
                (stage / name).write_text(text, encoding="utf-8")
        try:
            load_game(stage)
        except PnpError as exc:
            where = f"{source}: " if source else ""
            found = (f"in the converted {Path(exc.file).name}{f' (line {exc.line})' if exc.line else ''}: "
                     f"{exc.field}: {exc.problem}" if isinstance(exc, DataError) else str(exc).replace(str(stage), ""))
            raise PnpError(f"{where}a value taken from the source is not valid in pnp, {found}") from None
        out.mkdir(exist_ok=True)
        for name, text in files.items():
            atomic_write(out / name, text)
    for name in GAME_FILES:
        if name not in files and (out / name).is_file():
            (out / name).unlink()


def import_game(source: Path, out: Path, *, tiles_folder: Path | None = None,
                max_companies: int = MAX_COMPANIES) -> ImportResult:
    source = Path(source)
    game = read_game_json(source, max_companies)
    if tiles_folder is not None and not (Path(tiles_folder) / "tiles").is_dir():
        raise PnpError(f"--library {tiles_folder}: no tiles/ folder in it (give 18xx-maker's folder that holds tiles/)")
    try:
        files, result = convert(game, source, tiles_folder=tiles_folder)
    except (TypeError, KeyError, ValueError, AttributeError, IndexError, OverflowError) as exc:
        # data of a shape the checks above did not foresee: say which file, never a traceback
        raise PnpError(f"{source}: data of an unexpected shape that the importer cannot read "
                       f"({type(exc).__name__}: {str(exc)[:80]})") from None
    write_game(files, out, source)
    return ImportResult(result.title, Path(out), result.files, result.hexes, result.tile_pieces, result.report)


__all__ = ["import_game", "read_game_json", "convert", "write_game", "ImportResult", "REPORT"]
