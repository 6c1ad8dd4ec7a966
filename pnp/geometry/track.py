"""Track as geometry: straight lines and circular arcs that leave each edge at a right
angle. Adjacent edges give a sharp arc (radius 50, centred on the shared corner), edges
two apart a gentle arc (radius 150, centred on the neighbouring hex), opposite edges a
straight line. One rule covers them all: the circle tangent to the edge's inward normal
at its midpoint that passes through the other end.
"""

from __future__ import annotations

import math
from functools import lru_cache

from msgspec import Struct

from pnp.geometry.hexagon import APOTHEM, Point, add, cross, direction, dot, edge_midpoint, length, scale, sub


class Line(Struct, frozen=True):
    start: Point
    end: Point

    def at(self, t: float) -> Point:
        return add(self.start, scale(sub(self.end, self.start), t))

    def tangent(self, t: float) -> Point:
        d = sub(self.end, self.start)
        n = length(d)
        return (d[0] / n, d[1] / n)

    @property
    def length(self) -> float:
        return length(sub(self.end, self.start))


class Arc(Struct, frozen=True):
    centre: Point
    radius: float
    start_angle: float  # radians, atan2 convention (y down: increasing is clockwise)
    sweep: float  # signed radians

    def at(self, t: float) -> Point:
        a = self.start_angle + self.sweep * t
        return (self.centre[0] + self.radius * math.cos(a), self.centre[1] + self.radius * math.sin(a))

    def tangent(self, t: float) -> Point:
        a = self.start_angle + self.sweep * t
        s = 1.0 if self.sweep > 0 else -1.0
        return (-math.sin(a) * s, math.cos(a) * s)

    @property
    def start(self) -> Point:
        return self.at(0.0)

    @property
    def end(self) -> Point:
        return self.at(1.0)

    @property
    def length(self) -> float:
        return abs(self.sweep) * self.radius


class Cubic(Struct, frozen=True):
    """A cubic Bezier: bent track, which bows round the centre of the hex."""

    start: Point
    c1: Point
    c2: Point
    end: Point

    def at(self, t: float) -> Point:
        u = 1 - t
        return tuple(u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t ** 3 * d
                     for a, b, c, d in zip(self.start, self.c1, self.c2, self.end))

    def tangent(self, t: float) -> Point:
        u = 1 - t
        d = tuple(3 * u * u * (b - a) + 6 * u * t * (c - b) + 3 * t * t * (e - c)
                  for a, b, c, e in zip(self.start, self.c1, self.c2, self.end))
        n = length(d) or 1.0
        return (d[0] / n, d[1] / n)

    @property
    def length(self) -> float:
        pts = [self.at(i / 32) for i in range(33)]
        return sum(length(sub(q, p)) for p, q in zip(pts, pts[1:]))


Segment = Line | Arc | Cubic

BEND_REACH = 0.55  # bent track passes this share of the apothem from the centre, clear of a centred city


def bent(a: int, b: int, toward: float) -> list[Cubic]:
    """Track from edge a to edge b bowed toward a side or corner (`toward`, 0-6): two
    Bezier halves meeting at the bulge, leaving each edge at a right angle."""
    pa, pb = edge_midpoint(a), edge_midpoint(b)
    bulge = scale(direction(toward), APOTHEM * BEND_REACH)
    chord = sub(pb, pa)
    n = length(chord) or 1.0
    along = scale(chord, 1 / n)
    reach = n * 0.3
    first = Cubic(pa, add(pa, scale(inward(a), reach)), sub(bulge, scale(along, reach * 0.9)), bulge)
    second = Cubic(bulge, add(bulge, scale(along, reach * 0.9)), add(pb, scale(inward(b), reach)), pb)
    return [first, second]


def tangent_curve(start: Point, heading: Point, end: Point) -> Segment:
    """The circular arc leaving `start` along unit vector `heading` that reaches `end`."""
    chord = sub(end, start)
    side = cross(heading, chord)
    if abs(side) < 1e-6 * max(1.0, length(chord)) and dot(heading, chord) > 0:
        return Line(start, end)
    normal = (-heading[1], heading[0])
    if dot(normal, chord) < 0:
        normal = (heading[1], -heading[0])
    radius = dot(chord, chord) / (2 * dot(normal, chord))
    centre = add(start, scale(normal, radius))
    a0 = math.atan2(start[1] - centre[1], start[0] - centre[0])
    a1 = math.atan2(end[1] - centre[1], end[0] - centre[0])
    forward = (-math.sin(a0), math.cos(a0))
    sweep = a1 - a0
    if dot(forward, heading) > 0:
        sweep %= 2 * math.pi
    else:
        sweep = -((-sweep) % (2 * math.pi))
    return Arc(centre, radius, a0, sweep)


def inward(edge: int) -> Point:
    d = direction(edge)
    return (-d[0], -d[1])


# The runs of track below recur on many faces (the same edges, stops in the same places):
# each is made once (a segment is a frozen value).
@lru_cache(maxsize=256)
def edge_to_edge(a: int, b: int) -> Segment:
    return tangent_curve(edge_midpoint(a), inward(a), edge_midpoint(b))


def edge_to_point(edge: int, point: Point) -> Segment:
    x, y = point
    return _edge_to_point(edge, x, y, math.copysign(1.0, x), math.copysign(1.0, y))


@lru_cache(maxsize=1024)
def _edge_to_point(edge: int, x: float, y: float, *signs: float) -> Segment:
    """`edge_to_point`, keyed by the signs of the point's numbers too: 0.0 and -0.0 are
    equal but a segment ending there is drawn to its end."""
    return tangent_curve(edge_midpoint(edge), inward(edge), (x, y))


def point_to_point(p: Point, q: Point) -> Line:
    return Line(p, q)


def curve_kind(a: int, b: int) -> str:
    """'straight', 'gentle' or 'sharp' for track between two edges."""
    return {3: "straight", 2: "gentle", 4: "gentle", 1: "sharp", 5: "sharp"}[(b - a) % 6]


def part(segment: Segment, t0: float, t1: float) -> Segment:
    """The piece of a segment between parameters t0 and t1 (0 = start, 1 = end)."""
    t0, t1 = max(0.0, t0), min(1.0, t1)
    if isinstance(segment, Line):
        return Line(segment.at(t0), segment.at(t1))
    if isinstance(segment, Cubic):  # de Casteljau: the control points of the piece
        def split(c, t):
            p01, p12, p23 = [add(p, scale(sub(q, p), t)) for p, q in ((c.start, c.c1), (c.c1, c.c2), (c.c2, c.end))]
            p012, p123 = add(p01, scale(sub(p12, p01), t)), add(p12, scale(sub(p23, p12), t))
            mid = add(p012, scale(sub(p123, p012), t))
            return Cubic(c.start, p01, p012, mid), Cubic(mid, p123, p23, c.end)
        _, tail = split(segment, t0)
        head, _ = split(tail, (t1 - t0) / (1 - t0) if t0 < 1 else 0.0)
        return head
    return Arc(segment.centre, segment.radius, segment.start_angle + segment.sweep * t0, segment.sweep * (t1 - t0))


def nearest_t(segment: Segment, point: Point, steps: int = 200) -> float:
    """The parameter of the point on a segment closest to `point`."""
    best, best_d = 0.0, float("inf")
    for i in range(steps + 1):
        t = i / steps
        p = segment.at(t)
        d = (p[0] - point[0]) ** 2 + (p[1] - point[1]) ** 2
        if d < best_d:
            best, best_d = t, d
    return best


def sample(segment: Segment, step: float = 4.0) -> list[Point]:
    if isinstance(segment, Line):
        return [segment.start, segment.end]
    n = max(2, int(segment.length / step) + 1)  # arcs and Bezier curves alike
    return [segment.at(i / (n - 1)) for i in range(n)]


@lru_cache(maxsize=2048)
def polyline(segment: Segment) -> tuple[Point, ...]:
    """The segment as the points a drawn line follows (`sample`), made once per segment:
    the same runs of track recur on many faces."""
    return tuple(sample(segment))


@lru_cache(maxsize=256)
def linestring(segment: Segment):
    """The segment as a shapely LineString (shapely is loaded when first asked for).
    Made once per segment: the same runs of track recur on many faces."""
    from shapely.geometry import LineString

    return LineString(polyline(segment))
