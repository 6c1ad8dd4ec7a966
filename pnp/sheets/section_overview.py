"""The first page of a paginated drawing: the whole drawing scaled down with every
section outlined and labelled, how to assemble them, and a 100 mm bar to check the
printer's scale."""

from __future__ import annotations

from msgspec.structs import replace

from pnp.draw import shapes
from pnp.i18n import Messages
from pnp.draw.nodes import Page
from pnp.render import svg
from pnp.render.style import Style
from pnp.sheets.section_pages import mark_lines, page_header, upright_sheet
from pnp.sheets.section_plan import Drawing, Plan, printed_area
from pnp.templates import Paper
from pnp.text import CAP_HEIGHT, text_width, wrap


def overview_page(drawing: Drawing, plan: Plan, style: Style, title: str, total: int, t: Messages) -> Page:
    lying = plan.orientation  # of the sections; the overview page may lie otherwise
    plan = _overview_page(plan)
    paper = plan.paper
    left, top, width, height = plan.page_area
    text_size = 3.0
    notes = [
        t("sections.count", sections=t.count("sections.sections", len(plan.sections)),
          paper=paper.name.upper() if len(paper.name) <= 3 else paper.name.title(),
          orientation=t(f"sections.{lying}"), rows=t.count("sections.rows", len(plan.rows)),
          columns=t.count("sections.columns", len(plan.columns)), overlap=f"{plan.spec.overlap:g}"),
        t("sections.actual_size"),
        t("sections.assembly"),
    ]
    skipped = len(plan.rows) * len(plan.columns) - len(plan.sections)
    if skipped:
        notes.append(t.count("sections.skipped", skipped))
    if plan.stack > 1:
        notes.append(t("sections.stacked", n=plan.stack))
    lines = [line for note in notes for line in wrap(note, text_size, width)]
    block = len(lines) * text_size * 1.35 + 14.0  # notes, then the scale bar
    avail_h = height - block - 4.0
    x0, y0 = plan.columns[0][0], plan.rows[0][0]
    x1, y1 = plan.columns[-1][1], plan.rows[-1][1]
    k = min(width / (x1 - x0), avail_h / (y1 - y0))
    ox = left + (width - (x1 - x0) * k) / 2 - x0 * k
    oy = top - y0 * k

    dwg, canvas = upright_sheet(plan, f"{title}: {t('sections.overview')}")
    art = svg.group(transform=(shapes.translate(ox, oy), shapes.scale(k)))
    art.add(drawing.content)
    canvas.add(art)
    full_x, full_y = (ox + x0 * k, (x1 - x0) * k), (oy + y0 * k, (y1 - y0) * k)
    shared = [(ox + b0 * k, full_y[0], (a1 - b0) * k, full_y[1]) for (_, a1), (b0, _) in zip(plan.columns, plan.columns[1:])]
    shared += [(full_x[0], oy + b0 * k, full_x[1], (a1 - b0) * k) for (_, a1), (b0, _) in zip(plan.rows, plan.rows[1:])]
    for x, y, w, h in shared:  # what neighbouring sections both print
        canvas.add(svg.rect(x, y, w, h, fill=style.color("crop"), fill_opacity=0.1, stroke="none"))
    for r, (ya, yb) in enumerate(plan.rows, start=1):
        for c, (xa, xb) in enumerate(plan.columns, start=1):
            printed = plan.printed(r, c)
            rect = svg.rect(ox + xa * k, oy + ya * k, (xb - xa) * k, (yb - ya) * k, fill="none",
                            stroke=style.color("crop"), stroke_width=0.35 if printed else 0.2,
                            stroke_dasharray=None if printed else (1.5, 1.5))
            canvas.add(rect)
    for r, (ya, yb) in enumerate(plan.rows, start=1):
        for c, (xa, xb) in enumerate(plan.columns, start=1):
            cx = ox + _own_middle(plan.columns, c - 1) * k
            cy = oy + _own_middle(plan.rows, r - 1) * k
            label = t("sections.label", row=r, column=c) if plan.printed(r, c) else t("sections.not_printed")
            _halo_text(canvas, label, (cx, cy), 3.2 if plan.printed(r, c) else 2.6, style)
    y = top + avail_h + 6.0
    for line in lines:
        canvas.add(svg.text(line, (left, y), text_size, style, anchor="start"))
        y += text_size * 1.35
    _scale_bar(canvas, (left, y + 2.0), style)
    page_header(canvas, plan, style, title, t("sections.overview"), t("page.number", page=1, total=total))
    return dwg


def _overview_page(plan: Plan) -> Plan:
    """The plan with the page turned whichever way shows the whole drawing larger: the
    overview need not lie as the sections do."""
    x0, x1, y0, y1 = plan.columns[0][0], plan.columns[-1][1], plan.rows[0][0], plan.rows[-1][1]
    best = plan
    for paper in (plan.sheet, Paper(plan.sheet.name, plan.sheet.height, plan.sheet.width)):
        left, top, width, height = printed_area(paper, plan.spec)
        view = replace(plan, paper=paper, window=(left, top, width, height), area=None, stack=1, pitch=0.0)
        if min(width / (x1 - x0), height / (y1 - y0)) > _scale(best, x1 - x0, y1 - y0) + 1e-9:
            best = view
    return best


def _scale(plan: Plan, w: float, h: float) -> float:
    _, _, width, height = plan.page_area
    return min(width / w, height / h)


def _own_middle(spans, i: int) -> float:
    """The middle of the part of span i no neighbour shares."""
    lo, hi = spans[i]
    if i > 0:
        lo = spans[i - 1][1]
    if i + 1 < len(spans):
        hi = spans[i + 1][0]
    return (lo + hi) / 2 if hi > lo else sum(spans[i]) / 2


def _halo_text(dwg, text: str, centre, size: float, style: Style) -> None:
    w = text_width(text, size, "bold") + 2.4
    h = size * CAP_HEIGHT + 2.4
    dwg.add(svg.rect(centre[0] - w / 2, centre[1] - h / 2, w, h, fill=style.color("revenue_fill"), fill_opacity=0.85,
                     stroke="none"))
    dwg.add(svg.text(text, centre, size, style, weight="bold"))


def _scale_bar(dwg, origin, style: Style, length: float = 100.0) -> None:
    x, y = origin
    ticks = [((x + i * 10, y), (x + i * 10, y + (3.0 if i % 5 == 0 else 1.8))) for i in range(int(length / 10) + 1)]
    dwg.add(mark_lines([((x, y), (x + length, y))] + ticks, style, colour="outline"))
    dwg.add(svg.text(f"{length:g} mm", (x + length + 2, y + 1.5), 2.8, style, anchor="start"))
