"""Bad data stops with the file, the field and the problem: exit 2, no traceback."""

import pytest

from conftest import run


def edit(path, old, new):
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


def expect_error(folder, *needles):
    result = run("validate", folder)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for needle in needles:
        assert needle in result.output, result.output
    return result.output


def test_bundled_game_is_valid():
    result = run("validate", "1860")
    assert result.exit_code == 0, result.output
    assert "139 pieces" in result.output


def test_yaml_syntax_error_names_file_and_line(game_copy):
    folder = game_copy("1860")
    edit(folder / "tiles.yaml", '"5": 2', '"5": [2')
    out = expect_error(folder, "tiles.yaml:", "YAML syntax error")
    assert ":1" in out or ":2" in out or ":3" in out  # a line number follows the file name


def test_unknown_tile_id_in_manifest(game_copy):
    folder = game_copy("1860")
    edit(folder / "tiles.yaml", '"5": 2', '"5000": 2')
    expect_error(folder, "tiles.yaml", "manifest.5000", "unknown tile id '5000'")


def test_edge_out_of_range(game_copy):
    folder = game_copy("1860")
    edit(folder / "tiles.yaml", "track: [[0, s0, 1]]", "track: [[0, s0, 7]]")
    expect_error(folder, "tiles.yaml", "tiles[0] (tile 741)", "edge 7 is outside 0-5")


def test_duplicate_tile_id(game_copy):
    folder = game_copy("1860")
    edit(folder / "tiles.yaml", 'id: "742"', 'id: "741"')
    expect_error(folder, "tiles.yaml", "tiles[1].id", "duplicate tile id '741'")


def test_negative_count(game_copy):
    folder = game_copy("1860")
    edit(folder / "tiles.yaml", '"7": 2', '"7": -2')
    expect_error(folder, "tiles.yaml", "manifest.7", "negative count -2")


def test_unknown_colour(game_copy):
    folder = game_copy("1860")
    edit(folder / "tiles.yaml", "color: green", "color: purple")
    expect_error(folder, "tiles.yaml", ".color", "unknown colour 'purple'")


def test_unknown_field_is_named(game_copy):
    folder = game_copy("1860")
    edit(folder / "tiles.yaml", "stops: [{halt: £}]", "stops: [{halt: £, slotz: 2}]")
    expect_error(folder, "tiles.yaml", "slotz")


def test_stop_reference_out_of_range(game_copy):
    folder = game_copy("1860")
    edit(folder / "tiles.yaml", "track: [[0, s0, 1]]", "track: [[0, s3, 1]]")
    expect_error(folder, "tiles.yaml", "stop s3")


def test_missing_game_folder_is_a_clear_error(tmp_path):
    result = run("validate", tmp_path / "nowhere")
    assert result.exit_code == 2 and "unknown game" in result.output


def test_tiles_command_on_bad_data_writes_nothing(game_copy, tmp_path):
    folder = game_copy("1860")
    edit(folder / "tiles.yaml", '"5": 2', '"5000": 2')
    out = tmp_path / "out"
    result = run("tiles", folder, "--out", out)
    assert result.exit_code == 2
    assert not out.exists() or not any(out.iterdir())


@pytest.mark.parametrize("args,needle", [(["--paper", "b5x"], "unknown paper"), (["--layout", "zigzag"], "unknown layout"),
                                         (["--tile-size", "big"], "--tile-size"), (["--theme", "neon"], "unknown theme")])
def test_bad_options_are_clear_errors(args, needle, tmp_path):
    result = run("tiles", "1860", "--out", tmp_path, *args)
    assert result.exit_code == 2 and needle in result.output and "Traceback" not in result.output


def test_a_map_line_of_no_width_is_an_error(game_copy):
    """(It would draw nothing: a width of 0 is not what anyone means.)"""
    game = game_copy("1860")
    edit(game / "map.yaml", "decorations:", "decorations:\n  lines: [{points: [{at: B2}, {at: C3}], width: 0mm}]")
    expect_error(game, "map.yaml", "width", "a line needs a width above 0, not 0mm")
