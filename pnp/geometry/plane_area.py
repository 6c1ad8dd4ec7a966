"""Areas of overlap between plane shapes (unions of convex parts), for ranking candidate
spots when none is free: how much of a shape lies outside an area or on another shape.

The area of a union of convex polygons is taken along its boundary: each part's edges,
less the stretches inside another part, summed by the shoelace formula. An edge lying
along another part's edge counts once when both run the same way and not at all when
they run opposite ways (two parts side by side: the edge is inside the union).
"""

from __future__ import annotations

from pnp.geometry.plane import (Ring, Shape, _area_edges, _bounds, _boxes_meet, _cores_meet, _separated, holds,
                                signed_area)

_EPS = 1e-9


def outside_area(shape: Shape, area: Shape) -> float:
    """The area of `shape` outside the convex `area`."""
    if holds(area.parts[0], shape):
        return 0.0
    inside = [clip(p, area.parts[0]) for p in shape.parts]
    return union_area(list(shape.parts)) - union_area([p for p in inside if len(p) >= 3])


def overlap_area(a: Shape, b: Shape, facts: "PartFacts | None" = None) -> float:
    """The area `a` and `b` share. A part of `a` within the bounds of a part of `b` that
    is an upright box lies inside it whole: it is taken as it is, without the tests of
    what meets what, which would find so when it is not a sliver (`_no_sliver`; a map's
    hexes against a page's window). Parts whose cores meet (`plane.intersects`) are
    cut without the tests. `facts`: `PartFacts(a)`, for a caller that asks
    about the same `a` against many windows (`_window_area`)."""
    if facts is not None and len(b.parts) == 1 and _is_box(b.parts[0]):
        return _window_area(a, b.parts[0], b.boxes[0], facts)
    a_cores = a.cores if a.cores is not None and b.cores is not None else (None,) * len(a.parts)
    windows = [(q, qb, _is_box(q), qc) for q, qb, qc in zip(b.parts, b.boxes, b.cores or (None,) * len(b.parts))]
    pieces = []
    for p, pb, pc in zip(a.parts, a.boxes, a_cores):
        for q, qb, upright, qc in windows:
            if upright and _box_within(pb, qb) and _no_sliver(pb):
                pieces.append(p)
            elif _boxes_meet(pb, qb) and (_cores_meet(pc, qc) or not _separated(p, q) and not _separated(q, p)):
                pieces.append(p if upright and _box_within(pb, qb) else clip(p, q))
    return union_area([p for p in pieces if len(p) >= 3])


def _window_area(a: Shape, q: Ring, qb, facts: "PartFacts") -> float:
    """`overlap_area` of `a` and an upright box `q` (bounds `qb`): the same pieces in
    the same order, told by the same tests, with the bounds compared inline and what
    `facts` knows of each part of `a` (whether it is a sliver, alone, its area)."""
    qx0, qy0, qx1, qy1 = qb
    pieces, alone, areas = [], [], []
    for i, (p, (px0, py0, px1, py1)) in enumerate(zip(a.parts, a.boxes)):
        if not (px0 <= qx1 and qx0 <= px1 and py0 <= qy1 and qy0 <= py1):  # the bounds do not meet
            continue
        if qx0 <= px0 and qy0 <= py0 and px1 <= qx1 and py1 <= qy1:  # within the box: inside it
            if not facts.thick[i] and (_separated(p, q) or _separated(q, p)):
                continue
            piece = p
        elif _separated(p, q) or _separated(q, p):
            continue
        else:
            piece = clip(p, q)
        if len(piece) >= 3:
            pieces.append(piece)
            alone.append(facts.alone[i])
            areas.append(facts.areas[i] if piece is p else None)
    return union_area(pieces, alone, areas)


class PartFacts:
    """What `overlap_area` and `union_area` would find of each part of a shape, worked
    out once for a caller that cuts the same shape to many windows (a map's page
    sections): whether it is no sliver (`thick`, `_no_sliver`), whether it overlaps no
    other part (`alone`: then no piece of it cut to a window overlaps another piece
    either, the pieces lying within the parts), and its area."""

    __slots__ = ("thick", "alone", "areas")

    def __init__(self, shape: Shape):
        parts = list(shape.parts)
        group = _groups(parts, [_bounds(p) for p in parts], [False] * len(parts), _overlap)
        sizes: dict[int, int] = {}
        for g in group:
            sizes[g] = sizes.get(g, 0) + 1
        self.thick = tuple([_no_sliver(b) for b in shape.boxes])
        self.alone = tuple([sizes[g] == 1 for g in group])
        self.areas = tuple([signed_area(p) for p in parts])


def _no_sliver(box) -> bool:
    """Whether a convex part with these bounds is wide and tall enough that, lying within
    an upright box, it meets that box however the side tests of `_separated` round: then
    each of its edges has a corner of the box well inside (the part's far corners lie
    inside the box) and each edge of the box a corner of the part well inside. Rounding
    moves a side by some 1e-16 of the coordinates; 1e-9 leaves room to spare."""
    minx, miny, maxx, maxy = box
    least = 1e-9 * (max(maxx, maxy, -minx, -miny) + 1.0)
    return maxx - minx > least and maxy - miny > least


def _box_within(inner, outer) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def _is_box(ring: Ring) -> bool:
    """An upright rectangle (then what lies within its bounds lies within it)."""
    return len(ring) == 4 and all(p[0] == q[0] or p[1] == q[1] for p, q in zip(ring, ring[1:] + ring[:1]))


def clip(subject: Ring, window: Ring) -> Ring:
    """The convex `subject` cut to the convex `window` (Sutherland-Hodgman; both turning
    anticlockwise). An edge of the window with the subject's bounds well inside it
    (`_well_inside`) cuts nothing, as its side test would find: it is passed over
    without testing every corner (a circle against a city's grown outline of 150 edges
    meets a few of them; a page window's far sides pass a map's hexes by)."""
    out = list(subject)
    xs, ys = zip(*subject)
    minx, miny, maxx, maxy = min(xs), min(ys), max(xs), max(ys)
    size = max(maxx, maxy, -minx, -miny)
    corner = ((minx, miny), (maxx, miny), (minx, maxy), (maxx, maxy))
    for x0, y0, ex, ey, k, reach, worst in _area_edges(window):
        if not out:
            break
        x, y = corner[worst]
        if ex * (y - y0) - ey * (x - x0) >= k * (size + reach):  # what is cut off lies within the bounds
            continue
        side = [ex * (y - y0) - ey * (x - x0) for x, y in out]
        if min(side) >= 0:  # all on the inner side of this edge: nothing to cut
            continue
        out = _kept(out, side)
    return tuple(out)


def _kept(ring: list, side: list[float]) -> list:
    """What of a convex ring lies on the inner side of a line (`side`: each corner's side
    of it, inner >= 0), cut where its edges cross the line: edge p -> q at
    sp / (sp - sq) of the way from p."""
    kept = []
    p, sp = ring[-1], side[-1]
    for q, sq in zip(ring, side):
        if sq >= 0:
            if sp < 0:
                t = sp / (sp - sq)
                kept.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
            kept.append(q)
        elif sp >= 0:
            t = sp / (sp - sq)
            kept.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
        p, sp = q, sq
    return kept


def union_area(parts: list[Ring], alone: list[bool] | None = None, areas: list | None = None) -> float:
    """The area the parts cover together. Parts that overlap no other part (hexes side
    by side share only edges) count whole; each group of overlapping parts is summed
    along its boundary (`_boundary_area`). A caller may say which parts are known to
    overlap no other (`alone`: they are not compared) and the areas it knows (`areas`,
    None where not known); the sum is the same, term by term."""
    if len(parts) <= 1:
        return signed_area(parts[0]) if parts else 0.0
    boxes = [_bounds(p) if alone is None or not alone[i] else None for i, p in enumerate(parts)]
    group = _groups(parts, boxes, alone or [False] * len(parts), _overlap)
    groups: dict[int, list[int]] = {}
    for i, g in enumerate(group):
        groups.setdefault(g, []).append(i)
    return sum((signed_area(parts[g[0]]) if areas is None or areas[g[0]] is None else areas[g[0]])
               if len(g) == 1 else _boundary_area([parts[i] for i in g]) for g in groups.values())


def _groups(parts: list[Ring], boxes: list, alone: list[bool], overlap) -> list[int]:
    """Each part's group (the root of a union-find, by index) of parts that overlap
    each other, compared where their bounds meet; parts `alone` are not compared."""
    group = list(range(len(parts)))

    def root(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    order = sorted([i for i in range(len(parts)) if not alone[i]], key=lambda i: boxes[i][0])
    for n, i in enumerate(order):
        x0, y0, x1, y1 = boxes[i]
        for j in order[n + 1:]:
            bx0, by0, bx1, by1 = boxes[j]
            if bx0 > x1:
                break
            if x0 <= bx1 and bx0 <= x1 and y0 <= by1 and by0 <= y1 and overlap(parts[i], parts[j]):
                group[root(i)] = root(j)
    return [root(i) for i in range(len(parts))]


def _overlap(a: Ring, b: Ring) -> bool:
    """Whether two convex rings share more than their edges (touching does not count,
    nor a sliver under 1e-9 wide: neighbouring hexes worked out from their own centres
    may overlap by rounding)."""
    return not _parted(a, b) and not _parted(b, a)


def _parted(a: Ring, b: Ring) -> bool:
    """Whether some edge of `a` has no corner of `b` more than a sliver inside it. As
    `plane._separated`, each edge first tries the corner found inside the edge before."""
    x0, y0 = a[-1]
    wx, wy = b[0]
    for x1, y1 in a:
        ex, ey = x1 - x0, y1 - y0
        tol = 1e-9 * (abs(ex) + abs(ey))
        if not ex * (wy - y0) - ey * (wx - x0) > tol:
            for x, y in b:
                if ex * (y - y0) - ey * (x - x0) > tol:
                    wx, wy = x, y
                    break
            else:
                return True
        x0, y0 = x1, y1
    return False


def _boundary_area(parts: list[Ring]) -> float:
    """The area of a union of convex parts, summed along its boundary."""
    boxes = [_bounds(p) for p in parts]
    edges = [_edges(p) for p in parts]
    total = 0.0
    for i, part in enumerate(parts):
        near = [(j, boxes[j]) for j in range(len(parts)) if j != i and _boxes_meet(boxes[i], boxes[j])]
        for k in range(len(part)):
            a, b = part[k - 1], part[k]
            edge = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
            touching = [(j < i, edges[j]) for j, box in near if _boxes_meet(edge, box)]
            if not touching:
                total += a[0] * b[1] - b[0] * a[1]
                continue
            for t0, t1 in _uncovered(a, b, touching):
                x0, y0 = a[0] + t0 * (b[0] - a[0]), a[1] + t0 * (b[1] - a[1])
                x1, y1 = a[0] + t1 * (b[0] - a[0]), a[1] + t1 * (b[1] - a[1])
                total += x0 * y1 - x1 * y0
    return total / 2.0


def _edges(ring: Ring) -> list[tuple[float, float, float, float, float]]:
    """Each edge of a ring as (start x, start y, dx, dy, |dx| + |dy|)."""
    out = []
    x0, y0 = ring[-1]
    for x1, y1 in ring:
        out.append((x0, y0, x1 - x0, y1 - y0, abs(x1 - x0) + abs(y1 - y0)))
        x0, y0 = x1, y1
    return out


def _uncovered(a, b, others) -> list[tuple[float, float]]:
    """The stretches of edge a->b inside none of the `others` parts ((earlier, edges)
    pairs: whether the part comes before this one, and its `_edges`)."""
    covered = []
    for earlier, edges in others:
        span = _inside_span(a, b, edges, earlier)
        if span is not None:
            covered.append(span)
    covered.sort()
    free, at = [], 0.0
    for t0, t1 in covered:
        if t0 > at:
            free.append((at, t0))
        at = max(at, t1)
    if at < 1.0:
        free.append((at, 1.0))
    return free


def _inside_span(a, b, edges, earlier: bool):
    """The parameters of segment a->b inside a convex ring (its `_edges`), or None.
    Along one of its edges the segment is inside when that edge runs the other way, or
    runs the same way and belongs to an earlier part (so that the stretch is counted
    once)."""
    lo, hi = 0.0, 1.0
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    scale = _EPS * max(1.0, abs(dx) + abs(dy))
    for x0, y0, ex, ey, size in edges:
        sa = ex * (ay - y0) - ey * (ax - x0)
        sb = ex * (by - y0) - ey * (bx - x0)
        tol = scale * size
        if -tol <= sa <= tol and -tol <= sb <= tol:  # along this edge
            if ex * dx + ey * dy > 0 and not earlier:
                return None
            continue
        if sa < 0:
            if sb < 0:
                return None
            t = sa / (sa - sb)
            if t > lo:
                lo = t
        elif sb < 0:
            t = sa / (sa - sb)
            if t < hi:
                hi = t
        if hi <= lo:
            return None
    return (lo, hi)
