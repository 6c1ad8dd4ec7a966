"""An oblique face that is not installed (Debian's fonts-dejavu-core has no DejaVu Sans
Oblique files: they are in fonts-dejavu-extra), drawn as its upright face slanted, so
that italic text stays italic. The slant is the shear fontconfig's 90-synthetic.conf asks
for (x + 0.2 y in the glyph's own space, y up), which Pango and browsers apply; cairo's
toy font API ignores it, so pnp's PNG writer slants the face itself, as the PDF writer
does (`pnp.draw.pdffonts`)."""

from __future__ import annotations

SLANT = 0.2


class SlantedFace:
    """`upright` (a `pnp.draw.pdffonts.TrueTypeFace`) drawn with the x of every outline
    point moved by `slant` times its y: the same glyphs, program and advances (a document
    embeds the upright face once), the ink reaching further right above the baseline."""

    def __init__(self, upright, slant: float = SLANT):
        self.upright, self.slant = upright, slant
        self._inks: dict[str, tuple[float, float]] = {}
        self._reach: dict[int, tuple[float, float] | None] = {}

    def show(self, text: str) -> tuple[tuple[int, ...], bytes]:
        return self.upright.show(text)

    def ink(self, text: str) -> tuple[float, float]:
        """(x_bearing, width) of the slanted text's ink in em (the union of its slanted
        glyphs' outline points, each glyph placed at the advances before it)."""
        got = self._inks.get(text)
        if got is None:
            face = self.upright
            pen, low, high = 0.0, float("inf"), float("-inf")
            for glyph in face.show(text)[0]:
                reach = self.reach(glyph)
                if reach is not None:
                    low, high = min(low, pen + reach[0]), max(high, pen + reach[1])
                pen += face.advances[glyph]
            got = self._inks[text] = (0.0, 0.0) if high < low else (low / face.units, (high - low) / face.units)
        return got

    def reach(self, glyph: int) -> tuple[float, float] | None:
        """(left, right) of the slanted glyph's outline in font units; None without ink."""
        got = self._reach.get(glyph, False)
        if got is False:
            face, slant = self.upright, self.slant
            box = face.box(glyph)
            points = None if box is None else face._points(glyph)
            if box is None:
                got = None
            elif points is None:  # components placed by matching points: the box's corners
                x0, y0, x1, y1 = box
                got = (min(x0 + slant * y0, x0 + slant * y1), max(x1 + slant * y0, x1 + slant * y1))
            else:
                xs, ys, origin = points
                slanted = [x + slant * y for x, y in zip(xs, ys)]
                got = (min(slanted) - origin, max(slanted) - origin)
            self._reach[glyph] = got
        return got
