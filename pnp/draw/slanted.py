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
        """(x_bearing, width) of the slanted text's ink in em, as cairo_text_extents gives
        them for the slanted face: the union of its glyphs' reach (`reach`), each glyph
        placed at the advances before it."""
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
        """(left, right) of the slanted glyph's ink in font units, as cairo measures it: the
        outline's box slanted, its corners' reach (the lower left and upper right corners
        for a slant to the right); None for a glyph without ink."""
        got = self._reach.get(glyph, False)
        if got is False:
            box = self.upright.box(glyph)
            slant = self.slant
            got = self._reach[glyph] = None if box is None else (
                min(box[0] + slant * box[1], box[0] + slant * box[3]), max(box[2] + slant * box[1], box[2] + slant * box[3]))
        return got
