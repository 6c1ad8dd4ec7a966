"""A kit component built, drawn and written on a drawing worker.

`pnp build` loads the game once; the workers, forked after that, each take a
component, build its pages, draw its PDFs, write its PDFs, SVGs, cut files
and previews into the staging folder, and hand back the component and the PDF the kit
includes. The main process only joins the kit. Components are independent of each
other, so the two cores of a small machine both work from the first component on;
those that draw the same tiles run one after another on one worker (`schedule`), so
that each tile is laid out and drawn once a kit, not once a worker."""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct

from pnp.components import Component, PrintOptions
from pnp.draw.nodes import Group
from pnp.errors import PnpError
from pnp.output import OutputDir, holds, write_error
from pnp.model.game import Game

if TYPE_CHECKING:
    from pnp.kit_pdf import Row
    from pnp.pdf_file import Movable
    from pnp.workpool import Future


class KitJob(Struct):
    """What every component of one kit shares."""

    game: Game
    options: PrintOptions
    staging: Path
    png: bool
    out_dir: Path | None = None  # where the kit lands: see StagingDir's `landing`


class Done(Struct):
    component: Component  # as the kit needs it back: see `sent_back`
    seconds: float  # building its pages
    files: dict[str, int]  # file written -> pages (0 for SVG, PNG and cut files)
    kit_pdf: Movable | None  # its first document's objects as written, movable: for the kit to join


# Components that draw the same tiles (render/tile.py's cache of tile artwork, whose face
# layout is most of these components' cost): one job, in this order, on one worker.
SAME_TILES = ("tiles", "tile_manifest", "upgrade_chart")
# Each job's usual cost, heaviest first (benchmarks/bench_workers.py on the bundled kits
# and 1858): handed out in this order, the short jobs come last and fill in whichever
# worker is free first, so that both finish at about the same time. Unlisted keys last.
HEAVIEST_FIRST = ("tiles", "map", "sections", "composed", "market", "money", "charters", "shares", "tokens",
                  "player_cards", "cards", "trains", "privates")

# Components most games lack (map sections, a map composed of them): imported ahead of
# the game's arrival after all the others (`warm_up_while`), not in their HEAVIEST_FIRST place.
UNCOMMON = ("sections", "composed")

_JOB: KitJob | None = None  # set before the workers fork, so that they need not be sent the game


def prepare(job: KitJob | None) -> None:
    global _JOB
    _JOB = job


def warm_up(keys: list[str], options: PrintOptions) -> None:
    """Load once, before the workers fork, what each would otherwise load for itself:
    what every kit's workers use (`warm_up_drawing`), the game's component modules and
    the messages. (What `warm_up_while` reads ahead of the workers' first uses is left
    to the workers here: on this serial path it cost more than it saved.)"""
    from pnp.i18n import messages

    warm_up_drawing()
    for key in keys:
        importlib.import_module(f"pnp.components.{key}")
    messages(options.lang)


def warm_up_drawing() -> None:
    """What the workers of every kit use, whatever its game: imported (`pnp build`) while
    the game loads in a forked child, before `warm_up` imports the game's components;
    and the C library's prctl looked up, which the drawing pool needs before it forks
    (`pnp.forked.prepare_death_signal`): here it costs no time on the serial path."""
    import pnp.cut.write  # noqa: F401
    import pnp.pdf_file  # noqa: F401
    from pnp.forked import prepare_death_signal
    from pnp.pdf import warm_up as drawing_pool

    drawing_pool()
    prepare_death_signal()


def warm_up_while(loading: Callable[[], bool]) -> None:
    """`warm_up_drawing`, then, one step at a time for as long as `loading()` (the game,
    in a forked child), what the workers will use: a game that takes longer to load
    than the drawing modules to import leaves no core idle. First the components'
    modules, heaviest first: those of its components that are left, `warm_up` imports
    once the game has come; those it lacks cost little (1860's two: ~11 M instructions),
    and those most games lack (UNCOMMON) come last. Then what the workers would each do
    on first use (`pnp.first_uses`): what every worker reads, the glyphs' ink boxes,
    each component's templates; done once here rather than after the fork."""
    from pnp import first_uses
    from pnp.build import available_components
    from pnp.draw import pdffonts

    warm_up_drawing()
    keys = sorted(available_components(), key=lambda k: (k in UNCOMMON, rank(k)))
    steps = [partial(importlib.import_module, f"pnp.components.{key}") for key in keys]
    steps += [partial(first_uses.done, use) for use in first_uses.EVERY_WORKER]  # each a step: ~0.3-1 ms
    steps += [partial(pdffonts.warm_up, face) for face in pdffonts.COMMON]  # ~1.5 ms a face
    steps += [partial(first_uses.by_component, key) for key in keys]
    for step in steps:
        if not loading():
            return
        step()


def schedule(keys: list[str]) -> list[tuple[str, ...]]:
    """The workers' jobs for components `keys`: each alone but those in SAME_TILES
    together, heaviest first."""
    together = tuple(k for k in SAME_TILES if k in keys)
    jobs = [together] if together else []
    jobs += [(k,) for k in keys if k not in together]

    return sorted(jobs, key=lambda job: rank(job[0]))  # stable: unlisted keys keep their print order


def rank(key: str) -> int:
    """A component's place in HEAVIEST_FIRST (after them all when unlisted)."""
    return HEAVIEST_FIRST.index(key) if key in HEAVIEST_FIRST else len(HEAVIEST_FIRST)


def arriving(keys: list[str], running: dict[tuple[str, ...], Future], rows_known: Callable[[list[Row]], None],
             progress: Callable[[str], None] | None = None) -> Iterator[tuple[str, Done | PnpError]]:
    """Each component's result in print order (`keys`; `progress(key)` before waiting
    for it), as soon as it and those before it are back, whichever worker built it
    (`running`: each job's future). Meanwhile, once every component's row for the
    kit's cover has been told (by the worker, as soon as its pages are built: `_run`),
    `rows_known(rows)`, in print order: the cover is drawn while the last components
    are drawn and written (`pnp.kit_pdf`)."""
    import queue

    events = queue.SimpleQueue()  # filled in the pool's thread
    for job_keys, future in running.items():
        future.on_note(partial(_put, events, "row"))
        future.add_done_callback(partial(_put, events, job_keys))
    done: dict[str, tuple[tuple[str, ...], Future]] = {}  # component -> its job's keys and future, once done
    finished: dict[str, Done | PnpError] = {}
    rows: dict[str, Row] = {}
    for key in keys:
        if progress:
            progress(key)
        while key not in done:
            kind, value = events.get()
            if kind == "row":
                told = len(rows) == len(keys)
                rows[value[0]] = value[1:]
                if len(rows) == len(keys) and not told:
                    rows_known([rows[k] for k in keys])
            else:  # a job done: `kind` is its keys, `value` its future
                done.update(dict.fromkeys(kind, (kind, value)))
        if key not in finished:  # its job's result asked for in print order: an earlier error comes first
            job_keys, future = done[key]
            finished.update(zip(job_keys, future.result()))
        yield key, finished[key]


def _put(events, kind, value) -> None:
    events.put((kind, value))


def run_all(keys: tuple[str, ...], job: KitJob | None = None) -> list[Done | PnpError]:
    """Components `keys` one after another on this worker; a component's user error is
    returned in its place, so that the kit reports the first in print order, as when
    each ran alone."""
    out: list[Done | PnpError] = []
    for key in keys:
        try:
            out.append(run(key, job))
        except PnpError as exc:
            out.append(exc)
    return out


def run(key: str, job: KitJob | None = None) -> Done:
    """Build, draw and write component `key` (of `job`, else of the prepared kit)."""
    try:
        return _run(key, job or _JOB)
    except PnpError as exc:  # the error as text: a DataError's own fields do not cross processes
        raise PnpError(str(exc)) from None


def _run(key: str, job: KitJob) -> Done:
    from pnp.build import build_component, scaled
    from pnp.cut.write import finished_pdf, write_cut_files
    from pnp.pdf import PdfPart, assembled, to_png
    from pnp.render import svg
    from pnp.workpool import note

    game, options = job.game, job.options
    t0 = time.perf_counter()
    component = build_component(key, game, options)
    seconds = time.perf_counter() - t0
    note((key, component.title, component.pieces, len(component.pages)))  # its row on the kit's cover
    out = StagingDir(job.staging, job.out_dir)
    files: dict[str, int] = {}
    for name, text in component.svgs.items():
        out.write(name, text if isinstance(text, str) else svg.to_string(text))
        files[name] = 0
    kit_pdf = None
    for doc in component.documents:
        pages = [scaled(p, options.scale) for p in doc.pages]
        title = f"{game.title}: {doc.title}"
        drawn, objects = assembled([PdfPart(component.title, pages, doc.trim_inset, doc.bleed)], title)
        out.write(doc.filename, finished_pdf(drawn, doc.cuts, options.cut, options.scale))
        files[doc.filename] = len(doc.pages)
        for name in write_cut_files(out, doc.filename, doc.cuts, options.cut, options.style, title, options.scale):
            files[name] = 0
        if kit_pdf is None:
            kit_pdf = objects
            if job.png:
                for n, page in enumerate(pages, 1):
                    name = f"png/{component.key}-{n:02d}.png"
                    out.write(name, to_png(page, dpi=60))
                    files[name] = 0
    return Done(sent_back(component), seconds, files, kit_pdf)


class StagingDir(OutputDir):
    """The build's own staging folder: made fresh for this build, read by nothing
    until the kit is committed (each file then moved into place by one rename), and
    holding no links. So a file is written straight to its name, not to a temporary
    name renamed into place, and a name is checked as text, not resolved on the disk:
    together about half the cost of writing a kit's 200-odd files.

    With `landing`, the output folder the staged files are committed to: a file that
    the folder already holds byte for byte (a rebuild of unchanged components) is not
    staged at all, as the commit would leave it as it is anyway (`pnp.build._commit`).
    Making a file is what writing one costs most (on this project's disk ~1 ms each,
    most of it finding a free inode past those the last build's staging folder freed);
    comparing with the old copy costs a stat and a read."""

    def __init__(self, root: Path, landing: Path | None = None):
        super().__init__(root)
        self._inside = os.path.join(str(self.root), "")  # a name must lead below this
        self._folders = {str(self.root)}
        self._landing = None if landing is None else Path(os.path.realpath(landing))
        self._plain: dict[Path, bool] = {}  # landing sub-folder -> reached without a link

    def path(self, name: str) -> Path:
        return Path(self._checked(name))

    def _checked(self, name: str) -> str:
        """The file's path as text, refused outside the folder: checked as text (a
        kit's 200-odd names through pathlib cost ~3 ms of a worker's CPU)."""
        target = os.path.normpath(os.path.join(self._inside, name))
        if not target.startswith(self._inside):
            raise PnpError(f"refused to write '{name}': it leads outside the output folder {self.root}")
        return target

    def write(self, name: str, data: bytes | str) -> Path:
        target = self._checked(name)
        payload = data.encode("utf-8") if isinstance(data, str) else data
        if self._landing is not None and self._landed(Path(target[len(self._inside):]), payload):
            return Path(target)
        try:
            folder = os.path.dirname(target)
            if folder not in self._folders:
                os.makedirs(folder, exist_ok=True)
                self._folders.add(folder)
            _write_new(target, payload)
        except OSError as exc:
            raise write_error(Path(target), exc) from None
        return Path(target)

    def _landed(self, name: Path, payload: bytes) -> bool:
        """Whether the landing folder holds `payload` as `name` already: a plain file
        (not a link) in a folder reached without links, so that the commit, which
        refuses links leading out of the folder, would have nothing to check or move."""
        target = self._landing / name
        folder = target.parent
        plain = self._plain.get(folder)
        if plain is None:
            plain = self._plain[folder] = os.path.realpath(folder) == str(folder)
        return plain and holds(target, payload)


def _write_new(path: str, payload: bytes) -> None:
    """`payload` as the file `path` (made or emptied), through the file descriptor, as
    a staged file is written once and whole: no buffered file object around it."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o666)
    try:
        view = memoryview(payload)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def sent_back(component: Component) -> Component:
    """The component as the kit needs it from the worker: its pages blank, of the same
    size and title, and no SVGs. Its files are written already and the kit takes its
    drawn PDF; pickling every page's drawing through the pipe cost both processes
    about 0.1 s CPU a kit, for nothing."""
    documents = [replace(doc, pages=[replace(page, root=Group()) for page in doc.pages])
                 for doc in component.documents]
    return replace(component, documents=documents, svgs={})
