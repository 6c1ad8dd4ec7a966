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
- The child dies with this process, even by SIGKILL (`die_with_parent`), leaves by
  `os._exit` (no atexit handler, no buffered output of the parent written twice) and
  writes nothing but the pipe. Ctrl-C ends it at once, without a traceback.
"""

from __future__ import annotations

import os
import signal
import threading
import time

PR_SET_PDEATHSIG = 1  # linux/prctl.h
PARENT_POLL = 0.5  # seconds between checks where the kernel cannot signal a parent's death


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
        if can_fork():
            self._start()

    def _start(self) -> None:
        """The child forked; if the system refuses a pipe or a process, no child, and
        `result()` computes here."""
        parent = os.getpid()
        try:
            read, write = os.pipe()
        except OSError:
            return
        try:
            pid = os.fork()
        except OSError:
            os.close(read)
            os.close(write)
            return
        if pid == 0:  # the child: never returns
            os.close(read)
            _child(parent, write, self.fn, self.args)
        os.close(write)
        self._pid, self._read = pid, read

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
        child reaped."""
        chunks = []
        try:
            while chunk := os.read(self._read, 1 << 20):
                chunks.append(chunk)
            os.waitpid(self._pid, 0)
            self._pid = None
        finally:
            self.close()
        return b"".join(chunks)

    def close(self) -> None:
        """The child ended and reaped (killed if still working: its result is not wanted)."""
        if self._read is not None:
            os.close(self._read)
            self._read = None
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


def _child(parent: int, write: int, fn, args) -> None:
    """Compute, send, leave: `os._exit` whatever happens."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C: gone at once, no traceback
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        die_with_parent(parent)
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


def die_with_parent(parent: int) -> None:
    """This forked process ends when `parent` dies, even by SIGKILL: the kernel sends it
    SIGKILL then (Linux), and one whose parent is already gone before this ran exits at
    once; elsewhere a thread watches the parent."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        watched = libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        watched = False
    if os.getppid() != parent:
        os._exit(1)
    if not watched:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)
