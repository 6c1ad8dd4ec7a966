"""`pnp import 18xx.games ROOT --game TITLE --out DIR`: which game a title names, the
facts of 1830 as the engine keeps them (checked against its files by hand), what the
report says, same bytes on a second import, and user mistakes exiting 2."""

from __future__ import annotations

import pytest
import yaml

from conftest import REFERENCE, run

ENGINE = REFERENCE / "18xx.games"


def _load(folder, name):
    return yaml.safe_load((folder / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("title", ["g_1889", "1889", "Shikoku 1889", "SHIKOKU 1889", "G1889"])
def test_a_game_is_named_by_folder_title_or_display_title(tmp_path, reference, title):
    result = run("import", "18xx.games", ENGINE, "--game", title, "--out", tmp_path / "g")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("1889 (g_1889, production): imported into")
    assert _load(tmp_path / "g", "game.yaml")["title"] == "1889"


def test_an_unknown_title_exits_2_naming_the_closest(tmp_path, reference):
    result = run("import", "18xx.games", ENGINE, "--game", "18chesapeak", "--out", tmp_path / "g")
    assert result.exit_code == 2
    assert "no such game" in result.output and "18Chesapeake" in result.output
    assert not (tmp_path / "g").exists()


@pytest.mark.parametrize("args, message", [
    ([], "either --game TITLE or --all"),
    (["--game", "1830", "--all"], "either --game TITLE or --all"),
])
def test_game_or_all_is_required(tmp_path, reference, args, message):
    result = run("import", "18xx.games", ENGINE, *args, "--out", tmp_path / "g")
    assert result.exit_code == 2 and message in result.output


def test_a_folder_that_is_no_clone_exits_2(tmp_path):
    result = run("import", "18xx.games", tmp_path, "--game", "1830", "--out", tmp_path / "g")
    assert result.exit_code == 2 and "clone of the 18xx.games repository" in result.output
    assert "Traceback" not in result.output


@pytest.fixture(scope="module")
def g1830(tmp_path_factory, reference):
    out = tmp_path_factory.mktemp("g1830") / "1830"
    result = run("import", "18xx.games", ENGINE, "--game", "1830", "--out", out)
    assert result.exit_code == 0, result.output
    return out


def test_1830_map_as_the_engine_keeps_it(g1830):
    board = _load(g1830, "map.yaml")
    assert board["coordinates"] == {"orientation": "pointy", "letters": "rows"}
    hexes = {}
    for entry in board["hexes"]:
        for at in [entry["at"]] if isinstance(entry["at"], str) else entry["at"]:
            hexes[at] = entry
    assert len(hexes) == 93
    chicago = hexes["F2"]
    assert chicago["color"] == "red" and chicago["name"] == "Chicago"
    assert chicago["code"].startswith("offboard=revenue:yellow_40|brown_70;path=a:3,b:_0")
    assert hexes["G19"]["name"] == "New York & Newark" and "label=NY" in hexes["G19"]["code"]
    assert hexes["G19"]["color"] == "yellow"
    assert "color" not in hexes["F4"] and hexes["F4"]["code"] == "city=revenue:0;upgrade=cost:80,terrain:water"


def test_1830_tiles_companies_trains_and_market(g1830):
    tiles = _load(g1830, "tiles.yaml")
    assert sum(tiles["manifest"].values()) == 85 and tiles["manifest"]["57"] == 4
    own = {t["id"]: t for t in tiles["tiles"]}
    assert own["57"] == {"id": "57", "color": "yellow", "code": "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3"}
    companies = {c["symbol"]: c for c in _load(g1830, "companies.yaml")["companies"]}
    assert len(companies) == 8
    assert companies["PRR"]["home"] == "H12" and companies["PRR"]["tokens"] == [0, 40, 100, 100]
    assert companies["PRR"]["float_percent"] == 60 and companies["PRR"]["color"] == "#32763f"
    assert companies["NYC"]["color"] == "#474548"  # written :'#474548' in the engine
    privates = {p["symbol"]: p for p in _load(g1830, "privates.yaml")["privates"]}
    assert (privates["BO"]["value"], privates["BO"]["revenue"]) == (220, 30)
    trains = {t["name"]: t for t in _load(g1830, "trains.yaml")["trains"]}
    assert trains["2"] == {"name": "2", "count": 6, "price": 80, "rusts_on": "4"}
    assert trains["D"]["count"] == "unlimited" and trains["D"]["printed"] == 16  # train limit 2 x 8 corporations
    market = _load(g1830, "market.yaml")
    assert market["kind"] == "grid" and len(market["rows"]) == 11 and market["rows"][0][6] == "100p"
    assert market["par_zone"] == "p" and market["zones"]["o"]["legend"] == "Corporation shares can be held above 60%"
    game = _load(g1830, "game.yaml")
    assert game["rules"]["players"][4] == {"cash": 600, "certificate_limit": 16}
    assert game["rules"]["bank"] == 12000 and game["currency"] == "$"
    assert "Optional extra 6-Train" in game["notes"]


def test_what_code_computes_is_reported_with_file_and_line(g1830):
    report = (g1830 / "import-report.md").read_text(encoding="utf-8")
    line = next(n for n, text in enumerate((ENGINE / "lib/engine/game/g_1830/game.rb").read_text().splitlines(), 1)
                if "def num_trains" in text)
    assert f"`lib/engine/game/g_1830/game.rb:{line}`: `num_trains`" in report
    # num_trains is read: `return train[:num] unless train[:name] == '6'` / `optional_6_train ? 3 : 2`
    trains = _load(g1830, "trains.yaml")
    six = next(t for t in trains["trains"] if t["name"] == "6")
    assert six["count"] == 2 and "3 with the optional rule 'Optional extra 6-Train'" in six["notes"]
    assert f"game.rb:{line}" in trains["decisions"]["counts"]["6"]
    assert "`trains[4] (6)`: 2 cards: num_trains in" in report


def test_parts_pnp_cannot_print_are_reported_by_hex(tmp_path, reference):
    """Whatever pnp's notation cannot read yet (1858's icons and gauges, today) is named
    in the report as the engine writes it; the rest of the code is kept."""
    import re

    run("import", "18xx.games", ENGINE, "--game", "1858", "--out", tmp_path / "g")
    report = (tmp_path / "g" / "import-report.md").read_text(encoding="utf-8")
    source = (ENGINE / "lib/engine/game/g_1858/map.rb").read_text(encoding="utf-8")
    lost = re.findall(r"^- `map\.hexes \(([^)]*)\)`.*?: `([^`]+)`$", report, re.M)
    for coords, part in lost:
        kind, _, body = part.partition("=")
        assert all(item in source for item in body.split(",")), part  # named as the engine writes it
    assert "`lib/engine/game/g_1858/map.rb:9`: includes G1858::Tiles, which is not in these files" in report
    assert "`lib/engine/game/g_1858/meta.rb:29`: OPTIONAL_RULES: computed by code (a range)" in report


def test_imports_are_byte_identical(tmp_path, reference):
    for n in (1, 2):
        assert run("import", "18xx.games", ENGINE, "--game", "18Chesapeake", "--out", tmp_path / f"g{n}").exit_code == 0
    for path in sorted((tmp_path / "g1").iterdir()):
        assert path.read_bytes() == (tmp_path / "g2" / path.name).read_bytes(), path.name


def test_codes_keep_what_pnp_prints_and_name_the_rest():
    from pnp.importers.engine.codes import printable
    from pnp.model.tile import TileFace
    from pnp.tilecode import from_code

    code = "city=revenue:20;path=a:0,b:_0,nonsense:1;squiggle=image:port;label=B"
    kept, lost = printable(code)
    assert kept == "city=revenue:20;path=a:0,b:_0;label=B" and lost == ("path=nonsense:1", "squiggle=image:port")
    kept, lost = printable("town=revenue:10,nonsense:1;city=revenue:20;path=a:0,b:_1")
    assert kept == "town=revenue:10;city=revenue:20;path=a:0,b:_1" and lost == ("town=nonsense:1",)
    engine = "city=revenue:20;path=a:0,b:_0,track:narrow;icon=image:port;frame=color:red;label=B"
    kept, lost = printable(engine)  # whatever pnp reads today is kept, the rest named
    from_code(kept, TileFace)
    parts = kept.split(";") + [p.split(",")[0] for p in lost]
    assert all(any(p.startswith(q) or q.startswith(p.split("=")[0]) for q in parts) for p in engine.split(";"))
    assert printable("") == ("", ())


def test_an_unlimited_tile_prints_the_most_numerous_limited_tile_of_its_colour(g1830, tmp_path, reference):
    run("import", "18xx.games", ENGINE, "--game", "1817", "--out", tmp_path / "g")
    text = (tmp_path / "g" / "tiles.yaml").read_text(encoding="utf-8")
    tiles = yaml.safe_load(text)
    unlimited = tiles["decisions"]["unlimited"]
    assert unlimited and all(tiles["manifest"][k] == n for k, n in unlimited.items())
    assert text.count("# unlimited in the game") == len(unlimited)
    colours = {t["id"]: t["color"] for t in tiles["tiles"]}
    for tile_id, n in unlimited.items():
        limited = [tiles["manifest"][k] for k in tiles["manifest"] if colours[k] == colours[tile_id]
                   and k not in unlimited]
        assert n == (max(limited) if limited else 10)


def test_1825_is_the_engines_default_set_up_unit_1(tmp_path, reference):
    """1825 chooses its map, tiles, companies and trains in code from units. With no
    optional rule chosen, its init_optional_rules picks Unit 1 for 4 players: the kit is
    UNIT1_TILES, UNIT1_HEXES + UNIT1_OFFMAP_HEXES, UNIT1_CORPORATIONS and the trains of
    game_trains' `when '1'` ({'2' => 6, '3' => 4, '4' => 3, '5' => 4}); counted here
    from those constants, read by hand out of the code."""
    from pnp.importers.engine.games import Library

    result = run("import", "18xx.games", ENGINE, "--game", "1825", "--out", tmp_path / "g")
    assert result.exit_code == 0, result.output
    game = Library(ENGINE).find("1825")
    unit1 = game.const("UNIT1_TILES")
    tiles = _load(tmp_path / "g", "tiles.yaml")
    printed = {k: v for k, v in tiles["manifest"].items() if v}
    assert printed == {k: v if isinstance(v, int) else v["count"] for k, v in unit1.items()}
    coords = {c for const in ("UNIT1_HEXES", "UNIT1_OFFMAP_HEXES") for group in game.const(const).values()
              for key in group for c in ([key] if isinstance(key, str) else key)}
    board = _load(tmp_path / "g", "map.yaml")
    assert {c for h in board["hexes"] for c in ([h["at"]] if isinstance(h["at"], str) else h["at"])} == coords
    assert [c["symbol"] for c in _load(tmp_path / "g", "companies.yaml")["companies"]] == \
        [c["sym"] for c in game.const("UNIT1_CORPORATIONS")]
    assert {t["name"]: t["count"] for t in _load(tmp_path / "g", "trains.yaml")["trains"]} == \
        {"2": 6, "3": 4, "4": 3, "5": 4}
    info = _load(tmp_path / "g", "game.yaml")
    assert info["rules"]["bank"] == game.const("BANK_UNIT1") == 5000
    assert info["rules"]["players"][4] == {"cash": 630, "certificate_limit": 12}  # cash_by_options / certs '1'
    assert "unit_1" in info["notes"]
    variants = board["variants"]
    unit2 = variants["unit-2"]  # Unit 2 alone: none of Unit 1's hexes, Unit 2's instead
    assert set(unit2["remove"]) == coords - {c for const in ("UNIT2_HEXES", "UNIT2_OFFMAP_HEXES")
                                             for group in game.const(const).values() for key in group
                                             for c in ([key] if isinstance(key, str) else key)}
    assert "unit-12" in variants and "r1" in variants
    elsewhere = [k for k, v in tiles["manifest"].items() if v == 0]  # tiles only other units use: marked
    assert elsewhere and set(elsewhere) <= set(tiles["decisions"]["optional"])
    for tile in elsewhere:
        rules = tiles["decisions"]["optional"][tile].split("; ")
        assert all(variants[r.replace("_", "-")]["manifest"][tile] > 0 for r in rules)
    assert run("build", tmp_path / "g", "--out", tmp_path / "kit").exit_code == 0


def test_num_trains_by_player_count_prints_the_most_and_says_each(tmp_path, reference):
    """1840's num_trains: TRAIN_FOR_PLAYER_COUNT[players][name] || train[:num]."""
    from pnp.importers.engine.games import Library

    run("import", "18xx.games", ENGINE, "--game", "1840", "--out", tmp_path / "g")
    table = Library(ENGINE).find("1840").const("TRAIN_FOR_PLAYER_COUNT")
    trains = {t["name"]: t for t in _load(tmp_path / "g", "trains.yaml")["trains"]}
    for name in ("Y1", "O1", "R1", "Pi1", "Pu1"):
        by_players = {n: row[name] for n, row in table.items()}
        assert trains[name]["count"] == max(by_players.values())
        assert (f"Cards for {'/'.join(map(str, by_players))} players: "
                f"{'/'.join(map(str, by_players.values()))}.") in trains[name]["notes"]


def test_1848s_box_off_the_grid_prints_as_a_map_label(tmp_path, reference):
    """I21 (BOE Payout) lies between hex positions: a label there with its revenues."""
    run("import", "18xx.games", ENGINE, "--game", "1848", "--out", tmp_path / "g")
    board = _load(tmp_path / "g", "map.yaml")
    assert "I21" not in {c for h in board["hexes"] for c in ([h["at"]] if isinstance(h["at"], str) else h["at"])}
    label = board["decorations"]["labels"][0]
    assert label["at"] == "I21" and label["text"] == "BOE Payout 0 (yellow) / 100 (green) / 200 (brown) / 300 (gray)"
    assert run("map", tmp_path / "g", "--out", tmp_path / "m").exit_code == 0
    svg = (tmp_path / "m" / "map.svg").read_text(encoding="utf-8")
    assert "BOE Payout 0 (yellow)" in svg
