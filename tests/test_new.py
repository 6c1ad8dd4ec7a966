"""`pnp new`: a game folder that loads and builds at once, commented, naming its schemas."""

from __future__ import annotations

import json
import re

import pytest
import yaml

from conftest import run
from pnp.load import load_game
from pnp.schema import MARKER
from pnp.schema.kinds import kind_of

FILES = {"game.yaml", "tiles.yaml", "map.yaml", "market.yaml", "companies.yaml", "trains.yaml", "phases.yaml"}


def test_a_blank_game_has_a_small_map_a_few_tiles_two_companies_a_market_and_trains(tmp_path):
    result = run("new", "Little Railways", "--out", tmp_path / "little")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "little"
    assert FILES <= {p.name for p in folder.glob("*.yaml")}
    game = load_game(folder)
    assert game.title == "Little Railways"
    assert 5 <= len(game.part("map").hexes) and 3 <= len(game.manifest) <= 12
    assert len(game.companies) == 2 and game.market is not None and len(game.trains) >= 2
    for path in folder.glob("*.yaml"):
        lines = path.read_text(encoding="utf-8").splitlines()
        fields, explained = set(), set()
        for before, line in zip([""] + lines, lines):
            match = re.match(r"^\s*(?:- )?(\w+):", line)
            if match:
                fields.add(match[1])
                if "#" in line or before.lstrip().startswith("#"):
                    explained.add(match[1])
        assert fields and fields == explained, f"{path.name}: no comment says what {fields - explained} do"


@pytest.mark.parametrize("start", ["blank", "1860", "18xy"])
def test_every_file_names_a_schema_written_beside_it_that_accepts_it(tmp_path, start):
    jsonschema = pytest.importorskip("jsonschema")
    folder = tmp_path / "g"
    assert run("new", "g", "--from", start, "--out", folder).exit_code == 0
    checked = 0
    for path in sorted(folder.rglob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(MARKER), path
        target = (path.parent / first.removeprefix(MARKER)).resolve()
        assert target.parent == (folder / "schema").resolve() and target.is_file()
        schema = json.loads(target.read_text(encoding="utf-8"))
        data = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8")), default=str))
        if kind_of(path, folder) == "phases.yaml":
            data = json.loads(json.dumps(data).replace('"true":', '"on":'))  # YAML 1.1's bare on:
        jsonschema.Draft7Validator(schema).validate(data)
        checked += 1
    assert checked >= len(FILES)
    assert run("validate", folder).exit_code == 0


def test_a_copy_of_a_bundled_game_builds(tmp_path):
    folder = tmp_path / "mine"
    assert run("new", "mine", "--from", "1860", "--out", folder).exit_code == 0
    assert load_game(folder).total_tiles() == load_game("1860").total_tiles()


def test_it_never_writes_over_an_existing_folder(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    result = run("new", "taken", "--out", tmp_path / "taken")
    assert result.exit_code == 2 and "already exists" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1
    assert [p.name for p in (tmp_path / "taken").iterdir()] == ["notes.txt"]
    bad = run("new", "a/b")
    assert bad.exit_code == 2 and "no slashes" in bad.output
