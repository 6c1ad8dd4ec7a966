"""map.yaml: coordinates name hexes in either orientation, and bad map data stops with
the file, the entry and the problem (exit 2, no traceback)."""

import pytest

from conftest import run
from pdfpaths import flat_to_flat, hexagons, read_paths
from pnp.geometry.grid import GridPos, neighbour
from pnp.model.map import Coordinates
from test_load_errors import edit, expect_error


def test_flat_coordinates_letters_are_columns():
    coords = Coordinates(orientation="flat")
    assert coords.parse("B4") == GridPos(1, 4)
    assert coords.name(GridPos(11, 6)) == "L6"
    assert coords.parse("AA12") == GridPos(26, 12) and coords.name(GridPos(26, 12)) == "AA12"
    with pytest.raises(ValueError, match="not a coordinate"):
        coords.parse("12B")


def test_pointy_coordinates_letters_are_rows_from_at_sign():
    """1851: '@' is the row above A; numbers name the (doubled) columns."""
    coords = Coordinates(orientation="pointy", letters="rows", first_letter="@")
    assert coords.parse("@18") == GridPos(18, 0)
    assert coords.parse("B16") == GridPos(16, 2)
    assert coords.name(GridPos(16, 2)) == "B16" and coords.row_label(0) == "@"
    # neighbours: east is two numbers on, south-west one row down and one number back
    assert coords.name(neighbour(coords.parse("B16"), 4, "pointy")) == "B18"
    assert coords.name(neighbour(coords.parse("B16"), 0, "pointy")) == "C15"


def test_flat_neighbours_follow_the_reference_edges():
    coords = Coordinates(orientation="flat")
    around = [coords.name(neighbour(coords.parse("G5"), e, "flat")) for e in range(6)]
    assert around == ["G7", "F6", "F4", "G3", "H4", "H6"]


@pytest.mark.parametrize("old, new, needles", [
    ("- {at: C5, name: Ningwood", "- {at: C55x, name: Ningwood", ("hexes[3].at", "'C55x' is not a coordinate")),
    ("- {at: C5, name: Ningwood", "- {at: C6, name: Ningwood", ("hexes[3].at", "C6 is not on the hex grid")),
    ("- {at: C5, name: Ningwood", "- {at: D6, name: Ningwood", ("hexes[4].at", "hex D6 is defined twice")),
    ("remove: [A5, A7, E11]", "remove: [A5, A7, E13]", ("variants.2-3p.remove[2]", "hex E13 is not on the map")),
    ("manifest: {\"776\": 2", "manifest: {\"7760\": 2", ("variants.2-3p.manifest.7760", "unknown tile id '7760'")),
    ("title: {at: B11}", "title: {at: 11B}", ("decorations.title.at", "not a coordinate")),
    ("orientation: flat\n  letters", "orientation: pointy\n  letters", ("coordinates.orientation", "game.yaml says")),
])
def test_bad_map_data(game_copy, old, new, needles):
    folder = game_copy("1860")
    edit(folder / "map.yaml", old, new)
    expect_error(folder, "map.yaml", *needles)


def test_home_must_be_on_the_map(game_copy):
    folder = game_copy("1860")
    edit(folder / "map.yaml", "  - {at: L6, name: Bembridge, stops: [{city: 0}]}\n", "")
    expect_error(folder, "companies.yaml", ".home", "hex L6 is not on the map")


POINTY_MAP = """\
coordinates: {letters: rows, first_letter: "@"}
decorations:
  areas:
    - {at: [A21, B20], color: offboard, name: Beyond}
hexes:
  - {at: "@18", color: red, name: Cincinnati, stops: [{offboard: {yellow: 30, brown: 50}}], track: [[0, s0, terminal]]}
  - {at: [A17, A19, B18, C17], terrain: {cost: 40, type: hill}}
  - {at: B16, color: yellow, name: Louisville, stops: [{city: 20}], track: [[0, s0, 3]], label: Y}
  - {at: C15, name: Lexington, stops: [{city: 0}], borders: [{edge: 4}]}
  - {at: C19, stops: [{town: 0}, {town: 0}]}
"""


def test_a_pointy_map_from_data_alone(tmp_path, game_copy):
    """An 1851-like map: pointy hexes, lettered rows from '@', an off-map area."""
    folder = game_copy("1860")
    for name in folder.glob("*.yaml"):
        if name.name not in ("game.yaml", "tiles.yaml"):
            name.unlink()
    edit(folder / "game.yaml", "orientation: flat", "orientation: pointy")
    (folder / "map.yaml").write_text(POINTY_MAP)
    result = run("map", folder, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    outlines = hexagons(read_paths(tmp_path / "map.pdf")[0])
    assert len(outlines) == 8 and all(abs(flat_to_flat(h) - 38.6) <= 0.1 for h in outlines)
    for h in outlines:  # pointy: a corner straight above the centre
        cx = sum(p[0] for p in h) / 6
        top = min(h, key=lambda p: p[1])
        assert abs(top[0] - cx) < 0.05
    from pypdf import PdfReader

    text = PdfReader(str(tmp_path / "map.pdf")).pages[0].extract_text()
    assert "@" in text and "Cincinnati" in text and "Beyond" in text
