"""The standard tile library: the 18xx-maker converter on drawings of known meaning,
its checked-in output, and cross-checks of the tiles 1860 and 1851 use against the
1860 reference codes and Rails' tile definitions."""

from __future__ import annotations

import json

import pytest

from conftest import run
from pnp.errors import PnpError
from pnp.importers.maker_face import read_hex
from pnp.importers.maker_tiles import SOURCE_FILES, convert_library, library_id, main, outputs, rails_differences
from pnp.importers.rails_tiles import read_rails_tiles
from pnp.importers.tile_facts import face_facts, facts, rotations, same_tile
from pnp.load import tile_library
from pnp.model.tile import TileFace
from pnp.tilecode import from_code
from pnp.resources import data_dir
from pnp.yamlfile import read_yaml
from pnp.model.convert import validate

Y_TILES = {"202", "511", "216", "512"}


def face(drawing: dict) -> TileFace:
    result = read_hex(drawing)
    assert result.problems == []
    return validate(TileFace, result.face)


def links(f: TileFace) -> set[frozenset]:
    return {frozenset(str(e) for e in p.ends()) for p in f.paths}


# --- the converter on drawings whose meaning is known ---------------------------------


def test_a_straight_through_a_centred_city_runs_edge_city_edge():
    f = face({"cities": [{}], "values": [{"value": 20}], "track": [{"type": "straight"}]})
    assert [(s.kind, s.revenue, s.at) for s in f.stops] == [("city", 20, None)]
    assert links(f) == {frozenset({"0", "s0"}), frozenset({"s0", "3"})}


def test_maker_side_s_is_pnp_edge_s_minus_1():
    assert face({"track": [{"type": "sharp", "side": 2}]}).exits() == (1, 2)
    assert face({"track": [{"type": "gentle", "side": 6}]}).exits() == (1, 5)
    assert face({"track": [{"type": "straight", "side": 3}]}).exits() == (2, 5)


def test_a_town_drawn_on_a_curve_sits_on_that_run_of_track():
    # the gentle curve from side 1 passes 20 units from the centre toward side 2
    f = face({"towns": [{"angle": 60, "percent": 20.1 / 75}], "values": [{"value": 10}],
              "track": [{"type": "gentle", "side": 1}]})
    assert [(s.kind, s.revenue, s.at) for s in f.stops] == [("town", 10, None)]
    assert links(f) == {frozenset({"0", "s0"}), frozenset({"s0", "2"})}


def test_track_meeting_in_the_open_joins_two_edges_or_makes_a_junction():
    two = face({"track": [{"type": "straight", "side": 1, "end": 0.5}, {"type": "straight", "side": 2, "end": 0.5}]})
    assert two.stops == () and links(two) == {frozenset({"0", "1"})}
    three = face({"track": [{"side": 1}, {"side": 2}, {"side": 3}]})
    assert [s.kind for s in three.stops] == ["junction"]
    assert links(three) == {frozenset({str(e), "s0"}) for e in (0, 1, 2)}


def test_a_city_overlapping_an_edge_meets_it_without_track():
    f = face({"cities": [{"percent": 0.75}, {"angle": 180, "percent": 0.75}], "values": [{"value": 40}]})
    assert [s.at for s in f.stops] == [0, 3]
    assert links(f) == {frozenset({"0", "s0"}), frozenset({"3", "s1"})}


def test_each_value_goes_to_the_nearest_station():
    f = face({"cities": [{"percent": 0.5}, {"angle": 180, "percent": 0.5}],
              "values": [{"value": 50, "angle": 160, "percent": 0.8}, {"value": 30, "angle": 20, "percent": 0.8}],
              "track": [{"type": "straight", "side": 1, "end": 0.25}, {"type": "straight", "side": 4, "end": 0.25}]})
    assert [(s.revenue, s.at) for s in f.stops] == [(30, 0), (50, 3)]
    assert links(f) == {frozenset({"0", "s0"}), frozenset({"3", "s1"})}


def test_icons_marks_names_and_coloured_sides_are_read():
    result = read_hex({"cities": [{"companies": ["KO", {"label": "Dest", "color": "red"}], "size": 2,
                                   "name": {"name": "Osaka"}}],
                       "icons": [{"type": "port", "angle": 120, "percent": 0.7}, {"type": "mine"}],
                       "borders": [{"side": s, "color": "violet"} for s in range(1, 7)]})
    assert result.problems == []
    face = result.face
    assert face["stops"][0]["marks"] == ["KO", {"company": "Dest", "color": "red"}]
    assert face["icons"] == [{"name": "port", "at": 2}, {"name": "mine"}]  # angle 0 is edge 0, 60 a side
    assert face["name"] == "Osaka" and face["frame"] == {"color": "violet"}
    two = read_hex({"labels": [{"label": "A"}, {"label": "B", "angle": 120, "percent": 0.8}]}).face
    assert two == {"label": "A", "icons": [{"name": "B", "at": 2}]}  # a second label prints boxed where it stands
    sides = read_hex({"borders": [{"side": 1, "color": "water"}, {"side": 2, "color": "violet"}]}).face["borders"]
    assert sides == [{"edge": 0, "type": "water"}, {"edge": 1, "type": "impassable", "color": "violet"}]


def test_track_from_a_side_ending_in_the_open_is_a_stub():
    assert read_hex({"track": [{"type": "straight", "side": 1, "end": 0.5}, {"type": "stub", "side": 3}]}).face == \
        {"stubs": [0, 2]}


def test_narrow_and_dual_gauge_track_keep_their_gauge():
    f = face({"towns": [{}], "track": [{"type": "straight", "gauge": "narrow"}, {"type": "sharp", "gauge": "dual"},
                                       {"type": "gentle", "side": 3}]})
    gauges = {frozenset({str(p.a), str(p.b)}): p.track for p in f.paths}
    assert "narrow" in gauges.values() and "dual" in gauges.values() and "standard" in gauges.values()


@pytest.mark.parametrize("drawing, problem", [
    ({"towns": [{"color": "red"}]}, "a red town"),
    ({"track": [{"type": "straight", "gauge": "broad9"}]}, "broad9 gauge track"),
    ({"cities": [{}], "widgets": [1]}, "'widgets' ([1])"),
    ({"track": [{"type": "straight", "side": 1, "start": 0.2, "end": 0.4}]}, "track ends in the open at (0, 45)"),
    # more values than stations, and no value nearest each station alone: which pays what is unclear
    ({"cities": [{}, {"angle": 180, "percent": 0.5}], "values": [{"value": 1, "angle": 90, "percent": 0.1},
                                                                 {"value": 2, "angle": 270, "percent": 0.9},
                                                                 {"value": 3, "angle": 90, "percent": 0.9}]},
     "3 values for 2 cities and towns"),
    ({"shapes": [{"type": "cloud"}]}, "shape 'cloud'"),
    ({"track": [{"type": "custom", "path": "M 0 0 L 10 10"}]}, "track ends in the open at (0, 0)"),
])
def test_what_pnp_cannot_print_is_reported_not_dropped(drawing, problem):
    result = read_hex(drawing)
    assert result.face is None and problem in result.problems


def test_variant_ids_become_plain_numbers_when_free():
    assert library_id("511|Y", {"5", "57"}) == "511"
    assert library_id("202|A", {"202"}) == "202-A"
    assert library_id("57", {"57"}) == "57"


def test_a_junction_joins_every_pair_of_its_ends():
    junction = face({"track": [{"side": 1}, {"side": 2}, {"side": 3}]})
    pairs = facts([], [(("edge", 3), ("edge", 4)), (("edge", 4), ("edge", 5)), (("edge", 3), ("edge", 5))])
    assert rotations(face_facts(junction), pairs) == [3]


# --- the checked-in library -----------------------------------------------------------


@pytest.fixture(scope="module")
def conversion(reference):
    return convert_library(reference / "18xx-maker")


def test_the_checked_in_library_is_the_converters_output(reference, conversion):
    rails = read_rails_tiles(reference / "tiles" / "Tiles.xml")
    for name, text in outputs(conversion, rails).items():
        assert (data_dir() / "tiles" / name).read_text(encoding="utf-8") == text, f"data/tiles/{name} is stale"


def test_every_source_tile_is_converted_or_reported_with_a_reason(reference, conversion):
    source = sum(len(json.loads((reference / "18xx-maker" / "tiles" / f"{n}.json").read_text())) for n in SOURCE_FILES)
    assert len(conversion.tiles) + len(conversion.skipped) == source == 794
    assert all(problems for _, problems in conversion.skipped)
    report = (data_dir() / "tiles" / "maker-report.md").read_text(encoding="utf-8")
    for entry, _ in conversion.skipped:
        assert entry.source_id.replace("|", "\\|") in report
    assert len(tile_library()) == len(conversion.tiles) > 500


def test_converted_tiles_agree_with_rails_wherever_a_number_means_one_tile(reference, conversion):
    """Rails' global library is independent data: every tile both number the same must
    match in colour, stations, revenue and track. The exceptions are numbers that name
    different tiles in different games (different revenues or colours, not misreadings)."""
    rails = read_rails_tiles(reference / "tiles" / "Tiles.xml")
    shared, differing = rails_differences(conversion.tiles, rails)
    assert shared > 200
    assert {line.split(":")[0][2:] for line in differing} == {
        "52", "123", "128", "129", "130", "134", "161", "168", "200", "262", "315", "439", "655", "983", "1067",
        # gauge tiles converted since narrow and dual gauge print: 18xx-maker's are 1858's
        # (e.g. 656: sides 3, 4, 5, 1, so exits 0234), Rails' another game's
        "105", "653", "656", "672", "673",
        # converted since company marks print: 18xx-maker's 8877 (HKR's home) pays 30, Rails' 20
        "8877",
        # converted since 'x/y' values print: 18xx-maker prints both (30/50), Rails keeps the
        # later one (50); 301, 311 and 313 are drawn turned besides
        "221", "301", "302", "311", "312", "313",
        # converted since two-coloured tiles and rivers print: other games' tiles of the number
        "166", "326"}


def test_rerunning_with_check_finds_a_stale_file(reference, tmp_path):
    args = ["--reference", str(reference / "18xx-maker"), "--out", str(tmp_path)]
    assert main(args) == 0
    (tmp_path / "green.yaml").write_text("tiles: []\n")
    assert main(args + ["--check"]) == 1
    assert main(["--reference", str(tmp_path / "nowhere"), "--out", str(tmp_path)]) == 2


def test_rails_xml_with_entities_is_refused(tmp_path):
    path = tmp_path / "Tiles.xml"
    path.write_text('<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "b">]><Tiles/>')
    with pytest.raises(PnpError, match="entity"):
        read_rails_tiles(path)


# --- the tiles 1860 and 1851 use ------------------------------------------------------


def _1860_standard(reference) -> list[dict]:
    own = {str(t["id"]) for t in read_yaml(data_dir() / "games" / "1860" / "tiles.yaml")["tiles"]}
    tiles = json.loads((reference / "1860" / "1860.json").read_text())["tiles"]
    return [t for t in tiles if t["id"] not in own]


def _1851_tiles(reference) -> list[dict]:
    tiles = json.loads((reference / "1851" / "1851.json").read_text())["tiles"]
    return [t for t in tiles if not t["preprinted_map_tile"]]


def test_library_covers_every_tile_1860_and_1851_use(reference):
    needed_1860 = {t["id"] for t in _1860_standard(reference)}
    assert needed_1860 == {"5", "6", "7", "8", "9", "12", "16", "17", "18", "19", "20", "21", "22", "57", "115",
                           "205", "206", "625", "626"}
    needed_1851 = {t["id"] for t in _1851_tiles(reference)}
    assert len(needed_1851) == 46
    assert needed_1860 | needed_1851 <= set(tile_library())


def test_1860_standard_tiles_match_the_reference_codes(reference):
    library = tile_library()
    for ref in _1860_standard(reference):
        tile = library[ref["id"]]
        assert tile.color == ref["color"], ref["id"]
        assert same_tile(face_facts(tile), face_facts(from_code(ref["code"], TileFace))), ref["id"]


@pytest.mark.parametrize("xml", ["1851/Tiles.xml", "tiles/Tiles.xml"])
def test_1851_tiles_match_rails(reference, xml):
    rails = read_rails_tiles(reference / xml)
    library = tile_library()
    for ref in _1851_tiles(reference):
        tile, theirs = library[ref["id"]], rails[ref["id"]]
        assert tile.color == theirs.colour == ref["colour"], ref["id"]
        assert same_tile(face_facts(tile), theirs.facts), ref["id"]
        assert tile.label == ref["label"], ref["id"]


def test_the_y_tiles_carry_their_label():
    library = tile_library()
    assert {i: library[i].label for i in Y_TILES} == {i: "Y" for i in Y_TILES}
    assert [library[i].color for i in ("202", "511", "216", "512")] == ["yellow", "green", "brown", "gray"]


def test_1860_still_validates():
    result = run("validate", "1860")
    assert result.exit_code == 0, result.output
