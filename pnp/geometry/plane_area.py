"""Areas of overlap between plane shapes (unions of convex parts), for ranking candidate
spots when none is free: how much of a shape lies outside an area or on another shape.

The area of a union of convex polygons is taken along its boundary: each part's edges,
less the stretches inside another part, summed by the shoelace formula. An edge lying
along another part's edge counts once when both run the same way and not at all when
they run opposite ways (two parts side by side: the edge is inside the union).
"""

from __future__ import annotations

from pnp.geometry.plane import Ring, Shape, _bounds, _boxes_meet, _separated, holds, signed_area

_EPS = 1e-9


def outside_area(shape: Shape, area: Shape) -> float:
    """The area of `shape` outside the convex `area`."""
    if holds(area.parts[0], shape):
        return 0.0
    inside = [clip(p, area.parts[0]) for p in shape.parts]
    return union_area(list(shape.parts)) - union_area([p for p in inside if len(p) >= 3])


def overlap_area(a: Shape, b: Shape) -> float:
    """The area `a` and `b` share."""
    pieces = [clip(p, q) for p, pb in zip(a.parts, a.boxes) for q, qb in zip(b.parts, b.boxes)
              if _boxes_meet(pb, qb) and not _separated(p, q) and not _separated(q, p)]
    return union_area([p for p in pieces if len(p) >= 3])


def clip(subject: Ring, window: Ring) -> Ring:
    """The convex `subject` cut to the convex `window` (Sutherland-Hodgman; both turning
    anticlockwise)."""
    out = list(subject)
    n = len(window)
    for i in range(n):
        if not out:
            break
        (x0, y0), (x1, y1) = window[i - 1], window[i]
        ex, ey = x1 - x0, y1 - y0
        side = [ex * (y - y0) - ey * (x - x0) for x, y in out]
        if min(side) >= 0:  # all on the inner side of this edge: nothing to cut
            continue
        kept = []
        for k in range(len(out)):
            p, q = out[k - 1], out[k]
            sp, sq = side[k - 1], side[k]
            if sq >= 0:
                if sp < 0:
                    kept.append(_cut(p, q, sp, sq))
                kept.append(q)
            elif sp >= 0:
                kept.append(_cut(p, q, sp, sq))
        out = kept
    return tuple(out)


def _cut(p, q, sp: float, sq: float):
    t = sp / (sp - sq)
    return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))


def union_area(parts: list[Ring]) -> float:
    if len(parts) <= 1:
        return signed_area(parts[0]) if parts else 0.0
    boxes = [_bounds(p) for p in parts]
    total = 0.0
    for i, part in enumerate(parts):
        near = [(j, parts[j]) for j in range(len(parts)) if j != i and _boxes_meet(boxes[i], boxes[j])]
        for k in range(len(part)):
            a, b = part[k - 1], part[k]
            if not near:
                total += a[0] * b[1] - b[0] * a[1]
                continue
            for t0, t1 in _uncovered(a, b, i, near):
                x0, y0 = a[0] + t0 * (b[0] - a[0]), a[1] + t0 * (b[1] - a[1])
                x1, y1 = a[0] + t1 * (b[0] - a[0]), a[1] + t1 * (b[1] - a[1])
                total += x0 * y1 - x1 * y0
    return total / 2.0


def _uncovered(a, b, i: int, near) -> list[tuple[float, float]]:
    """The stretches of edge a->b of part i inside none of the other parts `near`
    ((j, ring) pairs)."""
    covered = []
    for j, other in near:
        span = _inside_span(a, b, other, j < i)
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


def _inside_span(a, b, ring: Ring, earlier: bool):
    """The parameters of segment a->b inside convex `ring`, or None. Along one of its
    edges the segment is inside when that edge runs the other way, or runs the same way
    and belongs to an earlier part (so that the stretch is counted once)."""
    lo, hi = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    scale = abs(dx) + abs(dy)
    for k in range(len(ring)):
        (x0, y0), (x1, y1) = ring[k - 1], ring[k]
        ex, ey = x1 - x0, y1 - y0
        sa = ex * (a[1] - y0) - ey * (a[0] - x0)
        sb = ex * (b[1] - y0) - ey * (b[0] - x0)
        tol = _EPS * (abs(ex) + abs(ey)) * max(1.0, scale)
        if abs(sa) <= tol and abs(sb) <= tol:  # along this edge
            if ex * dx + ey * dy > 0 and not earlier:
                return None
            continue
        if sa < 0 and sb < 0:
            return None
        if sa < 0:
            lo = max(lo, sa / (sa - sb))
        elif sb < 0:
            hi = min(hi, sa / (sa - sb))
    return (lo, hi) if hi > lo else None
