"""Where the stops of a face go: given places first (`at:`), then towns on their run of
track, then the rest toward their exits or a free side."""

from __future__ import annotations

import itertools
from functools import lru_cache

from pnp.geometry.hexagon import Point, add, angle_of, direction, edge_midpoint, length, scale, unit
from pnp.geometry.outlines import circle, hex_less
from pnp.geometry.bands import band
from pnp.geometry.plane import Shape, grown_shape, holds, intersects, moved
from pnp.geometry.stops import city_outline, slot_radius, town_bar, town_dot
from pnp.geometry.track import Segment, edge_to_edge, edge_to_point, polyline
from pnp.model.tile import End, TileFace
from pnp.geometry.placed import CASING_WIDTH, CORNER_LOC_DISTANCE, CORNER_LOC_DISTANCE_MULTI, EDGE_LOC_DISTANCE, PlacedStop

def loc_point(at, slots: int = 1) -> Point:
    if at == "center":
        return (0.0, 0.0)
    if at == int(at):
        return scale(direction(at), EDGE_LOC_DISTANCE)
    distance = CORNER_LOC_DISTANCE if slots == 1 else CORNER_LOC_DISTANCE_MULTI
    return scale(direction(at), distance)


def _stop_style(face: TileFace, index: int) -> str:
    stop = face.stops[index]
    if stop.kind in ("city", "offboard", "junction"):
        return stop.kind
    if getattr(stop, "style", None):
        return stop.style
    return "bar" if 1 <= len(face.stop_paths(index)) <= 2 else "dot"


def _through_edges(face: TileFace, index: int) -> tuple[int, int] | None:
    """A town or halt on a single run of track from one edge to another."""
    stop = face.stops[index]
    if stop.kind not in ("town", "halt") or stop.at is not None:
        return None
    paths = face.stop_paths(index)
    edges = face.stop_edges(index)
    if len(paths) == 2 and len(edges) == 2:
        return (edges[0], edges[1])
    return None


def _city_angle(point: Point, slots: int, upright: float = 0.0) -> float:
    """A city of several slots lies across the line from the centre when off-centre;
    in the centre it lies level on the page (`upright` undoes a pointy hex's turn)."""
    if slots == 1:
        return 0.0
    if length(point) < 1e-6:
        return upright
    return angle_of(point) + 90.0


@lru_cache(maxsize=2048)
def stop_shape(style: str, slots: int, angle: float, point: Point) -> Shape:
    """The outline of a stop drawn in `style`, turned by `angle` and placed at `point`.
    The same stops stand in the same places on many faces: each is made once."""
    if style == "city":
        shape = city_outline(slots, angle)
    elif style == "bar":
        shape = town_bar(angle)
    elif style == "offboard":
        shape = circle((0, 0), 6)
    elif style in ("junction", "hidden"):
        shape = circle((0, 0), 1)
    elif style == "boomtown":  # room for the city it becomes
        shape = circle((0, 0), slot_radius(1))
    else:
        shape = town_dot()
    return _shape_at(shape, point)


def _inside() -> Shape:
    """Where a given stop must stay: the hex less 1 unit."""
    return hex_less(1.0)


def _shape_at(shape: Shape, point: Point) -> Shape:
    return moved(shape, point[0], point[1])


@lru_cache(maxsize=1024)
def _bar_room(angle: float, point: Point) -> Shape:
    """The room a town's bar across track at `angle` needs at `point`: its outline grown
    by 4. Tried at the same places of the same runs on many faces: each made once (it
    is only tested against, never drawn)."""
    return grown_shape(_shape_at(town_bar(angle), point), 4)


@lru_cache(maxsize=1024)
def _casing(segment: Segment) -> Shape:
    """A run of track with its casing, round ends: a town's bar keeps off it. The same
    runs recur on many faces: each is made once."""
    return band(polyline(segment), CASING_WIDTH / 2, round_caps=True)


def place_stops(face: TileFace, upright: float = 0.0) -> tuple[list[PlacedStop], dict[int, Segment]]:
    placed: dict[int, PlacedStop] = {}
    through: dict[int, Segment] = {}
    real = [i for i, s in enumerate(face.stops) if s.kind != "junction"]
    lone = len(real) <= 1

    def put(i: int, point: Point, angle: float) -> None:
        stop = face.stops[i]
        style = _stop_style(face, i)
        slots = getattr(stop, "slots", 1)
        placed[i] = PlacedStop(i, stop.kind, style, point, angle, slots, stop_shape(style, slots, angle, point))

    # 1. stops whose place the data gives
    for i, stop in enumerate(face.stops):
        if stop.at is not None:
            slots = getattr(stop, "slots", 1)
            point = loc_point(stop.at, slots)
            put(i, point, _city_angle(point, slots, upright) if stop.kind == "city" else _track_angle(face, i, point))
    _fit_given_stops(face, placed, put)

    # 2. towns on a run of track between two edges sit on that track, clear of other
    #    stops and of other runs of track (a bar touching two tracks reads as on both)
    runs = {i: edge_to_edge(*edges) for i in range(len(face.stops)) if i not in placed
            for edges in [_through_edges(face, i)] if edges is not None}
    plain = [edge_to_edge(p.a.index, p.b.index) for p in face.paths if p.a.kind == p.b.kind == "edge"]
    for i, segment in runs.items():
        others = [p.shape for p in placed.values()]
        others += [_casing(s) for j, s in runs.items() if j != i]
        others += [_casing(s) for s in plain]
        for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.25, 0.75) if not lone else (0.5,):
            point = segment.at(t)
            bar = _bar_room(angle_of(segment.tangent(t)), point)
            if not any(intersects(bar, o) for o in others):
                break
        through[i] = segment
        put(i, point, angle_of(segment.tangent(t)))

    # 3. the rest: the centre when alone, else toward their exits, else a free side
    for i, stop in enumerate(face.stops):
        if i in placed:
            continue
        edges = face.stop_edges(i)
        slots = getattr(stop, "slots", 1)
        if lone or stop.kind == "junction":
            point = (0.0, 0.0)
        elif edges:
            heading = unit(add((0.0, 0.0), tuple(map(sum, zip(*[direction(e) for e in edges])))))
            if heading == (0.0, 0.0):
                heading = direction(edges[0])
            point = scale(heading, EDGE_LOC_DISTANCE if stop.kind == "city" else 45.0)
        else:
            point = _free_direction(placed.values(), face)
        put(i, point, _city_angle(point, slots, upright) if stop.kind == "city" else _track_angle(face, i, point))
    return [placed[i] for i in sorted(placed)], through


def _fit_given_stops(face: TileFace, placed: dict[int, PlacedStop], put) -> None:
    """Stops the data sends toward an edge or corner sit at a standard distance. Where
    that leaves one sticking out of the hex (a big city in a corner), pull it in; where
    two would touch (a ring of cities), push the off-centre ones out toward the rim."""
    inside = _inside()
    given = [i for i in placed if face.stops[i].at != "center"]

    def move(i: int, distance: float) -> bool:
        stop = face.stops[i]
        point = scale(direction(stop.at), distance)
        slots = getattr(stop, "slots", 1)
        put(i, point, _city_angle(point, slots) if stop.kind == "city" else _track_angle(face, i, point))
        return holds(inside.parts[0], placed[i].shape)

    for i in given:
        distance = length(placed[i].point)
        while distance > 0 and not holds(inside.parts[0], placed[i].shape):
            distance = max(0.0, distance - 2.0)
            move(i, distance)
    crowded = any(intersects(placed[i].shape, placed[j].shape)
                  for i, j in itertools.combinations(sorted(placed), 2) if i in given or j in given)
    if not crowded:
        return
    for i in given:
        distance = length(placed[i].point)
        while move(i, distance + 2.0):
            distance += 2.0
        move(i, distance)


def _free_direction(placed, face: TileFace) -> Point:
    """A spot 45 from the centre as far as possible from stops and exits already there."""
    busy = [p.point for p in placed] + [edge_midpoint(e) for e in face.exits()]
    best, best_d = (0.0, 0.0), -1.0
    for k in range(12):
        candidate = scale(direction(1 + k / 2), 45.0)
        d = min((length((candidate[0] - b[0], candidate[1] - b[1])) for b in busy), default=99.0)
        if d > best_d + 1e-6:
            best, best_d = candidate, d
    return best


def _track_angle(face: TileFace, index: int, point: Point) -> float:
    """Direction of the track where it meets a stop, for turning a town bar across it."""
    edges = face.stop_edges(index)
    if edges:
        return angle_of(edge_to_point(edges[0], point).tangent(1.0))
    for path in face.stop_paths(index):
        other = path.b if path.a == End("stop", index) else path.a
        at = face.stops[other.index].at
        if at is not None:
            q = loc_point(at)
            if length((q[0] - point[0], q[1] - point[1])) > 1e-6:
                return angle_of((q[0] - point[0], q[1] - point[1]))
    return angle_of(point) if length(point) > 1e-6 else 90.0
