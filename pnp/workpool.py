"""Forked worker processes that run jobs, one at a time each: the part of
`concurrent.futures.ProcessPoolExecutor` that pnp's drawing pool (`pnp.pdf.DocumentPool`)
uses, written with `os.fork`, pipes and pickle.

Why not the executor itself: importing it (multiprocessing, its queues, connections and
reduction, and logging) cost every `pnp build` ~58 M instructions (~15 ms) in its main
process before the workers could fork, on the path nothing else runs beside. This pool
imports nothing the build does not already have (pickle, select, threading).

What it keeps of the executor:
- `submit(fn, *args)` returns a `Future`; the workers fork at the first submit, so they
  inherit everything the caller set up before it (`pnp.pdf`'s tickets, the loaded game);
- a job goes to whichever worker is free first (a thread here hands them out, so the
  workers stay busy while the caller does other work);
- an exception raised by a job is raised again by `result()`, with the worker's
  traceback as its cause; a worker that dies (killed, crashed) breaks the pool: every
  job not finished raises `WorkerDied`;
- `shutdown(wait, cancel_futures)`: the workers end once their jobs are done.
A worker dies with this process (the initializer's `die_with_parent`), and Ctrl-C or
SIGTERM ends it at once, without a traceback (the caller handles its own).
"""

from __future__ import annotations

import os
import pickle
import signal
import threading
from collections import deque


class WorkerDied(RuntimeError):
    """A worker ended without answering (killed, crashed): the pool can run no more jobs."""


class CancelledJob(RuntimeError):
    """The job was still waiting when the pool was shut down with `cancel_futures`."""


class RemoteTraceback(Exception):
    """The worker's traceback of an exception a job raised, shown as its cause."""

    def __str__(self) -> str:
        return self.args[0]


class Future:
    """A job's answer, set once by the pool."""

    def __init__(self):
        self._done = threading.Event()
        self._value = None
        self._error: BaseException | None = None

    def set_result(self, value) -> None:
        self._value = value
        self._done.set()

    def set_exception(self, error: BaseException) -> None:
        self._error = error
        self._done.set()

    def done(self) -> bool:
        return self._done.is_set()

    def result(self, timeout: float | None = None):
        """The job's result (waiting for it), or its exception raised here."""
        if not self._done.wait(timeout):
            raise TimeoutError("the job has not finished")
        if self._error is not None:
            raise self._error
        return self._value


class _Worker:
    def __init__(self, pid: int, jobs: int, answers: int):
        self.pid = pid
        self.jobs = os.fdopen(jobs, "wb")  # this process writes jobs here ...
        self.answers = os.fdopen(answers, "rb")  # ... and reads the answers
        self.running: Future | None = None


class ForkPool:
    """`workers` forked processes; `initializer(*initargs)` runs first in each."""

    def __init__(self, workers: int, initializer=None, initargs: tuple = ()):
        self._size, self._init = workers, (initializer, initargs)
        self._workers: list[_Worker] = []
        self._waiting: deque[tuple[Future, object, tuple]] = deque()
        self._lock = threading.Lock()
        self._stopping = False
        self._wake: tuple[int, int] | None = None  # a pipe that interrupts the dispatcher's wait
        self._dispatcher: threading.Thread | None = None

    def submit(self, fn, *args) -> Future:
        future = Future()
        with self._lock:
            if self._stopping:
                raise RuntimeError("cannot submit a job to a pool that is shut down")
            self._waiting.append((future, fn, args))
            if self._dispatcher is None:
                self._start()
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

    @property
    def pids(self) -> list[int]:
        """The workers' process ids (empty before the first job)."""
        return [w.pid for w in self._workers]

    def _start(self) -> None:
        """Fork the workers, then start the thread that hands out the jobs (after the
        forks: a forked process holds only the thread that forked)."""
        for _ in range(self._size):
            jobs_read, jobs_write = os.pipe()
            answers_read, answers_write = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: never returns
                os.close(jobs_write)
                os.close(answers_read)
                for other in self._workers:  # their pipes' ends are this process's own: closed, so
                    os.close(other.jobs.fileno())  # that a worker sees its end of the pipe when
                    os.close(other.answers.fileno())  # this process closes it
                _serve(jobs_read, answers_write, *self._init)
            os.close(jobs_read)
            os.close(answers_write)
            self._workers.append(_Worker(pid, jobs_write, answers_read))
        self._wake = os.pipe()
        os.set_blocking(self._wake[1], False)
        self._dispatcher = threading.Thread(target=self._dispatch, name="pnp-workpool", daemon=True)
        self._dispatcher.start()

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
        idle; then close the workers' job pipes (they exit) and reap them."""
        import select

        try:
            while True:
                with self._lock:
                    self._hand_out()
                    busy = [w for w in self._workers if w.running is not None]
                    if self._stopping and not busy and not self._waiting:
                        return
                ready, _, _ = select.select([self._wake[0]] + [w.answers for w in busy], [], [])
                if self._wake[0] in ready:
                    os.read(self._wake[0], 4096)
                for worker in busy:
                    if worker.answers in ready:
                        self._receive(worker)
        except _Broken as broken:
            self._break(str(broken))
        finally:
            self._close()

    def _hand_out(self) -> None:
        for worker in self._workers:
            if worker.running is None and self._waiting:
                future, fn, args = self._waiting.popleft()
                try:
                    data = pickle.dumps((fn, args), protocol=pickle.HIGHEST_PROTOCOL)
                except Exception as exc:  # as the executor: the job's own error, the pool goes on
                    future.set_exception(exc)
                    continue
                try:
                    worker.jobs.write(data)
                    worker.jobs.flush()
                except OSError:
                    worker.running = future
                    raise _Broken(f"worker {worker.pid} ended before it took a job") from None
                worker.running = future

    def _receive(self, worker: _Worker) -> None:
        try:
            ok, value, remote = pickle.load(worker.answers)
        except Exception:  # EOF or a partial answer: the worker died
            raise _Broken(f"worker {worker.pid} ended without answering (killed or crashed)") from None
        future, worker.running = worker.running, None
        if ok:
            future.set_result(value)
        else:
            value.__cause__ = RemoteTraceback(remote)
            future.set_exception(value)

    def _break(self, why: str) -> None:
        """Every job not finished fails; the other workers are ended."""
        with self._lock:
            self._stopping = True
            failed = [w.running for w in self._workers if w.running is not None]
            failed += [job[0] for job in self._waiting]
            self._waiting.clear()
            for worker in self._workers:
                worker.running = None
                try:
                    os.kill(worker.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
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
        with self._lock:
            wake, self._wake = self._wake, None
        for fd in wake or ():
            os.close(fd)


class _Broken(Exception):
    pass


def _serve(jobs: int, answers: int, initializer, initargs) -> None:
    """A worker's life: run each job it is sent, answer (ok, value, traceback), and leave
    by `os._exit` when its job pipe closes (no exit handler of the parent runs twice)."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        if initializer is not None:
            initializer(*initargs)
        with os.fdopen(jobs, "rb") as incoming, os.fdopen(answers, "wb") as outgoing:
            while True:
                try:
                    fn, args = pickle.load(incoming)
                except EOFError:
                    break
                outgoing.write(_answer(fn, args))
                outgoing.flush()
        code = 0
    finally:
        os._exit(code)


def _answer(fn, args) -> bytes:
    """The pickled (ok, value, traceback) of `fn(*args)`; an exception that does not
    pickle is sent as a RuntimeError naming it."""
    try:
        answer = (True, fn(*args), "")
    except BaseException as exc:
        import traceback

        answer = (False, exc, "".join(traceback.format_exception(exc)))
    try:
        return pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as exc:
        if answer[0]:
            failure = RuntimeError(f"the job's result could not be sent back: {exc!r}")
            return pickle.dumps((False, failure, ""), protocol=pickle.HIGHEST_PROTOCOL)
        return pickle.dumps((False, RuntimeError(repr(answer[1])), answer[2]), protocol=pickle.HIGHEST_PROTOCOL)
