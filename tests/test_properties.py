"""Property tests (hypothesis, derandomized by the profile in conftest.py): the YAML
loaders, the tile-code reader and the 18xx-maker importer, given random structures and
text, raise only pnp's own errors; random valid tiles render to well-formed SVG.

Random structures are mostly real data with one part replaced, removed or added, so
the examples reach past the first check of each file."""

from __future__ import annotations

import copy
import json
import shutil
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from conftest import REFERENCE  # noqa: E402
from pnp.errors import PnpError  # noqa: E402
from pnp.model.convert import Invalid, validate  # noqa: E402
from pnp.resources import data_dir  # noqa: E402

FIELD_NAMES = ["id", "color", "count", "stops", "track", "paths", "label", "terrain", "type", "cost", "at", "hexes",
               "name", "revenue", "slots", "city", "town", "halt", "offboard", "home", "tokens", "shares", "manifest",
               "tiles", "companies", "symbol", "float_percent", "print", "scale", "paper", "variants", "code"]
TEXT = st.sampled_from(["s0", "s-1", "s99", "edge", "stop", "city", "yellow", "A99999", "B4", "../x", "center", "", " ",
                        "\x07", "\x00", "東京", "🚂", "a\nb", "1e400", "inf", "mountain", "x" * 600]) | st.text(max_size=12)
NUMBERS = st.integers(-10, 10) | st.integers() | st.sampled_from([10**100, -(10**30), 2**63]) | st.floats()
SCALARS = st.none() | st.booleans() | NUMBERS | TEXT
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.sampled_from(FIELD_NAMES) | st.text(max_size=6), inner, max_size=3),
                      max_leaves=8)


@st.composite
def mutated(draw, original):
    """`original` with one part, found by walking down at most 7 levels, replaced by a
    random value, removed, or given a random sibling."""
    data = copy.deepcopy(original)
    parent, key, node = None, None, data
    for _ in range(draw(st.integers(0, 7))):
        if not isinstance(node, (dict, list)) or not node:
            break
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = draw(st.sampled_from(keys))
        parent, node = node, node[key]
    value = draw(VALUES)
    if parent is None:
        return value
    action = draw(st.sampled_from(["replace", "remove", "add"]))
    if action == "replace":
        parent[key] = value
    elif action == "remove":
        del parent[key]
    elif isinstance(parent, dict):
        parent[draw(st.sampled_from(FIELD_NAMES) | st.text(max_size=6))] = value
    else:
        parent.append(value)
    return data


def _yaml(data) -> str:
    import yaml

    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


GAME_FILES = ["game.yaml", "tiles.yaml", "map.yaml", "companies.yaml", "privates.yaml", "trains.yaml", "phases.yaml",
              "market.yaml", "cards.yaml"]
ORIGINALS = {}


def original(name: str):
    import yaml

    if name not in ORIGINALS:
        ORIGINALS[name] = yaml.safe_load((data_dir() / "games" / "1860" / name).read_text(encoding="utf-8"))
    return ORIGINALS[name]


@pytest.fixture(scope="module")
def scratch():
    folder = Path(tempfile.mkdtemp(prefix="pnp-properties-"))
    game = folder / "1860"
    shutil.copytree(data_dir() / "games" / "1860", game)
    yield game
    shutil.rmtree(folder, ignore_errors=True)


def load_only_pnp_errors(game: Path, name: str, text: str) -> None:
    from pnp.load import load_game

    target = game / name
    kept = target.read_bytes()
    target.write_text(text, encoding="utf-8")
    try:
        load_game(game)
    except PnpError as exc:
        assert str(game) in str(exc), f"the error names no file of the game: {exc}"
    finally:
        target.write_bytes(kept)


@settings(max_examples=30)
@given(data=st.data())
def test_game_loader_given_changed_data_raises_only_pnp_errors(scratch, data):
    name = data.draw(st.sampled_from(GAME_FILES))
    load_only_pnp_errors(scratch, name, _yaml(data.draw(mutated(original(name)))))


@settings(max_examples=25)
@given(name=st.sampled_from(GAME_FILES),
       text=st.text(max_size=80) | st.sampled_from(["a: 1\na: 2\n", "x: &a [*a]\n", "- !!python/object:os.system x\n",
                                                    "a: !!binary ZZZ\n", "? [1]\n: 2\n", "t: 2001-13-45\n",
                                                    "n: 1e400\n", "{", "\t- x"]))
def test_game_loader_given_any_text_raises_only_pnp_errors(scratch, name, text):
    load_only_pnp_errors(scratch, name, text)


# --- the tile-code reader --------------------------------------------------------------

CODE_KINDS = ["city", "town", "halt", "offboard", "junction", "path", "label", "upgrade", "border", "terrain", "frame",
              "icon", "future_label"]
CODE_KEYS = ["revenue", "slots", "loc", "a", "b", "cost", "terrain", "edge", "type", "style", "symbol", "lanes",
             "groups", "hide", "track"]
CODE_VALUES = ["0", "20", "-1", "7", "inf", "1e400", "nan", "_0", "_1", "_9", "center", "2.5", "5.5", "yellow_20|green_30",
               "mountain", "water", "", "OO", "99999999999999999999"]


@st.composite
def tile_codes(draw):
    parts = []
    for _ in range(draw(st.integers(0, 5))):
        kind = draw(st.sampled_from(CODE_KINDS) | st.text(max_size=5))
        params = [f"{draw(st.sampled_from(CODE_KEYS) | st.text(max_size=4))}:"
                  f"{draw(st.sampled_from(CODE_VALUES) | st.text(max_size=6))}"
                  for _ in range(draw(st.integers(0, 3)))]
        parts.append(f"{kind}={','.join(params)}")
    return ";".join(parts)


@settings(max_examples=200)
@given(code=tile_codes() | st.text(max_size=40))
def test_tile_code_reader_raises_only_validation_errors_and_what_it_reads_renders(code):
    from pnp.render.tile import tile_svg
    from pnp.templates import theme
    from pnp.tilecode import from_code

    try:
        tile = from_code(code, id="X", color="green")
    except Invalid:
        return
    ET.fromstring(tile_svg(tile, theme("default")))


# --- random valid tiles render ------------------------------------------------------------


@st.composite
def valid_tiles(draw):
    stops = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["city", "town", "halt", "offboard"]))
        stop = {kind: 0 if kind == "halt" else draw(st.integers(0, 9999))}
        if kind == "city":
            stop["slots"] = draw(st.integers(1, 4))
        stops.append(stop)
    ends = list(range(6)) + [f"s{i}" for i in range(len(stops))]
    pairs = draw(st.lists(st.tuples(st.sampled_from(ends), st.sampled_from(ends)), max_size=6, unique=True))
    track = [[a, b] for a, b in pairs if a != b]
    tile = {"id": draw(st.text(st.characters(min_codepoint=0x30, max_codepoint=0x7a), min_size=1, max_size=6)),
            "color": draw(st.sampled_from(["yellow", "green", "brown", "gray", "white", "red", "blue"])),
            "stops": stops, "track": track}
    label = draw(st.none() | st.sampled_from(["OO", "B", "NY", "Chi", "Norwich", "NY/SF", "Y", "T"]))
    if label:
        tile["label"] = label
    if draw(st.booleans()):
        tile["terrain"] = {"cost": draw(st.integers(0, 200)), "type": draw(st.sampled_from(["mountain", "water", "hill"]))}
    return tile


@settings(max_examples=60)
@given(raw=valid_tiles(), orientation=st.sampled_from(["flat", "pointy"]))
def test_random_valid_tiles_render(raw, orientation):
    from pnp.model.tile import Tile
    from pnp.render.tile import tile_svg
    from pnp.templates import theme

    try:
        tile = validate(Tile, raw)
    except Invalid:
        assume(False)  # e.g. the same track given twice in the two directions
        return
    root = ET.fromstring(tile_svg(tile, theme("default"), orientation=orientation))
    assert root.tag.endswith("svg") and len(list(root.iter())) > 3


# --- the 18xx-maker importer ----------------------------------------------------------------

MAKER_GAME = REFERENCE / "18xx-maker" / "games" / "18Test.json"


@settings(max_examples=40)
@given(data=st.data())
def test_18xx_maker_importer_given_changed_data_raises_only_pnp_errors(tmp_path_factory, data):
    from pnp.importers.maker_game import import_game

    if not MAKER_GAME.is_file():
        pytest.skip(f"18xx-maker reference game not found at {MAKER_GAME}")
    if "maker" not in ORIGINALS:
        ORIGINALS["maker"] = json.loads(MAKER_GAME.read_text(encoding="utf-8"))
    folder = Path(tempfile.mkdtemp(dir=tmp_path_factory.getbasetemp()))
    source = folder / "18Test.json"
    source.write_text(json.dumps(data.draw(mutated(ORIGINALS["maker"]))), encoding="utf-8")
    try:
        import_game(source, folder / "out", tiles_folder=MAKER_GAME.parents[1])
    except PnpError as exc:
        assert "bug in the importer" not in str(exc)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
