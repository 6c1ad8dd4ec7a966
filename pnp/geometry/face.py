"""Layout of a tile face: where each stop, track segment, revenue, label, terrain mark,
name and tile number goes, in hex units. Pure geometry; `render/tile.py` draws it.

Stops are placed first, then track, then everything with text takes the first free
spot from a list of candidates so that nothing covers track or stations.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache

from shapely import affinity
from shapely.geometry import Polygon
from shapely.ops import unary_union

from pnp.geometry.hexagon import (
    APOTHEM,
    Point,
    add,
    angle_of,
    direction,
    edge_midpoint,
    hex_polygon,
    length,
    scale,
    unit,
)
from pnp.geometry.place import Occupancy, circle, text_box
from pnp.geometry.stops import city_outline, extent, town_bar, town_dot
from pnp.geometry.track import Line, Segment, edge_to_edge, edge_to_point, linestring, nearest_t, part
from pnp.model.tile import End, PhaseValue, TileFace
from pnp.text import fit_size, text_width

TRACK_WIDTH = 12.0
CASING_WIDTH = 18.0
REVENUE_RADIUS = 14.0
REVENUE_FONT = 17.0
LABEL_FONT = 32.0
ID_FONT = 11.0
NAME_FONT = 12.0
TERRAIN_FONT = 15.0
PHASE_BOX_HEIGHT = 22.0
PHASE_FONT = 15.0
HALT_FONT = 17.0
FLIP_FONT = 17.0
FLIP_MARK = "\u21c4"  # ⇄: the tile may also be laid face down, mirrored (18-XY's transparent tiles)

EDGE_LOC_DISTANCE = 50.0
CORNER_LOC_DISTANCE = 60.0
CORNER_LOC_DISTANCE_MULTI = 46.0

# Order in which a revenue circle tries the directions around its stop (0 = right).
RING_ANGLES = (0, -30, 30, -60, 60, 180, -150, 150, -90, 90, -120, 120)


@dataclass(frozen=True)
class PlacedStop:
    index: int
    kind: str
    style: str  # city, bar, dot, offboard, junction
    point: Point
    angle: float
    slots: int
    shape: Polygon


@dataclass(frozen=True)
class PlacedTrack:
    segment: Segment
    terminal: bool = False


@dataclass(frozen=True)
class PlacedText:
    role: str
    text: str
    point: Point
    size: float
    weight: str = "regular"
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class RevenueMark:
    point: Point
    radius: float
    text: str
    size: float


@dataclass(frozen=True)
class PhaseRow:
    """Revenue by phase: coloured boxes side by side, centred on `centre` and turned
    with the text. Each box is (left offset from the centre, width, phase, value)."""

    centre: Point
    height: float
    boxes: tuple[tuple[float, float, str, str], ...]


@dataclass(frozen=True)
class FaceLayout:
    stops: tuple[PlacedStop, ...]
    track: tuple[PlacedTrack, ...]
    revenues: tuple[RevenueMark, ...]
    phase_rows: tuple[PhaseRow, ...]
    texts: tuple[PlacedText, ...]
    terrain_icon: tuple[str, Point] | None
    text_angle: float
    clash: float  # area of text/marks that could not be placed clear of everything
    overpasses: tuple[tuple[Segment, Segment], ...] = ()  # (casing, rail) of track passing over other track


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


def _shape_at(shape: Polygon, point: Point) -> Polygon:
    return affinity.translate(shape, point[0], point[1])


def _place_stops(face: TileFace, upright: float = 0.0) -> tuple[list[PlacedStop], dict[int, Segment]]:
    placed: dict[int, PlacedStop] = {}
    through: dict[int, Segment] = {}
    real = [i for i, s in enumerate(face.stops) if s.kind != "junction"]
    lone = len(real) <= 1

    def put(i: int, point: Point, angle: float) -> None:
        stop = face.stops[i]
        style = _stop_style(face, i)
        slots = getattr(stop, "slots", 1)
        if style == "city":
            shape = city_outline(slots, angle)
        elif style == "bar":
            shape = town_bar(angle)
        elif style == "offboard":
            shape = circle((0, 0), 6)
        elif style == "junction":
            shape = circle((0, 0), 1)
        else:
            shape = town_dot()
        placed[i] = PlacedStop(i, stop.kind, style, point, angle, slots, _shape_at(shape, point))

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
        others += [linestring(s).buffer(CASING_WIDTH / 2) for j, s in runs.items() if j != i]
        others += [linestring(s).buffer(CASING_WIDTH / 2) for s in plain]
        for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.25, 0.75) if not lone else (0.5,):
            point = segment.at(t)
            bar = _shape_at(town_bar(angle_of(segment.tangent(t))), point).buffer(4)
            if not any(bar.intersects(o) for o in others):
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
    inside = hex_polygon().buffer(-1.0)
    given = [i for i in placed if face.stops[i].at != "center"]

    def move(i: int, distance: float) -> bool:
        stop = face.stops[i]
        point = scale(direction(stop.at), distance)
        slots = getattr(stop, "slots", 1)
        put(i, point, _city_angle(point, slots) if stop.kind == "city" else _track_angle(face, i, point))
        return inside.contains(placed[i].shape)

    for i in given:
        distance = length(placed[i].point)
        while distance > 0 and not inside.contains(placed[i].shape):
            distance = max(0.0, distance - 2.0)
            move(i, distance)
    crowded = any(placed[i].shape.intersects(placed[j].shape)
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


def _place_track(face: TileFace, stops: list[PlacedStop], through: dict[int, Segment]) -> list[PlacedTrack]:
    at = {s.index: s.point for s in stops}
    track: list[PlacedTrack] = []
    drawn_through: set[int] = set()
    for path in face.paths:
        a, b = path.a, path.b
        if a.kind == "stop" and b.kind == "edge":
            a, b = b, a
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
        track.append(PlacedTrack(segment, path.terminal))
    return track


OVERPASS_LENGTH = 56.0  # of the upper track, centred on the crossing (RENDERING.md: 63 straight, 47 gentle)
STOP_CLEARANCE = 30.0  # track meeting at or near a stop joins there; it does not cross


def _overpasses(track: list[PlacedTrack], stops: list[PlacedStop]) -> list[tuple[Segment, Segment]]:
    """Where two runs of track cross away from any stop and any edge, the middle of one
    is drawn again over the other, so a crossing never reads as a junction. Straight
    track goes over curves; otherwise the earlier run in the data goes over."""
    lines = [linestring(t.segment) for t in track]
    stop_points = [s.point for s in stops]
    order = sorted(range(len(track)), key=lambda i: (0 if isinstance(track[i].segment, Line) else 1, i))
    out: list[tuple[Segment, Segment]] = []
    for n, i in enumerate(order):
        for j in order[n + 1:]:
            meet = lines[i].intersection(lines[j])
            for point in _points(meet):
                ends = [track[i].segment.start, track[i].segment.end, track[j].segment.start, track[j].segment.end]
                if any(math.dist(point, q) < STOP_CLEARANCE for q in stop_points + ends):
                    continue
                upper = track[i].segment
                t = nearest_t(upper, point)
                half = OVERPASS_LENGTH / 2 / max(upper.length, 1e-9)
                seam = 2.0 / max(upper.length, 1e-9)  # the rail runs on past the casing's square ends
                out.append((part(upper, t - half, t + half), part(upper, t - half - seam, t + half + seam)))
    return out


def _points(geometry) -> list[Point]:
    if geometry.is_empty:
        return []
    if geometry.geom_type == "Point":
        return [(geometry.x, geometry.y)]
    if hasattr(geometry, "geoms"):
        return [p for g in geometry.geoms for p in _points(g)]
    return []  # overlapping runs (shared track) are not crossings


def _ring(centre: Point, distance: float, radius: float, angles=RING_ANGLES):
    """Candidate spots for a circle around a stop, nearest first (lazy)."""
    for d in (distance, distance + 8, distance + 18):
        for a in angles:
            p = add(centre, (d * math.cos(math.radians(a)), d * math.sin(math.radians(a))))
            yield p, circle(p, radius)


def _rim(radii=(60.0, 68.0, 50.0, 40.0), step: int = 15) -> list[Point]:
    """Spots around the rim of the hex, for labels that found no preferred spot."""
    return list(_rim_spots(tuple(radii), step))


@lru_cache(maxsize=64)
def _rim_spots(radii: tuple[float, ...], step: int) -> tuple[Point, ...]:
    return tuple((r * math.cos(math.radians(a)), r * math.sin(math.radians(a)))
                 for r in radii for a in range(180, -180, -step))


def _revenue_candidates(stops: list[PlacedStop], radius: float):
    """(spot, radius) and circle for a revenue: full size anywhere first, then a smaller
    circle where a big city leaves no room for a full one."""
    for p, shape in _revenue_spots(stops, radius):
        yield (p, radius), shape
    small = radius * 0.75
    for p in _rim((80.0, 76.0, 72.0), 10):
        yield (p, small), circle(p, small)


def _revenue_spots(stops: list[PlacedStop], radius: float):
    """Spots for a revenue circle: shared spots first when several stops share it, then
    along a town bar, then rings around each stop."""
    if len(stops) > 1:
        for p in ((75, 0), (-75, 0), (35, 61), (-35, -61), (-35, 61), (35, -61), (0, 60), (0, -60)):
            yield p, circle(p, radius)
    for s in stops:
        if s.style == "bar":
            axis = s.angle + 90.0
            yield from _ring(s.point, 18 + radius + 4, radius, (axis, axis + 180))
        yield from _ring(s.point, extent(_origin_shape(s)) + radius + 4, radius)
    yield from _fallback_circles(stops, radius)


def _fallback_circles(stops: list[PlacedStop], radius: float):
    """Where nothing above is free (big cities, crowded tiles): hugging each stop's own
    outline in every direction, then anywhere around the rim."""
    for s in stops:
        for gap in (3.0, 8.0):
            for a in range(0, 360, 15):
                u = (math.cos(math.radians(a)), math.sin(math.radians(a)))
                p = add(s.point, scale(u, _support(s.shape, s.point, u) + radius + gap))
                yield p, circle(p, radius)
    for p in _rim((70.0, 64.0, 58.0, 50.0, 40.0, 30.0, 20.0), 10) + [(0.0, 0.0)]:
        yield p, circle(p, radius)


def _support(shape: Polygon, centre: Point, u: Point) -> float:
    """How far `shape` reaches from `centre` in direction `u`."""
    return max((x - centre[0]) * u[0] + (y - centre[1]) * u[1] for x, y in shape.exterior.coords)


def _revenue_radius(text: str) -> float:
    return REVENUE_RADIUS + (2.5 if len(text) >= 3 else 0.0)


def _revenue_groups(face: TileFace) -> list[tuple[list[int], object]]:
    """Stops that show a revenue, grouped when several cities share one value."""
    shown = [i for i, s in enumerate(face.stops) if s.kind in ("city", "town", "offboard")
             and (not isinstance(s.revenue, int) or s.revenue != 0)]
    cities = [i for i in shown if face.stops[i].kind == "city"]
    if len(cities) > 1 and len({face.stops[i].revenue for i in cities}) == 1 and len(cities) == len(shown):
        return [(cities, face.stops[cities[0]].revenue)]
    return [([i], face.stops[i].revenue) for i in shown]


@lru_cache(maxsize=4096)
def layout_face(face: TileFace, *, tile_id: str | None = None, name: str | None = None,
                stage: str | None = None, flippable: bool = False, text_angle: float = 0.0,
                inset: float = 5.0) -> FaceLayout:
    """Lay out a face. `text_angle` turns every text so it reads upright once the face
    is turned (a pointy hex or a rotated tile). A `flippable` tile gets the flip mark
    in a free spot near the rim, after its id."""
    area = hex_polygon().buffer(-inset, join_style=2)
    occupied = Occupancy(area)
    # the part of the turn that is not a whole tile rotation: a pointy hex's 30 degrees
    stops, through = _place_stops(face, upright=-((-text_angle) % 60.0))
    track = _place_track(face, stops, through)
    for t in track:
        occupied.add(linestring(t.segment).buffer(CASING_WIDTH / 2, cap_style=2))
    for s in stops:
        occupied.add(s.shape.buffer(2))

    clash = 0.0
    texts: list[PlacedText] = []
    revenues: list[RevenueMark] = []
    rows: list[PhaseRow] = []

    def take(candidates) -> Point:
        """The first free spot of a (lazy) sequence of (spot, shape); else the least bad."""
        nonlocal clash
        tried = []
        for point, shape in candidates:
            if occupied.is_free(shape):
                occupied.add(shape)
                return point
            tried.append((point, shape))
        costs = [occupied.clash(shape) for _, shape in tried]
        k = min(range(len(tried)), key=lambda i: (costs[i], i))
        clash += costs[k]
        occupied.add(tried[k][1])
        return tried[k][0]

    # stage numeral at the left corner (18-XY prints the stage there)
    if stage:
        p = (-70.0, 0.0)
        shape = text_box(stage, 18.0, p, angle=text_angle, weight="bold")
        texts.append(PlacedText("stage", stage, p, 18.0, "bold"))
        occupied.add(shape)

    by_index = {s.index: s for s in stops}
    for indices, revenue in _revenue_groups(face):
        if isinstance(revenue, int):
            text = str(revenue)
            radius = _revenue_radius(text)
            point, radius = take(_revenue_candidates([by_index[i] for i in indices], radius))
            size = fit_size(text, 2 * radius - 5, REVENUE_FONT, "bold")
            revenues.append(RevenueMark(point, radius, text, size))
        else:
            rows.append(_phase_row(revenue, by_index[indices[0]], take, text_angle))

    for s in stops:
        if s.kind == "halt":
            symbol = face.stops[s.index].symbol
            spots = itertools.chain(_ring(s.point, extent(_origin_shape(s)) + 10, 8), _fallback_circles([s], 8))
            cands = ((p, text_box(symbol, HALT_FONT, p, angle=text_angle, weight="bold")) for p, _ in spots)
            point = take(cands)
            texts.append(PlacedText("symbol", symbol, point, HALT_FONT, "bold"))

    if face.label:
        size = LABEL_FONT if len(face.label) <= 2 else LABEL_FONT * 0.75
        spots = [(-58, 0), (58, 0), (-45, -42), (45, -42), (-45, 42), (45, 42), (0, -58), (0, 58), (-68, 0), (68, 0)]
        spots += _rim()
        inner = _rim((30.0, 25.0, 20.0, 15.0), 15) + [(0.0, 0.0)]  # only when the rim is full
        cands = (((p, k), text_box(face.label, size * k, p, angle=text_angle, weight="bold"))
                 for ring, scales in ((spots, (1.0, 0.75, 0.6)), (inner, (0.75, 0.6, 0.5))) for k in scales for p in ring)
        point, k = take(cands)
        texts.append(PlacedText("label", face.label, point, size * k, "bold"))

    icon = None
    if face.terrain and face.terrain.cost:
        text = str(face.terrain.cost)
        spots = [(0, 0), (30, -58), (-45, -45), (-30, 58), (62, 0), (-62, 0), (30, 58), (45, 40), (-45, 40)]
        if face.stops or face.paths:
            spots = spots[1:]
        spots += _rim((58.0, 45.0), 30)
        cands = ((p, unary_union([text_box(text, TERRAIN_FONT, (p[0], p[1] + 10), angle=text_angle, weight="bold"),
                                  circle((p[0], p[1] - 9), 11)])) for p in spots)
        point = take(cands)
        icon = (face.terrain.type[0] if face.terrain.type else "mountain", (point[0], point[1] - 9))
        texts.append(PlacedText("terrain", text, (point[0], point[1] + 10), TERRAIN_FONT, "bold"))

    if name:
        size = fit_size(name, 150.0, NAME_FONT)
        spots = [(0, -62), (0, 62), (0, -45), (0, 45), (0, -28), (0, 28), (0, 0), (0, -70), (0, 70)]
        spots += [(x, y) for y in (-62, 62, -45, 45, -28, 28) for x in (-20, 20, -35, 35)]
        point = take((p, text_box(name, size, p, angle=text_angle)) for p in spots)
        texts.append(PlacedText("name", name, point, size))

    if tile_id:
        spots = [(-36, 73), (36, 73), (-36, -73), (36, -73), (-60, 40), (60, 40), (-60, -40), (60, -40)]
        spots += [(x, y) for y in (74, -74) for x in (-20, 20, -45, 45, 0)] + [(x, 0) for x in (-75, 75)]
        spots += _rim((72.0, 66.0, 60.0, 52.0, 44.0, 78.0), 10)  # long ids, crowded tiles
        point = take((p, text_box(tile_id, ID_FONT, p, angle=text_angle)) for p in spots)
        texts.append(PlacedText("id", tile_id, point, ID_FONT))

    if flippable:
        spots = [(36, 72), (-36, 72), (36, -72), (-36, -72), (60, 40), (60, -40), (-60, 40), (-60, -40)]
        spots += _rim((70.0, 64.0, 58.0, 50.0), 10)
        point = take((p, text_box(FLIP_MARK, FLIP_FONT, p, angle=text_angle, weight="bold")) for p in spots)
        texts.append(PlacedText("flip", FLIP_MARK, point, FLIP_FONT, "bold"))

    return FaceLayout(tuple(stops), tuple(track), tuple(revenues), tuple(rows), tuple(texts), icon,
                      text_angle, clash, tuple(_overpasses(track, stops)))


def _origin_shape(s: PlacedStop) -> Polygon:
    return affinity.translate(s.shape, -s.point[0], -s.point[1])


def _phase_row(revenue: tuple[PhaseValue, ...], stop: PlacedStop, take, text_angle: float) -> PhaseRow:
    widths = [max(24.0, text_width(str(pv.value), PHASE_FONT, "bold") + 10) for pv in revenue]
    total = sum(widths)
    h = PHASE_BOX_HEIGHT
    spots = [(0, 0), (0, -45), (0, 45), (0, -60), (0, 60)]
    if stop.point != (0.0, 0.0):
        spots = [add(stop.point, (0, -35)), add(stop.point, (0, 35))] + spots
    cands = []
    for p in spots:
        shape = Polygon([(p[0] - total / 2, p[1] - h / 2), (p[0] + total / 2, p[1] - h / 2),
                         (p[0] + total / 2, p[1] + h / 2), (p[0] - total / 2, p[1] + h / 2)])
        if text_angle:
            shape = affinity.rotate(shape, text_angle, origin=p)
        cands.append((p, shape))
    centre = take(cands)
    boxes, x = [], -total / 2
    for pv, w in zip(revenue, widths):
        boxes.append((x, w, pv.phase, str(pv.value)))
        x += w
    return PhaseRow(centre, h, tuple(boxes))


__all__ = ["layout_face", "FLIP_MARK", "FaceLayout", "PlacedStop", "PlacedTrack", "PlacedText", "RevenueMark", "PhaseRow",
           "TRACK_WIDTH", "CASING_WIDTH", "APOTHEM", "End"]
