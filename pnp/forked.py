"""Work done in a forked child while this process does something else.

`pnp build` loads and checks the game and imports the drawing modules its workers
inherit; neither needs the other, but done one after the other they kept one core of
two idle. `Ahead(fn, ...)` forks a child that
computes `fn(...)` and sends the result back through a pipe, pickled (1860's checked
request: 69 kB, 5 ms to pickle, 5 ms to read back; the 10,000-tile game: 320 kB, 40 and
30 ms), while the caller goes on with its own work. What the child imports is lost with
it: the caller imports the modules both need before it forks (`pnp.commands.common.import_shared`).

The child is only a shortcut: the caller gets the same result, or the same user
error, as if it had called `fn` itself.
- A `PnpError` raised in the child is raised again here with the same message (its
  class and fields do not cross: the CLI prints only the message).
- Anything else that goes wrong there (a bug, an exception that does not pickle, the
  child killed) makes `result()` call `fn` here, so that a bug shows its traceback as
  it always did.
- The child dies with this process, even by SIGKILL (`_exit_with`: a pipe only this
  process writes to, whose end the child sees as soon as this process is gone), leaves
  by `os._exit` (no atexit handler, no buffered output of the parent written twice) and
  writes nothing but the pipe. Ctrl-C ends it at once, without a traceback.
- Its result is read as soon as the child has written it; the child, which then
  exits, is reaped later (`reap`), not waited for: its exit (the system freeing its
  memory) took 0.03-17 ms of `pnp build`'s serial path.
"""

from __future__ import annotations

import os
import signal
import threading
import time

PR_SET_PDEATHSIG = 1  # linux/prctl.h
PARENT_POLL = 0.5  # seconds between checks where the kernel cannot signal a parent's death

_EXITING: list[int] = []  # children whose result was read, not yet reaped (see `reap`)


def can_fork() -> bool:
    """Whether working ahead in a child can help and is safe here: a second core to run
    it on, `os.fork`, and no other thread in this process (a fork copies a lock another
    thread holds as held; the tests run commands in a process that may serve pages)."""
    return (os.cpu_count() or 1) > 1 and hasattr(os, "fork") and threading.active_count() == 1


class Ahead:
    """`fn(*args)`, being computed in a forked child; `result()` waits for it."""

    def __init__(self, fn, *args):
        self.fn, self.args = fn, args
        self._pid: int | None = None
        self._read: int | None = None
        self._alive: int | None = None  # the end of the pipe whose closing ends the child
        reap()
        if can_fork():
            self._start()

    def _start(self) -> None:
        """The child forked; if the system refuses a pipe or a process, no child, and
        `result()` computes here."""
        opened: list[int] = []
        try:
            opened += os.pipe()  # the child's result: read, write
            opened += os.pipe()  # this process alive: read (the child's), write (kept here)
            pid = os.fork()
        except OSError:
            for fd in opened:
                os.close(fd)
            return
        read, write, alive_read, alive_write = opened
        if pid == 0:  # the child: never returns
            os.close(read)
            os.close(alive_write)
            _child(alive_read, write, self.fn, self.args)
        os.close(write)
        os.close(alive_read)
        self._pid, self._read, self._alive = pid, read, alive_write

    def pending(self) -> bool:
        """Whether the child is still at work (nothing to read from it yet)."""
        if self._read is None:
            return False
        import select

        return not select.select([self._read], [], [], 0)[0]

    def result(self):
        """What `fn(*args)` returns, or the `PnpError` it raises."""
        if self._pid is None:
            return self.fn(*self.args)
        import pickle

        from pnp.errors import PnpError

        data = self._collect()
        try:
            kind, value = pickle.loads(data)
        except Exception:  # the child did not finish (killed, or its result does not pickle)
            return self.fn(*self.args)
        if kind == "error":
            raise PnpError(value)
        if kind == "ok":
            return value
        return self.fn(*self.args)  # "failed": a bug, shown with its traceback when run here

    def _collect(self) -> bytes:
        """All the child wrote, once it has closed the pipe (it leaves just after); the
        child reaped now if it is gone already, else later (`reap`)."""
        chunks = []
        try:
            while chunk := os.read(self._read, 1 << 20):
                chunks.append(chunk)
            _EXITING.append(self._pid)
            self._pid = None
            reap()
        finally:
            self.close()
        return b"".join(chunks)

    def close(self) -> None:
        """The child ended and reaped (killed if still working: its result is not wanted)."""
        for fd in (self._read, self._alive):
            if fd is not None:
                os.close(fd)
        self._read = self._alive = None
        if self._pid is not None:
            pid, self._pid = self._pid, None
            try:
                if os.waitpid(pid, os.WNOHANG) == (0, 0):
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
            except ChildProcessError:
                pass

    def __enter__(self) -> "Ahead":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def reap() -> None:
    """Reap the children whose results were read and that have exited since (a zombie
    left for a while holds only its process entry)."""
    for pid in list(_EXITING):
        try:
            if os.waitpid(pid, os.WNOHANG) == (0, 0):
                continue
        except ChildProcessError:
            pass
        _EXITING.remove(pid)


def _child(alive: int, write: int, fn, args) -> None:
    """Compute, send, leave: `os._exit` whatever happens."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C: gone at once, no traceback
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        _let_go_of_lifeline()  # this child has its own (`alive`)
        _exit_with(alive)
        import pickle

        from pnp.errors import PnpError

        try:
            answer = ("ok", fn(*args))
        except PnpError as exc:
            answer = ("error", str(exc))
        except Exception:
            answer = ("failed", None)
        try:
            data = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            data = pickle.dumps(("failed", None))
        with os.fdopen(write, "wb") as pipe:
            pipe.write(data)
        code = 0
    finally:
        os._exit(code)


def _exit_with(alive: int) -> None:
    """This child ends as soon as its parent does, however it ends: a thread waits for
    the end of the pipe `alive`, whose other end only the parent holds. (Not
    `die_with_parent`: its ctypes import cost the loading child ~4 ms on the build's
    serial path, and this works on every system with `fork`.)"""
    threading.Thread(target=_read_to_end, args=(alive,), daemon=True).start()


def _read_to_end(fd: int) -> None:
    try:
        while os.read(fd, 1):
            pass
    finally:
        os._exit(1)


def hold_lifeline() -> None:
    """Before forking processes that are to die with this one (`die_with_parent`): a
    pipe whose write end only this process keeps, open as long as it lives. Each child
    closes its copy of that end and waits, in a thread, for the end of the pipe, which
    comes as soon as this process is gone, however it ends (SIGKILL too), on any
    system with `fork`, with no library to load: the C library's prctl through ctypes
    cost each drawing worker ~4 ms. Once a process; where the system refuses a pipe, none
    (the children then die with this process as `die_with_parent` says)."""
    global _LIFELINE
    if _LIFELINE is None or _LIFELINE[0] != os.getpid():
        try:
            _LIFELINE = (os.getpid(), *os.pipe())
        except OSError:
            _LIFELINE = None


_LIFELINE: tuple[int, int, int] | None = None  # (the process holding it, read end, write end)


def _let_go_of_lifeline() -> int | None:
    """In a forked child: its copy of the parent's lifeline's write end closed (only the
    parent may hold it); the read end, or None where the parent holds no lifeline."""
    global _LIFELINE
    line, _LIFELINE = _LIFELINE, None
    if line is None or line[0] == os.getpid():
        _LIFELINE = line
        return None
    os.close(line[2])
    return line[1]


def die_with_parent(parent: int) -> None:
    """This forked process ends when `parent` dies, even by SIGKILL: by the parent's
    lifeline (`hold_lifeline`) where it held one when this process forked; else by the
    kernel's SIGKILL on the parent's death (Linux's prctl), or a thread that watches the
    parent. One whose parent is already gone before this ran exits at once."""
    lifeline = _let_go_of_lifeline()
    if lifeline is not None:
        threading.Thread(target=_read_to_end, args=(lifeline,), daemon=True).start()
        watched = True
    else:
        watched = _kernel_signals_parents_death()
    if os.getppid() != parent:
        os._exit(1)
    if not watched:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _kernel_signals_parents_death() -> bool:
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)
