"""The SVG writer: a node tree as SVG text, numbers rounded to three decimals. The only
place in pnp that formats numbers for SVG.

The text is written directly from the tree rather than through svgwrite: building an
svgwrite element per node and serialising it with ElementTree took about a quarter of
a kit build. The output is what svgwrite wrote, byte for byte (attributes sorted by
name, empty ones left out, ElementTree's escaping); tests/test_svgwriter.py checks it
against svgwrite for every node kind."""

from __future__ import annotations

from pnp.draw.nodes import NO_PAINT, Circle, Group, Image, Line, Node, Page, Path, Rect, Text


_FORMATTED: dict[float, str] = {}  # number -> its text: a kit writes the same few thousand numbers again and again
_FORMATTED_MAX = 1 << 16  # past this many, new numbers are formatted each time


def fmt(x: float) -> str:
    """Three decimals, no trailing zeros, no '-0'."""
    text = _FORMATTED.get(x)
    if text is None:
        if -1e9 < x < 1e9:
            # what the general case below gives, in half the time: '%.3f' rounds as round(x, 3)
            # does (correctly, ties to even), and at this size no two 3-decimal numbers share a
            # float, so repr of the rounded float is those decimals (tests/test_svgwriter.py)
            text = f"{x:.3f}".rstrip("0").rstrip(".")
            if text == "-0":
                text = "0"
        else:
            r = round(x, 3)
            i = int(r)
            text = str(i) if r == i else repr(r)
        if type(x) in (float, int) and len(_FORMATTED) < _FORMATTED_MAX:
            _FORMATTED[x] = text
    return text


_PATHS: dict[tuple, str] = {}  # commands -> path data: a kit writes the same paths (logos, frames) in many files
_PATHS_MAX = 1 << 12  # past this many, new paths are formatted each time


def path_data(commands) -> str:
    """SVG path data for `commands`, kept by their value: 1860's kit writes 774 paths, 146
    different ones. Equal commands give equal text, as fmt gives equal numbers the same
    text whatever their type (1 and 1.0, 0.0 and -0.0); an arc's flags are ints
    (`shapes.arc_to`)."""
    try:
        text = _PATHS.get(commands)
    except TypeError:  # not hashable (a list): formatted each time
        return _path_data(commands)
    if text is None:
        text = _path_data(commands)
        if len(_PATHS) < _PATHS_MAX:
            _PATHS[commands] = text
    return text


def _path_data(commands) -> str:
    # `known(x) or fmt(x)`: most numbers are formatted already (fmt's own memo, looked
    # up without a call); fmt never gives "" for a number
    known = _FORMATTED.get
    out = []
    for c in commands:
        head = c[0]
        if head == "Z":
            out.append("Z")
        elif len(c) == 3:  # M or L, the most common: one point
            out.append(f"{head}{known(c[1]) or fmt(c[1])},{known(c[2]) or fmt(c[2])}")
        elif head == "C":
            _, x1, y1, x2, y2, x, y = c
            out.append(f"C{known(x1) or fmt(x1)},{known(y1) or fmt(y1)} {known(x2) or fmt(x2)},"
                       f"{known(y2) or fmt(y2)} {known(x) or fmt(x)},{known(y) or fmt(y)}")
        elif head == "A":
            _, rx, ry, rot, large, sweep, x, y = c
            out.append(f"A{fmt(rx)},{fmt(ry)} {fmt(rot)} {large} {sweep} {fmt(x)},{fmt(y)}")
        else:
            out.append(head + " ".join(f"{fmt(c[i])},{fmt(c[i + 1])}" for i in range(1, len(c), 2)))
    return "".join(out)


def transform_text(ops) -> str:
    known = _FORMATTED.get
    out = []
    for op in ops:
        name = op[0]
        if name == "translate":  # the most common step: every piece placed on a sheet
            out.append(f"translate({known(op[1]) or fmt(op[1])} {known(op[2]) or fmt(op[2])})")
            continue
        v = op[1:]
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


_ATTR_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#13;", "\n": "&#10;",
                               "\t": "&#09;"})
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
SVG_ROOT = ('xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events" '
            'xmlns:xlink="http://www.w3.org/1999/xlink"')


def _paint_attrs(paint) -> tuple:
    """A paint's attributes as (SVG name, escaped text) pairs, worked out once per paint."""
    cached = paint.__dict__.get("_svg")
    if cached is None:
        out = []
        for name, value in paint.items():
            if name == "stroke_dasharray":
                value = ",".join(fmt(v) for v in value)
            elif isinstance(value, float):
                value = fmt(value)
            out.append((name.replace("_", "-"), value.translate(_ATTR_ESCAPES)))
        cached = tuple(out)
        object.__setattr__(paint, "_svg", cached)
    return cached


def _templated(name: str, paint, own: tuple[str, ...], values: tuple[str, ...]) -> str:
    """`_tag(name, paint's attributes + zip(own, values))` for a node, from a template
    kept on the paint per tag and attribute names: where the node's own attributes
    fall among the paint's in name order depends on their names alone, and a page has
    a few dozen paints over thousands of nodes. `values` (numbers, path data,
    transforms, a group's clip and id) are never empty but an empty path's data, which
    the caller writes through `_tag`."""
    templates = paint.__dict__.get("_svg_tags")
    if templates is None:
        templates = {}
        object.__setattr__(paint, "_svg_tags", templates)
    template = templates.get((name, own))
    if template is None:
        template = templates[(name, own)] = _template(name, _paint_attrs(paint), own)
    text, rest = template
    for i, after in rest:  # joined by +: str.format would parse the whole tag again each time
        text = text + values[i] + after
    return text


def _template(name: str, painted: tuple, own: tuple[str, ...]) -> tuple[str, tuple[tuple[int, str], ...]]:
    """The opening tag `_tag` writes, cut where the own attributes' values go: the text
    before the first, then (which own value, the text after it) for each in turn (names
    never clash: paint has none of a node's own)."""
    fields = [(k, v, -1) for k, v in painted if v] + [(k, "", i) for i, k in enumerate(own)]
    fields.sort(key=lambda f: f[0])
    head, rest, text = None, [], "<" + name
    for k, v, i in fields:
        if i < 0:
            text += f' {k}="{v}"'
            continue
        text += f' {k}="'
        if head is None:
            head = text
        else:
            rest[-1] = (rest[-1][0], text)
        rest.append((i, ""))
        text = '"'
    if head is None:
        return text, ()
    rest[-1] = (rest[-1][0], text)
    return head, tuple(rest)


def _tag(name: str, attrs: list) -> str:
    """An opening tag without its closing '>': attributes sorted by name, empty ones left
    out (the XML that svgwrite and ElementTree wrote before). Values come escaped: only
    text from outside (colours, ids, links) can need it, never numbers, path data or
    transforms, so the writer escapes those few once rather than every value."""
    attrs.sort()
    return "<" + name + "".join([f' {k}="{v}"' for k, v in attrs if v])


class _Writer:
    """Writes nodes as SVG text into `out`; clip paths go to `defs` (a list of text)."""

    def __init__(self, out: list, defs: list):
        self.out, self.defs = out, defs
        self.clips = 0

    def write(self, node: Node) -> None:
        out = self.out
        kind = type(node)
        if kind is Group:
            if node.paint is NO_PAINT and not node.transform and node.clip is None and not node.id:
                # most groups only gather their children (a kit's SVGs: ~60 % of groups)
                if not node.children:
                    out.append("<g />")
                    return
                out.append("<g>")
                for child in node.children:
                    self.write(child)
                out.append("</g>")
                return
            own, values = (), ()
            if node.transform:
                own, values = ("transform",), (transform_text(node.transform),)
            if node.clip is not None:
                self.clips += 1
                name = f"clip{self.clips}"
                clip = _Writer([], self.defs)
                clip.clips = self.clips
                clip.write(node.clip)
                self.clips = clip.clips
                self.defs.append(f'<clipPath id="{name}">' + "".join(clip.out) + "</clipPath>")
                own, values = own + ("clip-path",), values + (f"url(#{name})",)
            if node.id:
                own, values = own + ("id",), values + (node.id.translate(_ATTR_ESCAPES),)
            if not node.children:
                out.append(_templated("g", node.paint, own, values) + " />")
                return
            out.append(_templated("g", node.paint, own, values) + ">")
            for child in node.children:
                self.write(child)
            out.append("</g>")
            return
        out.append(_leaf(node, kind))


def _leaf(node: Node, kind: type) -> str:
    """A leaf node's element. Numbers are looked up in fmt's memo before calling it
    (`known(x) or fmt(x)`, as in path_data); the opening tag comes from a template
    (`_templated`)."""
    known = _FORMATTED.get
    if kind is Text:
        own, values = ("x", "y"), (known(node.x) or fmt(node.x), known(node.y) or fmt(node.y))
        if node.transform:
            own, values = own + ("transform",), values + (transform_text(node.transform),)
        tag = _templated("text", node.paint, own, values)
        content = str(node.content)
        if "&" in content or "<" in content or ">" in content:  # rare: translate is slow even with nothing to do
            content = content.translate(_TEXT_ESCAPES)
        return tag + ">" + content + "</text>" if content else tag + " />"
    if kind is Path:
        d = path_data(node.commands)
        if not d:  # an empty path: no d at all
            return _tag("path", list(_paint_attrs(node.paint))) + " />"
        return _templated("path", node.paint, ("d",), (d,)) + " />"
    if kind is Circle:
        return _templated("circle", node.paint, ("cx", "cy", "r"),
                         (known(node.cx) or fmt(node.cx), known(node.cy) or fmt(node.cy),
                          known(node.r) or fmt(node.r))) + " />"
    if kind is Rect:
        own = ("x", "y", "width", "height")
        values = (known(node.x) or fmt(node.x), known(node.y) or fmt(node.y), known(node.width) or fmt(node.width),
                  known(node.height) or fmt(node.height))
        if node.rx:
            own, values = own + ("rx",), values + (fmt(node.rx),)
        if node.ry:
            own, values = own + ("ry",), values + (fmt(node.ry),)
        return _templated("rect", node.paint, own, values) + " />"
    if kind is Line:
        return _templated("line", node.paint, ("x1", "y1", "x2", "y2"),
                         (known(node.x1) or fmt(node.x1), known(node.y1) or fmt(node.y1),
                          known(node.x2) or fmt(node.x2), known(node.y2) or fmt(node.y2))) + " />"
    if kind is Image:
        attrs = list(_paint_attrs(node.paint))
        attrs += (("xlink:href", embedded(node.href).translate(_ATTR_ESCAPES)), ("x", fmt(node.x)),
                  ("y", fmt(node.y)), ("width", fmt(node.width)), ("height", fmt(node.height)))
        return _tag("image", attrs) + " />"
    raise TypeError(f"the SVG writer cannot draw {kind.__name__}")


def to_svg(item: Page | Node) -> str:
    """A page as a standalone SVG document; a bare node as an SVG fragment."""
    body: list = []
    defs: list = []
    writer = _Writer(body, defs)
    if not isinstance(item, Page):
        writer.write(item)
        return "".join(defs) + "".join(body)
    root = item.root
    if root.transform or root.clip is not None or root.paint.items():
        writer.write(root)
    else:
        for child in root.children:
            writer.write(child)
    view_box = ",".join(str(float(fmt(v))) for v in item.view_box)
    head = (f'<svg baseProfile="full" height="{fmt(item.height_mm)}mm" version="1.1" viewBox="{view_box}" '
            f'width="{fmt(item.width_mm)}mm" {SVG_ROOT}>')
    title = f"<title>{item.title.translate(_TEXT_ESCAPES)}</title>" if item.title else ""
    defs_text = "<defs>" + "".join(defs) + "</defs>" if defs else "<defs />"
    return head + title + defs_text + "".join(body) + "</svg>"
