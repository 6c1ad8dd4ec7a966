"""`pnp build`: a game's complete print kit.

Every component the game's data describes is built in print order, written as its
own PDF (and SVGs), and gathered into GAME-kit.pdf with a bookmark per component and a
first page carrying a 100 mm calibration ruler. Everything is written to a staging
folder beside the output folder first and moved into place only when the
whole kit is done, so a build that fails or is killed leaves the previous kit as it
was, with nothing half-written beside it.
"""

from __future__ import annotations

import importlib
import os
import re
import signal
import stat
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from pnp.errors import PnpError

if TYPE_CHECKING:
    from pnp.components import Component, Document, PrintOptions
    from pnp.cut.paths import CutPages
    from pnp.draw.nodes import Page
    from pnp.i18n import Messages
    from pnp.kit_pdf import KitPdf, Row
    from pnp.model.game import Game
    from pnp.output import OutputDir
    from pnp.pdf_file import Movable

# The drawing, PDF and model modules are imported by the functions that use them, when
# a kit is built: importing pnp.build at start-up costs next to nothing.

# Print order. Each entry: key, module in pnp.components, whether the game has data for it.
KIT: list[tuple[str, Callable[[Game], bool]]] = [
    ("tiles", lambda g: bool(g.manifest)),
    ("map", lambda g: g.part("map") is not None),
    ("sections", lambda g: bool(g.part("sections"))),
    ("composed", lambda g: bool(g.part("sections"))),
    ("market", lambda g: g.market is not None),
    ("shares", lambda g: bool(g.companies)),
    ("charters", lambda g: bool(g.companies)),
    ("privates", lambda g: bool(g.privates)),
    ("trains", lambda g: bool(g.trains)),
    ("tokens", lambda g: bool(g.companies)),
    ("cards", lambda g: bool(g.cards)),
    ("money", lambda g: g.info.rules.money is not None),
    ("player_cards", lambda g: bool(g.info.rules.players)),
    ("tile_manifest", lambda g: bool(g.manifest)),
    ("upgrade_chart", lambda g: any(e.upgrades for e in g.manifest)),
]

# Components built only when an option asks for them: key -> the PrintOptions field.
ON_REQUEST = {"composed": "map_layout"}  # pnp build --layout: the map those sections make


def available_components() -> list[str]:
    """Kit components whose builder module exists in this installation: found, not
    imported, so that a kit imports only the builders of the components its game has
    (importing all of them took ~0.2 s of every build)."""
    from importlib.util import find_spec

    return [key for key, _ in KIT if find_spec(f"pnp.components.{key}") is not None]


def kit_components(game: Game, only: list[str] | None = None, options: PrintOptions | None = None) -> list[str]:
    known = available_components()
    if only:
        unknown = [k for k in only if k not in known]
        if unknown:
            raise PnpError(f"--only: unknown component {', '.join(unknown)} (known: {', '.join(known)})")
    applies = dict(KIT)

    def requested(key: str) -> bool:
        return key not in ON_REQUEST or (options is not None and getattr(options, ON_REQUEST[key]) is not None)

    return [k for k in known if applies[k](game) and requested(k) and (not only or k in only)]


# A component built, and the kit: named tuples, as making a dataclass's class compiles
# its methods, ~2 M instructions each on `pnp build`'s serial start (a named tuple: ~1 M).
class Built(NamedTuple):
    component: Component
    seconds: float
    files: dict[str, int]  # file name -> pages
    kit_pdf: Movable | None = None  # the first document's objects as written, movable: which the kit includes


class KitResult(NamedTuple):
    game: Game
    built: list[Built]
    kit_file: str
    kit_pages: int
    files: dict[str, int]  # every file written -> pages (0 for SVG/PNG/MD)
    seconds: float


def scaled(page: Page, scale: float) -> Page:
    """The page with everything drawn `scale` times larger about the page centre (the
    paper stays the same size): printer calibration."""
    if abs(scale - 1.0) < 1e-9:
        return page
    x, y, w, h = page.view_box
    nw, nh = w / scale, h / scale
    return replace(page, view_box=(x + (w - nw) / 2, y + (h - nh) / 2, nw, nh))


def build_component(key: str, game: Game, options: PrintOptions) -> Component:
    from pnp.components import for_duplex

    module = importlib.import_module(f"pnp.components.{key}")
    return for_duplex(module.build(game, options), game.title, options)


def build_kit(game: Game, options: PrintOptions, out_dir: Path, *, only: list[str] | None = None,
              png: bool = False, progress: Callable[[str], None] | None = None, localised: bool = False) -> KitResult:
    """The kit of `game` written to `out_dir`. `localised`: every data text of `game` is
    in the kit's language already (`pnp build` localised it, warning of those missing),
    so it is not walked again (~0.01 s)."""
    import shutil

    from pnp import kit_jobs, kit_pdf
    from pnp.limits import limit
    from pnp.pdf import DocumentPool

    start = time.perf_counter()
    if not localised:
        from pnp.localise import in_language

        game = in_language(game, options.lang)  # every data text in the kit's language
    keys = kit_components(game, only, options)
    if not keys:
        raise PnpError(f"{game.title}: nothing to build (no component has data)")
    built: list[Built] = []
    staging = make_staging(Path(out_dir))
    pages, most = 0, limit(game.info, "pages")
    job = kit_jobs.KitJob(game, options, staging, png, Path(out_dir))
    try:
        kit_jobs.prepare(job)  # before the workers fork: they inherit the loaded game
        kit_jobs.warm_up(keys, options)
        with DocumentPool() as pool:  # each component is built, drawn and written on a worker
            jobs = kit_jobs.schedule(keys)
            running = {job_keys: pool.call(kit_jobs.run_all, job_keys) for job_keys in jobs}
            if pool.parallel:
                kit_pdf.ready(game, options, keys)
            kits = []  # the kit's PDF, started once every component's row is known (`pnp.kit_pdf`)
            rows_known = partial(_start_kit, game, options, built, kits)
            for key, done in kit_jobs.arriving(keys, running, rows_known, progress):  # in print order
                if isinstance(done, PnpError):
                    raise done
                built.append(Built(done.component, done.seconds, done.files, done.kit_pdf))
                if kits:
                    kits[0].add(built[-1])
                pages += len(done.component.pages)
                if pages > most:
                    raise PnpError(f"{game.title}: the kit passes {most} pages at {done.component.title} "
                                   f"(game.yaml limits.pages raises the bound)")
                kill_point("built")
            pool.release()  # the workers end while the kit is joined and committed here
            files = _write_kit(game, options, built, kit_jobs.StagingDir(staging, Path(out_dir)), *kits)
            kit_name = f"{safe_stem(game.key)}-kit.pdf"
            kill_point("staged")
            _commit(staging, Path(out_dir))
    finally:
        kit_jobs.prepare(None)
        shutil.rmtree(staging, ignore_errors=True)
    return KitResult(game, built, kit_name, files[kit_name], files, time.perf_counter() - start)


def safe_stem(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", text)


def _start_kit(game: Game, options: PrintOptions, built: list[Built], kits: list[KitPdf], rows: list[Row]) -> None:
    """The kit's PDF begun: its cover drawn from `rows`, the components back so far added.
    A user's error in drawing the cover is left to `_write_kit` to raise, after any
    component's error, as before the cover was drawn early."""
    from pnp.kit_pdf import KitPdf

    try:
        kits.append(KitPdf(game, options, rows, built))
    except PnpError:
        return


def _write_kit(game: Game, options: PrintOptions, built: list[Built], out: OutputDir,
               kit: KitPdf | None = None) -> dict[str, int]:
    """The kit (the cover, then every component's first document joined after it) and
    index.md; the components' own files are written. `kit`: the kit's PDF begun while
    the last components were drawn (`pnp.kit_pdf`), taken if its cover lists the
    components as built and they are all in it."""
    from pnp.cut.write import finished_pdf
    from pnp.i18n import messages
    from pnp.kit_pdf import KitPdf

    files: dict[str, int] = {}
    t = messages(options.lang)
    rows = [(b.component.title, b.component.pieces, len(b.component.pages)) for b in built]
    if kit is None or kit.cover.rows != rows:
        kit = KitPdf(game, options, rows, built)
    for b in built:
        files.update(b.files)
    kit_name = f"{safe_stem(game.key)}-kit.pdf"
    data = kit.file(t("kit.title", game=game.title), t("kit.subject"))
    cover = kit.cover.document
    out.write(kit_name, finished_pdf(data, kit_cuts(cover, built, options.scale), options.cut))
    files[kit_name] = len(cover.pages) + sum(len(b.component.documents[0].pages) for b in built if b.component.documents)
    out.write("index.md", index_markdown(game, built, files, kit_name, t))
    files["index.md"] = 0
    return files


def kit_cuts(cover: Document, built: list[Built], scale: float) -> CutPages:
    """The kit's cut paths page by page: none on the cover, each component's first
    document's after it (as calibrated by `scale`)."""
    from pnp.cut.paths import CutPages

    pages = [[] for _ in cover.pages]
    for b in built:
        if b.component.documents:
            doc = b.component.documents[0]
            pages += doc.cuts.scaled(scale).pages if doc.cuts is not None else [[] for _ in doc.pages]
    return CutPages(0.0, 0.0, pages)


def index_markdown(game: Game, built: list[Built], files: dict[str, int], kit_name: str,
                   t: Messages | None = None) -> str:
    from pnp.i18n import messages

    t = t or messages()
    heads = [t(f"kit.index_{k}") for k in ("component", "pieces", "expected", "pages", "file")]
    lines = [f"# {t('kit.title', game=game.title)}", "",
             t("kit.index_intro", kit=kit_name, pages=t.count("kit.pages", files[kit_name])), "",
             "| " + " | ".join(heads) + " |", "|---|---:|---:|---:|---|"]
    for b in built:
        c = b.component
        expected = "-" if c.expected is None else str(c.expected)
        first = c.documents[0].filename if c.documents else "-"
        lines.append(f"| {c.title} | {c.pieces} | {expected} | {len(c.pages)} | `{first}` |")
    lines += ["", f"## {t('kit.index_files')}", "", f"| {heads[4]} | {heads[3]} |", "|---|---:|"]
    for name in sorted(files):
        pages = files[name]
        lines.append(f"| `{name}` | {pages if pages else '-'} |")
    return "\n".join(lines) + "\n"


STAGING = ".pnp-staging-"


def make_staging(out_dir: Path) -> Path:
    """A fresh staging folder beside the output folder (same disk, so nothing is left in
    the system's temporary folder), or inside it when its parent cannot be written,
    after removing those that builds killed before they could clean up (their process
    is gone)."""
    import shutil
    import tempfile  # here, not at start: a build's serial start does not need them

    from pnp.output import write_error

    out_dir = out_dir.resolve()
    prefix = f"{STAGING}{out_dir.name}-"
    try:
        out_dir.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise write_error(out_dir.parent, exc) from None
    for folder in (out_dir.parent, out_dir):
        for old in folder.glob(f"{prefix}*") if folder.is_dir() else ():
            pid = old.name[len(prefix):].split(".")[0]
            if pid.isdigit() and not _alive(int(pid)):
                shutil.rmtree(old, ignore_errors=True)
    try:
        return Path(tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}.", dir=out_dir.parent))
    except OSError:
        pass
    try:
        out_dir.mkdir(exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}.", dir=out_dir))
    except OSError as exc:
        raise write_error(out_dir, exc) from None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _commit(staging: Path, out_dir: Path) -> None:
    """Move every staged file into the output folder; each lands by an atomic rename.
    Every target is checked first (no link inside the folder may lead out of it), so a
    refused kit writes nothing. A file that already holds the staged bytes is left as it
    is (see `_unchanged`)."""
    from pnp.output import OutputDir, atomic_write

    folder = OutputDir(out_dir)
    made: set[Path] = set()
    for path, target in _targets(folder, staging):
        if _unchanged(path, target):
            continue
        try:  # the staging folder is on the same disk: the staged file itself lands, by one rename
            if target.parent not in made:
                target.parent.mkdir(parents=True, exist_ok=True)
                made.add(target.parent)
            os.replace(path, target)
        except OSError:
            atomic_write(target, path.read_bytes())
        kill_point("committing")


def _unchanged(staged: Path, target: Path) -> bool:
    """Whether `target` is a file holding exactly the staged bytes already (a component a
    rebuild left unchanged). Replacing it would change nothing but make the disk delete
    the old copy's data, which is what committing a rebuild spent its time on: 0.1-0.7 s
    of 1860's 236 files on this project's machine, whose disk discards freed blocks at
    once, against 0.05 s into a new folder. The staged copy, just written, goes with
    the staging folder."""
    try:
        old = os.stat(target)
        if not stat.S_ISREG(old.st_mode) or old.st_size != os.stat(staged).st_size:
            return False
        return target.read_bytes() == staged.read_bytes()
    except OSError:
        return False


def _targets(folder: OutputDir, staging: Path) -> list[tuple[Path, Path]]:
    """(staged file, where it lands) for every file in `staging`, in name order, each
    target as `folder.path` gives it (links followed, refused when outside the folder),
    but each sub-folder resolved once rather than once per file: a staged name's last
    part is a plain file name, so only a link of that name can lead elsewhere."""
    out = []
    for root, _, names in os.walk(staging):
        below = Path(root).relative_to(staging)
        try:
            inside = folder.path(str(below))
        except PnpError:  # each file checked on its own, so that the refusal names it
            inside = None
        for name in names:
            target = inside / name if inside is not None else None
            if target is None or target.is_symlink():
                target = folder.path(str(below / name))
            out.append((Path(root) / name, target))
    return sorted(out, key=lambda pair: pair[0])


KILL_POINT = "PNP_TEST_KILL_AT"


def kill_point(name: str) -> None:
    """The crash-safety tests stop a build here with SIGKILL (env PNP_TEST_KILL_AT=name):
    a kill at a known step rather than after a guessed delay, whatever the machine's speed."""
    if os.environ.get(KILL_POINT) == name:
        os.kill(os.getpid(), signal.SIGKILL)


def resolve_options(game: Game, cli: dict) -> dict:
    """Command-line values win; then the game's `print:` settings; then defaults."""
    from pnp.print_settings import checked_print

    defaults = {"paper": "a4", "scale": 1.0, "bleed": None, "crop_marks": True, "duplex": "none", "only": None,
                "lang": "en", "theme": "default", "tile_layout": "individual", "layout": None,
                "cut_files": None, "cut_contour": False, "registration": None}
    game_print = checked_print(game.folder / "game.yaml", dict(game.info.print), list(defaults))
    merged = {**defaults, **game_print, **{k: v for k, v in cli.items() if v is not None}}
    return merged


__all__ = ["build_kit", "KitResult", "resolve_options", "scaled", "kit_components", "replace"]
