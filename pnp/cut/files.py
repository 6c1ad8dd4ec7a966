"""Cut files: one page's cut paths alone, in the page's own coordinates at exact size,
as laser cutters and cutting-machine software import them.

SVG: a document of the page's size whose user unit is the millimetre, the cut paths in
one group (`id="cut"`), registration marks (if any) filled in another.
DXF: millimetres ($INSUNITS 4), y up from the page's lower-left corner so the drawing
is not mirrored; circles are CIRCLEs, hexes closed LWPOLYLINEs, rounded rectangles
closed LWPOLYLINEs whose corners are arcs (bulges), straight cuts open LWPOLYLINEs;
cut paths on layer CUT, registration marks (filled hatches, nothing to cut) on layer
REGISTRATION."""

from __future__ import annotations

import io
import math

import ezdxf
from ezdxf import units

from pnp.cut.paths import Circle, CutPath, Polygon, Polyline, Rect
from pnp.cut.registration import Mark
from pnp.render import svg
from pnp.render.style import Style

CUT_FILE_LINE = 0.1  # mm: a hairline; cutting software reads the path, not its width
BULGE_QUARTER = math.tan(math.pi / 8)  # a 90-degree arc as an LWPOLYLINE bulge


def svg_cut_file(cuts: list[CutPath], width: float, height: float, title: str, style: Style,
                 marks: list[Mark] = ()) -> str:
    dwg = svg.document(width, height, title=title)
    stroke = {"fill": "none", "stroke": style.color("cut"), "stroke_width": CUT_FILE_LINE}
    group = svg.group(id="cut")
    for c in cuts:
        group.add(_svg_path(c, stroke))
    dwg.add(group)
    if marks:
        reg = svg.group(id="registration")
        for x, y, w, h in marks:
            reg.add(svg.rect(x, y, w, h, fill=style.color("crop"), stroke="none"))
        dwg.add(reg)
    return svg.to_string(dwg)


def _svg_path(c: CutPath, stroke: dict):
    if isinstance(c, Circle):
        return svg.circle((c.x, c.y), c.r, **stroke)
    if isinstance(c, Rect):
        extra = {"rx": c.radius, "ry": c.radius} if c.radius else {}
        return svg.rect(c.x - c.width / 2, c.y - c.height / 2, c.width, c.height, **extra, **stroke)
    if isinstance(c, Polygon):
        return svg.polygon_path(c.points, **stroke)
    run = svg.group()  # an open run of straight cuts, step by step
    for a, b in zip(c.points, c.points[1:]):
        run.add(svg.line(a, b, **stroke))
    return run


def dxf_cut_file(cuts: list[CutPath], width: float, height: float, marks: list[Mark] = ()) -> bytes:
    """The DXF text of one page's cuts (deterministic: fixed header dates and ids)."""
    previous = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True
    try:
        doc = ezdxf.new("R2010", setup=False)
        doc.units = units.MM
        doc.header["$MEASUREMENT"] = 1  # metric
        doc.layers.add("CUT", color=6)  # magenta
        msp = doc.modelspace()
        msp.dxf.extmin, msp.dxf.extmax = (0, 0, 0), (width, height, 0)  # the page: its extents and limits
        msp.dxf.limmin, msp.dxf.limmax = (0, 0), (width, height)
        doc.header["$EXTMIN"], doc.header["$EXTMAX"] = (0, 0, 0), (width, height, 0)

        def up(p):  # page mm, y down -> DXF, y up
            return (round(p[0], 4), round(height - p[1], 4))

        for c in cuts:
            attribs = {"layer": "CUT"}
            if isinstance(c, Circle):
                msp.add_circle(up((c.x, c.y)), round(c.r, 4), dxfattribs=attribs)
            elif isinstance(c, Rect):
                msp.add_lwpolyline(_rounded_rect(c, up), format="xyb", close=True, dxfattribs=attribs)
            elif isinstance(c, Polygon):
                msp.add_lwpolyline([up(p) for p in c.points], format="xy", close=True, dxfattribs=attribs)
            else:
                msp.add_lwpolyline([up(p) for p in c.points], format="xy", close=False, dxfattribs=attribs)
        if marks:
            doc.layers.add("REGISTRATION", color=7)
            for x, y, w, h in marks:
                corners = [up(p) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
                solid = msp.add_hatch(dxfattribs={"layer": "REGISTRATION"})
                solid.paths.add_polyline_path(corners, is_closed=True)  # filled, no outline to cut
        _fixed_classes(doc)
        stream = io.StringIO()
        doc.write(stream)
        return stream.getvalue().encode("utf-8")
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = previous


def _fixed_classes(doc) -> None:
    """Register the CLASS entries ezdxf adds when it writes, in a fixed order. It adds
    those of the entity types in use by walking a set of names, whose order changes from
    one process to the next (string hashing): the same page gave DXF files that differed."""
    from ezdxf.sections.classes import REQ_R2004, REQUIRED_CLASSES

    for name in [*REQUIRED_CLASSES.get(doc.dxfversion, REQ_R2004), *sorted(doc.entitydb.dxf_types_in_use())]:
        doc.classes.add_class(name)


def _rounded_rect(c: Rect, up) -> list[tuple[float, float, float]]:
    """The rectangle's outline as (x, y, bulge) vertices, counter-clockwise in DXF's
    y-up frame; a corner radius makes each corner a quarter-circle arc."""
    x0, x1 = c.x - c.width / 2, c.x + c.width / 2
    y0, y1 = c.y - c.height / 2, c.y + c.height / 2
    r = min(c.radius, c.width / 2, c.height / 2)
    if r <= 0:
        # page y down: bottom-left, bottom-right, top-right, top-left on paper is CCW with y up
        return [(*up(p), 0.0) for p in ((x0, y1), (x1, y1), (x1, y0), (x0, y0))]
    b = BULGE_QUARTER
    pts = [((x0 + r, y1), 0.0), ((x1 - r, y1), b), ((x1, y1 - r), 0.0), ((x1, y0 + r), b),
           ((x1 - r, y0), 0.0), ((x0 + r, y0), b), ((x0, y0 + r), 0.0), ((x0, y1 - r), b)]
    return [(*up(p), bulge) for p, bulge in pts]
