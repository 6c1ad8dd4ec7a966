"""Applying the cut options to a component's documents: the PDF post-processed
(CutContour layer, registration marks) and the cut files written beside it."""

from __future__ import annotations

from pathlib import PurePosixPath

from pnp.cut.options import CutOptions
from pnp.cut.paths import CutPages
from pnp.cut.registration import cut_settings, registration
from pnp.output import OutputDir
from pnp.render.style import Style


def finished_pdf(data: bytes, cuts: CutPages | None, options: CutOptions, scale: float = 1.0) -> bytes:
    """The drawn PDF as the cut options want it (unchanged when none applies)."""
    if not (options.contour or options.registration):
        return data
    from pnp.cut.contour import finish  # pypdf: loaded when a PDF is post-processed

    pages = cuts.scaled(scale).pages if cuts is not None else []
    return finish(data, pages, contour=options.contour, registration=registration(options.registration),
                  line_mm=cut_settings().contour_line)


def cut_file_names(pdf_name: str, cuts: CutPages | None, options: CutOptions) -> list[tuple[int, str]]:
    """(page index, file name without extension) of each page that has cut paths:
    `cut/<pdf stem>-p<page>`."""
    if cuts is None or not options.files:
        return []
    stem = PurePosixPath(pdf_name).with_suffix("").as_posix()
    return [(i, f"cut/{stem}-p{i + 1:02d}") for i, page in enumerate(cuts.pages) if page]


def write_cut_files(out: OutputDir, pdf_name: str, cuts: CutPages | None, options: CutOptions, style: Style,
                    title: str, scale: float = 1.0) -> list[str]:
    """A cut file per page with cut paths, in every format asked for; returns their names."""
    written = []
    if cuts is None or not options.files:
        return written
    from pnp.cut.files import dxf_cut_file, svg_cut_file  # ezdxf: loaded when cut files are asked for

    cuts = cuts.scaled(scale)
    machine = registration(options.registration)
    marks = machine.marks(cuts.width, cuts.height) if machine else []
    for i, base in cut_file_names(pdf_name, cuts, options):
        page = cuts.pages[i]
        for fmt in options.files:
            name = f"{base}.{fmt}"
            if fmt == "svg":
                out.write(name, svg_cut_file(page, cuts.width, cuts.height, f"{title}, page {i + 1}: cut", style,
                                             marks))
            else:
                out.write(name, dxf_cut_file(page, cuts.width, cuts.height, marks))
            written.append(name)
    return written
