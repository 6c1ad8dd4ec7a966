"""Small helpers over svgwrite: one element factory without per-attribute checking
(the checks cost more than the drawing), rounded numbers, text with real baselines,
and documents sized in millimetres."""

from __future__ import annotations

import svgwrite
from svgwrite.container import Group

from pnp.geometry.track import fmt
from pnp.render.style import Style
from pnp.text import CAP_HEIGHT

SVG = svgwrite.Drawing(debug=False)


def group(**attrs) -> Group:
    return SVG.g(**attrs)


def points(pts) -> str:
    """An SVG path for a closed polygon: M x,y L ... Z (one path, one outline)."""
    head, *rest = list(pts)
    return f"M{fmt(head[0])},{fmt(head[1])}" + "".join(f"L{fmt(x)},{fmt(y)}" for x, y in rest) + "Z"


def path(d: str, **attrs):
    """A path from SVG path data (M, L, C, A ... Z)."""
    return SVG.path(d=d, **attrs)


def image(href: str, x: float, y: float, w: float, h: float, **attrs):
    """A picture (a data: URI from `render/logo.py`) fitted into the box, centred."""
    return SVG.image(href, insert=(fmt(x), fmt(y)), size=(fmt(w), fmt(h)), **attrs)


def polygon_path(pts, **attrs):
    return SVG.path(d=points(pts), **attrs)


def circle(centre, r: float, **attrs):
    return SVG.circle(center=(fmt(centre[0]), fmt(centre[1])), r=fmt(r), **attrs)


def rect(x: float, y: float, w: float, h: float, **attrs):
    return SVG.rect(insert=(fmt(x), fmt(y)), size=(fmt(w), fmt(h)), **attrs)


def line(p, q, **attrs):
    return SVG.line(start=(fmt(p[0]), fmt(p[1])), end=(fmt(q[0]), fmt(q[1])), **attrs)


def text(content: str, centre, size: float, style: Style, *, weight: str = "regular", angle: float = 0.0,
         color: str | None = None, anchor: str = "middle"):
    """One line of text whose capitals are vertically centred on `centre`."""
    baseline = centre[1] + size * CAP_HEIGHT / 2
    attrs = {
        "insert": (fmt(centre[0]), fmt(baseline)),
        "font_size": fmt(size),
        "font_family": style.font_family,
        "text_anchor": anchor,
        "fill": color or style.color("text"),
    }
    if weight in ("bold", "condensed-bold"):
        attrs["font_weight"] = "bold"
    if weight.startswith("condensed"):
        attrs["font_stretch"] = "condensed"
    element = SVG.text(content, **attrs)
    if angle:
        element["transform"] = f"rotate({fmt(angle)} {fmt(centre[0])} {fmt(centre[1])})"
    return element


def text_lines(lines, centre, size: float, style: Style, *, leading: float = 1.2, **kw) -> Group:
    """Several lines centred as a block on `centre`."""
    g = group()
    step = size * leading
    top = centre[1] - step * (len(lines) - 1) / 2
    for i, content in enumerate(lines):
        g.add(text(content, (centre[0], top + i * step), size, style, **kw))
    return g


def document(width_mm: float, height_mm: float, view_box: tuple[float, float, float, float] | None = None,
             title: str | None = None) -> svgwrite.Drawing:
    """An SVG document of a physical size. Without a view box, user units are mm."""
    dwg = svgwrite.Drawing(size=(f"{fmt(width_mm)}mm", f"{fmt(height_mm)}mm"), debug=False)
    vb = view_box or (0, 0, width_mm, height_mm)
    dwg.viewbox(*(float(fmt(v)) for v in vb))
    if title:
        dwg.set_desc(title=title)
    return dwg


def to_string(dwg: svgwrite.Drawing) -> str:
    return dwg.tostring()
