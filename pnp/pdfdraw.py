"""Drawing pnp's own SVG pages straight onto a cairo PDF surface.

Every page pnp makes uses a small part of SVG: groups with transforms and opacity,
paths, rects, circles, lines and single-line text, solid colours and rectangular clip
paths. cairosvg handles all of SVG and pays for it in time on every element; a kit
of 50 pages spent most of its build there. This module draws exactly that subset with
cairo (the same engine cairosvg drives, so the same PDF operators, fonts embedded the
same way) several times faster. A page using anything else raises `Unsupported`, and
`pnp.pdf` hands that page to cairosvg instead, so nothing is ever drawn wrongly.
"""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET

import cairocffi as cairo

SVG_NS = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
PT_PER = {"mm": 72 / 25.4, "cm": 720 / 25.4, "in": 72.0, "pt": 1.0, "px": 0.75, "": 0.75}

NAMED = {
    "black": (0, 0, 0), "white": (1, 1, 1), "red": (1, 0, 0), "green": (0, 128 / 255, 0), "blue": (0, 0, 1),
    "yellow": (1, 1, 0), "gray": (128 / 255,) * 3, "grey": (128 / 255,) * 3, "orange": (1, 165 / 255, 0),
}
INHERITED = ("fill", "stroke", "stroke-width", "fill-opacity", "stroke-opacity", "fill-rule", "stroke-linecap",
             "stroke-linejoin", "stroke-dasharray", "font-family", "font-size", "font-weight", "font-style",
             "text-anchor", "font-stretch")
KNOWN_ATTRS = set(INHERITED) | {
    "transform", "opacity", "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2", "d",
    "id", "clip-path", "viewBox", "version", "baseProfile", "points"}
SKIPPED_TAGS = {"title", "desc", "metadata"}
DRAWN_TAGS = {"svg", "g", "text", "rect", "circle", "line", "path", "polygon", "polyline", "defs", "clipPath"} | SKIPPED_TAGS


class Unsupported(Exception):
    """The page uses SVG this drawer does not cover; cairosvg draws it instead."""


def _local(tag: str) -> str:
    return tag[len(SVG_NS):] if tag.startswith(SVG_NS) else tag


def _length_pt(text: str) -> float:
    match = re.fullmatch(r"\s*([-\d.e]+)\s*([a-z]*)\s*", text)
    if not match or match.group(2) not in PT_PER:
        raise Unsupported(f"length {text!r}")
    return float(match.group(1)) * PT_PER[match.group(2)]


def _numbers(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", text)]


def _colour(text: str | None):
    if text is None or text == "none":
        return None
    text = text.strip()
    if text.startswith("#"):
        h = text[1:]
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        if len(h) != 6:
            raise Unsupported(f"colour {text!r}")
        return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    if text in NAMED:
        return NAMED[text]
    raise Unsupported(f"colour {text!r}")


def _transform(ctx, text: str) -> None:
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        v = _numbers(args)
        if name == "translate":
            ctx.translate(v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            ctx.scale(v[0], v[1] if len(v) > 1 else v[0])
        elif name == "rotate":
            if len(v) == 3:
                ctx.translate(v[1], v[2])
                ctx.rotate(math.radians(v[0]))
                ctx.translate(-v[1], -v[2])
            else:
                ctx.rotate(math.radians(v[0]))
        elif name == "matrix":
            ctx.transform(cairo.Matrix(*v))
        else:
            raise Unsupported(f"transform {name}")


_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def _segments(d: str):
    """(command letter, its numbers) for each command in path data, in one pass."""
    letter, values = None, []
    for token in _TOKEN.findall(d):
        if token.isalpha():
            if letter is not None:
                yield letter, values
            letter, values = token, []
        elif letter is None:
            raise Unsupported("path data without a command")
        else:
            values.append(float(token))
    if letter is not None:
        yield letter, values


def _path(ctx, d: str) -> None:
    """Trace SVG path data onto the context (absolute and relative commands, arcs,
    smooth and quadratic curves)."""
    x = y = sx = sy = 0.0
    last_ctrl = None  # (x, y, kind) of the last curve's second control point
    for letter, values in _segments(d):
        c = letter.upper()
        rel = letter.islower()
        if c == "Z":
            ctx.close_path()
            x, y = sx, sy
            last_ctrl = None
            continue
        n = _ARGS[c]
        if not values or len(values) % n:
            raise Unsupported(f"path data: {letter} takes {n} numbers at a time")
        for k in range(0, len(values), n):
            v = values[k:k + n]
            if c == "M":
                x, y = (x + v[0], y + v[1]) if rel else (v[0], v[1])
                if k == 0:
                    ctx.move_to(x, y)
                    sx, sy = x, y
                else:  # further pairs after a moveto are lines
                    ctx.line_to(x, y)
                last_ctrl = None
            elif c == "L":
                x, y = (x + v[0], y + v[1]) if rel else (v[0], v[1])
                ctx.line_to(x, y)
                last_ctrl = None
            elif c == "H":
                x = x + v[0] if rel else v[0]
                ctx.line_to(x, y)
                last_ctrl = None
            elif c == "V":
                y = y + v[0] if rel else v[0]
                ctx.line_to(x, y)
                last_ctrl = None
            elif c == "C":
                x1, y1, x2, y2, ex, ey = v
                if rel:
                    x1, y1, x2, y2, ex, ey = x1 + x, y1 + y, x2 + x, y2 + y, ex + x, ey + y
                ctx.curve_to(x1, y1, x2, y2, ex, ey)
                last_ctrl, x, y = (x2, y2, "C"), ex, ey
            elif c == "S":
                x2, y2, ex, ey = v
                if rel:
                    x2, y2, ex, ey = x2 + x, y2 + y, ex + x, ey + y
                x1, y1 = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl and last_ctrl[2] == "C" else (x, y)
                ctx.curve_to(x1, y1, x2, y2, ex, ey)
                last_ctrl, x, y = (x2, y2, "C"), ex, ey
            elif c in "QT":
                if c == "Q":
                    qx, qy, ex, ey = v
                    if rel:
                        qx, qy, ex, ey = qx + x, qy + y, ex + x, ey + y
                else:
                    ex, ey = v
                    if rel:
                        ex, ey = ex + x, ey + y
                    qx, qy = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl and last_ctrl[2] == "Q" else (x, y)
                ctx.curve_to(x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey),
                             ex, ey)
                last_ctrl, x, y = (qx, qy, "Q"), ex, ey
            elif c == "A":
                rx, ry, phi, large, sweep, ex, ey = v
                if rel:
                    ex, ey = ex + x, ey + y
                _arc(ctx, x, y, rx, ry, phi, bool(large), bool(sweep), ex, ey)
                last_ctrl, x, y = None, ex, ey


def _arc(ctx, x1, y1, rx, ry, phi, large, sweep, x2, y2) -> None:
    """An SVG endpoint arc, by the centre parametrisation of the SVG specification."""
    if (x1, y1) == (x2, y2):
        return
    if rx == 0 or ry == 0:
        ctx.line_to(x2, y2)
        return
    rx, ry = abs(rx), abs(ry)
    cos_p, sin_p = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos_p * dx + sin_p * dy, -sin_p * dx + cos_p * dy
    scale = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    k = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        k = -k
    cxp, cyp = k * rx * yp / ry, -k * ry * xp / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2
    a1 = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    a2 = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx)
    if sweep and a2 < a1:
        a2 += 2 * math.pi
    elif not sweep and a2 > a1:
        a2 -= 2 * math.pi
    ctx.save()
    ctx.translate(cx, cy)
    ctx.rotate(math.radians(phi))
    ctx.scale(rx, ry)
    (ctx.arc if sweep else ctx.arc_negative)(0, 0, 1, a1, a2)
    ctx.restore()


class Drawer:
    """Draws one parsed page onto a cairo context."""

    def __init__(self, ctx, root):
        self.ctx = ctx
        self.clips = {}
        for clip in root.iter(f"{SVG_NS}clipPath"):
            self.clips[clip.get("id")] = list(clip)

    def draw(self, node, style: dict) -> None:
        tag = _local(node.tag)
        if tag in SKIPPED_TAGS or tag in ("defs", "clipPath"):
            return
        unknown = set(node.attrib) - KNOWN_ATTRS - {XLINK}
        if unknown:
            raise Unsupported(f"attribute {sorted(unknown)[0]} on <{tag}>")
        style = {**style, **{k: node.attrib[k] for k in INHERITED if k in node.attrib}}
        ctx = self.ctx
        opacity = float(node.get("opacity", "1"))
        ctx.save()
        if "transform" in node.attrib:
            _transform(ctx, node.get("transform"))
        if "clip-path" in node.attrib:
            self._clip(node.get("clip-path"))
        # One paint (a fill alone, a stroke alone, or text) covers each point once, so
        # its opacity can ride on its colour; anything else is drawn as a group.
        single = tag != "g" and tag != "svg" and (tag == "text" or _colour(style.get("fill", "#000000")) is None
                                                  or _colour(style.get("stroke")) is None)
        if opacity < 1 and single:
            style = {**style, "fill-opacity": str(float(style.get("fill-opacity", "1")) * opacity),
                     "stroke-opacity": str(float(style.get("stroke-opacity", "1")) * opacity)}
        grouped = opacity < 1 and not single
        if grouped:
            ctx.push_group()
        if tag in ("g", "svg"):
            for child in node:
                self.draw(child, style)
        elif tag == "text":
            self._text(node, style)
        else:
            self._shape(tag, node)
            self._paint(style)
        if grouped:
            ctx.pop_group_to_source()
            ctx.paint_with_alpha(opacity)
        ctx.restore()

    def _clip(self, ref: str) -> None:
        match = re.fullmatch(r"url\(#([^)]+)\)", ref.strip())
        if not match or match.group(1) not in self.clips:
            raise Unsupported(f"clip-path {ref!r}")
        for shape in self.clips[match.group(1)]:
            tag = _local(shape.tag)
            if tag in ("rect", "circle", "path"):
                self._shape(tag, shape)
            else:
                raise Unsupported(f"<{tag}> in a clip path")
        self.ctx.clip()

    def _shape(self, tag: str, node) -> None:
        ctx = self.ctx
        f = lambda name, default="0": float(node.get(name, default))  # noqa: E731
        if tag == "rect":
            x, y, w, h = f("x"), f("y"), f("width"), f("height")
            rx = float(node.get("rx", node.get("ry", "0")))
            ry = float(node.get("ry", node.get("rx", "0")))
            if rx <= 0 and ry <= 0:
                ctx.rectangle(x, y, w, h)
            else:
                rx, ry = min(rx or ry, w / 2), min(ry or rx, h / 2)
                _path(ctx, f"M{x + rx},{y}H{x + w - rx}A{rx},{ry} 0 0 1 {x + w},{y + ry}V{y + h - ry}"
                           f"A{rx},{ry} 0 0 1 {x + w - rx},{y + h}H{x + rx}A{rx},{ry} 0 0 1 {x},{y + h - ry}"
                           f"V{y + ry}A{rx},{ry} 0 0 1 {x + rx},{y}Z")
        elif tag == "circle":
            ctx.new_sub_path()
            ctx.arc(f("cx"), f("cy"), f("r"), 0, 2 * math.pi)
            ctx.close_path()
        elif tag == "line":
            ctx.move_to(f("x1"), f("y1"))
            ctx.line_to(f("x2"), f("y2"))
        elif tag == "path":
            _path(ctx, node.get("d", ""))
        elif tag in ("polygon", "polyline"):
            pts = _numbers(node.get("points", ""))
            ctx.move_to(pts[0], pts[1])
            for k in range(2, len(pts) - 1, 2):
                ctx.line_to(pts[k], pts[k + 1])
            if tag == "polygon":
                ctx.close_path()
        else:
            raise Unsupported(f"<{tag}>")

    def _paint(self, style: dict) -> None:
        ctx = self.ctx
        fill = _colour(style.get("fill", "#000000"))
        stroke = _colour(style.get("stroke"))
        if fill is not None:
            ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if style.get("fill-rule") == "evenodd" else cairo.FILL_RULE_WINDING)
            ctx.set_source_rgba(*fill, float(style.get("fill-opacity", "1")))
            ctx.fill_preserve() if stroke is not None else ctx.fill()
        if stroke is not None:
            width = float(style.get("stroke-width", "1"))
            ctx.set_line_width(width)
            ctx.set_line_cap({"round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}.get(
                style.get("stroke-linecap"), cairo.LINE_CAP_BUTT))
            ctx.set_line_join({"round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}.get(
                style.get("stroke-linejoin"), cairo.LINE_JOIN_MITER))
            dashes = style.get("stroke-dasharray")
            ctx.set_dash(_numbers(dashes) if dashes and dashes != "none" else [])
            ctx.set_source_rgba(*stroke, float(style.get("stroke-opacity", "1")))
            ctx.stroke()
        ctx.new_path()

    def _text(self, node, style: dict) -> None:
        if len(node) or not node.text:
            if len(node):
                raise Unsupported("<tspan> in text")
            return
        ctx = self.ctx
        family = style.get("font-family", "sans-serif").split(",")[0].strip("\"' ")
        if style.get("font-stretch") == "condensed" and not family.endswith("Condensed"):
            family += " Condensed"
        weight = style.get("font-weight", "normal")
        bold = weight == "bold" or (weight.isdigit() and int(weight) >= 550)
        italic = style.get("font-style") in ("italic", "oblique")
        ctx.select_font_face(family, cairo.FONT_SLANT_ITALIC if italic else cairo.FONT_SLANT_NORMAL,
                             cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
        ctx.set_font_size(float(style.get("font-size", "16")))
        xs, ys = _numbers(node.get("x", "0")), _numbers(node.get("y", "0"))
        if len(xs) > 1 or len(ys) > 1:
            raise Unsupported("per-letter text positions")
        x, y = xs[0] if xs else 0.0, ys[0] if ys else 0.0
        text = node.text
        x_bearing, _, width = ctx.text_extents(text)[:3]
        anchor = style.get("text-anchor", "start")
        if anchor == "middle":
            x -= width / 2 + x_bearing
        elif anchor == "end":
            x -= width + x_bearing
        fill = _colour(style.get("fill", "#000000"))
        stroke = _colour(style.get("stroke"))
        if stroke is not None:
            raise Unsupported("stroked text")
        if fill is None:
            return
        ctx.set_source_rgba(*fill, float(style.get("fill-opacity", "1")))
        ctx.move_to(x, y)
        ctx.show_text(text)
        ctx.new_path()


def page_size(svg_text: str):
    """(width pt, height pt, parsed root) of a page; Unsupported if it is not one."""
    try:
        root = ET.fromstring(svg_text)
    except ET.ParseError as exc:
        raise Unsupported(f"XML: {exc}") from None
    if _local(root.tag) != "svg":
        raise Unsupported("not an SVG document")
    _check(root)
    return _length_pt(root.get("width", "0")), _length_pt(root.get("height", "0")), root


def _check(root) -> None:
    """Refuse a page before drawing anything on a shared surface."""
    for node in root.iter():
        tag = _local(node.tag)
        if tag not in DRAWN_TAGS:
            raise Unsupported(f"<{tag}>")
        if tag != "svg":
            unknown = set(node.attrib) - KNOWN_ATTRS - {XLINK}
            if unknown:
                raise Unsupported(f"attribute {sorted(unknown)[0]} on <{tag}>")
        if tag == "text" and len(node):
            raise Unsupported("<tspan> in text")


def draw_page(ctx, root, width: float, height: float) -> None:
    box = _numbers(root.get("viewBox", f"0 0 {width} {height}"))
    ctx.scale(width / box[2], height / box[3])
    ctx.translate(-box[0], -box[1])
    ctx.set_miter_limit(4)  # SVG's default; cairo's own is 10
    drawer = Drawer(ctx, root)
    attrs = {k: v for k, v in root.attrib.items() if k in INHERITED}
    try:
        for child in root:
            drawer.draw(child, attrs)
    except (ValueError, IndexError, KeyError, ZeroDivisionError) as exc:
        raise Unsupported(f"{type(exc).__name__}: {exc}") from None


def svg_page_to_pdf(svg_text: str) -> bytes:
    """One pnp page SVG as a one-page PDF, drawn with cairo; raises Unsupported for
    SVG outside the subset pnp writes."""
    width, height, root = page_size(svg_text)
    buffer = io.BytesIO()
    surface = cairo.PDFSurface(buffer, width, height)
    draw_page(cairo.Context(surface), root, width, height)
    surface.finish()
    return buffer.getvalue()
