"""Reading vector paths back out of a PDF, as a printer would see them: each painted
path with its points in page millimetres (y down from the top of the page).

Used by tests to measure what was really drawn: tile outlines, card outlines, token
circles. Follows the content stream's graphics state (cm, q/Q) and form XObjects.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

PT_TO_MM = 25.4 / 72.0
STROKE_OPS = {"S", "s", "B", "B*", "b", "b*"}
FILL_OPS = {"f", "F", "f*", "B", "B*", "b", "b*"}


@dataclass
class Subpath:
    points: list[tuple[float, float]]  # page mm
    closed: bool
    curved: bool


@dataclass
class PaintedPath:
    subpaths: list[Subpath]
    stroked: bool
    filled: bool
    line_width: float  # mm, scaled by the CTM
    layer: str | None = None  # the optional-content group (/OC /Name BDC) it is drawn in


def _mul(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def page_paths(page) -> list[PaintedPath]:
    height = float(page.mediabox.height)
    out: list[PaintedPath] = []
    _walk(page.get_contents(), page, (1, 0, 0, 1, 0, 0), height, out, page.pdf)
    return out


def _walk(contents, owner, ctm, height, out, pdf, outer=()):
    if contents is None:
        return
    stream = ContentStream(contents, pdf) if not isinstance(contents, ContentStream) else contents
    stack = []
    width = 1.0
    subpaths: list[Subpath] = []
    current: Subpath | None = None
    marked: list[str | None] = list(outer)  # open marked-content sequences: an OC group's name, or None

    def to_mm(x, y):
        px, py = _apply(ctm, x, y)
        return (px * PT_TO_MM, (height - py) * PT_TO_MM)

    for operands, op in stream.operations:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "BDC":
            marked.append(str(operands[1])[1:] if str(operands[0]) == "/OC" else None)
        elif op == "BMC":
            marked.append(None)
        elif op == "EMC" and marked:
            marked.pop()
        elif op == "q":
            stack.append((ctm, width))
        elif op == "Q":
            ctm, width = stack.pop()
        elif op == "cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == "w":
            width = float(operands[0])
        elif op == "m":
            current = Subpath([to_mm(float(operands[0]), float(operands[1]))], False, False)
            subpaths.append(current)
        elif op == "l" and current is not None:
            current.points.append(to_mm(float(operands[0]), float(operands[1])))
        elif op in ("c", "v", "y") and current is not None:
            current.points.append(to_mm(float(operands[-2]), float(operands[-1])))
            current.curved = True
        elif op == "h" and current is not None:
            current.closed = True
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            pts = [to_mm(x, y), to_mm(x + w, y), to_mm(x + w, y + h), to_mm(x, y + h)]
            subpaths.append(Subpath(pts, True, False))
            current = None
        elif op in STROKE_OPS or op in FILL_OPS or op == "n":
            if op != "n" and subpaths:
                scale = math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))
                layer = next((m for m in reversed(marked) if m is not None), None)
                out.append(PaintedPath(subpaths, op in STROKE_OPS, op in FILL_OPS, width * scale * PT_TO_MM, layer))
            subpaths, current = [], None
        elif op == "Do":
            resources = owner.get("/Resources")
            xobjects = resources.get_object().get("/XObject") if resources else None
            if xobjects is None:
                continue
            xobj = xobjects.get_object()[operands[0]].get_object()
            if xobj.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xobj.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                _walk(xobj, xobj, _mul(matrix, ctm), height, out, pdf, marked)


def read_paths(pdf_path) -> list[list[PaintedPath]]:
    reader = PdfReader(str(pdf_path))
    return [page_paths(p) for p in reader.pages]


def _distinct(points):
    pts = list(points)
    if len(pts) > 1 and math.dist(pts[0], pts[-1]) < 1e-3:
        pts = pts[:-1]
    return pts


def hexagons(paths: list[PaintedPath]) -> list[list[tuple[float, float]]]:
    """Stroked closed paths of exactly six straight sides."""
    found = []
    for path in paths:
        if not path.stroked:
            continue
        for sub in path.subpaths:
            pts = _distinct(sub.points)
            if sub.closed and not sub.curved and len(pts) == 6:
                found.append(pts)
    return found


def flat_to_flat(hexagon) -> float:
    """Twice the mean distance from the centre to the sides' midpoints."""
    cx = sum(p[0] for p in hexagon) / 6
    cy = sum(p[1] for p in hexagon) / 6
    mids = [((hexagon[i][0] + hexagon[(i + 1) % 6][0]) / 2, (hexagon[i][1] + hexagon[(i + 1) % 6][1]) / 2)
            for i in range(6)]
    return 2 * sum(math.dist((cx, cy), m) for m in mids) / 6


def rectangles(paths: list[PaintedPath], filled: bool = False):
    """Stroked (or, with `filled`, filled) closed four-sided axis-aligned paths, as
    (x0, y0, x1, y1) in mm."""
    found = []
    for path in paths:
        if not (path.filled if filled else path.stroked):
            continue
        for sub in path.subpaths:
            pts = _distinct(sub.points)
            if sub.closed and not sub.curved and len(pts) == 4:
                xs = sorted({round(p[0], 2) for p in pts})
                ys = sorted({round(p[1], 2) for p in pts})
                if len(xs) == 2 and len(ys) == 2:
                    found.append((xs[0], ys[0], xs[1], ys[1]))
    return found


def circles(paths: list[PaintedPath]):
    """Stroked closed curved subpaths whose points all lie on one circle, as (cx, cy,
    diameter) in mm. The diameter is measured across: a circle's curve segments end at
    its leftmost and rightmost points, but not always at its top and bottom."""
    found = []
    for path in paths:
        if not path.stroked:
            continue
        for sub in path.subpaths:
            if not (sub.curved and len(sub.points) >= 3):
                continue
            left, right = min(sub.points), max(sub.points)
            d = right[0] - left[0]
            centre = ((left[0] + right[0]) / 2, left[1])
            if d > 0 and all(abs(math.dist(p, centre) - d / 2) < 0.02 * d for p in sub.points):
                found.append((centre[0], centre[1], d))
    return found
