"""Cut lines and registration marks put into a finished PDF (post-processing with pypdf).

With `contour`, every page's artwork is wrapped in the optional-content group "Print"
(`/OC /Print BDC ... EMC`) and the page's cut paths are added after it in the group
"Cut", stroked thin in the spot colour `CutContour` (a Separation whose alternate is
100 % magenta in DeviceCMYK) with overprint on (/OP, /op true, /OPM 1), as print shops'
cutting workflows expect. The catalogue lists both groups in /OCProperties.

With a registration machine, each page with cut paths also gets the machine's marks,
filled black, in the Print layer when there is one: they are printed, not cut.

Coordinates: cut paths are in page millimetres from the top-left corner; PDF user
space is in points from the bottom-left, which the added content (drawn outside the
artwork's own q ... Q) uses as is."""

from __future__ import annotations

import io
import math

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, BooleanObject, ContentStream, DictionaryObject, FloatObject, NameObject,
                           NumberObject, TextStringObject)

from pnp.cut.paths import Circle, CutPath, PageCuts, Polygon, Polyline, Rect
from pnp.cut.registration import Registration
from pnp.units import mm_to_pt

KAPPA = 4 * (math.sqrt(2) - 1) / 3  # a quarter circle as one cubic Bézier
SPOT = "CutContour"
RESOURCE_CS = "/pnpCutContour"
RESOURCE_GS = "/pnpOverprint"


def finish(pdf: bytes, cuts: list[PageCuts], *, contour: bool, registration: Registration | None,
           line_mm: float) -> bytes:
    """The PDF with cut layers and/or registration marks; `cuts[i]` are page i's cut
    paths (pages past the list have none). The document id and metadata are kept, so
    the output stays deterministic."""
    if not contour and registration is None:
        return pdf
    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter(clone_from=reader)
    shared = _shared_objects(writer) if contour else None
    for i, page in enumerate(writer.pages):
        page_cuts = cuts[i] if i < len(cuts) else []
        height_pt = float(page.mediabox.height)
        width_mm = float(page.mediabox.width) * 25.4 / 72
        height_mm = height_pt * 25.4 / 72
        marks = registration.marks(width_mm, height_mm) if registration is not None and page_cuts else []
        if not contour and not marks:
            continue
        old = page.get_contents()
        body = old.get_data() if old is not None else b""
        ops = [b"q", body, b"Q"]
        ops += [_marks_ops(marks, height_pt)] if marks else []
        if contour:
            ops = [b"/OC /Print BDC"] + ops + [b"EMC"]
            if page_cuts:
                ops += [b"/OC /Cut BDC", _cut_ops(page_cuts, height_pt, line_mm), b"EMC"]
            _add_resources(page, shared, bool(page_cuts))
        stream = ContentStream(None, writer)
        stream.set_data(b"\n".join(ops) + b"\n")
        page.replace_contents(stream)
        page.compress_content_streams()
    if contour:
        writer._root_object[NameObject("/OCProperties")] = _oc_properties(shared)
    if "/ID" in reader.trailer:
        writer._ID = reader.trailer["/ID"]
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _shared_objects(writer: PdfWriter) -> dict:
    def ocg(name: str):
        return writer._add_object(DictionaryObject({NameObject("/Type"): NameObject("/OCG"),
                                                    NameObject("/Name"): TextStringObject(name)}))

    tint = DictionaryObject({
        NameObject("/FunctionType"): NumberObject(2),
        NameObject("/Domain"): ArrayObject([NumberObject(0), NumberObject(1)]),
        NameObject("/C0"): ArrayObject([NumberObject(0)] * 4),
        NameObject("/C1"): ArrayObject([NumberObject(0), NumberObject(1), NumberObject(0), NumberObject(0)]),
        NameObject("/N"): NumberObject(1),
    })
    space = writer._add_object(ArrayObject([NameObject("/Separation"), NameObject(f"/{SPOT}"),
                                            NameObject("/DeviceCMYK"), writer._add_object(tint)]))
    overprint = writer._add_object(DictionaryObject({
        NameObject("/Type"): NameObject("/ExtGState"), NameObject("/OP"): BooleanObject(True),
        NameObject("/op"): BooleanObject(True), NameObject("/OPM"): NumberObject(1)}))
    return {"print": ocg("Print"), "cut": ocg("Cut"), "space": space, "overprint": overprint}


def _oc_properties(shared: dict) -> DictionaryObject:
    groups = ArrayObject([shared["print"], shared["cut"]])
    return DictionaryObject({
        NameObject("/OCGs"): groups,
        NameObject("/D"): DictionaryObject({NameObject("/Name"): TextStringObject("Print and cut"),
                                            NameObject("/Order"): ArrayObject(list(groups)),
                                            NameObject("/ON"): ArrayObject(list(groups)),
                                            NameObject("/OFF"): ArrayObject()}),
    })


def _add_resources(page, shared: dict, cuts: bool) -> None:
    """The layers every page names; the spot colour and overprint where it has cuts."""
    if "/Resources" not in page:
        page[NameObject("/Resources")] = DictionaryObject()
    resources = page["/Resources"].get_object()
    entries = [("/Properties", "/Print", shared["print"]), ("/Properties", "/Cut", shared["cut"])]
    if cuts:
        entries += [("/ColorSpace", RESOURCE_CS, shared["space"]), ("/ExtGState", RESOURCE_GS, shared["overprint"])]
    for key, name, value in entries:
        if key not in resources:
            resources[NameObject(key)] = DictionaryObject()
        resources[key].get_object()[NameObject(name)] = value


def _num(v: float) -> bytes:
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return (text if text not in ("-0", "") else "0").encode()


def _pt(p, height_pt: float) -> tuple[float, float]:
    return (mm_to_pt(p[0]), height_pt - mm_to_pt(p[1]))


def _cut_ops(cuts: list[CutPath], height_pt: float, line_mm: float) -> bytes:
    ops = [b"q", f"{RESOURCE_CS} CS 1 SCN {RESOURCE_GS} gs".encode(), _num(mm_to_pt(line_mm)) + b" w 0 J 0 j"]
    for c in cuts:
        ops.append(path_ops(c, height_pt) + b" S")
    ops.append(b"Q")
    return b"\n".join(ops)


def _marks_ops(marks, height_pt: float) -> bytes:
    ops = [b"q 0 0 0 1 k"]
    for x, y, w, h in marks:
        x0, y0 = _pt((x, y + h), height_pt)
        ops.append(b" ".join([_num(x0), _num(y0), _num(mm_to_pt(w)), _num(mm_to_pt(h))]) + b" re f")
    ops.append(b"Q")
    return b"\n".join(ops)


def path_ops(c: CutPath, height_pt: float) -> bytes:
    """PDF path construction operators for one cut path."""
    if isinstance(c, Circle):
        return _round_path(c.x, c.y, c.r, c.r, 0.0, 0.0, height_pt)
    if isinstance(c, Rect):
        r = min(c.radius, c.width / 2, c.height / 2)
        if r > 0:
            return _round_path(c.x, c.y, r, r, c.width / 2 - r, c.height / 2 - r, height_pt)
        x0, y0, x1, y1 = c.x - c.width / 2, c.y - c.height / 2, c.x + c.width / 2, c.y + c.height / 2
        return path_ops(Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1))), height_pt)
    pts = [_pt(p, height_pt) for p in c.points]
    out = [_num(pts[0][0]) + b" " + _num(pts[0][1]) + b" m"]
    out += [_num(x) + b" " + _num(y) + b" l" for x, y in pts[1:]]
    if isinstance(c, Polygon):
        out.append(b"h")
    return b" ".join(out)


def _round_path(cx: float, cy: float, rx: float, ry: float, hx: float, hy: float, height_pt: float) -> bytes:
    """A rounded rectangle (or, with no straight half-sides hx, hy, a circle) centred
    on (cx, cy) in page mm: four quarter arcs of radius rx joined by straight sides."""
    k = KAPPA
    out: list[bytes] = []
    # start at the right side's top end (page y down), go round clockwise on the page
    corners = [(1, 1), (-1, 1), (-1, -1), (1, -1)]  # quadrant of each arc: (sx, sy)
    start = (cx + hx + rx, cy + hy)
    out.append(_move(start, height_pt))
    for sx, sy in corners:
        ax, ay = cx + sx * hx, cy + sy * hy  # the arc's centre
        p0 = (ax + sx * rx, ay) if sx == sy else (ax, ay + sy * ry)
        p3 = (ax, ay + sy * ry) if sx == sy else (ax + sx * rx, ay)
        if sx == sy:
            c1, c2 = (p0[0], p0[1] + sy * ry * k), (p3[0] + sx * rx * k, p3[1])
        else:
            c1, c2 = (p0[0] + sx * rx * k, p0[1]), (p3[0], p3[1] + sy * ry * k)
        if hx or hy:  # the straight side before this arc
            out.append(_line(p0, height_pt))
        out.append(b" ".join(_num(v) for q in (c1, c2, p3) for v in _pt(q, height_pt)) + b" c")
    out.append(b"h")
    return b" ".join(out)


def _move(p, height_pt: float) -> bytes:
    x, y = _pt(p, height_pt)
    return _num(x) + b" " + _num(y) + b" m"


def _line(p, height_pt: float) -> bytes:
    x, y = _pt(p, height_pt)
    return _num(x) + b" " + _num(y) + b" l"
