"""Plane geometry of plain tuples for laying out a face, without GEOS (shapely and numpy
cost ~0.2 s to import, and GEOS's wrappers more than the sums themselves for shapes of
a few dozen corners).

A `Shape` is a union of convex polygons ("parts", each a tuple of corners turning
anticlockwise in y-up terms, not closed) with its bounds. Everything a face layout
makes is one: a box, a 32-gon circle, a convex polygon grown by a margin, a band along
a polyline, or several of these together. Two shapes meet when two of their parts do
(touching counts, as for GEOS's `intersects`); a convex area holds a shape when it holds
every corner of it.

Grown shapes and bands are GEOS's buffers made the way GEOS makes them (its offset
curve with shapely's 16 segments a quarter circle: a round join or cap is a fan of
corners on the circle, the turn split into equal steps of about 5.6 degrees), so that what meets
what is decided as with the buffered shapes GEOS drew before: a corner of a GEOS round
cap lies inside the true circle, and a candidate just clear of it must stay clear.
"""

from __future__ import annotations

import math
from functools import lru_cache
from operator import mul, sub

from pnp.geometry.cores import DEEP, GROWN_REACH, core

Point = tuple[float, float]
Ring = tuple[Point, ...]
Bounds = tuple[float, float, float, float]

QUADRANT_SEGMENTS = 16  # shapely's default for a buffer's round joins and caps
_FILLET_STEP = math.pi / 2.0 / QUADRANT_SEGMENTS


class Shape:
    """Convex parts and their bounds; `coords` is the one part's ring as shapely gives a
    polygon's exterior (closed, in the corners' own order), for drawing an outline, or
    () when the shape has no single outline (unions, bands, grown shapes).
    `recipe` says how GEOS made the same shape (`as_geos.geos`, for tests that compare
    the two); None: `Polygon(coords)`. `settled`: every part is one `_oriented` keeps as
    it is (so a union of settled shapes takes their parts and boxes as they are).
    `cores`: a disc inside each part (or None) where known (`pnp.geometry.cores`)."""

    __slots__ = ("parts", "boxes", "bounds", "coords", "recipe", "settled", "cores")

    def __init__(self, parts: tuple[Ring, ...], coords: tuple[Point, ...] = (), recipe: tuple | None = None):
        self._fill([_oriented(p) for p in parts], coords, recipe)

    def _fill(self, oriented: list[tuple[Ring, Bounds, bool]], coords: tuple[Point, ...], recipe: tuple | None):
        """The fields of the shape of parts as `_oriented` judges them ((part, bounds,
        settled) each), for a maker that knows some of the judgements (`bands.band`)."""
        self.parts = tuple([p for p, _, _ in oriented])
        self.boxes = tuple([b for _, b, _ in oriented])
        self.bounds = self.boxes[0] if len(self.boxes) == 1 else _union_bounds(self.boxes)
        self.coords = coords
        self.recipe = recipe
        self.settled = all([s for _, _, s in oriented])
        self.cores = None

    def __repr__(self) -> str:
        return f"Shape({len(self.parts)} parts, bounds={self.bounds})"


def settled_shape(parts: tuple[Ring, ...], boxes: tuple[Bounds, ...], coords: tuple[Point, ...] = (),
                  recipe: tuple | None = None) -> Shape:
    """The Shape of parts already turning anticlockwise as `_oriented` judges them, with
    their bounds, made without judging them again: for makers that know (`turned_polygon`,
    `circle`, `grown_shape`, `union`). The same object `Shape(parts, ...)` makes."""
    shape = Shape.__new__(Shape)
    shape.parts, shape.boxes, shape.coords, shape.recipe, shape.settled = parts, boxes, coords, recipe, True
    shape.cores = None
    shape.bounds = boxes[0] if len(boxes) == 1 else _union_bounds(boxes)
    return shape


# The shoelace sum of a ring of n corners within m of the origin rounds by at most some
# 2 n (n + 2) eps m^2 (eps = 2.2e-16, Python's float sum adding term by term): a ring whose
# twice area is known to exceed `_ROUNDING * n^2 * m^2`, a margin of over 10, turns the
# way it is known to turn in that sum too, and so does the ring reversed.
_ROUNDING = 1e-13


def _settles(twice_area: float, n: int, box: Bounds) -> bool:
    """Whether a ring of `n` corners within `box` whose true twice area is at least
    `twice_area` has a shoelace sum of that sign however it rounds, and so does its
    reverse (see `_ROUNDING`)."""
    m = max(-box[0], -box[1], box[2], box[3]) + 1.0
    return twice_area > _ROUNDING * n * n * m * m


def polygon(points) -> Shape:
    """One convex polygon (the points as given, an open or closed ring)."""
    pts = tuple(points)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts = pts[:-1]
    return Shape((pts,), pts + pts[:1])


def turned_polygon(points, clockwise: bool, least_twice_area: float) -> Shape:
    """`polygon(points)` for a convex ring whose turn the maker knows (`clockwise`, y up)
    and whose twice area is at least `least_twice_area` (a text box, a circle): the same
    shape, without the shoelace sum that would say which way it turns, when that sum
    cannot come out the other way (`_settles`)."""
    pts = tuple(points)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts = pts[:-1]
    box = few_bounds(pts)
    if not _settles(least_twice_area, len(pts), box):
        return Shape((pts,), pts + pts[:1])
    return settled_shape((pts[::-1] if clockwise else pts,), (box,), pts + pts[:1])


def few_bounds(ring) -> Bounds:
    """The bounds of a ring of a few corners (a text box, a band's box), found by
    comparisons as `min` and `max` find them, the first of equals: for so few corners
    cheaper than splitting them and calling each (layouts make thousands)."""
    (lo_x, lo_y) = (hi_x, hi_y) = ring[0]
    for x, y in ring[1:]:
        lo_x = x if x < lo_x else lo_x
        hi_x = x if x > hi_x else hi_x
        lo_y = y if y < lo_y else lo_y
        hi_y = y if y > hi_y else hi_y
    return (lo_x, lo_y, hi_x, hi_y)


def union(*shapes: Shape) -> Shape:
    """All the shapes' parts as one shape. Settled shapes' parts (the most) are taken
    with their boxes as they are: judging their turn again would keep each as it is.
    Their parts' cores too, where every shape has them."""
    if shapes and all([s.settled for s in shapes]):
        made = settled_shape(tuple([p for s in shapes for p in s.parts]), tuple([b for s in shapes for b in s.boxes]),
                             recipe=("union", shapes))
    else:
        made = Shape(tuple(p for s in shapes for p in s.parts), recipe=("union", shapes))
    if shapes and all([s.cores is not None for s in shapes]):
        made.cores = tuple([c for s in shapes for c in s.cores])
    return made


def moved(shape: Shape, dx: float, dy: float) -> Shape:
    """`shape` moved by (dx, dy), by shapely.affinity.translate's own arithmetic."""
    recipe = None if shape.recipe is None else ("translate", shape, dx, dy)
    made = Shape(tuple(tuple(translated(p, dx, dy)) for p in shape.parts),
                 tuple(translated(shape.coords, dx, dy)) if shape.coords else (), recipe)
    if shape.cores is not None:
        made.cores = tuple([c and core(c[0] + dx, c[1] + dy, c[2]) for c in shape.cores])
    return made


def rotated(points, angle: float, origin) -> list[Point]:
    """`points` turned by `angle` degrees about `origin`, by shapely.affinity.rotate's
    own arithmetic step for step (so the same coordinates to the last bit), without
    the cost of its numpy arrays for a handful of points."""
    a = angle * math.pi / 180.0
    c, s = math.cos(a), math.sin(a)
    c = 0.0 if abs(c) < 2.5e-16 else c
    s = 0.0 if abs(s) < 2.5e-16 else s
    x0, y0 = origin
    xoff, yoff = x0 - x0 * c + y0 * s, y0 - x0 * s - y0 * c
    return [(c * x + -s * y + xoff, s * x + c * y + yoff) for x, y in points]


def translated(points, dx: float, dy: float) -> list[Point]:
    """`points` moved by (dx, dy), by shapely.affinity.translate's own arithmetic
    (1.0*x + 0.0*y + dx), so the same coordinates to the last bit."""
    return [(1.0 * x + 0.0 * y + dx, 0.0 * x + 1.0 * y + dy) for x, y in points]


# --- what meets what -------------------------------------------------------------------


def intersects(a: Shape, b: Shape) -> bool:
    """Whether the shapes share a point (touching counts). Boxes are compared inline
    (`_boxes_meet`): a face layout asks this some 5,000 times, most of them answered
    by the boxes alone. Two parts whose cores overlap by `cores.DEEP` meet: the side
    tests of `_separated` would find so however they round (`pnp.geometry.cores`);
    the others are tested edge by edge."""
    bx0, by0, bx1, by1 = b.bounds
    ax0, ay0, ax1, ay1 = a.bounds
    if not (ax0 <= bx1 and bx0 <= ax1 and ay0 <= by1 and by0 <= ay1):
        return False
    a_cores, b_cores = a.cores, b.cores
    if len(a.parts) == 1 and len(b.parts) == 1:  # most candidates against most things taken
        if a_cores is not None and b_cores is not None and _cores_meet(a_cores[0], b_cores[0]):
            return True
        pa, pb = a.parts[0], b.parts[0]
        return not _separated(pa, pb) and not _separated(pb, pa)
    if a_cores is None or b_cores is None:
        a_cores = b_cores = (None,) * max(len(a.parts), len(b.parts))
    for pa, ca, (px0, py0, px1, py1) in zip(a.parts, a_cores, a.boxes):
        if not (px0 <= bx1 and bx0 <= px1 and py0 <= by1 and by0 <= py1):
            continue
        for pb, cb, (qx0, qy0, qx1, qy1) in zip(b.parts, b_cores, b.boxes):
            if (px0 <= qx1 and qx0 <= px1 and py0 <= qy1 and qy0 <= py1
                    and (_cores_meet(ca, cb) or not _separated(pa, pb) and not _separated(pb, pa))):
                return True
    return False


def _cores_meet(ca, cb) -> bool:
    """Whether two parts' cores (None: not known) overlap by `cores.DEEP`."""
    if ca is None or cb is None:
        return False
    reach = ca[2] + cb[2] - DEEP
    return reach > 0 and (ca[0] - cb[0]) ** 2 + (ca[1] - cb[1]) ** 2 < reach * reach


def holds(area: Ring, shape: Shape) -> bool:
    """Whether the convex `area` (anticlockwise) holds every corner of `shape`. Most
    shapes asked about lie well inside: an edge of the area that has the corners of
    their bounds inside it by a margin (`_WELL_INSIDE`) has every point of the bounds
    inside, and so every corner of the shape however its side test rounds. The side of
    an edge a point is on changes linearly across the bounds, so the least is at the
    corner the edge's direction picks (`_area_edges`). Only the other edges, a spot
    near the rim has one or two, are tested corner by corner: the answer is the one
    testing every corner against every edge gives."""
    minx, miny, maxx, maxy = shape.bounds
    size = max(maxx, maxy, -minx, -miny)  # the largest |coordinate| of the box
    corner = ((minx, miny), (maxx, miny), (minx, maxy), (maxx, maxy))
    for x0, y0, ex, ey, k, reach, worst in _area_edges(area):
        x, y = corner[worst]
        if ex * (y - y0) - ey * (x - x0) >= k * (size + reach):
            continue
        for part in shape.parts:
            for x, y in part:
                if ex * (y - y0) - ey * (x - x0) < 0:
                    return False
    return True


# How far inside an edge the corners of a shape's bounds must lie, relative to the sizes
# in the side test, for every point of the bounds to pass that test in floating point:
# each side test rounds by some 1e-16 of those sizes, so 1e-12 leaves room to spare.
_WELL_INSIDE = 1e-12


@lru_cache(maxsize=1024)
def _area_edges(area: Ring) -> tuple[tuple[float, float, float, float, float, float, int], ...]:
    """Each edge of a convex area as (x0, y0, ex, ey, k, reach, worst): its start and
    direction; the margin's factor `_WELL_INSIDE * (|ex| + |ey|)` and the start's
    |x0| + |y0| + 1, so that the margin for a box of largest |coordinate| s is
    k * (s + reach); and the box corner (by index: min/max x + 2 * min/max y) where the
    side test `ex * (y - y0) - ey * (x - x0)` is least, low y where ex > 0 and high x
    where ey > 0. An area is asked about for every candidate spot of every face, and a
    shape taken on a face as a window each candidate is clipped to (`plane_area.clip`)."""
    out = []
    x0, y0 = area[-1]
    for x1, y1 in area:
        ex, ey = x1 - x0, y1 - y0
        worst = (1 if ey > 0 else 0) + (0 if ex > 0 else 2)
        out.append((x0, y0, ex, ey, _WELL_INSIDE * (abs(ex) + abs(ey)), abs(x0) + abs(y0) + 1.0, worst))
        x0, y0 = x1, y1
    return tuple(out)


def _separated(a: Ring, b: Ring) -> bool:
    """Whether some edge of convex `a` has all of `b` strictly outside it (in 2D two
    convex polygons that do not meet are parted by the line of an edge of one). Each
    edge first tries the corner of `b` found inside the edge before (neighbouring edges
    mostly share one), then every corner in turn: the same tests, fewer of them."""
    x0, y0 = a[-1]
    wx, wy = b[0]
    for x1, y1 in a:
        ex, ey = x1 - x0, y1 - y0
        if ex * (wy - y0) - ey * (wx - x0) < 0:
            for x, y in b:
                if ex * (y - y0) - ey * (x - x0) >= 0:
                    wx, wy = x, y
                    break
            else:
                return True
        x0, y0 = x1, y1
    return False


def _boxes_meet(a: Bounds, b: Bounds) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _bounds(ring: Ring) -> Bounds:
    xs, ys = zip(*ring)
    return (min(xs), min(ys), max(xs), max(ys))


def _union_bounds(boxes) -> Bounds:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def signed_area(ring) -> float:
    """The area of a ring, positive when it turns anticlockwise (y up)."""
    xs, ys = zip(*ring)
    return _twice_area(xs, ys) / 2.0


def _twice_area(xs: tuple[float, ...], ys: tuple[float, ...]) -> float:
    """The shoelace sum of x[i] * y[i+1] - x[i+1] * y[i], term by term in ring order:
    the sum `sum(x0 * y1 - x1 * y0 for ...)` over the corners makes, to the last bit (the
    same products, differences and additions, done by `map` rather than a Python loop:
    a face layout makes some 1,500 shapes, each asking which way its parts turn)."""
    return sum(map(sub, map(mul, xs, ys[1:] + ys[:1]), map(mul, xs[1:] + xs[:1], ys)))


def _oriented(ring: Ring) -> tuple[Ring, Bounds, bool]:
    """The ring turning anticlockwise (reversed if its signed area is negative), its
    bounds, and whether it is settled (judged again, it stays as it is: kept as given,
    or reversed with an area well clear of rounding): all from one split of the corners
    into xs and ys."""
    xs, ys = zip(*ring)
    box = (min(xs), min(ys), max(xs), max(ys))
    twice = _twice_area(xs, ys)
    if twice >= 0:
        return ring, box, True
    return ring[::-1], box, _settles(-twice, len(ring), box)


# --- GEOS's buffers --------------------------------------------------------------------


def fan(centre: Point, start: float, end: float, radius: float) -> list[Point]:
    """The corners of a round join about `centre`, from angle `start` to `end` (radians,
    the shorter way), both ends included: GEOS's fillet of equal steps, as many as the
    turn holds steps of a quarter circle / QUADRANT_SEGMENTS, rounded."""
    total = fan_turn(start, end)
    x, y = centre
    return [(x + dx, y + dy) for dx, dy in _fan_offsets(start, total, radius, math.copysign(1.0, start))]


def fan_turn(start: float, end: float) -> float:
    """The turn of a fan from `start` to `end`, the shorter way (positive: anticlockwise)."""
    total = end - start
    if total > math.pi:
        total -= 2 * math.pi
    elif total < -math.pi:
        total += 2 * math.pi
    return total


@lru_cache(maxsize=4096)
def _fan_offsets(start: float, total: float, radius: float, start_sign: float) -> tuple[Point, ...]:
    """A fan's corners less its centre, `radius * cos(angle)` and `radius * sin(angle)`
    (so that centre + offset is the corner to the last bit): the same turns recur at
    many centres (every corner of every upright box grown by the same margin). Keyed
    by `start`'s sign too: a start of 0.0 and one of -0.0 are equal but give corners
    whose zeros differ in sign. The angles are `start`, `start + i * (total / n)` and
    `start + total`, made in a plain loop (a comprehension is a call of its own)."""
    n = int(abs(total) / _FILLET_STEP + 0.5)
    cos, sin = math.cos, math.sin
    out = [(radius * cos(start), radius * sin(start))]
    if n > 1:
        step = total / n
        for i in range(1, n):
            a = start + i * step
            out.append((radius * cos(a), radius * sin(a)))
    a = start + total
    out.append((radius * cos(a), radius * sin(a)))
    return tuple(out)


def grown_shape(shape: Shape, margin: float) -> Shape:
    """A one-part shape grown by `margin` (GEOS's `buffer(margin)`). The grown ring turns
    anticlockwise by its making, and its twice area is over 4 margin^2 (its fans alone
    go round a circle of that radius in steps under 12 degrees): where that settles its
    turn (`_settles`), it is not judged again. The shape's core grows with it, by a
    little less than the margin (`cores.GROWN_REACH`)."""
    ring = grown(shape.parts[0], margin)
    recipe = ("buffer", shape, margin)
    if len(shape.parts[0]) < 3 or margin <= 0:
        return Shape((ring,), recipe=recipe)
    xs, ys = zip(*ring)
    box = (min(xs), min(ys), max(xs), max(ys))
    made = settled_shape((ring,), (box,), recipe=recipe) if _settles(4.0 * margin * margin, len(ring), box) \
        else Shape((ring,), recipe=recipe)
    if shape.cores is not None and shape.cores[0] is not None:
        x, y, r = shape.cores[0]
        made.cores = (core(x, y, r + GROWN_REACH * margin),)
    return made


def grown(ring: Ring, margin: float) -> Ring:
    """A convex polygon (anticlockwise) grown by `margin` with round corners: each
    edge moved out, each corner a fan between the moved edges (`fan`'s corners, its
    steps written out here: a city's clearance has 32 corners, and every stop of every
    face has one). A fan of the most common turns (a box's corners, a circle's) comes
    from `_fan_offsets`' cache; its turn is `fan_turn`'s, worked out inline."""
    out: list[Point] = []
    append = out.append  # a plain loop: a comprehension a corner would be a call a corner
    atan2, half_turn, pi, full = math.atan2, math.pi / 2, math.pi, 2 * math.pi
    normals = [atan2(q[1] - p[1], q[0] - p[0]) - half_turn for p, q in zip(ring[-1:] + ring[:-1], ring)]  # `_outward`
    copysign, offsets = math.copysign, _fan_offsets
    for (x, y), start, end in zip(ring, normals, normals[1:] + normals[:1]):  # edge i-1 -> i's normal, into corner i
        total = end - start
        if total > pi:
            total -= full
        elif total < -pi:
            total += full
        for dx, dy in offsets(start, total, margin, copysign(1.0, start)):
            append((x + dx, y + dy))
    return tuple(out)


def _outward(p: Point, q: Point) -> float:
    """The angle of the outward normal of edge p->q of an anticlockwise polygon."""
    return math.atan2(q[1] - p[1], q[0] - p[0]) - math.pi / 2


def line_in_box(p: Point, q: Point, box: Bounds) -> tuple[Point, Point] | None | bool:
    """The stretch of segment p->q (both ends outside the box) inside an upright box
    (minx, miny, maxx, maxy), its ends where GEOS's `intersection` puts them (the
    crossing with each side in GEOS's double-double arithmetic), from p's end to q's;
    None when it misses the box. False when the line runs (nearly) through a corner,
    where GEOS's noding decides what the stretch is: the caller asks GEOS."""
    from pnp.geometry.double_double import crossing

    x0, y0, x1, y1 = box
    corners = ((x1, y0), (x1, y1), (x0, y1), (x0, y0))
    dx, dy = q[0] - p[0], q[1] - p[1]
    side = [dx * (c[1] - p[1]) - dy * (c[0] - p[0]) for c in corners]
    tol = 1e-9 * (abs(dx) + abs(dy)) * (abs(x1 - x0) + abs(y1 - y0) + 1.0)
    if any(abs(s) <= tol for s in side):
        return False
    hits = [crossing(p, q, corners[i - 1], corners[i]) for i in range(4) if (side[i - 1] > 0) != (side[i] > 0)]
    if not hits:
        return None
    if len(hits) != 2:
        return False
    hits.sort(key=lambda h: (h[0] - p[0]) ** 2 + (h[1] - p[1]) ** 2)
    return hits[0], hits[1]
