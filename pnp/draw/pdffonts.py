"""The fonts of pnp's own PDF writer: the face a text is drawn in, the string operand
that shows it, its ink extents as cairo measured them, and the font objects a document
embeds.

cairo's toy font API found each face through fontconfig; on a machine with DejaVu that
is one of the DejaVu Sans files (plain or condensed, bold or not, oblique or not), read
here from the folders pnp.text searches, once a process and only when first used. A
face is embedded as a Type0 font with Identity-H encoding: a text is shown by its glyph
ids, two bytes each, in the face's own advances (cairo's toy API neither shapes nor
kerns). The embedded program is a TrueType subset that keeps glyph ids: the glyphs not
shown are empty, the tables a rasteriser needs (hinting programs included) are copied,
so no glyph is renumbered and a text's operand is the same in every document.

Without DejaVu (pnp.text then measures with Helvetica's metrics), text is shown in the
standard Helvetica faces, not embedded, one WinAnsi byte a character.
"""

from __future__ import annotations

import struct
from array import array
from functools import cache, cached_property
from pathlib import Path

from pnp.draw.fontobjects import stream, subset_tag, to_unicode, widths
from pnp.draw.fontsubset import Subsetter
from pnp.draw.slanted import SlantedFace
from pnp.fontmetrics import big_endian, read_font, simple_points

# (condensed, bold, italic) -> the DejaVu file fontconfig gives cairo for that face
FILES = {
    (False, False, False): "DejaVuSans", (False, True, False): "DejaVuSans-Bold",
    (False, False, True): "DejaVuSans-Oblique", (False, True, True): "DejaVuSans-BoldOblique",
    (True, False, False): "DejaVuSansCondensed", (True, True, False): "DejaVuSansCondensed-Bold",
    (True, False, True): "DejaVuSansCondensed-Oblique", (True, True, True): "DejaVuSansCondensed-BoldOblique",
}
STANDARD = {(False, False): "Helvetica", (True, False): "Helvetica-Bold", (False, True): "Helvetica-Oblique",
            (True, True): "Helvetica-BoldOblique"}
# the faces kits draw with, read before the drawing workers fork (`warm_up`)
COMMON = ((False, False, False), (False, True, False), (True, False, False), (True, True, False))
NO_INK = (0.0, 0.0)
PRINTABLE = "".join(map(chr, range(0x20, 0x7F)))  # ASCII's printable characters
STEM_V = 80  # what cairo writes: no reader draws with it

# a composite glyph's component flags (TrueType 'glyf')
WORDS, XY_VALUES, SCALE, MORE, XY_SCALE, TWO_BY_TWO = 0x1, 0x2, 0x8, 0x20, 0x40, 0x80
MY_METRICS, SCALED_OFFSET, UNSCALED_OFFSET = 0x200, 0x800, 0x1000


class DocumentFonts:
    """The fonts one PDF document uses, gathered while its pages are written."""

    def __init__(self):
        self._shown: dict[tuple, tuple[str, bytes]] = {}  # (family, bold, italic, text) -> show's answer
        self._faces: dict[str, TrueTypeFace | StandardFace] = {}  # resource name -> face, in order of use
        self._names: dict[int, str] = {}  # id of a face -> its resource name here
        self._chars: dict[str, set[str]] = {}  # resource name -> the characters shown in it

    def show(self, family: str, bold: bool, italic: bool, text: str) -> tuple[str, bytes]:
        """(resource name such as "F1", the Tj string operand written out, e.g. b"<002B0048>")
        for `text` in that face; records the characters shown. Cached per (face, text)."""
        key = (family, bold, italic, text)
        got = self._shown.get(key)
        if got is None:
            face = face_for(family, bold, italic)
            face = getattr(face, "upright", face)  # a slanted face embeds its upright one
            name = self._names.get(id(face))
            if name is None:
                name = self._names[id(face)] = f"F{len(self._faces) + 1}"
                self._faces[name] = face
                self._chars[name] = set()
            self._chars[name].update(text)
            got = self._shown[key] = (name, face.show(text))
        return got

    def ink_extents(self, family: str, bold: bool, italic: bool, text: str, size: float) -> tuple[float, float]:
        """(x_bearing, width) of the text's ink at `size`, as cairo_text_extents gives them
        for cairo's toy face of that family, weight and slant with hint metrics off."""
        bearing, width = face_for(family, bold, italic).ink(text)
        return bearing * size, width * size

    def slant(self, family: str, bold: bool, italic: bool) -> float:
        """The shear of the face's glyphs (x + slant y): 0 but for an oblique face slanted."""
        return face_for(family, bold, italic).slant

    def objects(self, first: int) -> tuple[dict[str, int], list[bytes]]:
        """({resource name: object number of its font dictionary}, the object bodies
        numbered first, first + 1, ...), as pnp.pdf_file's `Source.objects` holds them.
        The same texts shown give the same bytes."""
        numbers, bodies = {}, []  # resource name -> object number; the bodies in order
        for name, face in self._faces.items():
            numbers[name] = first + len(bodies)
            bodies += face.objects(_used(face, self._chars[name]), numbers[name])
        return numbers, bodies


def _used(face: TrueTypeFace | StandardFace, chars: set[str]) -> dict[int, int]:
    """Each glyph the characters are shown with -> the lowest of those characters' code
    points (worked out once a document, from the characters it showed, not per text)."""
    text = "".join(sorted(chars))
    used: dict[int, int] = {}
    for code, glyph in zip(map(ord, text), face.glyphs(text)):
        used.setdefault(glyph, code)
    return used


def face_for(family: str, bold: bool, italic: bool) -> TrueTypeFace | StandardFace:
    """The face cairo's toy API drew `family` in: DejaVu Sans Condensed when the family
    says so, else DejaVu Sans (what fontconfig gives for "sans-serif" here too)."""
    return _face("Condensed" in family, bool(bold), bool(italic))


@cache
def _face(condensed: bool, bold: bool, italic: bool) -> TrueTypeFace | StandardFace | SlantedFace:
    """The face read from its file, once a process; an oblique face that is not installed
    is its upright face slanted (`pnp.draw.slanted`), and without the DejaVu file at all,
    a standard Helvetica face (as pnp.text then measures)."""
    from pnp.text import FONT_DIRS

    stems = [FILES[condensed, bold, italic]] + ([FILES[condensed, bold, False]] if italic else [])
    for stem in stems:
        for folder in FONT_DIRS:
            path = folder / f"{stem}.ttf"
            if path.exists():
                return _truetype(path) if stem == stems[0] else SlantedFace(_truetype(path))
    return _standard(STANDARD[bold, italic])


@cache
def _truetype(path: Path) -> TrueTypeFace:
    """One face a file and process: an upright face and its slanted self share it."""
    return TrueTypeFace(path)


@cache
def _standard(name: str) -> StandardFace:
    """One standard face a process: plain and condensed text share Helvetica."""
    return StandardFace(name)


def warm_up(key: tuple[bool, bool, bool]) -> None:
    """Read face `key` (condensed, bold, italic: one of COMMON) and work out the ink boxes
    of its printable ASCII glyphs (what labels are made of; a Python walk of each
    outline, ~30 us a glyph), so that drawing workers forked afterwards share them, and
    so does the kit's calibration page, drawn last in the main process."""
    face = _face(*key)
    if isinstance(face, TrueTypeFace):
        for glyph in face.glyphs(PRINTABLE):
            face.box(glyph)


class TrueTypeFace:
    """One TrueType file, read once: its glyphs by character, their advances and outline
    boxes, and what embedding a subset of it needs. What a text shows and how far its ink
    reaches are kept per text (the same labels come back on every copy of a piece)."""

    slant = 0.0

    def __init__(self, path: Path):
        self.path = path
        font = read_font(path)  # shared with pnp.text's metrics of the face
        data, spans = self.data, self.spans = font.data, font.spans
        self.name = path.stem  # DejaVu's files are named by their PostScript names
        head, hhea, maxp = spans["head"][0], spans["hhea"][0], spans["maxp"][0]
        self.units = struct.unpack_from(">H", data, head + 18)[0]
        self.bbox = struct.unpack_from(">4h", data, head + 36)
        long_loca = struct.unpack_from(">h", data, head + 50)[0] == 1
        self.ascent, self.descent = struct.unpack_from(">hh", data, hhea + 4)
        self.long_metrics = struct.unpack_from(">H", data, hhea + 34)[0]
        self.count = struct.unpack_from(">H", data, maxp + 4)[0]
        # each glyph's advance in font units: hmtx's (advance, bearing) pairs, then the last
        # advance repeated for the glyphs past them (an array slice: no Python loop)
        advances = self.advances = big_endian(data, spans["hmtx"][0], 2 * self.long_metrics, "H")[::2]
        advances.extend(array("H", advances[-1:]) * (self.count - self.long_metrics))
        glyph_of = self.glyph_of = font.glyph_of
        if glyph_of and max(glyph_of.values()) >= self.count:  # a broken font: glyphs it has not
            self.glyph_of = {code: glyph for code, glyph in glyph_of.items() if glyph < self.count}
        loca = spans["loca"][0]
        self.loca = (big_endian(data, loca, self.count + 1, "I") if long_loca
                     else array("I", (2 * v for v in big_endian(data, loca, self.count + 1, "H"))))
        self.glyf = spans["glyf"][0]
        post = spans.get("post")
        self.italic_angle = struct.unpack_from(">i", data, post[0] + 4)[0] / 65536 if post else 0.0
        self._shown: dict[str, bytes] = {}
        self._hex = HexGlyphs(self.glyph_of)
        self._inks: dict[str, tuple[float, float]] = {}
        self._boxes: dict[int, tuple | None] = {}
        self._components: dict[int, list[int]] = {}
        self._widths: dict[int, bytes] = {}  # glyph -> its /W width as text
        self.cap_height = (self.box(self.glyph_of.get(ord("H"), 0)) or self.bbox)[3]

    def show(self, text: str) -> bytes:
        """The string operand showing the text: its glyphs' ids, four hex digits each."""
        got = self._shown.get(text)
        if got is None:
            got = self._shown[text] = b"<" + text.translate(self._hex).encode() + b">"
        return got

    def glyphs(self, text: str) -> tuple[int, ...]:
        """The text's glyphs (.notdef, 0, for a character the face lacks, as cairo drew it)."""
        get = self.glyph_of.get
        return tuple([get(code, 0) for code in map(ord, text)])

    def ink(self, text: str) -> tuple[float, float]:
        """(x_bearing, width) of the text's ink in em: its glyphs' outline boxes (`spread`)."""
        got = self._inks.get(text)
        if got is None:
            got = self._inks[text] = self.spread(text, self.box)
        return got

    def spread(self, text: str, box) -> tuple[float, float]:
        """(x_bearing, width) in em of the union of the text's glyphs' `box(glyph)`es (font
        units, None: no ink), each glyph placed at the advances before it. The least and
        the most are kept by comparisons, as `min` and `max` keep them, without their calls."""
        pen, low, high, advances = 0.0, float("inf"), float("-inf"), self.advances
        for glyph in self.glyphs(text):
            ink = box(glyph)
            if ink is not None:
                left, right = pen + ink[0], pen + ink[2]
                if left < low:
                    low = left
                if right > high:
                    high = right
            pen += advances[glyph]
        return NO_INK if high < low else (low / self.units, (high - low) / self.units)

    def box(self, glyph: int) -> tuple[float, float, float, float] | None:
        """(xMin, yMin, xMax, yMax) of the glyph's outline points in font units, as FreeType
        gave cairo (the glyph header's box is off by a unit in some condensed glyphs); None
        for a glyph without ink (no outline, or one of no width or height), which cairo's
        ink extents leave out."""
        got = self._boxes.get(glyph, False)
        if got is False:
            points = self._points(glyph)
            if points is None:  # components placed by matching points: the header's box
                start = self.glyf + self.loca[glyph]
                got = struct.unpack_from(">4h", self.data, start + 2)
            else:
                xs, ys, origin = points
                got = (min(xs) - origin, min(ys), max(xs) - origin, max(ys)) if xs else None
            if got is not None and (got[0] == got[2] or got[1] == got[3]):
                got = None
            self._boxes[glyph] = got
        return got

    def _points(self, glyph: int) -> tuple[list[float], list[float], int] | None:
        """The x and y of every point of the glyph's outline (composites' parts placed),
        and where FreeType puts the glyph's origin: its header's xMin less hmtx's bearing
        (a composite takes that of its last part flagged "use my metrics"). None for a
        composite whose parts are placed by matching points."""
        start, end = self.loca[glyph], self.loca[glyph + 1]
        data, at = self.data, self.glyf + start
        if end <= start:
            return [], [], 0
        contours, header_x = struct.unpack_from(">hh", data, at)
        origin = header_x - self.bearing(glyph)
        if contours >= 0:
            return (*simple_points(data, at, contours), origin)
        xs, ys = [], []
        for flags, component, dx, dy, (a, b, c, d) in self._parts(glyph):
            points = self._points(component)
            if points is None or not flags & XY_VALUES:
                return None
            if flags & SCALED_OFFSET and not flags & UNSCALED_OFFSET:
                dx, dy = a * dx + c * dy, b * dx + d * dy
            part_xs, part_ys, part_origin = points
            xs += [a * x + c * y + dx for x, y in zip(part_xs, part_ys)]
            ys += [b * x + d * y + dy for x, y in zip(part_xs, part_ys)]
            if flags & MY_METRICS:
                origin = part_origin
        return xs, ys, origin

    def bearing(self, glyph: int) -> int:
        """The glyph's left side bearing in hmtx."""
        hmtx, metrics = self.spans["hmtx"][0], self.long_metrics
        at = hmtx + 4 * glyph + 2 if glyph < metrics else hmtx + 4 * metrics + 2 * (glyph - metrics)
        return struct.unpack_from(">h", self.data, at)[0]

    def _parts(self, glyph: int) -> list[tuple[int, int, int, int, tuple[float, float, float, float]]]:
        """A composite glyph's parts: (flags, glyph, x, y, 2 x 2 matrix) each; none for a
        simple glyph."""
        start, end = self.loca[glyph], self.loca[glyph + 1]
        data, at = self.data, self.glyf + start
        if end <= start or struct.unpack_from(">h", data, at)[0] >= 0:
            return []
        parts, at, flags = [], at + 10, MORE
        while flags & MORE:
            flags, component = struct.unpack_from(">HH", data, at)
            dx, dy = struct.unpack_from(">hh" if flags & WORDS else ">bb", data, at + 4)
            at += 8 if flags & WORDS else 6
            matrix = (1.0, 0.0, 0.0, 1.0)
            if flags & SCALE:
                k = struct.unpack_from(">h", data, at)[0] / 16384
                matrix, at = (k, 0.0, 0.0, k), at + 2
            elif flags & XY_SCALE:
                kx, ky = (v / 16384 for v in struct.unpack_from(">hh", data, at))
                matrix, at = (kx, 0.0, 0.0, ky), at + 4
            elif flags & TWO_BY_TWO:
                matrix, at = tuple(v / 16384 for v in struct.unpack_from(">4h", data, at)), at + 8
            parts.append((flags, component, dx, dy, matrix))
        return parts

    def program(self, shown) -> bytes:
        """A TrueType subset of the glyphs `shown` under their own ids (`pnp.draw.fontsubset`)."""
        return self.subset.program(shown)

    def components(self, glyph: int) -> list[int]:
        """The glyphs a composite glyph is made of (none for a simple one)."""
        got = self._components.get(glyph)
        if got is None:
            got = self._components[glyph] = [part[1] for part in self._parts(glyph)]
        return got

    @cached_property
    def subset(self) -> Subsetter:
        """What this face's subsets are made of, read when the first is made."""
        return Subsetter(self.data, self.spans, self.loca, self.long_metrics, self.components)

    def objects(self, used: dict[int, int], first: int) -> list[bytes]:
        """The Type0 font (numbered `first`), its CIDFontType2, font descriptor, embedded
        subset and ToUnicode map, for the glyphs `used` (glyph -> code point shown)."""
        glyphs = sorted(used)
        base = f"{subset_tag(self.name, glyphs)}+{self.name}".encode()
        scale = 1000 / self.units
        program = self.program(glyphs)
        # in 1/1000 em cut toward zero, as cairo wrote them: readers that box letters
        # by the ascent and descent (pdfminer) see the same boxes as in cairo's files
        x0, y0, x1, y1 = (int(v * scale) for v in self.bbox)
        flags = 4 | (64 if self.italic_angle else 0)  # symbolic (glyphs by id), italic
        return [
            b"<< /Type /Font\n   /Subtype /Type0\n   /BaseFont /%s\n   /Encoding /Identity-H\n"
            b"   /DescendantFonts [ %d 0 R ]\n   /ToUnicode %d 0 R\n>>\n" % (base, first + 1, first + 4),
            b"<< /Type /Font\n   /Subtype /CIDFontType2\n   /BaseFont /%s\n"
            b"   /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>\n"
            b"   /FontDescriptor %d 0 R\n   /CIDToGIDMap /Identity\n   /W [ %s ]\n>>\n"
            % (base, first + 2, widths(glyphs, self.advances, scale, self._widths)),
            b"<< /Type /FontDescriptor\n   /FontName /%s\n   /Flags %d\n   /FontBBox [ %d %d %d %d ]\n"
            b"   /ItalicAngle %g\n   /Ascent %d\n   /Descent %d\n   /CapHeight %d\n   /StemV %d\n"
            b"   /FontFile2 %d 0 R\n>>\n"
            % (base, flags, x0, y0, x1, y1, self.italic_angle, int(self.ascent * scale),
               int(self.descent * scale), int(self.cap_height * scale), STEM_V, first + 3),
            stream(program, b"   /Length1 %d\n" % len(program)),
            stream(to_unicode(used)),
        ]


class HexGlyphs(dict):
    """Code point -> the id of its glyph in a face as four hex digits (.notdef's for a
    character the face lacks), filled as `str.translate` asks for each character: a
    text's operand is one translate, not a Python step a character."""

    def __init__(self, glyph_of: dict[int, int]):
        super().__init__()
        self.glyph_of = glyph_of

    def __missing__(self, code: int) -> str:
        text = self[code] = "%04X" % self.glyph_of.get(code, 0)
        return text


class StandardFace:
    """A standard Helvetica face (no DejaVu installed): not embedded, WinAnsi-encoded
    (a character outside WinAnsi is shown as "?"), measured with reportlab's metrics."""

    slant = 0.0  # Helvetica-Oblique is oblique itself

    def __init__(self, name: str):
        self.name = name
        self._shown: dict[str, bytes] = {}

    def show(self, text: str) -> bytes:
        got = self._shown.get(text)
        if got is None:
            got = self._shown[text] = b"<" + self.glyphs(text).hex().upper().encode() + b">"
        return got

    def glyphs(self, text: str) -> bytes:
        """The text's codes, one byte a character (not remembered)."""
        return text.encode("cp1252", errors="replace")

    def ink(self, text: str) -> tuple[float, float]:
        """(0, advance width) in em: reportlab has Helvetica's advances, not its outlines."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        return 0.0, stringWidth(self.glyphs(text).decode("cp1252"), self.name, 1.0)

    def objects(self, used: dict[int, int], first: int) -> list[bytes]:
        return [b"<< /Type /Font\n   /Subtype /Type1\n   /BaseFont /%s\n   /Encoding /WinAnsiEncoding\n>>\n"
                % self.name.encode()]

