"""A job's answer, as `pnp.workpool`'s pool sets it once, and what the job told its
caller before it ended (`pnp.workpool.note`): `pnp build` hears each component's row
for the kit's cover as soon as it is built, before it is drawn (`pnp.kit_jobs.arriving`)."""

from __future__ import annotations

import threading


class Future:
    """A job's answer, set once by the pool; and what the job told before it (`note`)."""

    def __init__(self):
        self._done = threading.Event()
        self._value = None
        self._error: BaseException | None = None
        # the notes, listeners and being done change under it, and listeners are called
        # under it: each hears every note once, in order, from one thread at a time
        # (reentrant: a listener may ask the future again)
        self._lock = threading.RLock()
        self._notes: list = []
        self._listeners: dict[str, list] = {"note": [], "done": []}

    def set_result(self, value) -> None:
        self._value = value
        self._tell("done", self)

    def set_exception(self, error: BaseException) -> None:
        self._error = error
        self._tell("done", self)

    def noted(self, value) -> None:
        """The job told `value` (the pool's thread calls this)."""
        self._tell("note", value)

    def on_note(self, fn) -> None:
        """`fn(value)` for each note of the job: those told already at once, then each as
        it comes, in the pool's thread (so it should only hand the value on)."""
        self._listen("note", fn)

    def add_done_callback(self, fn) -> None:
        """`fn(future)` once the job is done: at once if it is, else in the pool's thread."""
        self._listen("done", fn)

    def _tell(self, kind: str, value) -> None:
        with self._lock:
            if kind == "done":
                self._done.set()
            else:
                self._notes.append(value)
            for fn in list(self._listeners[kind]):
                fn(value)

    def _listen(self, kind: str, fn) -> None:
        with self._lock:
            self._listeners[kind].append(fn)
            for value in list(self._notes) if kind == "note" else [self] if self._done.is_set() else []:
                fn(value)

    def done(self) -> bool:
        return self._done.is_set()

    def result(self, timeout: float | None = None):
        """The job's result (waiting for it), or its exception raised here."""
        if not self._done.wait(timeout):
            raise TimeoutError("the job has not finished")
        if self._error is not None:
            raise self._error
        return self._value
