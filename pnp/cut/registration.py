"""Print-and-cut registration: the marks a cutting machine's sensor reads to find the
printed page, and the area inside which pieces must lie so the machine can cut them.
Sizes come from templates/sheets/cut.yaml, which says why each is what it is."""

from __future__ import annotations

from functools import cache

from msgspec import Struct

from pnp.errors import PnpError
from pnp.sheets.pack import Frame
from pnp.templates import settings_file

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in page mm
Mark = tuple[float, float, float, float]  # a filled rectangle: x, y, width, height in page mm


class CutSettings(Struct, frozen=True):
    contour_line: float = 0.25 * 25.4 / 72
    silhouette_inset: float = 10.0
    silhouette_square: float = 5.0
    silhouette_line: float = 0.5
    silhouette_leg: float = 20.0
    silhouette_clear: float = 2.0
    cricut_width: float = 6.75 * 25.4
    cricut_height: float = 9.25 * 25.4
    cricut_frame_gap: float = 2.0
    cricut_frame_line: float = 1.0


@cache
def cut_settings() -> CutSettings:
    return settings_file("sheets/cut.yaml", CutSettings, what="cut settings")


class Registration(Struct, frozen=True):
    machine: str  # silhouette | cricut
    settings: CutSettings

    def area(self, width: float, height: float) -> Box:
        """Where a page's pieces may lie: inside the marks, clear of them."""
        s = self.settings
        if self.machine == "silhouette":
            m = s.silhouette_inset + max(s.silhouette_square, s.silhouette_line) + s.silhouette_clear
            box = (m, m, width - m, height - m)
        else:
            w, h = min(s.cricut_width, width), min(s.cricut_height, height)
            box = ((width - w) / 2, (height - h) / 2, (width + w) / 2, (height + h) / 2)
        if box[2] - box[0] <= 0 or box[3] - box[1] <= 0:
            raise PnpError(f"--registration {self.machine}: the paper ({width:.0f} x {height:.0f} mm) leaves no room "
                           f"inside the marks")
        return box

    def marks(self, width: float, height: float) -> list[Mark]:
        """The marks as filled rectangles, where the machine's software expects them."""
        s = self.settings
        if self.machine == "silhouette":
            i, q, t, leg = s.silhouette_inset, s.silhouette_square, s.silhouette_line, s.silhouette_leg
            return [(i, i, q, q),  # the square, top left
                    (width - i - leg, i, leg, t), (width - i - t, i, t, leg),  # the L at top right
                    (i, height - i - leg, t, leg), (i, height - i - t, leg, t)]  # the L at bottom left
        x0, y0, x1, y1 = self.area(width, height)
        g, t = s.cricut_frame_gap, s.cricut_frame_line
        left, top, right, bottom = x0 - g - t, y0 - g - t, x1 + g, y1 + g
        outer_w, outer_h = right + t - left, bottom + t - top
        return [(left, top, outer_w, t), (left, bottom, outer_w, t), (left, top, t, outer_h), (right, top, t, outer_h)]


def registration(machine: str | None) -> Registration | None:
    return Registration(machine, cut_settings()) if machine else None


def within(frame: Frame, area: Box | None) -> Frame:
    """The part of `frame` inside `area` (None: all of it)."""
    if area is None:
        return frame
    left, top = max(frame.left, area[0]), max(frame.top, area[1])
    right = min(frame.left + frame.width, area[2])
    bottom = min(frame.top + frame.height, area[3])
    return Frame(frame.page_width, frame.page_height, left, top, right - left, bottom - top)


def area_for(machine: str | None, width: float, height: float) -> Box | None:
    """The area a page of width x height mm may use for `machine` (None: all of it)."""
    chosen = registration(machine)
    return chosen.area(width, height) if chosen else None
