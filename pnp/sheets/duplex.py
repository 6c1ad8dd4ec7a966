"""Printing on both sides of the paper.

With `--duplex long|short` every PDF alternates fronts and backs: pages 1, 3, 5 ...
are fronts, each followed by the page printed on its back. A piece's back lies behind
its own front once the sheet is turned over its long or short edge (`pack.mirrored`);
a front with nothing to print behind it gets a blank back, so no two fronts share a
sheet (cutting out one would ruin the other) and each component of a kit starts on a
sheet of its own.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.draw.nodes import Page
from pnp.i18n import Messages
from pnp.render.style import Style
from pnp.sheets import pack
from pnp.sheets.lazy import LazyPages, PagePlan, plan_of
from pnp.sheets.page import PieceArt, draw_pages, footer_text, page_svg
from pnp.templates import Paper


def blank_back(front: Page, label: str, style: Style) -> Page:
    """The back of a page that has nothing behind it: the front's size, empty but for a
    footer saying whose back it is, inside the band printers leave blank."""
    width, height = front.width_mm, front.height_mm
    return page_svg(width, height, label, [footer_text(label, Paper("", width, height), style)])


def with_blank_backs(pages: list[Page], label: Callable[[int], str], style: Style) -> list[Page]:
    """Each page followed by a blank back; `label(n)` names the back of page n (from 1).
    Pages built lazily (`pnp.sheets.lazy`) stay so: the backs are built with them, where
    they are drawn."""
    plan = plan_of(pages)
    if plan is not None:
        return LazyPages(BlankBacks(plan, label, style))
    out: list[Page] = []
    for n, page in enumerate(pages, 1):
        out += [page, blank_back(page, label(n), style)]
    return out


class BlankBacks:
    """A page plan (`pnp.sheets.lazy.PagePlan`) whose every page is followed by a blank
    back: a 10,000-tile sheet printed --duplex without flippable tiles is still built on
    the drawing workers, a range at a time. `label` must pickle (a plan may be sent to a
    worker that did not fork)."""

    def __init__(self, plan: PagePlan, label: Callable[[int], str], style: Style):
        self.plan, self.label, self.style = plan, label, style
        self.pages_per_sheet = 2 * plan.pages_per_sheet

    def __len__(self) -> int:
        return 2 * len(self.plan)

    def pages(self, start: int, stop: int) -> list[Page]:
        first = start // 2  # the fronts behind pages start..stop-1 (a back needs its front's size)
        out: list[Page] = []
        for n, front in enumerate(self.plan.pages(first, (stop + 1) // 2), first + 1):
            out += [front, blank_back(front, self.label(n), self.style)]
        return out[start - 2 * first:stop - 2 * first]

    def file_names(self, start: int, stop: int) -> list[str]:
        """A front's files go with the range that holds its back (page 2n+1 for front n):
        any ranges give each file to exactly one, the last range the files no page shows."""
        return self.plan.file_names(start // 2, stop // 2)

    def file(self, name: str) -> str:
        return self.plan.file(name)


def draw_duplex_pages(fronts: list[PieceArt], backs: list[PieceArt | None], layouts: list[pack.PageLayout],
                      paper: Paper, style: Style, *, duplex: str, footer: str, back_footer: str,
                      t: Messages, cut_lines: bool = True, first_sheet: int = 0, sheets: int | None = None) -> list[Page]:
    """Front pages, each followed by its backs page: `backs[i]` (None: nothing) drawn
    where piece i's front lands when the sheet is turned over. Pages are numbered
    through, backs included; `layouts` may be sheets `first_sheet`... of `sheets`."""
    total = 2 * (sheets or len(layouts))
    out: list[Page] = []
    for n, page in enumerate(layouts, first_sheet):
        back = pack.mirrored(page, paper.width, paper.height, duplex)
        back.slots = [s for s in back.slots if backs[s.index] is not None]
        out += draw_pages(fronts, [page], paper, style, footer=footer, first_page=2 * n + 1, total_pages=total, t=t,
                          cut_lines=cut_lines)
        out += draw_pages(backs, [back], paper, style, footer=back_footer, first_page=2 * n + 2, total_pages=total, t=t)
    return out
