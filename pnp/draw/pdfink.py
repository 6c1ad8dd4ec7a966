"""The ink in force at a node (`pnp.draw.ink`) with what pnp's PDF writer sets for it
worked out once an ink rather than once a node: its colours' operators, and how each
label is shown under it. A document's inks are its own (each document starts from its
own page ink), so what a label's showing names from the document's resources (its font)
can be remembered on the ink."""

from __future__ import annotations

from pnp.draw.ink import Ink
from pnp.draw.pdfops import number


class PdfInk(Ink):
    """An ink as a PDF content stream sets it: `fill_op` and `stroke_op` are the operators
    setting its colours (None: that paint is not drawn); `shown` holds, by text, how the
    text is shown under it in this document (`pnp.draw.pdfcontent.Drawer.shown`)."""

    __slots__ = ("fill_op", "stroke_op", "shown")

    def __init__(self, style: dict):
        super().__init__(style)
        self.fill_op = None if self.fill_rgb is None else colour_operator(self.fill_rgb, "rg")
        self.stroke_op = None if self.stroke_rgb is None else colour_operator(self.stroke_rgb, "RG")
        self.shown: dict[str, tuple[str, str, str, float]] = {}


def colour_operator(rgb: tuple, operator: str) -> str:
    """The operator setting `rgb` as the fill ("rg") or stroke ("RG") colour. Remembered
    a process: a kit has a few dozen colours, and its inks are made again each document."""
    text = _OPERATORS.get((rgb, operator))
    if text is None:
        text = _OPERATORS[(rgb, operator)] = f"{number(rgb[0])} {number(rgb[1])} {number(rgb[2])} {operator}\n"
    return text


_OPERATORS: dict[tuple, str] = {}
