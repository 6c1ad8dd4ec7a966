"""Work done in a forked child while this process does something else.

`pnp build` loads and checks the game and imports the drawing modules its workers
inherit; neither needs the other, but done one after the other they kept one core of
two idle. `Ahead(fn, ...)` forks a child that
computes `fn(...)` and sends the result back through a pipe, pickled (1860's checked
request: 69 kB, 5 ms to pickle, 5 ms to read back; the 10,000-tile game: 320 kB, 40 and
30 ms), while the caller goes on with its own work. What the child imports is lost with
it: the caller imports the modules both need before it forks (`pnp.commands.plain.import_shared`).

The child is only a shortcut: the caller gets the same result, or the same user
error, as if it had called `fn` itself.
- A `PnpError` raised in the child is raised again here with the same message (its
  class and fields do not cross: the CLI prints only the message).
- Anything else that goes wrong there (a bug, an exception that does not pickle, the
  child killed) makes `result()` call `fn` here, so that a bug shows its traceback as
  it always did.
- The child dies with this process, even by SIGKILL (`_tie_to_parent`: a pipe only this
  process writes to, whose end a thread of the child sees as soon as this process is
  gone; or the kernel's death signal where `prepare_death_signal` ran before: the
  loading child makes no long C call that holds the GIL, so the thread suffices), leaves
  by `os._exit` (no atexit handler, no buffered output of the parent written twice) and
  writes nothing but the pipe. Ctrl-C ends it at once, without a traceback.
- Its result is read as soon as the child has written it; the child, which then
  exits, is reaped later (`reap`: by the next `Ahead`, or when a `ForkPool` shuts
  down), not waited for: its exit (the system freeing its memory) took 0.03-17 ms of
  `pnp build`'s serial path.
- Every process forked while an `Ahead` is open (a drawing worker) closes its copies of
  this process's ends of the `Ahead`'s pipes at once (`_after_fork_in_child`): one that
  kept the lifeline's write end would keep the loading child alive after this process.
"""

from __future__ import annotations

import os
import signal
import threading
import time

PR_SET_PDEATHSIG = 1  # linux/prctl.h
PARENT_POLL = 0.5  # seconds between checks where the kernel cannot signal a parent's death

_EXITING: set[int] = set()  # children whose result was read, not yet reaped (see `reap`)
_OPEN: set["Ahead"] = set()  # those whose pipes' ends this process holds (see `_after_fork_in_child`)
_FORKING = threading.Lock()  # held while pipes to be kept from other children are made and forked
_PRCTL = None  # the C library's prctl, once `prepare_death_signal` found it; False: none here


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
        parent = os.getpid()
        with forking():  # no other thread forks while these pipes are not yet in _OPEN
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
                _child(parent, alive_read, write, self.fn, self.args)
            os.close(write)
            os.close(alive_read)
            self._pid, self._read, self._alive = pid, read, alive_write
            _OPEN.add(self)

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
            _EXITING.add(self._pid)
            self._pid = None
            reap()
        finally:
            self.close()
        return b"".join(chunks)

    def close(self) -> None:
        """Done with the child: this process's pipe ends closed; a child still working is
        killed and reaped now (its result is not wanted); one whose result was read is
        reaped later (`reap`)."""
        _OPEN.discard(self)
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
    left for a while holds only its process entry). Called where it costs the build's
    serial path nothing: a new `Ahead`, a `ForkPool` shutting down."""
    for pid in list(_EXITING):
        try:
            if os.waitpid(pid, os.WNOHANG) == (0, 0):
                continue
        except ChildProcessError:
            pass
        _EXITING.discard(pid)  # discard: the pool's thread may reap too


def forking():
    """The lock to hold while making pipes whose ends other forked children must not
    inherit unrecorded, and forking: `Ahead` and `pnp.workpool.ForkPool` take it."""
    return _FORKING


def _after_fork_in_child() -> None:
    """In every forked child, at once: its copies of the parent's ends of open `Ahead`
    pipes and of the parent's lifeline's write end closed (only the parent may hold
    them, or a child would keep the loading child or a worker alive after the parent),
    the lifeline's read end kept for `die_with_parent`, and a fresh `forking` lock (the
    parent's may have been held by the thread that forked)."""
    global _FORKING, _LIFELINE, _INHERITED
    _FORKING = threading.Lock()
    for ahead in list(_OPEN):
        for fd in (ahead._read, ahead._alive):
            if fd is not None:
                os.close(fd)
        ahead._pid = ahead._read = ahead._alive = None  # not this process's child
    _OPEN.clear()
    _EXITING.clear()
    line, _LIFELINE = _LIFELINE, None
    if _INHERITED is not None:  # a grandparent's: of no use here
        os.close(_INHERITED)
        _INHERITED = None
    if line is not None:
        os.close(line[2])
        _INHERITED = line[1]


def _child(parent: int, alive: int, write: int, fn, args) -> None:
    """Compute, send, leave: `os._exit` whatever happens."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C: gone at once, no traceback
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        _tie_to_parent(parent, alive, load=False)  # the ctypes import cost ~4 ms of the serial path
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


def _read_to_end(fd: int) -> None:
    try:
        while os.read(fd, 1):
            pass
    finally:
        os._exit(1)


def hold_lifeline() -> None:
    """Before forking processes that are to die with this one (`die_with_parent`): a
    pipe whose write end only this process keeps, open as long as it lives. Each child
    closes its copy of that end at once (`_after_fork_in_child`) and, where the kernel
    cannot signal its parent's death, waits in a thread for the end of the pipe, which
    comes as soon as this process is gone, however it ends (SIGKILL too), on any system
    with `fork`. Once a process, under `forking` (call it holding that lock); where the
    system refuses a pipe, none."""
    global _LIFELINE
    if _LIFELINE is None or _LIFELINE[0] != os.getpid():
        try:
            _LIFELINE = (os.getpid(), *os.pipe())
        except OSError:
            _LIFELINE = None


_LIFELINE: tuple[int, int, int] | None = None  # (the process holding it, read end, write end)
_INHERITED: int | None = None  # in a forked child: the read end of its parent's lifeline


def prepare_death_signal() -> None:
    """Look up the C library's prctl once, in the parent, before it forks children that
    are to die with it (`die_with_parent`): the kernel then SIGKILLs each the moment the
    parent dies, even in a long C call that holds the GIL, where a thread watching the
    lifeline would wait for the GIL (seconds) and the child might still write a file.
    Its ctypes import (~4 ms) paid once here, in idle time, not in each child. Where
    there is no prctl (not Linux), the lifeline does it."""
    global _PRCTL
    if _PRCTL is None:
        try:
            import ctypes

            _PRCTL = ctypes.CDLL(None, use_errno=True).prctl
        except (OSError, AttributeError):
            _PRCTL = False


def _death_signal() -> bool:
    """In a forked child: whether the kernel will SIGKILL it when its parent dies (by
    the prctl `prepare_death_signal` found)."""
    return bool(_PRCTL) and _PRCTL(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0


def _tie_to_parent(parent: int, lifeline: int | None, load: bool) -> None:
    """This forked process ends when `parent` dies, however: by the kernel's death
    signal where prctl is ready (looked up here only with `load`), else by a thread
    that reads `lifeline` to its end, else by one that polls the parent. One whose
    parent is already gone exits at once."""
    if load and lifeline is None:
        prepare_death_signal()
    signalled = _death_signal()
    if signalled and lifeline is not None:
        os.close(lifeline)
    elif not signalled:
        watch, args = (_read_to_end, (lifeline,)) if lifeline is not None else (_watch_parent, (parent,))
        threading.Thread(target=watch, args=args, daemon=True).start()
    if os.getppid() != parent:
        os._exit(1)


def die_with_parent(parent: int) -> None:
    """This forked process ends when `parent` dies, even by SIGKILL: by the kernel's
    SIGKILL on the parent's death (Linux's prctl, looked up by `prepare_death_signal`
    before the fork, or here where the parent held no lifeline), else by the parent's
    lifeline (`hold_lifeline`), else by a thread that watches the parent. One whose
    parent is already gone before this ran exits at once."""
    global _INHERITED
    lifeline, _INHERITED = _INHERITED, None
    _tie_to_parent(parent, lifeline, load=True)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


os.register_at_fork(after_in_child=_after_fork_in_child)
