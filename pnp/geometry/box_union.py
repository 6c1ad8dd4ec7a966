"""The outline of a union of upright boxes (a stock market's spaces), in plain Python.

The boxes' edges meet exactly (their corners are rounded to the same values where they
touch), so the union is found on the grid of their distinct x and y values: a grid cell
is inside when a box covers it, and the outline is every cell side between inside and
outside. Rings are closed point lists without the repeated first point, walked as GEOS
walks a union's rings (outer rings leftwards along their top edge, holes the other way
round), with a point where the outline turns or where a box has a corner, as in GEOS's
noded union. Where a ring starts (the corner before its least (x, y) corner) and the
order of the polygons are pnp's own: GEOS's depend on its internals (drawn, the same
closed outline).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

from pnp.geometry.plane import signed_area

Point = tuple[float, float]
Ring = tuple[Point, ...]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 with x0 < x1, y0 < y1


def union_outline(boxes: Iterable[Box]) -> tuple[tuple[Ring, tuple[Ring, ...]], ...]:
    """The union's polygons, each (outer ring, holes), ordered by their least corner."""
    boxes = list(boxes)
    xs = sorted({v for b in boxes for v in (b[0], b[2])})
    ys = sorted({v for b in boxes for v in (b[1], b[3])})
    corners = {p for x0, y0, x1, y1 in boxes for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))}
    polygons = []
    for part in _parts(_covered(boxes, xs, ys)):
        rings = [_trimmed(ring, corners) for ring in _walk(_boundary(part, xs, ys))]
        outer = next(r for r in rings if signed_area(r) < 0)  # outer rings turn clockwise, y up
        polygons.append((outer, tuple(sorted((r for r in rings if r is not outer), key=min))))
    return tuple(sorted(polygons, key=lambda p: min(p[0])))


def _covered(boxes: list[Box], xs: list[float], ys: list[float]) -> set[tuple[int, int]]:
    """The grid cells (column, row) some box covers."""
    cells = set()
    for x0, y0, x1, y1 in boxes:
        for i in range(bisect_left(xs, x0), bisect_left(xs, x1)):
            for j in range(bisect_left(ys, y0), bisect_left(ys, y1)):
                cells.add((i, j))
    return cells


def _parts(cells: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """The covered cells in groups joined side to side (boxes meeting only at a corner
    are apart: GEOS makes them two polygons)."""
    left, parts = set(cells), []
    while left:
        todo = [min(left)]
        part = set(todo)
        left.discard(todo[0])
        while todo:
            i, j = todo.pop()
            for n in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
                if n in left:
                    left.discard(n)
                    part.add(n)
                    todo.append(n)
        parts.append(part)
    return parts


def _boundary(part: set[tuple[int, int]], xs: list[float], ys: list[float]) -> dict[Point, list[Point]]:
    """Each side between a cell of `part` and one outside it as a directed edge, start -> ends."""
    edges: dict[Point, list[Point]] = {}
    for i, j in part:
        x0, x1, y0, y1 = xs[i], xs[i + 1], ys[j], ys[j + 1]
        sides = (((i, j - 1), (x1, y0), (x0, y0)),  # top: leftwards
                 ((i - 1, j), (x0, y0), (x0, y1)),  # left: downwards
                 ((i, j + 1), (x0, y1), (x1, y1)),  # bottom: rightwards
                 ((i + 1, j), (x1, y1), (x1, y0)))  # right: upwards
        for neighbour, start, end in sides:
            if neighbour not in part:
                edges.setdefault(start, []).append(end)
    return edges


def _walk(edges: dict[Point, list[Point]]) -> list[list[Point]]:
    """The directed edges chained into closed rings. Where a part touches itself at a
    corner (a hole meeting the outer edge or another hole), each ring turns away from the
    part, so that the hole stays a ring of its own, as in GEOS's valid polygons."""
    rings = []
    while edges:
        start = min(edges)  # never a corner where the part touches itself
        ring, here, heading = [start], start, None
        while True:
            ends = edges[here]
            end = ends.pop(_turn_choice(here, ends, heading)) if len(ends) > 1 else ends.pop()
            if not ends:
                del edges[here]
            heading = (end[0] - here[0], end[1] - here[1])
            here = end
            if here == start:
                break
            ring.append(here)
        rings.append(ring)
    return rings


def _turn_choice(here: Point, ends: list[Point], heading: tuple[float, float]) -> int:
    """The edge that turns most away from the part (to the right of travel on a y-down
    page, the part being on the left)."""

    def turn(end: Point) -> float:
        dx, dy = end[0] - here[0], end[1] - here[1]
        return heading[0] * dy - heading[1] * dx  # < 0: a left turn on a y-down page

    return max(range(len(ends)), key=lambda k: turn(ends[k]))


def _trimmed(ring: list[Point], corners: set[Point]) -> Ring:
    """Points where the ring runs straight on and no box has a corner dropped; the ring
    rotated to start at the point before its least one."""
    n = len(ring)
    kept = [p for k, p in enumerate(ring) if p in corners or not _straight(ring[k - 1], p, ring[(k + 1) % n])]
    first = (kept.index(min(kept)) - 1) % len(kept)
    return tuple(kept[first:] + kept[:first])


def _straight(a: Point, b: Point, c: Point) -> bool:
    return (a[0] == b[0] == c[0]) or (a[1] == b[1] == c[1])
