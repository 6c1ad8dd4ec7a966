"""The ink in force at a node (`pnp.draw.ink`) with what pnp's PDF writer sets for it
worked out once an ink rather than once a node: its colours' operators, and how each
label is shown under it. The documents a process draws start from one page ink
(`page_ink`), so the inks under it are made once for them all (a kit's documents share
their paints); what a label's showing names from a document's resources (its font) is
remembered with the document it is for."""

from __future__ import annotations

from pnp.draw.ink import Ink
from pnp.draw.pdfops import number


class PdfInk(Ink):
    """An ink as a PDF content stream sets it: `fill_op` and `stroke_op` are the operators
    setting its colours (None: that paint is not drawn); `shown` holds, by text, how the
    text is shown under it in the document it was last shown in, with that document's
    fonts (`pnp.draw.pdfcontent.Drawer.shown`)."""

    __slots__ = ("fill_op", "stroke_op", "shown")

    def __init__(self, style: dict):
        super().__init__(style)
        self.fill_op = None if self.fill_rgb is None else colour_operator(self.fill_rgb, "rg")
        self.stroke_op = None if self.stroke_rgb is None else colour_operator(self.stroke_rgb, "RG")
        self.shown: dict[str, tuple] = {}


PAGE_INK_DOCUMENTS = 64  # documents drawn from one page ink before the next starts a new one (memory)
_PAGE_INK: list = []  # [the page ink, the documents drawn from it]


def page_ink() -> PdfInk:
    """The ink a document's pages start from (nothing set), the same for the documents a
    process draws one after the other. Each ink keeps alive the paints it was asked
    about, so after PAGE_INK_DOCUMENTS documents the next starts a new one."""
    if not _PAGE_INK or _PAGE_INK[1] >= PAGE_INK_DOCUMENTS:
        _PAGE_INK[:] = [PdfInk({}), 0]
    _PAGE_INK[1] += 1
    return _PAGE_INK[0]


def colour_operator(rgb: tuple, operator: str) -> str:
    """The operator setting `rgb` as the fill ("rg") or stroke ("RG") colour. Remembered
    a process: a kit has a few dozen colours."""
    text = _OPERATORS.get((rgb, operator))
    if text is None:
        text = _OPERATORS[(rgb, operator)] = f"{number(rgb[0])} {number(rgb[1])} {number(rgb[2])} {operator}\n"
    return text


_OPERATORS: dict[tuple, str] = {}
