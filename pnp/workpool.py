"""Forked worker processes that run jobs, one at a time each: the part of
`concurrent.futures.ProcessPoolExecutor` that pnp's drawing pool (`pnp.pdf.DocumentPool`)
uses, written with `os.fork`, pipes and pickle.

Why not the executor itself: importing it (multiprocessing, its queues, connections and
reduction, and logging) cost every `pnp build` ~58 M instructions (~15 ms) in its main
process before the workers could fork, on the path nothing else runs beside. This pool
imports nothing the build does not already have (pickle, select, threading).

What it keeps of the executor:
- `submit(fn, *args)` returns a `Future`; the workers fork at the first submit (which
  waits for that), so they inherit everything the caller set up before it (`pnp.pdf`'s
  tickets, the loaded game). The pool's own thread forks them, not the caller's: a
  worker told to die with its parent (Linux's PR_SET_PDEATHSIG) dies when the *thread*
  that forked it ends, and that thread lives until the workers have exited;
- a job goes to whichever worker is free first (a thread here hands them out, so the
  workers stay busy while the caller does other work);
- (not the executor's) a job may tell its caller something before it ends (`note`):
  its future hands each note to `Future.on_note`'s listener, in the pool's thread;
- an exception raised by a job is raised again by `result()`, with the worker's
  traceback as its cause (one that cannot cross processes as it is comes as a
  `PnpError` or `RuntimeError` with its message); a worker that dies (killed, crashed),
  or an error in the pool's own thread, breaks the pool: every job not finished, and
  every later `submit`, raises `WorkerDied` with the reason;
- `shutdown(wait, cancel_futures)`: the workers end once their jobs are done;
  `terminate()` kills them at once (the caller is being interrupted).
A worker dies with this process only if the caller's initializer makes it so
(`pnp.pdf._start_worker` calls `pnp.forked.die_with_parent`: by the kernel's death
signal, whose prctl this pool looks up before it forks, `pnp.forked.prepare_death_signal`,
or by the lifeline it holds, `pnp.forked.hold_lifeline`); Ctrl-C or SIGTERM ends a
worker at once, without a traceback (the caller handles its own). Jobs and answers go
through the pipes as a length, then a pickle, so one that cannot be rebuilt on the other
side fails alone.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import threading
from collections import deque

from pnp.future import Future

_LENGTH = struct.Struct("<Q")  # each message's length, before its pickle


class WorkerDied(RuntimeError):
    """A worker ended without answering (killed, crashed): the pool can run no more jobs."""


class CancelledJob(RuntimeError):
    """The job was still waiting when the pool was shut down with `cancel_futures`."""


class RemoteTraceback(Exception):
    """The worker's traceback of an exception a job raised, shown as its cause."""

    def __str__(self) -> str:
        return self.args[0]


class _Worker:
    def __init__(self, pid: int, jobs: int, answers: int):
        self.pid = pid
        self.jobs = os.fdopen(jobs, "wb")  # this process writes jobs here ...
        self.answers = os.fdopen(answers, "rb", buffering=0)  # ... and reads the answers (and notes:
        # unbuffered, so that a message read ahead into a buffer cannot wait there unseen by poll)
        self.running: Future | None = None


class ForkPool:
    """`workers` forked processes; `initializer(*initargs)` runs first in each."""

    def __init__(self, workers: int, initializer=None, initargs: tuple = ()):
        self._size, self._init = workers, (initializer, initargs)
        self._workers: list[_Worker] = []
        self._waiting: deque[tuple[Future, object, tuple]] = deque()
        self._lock = threading.Lock()
        self._stopping = False
        self._broken: str | None = None  # why the pool broke (see `_break`)
        self._forked = threading.Event()  # set by the dispatcher once the workers have forked
        self._wake: tuple[int, int] | None = None  # a pipe that interrupts the dispatcher's wait
        self._dispatcher: threading.Thread | None = None

    def submit(self, fn, *args) -> Future:
        future = Future()
        with self._lock:
            if self._broken is not None:
                raise WorkerDied(self._broken)
            if self._stopping:
                raise RuntimeError("cannot submit a job to a pool that is shut down")
            self._waiting.append((future, fn, args))
            if self._dispatcher is None:
                self._wake = os.pipe()
                os.set_blocking(self._wake[1], False)
                self._dispatcher = threading.Thread(target=self._dispatch, name="pnp-workpool", daemon=True)
                self._dispatcher.start()
        self._forked.wait()  # the workers see what the caller set up before its first submit
        self._nudge()
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        """No more jobs; with `cancel_futures`, those not started are dropped. The workers
        end once the jobs they run are done; with `wait`, this waits for that."""
        with self._lock:
            self._stopping = True
            if cancel_futures:
                while self._waiting:
                    self._waiting.popleft()[0].set_exception(CancelledJob("the pool was shut down"))
            dispatcher = self._dispatcher
        if dispatcher is None:
            return
        self._nudge()
        if wait and dispatcher is not threading.current_thread():
            dispatcher.join()

    def terminate(self) -> None:
        """Kill the workers now, running jobs or not (their futures, and those waiting,
        raise `WorkerDied`), and wait for the pool's thread to reap them."""
        with self._lock:
            self._stopping = True
            self._broken = self._broken or "the pool was terminated"
            for worker in self._workers:
                _kill(worker.pid)
            dispatcher = self._dispatcher
        if dispatcher is None:
            return
        self._nudge()
        if dispatcher is not threading.current_thread():
            dispatcher.join()

    @property
    def pids(self) -> list[int]:
        """The workers' process ids (empty before the first job)."""
        return [w.pid for w in self._workers]

    def _fork(self) -> None:
        """Fork the workers, from the pool's own thread (see the module's docstring),
        under `pnp.forked.forking`: no `Ahead` makes its pipes meanwhile, and each
        worker lets go of this process's lifeline and `Ahead` pipes as it forks
        (`pnp.forked._after_fork_in_child`), whatever its initializer."""
        from pnp.forked import forking, hold_lifeline, prepare_death_signal

        prepare_death_signal()  # once a process: the workers need no ctypes to die with it
        with forking():
            hold_lifeline()  # where the kernel cannot kill them (pnp.forked.die_with_parent)
            for _ in range(self._size):
                jobs_read, jobs_write = os.pipe()
                answers_read, answers_write = os.pipe()
                pid = os.fork()
                if pid == 0:  # the worker: never returns
                    os.close(jobs_write)
                    os.close(answers_read)
                    os.close(self._wake[0])
                    os.close(self._wake[1])
                    for other in self._workers:  # their pipes' ends are this process's own: closed, so
                        os.close(other.jobs.fileno())  # that a worker sees its end of the pipe when
                        os.close(other.answers.fileno())  # this process closes it
                    _serve(jobs_read, answers_write, *self._init)
                os.close(jobs_read)
                os.close(answers_write)
                self._workers.append(_Worker(pid, jobs_write, answers_read))

    def _nudge(self) -> None:
        """Wake the dispatcher to look at the jobs again (under the lock: its pipe is
        closed under it too, and a closed descriptor's number may be reused)."""
        with self._lock:
            if self._wake is not None:
                try:
                    os.write(self._wake[1], b"!")
                except BlockingIOError:  # full: woken already
                    pass

    def _dispatch(self) -> None:
        """Hand each free worker the next job and set each answer, until shut down and
        idle; then close the workers' job pipes (they exit) and reap them. Any error here
        breaks the pool, so that no future is left waiting for ever."""
        import select

        try:
            try:
                self._fork()
            finally:
                self._forked.set()
            while True:
                with self._lock:
                    self._hand_out()
                    busy = [w for w in self._workers if w.running is not None]
                    if self._stopping and not busy and not self._waiting:
                        return
                poll = select.poll()  # not select.select: it refuses descriptors past 1023
                for fd in [self._wake[0]] + [w.answers.fileno() for w in busy]:
                    poll.register(fd, select.POLLIN)
                ready = {fd for fd, _ in poll.poll()}
                if self._wake[0] in ready:
                    os.read(self._wake[0], 4096)
                for worker in busy:
                    if worker.answers.fileno() in ready:
                        self._receive(worker)
        except _Broken as broken:
            self._break(str(broken))
        except BaseException as exc:
            self._break(f"the pool's thread failed: {exc!r}")
        finally:
            self._close()

    def _hand_out(self) -> None:
        for worker in self._workers:
            while worker.running is None and self._waiting:  # a job that does not pickle leaves it free
                future, fn, args = self._waiting.popleft()
                try:
                    data = _pickled((fn, args))
                except Exception as exc:  # as the executor: the job's own error, the pool goes on
                    future.set_exception(exc)
                    continue
                try:
                    _write_message(worker.jobs, data)
                except OSError:
                    worker.running = future
                    raise _Broken(f"worker {worker.pid} ended before it took a job") from None
                worker.running = future

    def _receive(self, worker: _Worker) -> None:
        data = _read_message(worker.answers)
        if data is None:  # EOF or a partial answer: the worker died
            raise _Broken(f"worker {worker.pid} ended without answering (killed or crashed)")
        try:
            ok, value, remote = pickle.loads(data)
        except Exception as exc:  # read whole, so the pool goes on
            future, worker.running = worker.running, None
            future.set_exception(RuntimeError(f"the job's answer could not be rebuilt here: {exc!r}"))
            return
        if ok is NOTE:  # the job goes on
            worker.running.noted(value)
            return
        future, worker.running = worker.running, None
        if ok:
            future.set_result(value)
        else:
            value.__cause__ = RemoteTraceback(remote)
            future.set_exception(value)

    def _break(self, why: str) -> None:
        """Every job not finished fails; the other workers are ended; `submit` raises."""
        with self._lock:
            self._stopping = True
            self._broken = why = self._broken or why
            failed = [w.running for w in self._workers if w.running is not None]
            failed += [job[0] for job in self._waiting]
            self._waiting.clear()
            for worker in self._workers:
                worker.running = None
                _kill(worker.pid)
        for future in failed:
            future.set_exception(WorkerDied(f"a drawing worker died: {why}"))

    def _close(self) -> None:
        for worker in self._workers:
            for pipe in (worker.jobs, worker.answers):
                try:
                    pipe.close()
                except OSError:  # a job pipe whose worker is gone
                    pass
        for worker in self._workers:
            try:
                os.waitpid(worker.pid, 0)
            except ChildProcessError:
                pass
        from pnp.forked import reap

        reap()  # a loading child (pnp.forked.Ahead) left a zombie for the build's length
        with self._lock:
            wake, self._wake = self._wake, None
        for fd in wake or ():
            os.close(fd)


class _Broken(Exception):
    pass


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _read_message(stream) -> bytearray | None:
    """One message (its length, then its bytes) whole, or None at the end of the stream
    or when it ends inside a message."""
    head = _read_exactly(stream, _LENGTH.size)
    if head is None:
        return None
    return _read_exactly(stream, _LENGTH.unpack(head)[0])


def _read_exactly(stream, size: int) -> bytearray | None:
    """`size` bytes of `stream` (buffered or not: a raw read may give fewer), or None
    when it ends first."""
    data = bytearray(size)
    view, got = memoryview(data), 0
    while got < size:
        count = stream.readinto(view[got:])
        if not count:
            return None
        got += count
    return data


def _write_message(stream, data: bytes) -> None:
    """One message as `_read_message` reads it: its length, then its bytes."""
    stream.write(_LENGTH.pack(len(data)))
    stream.write(data)
    stream.flush()


def _pickled(answer) -> bytes:
    return pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)


NOTE = None  # a message's first field: a note (`note`), not the answer (True or False)
_NOTES = None  # in a worker: where its messages go (`note`)


def note(value) -> None:
    """In a worker, while it runs a job: tell the process that submitted it `value` now,
    before the job ends (its future's `on_note`). Elsewhere (a job run where it is
    submitted, on a single core), nothing. `value` must pickle, and load again: it is
    checked here (a note is small), so that one the submitting process could not read
    fails the job, not the pool's reading of the answer after it."""
    if _NOTES is not None:
        data = _pickled((NOTE, value, ""))
        pickle.loads(data)
        _write_message(_NOTES, data)


def _serve(jobs: int, answers: int, initializer, initargs) -> None:
    """A worker's life: run each job it is sent, answer (ok, value, traceback), and leave
    by `os._exit` when its job pipe closes (no exit handler of the parent runs twice). A
    failure of its own (the initializer, a broken pipe) is printed to stderr first."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        if initializer is not None:
            initializer(*initargs)
        with os.fdopen(jobs, "rb") as incoming, os.fdopen(answers, "wb") as outgoing:
            global _NOTES
            _NOTES = outgoing
            while (job := _read_message(incoming)) is not None:
                _write_message(outgoing, _answer(job))
        code = 0
    except BaseException:
        import sys
        import traceback

        traceback.print_exc(file=sys.stderr)
        sys.stderr.flush()
    finally:
        os._exit(code)


def _answer(job: bytes) -> bytes:
    """The pickled (ok, value, traceback) of the pickled job `fn(*args)`. An exception
    that would not be rebuilt in the parent (a pickle that fails to load: e.g. one whose
    constructor takes other arguments than its message) is sent as a PnpError of its
    message if it is one, else as a RuntimeError naming it."""
    import traceback

    try:
        fn, args = pickle.loads(job)
        answer = (True, fn(*args), "")
    except BaseException as exc:
        answer = (False, exc, "".join(traceback.format_exception(exc)))
    try:
        data = _pickled(answer)
        if not answer[0]:
            pickle.loads(data)  # an error is small: checked, it arrives whole
        return data
    except Exception as exc:
        if answer[0]:
            return _pickled((False, RuntimeError(f"the job's result could not be sent back: {exc!r}"), ""))
        return _pickled((False, _plain(answer[1]), answer[2]))


def _plain(exc: BaseException) -> Exception:
    from pnp.errors import PnpError

    return PnpError(str(exc)) if isinstance(exc, PnpError) else RuntimeError(repr(exc))
