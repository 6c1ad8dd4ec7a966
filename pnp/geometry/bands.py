"""Bands: a polyline grown on both sides (GEOS's buffer with round joins), the ground a
run of track or a partition line covers on a face. A band is a `plane.Shape` of a box
along each segment, a fan at each bend's outer side and, with round caps, a half circle
at each end.

Its maker knows which way each part turns and a least area for it, so a part whose turn
no rounding could change (`plane._settles`) is not judged again by its corners; and it
knows each box's core (`pnp.geometry.cores`). The shape is the one `Shape(parts)` makes
of the same corners, part for part; only a sliver (a segment of no length, a bend of
next to no turn) is judged as `Shape` judges it.
"""

from __future__ import annotations

import math
from functools import lru_cache

from pnp.geometry.cores import core, with_cores
from pnp.geometry.plane import (_FILLET_STEP, QUADRANT_SEGMENTS, Point, Shape, _oriented, _outward, _settles, fan, fan_turn,
                                few_bounds)

# A slice of a circle of radius r turning by t (at most a step of a quarter circle / 16
# from one corner to the next, 1.5 steps where the count of steps rounds down) has a
# twice area r^2 times the sum of its steps' sines, over 0.99 r^2 |t|; a half circle
# of 32 steps 32 r^2 sin(pi / 32) = 3.14 r^2.
_SLICE = 0.99
_HALF_CIRCLE = 3.1


def band(points, half: float, round_caps: bool) -> Shape:
    """A polyline grown by `half` on both sides (GEOS buffer with round joins): a box
    along each segment, a fan at each bend's outer side, and at the two ends a half
    circle (round caps) or nothing (flat caps). The boxes and fans are made once for
    both kinds of ends (`_sides`): a face takes a run of track with flat ends, and with
    round ends where a town on the run of track beside it must keep clear."""
    pts = tuple(points)
    parts, cores = _sides(pts, half)
    if round_caps:
        caps = [_judged(tuple(fan_half(end, math.atan2(end[1] - other[1], end[0] - other[0]), half)), False,
                        _HALF_CIRCLE * half * half) for end, other in ((pts[0], pts[1]), (pts[-1], pts[-2]))]  # clockwise
        parts, cores = parts + tuple(caps), cores + (None, None)
    shape = Shape.__new__(Shape)
    shape._fill(parts, (), ("band", pts, half, round_caps))
    return with_cores(shape, *cores)


@lru_cache(maxsize=1024)
def _sides(pts: tuple[Point, ...], half: float) -> tuple[tuple, tuple]:
    """A band's parts but its caps, each as (part, bounds, settled) as `plane._oriented`
    judges it, and their cores: the boxes along the segments, then the bends' fans."""
    parts: list[tuple] = []
    cores: list = []
    normals = [_outward(p, q) for p, q in zip(pts, pts[1:])]  # each segment's, shared with the bends at its ends
    cos, sin = math.cos, math.sin
    for p, q, a in zip(pts, pts[1:], normals):
        dx, dy = half * cos(a), half * sin(a)
        ring = ((p[0] + dx, p[1] + dy), (q[0] + dx, q[1] + dy), (q[0] - dx, q[1] - dy), (p[0] - dx, p[1] - dy))
        length = math.hypot(q[0] - p[0], q[1] - p[1])  # anticlockwise, a twice area of 4 half length
        parts.append(_judged(ring, True, 3.9 * half * length, few_bounds))
        cores.append(core((p[0] + q[0]) / 2, (p[1] + q[1]) / 2, min(half, length / 2)))
    for p, here, q, a_in, a_out in zip(pts, pts[1:], pts[2:], normals, normals[1:]):
        turn = (p[0] - here[0]) * (q[1] - here[1]) - (p[1] - here[1]) * (q[0] - here[0])
        if turn > 0:  # turning right (y up): the outer side is the left one
            a_in, a_out = a_in + math.pi, a_out + math.pi
        elif turn == 0:
            continue
        total = fan_turn(a_in, a_out)
        parts.append(_judged(_bend(here, a_in, a_out, total, half), total >= 0, _SLICE * half * half * abs(total),
                                  few_bounds))
        cores.append(None)
    return tuple(parts), tuple(cores)


def _bend(here: Point, start: float, end: float, total: float, half: float) -> tuple:
    """The fan at a bend, then its centre: the corners `plane.fan(here, start, end, half)`
    makes (`total`: `fan_turn(start, end)`), to the last bit. A turn under one and a
    half steps has two, made here without `fan`'s cache of offsets: the most of a
    track's bends (a curve is sampled every 4 units, each bend turns a degree or two),
    and a band is made once for a run of track, its bends' turns seldom recurring."""
    if abs(total) / _FILLET_STEP + 0.5 < 2.0:  # `_fan_offsets` makes no step between
        x, y = here
        cos, sin = math.cos, math.sin
        last = start + total
        return ((x + half * cos(start), y + half * sin(start)), (x + half * cos(last), y + half * sin(last)), here)
    return tuple(fan(here, start, end, half)) + (here,)


def _judged(ring: tuple, anticlockwise: bool, least_twice_area: float, bounds=None) -> tuple:
    """(part, bounds, settled) as `plane._oriented` judges a ring that turns the way
    given with at least that twice area, without its shoelace sum where no rounding
    could change the judgement: its sum has the sign of the turn, and reversed, clears
    `_settles` (hence half the area, where the sum may have rounded down). `bounds`:
    how the ring's bounds are found, `plane.few_bounds` for a ring of a few corners (a
    band's box or bend: a band has a box every 4 units of track and a bend between two)."""
    if bounds is None:
        xs, ys = zip(*ring)
        box = (min(xs), min(ys), max(xs), max(ys))
    else:
        box = bounds(ring)
    if not _settles(least_twice_area / 2, len(ring), box):
        return _oriented(ring)
    return (ring, box, True) if anticlockwise else (ring[::-1], box, True)


def fan_half(centre: Point, heading: float, radius: float) -> list[Point]:
    """A round cap: the half circle about `centre` facing `heading`, in GEOS's steps."""
    n = 2 * QUADRANT_SEGMENTS
    start = heading + math.pi / 2
    x, y = centre
    return [(x + radius * math.cos(start - i * math.pi / n), y + radius * math.sin(start - i * math.pi / n))
            for i in range(n + 1)]
