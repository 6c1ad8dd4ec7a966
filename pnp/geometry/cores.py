"""Cores of plane shapes: for each convex part of a `plane.Shape`, a disc that lies
inside it, or None. Two parts whose cores overlap meet, and `plane.intersects` says so
without testing their edges (a face layout's candidates are refused mostly by shapes
they lie well into: a circle on a city, a text on a track).

A shape's makers give its cores where they know them for nothing (a circle's centre and
inner radius, a text box's anchor and half height); a shape a face takes and keeps
(a track's casing, a stop's clearance) has them worked out from its corners once
(`find_cores`). A shape without cores (`cores` None) is tested edge by edge as before.
"""

from __future__ import annotations

import math

# A core is made smaller than the disc it stands for by this much of its radius and of
# its centre's size, so that rounding in making the shape's corners (some 1e-16 of the
# coordinates) cannot put a corner's edge inside it.
_SHRINK = 1e-9

# How deep two parts' cores must overlap for `intersects` to say the parts meet: there
# is then a point inside both parts by half of it (on the line between the centres), and
# some corner of each part lies at least that far inside every edge of the other (a point
# inside a convex part is a blend of its corners); a side test rounds by some 1e-12 for
# coordinates of a few thousand.
DEEP = 1e-7

# A grown shape's round corners are fans whose chords cut inside the true circle by at
# most 1 - cos(half a step): the steps are at most 1.5 of GEOS's 5.6 degrees
# (`plane.fan` rounds the count of steps), so the chords lie beyond 0.997 of the margin.
GROWN_REACH = 0.99


def core(x: float, y: float, r: float) -> tuple[float, float, float] | None:
    """The core of a disc of centre (x, y) and radius `r` known to lie inside a part,
    made a little smaller (`_SHRINK`); None when nothing is left of it."""
    r = r * (1.0 - _SHRINK) - _SHRINK * (abs(x) + abs(y) + 1.0)
    return (x, y, r) if r > 0 else None


def find_cores(shape):
    """`shape` with its cores worked out from its corners where no maker gave them: for
    each part, the disc about the centre of its bounds within the nearest edge line
    (None where that centre is not inside, a fan's slice). Kept on the shape, which
    is returned."""
    if shape.cores is None:
        shape.cores = tuple([_part_core(part, box) for part, box in zip(shape.parts, shape.boxes)])
    return shape


def _part_core(part, box):
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    least = math.inf
    px, py = part[-1]
    for x, y in part:
        ex, ey = x - px, y - py
        length = math.hypot(ex, ey)
        if length > 0:
            least = min(least, (ex * (cy - py) - ey * (cx - px)) / length)
        px, py = x, y
    return core(cx, cy, least) if least < math.inf else None


def with_cores(shape, *cores):
    """`shape` (just made) with the cores its maker knows, one a part (`intersects`
    pairs them with the parts: one missing would leave a part untested)."""
    if len(cores) != len(shape.parts):
        raise ValueError(f"{len(cores)} cores for {len(shape.parts)} parts")
    shape.cores = cores
    return shape
