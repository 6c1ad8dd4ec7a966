"""`pnp build`'s game loading from the program's start (`pnp.commands.early`): the
plain reading of argv guesses what click will hand the build command, or nothing; the
command takes the child's work only for the request click read; a child not taken is
stopped; the program's output and errors are those of the command run in-process."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import run
from pnp.cli import main
from pnp import forked
from pnp.commands import early
from pnp.kit_request import kit_request

ROOT = Path(__file__).resolve().parents[1]
needs_fork = pytest.mark.skipif(not forked.can_fork(), reason="needs os.fork and a second core")


class _Read(Exception):
    """Raised in place of taking the early child: what click handed the command."""


def _as_click_reads(monkeypatch, argv: list[str]):
    """The request the build command makes of `argv` (run in this process by click)."""
    seen = []

    def taken(*request):
        seen.append(request)
        raise _Read

    monkeypatch.setattr(early, "taken", taken)
    with pytest.raises(_Read):
        run(*argv)
    return seen[0]


@pytest.mark.parametrize("argv", [
    ["build", "1860"],
    ["build", "1860", "--out", "x", "-q"],
    ["build", "--paper", "letter", "1858", "--scale=1.02", "--bleed", "2mm", "--no-crop-marks", "--png"],
    ["build", "1860", "--duplex", "long", "--only", "tiles,map", "--lang", "de", "--theme", "dark", "--quiet"],
    ["build", "1860", "--tile-layout", "die", "--layout=west", "--crop-marks", "--cut-files", "svg,dxf",
     "--cut-contour", "--registration", "cricut"],
    ["build", "1860", "--no-cut-contour", "--paper", "a4", "--paper", "a3", "--scale", "0.5e0"],
])
def test_the_guess_is_what_click_reads(monkeypatch, argv):
    guess = early.read_argv(argv)
    assert guess is not None
    assert repr(guess) == repr(_as_click_reads(monkeypatch, argv))


@pytest.mark.parametrize("argv", [
    [], ["games"], ["--version"], ["build"], ["build", "--help"], ["build", "1860", "-h"],
    ["build", "1860", "1851"], ["build", "1860", "--dragons"], ["build", "1860", "--paper"],
    ["build", "1860", "--out", "-x"], ["build", "1860", "--scale", "big"], ["build", "1860", "--png=yes"],
    ["build", "1860", "--", "x"], ["build", "1860", "-qq"], ["-h", "build", "1860"],
])
def test_anything_not_plainly_a_build_is_left_to_click(argv):
    assert early.read_argv(argv) is None


@needs_fork
def test_a_child_that_guessed_the_request_is_taken_and_loads_it():
    early.start(["build", "1860", "--lang", "de", "-q"])
    try:
        game, cli, cut = early.read_argv(["build", "1860", "--lang", "de"])
        ahead = early.taken(game, cli, cut)
        assert ahead is not None and ahead._pid not in (None, os.getpid())
        with ahead:
            loaded = ahead.result()
        here = kit_request(game, cli, cut)
        assert loaded.game == here.game and loaded.settings == here.settings and loaded.warnings == here.warnings
    finally:
        early.close()


@needs_fork
def test_a_child_that_guessed_otherwise_is_stopped():
    early.start(["build", "1860", "--paper", "letter"])
    ahead = early._EARLY[1]
    pid = ahead._pid
    assert early.taken(*early.read_argv(["build", "1860", "--paper", "a4"])) is None
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # killed and reaped
    assert early._EARLY is None and early.taken("1860", {}, {}) is None


def _program(*argv: str):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "pnp", *argv], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("argv", [
    ["build", "no-such-game", "-q"],  # the child's user error
    ["build", "1860", "--duplex", "sideways", "-q"],  # click's error, after the child forked
    ["build", "1860", "--only", "dragons", "-q"],  # an option checked against the game
    ["build", "1860", "--scale", "3", "-q"],
])
def test_the_program_reports_errors_as_the_command_does(argv, tmp_path):
    argv = [*argv, "--out", str(tmp_path / "kit")]
    program = _program(*argv)
    here = CliRunner().invoke(main, argv, prog_name="python -m pnp")
    assert (program.returncode, program.stderr) == (here.exit_code, here.output)
    assert program.returncode == 2 and not (tmp_path / "kit").exists()


def test_the_guess_knows_each_build_option_as_click_does():
    """Every option of the build command is read by the guess the way click reads it:
    a flag as a flag, an option with a value as taking one; an option added to the
    command and not to the guess would make every build with it load twice."""
    from pnp.commands.build import build

    value_options, flags = set(), set()
    for param in build.params:
        if param.param_type_name != "option":
            continue
        names = param.opts + param.secondary_opts
        (flags if param.is_flag else value_options).update(names)
    assert value_options - {"-h"} == set(early.VALUE_OPTIONS)
    assert flags == set(early.FLAGS)
