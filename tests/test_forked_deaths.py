"""Forked children that end with their parent (`pnp.forked`, `pnp.workpool`): the loading
child and the drawing workers die when the process that forked them is SIGKILLed, no
child keeps another's lifeline open, and exited children are reaped."""

import os
import signal
import time
from pathlib import Path

import pytest

from pnp import forked
from pnp.workpool import ForkPool

needs_fork = pytest.mark.skipif(not forked.can_fork(), reason="needs os.fork and a second core")
needs_proc = pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="needs /proc to see processes")
GONE_WITHIN = 10.0  # seconds: a deadline to poll to, not a measure of speed


def _gone(pid: int) -> bool:
    """Whether `pid` has ended (no process, or a zombie nobody has reaped yet)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except (FileNotFoundError, ProcessLookupError):
        return True


def _poll_until_gone(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not _gone(pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    return _gone(pid)


def _in_a_parent_that_kills_itself(work) -> int:
    """Fork a parent that runs `work()` (which returns a pid of its own child), sends that
    pid here and SIGKILLs itself; the pid, once the parent is gone."""
    read, write = os.pipe()
    parent = os.fork()
    if parent == 0:
        try:
            os.close(read)
            os.write(write, f"{work()}\n".encode())
            os.kill(os.getpid(), signal.SIGKILL)
        finally:
            os._exit(1)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:  # a line: the parent's children hold the pipe open
        child = int(pipe.readline() or 0)
    assert os.waitpid(parent, 0)[1] == signal.SIGKILL
    assert child, "the parent did not start its child"
    return child


def _kill_if_alive(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


@needs_fork
@needs_proc
def test_the_loading_child_dies_with_a_killed_parent():
    def work():
        return forked.Ahead(time.sleep, 30)._pid

    child = _in_a_parent_that_kills_itself(work)
    try:
        assert _poll_until_gone(child, GONE_WITHIN), "the loading child outlived its SIGKILLed parent"
    finally:
        _kill_if_alive(child)


def _busy_in_c(started: int) -> bool:
    """A job that holds the GIL in one C call once it has said it started, and for as long
    as any test runs, however fast the machine: the regular expression engine backtracking
    through 2**64 ways to split the text (it never gives up the GIL)."""
    import re

    os.write(started, b"!")
    return re.fullmatch(r"(a+)+", "a" * 64 + "b") is not None


@needs_proc
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_worker_in_a_long_c_call_dies_with_a_killed_parent():
    """The lifeline's thread would wait for the GIL until the call ends; the kernel's
    death signal (prctl, looked up before the fork) does not wait. The call never ends
    by itself, so only the signal can end the worker before the deadline."""

    def work():
        started_read, started_write = os.pipe()
        pool = ForkPool(1, initializer=forked.die_with_parent, initargs=(os.getpid(),))
        pool.submit(_busy_in_c, started_write)
        os.read(started_read, 1)  # the worker is in the C call
        return pool.pids[0]

    worker = _in_a_parent_that_kills_itself(work)
    try:
        assert _poll_until_gone(worker, GONE_WITHIN), "the worker ran on after its parent was SIGKILLed"
    finally:
        _kill_if_alive(worker)


def _pipe_ends() -> list[tuple[int, bool]]:
    """(inode, opened for writing) of each pipe this process holds."""
    import fcntl
    import stat

    ends = []
    for name in os.listdir("/proc/self/fd"):
        try:
            info = os.fstat(int(name))
            flags = fcntl.fcntl(int(name), fcntl.F_GETFL)
        except OSError:  # the listing's own descriptor
            continue
        if stat.S_ISFIFO(info.st_mode):
            ends.append((info.st_ino, flags & os.O_ACCMODE == os.O_WRONLY))
    return ends


@needs_fork
@needs_proc
def test_a_worker_holds_no_end_of_an_open_ahead_nor_its_pools_lifeline():
    """A worker forked while an `Ahead` is open, of a pool whose initializer does not
    call die_with_parent, holds none of this process's ends of the Ahead's pipes and
    not the lifeline's write end: either would keep another process alive after this
    one."""
    with forked.Ahead(time.sleep, 30) as ahead:
        ahead_pipes = {os.fstat(fd).st_ino for fd in (ahead._read, ahead._alive)}
        pool = ForkPool(1)
        try:
            worker_ends = pool.submit(_pipe_ends).result(timeout=60)
            lifeline = os.fstat(forked._LIFELINE[2]).st_ino
        finally:
            pool.shutdown()
    assert worker_ends, "the worker's pipes to this process are expected"
    assert not [end for end in worker_ends if end[0] in ahead_pipes]
    assert (lifeline, True) not in worker_ends


def _exited_child() -> int:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    assert _poll_until_gone(pid, GONE_WITHIN)  # a zombie now, waiting to be reaped
    return pid


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_reap_removes_the_children_it_reaped_and_keeps_those_still_running(monkeypatch):
    monkeypatch.setattr(forked, "_EXITING", set())
    ended = _exited_child()
    running = os.fork()
    if running == 0:
        time.sleep(30)
        os._exit(0)
    try:
        forked._EXITING.update((ended, running))
        forked.reap()
        assert forked._EXITING == {running}
        with pytest.raises(ChildProcessError):
            os.waitpid(ended, os.WNOHANG)
    finally:
        os.kill(running, signal.SIGKILL)
        os.waitpid(running, 0)


@needs_proc
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_pool_shutting_down_reaps_an_exited_loading_child(monkeypatch):
    """The loading child, read and exited, is a zombie until reaped: the build's pool
    reaps it when it shuts down, not the next build."""
    monkeypatch.setattr(forked, "_EXITING", set())
    ended = _exited_child()
    forked._EXITING.add(ended)
    pool = ForkPool(1)
    try:
        assert pool.submit(pow, 2, 3).result(timeout=60) == 8
    finally:
        pool.shutdown()
    assert forked._EXITING == set()
    with pytest.raises(ChildProcessError):
        os.waitpid(ended, os.WNOHANG)
