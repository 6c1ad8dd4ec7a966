import json

import pytest

from pnp.export.tileyaml import tile_yaml
from pnp.model.tile import End, Tile, TileFace
from pnp.tilecode import TileCodeError, face_to_code, from_code, parse_tile_code, read_tile_code
from pnp.model.convert import validate

import yaml


def test_city_with_track_through_it():
    tile = from_code("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3", id="57", color="yellow")
    assert tile.cities()[0].revenue == 20
    assert tile.exits() == (0, 3)
    assert tile.stop_edges(0) == [0, 3]


def test_phase_revenue_and_off_centre_stops():
    face = parse_tile_code("offboard=revenue:yellow_0|green_20|brown_40;path=a:1,b:_0")
    assert face["stops"] == [{"offboard": {"yellow": 0, "green": 20, "brown": 40}}]
    tile = from_code("city=revenue:50,loc:2.5;city=revenue:30,loc:5.5;path=a:0,b:_1", id="x", color="red")
    assert [s.at for s in tile.stops] == [2.5, 5.5]


def test_unknown_key_is_an_error_naming_the_part():
    with pytest.raises(TileCodeError, match="unknown key 'slotz'"):
        parse_tile_code("city=revenue:20,slotz:2")


def test_lenient_reading_lists_what_it_skipped():
    parsed = read_tile_code("city=revenue:20,groups:X;path=a:0,b:_0,lanes:2")
    assert parsed.ignored == ["city.groups=X"]


def test_lanes_are_one_path_of_parallel_tracks_and_print_back():
    # lanes:2, or the engine's expanded form (a_lane:2.0 and 2.1 on repeated paths)
    for code in ("path=a:0,b:3,lanes:2", "path=a:0,b:3,a_lane:2.0,b_lane:2.0;path=a:0,b:3,a_lane:2.1,b_lane:2.1"):
        face = from_code(code, TileFace)
        assert [(str(p.a), str(p.b), p.lanes) for p in face.paths] == [("0", "3", 2)]
        assert face_to_code(face) == "path=a:0,b:3,lanes:2"
    with pytest.raises(TileCodeError, match="lanes"):
        parse_tile_code("path=a:0,b:3,lanes:x")


def _codes(reference):
    data = json.loads((reference / "1860" / "1860.json").read_text())
    return [(t["id"], t["color"], t["code"]) for t in data["tiles"]] + \
           [(h["coordinate"], h["color"], h["code"]) for h in data["hexes"]]


def test_every_1860_code_is_expressible_and_round_trips(reference):
    for ident, colour, code in _codes(reference):
        tile = from_code(code, id=ident, color=colour)
        again = from_code(face_to_code(tile), id=ident, color=colour)
        assert again.same_face(tile), ident
        from_yaml = validate(Tile, yaml.safe_load(tile_yaml(tile, indent=""))[0])
        assert from_yaml.same_face(tile), ident


def test_halts_and_node_to_node_track(reference):
    codes = {i: c for i, _, c in _codes(reference)}
    tile = from_code(codes["789"], id="789", color="brown")
    assert [s.kind for s in tile.stops] == ["city", "town", "halt"]
    assert any(p.a == End("stop", 0) and p.b == End("stop", 1) for p in tile.paths)


def test_import_tile_code_round_trips_every_1860_code(reference):
    from conftest import run

    for ident, colour, code in _codes(reference):
        colour = "white" if colour == "white" else colour
        result = run("import", "tile-code", code, "--id", ident, "--color", colour)
        assert result.exit_code == 0, (ident, result.output)
        tile = validate(Tile, yaml.safe_load(result.output)[0])
        original = from_code(code, id=ident, color=colour)
        assert tile.same_face(original), ident
        assert from_code(face_to_code(tile), id=ident, color=colour).same_face(original), ident


def test_import_tile_code_rejects_bad_codes():
    from conftest import run

    result = run("import", "tile-code", "city=revenue:20,slotz:3", "--id", "1", "--color", "yellow")
    assert result.exit_code == 2 and "slotz" in result.output and "Traceback" not in result.output
