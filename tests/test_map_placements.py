"""Layout previews: the bundled example lays its tiles and tokens on the map; every
impossible placement stops with the file, the entry and the problem; doubtful ones warn."""

from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import run
from pdfpaths import hexagons, read_paths
from pnp.errors import DataError
from pnp.load import load_game
from pnp.placements import read_placements
from pnp.resources import data_dir

EXAMPLE = data_dir() / "games" / "1860" / "examples" / "early-green.yaml"


@pytest.fixture(scope="module")
def game():
    return load_game("1860")


@pytest.fixture(scope="module")
def board(game):
    return game.part("map").board()


def write(tmp_path: Path, *entries: str) -> Path:
    path = tmp_path / "layout.yaml"
    path.write_text("placements:\n" + "".join(f"  - {e}\n" for e in entries))
    return path


def test_example_lays_tiles_and_tokens(game, board):
    layout = read_placements(EXAMPLE, game, board)
    assert len(layout.tiles) >= 10 and len(layout.tokens) >= 4
    assert layout.warnings == ()


def test_example_renders(tmp_path, game, board):
    result = run("map", "1860", "--placements", EXAMPLE, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    assert len(hexagons(read_paths(tmp_path / "map.pdf")[0])) == 45  # laid tiles add no outlines
    text = PdfReader(str(tmp_path / "map.pdf")).pages[0].extract_text()
    layout = read_placements(EXAMPLE, game, board)
    for placed in layout.tiles:
        assert placed.tile.id in text, placed.tile.id  # each tile prints its number
    for token in layout.tokens:
        assert token.company.symbol in text
    assert "Whippingham" not in text  # a laid tile covers the printed name
    assert "Layout: Early green phase" in text


@pytest.mark.parametrize("entry, field, problem", [
    ("{hex: Z9, tile: '9', rotation: 0}", "placements[0].hex", "unknown hex 'Z9'"),
    ("{hex: D7, tile: '9', rotation: 0}", "placements[0].hex", "unknown hex 'D7'"),
    ("{hex: D8, tile: '1234', rotation: 0}", "placements[0].tile", "unknown tile '1234'"),
    ("{hex: D8, tile: '9', rotation: 6}", "placements[0].rotation", "rotation 6 is outside 0-5"),
    ("{hex: D8, tile: '9', rotation: -1}", "placements[0].rotation", "rotation -1 is outside 0-5"),
    ("{hex: G5, tile: '763', rotation: 1}", "placements[0].rotation", "tile 763 may not be rotated"),
    ("{hex: J4, tile: '741', rotation: 0}", "placements[0].tile", "does not match the stations printed on J4"),
    ("{hex: C5, tile: '57', rotation: 0}", "placements[0].tile", "does not match the stations printed on C5"),
    ("{hex: G9, tile: '57', rotation: 0}", "placements[0].tile", "(label B, 1 city)"),
    ("{hex: D8, tile: '57', rotation: 0}", "placements[0].tile", "(no stations)"),
    ("{hex: J2, tile: '9', rotation: 0}", "placements[0].hex", "no tile is laid on it"),
    ("{hex: G5, tile: '57', rotation: 0}", "placements[0].tile", "takes a later colour"),
    ("{hex: D8, token: IOW}", "placements[0].hex", "has no city"),
    ("{hex: J4, token: XYZ}", "placements[0].token", "unknown company 'XYZ'"),
    ("{hex: D8}", "placements[0]", "give either 'tile'"),
    ("{hex: D8, tile: '9', rotation: 0, colour: red}", "placements[0].colour", "unknown field"),
])
def test_impossible_placements(tmp_path, game, board, entry, field, problem):
    path = write(tmp_path, entry)
    with pytest.raises(DataError) as caught:
        read_placements(path, game, board)
    message = str(caught.value)
    assert str(path) in message and field in message and problem in message, message


def test_more_copies_than_the_manifest_has(tmp_path, game, board):
    # 1860 has one 763 ... and two 746s; a third 746 is one too many
    path = write(tmp_path, "{hex: E9, tile: '746', rotation: 0}", "{hex: G9, tile: '746', rotation: 0}",
                 "{hex: J6, tile: '746', rotation: 0}")
    with pytest.raises(DataError, match=r"placements\[2\]\.tile: more copies of tile 746 than the manifest has \(2\)"):
        read_placements(path, game, board)


def test_variant_manifest_counts(tmp_path, game):
    """The 2-3 player map leaves one 770 out: the second copy is one too many there."""
    board = game.part("map").board("2-3p")
    path = write(tmp_path, "{hex: E9, tile: '770', rotation: 0}", "{hex: G9, tile: '770', rotation: 0}")
    with pytest.raises(DataError, match="more copies of tile 770 than the manifest has \\(1\\)"):
        read_placements(path, game, board)
    assert len(read_placements(write(tmp_path, "{hex: E9, tile: '770', rotation: 0}"), game,
                               game.part("map").board()).tiles) == 1


def test_too_many_tokens(tmp_path, game, board):
    # J4 (Ryde) has one slot; a second company finds it full
    path = write(tmp_path, "{hex: J4, token: IOW}", "{hex: J4, token: FYN}")
    with pytest.raises(DataError, match=r"placements\[1\]\.token: no free token slot for FYN on J4"):
        read_placements(path, game, board)


def test_home_slot_is_kept_for_its_company(tmp_path, game, board):
    # Cowes' one slot is C&N's home: IOW cannot take it
    with pytest.raises(DataError, match="no free token slot for IOW on F2"):
        read_placements(write(tmp_path, "{hex: F2, token: IOW}"), game, board)
    layout = read_placements(write(tmp_path, "{hex: F2, token: 'C&N'}"), game, board)
    assert [(t.city, t.slot) for t in layout.tokens] == [(0, 0)]


def test_error_from_the_command_line(tmp_path):
    path = write(tmp_path, "{hex: Z9, tile: '9', rotation: 0}")
    result = run("map", "1860", "--placements", path, "--out", tmp_path / "out")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "layout.yaml" in result.output and "placements[0].hex" in result.output
    assert not (tmp_path / "out").exists()  # nothing written


def test_track_into_an_impassable_side_warns(tmp_path, game, board):
    # A5 (Norton Green)'s edge 4 is impassable; halt tile 743 runs 1-4 at rotation 1
    layout = read_placements(write(tmp_path, "{hex: A5, tile: '743', rotation: 1}"), game, board)
    assert any("impassable side (edge 4)" in w and "placements[0]" in w for w in layout.warnings), layout.warnings


def test_track_off_the_map_warns(tmp_path, game, board):
    # from D8 a straight 0-3 runs south to D10, which is sea
    layout = read_placements(write(tmp_path, "{hex: D8, tile: '9', rotation: 0}"), game, board)
    assert any("off the map (edge 0)" in w for w in layout.warnings), layout.warnings


def test_warnings_reach_stderr_and_the_map_is_still_drawn(tmp_path):
    path = write(tmp_path, "{hex: D8, tile: '9', rotation: 0}")
    result = run("map", "1860", "--placements", path, "--out", tmp_path / "out")
    assert result.exit_code == 0
    assert "warning" in result.stderr and "off the map" in result.stderr
    assert (tmp_path / "out" / "map.pdf").exists()


def test_dropping_printed_track_warns(tmp_path, game, board):
    # Ryde Esplanade's track runs to edge 5; 786 at rotation 2 runs 0-1 instead
    layout = read_placements(write(tmp_path, "{hex: I3, tile: '786', rotation: 2}"), game, board)
    assert any("drops track printed on the hex" in w for w in layout.warnings), layout.warnings


def test_two_homes_in_one_hex_both_show():
    from pnp.model.company import Company
    from pnp.render.map import home_slots

    a = Company(symbol="A", name="A", color="#ff0000", tokens=(0,), home="B2")
    b = Company(symbol="B", name="B", color="#0000ff", tokens=(0,), home="B2", home_city=1)
    slots = [[(0, 0)], [(1, 1)]]
    assert home_slots([a, b], slots, {}) == [(a, (0, 0)), (b, (1, 0))]
    assert home_slots([a, b], slots, {(0, 0): a}) == [(b, (1, 0))]
