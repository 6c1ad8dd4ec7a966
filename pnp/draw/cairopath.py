"""Outlines and transforms on a cairo context: SVG's transform steps, path commands
(arcs by SVG's endpoint rules) and the basic shapes, each traced as cairo's current
path for the cairo writer (`pnp.draw.cairowriter`) to fill, stroke or clip."""

from __future__ import annotations

import math

from pnp.draw.arcs import centre_form
from pnp.draw.cairolib import ffi, lib
from pnp.draw.nodes import Circle, Line, Node, Path, Rect


def apply_transform(cr, ops) -> None:
    for op in ops:
        name = op[0]
        if name == "translate":
            lib.cairo_translate(cr, op[1], op[2])
        elif name == "rotate":
            if op[2] or op[3]:
                lib.cairo_translate(cr, op[2], op[3])
                lib.cairo_rotate(cr, math.radians(op[1]))
                lib.cairo_translate(cr, -op[2], -op[3])
            else:
                lib.cairo_rotate(cr, math.radians(op[1]))
        elif name == "scale":
            lib.cairo_scale(cr, op[1], op[2])
        elif name == "matrix":
            lib.cairo_transform(cr, ffi.new("cairo_matrix_t *", op[1:]))
        else:
            raise ValueError(f"unknown transform step {name!r}")


def trace_path(cr, commands) -> None:
    x = y = 0.0
    closed = False  # after Z the pen is where cairo put it, asked for only if an arc needs it
    move_to, line_to, curve_to = lib.cairo_move_to, lib.cairo_line_to, lib.cairo_curve_to
    for c in commands:
        head = c[0]
        if head == "L":
            x, y = c[1], c[2]
            line_to(cr, x, y)
        elif head == "M":
            x, y = c[1], c[2]
            move_to(cr, x, y)
        elif head == "C":
            _, x1, y1, x2, y2, x, y = c
            curve_to(cr, x1, y1, x2, y2, x, y)
        elif head == "A":
            if closed:
                x, y = _current_point(cr)
            _arc(cr, x, y, *c[1:])
            x, y = c[6], c[7]
        elif head == "Z":
            lib.cairo_close_path(cr)
            closed = True
            continue
        else:
            raise ValueError(f"unknown path command {head!r}")
        closed = False


def _current_point(cr) -> tuple[float, float]:
    """Where a closed sub-path leaves the pen (its start, as cairo has it in user units)."""
    point = ffi.new("double[2]")
    lib.cairo_get_current_point(cr, point, point + 1)
    return point[0], point[1]


def _arc(cr, x1, y1, rx, ry, phi, large, sweep, x2, y2) -> None:
    """An SVG endpoint arc, drawn about its centre (`pnp.draw.arcs.centre_form`)."""
    centre = centre_form(x1, y1, rx, ry, phi, large, sweep, x2, y2)
    if centre is None:
        if (x1, y1) != (x2, y2):
            lib.cairo_line_to(cr, x2, y2)
        return
    cx, cy, rx, ry, phi, a1, a2 = centre
    lib.cairo_save(cr)
    lib.cairo_translate(cr, cx, cy)
    lib.cairo_rotate(cr, phi)
    lib.cairo_scale(cr, rx, ry)
    (lib.cairo_arc if sweep else lib.cairo_arc_negative)(cr, 0, 0, 1, a1, a2)
    lib.cairo_restore(cr)


def _trace_rect(cr, node: Rect) -> None:
    x, y, w, h = node.x, node.y, node.width, node.height
    rx, ry = node.rx or node.ry, node.ry or node.rx
    if rx <= 0:
        lib.cairo_rectangle(cr, x, y, w, h)
    else:
        rx, ry = min(rx, w / 2), min(ry, h / 2)
        trace_path(cr, (("M", x + rx, y), ("L", x + w - rx, y), ("A", rx, ry, 0, 0, 1, x + w, y + ry),
                        ("L", x + w, y + h - ry), ("A", rx, ry, 0, 0, 1, x + w - rx, y + h),
                        ("L", x + rx, y + h), ("A", rx, ry, 0, 0, 1, x, y + h - ry), ("L", x, y + ry),
                        ("A", rx, ry, 0, 0, 1, x + rx, y), ("Z",)))


def _trace_circle(cr, node: Circle) -> None:
    lib.cairo_new_sub_path(cr)
    lib.cairo_arc(cr, node.cx, node.cy, node.r, 0, 2 * math.pi)
    lib.cairo_close_path(cr)


def _trace_line(cr, node: Line) -> None:
    lib.cairo_move_to(cr, node.x1, node.y1)
    lib.cairo_line_to(cr, node.x2, node.y2)


# how each shape's outline is traced (a clip is any of these)
TRACERS = {Path: lambda cr, node: trace_path(cr, node.commands), Rect: _trace_rect, Circle: _trace_circle,
           Line: _trace_line}


def trace_shape(cr, node: Node) -> None:
    """The node's outline as cairo's current path (a shape's, or a clip's)."""
    tracer = TRACERS.get(type(node))
    if tracer is None:
        raise TypeError(f"cannot trace {type(node).__name__} as a shape")
    tracer(cr, node)
