"""The live preview's state: the last good drawing of every preview, its version, and
the data error that stands in its way, if any.

`Previews.rebuild(changed)` reloads the game and rebuilds only the previews drawn from
the changed files; each finished preview is reported through `emit` at once, so the
page shows the tiles before the slower play aids are done. A data error keeps every
last good drawing and marks the previews it concerns with the CLI's one-line message.
"""

from __future__ import annotations

import os
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import DataError, PnpError
from pnp.serve.previews import ALWAYS, PreviewSpec, preview_pages, preview_specs

Emit = Callable[[dict], None]


@dataclass
class Entry:
    key: str
    title: str
    deps: tuple[str, ...]
    pages: list[str] = field(default_factory=list)  # last good SVGs shown
    documents: list = field(default_factory=list)  # last good component's documents (PDF links)
    version: int = 0  # counts the changes of the drawings
    page_versions: list[int] = field(default_factory=list)  # the version in which each page last changed
    error: str | None = None
    built: bool = False
    builds: int = 0  # times built since the server started


def error_line(exc: Exception) -> str:
    """What the CLI prints for the error (`pnp: error: file:line: field: problem`)."""
    if isinstance(exc, PnpError):
        return f"pnp: error: {exc}"
    return f"pnp: internal error: {type(exc).__name__}: {exc}"


class Previews:
    def __init__(self, folder: Path, paper: str = "a4", theme: str = "default"):
        self.folder = Path(folder).resolve()
        self.inode = os.stat(self.folder).st_ino
        self.paper, self.theme = paper, theme
        self.entries: dict[str, Entry] = {}
        self.order: list[str] = []
        self.error: str | None = None  # the game's load error, if the data does not load
        self.error_file: str | None = None
        self.title = self.folder.name
        self.lock = threading.Lock()  # one rebuild at a time
        self.stale: set[str] = set()  # previews a stopped rebuild left to do

    # --- the game folder, even after it is renamed ------------------------------------------

    def relative(self, path: str | Path) -> str | None:
        try:
            return Path(path).resolve().relative_to(self.folder).as_posix()
        except ValueError:
            return None

    def find_folder(self) -> bool:
        """Follow the game folder if it was renamed within its parent (same inode). Returns
        whether the folder changed."""
        if self.folder.is_dir():
            return False
        parent = self.folder.parent
        try:
            for child in parent.iterdir():
                if child.is_dir() and os.stat(child).st_ino == self.inode:
                    self.folder = child.resolve()
                    return True
        except OSError:
            pass
        return False

    # --- rebuilding --------------------------------------------------------------------------

    def rebuild(self, changed: set[str] | None, emit: Emit, newer: Callable[[], bool] = lambda: False) -> None:
        """Reload the game; rebuild previews whose files changed (None: all of them). When
        `newer()` says another save is waiting, stop after the preview in hand: what is
        left is rebuilt with the next round, which reads the newer files."""
        with self.lock:
            self._rebuild(changed, emit, newer)

    def _rebuild(self, changed: set[str] | None, emit: Emit, newer: Callable[[], bool]) -> None:
        from pnp.commands.common import print_options
        from pnp.load import load_game

        if not self.folder.is_dir():
            self.find_folder()
        try:
            started = time.perf_counter()
            game = load_game(self.folder)
            options = print_options(game, self.paper, self.theme)
            specs = preview_specs(game, options)
        except Exception as exc:  # a data error, a vanished folder, or a bug: show it, keep serving
            self._failed(exc, emit)
            return
        self.title = game.title
        self.error = self.error_file = None
        keys = [s.key for s in specs]
        structure = keys != self.order
        # replaced whole, never changed in place: the server's requests read them meanwhile
        self.entries = {spec.key: self.entries.get(spec.key) or Entry(spec.key, spec.title, spec.deps)
                        for spec in specs}
        self.order = keys
        emit({"type": "status", "error": None, "title": self.title, "structure": structure,
              "load_ms": round((time.perf_counter() - started) * 1000)})
        todo = [spec for spec in specs if spec.key in self.stale or not self.entries[spec.key].built
                or self.entries[spec.key].error is not None or spec.affected_by(changed)]
        self.stale = {spec.key for spec in todo}
        for spec in todo:
            if newer():
                return
            entry = self.entries[spec.key]
            entry.deps = spec.deps
            self._build(spec, entry, emit)
            self.stale.discard(spec.key)

    def _build(self, spec: PreviewSpec, entry: Entry, emit: Emit) -> None:
        entry.builds += 1
        started = time.perf_counter()
        try:
            component = spec.build()
            pages = preview_pages(spec, component)
        except Exception as exc:
            entry.error = error_line(exc)
            if not isinstance(exc, PnpError):
                traceback.print_exc()
            emit(self.event(entry))
            return
        if pages != entry.pages:
            entry.version += 1
            old = dict(enumerate(zip(entry.pages, entry.page_versions)))
            # a page keeps its version while its drawing stays the same: the page reloads
            # only the images that changed
            entry.page_versions = [old[n][1] if n in old and old[n][0] == page else entry.version
                                   for n, page in enumerate(pages)]
        entry.error = None
        entry.pages, entry.documents, entry.built = pages, component.documents, True
        emit(self.event(entry) | {"build_ms": round((time.perf_counter() - started) * 1000)})

    def _failed(self, exc: Exception, emit: Emit) -> None:
        if not self.folder.is_dir():
            message = f"pnp: error: {self.folder}: the game folder is gone (deleted or renamed out of its folder)"
        else:
            message = error_line(exc)
        if not isinstance(exc, PnpError) and self.folder.is_dir():
            traceback.print_exc()
        self.error = message
        self.error_file = self.relative(exc.file) if isinstance(exc, DataError) else None
        emit({"type": "status", "error": message, "title": self.title, "structure": False})
        for entry in self.shown():
            if self.error_file is None or self.error_file in ALWAYS \
                    or any(self.error_file == d or (d.endswith("/") and self.error_file.startswith(d))
                           for d in entry.deps):
                entry.error = message
                emit(self.event(entry))

    # --- what the page reads ------------------------------------------------------------------

    def event(self, entry: Entry) -> dict:
        return {"type": "update", "key": entry.key, "version": entry.version, "pages": len(entry.pages),
                "versions": entry.page_versions,
                "error": entry.error}

    def snapshot(self) -> dict:
        return {"title": self.title, "error": self.error, "folder": str(self.folder),
                "previews": [self.event(e) | {"title": e.title, "builds": e.builds} for e in self.shown()]}

    def shown(self) -> list[Entry]:
        """The previews in page order."""
        entries = self.entries
        return [entries[k] for k in self.order if k in entries]
