"""The track of a face between its placed stops and edges, and where one run of track
passes over another."""

from __future__ import annotations

import math
from functools import lru_cache


from pnp.geometry.hexagon import Point, edge_midpoint, scale
from pnp.geometry.track import Line, Segment, bent, edge_to_edge, edge_to_point, nearest_t, part, polyline
from pnp.model.tile import TileFace
from pnp.geometry.placed import PlacedStop, PlacedTrack


def place_track(face: TileFace, stops: list[PlacedStop], through: dict[int, Segment]) -> list[PlacedTrack]:
    at = {s.index: s.point for s in stops}
    track: list[PlacedTrack] = []
    drawn_through: set[int] = set()
    for path in face.paths:
        a, b = path.a, path.b
        if a.kind == "stop" and b.kind == "edge":
            a, b = b, a
        look = {"color": path.color, "tie_color": path.tie_color, "lanes": path.lanes, "width": path.width}
        if a.kind == "edge" and b.kind == "edge" and path.bend is not None and path.bend != "center":
            track += [PlacedTrack(piece, path.terminal, path.track, **look) for piece in bent(a.index, b.index, path.bend)]
            continue
        if a.kind == "edge" and b.kind == "edge":
            segment = edge_to_edge(a.index, b.index)
        elif a.kind == "edge":
            if b.index in through:
                if b.index in drawn_through:
                    continue
                drawn_through.add(b.index)
                segment = through[b.index]
            else:
                segment = edge_to_point(a.index, at[b.index])
        else:
            segment = Line(at[a.index], at[b.index])
        track.append(PlacedTrack(segment, path.terminal, path.track, **look))
    return track


def spur_track(face: TileFace, stops: list[PlacedStop]) -> list[PlacedTrack]:
    """Track from a stop running out toward a side or corner and ending in the open."""
    from pnp.geometry.face_stops import loc_point

    at = {s.index: s.point for s in stops}
    return [PlacedTrack(Line(at[spur.stop], loc_point(spur.at))) for spur in face.spurs if spur.stop in at]


STUB_LENGTH = 0.4  # of the apothem: a stub runs this far in from its edge


def stub_track(face: TileFace) -> list[PlacedTrack]:
    return [PlacedTrack(Line(edge_midpoint(e), scale(edge_midpoint(e), 1 - STUB_LENGTH))) for e in face.stubs]


OVERPASS_LENGTH = 56.0  # of the upper track, centred on the crossing (RENDERING.md: 63 straight, 47 gentle)
STOP_CLEARANCE = 30.0  # track meeting at or near a stop joins there; it does not cross


def overpasses(track: list[PlacedTrack], stops: list[PlacedStop]) -> list[tuple[Segment, Segment, str]]:
    """Where two runs of track cross away from any stop and any edge, the middle of one
    is drawn again over the other, so a crossing never reads as a junction. Straight
    track goes over curves; otherwise the earlier run in the data goes over."""
    stop_points = [s.point for s in stops]
    order = sorted(range(len(track)), key=lambda i: (0 if isinstance(track[i].segment, Line) else 1, i))
    out: list[tuple[Segment, Segment, str]] = []
    for n, i in enumerate(order):
        for j in order[n + 1:]:
            for point in run_crossings(track[i].segment, track[j].segment):
                ends = [track[i].segment.start, track[i].segment.end, track[j].segment.start, track[j].segment.end]
                if any(math.dist(point, q) < STOP_CLEARANCE for q in stop_points + ends):
                    continue
                out.append((*_overpass(track[i].segment, point), track[i].gauge))
    return out


@lru_cache(maxsize=1024)
def _overpass(upper: Segment, point: Point) -> tuple[Segment, Segment]:
    """The stretch of `upper` drawn again over a crossing at `point`: its casing and its
    rails. The same crossings recur on many faces (1858's X tiles): each is worked out
    once (`nearest_t` tries 201 points along the run)."""
    t = nearest_t(upper, point)
    half = OVERPASS_LENGTH / 2 / max(upper.length, 1e-9)
    seam = 2.0 / max(upper.length, 1e-9)  # the rail runs on past the casing's square ends
    return part(upper, t - half, t + half), part(upper, t - half - seam, t + half + seam)


@lru_cache(maxsize=4096)
def run_crossings(a: Segment, b: Segment) -> tuple[Point, ...]:
    """Where two runs of track meet, each place once, in x then y order (runs lying on
    one another are not crossings and give none). The same pairs recur on many faces:
    each is worked out once, and shared."""
    return tuple(crossings(polyline(a), polyline(b)))


def crossings(a: tuple[Point, ...], b: tuple[Point, ...]) -> list[Point]:
    """Where two polylines meet (touching counts). `b`'s segments are tested in runs of
    `_RUN` under the bounds of each run: a segment of `a` clear of a run's bounds is
    clear of every segment in it (two track curves meet in a point or two, and a curve
    is some 40 segments). The same tests on the same pairs, in the same order, as
    testing every segment of `a` against every segment of `b`; each segment's bounds
    are taken by comparisons (`_segments`), not `min` and `max` (a call each, the most
    of the cost), a run's from its segments'."""
    bx = [p[0] for p in b]
    by = [p[1] for p in b]
    if max(p[0] for p in a) < min(bx) or min(p[0] for p in a) > max(bx) \
            or max(p[1] for p in a) < min(by) or min(p[1] for p in a) > max(by):
        return []
    others = _segments(b)
    runs = [(min([o[4] for o in run]), max([o[5] for o in run]), min([o[6] for o in run]), max([o[7] for o in run]),
             run) for run in (others[i:i + _RUN] for i in range(0, len(others), _RUN))]
    found: list[Point] = []
    for px, py, qx, qy, lox, hix, loy, hiy in _segments(a):
        rx, ry = qx - px, qy - py
        for rlox, rhix, rloy, rhiy, run in runs:
            if rhix < lox or rlox > hix or rhiy < loy or rloy > hiy:
                continue
            for sx, sy, ex, ey, slox, shix, sloy, shiy in run:
                if shix < lox or slox > hix or shiy < loy or sloy > hiy:
                    continue
                wx, wy = ex - sx, ey - sy
                d = rx * wy - ry * wx
                if d == 0:
                    continue
                t = ((sx - px) * wy - (sy - py) * wx) / d
                u = ((sx - px) * ry - (sy - py) * rx) / d
                if 0.0 <= t <= 1.0 and 0.0 <= u <= 1.0:
                    point = (px + t * rx, py + t * ry)
                    if not any(abs(point[0] - f[0]) < 1e-9 and abs(point[1] - f[1]) < 1e-9 for f in found):
                        found.append(point)
    return sorted(found)


_RUN = 6  # segments of a polyline tested together under their bounds (`crossings`)


def _segments(points: tuple[Point, ...]) -> list[tuple[float, ...]]:
    """Each segment of a polyline as (sx, sy, ex, ey, low x, high x, low y, high y)."""
    return [(sx, sy, ex, ey, sx if sx <= ex else ex, ex if ex > sx else sx, sy if sy <= ey else ey,
             ey if ey > sy else sy) for (sx, sy), (ex, ey) in zip(points, points[1:])]
