"""pnp.model.convert: data read into the model's structs, and the first problem as a
place and a message that name what the data says (msgspec's own wording and its `$.a[0]`
paths never reach the user)."""

from __future__ import annotations

import pytest

from pnp.model.convert import Invalid, validate
from pnp.model.game import GameInfo
from pnp.model.map import MapFile
from pnp.model.rules import Market, PhasesFile, Train
from pnp.model.tile import Tile, TileFace
from pnp.tilecode import parse_tile_code

MARKET = {"kind": "row", "rows": [["50p", 60, "70"]],
          "zones": {"p": {"name": "Par", "color": "#aabbcc", "legend": "par values"}}}


def problem(model, data) -> tuple[tuple, str]:
    with pytest.raises(Invalid) as caught:
        validate(model, data, parse_tile_code)
    return caught.value.loc, caught.value.message


def test_unknown_and_missing_fields_are_named_at_their_place():
    assert problem(GameInfo, {"title": "X", "colour": "red"}) == (("colour",), "unknown field 'colour'")
    assert problem(PhasesFile, {"phases": [{"name": "2", "tiles": ["yellow"], "operating_rounds": 1}]}) == (
        ("phases", 0, "train_limit"), "missing field 'train_limit'")


def test_a_literal_lists_its_choices_in_the_order_the_model_gives_them():
    loc, message = problem(Market, {**MARKET, "kind": "circle"})
    assert loc == ("kind",) and message == "expected 'grid', 'row' or 'zigzag', not 'circle'"


def test_an_error_under_a_mapping_names_the_key():
    zones = {"a": {"name": "A", "color": "#000000", "legend": "a"}, "p": {"name": "P", "color": "blue", "legend": "p"}}
    loc, message = problem(Market, {**MARKET, "rows": [["50a", "60p"]], "zones": zones})
    assert loc == ("zones", "p", "color")
    assert message.startswith("expected text matching the pattern") and message.endswith("not 'blue'")


def test_bounds_are_worded():
    loc, message = problem(Tile, {"id": "1", "color": "yellow", "label": "L" * 30})
    assert loc == ("label",) and message.startswith("expected text of at most 24 characters, not 'LLL")
    loc, message = problem(Tile, {"id": "1", "color": "yellow", "stops": [{"city": 10, "slots": 12}]})
    assert loc == ("stops", 0, "slots") and message == "expected a whole number, 9 or less, not 12"


def test_a_check_after_reading_names_its_field():
    assert problem(Tile, {"id": "1", "color": "yellow", "stubs": [7]}) == (("stubs",), "stubs must be edges 0-5, not [7]")
    assert problem(TileFace, {"stops": [{"town": 10, "at": 6.5}]}) == (
        ("stops", 0, "at"), "'at' must be an edge 0-5 or a corner such as 2.5, not 6.5")


def test_the_compact_form_of_a_hex_is_read_and_its_errors_placed():
    data = {"hexes": [{"at": "A1"}, {"at": ["B2", "C3"], "stops": [{"city": 20, "marks": ["KO"]}], "track": [[0, "s0"]],
                                     "icons": ["port"]}]}
    hexes = validate(MapFile, data).hexes
    assert hexes[1].at == ("B2", "C3") and hexes[1].stops[0].marks[0].company == "KO"
    assert hexes[1].icons[0].name == "port" and [str(e) for e in hexes[1].paths[0].ends()] == ["0", "s0"]
    loc, message = problem(MapFile, {"hexes": [{"at": "A1"}, {"at": "B2", "track": [[0, 9]]}]})
    assert loc == ("hexes", 1) and message == "track[0]: edge 9 is outside 0-5"


def test_numbers_are_read_as_laxly_as_yaml_needs_but_true_is_not_a_number():
    train = validate(Train, {"name": "2", "count": "3", "price": 80.0})
    assert (train.count, train.price) == (3, 80) and isinstance(train.price, int)
    assert problem(Train, {"name": "2", "count": 3, "price": True}) == (("price",), "expected a whole number, not True")


def test_a_tile_code_is_read_only_with_the_reader():
    tile = validate(Tile, {"id": "57", "color": "yellow", "code": "city=revenue:20;path=a:0,b:_0"}, parse_tile_code)
    assert tile.stops[0].revenue == 20 and tile.exits() == (0,)
    with pytest.raises(Invalid, match="read when data loads"):
        validate(Tile, {"id": "57", "color": "yellow", "code": "city=revenue:20"})
