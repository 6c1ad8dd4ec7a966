"""Track of each gauge as 18xx players know it: standard gauge a thick black rail;
narrow gauge a thin rail with cross ties; dual gauge the standard rail with the
narrow gauge's ties across it and a light stripe down its middle, so both read. A
thin line is a route that is not track (a ferry); future track is dashed.

Every casing is drawn before any rail (`casing(...)` then `rails(...)`)."""

from __future__ import annotations

from pnp.geometry.placed import CASING_WIDTH, DUAL_STRIPE, NARROW_WIDTH, TIE_GAP, TIE_LENGTH, TIE_WIDTH, TRACK_WIDTH
from pnp.draw import shapes
from pnp.geometry.track import Segment
from pnp.render import svg
from pnp.render.style import Style

GAUGES = ("standard", "narrow", "dual", "thin", "future")
TIE_CASING = TIE_LENGTH + CASING_WIDTH - TRACK_WIDTH  # the white edge round the ties
FUTURE_DASH = 14.0  # track still to be built: dashed


def path_of(segments: list[Segment]) -> tuple:
    """Track segments as the path commands `casing` and `rails` stroke: worked out once
    for both, the casing and the rails over it are one tuple of commands (which the
    PDF writer then also writes out once)."""
    return shapes.track(segments)


def casing(d: tuple, gauge: str, style: Style, *, butt: bool = False, lanes: int = 1, width: float | None = None):
    """The light casing under track of one gauge (`d`: its segments' `path_of`); wider
    under tied track and lanes, narrower under thinner track."""
    share = width or 1.0
    width = TIE_CASING * share if gauge in ("narrow", "dual") else CASING_WIDTH - TRACK_WIDTH * (1 - share)
    width += (lanes - 1) * (TRACK_WIDTH + LANE_GAP)
    caps = {"stroke_linecap": "butt"} if butt else {}
    return svg.path(d, fill="none", stroke=style.color("track_casing"), stroke_width=width, **caps)


LANE_GAP = 5.0  # between parallel lanes


def rails(d: tuple, gauge: str, style: Style, *, butt: bool = False, color: str | None = None,
          tie_color: str | None = None, lanes: int = 1, width: float | None = None) -> list:
    """The rail of one gauge over track `d` (its segments' `path_of`), as one to three
    paths; in the data's own colours when it gives them (a rail colour, another for the
    ties); several parallel lanes as rails and gaps stroked one over another."""
    caps = {"stroke_linecap": "butt"} if butt else {}
    colour = style.colors.get(color, color) if color else style.color("track")
    ties = style.colors.get(tie_color, tie_color) if tie_color else colour
    k = width or 1.0
    if lanes > 1 and gauge == "standard":
        from pnp.render.face_drawn import lane_widths

        return [svg.path(d, fill="none", stroke=colour if rail else style.color("track_casing"), stroke_width=w,
                         **caps) for w, rail in lane_widths(lanes, LANE_GAP)]
    out = []
    if gauge in ("standard", "dual"):
        out.append(svg.path(d, fill="none", stroke=colour, stroke_width=TRACK_WIDTH * k, **caps))
    if gauge in ("narrow", "dual"):
        # ties: a wide stroke dashed into short strokes across the track
        out.append(svg.path(d, fill="none", stroke=ties, stroke_width=TIE_LENGTH * k, stroke_linecap="butt",
                            stroke_dasharray=(TIE_WIDTH, TIE_GAP)))
    if gauge == "narrow":
        out.append(svg.path(d, fill="none", stroke=colour, stroke_width=NARROW_WIDTH * k, **caps))
    if gauge == "dual":
        out.append(svg.path(d, fill="none", stroke=style.color("track_casing"), stroke_width=DUAL_STRIPE * k, **caps))
    if gauge == "thin":
        out.append(svg.path(d, fill="none", stroke=colour, stroke_width=NARROW_WIDTH * k, **caps))
    if gauge == "future":
        out.append(svg.path(d, fill="none", stroke=colour, stroke_width=TRACK_WIDTH * k, stroke_linecap="butt",
                            stroke_dasharray=(FUTURE_DASH, FUTURE_DASH * 0.7)))
    return out


__all__ = ["casing", "rails", "path_of", "GAUGES"]
