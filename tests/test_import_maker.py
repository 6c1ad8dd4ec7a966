"""`pnp import 18xx-maker`: every game in ../shared/reference/18xx-maker/games/ becomes
a pnp game folder that loads and builds its map and tiles, with as many map hexes and
tile pieces as the source (counted here straight from the JSON, independently of the
importer), the facts spot-checked against the source, everything it could not convert
listed in import-report.md, and bad input refused with exit status 2."""

from __future__ import annotations

import json

import pytest

from conftest import REFERENCE, run

from pnp.draw.svgwriter import to_svg

MAKER = REFERENCE / "18xx-maker"
GAMES = sorted(p.stem for p in (MAKER / "games").glob("*.json")) if (MAKER / "games").is_dir() else []

# Facts read off the source files by hand: a company's colour as 18xx-maker prints it
# (its default palette, the publisher's, or the game's own `colors`), a train's price,
# and a market space (row, column, value, and the kind of space it is).
ROB_BLUE, ROB_GREEN, ROB_BROWN, ROB_BLACK, ROB_LIGHT_BLUE, ROB_BRIGHT_GREEN = (
    "#0a70b3", "#008f4f", "#881a1e", "#0a0a0a", "#37b2e2", "#7bb137")
FACTS = {
    "1858": {"company": ("A", ROB_BLUE), "train": ("2H", 100), "cell": (0, 4, 70, "par")},
    "1861": {"company": ("SW", "#c5892f"), "train": ("3", 225), "cell": (1, 5, 135, None)},
    "1867": {"company": ("CNR", "#006f45"), "train": ("4", 350), "cell": (0, 3, 50, "Minor Companies may start here")},
    "1883ExpressdOrient": {"company": ("CFR", "#012d81")},
    "1888": {},
    "18EB": {"company": ("ER", ROB_GREEN), "train": ("3", 140), "cell": (1, 6, 90, "par")},
    "18GJ": {"company": ("DSPP", ROB_BLUE)},
    "18LA": {"company": ("UP", "#727272"), "train": ("7/8", 900), "cell": (0, 4, 40, "par")},
    "18SJ": {"company": ("BJ", ROB_BROWN), "train": ("3", 180), "cell": (1, 6, 90, "par")},
    "18TE": {"company": ("KHS", "#772b7b"), "train": ("3", 200), "cell": (1, 7, 100, "par")},
    "18Test": {"company": ("BLRR", ROB_BLACK), "train": ("4D", 800), "cell": (1, 6, 90, "par")},
    "18TraXX2020": {"company": ("UP", ROB_LIGHT_BLUE), "train": ("3", 200), "cell": (1, 2, 90, "par")},
    "21Moon": {"company": ("MV", "#843c0b"), "train": ("4", 240), "cell": (1, 3, 90, "par")},
    "TheOldPrince1871": {"company": ("S", ROB_BRIGHT_GREEN), "train": ("3H", 100), "cell": (1, 1, 92, "par")},
}


# --- counting the source, independently of the importer ---------------------------------


def source_json(name: str) -> dict:
    return json.loads((MAKER / "games" / f"{name}.json").read_text(encoding="utf-8"))


def library_ids() -> set[str]:
    ids: set[str] = set()
    for path in (MAKER / "tiles").glob("*.json"):
        ids |= set(json.loads(path.read_text(encoding="utf-8")))
    return ids


def source_hexes(game: dict) -> tuple[int, int]:
    """Distinct coordinates of the (first) map: those on the doubled hex grid (the
    parity of letter + number most hexes share) and those between grid positions,
    which 18xx-maker may draw as borderless boxes of text (21Moon's "Rift"). A hex on
    the grid that is only labels with every side open (21Moon's "in Brown") is such a
    box too: it counts with the second."""
    board = game.get("map")
    if isinstance(board, list):
        board = board[0] if board else None
    hexes = (board or {}).get("hexes", [])
    boxes = {coord for h in hexes for coord in h.get("hexes", [])
             if set(h) <= {"color", "hexes", "labels", "removeBorders"} and h.get("labels")
             and len(set(h.get("removeBorders") or ())) == 6}
    coords = {coord for h in hexes for coord in h.get("hexes", [])}
    parities = []
    for coord in coords:
        letters = coord.rstrip("0123456789")
        index = 0
        for ch in letters:
            index = index * 26 + ord(ch) - ord("A") + 1
        parities.append((index + int(coord[len(letters):])) % 2)
    major = max(parities.count(0), parities.count(1))
    on_grid_boxes = sum(1 for coord, parity in zip(coords, parities)
                        if coord in boxes and parities.count(parity) == major)
    return major - on_grid_boxes, len(parities) - major + on_grid_boxes


def source_tile_pieces(game: dict, library: set[str]) -> int:
    """Pieces of every tile the source defines: a library tile by count, or a game
    tile by `quantity` (1 if not given; `print` for an unlimited tile). A tile that
    neither the game nor the library defines is none the source has."""
    total = 0
    for key, value in game["tiles"].items():
        if isinstance(value, int):
            defined = key in library or key.split("|")[0] in library
            total += value if defined else 0
        elif value.get("quantity") == "∞":
            total += value.get("print", 1)
        else:
            total += value.get("quantity", 1)
    return total


# --- one import per game, shared by the tests ---------------------------------------------


@pytest.fixture(scope="module")
def imported(tmp_path_factory, reference):
    from pnp.importers.maker_game import import_game

    root = tmp_path_factory.mktemp("maker")
    return {name: import_game(MAKER / "games" / f"{name}.json", root / name) for name in GAMES}


def options(game):
    from pnp.cli import print_options

    return print_options(game, "a4", "default")


@pytest.mark.parametrize("name", GAMES)
def test_every_game_builds_its_map_and_tiles_with_the_sources_counts(imported, name):
    from pnp.components import map as map_component
    from pnp.components import tiles as tiles_component
    from pnp.errors import PnpError
    from pnp.load import load_game

    source = source_json(name)
    game = load_game(imported[name].out)
    tiles = tiles_component.build(game, options(game))
    assert tiles.pieces == source_tile_pieces(source, library_ids()) == tiles.expected
    assert tiles.pages and all(to_svg(page).startswith("<svg") for page in tiles.pages)
    hexes, between = source_hexes(source)
    if hexes:
        board = map_component.build(game, options(game))
        assert board.pieces == hexes == len(game.part("map").board().hexes)
        assert board.pages
        assert len(game.part("map").decorations.labels) == between  # their text, as map labels
    else:
        with pytest.raises(PnpError, match="no map"):
            map_component.build(game, options(game))
        assert not (imported[name].out / "map.yaml").exists()


@pytest.mark.parametrize("name", GAMES)
def test_facts_survive_the_import(imported, name):
    from pnp.load import load_game

    facts = FACTS[name]
    game = load_game(imported[name].out)
    source = source_json(name)
    assert game.title == str(source["info"]["title"])
    assert {c.symbol for c in game.companies} == {c["abbrev"] for c in source.get("companies", [])}
    if "company" in facts:
        symbol, colour = facts["company"]
        assert game.company(symbol).color == colour
    if "train" in facts:
        train, price = facts["train"]
        assert price in [t.price for t in game.trains if t.name == train]
    if "cell" in facts:
        row, col, value, kind = facts["cell"]
        market = game.market
        cell = market.rows[row][col]
        assert cell.value == value
        if kind == "par":
            assert market.par_zone in cell.zones
            assert all(value in c.par for c in game.companies)
        elif kind:
            assert kind in [market.zones[z].legend for z in cell.zones]


def test_unconvertible_features_are_reported_by_place(imported):
    """What pnp prints elsewhere is reported by source entry as a decision naming the
    component (1858's round tracker and player table on the map), and the command line
    sums up what is lost; 1858's ports, gauges, stubs and second labels now print."""
    report = (imported["1858"].out / "import-report.md").read_text(encoding="utf-8")
    decisions = report.split("## Decisions", 1)[1]
    assert ("`map.roundTracker`: a round tracker printed on the map: pnp prints it as its own component, the round "
            "tracker of `pnp market`") in decisions
    assert "`map.players`: a player table printed on the map: pnp prints it as its own component" in decisions
    assert "icon 'port'" not in report and "gauge" not in report and "stub" not in report
    assert "| map | 127 hexes (the source has 127) |" in report
    assert imported["1858"].report.parts().get("map", 0) == 0
    assert imported["1858"].report.parts()["phases"] > 0  # its phases give no operating rounds


def test_1858_keeps_its_ports_gauges_and_private_marks(imported):
    from pnp.load import load_game

    game = load_game(imported["1858"].out)
    hexes = game.part("map").board(None).hexes
    assert any(i.name == "port" for i in hexes["A16"].face.icons)
    assert any(i.name == "CM&P" for i in hexes["E12"].face.icons)  # a private railway's mark, in a box
    gauges = {p.track for entry in game.manifest for p in entry.tile.paths}
    assert {"narrow", "dual", "standard"} <= gauges


def test_a_complete_game_reports_nothing_lost(imported):
    report = (imported["1888"].out / "import-report.md").read_text(encoding="utf-8")
    assert "Everything was converted." in report


def test_off_board_areas_pay_by_phase_and_track_runs_off_the_map(imported):
    from pnp.load import load_game

    board = load_game(imported["18Test"].out).part("map").board()
    montreal = board.hexes["A11"]
    assert (montreal.color, montreal.name) == ("red", "Montreal")
    stop = montreal.face.stops[0]
    assert stop.kind == "offboard" and dict(stop.revenue) == {"yellow": 30, "brown": 60}
    assert [p.terminal for p in montreal.face.paths] == [True]


def test_a_pointy_map_keeps_track_pointing_at_the_same_neighbours(imported):
    """18Test is pointy: 18xx-maker turns the flat drawing 90 degrees, pnp 30, so each
    side moves on one edge. A13's straight track must still join its neighbours in the
    row, A11 and A15 (in 18xx-maker side 1 is the west side of a pointy hex)."""
    from pnp.load import load_game

    board = load_game(imported["18Test"].out).part("map").board()
    ends = {board.neighbour("A13", e).coord for e in board.hexes["A13"].face.exits()}
    assert ends == {"A11", "A15"}
    # Montreal's arrow (side 4: east) points back at A13
    assert board.neighbour("A11", board.hexes["A11"].face.exits()[0]).coord == "A13"


def test_homes_come_from_company_marks_in_cities(imported):
    from pnp.load import load_game

    game = load_game(imported["18Test"].out)
    assert game.company("BLRR").home == "B12"
    assert game.part("map").board().hexes["B12"].name == "Boston"


def test_map_wide_water_lines_become_hex_sides_with_their_costs(imported):
    """1867 draws water as lines through hex corners (C13p2 to C13p3: corners 2 and 3
    of a flat hex are its upper left and upper right corners, so the top side, pnp edge
    3) and prints the cost of crossing on the side (M11, 180 degrees: the top side)."""
    from pnp.load import load_game

    board = load_game(imported["1867"].out).part("map").board()
    assert [(b.edge, b.type) for b in board.hexes["C13"].face.borders] == [(3, "water")]
    assert board.blocked("C11", 0) is False  # a water side, not an impassable one
    top = [b for b in board.hexes["M11"].face.borders if b.edge == 3]
    assert top and top[0].cost == 80


def test_the_tile_manifest_keeps_aliases_variants_and_unknowns_apart(imported):
    from pnp.load import load_game

    game = load_game(imported["18Test"].out)
    counts = {e.tile.id: e.count for e in game.manifest}
    assert counts["2"] == 2 and game.tiles["2"].cities()[0].revenue == 20  # printed like 57
    assert "26-T2" in counts
    assert "DB801" not in counts
    report = (imported["18Test"].out / "import-report.md").read_text(encoding="utf-8")
    decisions = report.split("## Decisions", 1)[1]
    assert "`tiles.DB801`: tile 'DB801' is neither defined by the game nor in 18xx-maker's tile library" in decisions


def test_imports_are_byte_identical(tmp_path, reference):
    from pnp.importers.maker_game import import_game

    source = MAKER / "games" / "18SJ.json"
    first, second = import_game(source, tmp_path / "a"), import_game(source, tmp_path / "b")
    names = sorted(p.name for p in first.out.iterdir())
    assert names == sorted(p.name for p in second.out.iterdir())
    assert all((first.out / n).read_bytes() == (second.out / n).read_bytes() for n in names)


def test_map_variants(tmp_path, reference):
    """A second map that copies the first, removes a hex and changes another becomes a
    variant: `pnp map --variant` prints it."""
    game = source_json("18Test")
    game["map"] = [game["map"], {"name": "Small board", "copy": 0, "remove": ["B16"],
                                 "hexes": [{"color": "yellow", "hexes": ["B14"]}]}]
    source = tmp_path / "games" / "variant.json"
    source.parent.mkdir()
    source.write_text(json.dumps(game), encoding="utf-8")
    result = run("import", "18xx-maker", source, "--out", tmp_path / "game", "--library", MAKER)
    assert result.exit_code == 0, result.output
    from pnp.load import load_game

    mapfile = load_game(tmp_path / "game").part("map")
    variant = mapfile.board("small-board")
    assert "B16" not in variant.hexes and variant.hexes["B14"].color == "yellow"
    assert len(variant.hexes) == len(mapfile.board().hexes) - 1
    result = run("map", tmp_path / "game", "--variant", "small-board", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output


def test_reimporting_a_mapless_game_removes_the_old_map(tmp_path, reference):
    out = tmp_path / "game"
    assert run("import", "18xx-maker", MAKER / "games" / "18Test.json", "--out", out).exit_code == 0
    assert (out / "map.yaml").exists()
    result = run("import", "18xx-maker", MAKER / "games" / "1888.json", "--out", out)
    assert result.exit_code == 0, result.output
    assert not (out / "map.yaml").exists() and not (out / "companies.yaml").exists()
    assert run("validate", out).exit_code == 0


def test_the_command_line_summarises_the_report(tmp_path, reference):
    result = run("import", "18xx-maker", MAKER / "games" / "18TE.json", "--out", tmp_path / "te")
    assert result.exit_code == 0, result.output
    assert "18TE: imported into" in result.output and "40 map hexes" in result.output
    assert "items not converted" in result.output and "import-report.md" in result.output


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON"),
    ('{"info": {"title": "X"}, "tiles": {"7": NaN}}', "not valid JSON"),
    ("[1, 2, 3]", "not an 18xx-maker game"),
    ('{"tiles": {"7": 1}}', "info.title is missing"),
    ('{"info": {"title": "X"}}', "lists no tiles"),
    ('{"info": {"title": "X"}, "tiles": [1]}', "tiles: expected a JSON object"),
])
def test_bad_input_exits_2_with_a_clear_message(tmp_path, content, message):
    source = tmp_path / "game.json"
    source.write_text(content, encoding="utf-8")
    result = run("import", "18xx-maker", source, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_missing_file_exits_2(tmp_path):
    result = run("import", "18xx-maker", tmp_path / "nope.json", "--out", tmp_path / "out")
    assert result.exit_code == 2 and "file not found" in result.output
