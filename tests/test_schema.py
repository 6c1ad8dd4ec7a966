"""`pnp schema`: the JSON Schema of every data file accepts every bundled and imported
game, and rejects what the loader rejects: wrong types, unknown fields, missing ones."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
import yaml

from conftest import run
from pnp.resources import data_dir
from pnp.schema import MARKER, schema_texts
from pnp.schema.files import schemas
from pnp.schema.kinds import kind_of

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra: pip install '.[test]'")

GAMES = ("1860", "1851", "18xy")
REGENERATE = "pnp schema --out data/schema --mark data/games/1860 --mark data/games/1851 --mark data/games/18xy"
YAML_11_BOOLEAN_KEYS = {True: "on", False: "off"}  # YAML 1.1 reads a bare `on:` key as true; editors read "on"


def as_json(data):
    """YAML data as an editor's language server sees it: keys are strings."""
    if isinstance(data, dict):
        return {(YAML_11_BOOLEAN_KEYS[k] if isinstance(k, bool) else str(k)): as_json(v) for k, v in data.items()}
    if isinstance(data, list):
        return [as_json(v) for v in data]
    return data


@functools.cache
def validator(kind: str):
    return jsonschema.Draft7Validator(schemas()[kind])


def problems(kind: str, data) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator(kind).iter_errors(as_json(data))]


def game_files(folder: Path):
    for path in sorted(folder.rglob("*.yaml")):
        kind = kind_of(path, folder)
        if kind is not None:
            yield path, kind


def test_every_schema_is_a_valid_draft7_schema():
    for kind, schema in schemas().items():
        jsonschema.Draft7Validator.check_schema(schema)
        assert schema["title"] and schema["description"], kind


@pytest.mark.parametrize("game", GAMES)
def test_every_yaml_file_of_the_bundled_games_is_valid_and_names_its_schema(game):
    folder = data_dir() / "games" / game
    seen = set()
    for path, kind in game_files(folder):
        text = path.read_text(encoding="utf-8")
        assert problems(kind, yaml.safe_load(text)) == [], path
        first = text.splitlines()[0]
        assert first.startswith(MARKER), f"{path}: no schema line; run `{REGENERATE}`"
        target = (path.parent / first.removeprefix(MARKER)).resolve()
        assert target.is_file(), f"{path}: {target}"
        assert json.loads(target.read_text()) == json.loads(json.dumps(schemas()[kind])), path
        seen.add(kind)
    assert {"game.yaml", "tiles.yaml", "market.yaml", "companies.yaml", "trains.yaml", "phases.yaml"} <= seen


def test_the_shipped_schema_files_are_the_ones_pnp_schema_writes(tmp_path):
    result = run("schema", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    written = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.iterdir()}
    assert written == schema_texts()
    shipped = {p.name: p.read_text(encoding="utf-8") for p in (data_dir() / "schema").glob("*.json")}
    assert shipped == written, f"data/schema/ is stale: run `{REGENERATE}`"
    assert len(written) == len(schemas()) >= 12


def test_every_game_imported_from_18xx_maker_is_valid(reference, tmp_path):
    from pnp.importers.maker_game import import_game

    sources = sorted((reference / "18xx-maker" / "games").glob("*.json"))
    assert len(sources) >= 10
    checked = 0
    for source in sources:
        folder = tmp_path / source.stem
        import_game(source, folder)
        for path, kind in game_files(folder):
            assert problems(kind, yaml.safe_load(path.read_text(encoding="utf-8"))) == [], path
            checked += 1
    assert checked >= 5 * len(sources)


def test_an_imported_game_gets_its_schemas_and_schema_lines(reference, tmp_path):
    from pnp.importers.maker_game import import_game

    folder = tmp_path / "1861"
    import_game(reference / "18xx-maker" / "games" / "1861.json", folder)
    result = run("schema", "--out", folder / "schema", "--mark", folder)
    assert result.exit_code == 0, result.output
    marked = sorted(p for p in folder.glob("*.yaml"))
    assert len(marked) >= 6 and result.output.count("marked: ") == len(marked)
    for path in marked:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        schema = json.loads((folder / first.removeprefix(MARKER)).read_text(encoding="utf-8"))
        jsonschema.Draft7Validator(schema).validate(as_json(yaml.safe_load(path.read_text(encoding="utf-8"))))
    assert run("validate", folder).exit_code == 0
    again = run("schema", "--out", folder / "schema", "--mark", folder)
    assert "marked: " not in again.output  # already marked: nothing changes
    assert run("schema", "--mark", tmp_path).exit_code == 2  # not a game folder


def test_the_tile_library_is_valid():
    for path in sorted((data_dir() / "tiles").glob("*.yaml")):
        assert problems("library/*.yaml", yaml.safe_load(path.read_text(encoding="utf-8"))) == [], path


# Each bad case: the file, the text to change, what it becomes, and words of the schema's
# complaint. The loader rejects each of them too (checked with `pnp validate`).
BAD = [
    # wrong types
    ("tiles.yaml", '"5": 2', '"5": two', "is not of type 'integer'"),
    ("game.yaml", "orientation: flat", "orientation: 7", "is not one of"),
    ("trains.yaml", "price: 250", "price: cheap", "is not of type 'integer'"),
    ("market.yaml", "kind: zigzag", "kind: spiral", "is not one of"),
    ("map.yaml", "stops: [{town: 0}]}", "stops: [{town: lots}]}", "is not valid under any of the given schemas"),
    ("companies.yaml", 'color: "#00bfff"', "color: blue", "does not match"),
    # unknown fields
    ("tiles.yaml", "track: [[0, s0, 1]]", "trakc: [[0, s0, 1]]", "Additional properties are not allowed"),
    ("map.yaml", "stops: [{town: 0}]}", "stops: [{town: 0, slotz: 2}]}", "is not valid under any of the given schemas"),
    ("companies.yaml", "home_name: Cowes", "home_nam: Cowes", "Additional properties are not allowed"),
    ("phases.yaml", "train_limit: 4", "train_limit: 4\n    trainlimit: 4", "Additional properties are not allowed"),
    # missing required fields
    ("trains.yaml", "    price: 250\n", "", "'price' is a required property"),
    ("market.yaml", "kind: zigzag\n", "", "'kind' is a required property"),
    ("companies.yaml", "    tokens: [0, 40, 100, 100]\n", "", "'tokens' is a required property"),
]


@pytest.mark.parametrize("filename,old,new,complaint", BAD, ids=[f"{b[0]}:{b[2][:20]}" for b in BAD])
def test_the_schema_rejects_what_the_loader_rejects(game_copy, filename, old, new, complaint):
    folder = game_copy("1860")
    path = folder / filename
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    found = problems(kind_of(path, folder), yaml.safe_load(path.read_text(encoding="utf-8")))
    assert found and any(complaint in p for p in found), found
    result = run("validate", folder)
    assert result.exit_code == 2, result.output


def test_a_tile_in_the_compact_form_is_described_as_people_type_it():
    tile = {"id": "X", "color": "green", "stops": [{"city": 30, "slots": 2}, {"town": {"yellow": 10, "brown": 20},
            "at": 2.5}, {"halt": "£"}, {"junction": None}], "track": [[0, "s0", 3], ["s1", 4, "terminal"]]}
    assert problems("tiles.yaml", {"manifest": {"X": 1}, "tiles": [tile]}) == []
    for bad in ({**tile, "stops": [{"city": 30, "town": 10}]},  # two kinds in one stop
                {**tile, "stops": [{"city": 30, "at": 6}]},  # no such edge
                {**tile, "track": [[0, "stop0"]]},  # not an end
                {**tile, "paths": []}):  # the model's field, not what people type
        assert problems("tiles.yaml", {"manifest": {"X": 1}, "tiles": [bad]}), bad
