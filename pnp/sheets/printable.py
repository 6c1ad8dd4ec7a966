"""What every printed page keeps to (`templates/sheets/print.yaml`): the band along the
paper's edge that printers cannot print, and the footer line that sits just inside it."""

from __future__ import annotations

from functools import cache

from msgspec import Struct

from pnp.text import CAP_HEIGHT
from pnp.templates import settings_file

DESCENT = 0.24  # below the baseline, as a share of the font size (DejaVu Sans: 0.236)
LINE_ALLOWANCE = 0.25  # mm: half the width of the thickest mark or cut line, and a little air


class PrintArea(Struct, frozen=True):
    safe_margin: float = 5.0  # mm: no ink closer to the paper's edge
    footer_text: float = 3.0  # mm, the footer's font size

    def footer_centre(self, page_height: float) -> float:
        """Where a footer's capitals are centred so its lowest ink (descenders) sits
        half a millimetre inside the safe margin."""
        return page_height - self.safe_margin - 0.5 - DESCENT * self.footer_text - CAP_HEIGHT * self.footer_text / 2

    @property
    def footer_top(self) -> float:
        """How far the footer line reaches up from the paper's lower edge (accents and
        all)."""
        return self.safe_margin + 0.5 + (DESCENT + CAP_HEIGHT + 0.1) * self.footer_text

    def ink_box(self, width: float, height: float) -> tuple[float, float, float, float]:
        """Where a page of width x height mm may print anything but its footer: x0, y0,
        x1, y1, clear of the safe margin (and a thin line's half width) and of the
        footer line with air above it."""
        inner = self.safe_margin + LINE_ALLOWANCE
        return (inner, inner, width - inner, height - self.footer_top - 0.5)


@cache
def print_area() -> PrintArea:
    return settings_file("sheets/print.yaml", PrintArea, what="print settings")
