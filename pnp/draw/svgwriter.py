"""The SVG writer: a node tree as SVG text (via svgwrite), numbers rounded to three
decimals. The only place in pnp that formats numbers for SVG."""

from __future__ import annotations

from functools import cache

from pnp.draw.nodes import Circle, Group, Image, Line, Node, Page, Path, Rect, Text


@cache
def _factory():
    """svgwrite's element factory, loaded when the first SVG is written."""
    import svgwrite

    return svgwrite.Drawing(debug=False)


def fmt(x: float) -> str:
    """Three decimals, no trailing zeros, no '-0'."""
    r = round(x, 3)
    i = int(r)
    return str(i) if r == i else repr(r)


def path_data(commands) -> str:
    out = []
    for c in commands:
        head = c[0]
        if head == "Z":
            out.append("Z")
        elif head == "A":
            _, rx, ry, rot, large, sweep, x, y = c
            out.append(f"A{fmt(rx)},{fmt(ry)} {fmt(rot)} {large} {sweep} {fmt(x)},{fmt(y)}")
        else:
            out.append(head + " ".join(f"{fmt(c[i])},{fmt(c[i + 1])}" for i in range(1, len(c), 2)))
    return "".join(out)


def transform_text(ops) -> str:
    out = []
    for op in ops:
        name, *v = op
        if name == "rotate":
            out.append(f"rotate({fmt(v[0])} {fmt(v[1])} {fmt(v[2])})" if (v[1], v[2]) != (0.0, 0.0)
                       else f"rotate({fmt(v[0])})")
        elif name == "scale" and v[0] == v[1]:
            out.append(f"scale({_scale(v[0])})")
        elif name == "scale":
            out.append(f"scale({_scale(v[0])} {_scale(v[1])})")
        else:
            out.append(f"{name}({' '.join(fmt(x) for x in v)})")
    return " ".join(out)


def _scale(k: float) -> str:
    return f"{k:.6f}".rstrip("0").rstrip(".")


def embedded(href: str) -> str:
    """A picture as a data: URL, so that the SVG file stands on its own."""
    import base64
    from pathlib import Path

    if href.startswith("data:"):
        return href
    path = Path(href)
    kind = "image/svg+xml" if path.suffix.lower() == ".svg" else "image/png"
    return f"data:{kind};base64,{base64.b64encode(path.read_bytes()).decode('ascii')}"


def _attrs(node: Node) -> dict:
    out = {}
    for name, value in node.paint.items():
        if name == "stroke_dasharray":
            value = ",".join(fmt(v) for v in value)
        elif isinstance(value, float):
            value = fmt(value)
        out[name] = value
    return out


class _Writer:
    def __init__(self, defs):
        self.defs = defs
        self.clips = 0

    def element(self, node: Node):
        f = _factory()
        attrs = _attrs(node)
        if isinstance(node, Group):
            if node.transform:
                attrs["transform"] = transform_text(node.transform)
            if node.clip is not None:
                self.clips += 1
                clip = f.clipPath(id=f"clip{self.clips}")
                clip.add(self.element(node.clip))
                self.defs.add(clip)
                attrs["clip_path"] = f"url(#clip{self.clips})"
            if node.id:
                attrs["id"] = node.id
            g = f.g(**attrs)
            for child in node.children:
                g.add(self.element(child))
            return g
        if isinstance(node, Path):
            return f.path(d=path_data(node.commands), **attrs)
        if isinstance(node, Circle):
            return f.circle(center=(fmt(node.cx), fmt(node.cy)), r=fmt(node.r), **attrs)
        if isinstance(node, Rect):
            if node.rx:
                attrs["rx"] = fmt(node.rx)
            if node.ry:
                attrs["ry"] = fmt(node.ry)
            return f.rect(insert=(fmt(node.x), fmt(node.y)), size=(fmt(node.width), fmt(node.height)), **attrs)
        if isinstance(node, Line):
            return f.line(start=(fmt(node.x1), fmt(node.y1)), end=(fmt(node.x2), fmt(node.y2)), **attrs)
        if isinstance(node, Text):
            if node.transform:
                attrs["transform"] = transform_text(node.transform)
            return f.text(node.content, insert=(fmt(node.x), fmt(node.y)), **attrs)
        if isinstance(node, Image):
            return f.image(embedded(node.href), insert=(fmt(node.x), fmt(node.y)), size=(fmt(node.width), fmt(node.height)),
                           **attrs)
        raise TypeError(f"the SVG writer cannot draw {type(node).__name__}")


def to_svg(item: Page | Node) -> str:
    """A page as a standalone SVG document; a bare node as an SVG fragment."""
    if isinstance(item, Page):
        import svgwrite

        dwg = svgwrite.Drawing(size=(f"{fmt(item.width_mm)}mm", f"{fmt(item.height_mm)}mm"), debug=False)
        dwg.viewbox(*(float(fmt(v)) for v in item.view_box))
        if item.title:
            dwg.set_desc(title=item.title)
        writer = _Writer(dwg.defs)
        root = item.root
        if root.transform or root.clip is not None or root.paint.items():
            dwg.add(writer.element(root))
        else:
            for child in root.children:
                dwg.add(writer.element(child))
        return dwg.tostring()
    clips: list = []
    element = _Writer(_Clips(clips)).element(item)
    return "".join(c.tostring() for c in clips) + element.tostring()


class _Clips:
    """Where a fragment's clip paths go (a document puts them in its <defs>)."""

    def __init__(self, out: list):
        self.add = out.append
