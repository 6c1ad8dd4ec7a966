"""A drawing too large for the paper (a map, a stock market), split over pages.

    from pnp.sheets.paginate import Drawing, paginate
    drawing = Drawing(content, width=430.0, height=290.0, pieces=hex_outlines)
    pages = paginate(drawing, paper("a4"), style, title="1860 · Map")  # SVG strings

`content` is one SVG element drawn in millimetres with its origin at the drawing's top
left. `pieces` are plane shapes (`pnp.geometry.plane.Shape`) in the same millimetres that must each appear whole
on at least one page (map hexes, a title block); `footprint` is what counts as drawn
(by default the union of the pieces): a page that would show none of it is not
printed. A background colour is not a reason to print a page. `items`, when given,
are the elements `content` is made of, in drawing order, each with its bounds
(minx, miny, maxx, maxy): a section page then carries only the items its window sees,
which keeps the pages small and quick to render. `tiles` says how many of the drawn
shape's first parts tile the plane, side by side and overlapping no other tile (a map's
hexes): a window they fill is known to be drawn on without working out its area.

**How the drawing is cut.** Each page prints the drawing through a window: the paper
less its margins and a header strip. The windows form a grid of columns and rows.
Neighbouring windows share at least `overlap` millimetres; where a seam would cut
a piece, the next window starts at that piece's near edge instead, so every piece no
wider than a window lies whole on some page. When the same number of windows spread
evenly from end to end keeps every piece whole, they are used instead (no page is
mostly blank); else the windows are spread as evenly as the pieces allow. The
sections lie upright or turned landscape, whichever lets every piece lie whole, then
needs fewer pages, then leaves fewer nearly blank (`orientation: auto`); a landscape
section is drawn turned a quarter on the upright page, so every page of the PDF has
the paper's own upright size. A long, low drawing (a one-row stock market) prints
several sections on a page, one above the other, each with its own marks.

**What each page carries.** A header naming the section by row and column and the
page number; crop marks at the window corners, clear of the band along the paper's
edge that printers leave blank (`templates/sheets/print.yaml`); and where the next
section to the right or below begins, a dashed join line inside the window (hidden
once that section lies on it) with pointers in the margin. The first page is an overview: the whole drawing
scaled down with every section outlined and labelled, how to assemble them, and a
100 mm bar to check the printer's scale.

`plan()` computes the cutting alone (`section_plan.py`; tests and callers that need the
geometry use it); `render_pages()` draws a plan (`section_pages.py`, the overview in
`section_overview.py`); `paginate()` does both. Settings come from
`templates/sheets/sections.yaml` (`section_spec()`).
"""

from __future__ import annotations

from pnp.draw.nodes import Page
from pnp.i18n import Messages, messages
from pnp.render.style import Style
from pnp.sheets.section_overview import overview_page
from pnp.sheets.section_pages import crop_marks, section_page
from pnp.sheets.section_plan import (GAP, NEARLY_BLANK, ORIENTATIONS, Drawing, PageSection, Plan, SectionSpec,
                                     nearly_blank, page_inset, plan, section_spec)
from pnp.templates import Paper


def paginate(drawing: Drawing, paper: Paper, style: Style, *, title: str, spec: SectionSpec | None = None,
             t: Messages | None = None) -> list[Page]:
    """The overview page, then one page per printed section, as SVG strings; their
    words in `t`'s language."""
    return render_pages(drawing, plan(drawing, paper, spec), style, title=title, t=t)


def render_pages(drawing: Drawing, plan: Plan, style: Style, *, title: str, t: Messages | None = None) -> list[Page]:
    t = t or messages()
    total = 1 + len(plan.pages)
    pages = [overview_page(drawing, plan, style, title, total, t)]
    for n, sections in enumerate(plan.pages, start=2):
        pages.append(section_page(drawing, plan, sections, style, title, n, total, t))
    return pages


__all__ = ["GAP", "NEARLY_BLANK", "ORIENTATIONS", "Drawing", "PageSection", "Plan", "SectionSpec", "crop_marks",
           "nearly_blank", "page_inset", "paginate", "plan", "render_pages", "section_spec"]
