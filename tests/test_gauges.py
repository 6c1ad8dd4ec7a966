"""Track gauges: standard, narrow and dual gauge in tile codes, in the YAML chains and
in the upgrade rules (narrow track upgrades to narrow or dual track, never to standard)."""

from __future__ import annotations

import pytest

from pnp.export.tileyaml import tile_yaml
from pnp.model.convert import validate
from pnp.model.tile import Tile
from pnp.tilecode import TileCodeError, face_to_code, from_code, parse_tile_code
from pnp.upgrades import is_upgrade


def tile(tile_id: str, colour: str, code: str) -> Tile:
    return from_code(code, Tile, id=tile_id, color=colour)


def test_codes_and_yaml_carry_the_gauge():
    t = tile("x", "yellow", "town=revenue:10;path=a:0,b:_0,track:narrow;path=a:_0,b:3,track:dual;path=a:1,b:4")
    assert sorted(p.track for p in t.paths) == ["dual", "narrow", "standard"]
    assert tile("x", "yellow", face_to_code(t)) == t
    text = tile_yaml(t)
    assert "narrow]" in text and "dual]" in text
    assert validate(Tile, dict(id="y", color="yellow", track=[[0, "s0", 3, "narrow"]], stops=[{"town": 10}])).paths[0].track == "narrow"


def test_an_unknown_gauge_is_an_error_naming_it():
    with pytest.raises(TileCodeError, match="unknown track 'meter'"):
        parse_tile_code("path=a:0,b:3,track:meter")
    with pytest.raises(ValueError, match="unknown track gauge"):
        validate(Tile, dict(id="z", color="yellow", paths=[{"a": 0, "b": 3, "track": "meter"}]))


NARROW_YELLOW = "path=a:0,b:3,track:narrow"


@pytest.mark.parametrize("green, upgrades", [
    ("path=a:0,b:3,track:narrow;path=a:1,b:4,track:narrow", True),
    ("path=a:0,b:3,track:dual;path=a:1,b:4", True),
    ("path=a:0,b:3;path=a:1,b:4", False),  # standard track does not carry narrow-gauge trains
    ("path=a:0,b:3,track:narrow;path=a:1,b:4", True),
])
def test_narrow_track_upgrades_to_narrow_or_dual(green, upgrades):
    assert is_upgrade(tile("n", "yellow", NARROW_YELLOW), tile("g", "green", green), "yellow") is upgrades


def test_standard_track_does_not_upgrade_to_narrow():
    old = tile("s", "yellow", "path=a:0,b:3")
    assert not is_upgrade(old, tile("g", "green", "path=a:0,b:3,track:narrow;path=a:1,b:4,track:narrow"), "yellow")
    assert is_upgrade(old, tile("g", "green", "path=a:0,b:3,track:dual;path=a:1,b:4"), "yellow")
