"""Work done ahead in a forked child (`pnp.forked`), and `pnp build` loading its game
that way: the same result, the same user errors, nothing left running, nothing written."""

import os
import time

import pytest

from conftest import run
from pnp import forked
from pnp.errors import DataError, PnpError

needs_fork = pytest.mark.skipif(not forked.can_fork(), reason="needs os.fork and a second core")


def _pid_and_parent():
    return os.getpid(), os.getppid()


def _data_error(where):
    raise DataError(where, "colors.town", "unknown colour 'navy'")


def _bug():
    raise ZeroDivisionError("a bug")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@needs_fork
def test_the_work_runs_in_a_child_and_its_result_comes_back():
    here = os.getpid()
    with forked.Ahead(_pid_and_parent) as ahead:
        child, parent = ahead.result()
    assert child != here and parent == here


@needs_fork
def test_a_user_error_in_the_child_comes_back_with_its_message():
    with pytest.raises(PnpError) as raised, forked.Ahead(_data_error, "game.yaml") as ahead:
        ahead.result()
    assert str(raised.value) == str(DataError("game.yaml", "colors.town", "unknown colour 'navy'"))


@needs_fork
def test_a_bug_in_the_child_is_raised_again_here_with_its_traceback():
    with pytest.raises(ZeroDivisionError, match="a bug"), forked.Ahead(_bug) as ahead:
        ahead.result()


def test_on_one_core_the_work_runs_in_this_process(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert not forked.can_fork()
    with forked.Ahead(_pid_and_parent) as ahead:
        assert ahead.result() == (os.getpid(), os.getppid())


@needs_fork
def test_a_child_whose_result_is_not_wanted_is_ended_and_reaped():
    ahead = forked.Ahead(time.sleep, 60)
    pid = ahead._pid
    assert _alive(pid)
    ahead.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)
    assert not _alive(pid)


def test_a_build_of_bad_data_stops_as_validate_does_and_writes_nothing(game_copy, tmp_path):
    folder = game_copy("1860")
    game = folder / "game.yaml"
    game.write_text(game.read_text() + "\ncolors:\n  town: navy\n")
    checked = run("validate", folder)
    out = tmp_path / "kit"
    built = run("build", folder, "--out", out, "-q")
    assert checked.exit_code == built.exit_code == 2
    assert built.output == checked.output and built.output.startswith("pnp: error: ") and "Traceback" not in built.output
    assert not out.exists() and not list(tmp_path.glob(".pnp-staging-*"))


def test_a_build_warns_of_missing_translations_before_it_builds(game_copy, tmp_path):
    folder = game_copy("1851")
    path = folder / "privates.yaml"
    german = "      de: Keine besondere Fähigkeit. Wird in Phase 5 geschlossen; darf nicht verkauft werden.\n"
    path.write_text(path.read_text().replace(german, "", 1))
    result = run("build", folder, "--lang", "de", "--only", "privates", "--out", tmp_path / "kit", "-q")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("pnp: warning: 1 data text(s) have no 'de' version")


def test_a_build_on_one_core_loads_in_this_process_and_writes_the_same_bytes(tmp_path, monkeypatch):
    args = ("build", "1860", "--only", "tokens,trains", "-q", "--out")
    assert run(*args, tmp_path / "two").exit_code == 0
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    monkeypatch.setattr(os, "fork", None)  # nothing may fork on one core: not the game's loading, not the pool
    assert run(*args, tmp_path / "one").exit_code == 0
    files = sorted(p.relative_to(tmp_path / "two") for p in (tmp_path / "two").rglob("*") if p.is_file())
    assert files and files == sorted(p.relative_to(tmp_path / "one") for p in (tmp_path / "one").rglob("*") if p.is_file())
    assert all((tmp_path / "two" / f).read_bytes() == (tmp_path / "one" / f).read_bytes() for f in files)


def test_a_refused_fork_computes_here(monkeypatch):
    opened = []
    real_pipe = os.pipe

    def pipe():
        fds = real_pipe()
        opened.extend(fds)
        return fds

    def refuse():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(forked, "can_fork", lambda: True)
    monkeypatch.setattr(os, "pipe", pipe)
    monkeypatch.setattr(os, "fork", refuse)
    with forked.Ahead(_pid_and_parent) as ahead:
        assert ahead.result() == (os.getpid(), os.getppid())
    for fd in opened:  # both ends of the pipe closed again
        with pytest.raises(OSError):
            os.fstat(fd)


def test_a_kit_request_crosses_a_pipe_whole():
    """The child's result pickles: were it not to, every build would load its game twice,
    one load after the other, with the same bytes at the end."""
    import pickle

    from pnp.kit_request import kit_request

    request = kit_request("1860", {"paper": None, "scale": None, "bleed": None, "crop_marks": None, "duplex": None,
                                   "lang": None, "theme": None, "tile_layout": None, "layout": None, "only": None}, None)
    back = pickle.loads(pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL))
    assert back.game == request.game
    assert back.print_options() == request.print_options()


@pytest.mark.parametrize("name", ["1860", "1851", "18xy"])
def test_a_loaded_game_comes_back_from_a_pickle_equal_to_itself(name):
    """Model values are made again without their checks (`pnp.model.base._revive`): the
    same values, field for field, of the same types."""
    import pickle

    from pnp.load import load_game

    game = load_game(name)
    back = pickle.loads(pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == game and repr(back) == repr(game)
    again = pickle.loads(pickle.dumps(back, protocol=pickle.HIGHEST_PROTOCOL))  # each type's first made by now
    assert again == game and repr(again) == repr(game)
