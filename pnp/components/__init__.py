"""Component builders: each turns a loaded game and print options into pages (node
trees of `pnp.draw`) and standalone SVG files. One module per component kind; each exposes
`build(game, options) -> Component`. Writing PDFs and files is `write_component`'s
job, so every command and the complete kit write the same way."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from msgspec import Struct

from pnp.cut.options import CutOptions
from pnp.cut.paths import CutPages
from pnp.i18n import messages
from pnp.draw.nodes import Page
from pnp.output import OutputDir, atomic_write
from pnp.pdf import CHUNK_PAGES, DocumentPool, PdfPart, assemble
from pnp.render import svg
from pnp.render.style import Style
from pnp.sheets.duplex import with_blank_backs
from pnp.sheets.lazy import LazyFiles, plan_of
from pnp.templates import Paper


class PrintOptions(Struct, frozen=True):
    paper: Paper
    style: Style
    lang: str = "en"
    duplex: str = "none"  # none | long | short
    bleed: float | None = None  # mm; None = each component's template default
    crop_marks: bool = True
    scale: float = 1.0  # printer calibration: everything drawn scaled by this
    layout: str = "individual"  # tile sheet layout
    tile_mm: float | None = None
    market_cell: tuple[float, float] | None = None  # mm: a stock market space, width x height
    variant: str | None = None  # a map variant named in map.yaml (e.g. 1860's "2-3p")
    placements: Path | None = None  # a layout of tiles and tokens to preview on the map
    clearance: float | None = None  # mm added to the tile size for map hexes; None = templates/sheets/map.yaml
    map_layout: str | None = None  # a layout of map sections to compose (18-XY), a file or a name in layouts/
    cut: CutOptions = CutOptions()  # cut files, CutContour layer, print-and-cut registration


@dataclass  # a dataclass, as pnp.kit_jobs `replace`s it
class Document:
    """One PDF a component writes: its file name, pages and page boxes."""

    filename: str
    pages: list[Page]
    title: str
    trim_inset: float = 0.0  # mm from the page edge to the trim box
    bleed: float = 0.0
    backed: bool = False  # pages alternate: each front followed by the page printed on its back
    cuts: CutPages | None = None  # the cut paths of each page, where the component knows them


@dataclass  # a dataclass, as pnp.kit_jobs `replace`s it
class Component:
    key: str  # "tiles", "map", "shares", ...
    title: str  # "Tiles", for bookmarks, footers and the kit's index
    documents: list[Document]  # the first is the one the kit includes
    pieces: int  # physical pieces drawn
    expected: int | None = None  # pieces the game's data says there are
    svgs: dict[str, str | Page] = field(default_factory=dict)  # relative file name -> SVG text or a page
    warnings: list[str] = field(default_factory=list)  # legal but doubtful input, for stderr

    @property
    def pages(self) -> list[Page]:
        return self.documents[0].pages if self.documents else []


def for_duplex(component: Component, game_title: str, options: PrintOptions) -> Component:
    """With --duplex, every document alternates fronts and backs, so that each starts on
    a fresh sheet and no two fronts share one."""
    if options.duplex == "none":
        return component
    heading = f"{game_title} · {component.title}"
    documents = [duplexed(doc, heading, options) for doc in component.documents]
    svgs = component.svgs
    for old, new in zip(component.documents, documents):
        if isinstance(svgs, LazyFiles) and plan_of(old.pages) is svgs.plan and new is not old:
            svgs = LazyFiles(plan_of(new.pages))  # the files still go with the pages that build them
    return replace(component, documents=documents, svgs=svgs)


def duplexed(doc: Document, heading: str, options: PrintOptions) -> Document:
    """The document as printed with --duplex: one whose pages have no backs of their own
    gets a blank back after every page, its footer `heading` and whose back it is."""
    if options.duplex == "none" or doc.backed:
        return doc
    label = _BackLabel(heading, messages(options.lang))
    return replace(doc, pages=with_blank_backs(doc.pages, label, options.style), backed=True,
                   cuts=doc.cuts.with_backs() if doc.cuts is not None else None)


class _BackLabel(Struct, frozen=True):
    """The footer of the blank back of page n (a function that pickles)."""

    heading: str
    t: object  # pnp.i18n.Messages

    def __call__(self, n: int) -> str:
        return f"{self.heading} · {self.t('page.blank_back', page=n)}"


def write_component(component: Component, out: OutputDir, game_title: str,
                    options: PrintOptions | None = None) -> list[Path]:
    """Write a component's PDFs and SVGs under `out` (and its cut files, as `options.cut`
    asks); returns the PDF paths."""
    from pnp.cut.write import finished_pdf, write_cut_files

    cut = options.cut if options is not None else CutOptions()
    shared = _files_with_pages(component)  # written by whoever builds those pages
    written = []
    parts = [([PdfPart(component.title, doc.pages, doc.trim_inset, doc.bleed)], f"{game_title}: {doc.title}")
             for doc in component.documents]
    if any(len(doc.pages) > CHUNK_PAGES for doc in component.documents):  # a long document: drawn on every core
        with DocumentPool() as pool:
            futures = [pool.submit(*part, files_to=out if shared is not None and doc is shared else None)
                       for doc, part in zip(component.documents, parts)]
            pdfs = [future.result() for future in futures]
    else:
        pdfs = [assemble(*part) for part in parts]
        shared = None
    if shared is None:
        for name, text in component.svgs.items():
            out.write(name, text if isinstance(text, str) else svg.to_string(text))
    documents = zip(component.documents, pdfs)
    for doc, pdf in documents:
        data = finished_pdf(pdf, doc.cuts, cut)
        written.append(atomic_write(out.path(doc.filename), data))
        if cut.files:
            write_cut_files(out, doc.filename, doc.cuts, cut, options.style, f"{game_title}: {doc.title}")
    return written


def _files_with_pages(component: Component) -> Document | None:
    """The document whose lazily built pages make the component's files too
    (`pnp.sheets.lazy.LazyFiles`), if there is one."""
    if not isinstance(component.svgs, LazyFiles):
        return None
    return next((doc for doc in component.documents if plan_of(doc.pages) is component.svgs.plan), None)


def aid_component(key: str, filename: str, name: str, bodies: list[list], game_title: str, options: PrintOptions,
                  t, *, pieces: int, expected: int | None) -> Component:
    """A play aid printed on whole pages (tile manifest, upgrade chart): the page bodies
    each get a footer naming the game, the aid and the page."""
    from pnp.render.aids import aid_pages

    pages = aid_pages(bodies, options.paper, options.style, f"{game_title} · {name}", t)
    return Component(key=key, title=name, documents=[Document(filename, pages, name)], pieces=pieces, expected=expected)

