"""`pnp build`'s YAML read ahead by a helper (`pnp.readahead`): it reads what the
loading reads, in that order; the loading child takes a document only for the same
path and text, and reads anything else itself, so that what it loads and the errors it
reports are those of reading every file itself."""

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import forked, readahead, yamlfile
from pnp.cli import main
from pnp.commands import early
from pnp.kit_request import kit_request
from pnp.resources import data_dir

ROOT = Path(__file__).resolve().parents[1]
needs_fork = pytest.mark.skipif(not forked.can_fork(), reason="needs os.fork and a second core")


def _parsed_by_loading(monkeypatch, argv: list[str]) -> list[tuple[str, str]]:
    """(path, text) of every document `pnp build` argv's loading parses, in order."""
    seen = []
    parse = yamlfile.parse_yaml

    def parse_yaml(path, text):
        seen.append((str(path), text))
        return parse(path, text)

    monkeypatch.setattr(yamlfile, "parse_yaml", parse_yaml)
    monkeypatch.setattr("pnp.library.parse_yaml", parse_yaml)
    kit_request(*early.read_argv(argv))
    return seen


@pytest.mark.parametrize("argv", [["build", "1860"], ["build", "1851", "--lang", "de", "--theme", "colorblind"],
                                  ["build", "18xy"]])
def test_the_helper_reads_what_the_loading_reads_in_its_order(monkeypatch, argv):
    from pnp import library, templates, i18n

    for cached in (library.library, templates.theme, templates.paper_sizes, templates.tile_layouts):
        cached.cache_clear()
    monkeypatch.setattr(i18n, "_READ", {})
    game, cli, _ = early.read_argv(argv)
    ahead = [(str(path), text) for path, text, _ in readahead.documents(game, early.templates(cli))]
    parsed = [doc for doc in _parsed_by_loading(monkeypatch, argv) if "/sections/" not in doc[0]]
    assert len(parsed) > 10
    assert ahead == parsed  # 18xy's map sections are left to the loading


def test_a_document_with_a_problem_is_left_to_the_loading(game_copy):
    folder = game_copy("1860")
    (folder / "trains.yaml").write_text("trains: [1, 2\n", encoding="utf-8")
    names = [Path(path).name for path, _, _ in readahead.documents(str(folder), [])]
    assert "game.yaml" in names and "map.yaml" in names and "trains.yaml" not in names


def _stream(*documents) -> "readahead._Stream":
    read, write = os.pipe()
    with os.fdopen(write, "wb") as pipe:
        for doc in documents:
            pickle.dump(doc, pipe)
    return readahead._Stream(read)


def test_a_document_is_taken_only_for_the_same_path_and_text():
    stream = _stream(("a.yaml", "x: 1\n", {"x": 1}), ("b.yaml", "y: [1]\n", {"y": [1]}))
    assert stream.take(Path("b.yaml"), "y: [2]\n") is None  # changed since the helper read it
    assert stream.take(Path("a.yaml"), "x: 1\n") == ({"x": 1},)
    assert stream.take(Path("a.yaml"), "x: 1\n") is None  # taken once; a second reading parses
    assert stream.take(Path("b.yaml"), "y: [1]\n") == ({"y": [1]},)
    assert stream.pipe is None  # read to its end


def test_a_helper_killed_while_writing_leaves_the_rest_to_the_loading():
    read, write = os.pipe()
    os.write(write, pickle.dumps(("a.yaml", "x: 1\n", {"x": 1}))[:-3])
    os.close(write)
    stream = readahead._Stream(read)
    assert stream.take("a.yaml", "x: 1\n") is None and stream.pipe is None


@needs_fork
def test_the_loading_child_takes_the_helpers_documents_and_loads_the_same(monkeypatch):
    argv = ["build", "1851", "--lang", "de"]
    game, cli, cut = early.read_argv(argv)
    readahead.start(game, early.templates(cli))
    taken = []

    def load():
        take = yamlfile.READ_AHEAD
        yamlfile.READ_AHEAD = lambda path, text: taken.append(str(path)) or take(path, text)
        return kit_request(game, cli, cut), taken

    with readahead.handing_over():
        child = forked.Ahead(load)
    assert not readahead._HELD and yamlfile.READ_AHEAD is None  # only the child takes them
    with child:
        loaded, taken = child.result()
    assert child._pid is None and len(taken) > 10
    here = kit_request(game, cli, cut)
    assert loaded.game == here.game and loaded.settings == here.settings and loaded.catalogues == here.catalogues


def _program(*argv: str):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "pnp", *argv], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("broken", [
    ("map.yaml", "hexes:\n  - at: A1\n    at: A2\n"),  # a duplicate key
    ("trains.yaml", "trains: [1, 2\n"),  # YAML syntax
    ("companies.yaml", "companies:\n  - name: \"\\x07\"\n"),  # a control character
])
def test_the_program_reports_a_broken_file_as_the_command_does(tmp_path, broken):
    folder = tmp_path / "game"
    shutil.copytree(data_dir() / "games" / "1860", folder)
    (folder / broken[0]).write_text(broken[1], encoding="utf-8")
    argv = ["build", str(folder), "-q", "--out", str(tmp_path / "kit")]
    program = _program(*argv)
    here = CliRunner().invoke(main, argv, prog_name="python -m pnp")
    assert (program.returncode, program.stderr) == (here.exit_code, here.output)
    assert program.returncode == 2 and broken[0] in program.stderr
