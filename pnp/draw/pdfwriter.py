"""pnp's own PDF writer: node pages to a PDF's objects, without cairo.

Each page's content stream is written straight from its tree (`pnp.draw.pdfcontent`);
what pages share is written once: a group drawn more than once (`shared_groups`) is a
Form XObject named where it is used, a picture an Image XObject (with its alpha as a
soft mask), each alpha an ExtGState, and the fonts are embedded as subsets of the
glyphs the document shows (`pnp.draw.pdffonts.DocumentFonts`). Streams are deflated.

The result is a `pnp.pdf_file.Source` (numbered object bodies and the pages in order),
which `pnp.pdf_file.write` turns into a file with boxes, bookmarks and metadata; nothing
is parsed back. Same pages, same bytes: names and object numbers follow the order in
which things are first drawn."""

from __future__ import annotations

import math
import zlib

from pnp import pdf_file
from pnp.draw.ink import Ink
from pnp.draw.nodes import Group, Image, Page, Text, shared_groups
from pnp.draw.pdfcontent import MITER_LIMIT, Content, Drawer, number
from pnp.draw.pdfink import page_ink

PT_PER_MM = 72 / 25.4
LEVEL = 3  # zlib's level for content streams: 2.4 times faster than 6, 12 % bigger (benchmarks/bench_pdf_level.py)
PAGE_START = (None, None, 1.0, 1.0, (1.0, "butt", "miter", ()), None)  # a PDF page's initial state, as far as used
# a page's and every form's group: isolated, as cairo wrote its pages and recorded groups
# (a form drawn where its group is opaque looks the same; poppler then snaps thin lines
# in it as it did in cairo's files)
GROUP = b"/Group << /Type /Group /S /Transparency /I true /CS /DeviceRGB >>"


def page_points(page: Page) -> tuple[float, float]:
    return page.width_mm * PT_PER_MM, page.height_mm * PT_PER_MM


class Document:
    """The objects of one PDF being drawn: pages, forms, pictures, alpha states, fonts."""

    def __init__(self, pages: list[Page]):
        from pnp.draw.pdffonts import DocumentFonts

        self.fonts = DocumentFonts()
        self.shared = shared_groups(pages)  # ids of groups drawn more than once
        self.ink = page_ink()  # the process's: the inks under it are made once for all its documents
        self.pages: list[tuple[Content, float, float]] = []
        self.xobjects: dict[str, tuple] = {}  # name -> ("form", content) | ("image", bodies)
        self._forms: dict[tuple, str] = {}  # (group id, ink key) -> name
        self._images: dict[tuple, tuple] = {}  # picture key -> (name, width, height)
        self.states: dict[tuple, str] = {}  # ("ca", "CA" or "ca CA", alpha) -> name
        for page in pages:
            self.draw_page(page)

    def draw_page(self, page: Page) -> None:
        width, height = page_points(page)
        content = Content(1.0)
        content.region = (0.0, 0.0, width, height)
        drawer = Drawer(self, content, self.ink, PAGE_START)
        vx, vy, vw, vh = page.view_box
        sx, sy = width / vw, height / vh
        drawer.concat((1.0, 0.0, 0.0, -1.0, 0.0, height))  # y down, as the tree's units
        drawer.concat((sx, 0.0, 0.0, sy, -vx * sx, -vy * sy))
        drawer.out(f"{MITER_LIMIT} M\n")
        drawer.draw(page.root)
        self.pages.append((content, width, height))

    # -- what streams share ---------------------------------------------------------------------

    def alpha_state(self, key: str, alpha: float) -> str:
        """The name of the ExtGState setting the fill ("ca"), stroke ("CA") or both
        ("ca CA") alphas to `alpha`."""
        name = self.states.get((key, alpha))
        if name is None:
            name = self.states[(key, alpha)] = f"a{len(self.states)}"
        return name

    def form(self, node: Group, ink: Ink, user: Drawer) -> str:
        """The name of the form that draws `node` under `ink` (written at its first use)."""
        key = (id(node), ink.key)
        name = self._forms.get(key)
        if name is None:
            content = Content(user.scale())  # decimals for this use's scale (see pnp.draw.pdfcontent)
            Drawer(self, content, self.ink).draw_node(node, ink)
            name = self._forms[key] = self._xobject(("form", content))
        self.xobjects[name][1].uses.append((user.content, user.ctm))
        return name

    def group_form(self, user: Drawer, draw) -> str:
        """The name of a new transparency group holding what `draw(drawer)` writes."""
        content = Content(user.scale())
        draw(Drawer(self, content, user.ink))
        content.uses.append((user.content, user.ctm))
        return self._xobject(("form", content))

    def image(self, node: Image) -> tuple[str, int, int]:
        """(name, width, height in pixels) of the picture's Image XObject."""
        from pnp.draw.pdfimages import picture_key, picture_objects

        key = picture_key(node)
        found = self._images.get(key)
        if found is None:
            width, height, bodies = picture_objects(node)
            found = self._images[key] = (self._xobject(("image", bodies)), width, height)
        return found

    def _xobject(self, entry: tuple) -> str:
        name = f"x{len(self.xobjects)}"
        self.xobjects[name] = entry
        return name

    # -- the objects ----------------------------------------------------------------------------

    def source(self, level: int = LEVEL) -> pdf_file.Source:
        """The document's objects, numbered from 1, and its pages."""
        objects: dict[int, bytes] = {}
        numbers: dict[str, int] = {}
        n = 2 * len(self.pages) + 1
        for name, entry in self.xobjects.items():
            numbers[name] = n
            n += 1 if entry[0] == "form" else len(entry[1])
        fonts, bodies = self.fonts.objects(n)
        objects.update((n + k, body) for k, body in enumerate(bodies))
        numbers.update(fonts)
        for name, entry in self.xobjects.items():
            number_ = numbers[name]
            if entry[0] == "image":
                from pnp.draw.pdfimages import numbered

                objects.update((number_ + k, numbered(body, number_ + 1)) for k, body in enumerate(entry[1]))
                continue
            content = entry[1]
            head = b"/Type /XObject /Subtype /Form /BBox %s %s /Resources %s " % (
                _box(self.region(content)), GROUP, self.resources(content, numbers))
            objects[number_] = stream(head, content.text(), level)
        pages = []
        for k, (content, width, height) in enumerate(self.pages):
            page, contents = 2 * k + 1, 2 * k + 2
            objects[contents] = stream(b"", content.text(), level)
            objects[page] = (b"<< /Type /Page /Parent 0 0 R /MediaBox [ 0 0 %s %s ] /Contents %d 0 R %s /Resources %s >>\n"
                             % (number(width).encode(), number(height).encode(), contents, GROUP,
                                self.resources(content, numbers)))
            pages.append(page)
        return pdf_file.Source(objects, pages)

    def resources(self, content: Content, numbers: dict[str, int]) -> bytes:
        """The resource dictionary naming what `content` uses, in a fixed order."""
        parts = []
        if content.states:
            by_name = {name: key for key, name in self.states.items()}
            states = " ".join(f"/{name} << {_alphas(*by_name[name])} >>" for name in sorted(content.states, key=_order))
            parts.append(f"/ExtGState << {states} >>")
        if content.xobjects:
            parts.append("/XObject << " + " ".join(f"/{name} {numbers[name]} 0 R"
                                                   for name in sorted(content.xobjects, key=_order)) + " >>")
        if content.fonts:
            parts.append("/Font << " + " ".join(f"/{name} {numbers[name]} 0 R"
                                                for name in sorted(content.fonts, key=_order)) + " >>")
        return ("<< " + " ".join(parts) + " >>").encode()

    def region(self, content: Content) -> tuple | None:
        """What of a form's own space can show: the union, over its uses, of the region
        of the stream it is used in, brought into the form's space (its bounding box).
        A page's region is its media box; None is nothing (every use degenerate)."""
        if content.region is False:
            found = None
            for user, ctm in content.uses:
                outer = self.region(user)
                inverse = _inverse(ctm)
                if outer is None or inverse is None:
                    continue
                box = _mapped_box(inverse, outer)
                found = box if found is None else (min(found[0], box[0]), min(found[1], box[1]),
                                                   max(found[2], box[2]), max(found[3], box[3]))
            content.region = found
        return content.region


def _alphas(keys: str, alpha: float) -> str:
    """An ExtGState's entries setting the alphas named in `keys` ("ca", "CA" or both)."""
    return " ".join(f"/{key} {number(alpha)}" for key in keys.split())


def _order(name: str) -> tuple:
    return (name[0], int(name[1:]) if name[1:].isdigit() else name)


def _box(region: tuple | None) -> bytes:
    if region is None:
        return b"[ 0 0 0 0 ]"
    x0, y0, x1, y1 = region
    return ("[ %s %s %s %s ]" % (number(math.floor(x0 * 1000) / 1000), number(math.floor(y0 * 1000) / 1000),
                                 number(math.ceil(x1 * 1000) / 1000), number(math.ceil(y1 * 1000) / 1000))).encode()


def _inverse(m: tuple) -> tuple | None:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return None
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def _mapped_box(m: tuple, box: tuple) -> tuple:
    """The bounding box of `box`'s corners mapped by `m`. Each coordinate of a corner is
    a x + c y + e; its least over the four is that of each product at its least, to the
    last bit (rounding never turns a smaller sum into a larger one), with no corner
    worked out."""
    a, b, c, d, e, f = m
    x0, y0, x1, y1 = box
    ax0, ax1, cy0, cy1, bx0, bx1, dy0, dy1 = a * x0, a * x1, c * y0, c * y1, b * x0, b * x1, d * y0, d * y1
    return (min(ax0, ax1) + min(cy0, cy1) + e, min(bx0, bx1) + min(dy0, dy1) + f,
            max(ax0, ax1) + max(cy0, cy1) + e, max(bx0, bx1) + max(dy0, dy1) + f)


def stream(head: bytes, data: bytes, level: int = LEVEL) -> bytes:
    """A deflated stream's object body; `head` holds its dictionary's other entries."""
    packed = zlib.compress(data, level)
    return b"<< %s/Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream\n" % (head, len(packed), packed)


def text_extents(page: Page) -> None:
    """The ink extents of the page's texts worked out (and so their faces read and
    their glyphs' ink boxes), as drawing the page would, without drawing it: what a
    process draws later finds them ready (`pnp.kit_pdf.ready`)."""
    from pnp.draw.pdffonts import face_for

    def visit(group: Group, ink: Ink) -> None:
        for node in group.children:
            node_ink = ink.under(node.paint)
            if type(node) is Group:
                visit(node, node_ink)
            elif type(node) is Text and node.content:
                family, bold, italic, _ = node_ink.font()
                face_for(family, bold, italic).ink(node.content)

    visit(page.root, Ink({}).under(page.root.paint))


def to_source(pages: list[Page]) -> pdf_file.Source:
    """Pages as one document's objects (shared fonts, forms and pictures)."""
    return Document(pages).source()


def to_pdf(pages: list[Page]) -> bytes:
    """Pages as a PDF file, without boxes, bookmarks or metadata (tests, benchmarks)."""
    return pdf_file.write([to_source(pages)])

