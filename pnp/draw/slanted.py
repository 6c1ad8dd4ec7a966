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
        self._boxes: dict[int, tuple | None] = {}

    def show(self, text: str) -> bytes:
        return self.upright.show(text)

    def ink(self, text: str) -> tuple[float, float]:
        """(x_bearing, width) of the slanted text's ink in em, as cairo_text_extents gives
        them for the slanted face: the upright face's spread of the slanted glyphs' boxes."""
        got = self._inks.get(text)
        if got is None:
            got = self._inks[text] = self.upright.spread(text, self.box)
        return got

    def box(self, glyph: int) -> tuple[float, float, float, float] | None:
        """The upright glyph's box (`TrueTypeFace.box`, font units) with its left and right
        as cairo measures the slanted glyph: the box's corners slanted (the lower left and
        upper right for a slant to the right); None for a glyph without ink."""
        got = self._boxes.get(glyph, False)
        if got is False:
            box = self.upright.box(glyph)
            slant = self.slant
            got = self._boxes[glyph] = None if box is None else (
                min(box[0] + slant * box[1], box[0] + slant * box[3]), box[1],
                max(box[2] + slant * box[1], box[2] + slant * box[3]), box[3])
        return got
