"""Pages built where they are drawn.

Most of a long tile sheet's time (10,000 tiles on 334 pages) goes into the artwork of
its distinct tiles, not into placing them. A component can hand over a `PagePlan`
instead of its pages: it knows how many pages there are at once and builds any range
of them, with only the artwork those pages show. `LazyPages` makes a plan look like
the list of pages every writer expects (a page is built when first asked for and kept),
and the drawing pool (`pnp.pdf.DocumentPool`) gives the workers ranges of the plan,
so that the artwork is built on the workers, in parallel, never in the main process.
A plan may wrap another (`pnp.sheets.duplex.BlankBacks`: a blank back after each page).

A plan also names the files made from the same artwork (the SVG of each distinct
tile), each going with the page range that builds its artwork first: whoever builds
those pages writes them. `LazyFiles` shows them as the usual name -> text mapping.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from pnp.draw.nodes import Page


class PagePlan(Protocol):
    """What a component knows about its pages before building them."""

    pages_per_sheet: int  # pages built together (a sheet's front and back): asked for one, all are built

    def __len__(self) -> int: ...

    def pages(self, start: int, stop: int) -> list[Page]:
        """Pages start..stop-1, built."""

    def file_names(self, start: int, stop: int) -> list[str]:
        """The files whose artwork pages start..stop-1 build first (the range that ends
        the document also holds those no page shows)."""

    def file(self, name: str) -> str:
        """One file's text."""


class LazyPages(Sequence):
    """A plan's pages as a list; each page built on first use and kept. Pickled (sent
    to a worker), it carries the plan, not the pages built so far."""

    def __init__(self, plan: PagePlan):
        self.plan = plan
        self._built: dict[int, Page] = {}

    def __len__(self) -> int:
        return len(self.plan)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index not in self._built:
            first = index - index % self.plan.pages_per_sheet
            last = min(first + self.plan.pages_per_sheet, len(self))
            for number, page in enumerate(self.plan.pages(first, last), first):
                self._built[number] = page
        return self._built[index]

    def __getstate__(self) -> dict:
        return {"plan": self.plan, "_built": {}}


class LazyFiles(Mapping):
    """A plan's files as a mapping from name to text, each built when read."""

    def __init__(self, plan: PagePlan):
        self.plan = plan
        self._names = dict.fromkeys(plan.file_names(0, len(plan)))

    def __getitem__(self, name: str) -> str:
        if name not in self._names:
            raise KeyError(name)
        return self.plan.file(name)

    def __iter__(self):
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


def plan_of(pages) -> PagePlan | None:
    """The plan behind a document's pages, if they are built lazily."""
    return pages.plan if isinstance(pages, LazyPages) else None
