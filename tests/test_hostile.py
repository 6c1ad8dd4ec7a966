"""Hostile input (issue 15), each case on a copy of 1860: exit status 2, one line on
stderr naming the file, the field and the problem, no traceback, and nothing partial
in the output folder; or, where the input is valid, correct output."""

from __future__ import annotations

import errno
import json
import os

import pytest
from click.testing import CliRunner

from conftest import REFERENCE
from pnp.cli import main

MAKER_GAME = REFERENCE / "18xx-maker" / "games" / "18Test.json"


def cli(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=True)
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def refused(result, *needles) -> str:
    """Exit 2 and exactly one line on stderr holding every needle."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip("\n").split("\n")
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("pnp: error: "), lines[0]
    assert "Traceback" not in result.output
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def files_in(folder):
    return sorted(p for p in folder.rglob("*")) if folder.exists() else []


@pytest.fixture
def game(game_copy):
    return game_copy("1860")


def with_print(game, settings: str):
    edit(game / "game.yaml", "stop_styles:", f"print: {settings}\nstop_styles:")
    return game


# --- escapes ------------------------------------------------------------------------------


def test_build_does_not_write_through_a_link_inside_out(tmp_path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "tiles").symlink_to(elsewhere)
    refused(cli("build", "1860", "--only", "tiles", "--out", out, "-q"), "tiles/", "outside the output folder")
    assert files_in(elsewhere) == []
    assert [p.name for p in files_in(out)] == ["tiles"]  # nothing written beside the link either


def test_build_does_not_write_through_a_file_link_inside_out(tmp_path):
    """A link in the file's own place is followed when it stays inside the folder and
    refused, naming the file, when it leads out (the commit resolves each folder once,
    and a file's name only when it is a link)."""
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    (out / "svg").mkdir(parents=True)
    elsewhere.mkdir()
    (elsewhere / "index.md").write_text("mine\n")
    (out / "tiles-copy.pdf").write_text("old\n")
    (out / "tiles.pdf").symlink_to(out / "tiles-copy.pdf")
    (out / "index.md").symlink_to(elsewhere / "index.md")
    refused(cli("build", "1860", "--only", "tiles", "--out", out, "-q"), "index.md", "outside the output folder")
    assert (elsewhere / "index.md").read_text() == "mine\n"
    assert (out / "tiles-copy.pdf").read_text() == "old\n"  # refused before anything was moved
    (out / "index.md").unlink()
    assert cli("build", "1860", "--only", "tiles", "--out", out, "-q").exit_code == 0
    assert (out / "tiles.pdf").is_symlink() and (out / "tiles-copy.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("setting", ["theme", "lang", "layout", "tile_layout"])
def test_print_names_in_game_yaml_cannot_be_paths(game, tmp_path, setting):
    (tmp_path / "evil.yaml").write_text("colors: {}\n")
    with_print(game, f"{{{setting}: ../../evil}}")
    out = tmp_path / "out"
    refused(cli("build", game, "--only", "tiles", "--out", out, "-q"), "game.yaml", f"print.{setting}", "plain name")
    assert files_in(out) == []


def test_theme_and_language_options_cannot_be_paths(tmp_path):
    from pnp.resources import templates_dir

    # a file that exists, so only the name check can refuse it
    target = os.path.relpath(templates_dir() / "paper", templates_dir() / "themes")
    refused(cli("shares", "1860", "--theme", target, "--out", tmp_path), "theme", "plain name")
    target = os.path.relpath(templates_dir() / "paper", templates_dir() / "messages")
    refused(cli("shares", "1860", "--lang", target, "--out", tmp_path), "language", "plain name")
    assert files_in(tmp_path) == []


def test_a_theme_missing_a_colour_names_the_theme_file_and_the_colour(tmp_path, monkeypatch):
    import shutil

    import pnp.templates as templates
    from pnp.resources import templates_dir

    copy = tmp_path / "templates"
    shutil.copytree(templates_dir(), copy)
    (copy / "themes" / "thin.yaml").write_text("colors:\n  yellow: '#ffff00'\n")
    monkeypatch.setattr(templates, "templates_dir", lambda: copy)
    templates.theme.cache_clear()
    try:
        refused(cli("shares", "1860", "--theme", "thin", "--out", tmp_path / "out"), "thin.yaml", "colors.",
                "has no colour")
    finally:
        templates.theme.cache_clear()
    assert files_in(tmp_path / "out") == []


# --- bounds -------------------------------------------------------------------------------


def test_a_million_tiles_is_refused_and_the_bound_can_be_raised(game):
    edit(game / "tiles.yaml", '"5": 2', '"5": 1000000')
    refused(cli("validate", game), "tiles.yaml", "manifest", "limits.tile_pieces")
    edit(game / "tiles.yaml", '"5": 1000000', '"5": 1900')
    edit(game / "game.yaml", "stop_styles:", "limits: {tile_pieces: 3000}\nstop_styles:")
    result = cli("validate", game)
    assert result.exit_code == 0 and "2037 pieces" in result.output, result.output


def test_a_far_coordinate_is_refused_and_the_bound_can_be_raised(game):
    edit(game / "map.yaml", "- at: [D8, E3, E11, K7]", "- at: [D8, E3, E11, K7, A99999]")
    line = refused(cli("validate", game), "map.yaml", "hexes[0].at[4]", "A99999", "coordinates.largest")
    n = (game / "map.yaml").read_text().split("\n").index("  - at: [D8, E3, E11, K7, A99999]") + 1
    assert f"map.yaml:{n}: " in line  # the line of the field, found for checks made after validation too
    edit(game / "map.yaml", "first_letter: A", "first_letter: A\n  largest: 100000")
    assert cli("validate", game).exit_code == 0


def test_the_pages_of_a_kit_are_bounded(game, tmp_path):
    edit(game / "game.yaml", "stop_styles:", "limits: {pages: 2}\nstop_styles:")
    out = tmp_path / "out"
    refused(cli("build", game, "--only", "tiles,money", "--out", out, "-q"), "limits.pages")
    assert files_in(out) == []


def test_a_500_character_name_is_refused(game):
    edit(game / "map.yaml", "{at: C5, name: Ningwood,", "{at: C5, name: " + "N" * 500 + ",")
    line = refused(cli("validate", game), "map.yaml:", "hexes[3].name", "500 characters")
    assert len(line) < 250


def test_a_long_label_is_refused(game):
    edit(game / "map.yaml", "name: Shorwell, stops: [{city: 0}], label: B}", "name: Shorwell, stops: [{city: 0}], label: "
         + "L" * 40 + "}")
    refused(cli("validate", game), "map.yaml", "label", "at most 24 characters")


@pytest.mark.parametrize("value", ["10000000000000000000000000000000000000000000000000000000000000000000000000000"
                                   "000000000000000000000000", "-1000"])
def test_revenue_out_of_range_is_refused(game, value):
    edit(game / "map.yaml", "{offboard: {yellow: 0, green: 20, brown: 40}}", f"{{offboard: {{yellow: 0, green: {value}}}}}")
    refused(cli("validate", game), "map.yaml", "is outside -999-9999")  # an off-board may charge a little (1888: -10)


# --- tracebacks that were -----------------------------------------------------------------


@pytest.mark.parametrize("char", ["\\a", "\\0", "\\e", "\\x7f"])
def test_control_characters_are_refused_at_load(game, tmp_path, char):
    text = (game / "privates.yaml").read_text()
    name = text.split("\n    name: ", 1)[1].split("\n", 1)[0]
    edit(game / "privates.yaml", f"name: {name}", f'name: "Bad{char}name"')
    refused(cli("validate", game), "privates.yaml:", "privates[0].name", "control or invalid character")
    refused(cli("privates", game, "--out", tmp_path / "out"), "privates[0].name")
    assert files_in(tmp_path / "out") == []


def test_a_message_quoting_text_with_line_breaks_stays_on_one_line(game):
    edit(game / "map.yaml", "{at: C5, name: Ningwood,", '{at: C5, name: "' + "Ning\\nwood " * 15 + '",')
    line = refused(cli("validate", game), "hexes[3].name", "longer than the 120", "Ning\\nwood")


def test_terrain_without_a_type(game):
    edit(game / "map.yaml", "terrain: {cost: 60, type: mountain}", "terrain: {cost: 60, type: }")
    refused(cli("validate", game), "map.yaml:", "terrain.type", "a terrain type is one of")


@pytest.mark.parametrize("end,problem", [("[stop, -1]", "stop -1 is outside"), ("[edge, 7]", "edge 7 is outside"),
                                         ("[rail, 1]", "a track end is")])
def test_track_ends_out_of_range(game, end, problem):
    edit(game / "tiles.yaml", "track: [[0, s0, 1]]", f"track: [[0, {end}]]")
    refused(cli("validate", game), "tiles.yaml", "tile 741", problem)


def test_every_manifest_count_zero(game, tmp_path):
    text = (game / "tiles.yaml").read_text()
    manifest, rest = text.split("manifest:\n", 1)[1].split("\n\n", 1) if "\n\n" in text.split("manifest:\n", 1)[1] \
        else (text.split("manifest:\n", 1)[1], "")
    zeroed = "\n".join(line.rsplit(":", 1)[0] + ": 0" if line.startswith('  "') else line for line in manifest.split("\n"))
    (game / "tiles.yaml").write_text(text.replace(manifest, zeroed, 1))
    refused(cli("validate", game), "tiles.yaml", "manifest", "every count is 0")
    refused(cli("tile-manifest", game, "--out", tmp_path / "out"), "every count is 0")
    assert files_in(tmp_path / "out") == []


@pytest.mark.parametrize("name", ["tiles.yaml", "map.yaml"])
def test_a_data_file_that_is_a_folder(game, name):
    (game / name).unlink()
    (game / name).mkdir()
    refused(cli("validate", game), name, "is a folder")


@pytest.mark.parametrize("settings,field", [("{scale: big}", "print.scale"), ("{paper: 5}", "print.paper"),
                                            ("{only: 5}", "print.only"), ("{bleed: [1]}", "print.bleed"),
                                            ("{duplex: 5}", "print.duplex"), ("{crop_marks: 3}", "print.crop_marks"),
                                            ("{scale: .inf}", "print.scale")])
def test_bad_print_settings(game, tmp_path, settings, field):
    with_print(game, settings)
    refused(cli("build", game, "--out", tmp_path / "out", "-q"), "game.yaml", field)
    assert files_in(tmp_path / "out") == []


def test_print_only_may_be_a_list(game, tmp_path):
    with_print(game, "{only: [market]}")
    result = cli("build", game, "--out", tmp_path / "out", "-q")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "market.pdf").exists() and not (tmp_path / "out" / "tiles.pdf").exists()


@pytest.mark.parametrize("code", ["label=B\x0f", "city=revenue:20,loc:inf", "city=revenue:20,loc:1e400", "city=revenue:1e400",
                                  "city=revenue:99999999", "town=revenue:-10"])
def test_tile_codes_out_of_range(code):
    refused(cli("import", "tile-code", code, "--id", "X", "--color", "yellow"), "tile code")


# --- accepted and printed wrong -----------------------------------------------------------


def test_duplicate_yaml_keys_name_the_key_and_line(game):
    edit(game / "tiles.yaml", '"5": 2', '"5": 2\n  "5": 3')
    refused(cli("validate", game), "tiles.yaml:", "duplicate key '5'", "first at line")


def test_a_second_top_level_section_is_a_duplicate(game):
    (game / "tiles.yaml").write_text((game / "tiles.yaml").read_text() + "\ntiles: []\n")
    refused(cli("validate", game), "tiles.yaml:", "duplicate key 'tiles'")


def test_a_symlink_loop_is_an_error(game):
    (game / "companies.yaml").unlink()
    (game / "companies.yaml").symlink_to(game / "companies.yaml")
    refused(cli("validate", game), "companies.yaml", "symbolic links")


def test_a_dangling_symlink_is_an_error(game):
    (game / "companies.yaml").unlink()
    (game / "companies.yaml").symlink_to(game / "nowhere.yaml")
    refused(cli("validate", game), "companies.yaml", "missing file")


def test_negative_private_revenue(game):
    edit(game / "privates.yaml", "revenue: 5", "revenue: -5")
    refused(cli("validate", game), "privates.yaml:", "privates[0].revenue", "outside 0-9999")


def test_float_percent_outside_0_100(game):
    text = (game / "companies.yaml").read_text()
    first = text.split("float_percent: ", 1)[1].split("\n", 1)[0]
    edit(game / "companies.yaml", f"float_percent: {first}", "float_percent: 500")
    refused(cli("validate", game), "companies.yaml:", "float_percent", "100")


def test_a_home_on_a_hex_without_a_city(game):
    edit(game / "companies.yaml", "home: F2", "home: C5")  # C5 is Ningwood, a town
    refused(cli("validate", game), "companies.yaml", "home", "C5 has no city")


@pytest.mark.parametrize("text,chars", [("Tōkyō 東京", "U+6771"), ("Steam 🚂", "U+1F682"), ("القاهرة", "Arabic")])
def test_text_the_fonts_cannot_show_is_refused(game, text, chars):
    edit(game / "map.yaml", "{at: C5, name: Ningwood,", f'{{at: C5, name: "{text}",')
    refused(cli("validate", game), "map.yaml:", "hexes[3].name", "cannot print", chars)


def test_accents_and_symbols_of_real_games_print(game):
    edit(game / "map.yaml", "{at: C5, name: Ningwood,", '{at: C5, name: "Ærøskøbing – Łódź · Škoda £ €",')
    assert cli("validate", game).exit_code == 0


# --- writes -------------------------------------------------------------------------------


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to a read-only folder; see the monkeypatched test below")
def test_a_read_only_output_folder(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o555)
    try:
        refused(cli("build", "1860", "--only", "tiles", "--out", out, "-q"), "cannot write", "ermission denied")
    finally:
        out.chmod(0o755)
    assert files_in(out) == []


@pytest.mark.parametrize("code,words", [(errno.ENOSPC, "no space left"), (errno.EACCES, "ermission denied"),
                                        (errno.EROFS, "ead-only")])
def test_a_full_or_read_only_disk_is_one_line(tmp_path, monkeypatch, code, words):
    out = tmp_path / "out"
    real = os.fdopen

    class Failing:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, data):
            raise OSError(code, os.strerror(code))

    monkeypatch.setattr("pnp.output.os.fdopen", lambda fd, mode="r", *a, **k: Failing(real(fd, mode, *a, **k)))
    refused(cli("tiles", "1860", "--out", out), "cannot write", words)
    assert not [p for p in files_in(out) if p.is_file()]


# --- messages and the importer ------------------------------------------------------------


def test_charter_that_does_not_fit_names_file_and_field_and_quotes_briefly(game, tmp_path):
    edit(game / "companies.yaml", "home_name: Cowes", "home_name: " + "Cowes " * 19 + "Cowes")  # 119 characters
    line = refused(cli("charters", game, "--out", tmp_path / "out"), "companies.yaml", "company C&N.home_name",
                   "does not fit")
    quoted = line.split("'")[1]
    assert quoted.startswith("Home: Cowes Cowes") and len(quoted) <= 60, line
    assert files_in(tmp_path / "out") == []


def maker_source(tmp_path, change=None, raw=None):
    if not MAKER_GAME.is_file():
        pytest.skip(f"18xx-maker reference game not found at {MAKER_GAME}")
    text = raw(MAKER_GAME.read_text()) if raw else None
    if text is None:
        data = json.loads(MAKER_GAME.read_text())
        change(data)
        text = json.dumps(data)
    source = tmp_path / "18Test.json"
    source.write_text(text)
    return source


def run_maker(tmp_path, source, *extra):
    return cli("import", "18xx-maker", source, "--out", tmp_path / "out", "--library", MAKER_GAME.parents[1], *extra)


@pytest.mark.parametrize("name,change,needles", [
    ("bank", None, ("bank", "beyond any game")),
    ("stock type", lambda g: g["stock"].__setitem__("type", ["2D"]), ("stock.type", "expected text")),
    ("map hexes", lambda g: g.__setitem__("map", [{"hexes": 5}]), ("map[0].hexes", "expected a JSON array")),
    ("companies", lambda g: g.__setitem__("companies", g["companies"] * 5000), ("companies", "--max-companies")),
    ("float", lambda g: [c.__setitem__("floatPercent", 500) for c in g["companies"]],
     ("converted companies.yaml", "float_percent")),
])
def test_bad_18xx_maker_data(tmp_path, name, change, needles):
    source = maker_source(tmp_path, change, raw=(lambda t: t.replace('"bank": 12345', '"bank": 1e400')) if change is None else None)
    line = refused(run_maker(tmp_path, source), str(source), *needles)
    assert "bug in the importer" not in line
    assert files_in(tmp_path / "out") == []


def test_18xx_maker_trains_null_imports(tmp_path):
    source = maker_source(tmp_path, lambda g: g.__setitem__("trains", None))
    result = run_maker(tmp_path, source)
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "out" / "trains.yaml").exists() and (tmp_path / "out" / "tiles.yaml").exists()


def test_18xx_maker_company_bound_can_be_raised(tmp_path):
    def more(g):
        extra = [dict(c, abbrev=f"{c.get('abbrev', 'X')}{n}") for n in range(30) for c in g["companies"]]
        g["companies"] = g["companies"] + extra

    source = maker_source(tmp_path, more)
    refused(run_maker(tmp_path, source, "--max-companies", "10"), "companies", "--max-companies")


def test_data_errors_carry_the_line_of_the_field(game):
    from pnp.errors import DataError
    from pnp.load import load_game

    lines = (game / "tiles.yaml").read_text().split("\n")
    n = lines.index('  "7": 2') + 1
    edit(game / "tiles.yaml", '"7": 2', '"7": 2\n  "7": 1')
    with pytest.raises(DataError) as caught:
        load_game(game)
    assert caught.value.line == n + 1 and f"tiles.yaml:{n + 1}:" in str(caught.value)
    edit(game / "tiles.yaml", '"7": 2\n  "7": 1', '"7": 2')
    edit(game / "privates.yaml", "revenue: 5", "revenue: -5")
    n = (game / "privates.yaml").read_text().split("\n").index("    revenue: -5") + 1
    with pytest.raises(DataError) as caught:
        load_game(game)
    assert caught.value.line == n and caught.value.field == "privates[0].revenue"


def test_18xx_maker_hex_colour_of_the_wrong_type_is_reported_not_a_crash(tmp_path):
    """Found by the property test: a JSON object as a hex's colour."""
    def change(g):
        g["map"]["hexes"][0]["color"] = {"plain": "white"}

    source = maker_source(tmp_path, change)
    result = run_maker(tmp_path, source)
    assert result.exit_code == 0, result.output
    assert "hex colour" in (tmp_path / "out" / "import-report.md").read_text()


def test_latin_text_needs_no_font_lookup_because_every_face_covers_it():
    """glyphs.unprintable answers Latin text (up to Extended-B) without the fonts: that
    shortcut holds only while every embedded face has all of those glyphs."""
    from pnp import glyphs

    faces = glyphs.covered()
    if faces is None:
        pytest.skip("the DejaVu fonts are not installed")
    assert all(code in faces for code in range(0xA0, glyphs.LATIN + 1))
    assert all(code in faces for first, last in glyphs.WHOLE_BLOCKS for code in range(first, last + 1))
    assert glyphs.unprintable("Côte-d'Or, Łódź, Ærø") is None
    assert glyphs.unprintable("„Gleis“ – ⇄ … → ←") is None
    assert "U+2065" in glyphs.unprintable("„\u2065“")  # just past a whole block: looked up
    assert "U+4E2D" in glyphs.unprintable("中")
