"""`pnp import 18xx.games --all` over the reference folder: every game imports without
a traceback; every `:production` game loads and builds the components that carry the
engine's counts (tiles, map, charters, trains) with exactly those counts, read here from
the engine's constants (through the tested Ruby reader, counted by this test, not by
the importer). Full kits of every production game are built by
benchmarks/engine_kits.py (too slow for the suite: about 10 s a game)."""

from __future__ import annotations

import pytest
import yaml

from conftest import REFERENCE

ENGINE = REFERENCE / "18xx.games"
GAMES_DIR = ENGINE / "lib" / "engine" / "game"


def production_folders() -> list[str]:
    """Games whose DEV_STAGE (their own or the game they include it from) is :production."""
    if not GAMES_DIR.is_dir():
        return ["(no reference folder)"]
    from pnp.importers.engine.games import Library

    return sorted(folder for folder, game in Library(ENGINE).games.items() if game.stage == "production")


@pytest.fixture(scope="module")
def everything(tmp_path_factory, reference):
    from pnp.importers.engine.all import import_all
    from pnp.importers.engine.games import Library

    out = tmp_path_factory.mktemp("engine")
    table = import_all(ENGINE, out)
    return out, table, Library(ENGINE)


def test_every_game_imports_and_the_table_lists_it(everything):
    out, table, library = everything
    rows = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| game")]
    assert len(rows) == len(library.games) > 100
    assert f"{len(library.games)} of {len(library.games)} games imported" in table
    assert (out / "index.md").read_text(encoding="utf-8") == table
    for game in library.games.values():
        assert any(f"| {game.stage} |" in row and game.title in row for row in rows)


def _engine_counts(game) -> dict[str, int]:
    """The engine's numbers, from its constants; where the game builds a constant in code
    (1825's units, 1888's map), from that code run for the default set-up, and a train's
    number from the game's own num_trains for each player count (the most is printed)."""
    from pnp.importers.engine.code import Env, Unknown, call
    from pnp.importers.engine.setup import own_method, set_up

    set_up(game)  # the constants the game's set-up code builds, where game.const finds them
    library = {}
    tiles = game.const("TILES") or {}
    config = game.source.modules["Engine::Config::Tile"]
    for const in config.constants.values():
        value = game.source.value(const)
        if isinstance(value, dict):
            library.update(value)
    limited = sum(v if isinstance(v, int) else v.get("count", 1) for k, v in tiles.items()
                  if (isinstance(v, int) and str(k) in library)
                  or (isinstance(v, dict) and isinstance(v.get("count", 1), int)))
    coords = set()
    for colour, group in (game.const("HEXES") or {}).items():
        if colour != "empty":
            for key in group:
                coords.update([key] if isinstance(key, str) else key)
    companies = len(game.const("CORPORATIONS") or []) + len(game.const("MINORS") or [])
    span = game.const("PLAYER_RANGE", [2, 6], meta=True)
    trains, unknown = 0, []
    for t in game.const("TRAINS") or []:
        if t.get("num") == "unlimited":
            continue
        try:
            if not own_method(game, "num_trains"):
                raise Unknown("", 0, "no num_trains of its own")
            counts = [call(game, "num_trains", Env(game, n), [t]) for n in range(span[0], span[1] + 1)]
            trains += max(counts)
        except Unknown:
            if isinstance(t.get("num"), int):
                trains += t["num"]
            else:
                unknown.append(str(t["name"]))
    return {"tiles": limited, "hexes": len(coords), "companies": companies, "trains": trains, "unknown": unknown}


@pytest.mark.parametrize("folder", production_folders())
def test_production_game_builds_with_the_engines_counts(everything, folder):
    from pnp.cli import print_options
    from pnp.components import charters, trains
    from pnp.components import map as map_component
    from pnp.components import tiles as tiles_component
    from pnp.importers.engine.all import folder_name
    from pnp.load import load_game

    out, _, library = everything
    engine = library.games[folder]
    expected = _engine_counts(engine)
    imported = out / folder_name(engine.title)
    report = (imported / "import-report.md").read_text(encoding="utf-8")
    game = load_game(imported)
    options = print_options(game, "a4", "default")

    tiles_yaml = yaml.safe_load((imported / "tiles.yaml").read_text(encoding="utf-8"))
    unlimited = sum((tiles_yaml.get("decisions") or {}).get("unlimited", {}).values())
    assert game.total_tiles() == expected["tiles"] + unlimited
    if game.manifest:
        built = tiles_component.build(game, options)
        assert built.pieces == built.expected == expected["tiles"] + unlimited
    else:
        assert "TILES" in report  # why there are none is reported

    off_grid = sum(line.count("`map.hexes (") for line in report.splitlines()
                   if line.startswith("- ") and "lies between the map's hex positions" in line)
    if expected["hexes"]:
        board = map_component.build(game, options)
        assert board.pieces == len(game.part("map").board().hexes) == expected["hexes"] - off_grid
    else:
        assert game.part("map") is None and "HEXES" in report

    assert len(game.companies) == expected["companies"]
    if game.companies:
        assert charters.build(game, options).pieces == expected["companies"]

    trains_yaml = yaml.safe_load((imported / "trains.yaml").read_text(encoding="utf-8")) \
        if (imported / "trains.yaml").exists() else {"trains": []}
    chosen = sum(t.get("printed", 0) for t in trains_yaml["trains"] if t["count"] == "unlimited")
    ours = (trains_yaml.get("decisions") or {}).get("counts", {})
    for name in expected["unknown"]:  # code the importer does not read: its documented choice, marked
        assert ours[name].startswith("our choice: one card per corporation")
        chosen += next(t["count"] for t in trains_yaml["trains"] if t["name"] == name)
    assert all(t["count"] == "unlimited" or t["count"] > 0 for t in trains_yaml["trains"])  # never 0 cards
    if game.trains:
        assert trains.build(game, options).pieces == expected["trains"] + chosen
    else:
        assert expected["trains"] == 0 and "TRAINS" in report
