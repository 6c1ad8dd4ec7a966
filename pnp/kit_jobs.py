"""A kit component built, drawn and written on a drawing worker.

`pnp build` loads the game once; the workers, forked after that, each take a
component, build its pages, draw its PDFs with cairo, write its PDFs, SVGs, cut files
and previews into the staging folder, and hand back the component and the PDF the kit
includes. The main process only joins the kit. Components are independent of each
other, so the two cores of a small machine both work from the first component on."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.components import Component, PrintOptions
from pnp.errors import PnpError
from pnp.model.game import Game


@dataclass
class KitJob:
    """What every component of one kit shares."""

    game: Game
    options: PrintOptions
    staging: Path
    png: bool


@dataclass
class Done:
    component: Component  # its SVGs already written (`files`), so left out
    seconds: float  # building its pages
    files: dict[str, int]  # file written -> pages (0 for SVG, PNG and cut files)
    kit_pdf: bytes | None  # its first document as drawn, for the kit


_JOB: KitJob | None = None  # set before the workers fork, so that they need not be sent the game


def prepare(job: KitJob | None) -> None:
    global _JOB
    _JOB = job


def warm_up(keys: list[str], options: PrintOptions) -> None:
    """Load once, before the workers fork, what each would otherwise load for itself:
    the component modules, the cairo bindings (cairocffi parses cairo's C declarations
    when imported: about 0.3 s), the font metrics and the messages."""
    import importlib

    import pnp.draw.cairowriter  # noqa: F401
    from pnp.i18n import messages
    from pnp.text import FACES, font_name

    for key in keys:
        importlib.import_module(f"pnp.components.{key}")
    for weight in FACES:
        font_name(weight)
    messages(options.lang)


def run(key: str, job: KitJob | None = None) -> Done:
    """Build, draw and write component `key` (of `job`, else of the prepared kit)."""
    try:
        return _run(key, job or _JOB)
    except PnpError as exc:  # the error as text: a DataError's own fields do not cross processes
        raise PnpError(str(exc)) from None


def _run(key: str, job: KitJob) -> Done:
    from pnp.build import build_component, scaled
    from pnp.cut.write import finished_pdf, write_cut_files
    from pnp.output import OutputDir
    from pnp.pdf import PdfPart, assemble, to_png
    from pnp.render import svg

    game, options = job.game, job.options
    t0 = time.perf_counter()
    component = build_component(key, game, options)
    seconds = time.perf_counter() - t0
    out = OutputDir(job.staging)
    files: dict[str, int] = {}
    for name, text in component.svgs.items():
        out.write(name, text if isinstance(text, str) else svg.to_string(text))
        files[name] = 0
    kit_pdf = None
    for doc in component.documents:
        pages = [scaled(p, options.scale) for p in doc.pages]
        title = f"{game.title}: {doc.title}"
        drawn = assemble([PdfPart(component.title, pages, doc.trim_inset, doc.bleed)], title)
        out.write(doc.filename, finished_pdf(drawn, doc.cuts, options.cut, options.scale))
        files[doc.filename] = len(doc.pages)
        for name in write_cut_files(out, doc.filename, doc.cuts, options.cut, options.style, title, options.scale):
            files[name] = 0
        if kit_pdf is None:
            kit_pdf = drawn
            if job.png:
                for n, page in enumerate(pages, 1):
                    name = f"png/{component.key}-{n:02d}.png"
                    out.write(name, to_png(page, dpi=60))
                    files[name] = 0
    return Done(replace(component, svgs={}), seconds, files, kit_pdf)
