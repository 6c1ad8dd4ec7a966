"""Layout of a tile face: where each stop, track segment, revenue, label, terrain mark,
name and tile number goes, in hex units. Pure geometry; `render/tile.py` draws it.

Stops are placed first, then track, then everything with text takes the first free
spot from a list of candidates so that nothing covers track or stations.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from pnp.geometry.cores import core, find_cores, with_cores
from pnp.geometry.hexagon import APOTHEM, RADIUS, Point, add, direction, scale
from pnp.geometry.outlines import circle, hex_less, text_box
from pnp.geometry.bands import band
from pnp.geometry.plane import grown_shape, rotated, turned_polygon, union
from pnp.geometry.room import Grown, Room
from pnp.geometry.track import polyline
from pnp.model.tile import End, PhaseValue, TileFace, revenue_text
from pnp.text import fit_size, text_width
from pnp.geometry.face_spots import fallback_circles, revenue_candidates, revenue_groups, revenue_radius, ring, rim, stop_reach
from pnp.geometry.face_icons import place_icon
from pnp.geometry.face_stops import place_stops
from pnp.geometry.face_track import overpasses, place_track, spur_track, stub_track
from pnp.geometry.placed import (
    CASING_WIDTH,
    FLIP_FONT,
    FLIP_MARK,
    FUTURE_LABEL_FONT,
    HALT_FONT,
    ID_FONT,
    LABEL_FONT,
    NAME_FONT,
    PHASE_BOX_HEIGHT,
    PHASE_FONT,
    PHASE_NAME_FONT,
    is_phase_colour,
    REVENUE_FONT,
    TERRAIN_FONT,
    TRACK_WIDTH,
    FaceLayout,
    PhaseRow,
    PlacedStop,
    PlacedText,
    PlacedTrack,
    RevenueMark,
)


PARTITION_CLEARANCE = 5.0


def partition_line(part) -> tuple[Point, Point]:
    """A partition's line across the hex, from rim point a toward b for its length."""

    def rim_point(position: float) -> Point:
        return scale(direction(position), RADIUS if position != int(position) else APOTHEM)

    a, b = rim_point(part.a), rim_point(part.b)
    return (a, add(a, scale((b[0] - a[0], b[1] - a[1]), part.length)))


# The shapes below recur on many faces (the same runs of track, the same stops in the
# same places): each is made once a process, its cores worked out with it (every
# candidate spot on the face is tested against it).
@lru_cache(maxsize=2048)
def _casing(segment):
    """The ground a run of track covers, casing and all (square ends): texts keep off it."""
    return band(polyline(segment), CASING_WIDTH / 2, round_caps=False)


@lru_cache(maxsize=2048)
def _stop_clearance(shape):
    """A stop's outline (convex) grown by 2: texts keep that far from it. Cached by the
    shape object itself (a `Shape` has no equality of its own): it hits because
    `stop_shape` hands out one object per stop style, slots and angle."""
    return find_cores(grown_shape(shape, 2))


@lru_cache(maxsize=4096)
def layout_face(face: TileFace, *, tile_id: str | None = None, name: str | None = None,
                stage: str | None = None, flippable: bool = False, text_angle: float = 0.0,
                inset: float = 5.0) -> FaceLayout:
    """Lay out a face. `text_angle` turns every text so it reads upright once the face
    is turned (a pointy hex or a rotated tile). A `flippable` tile gets the flip mark
    in a free spot near the rim, after its id."""
    occupied = Room(hex_less(inset))
    # the part of the turn that is not a whole tile rotation: a pointy hex's 30 degrees
    stops, through = place_stops(face, upright=-((-text_angle) % 60.0))
    track = place_track(face, stops, through) + stub_track(face) + spur_track(face, stops)
    for t in track:
        occupied.add(_casing(t.segment))
    for s in stops:
        occupied.add(_stop_clearance(s.shape))
    for part in face.partitions:  # a river or province line: text keeps clear of it too
        occupied.add(band(partition_line(part), PARTITION_CLEARANCE, round_caps=True))
    for shape in face.shapes:  # drawn where the data puts them: text keeps clear
        if not shape.background:
            occupied.add(circle((shape.x, shape.y), max(shape.width, shape.height or 0.0) / 2 + 2))

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
        k, cost = occupied.least_clash([shape for _, shape in tried])
        clash += cost
        occupied.add(tried[k][1])
        return tried[k][0]

    # stage numeral at the left corner (18-XY prints the stage there)
    if stage:
        p = (-70.0, 0.0)
        shape = text_box(stage, 18.0, p, angle=text_angle, weight="bold")
        texts.append(PlacedText("stage", stage, p, 18.0, "bold"))
        occupied.add(shape)

    by_index = {s.index: s for s in stops}
    for indices, revenue in revenue_groups(face):
        if isinstance(revenue, int) or all(pv.phase == "" for pv in revenue):  # 20, or 30/50 printed together
            text = revenue_text(revenue)
            radius = revenue_radius(text)
            point, radius = take(revenue_candidates([by_index[i] for i in indices], radius))
            size = fit_size(text, 2 * radius - 5, REVENUE_FONT, "bold")
            revenues.append(RevenueMark(point, radius, text, size))
        else:
            rows.append(_phase_row(revenue, by_index[indices[0]], take, text_angle))

    for s in stops:
        if s.kind == "halt":
            symbol = face.stops[s.index].symbol
            spots = itertools.chain(ring(s.point, stop_reach(s) + 10, 8), fallback_circles([s], 8))
            cands = ((p, text_box(symbol, HALT_FONT, p, angle=text_angle, weight="bold")) for p, _ in spots)
            point = take(cands)
            texts.append(PlacedText("symbol", symbol, point, HALT_FONT, "bold"))

    if face.label:
        size = LABEL_FONT if len(face.label) <= 2 else LABEL_FONT * 0.75
        spots = [(-58, 0), (58, 0), (-45, -42), (45, -42), (-45, 42), (45, 42), (0, -58), (0, 58), (-68, 0), (68, 0)]
        spots += rim()
        inner = rim((30.0, 25.0, 20.0, 15.0), 15) + [(0.0, 0.0)]  # only when the rim is full
        passes = ((spots, (1.0, 0.75, 0.6)), (inner, (0.75, 0.6, 0.5)), (spots, (0.5, 0.4)))  # long names: smaller
        cands = (((p, k), text_box(face.label, size * k, p, angle=text_angle, weight="bold"))
                 for spots_, scales in passes for k in scales for p in spots_)
        point, k = take(cands)
        texts.append(PlacedText("label", face.label, point, size * k, "bold"))

    icon = None
    if face.terrain and (face.terrain.cost or face.terrain.type):
        text = str(face.terrain.cost) if face.terrain.cost else ""
        spots = [(0, 0), (30, -58), (-45, -45), (-30, 58), (62, 0), (-62, 0), (30, 58), (45, 40), (-45, 40)]
        if face.stops or face.paths:
            spots = spots[1:]
        spots += rim((58.0, 45.0), 30)
        cands = ((p, union(text_box(text, TERRAIN_FONT, (p[0], p[1] + 10), angle=text_angle, weight="bold"),
                           circle((p[0], p[1] - 9), 11))) for p in spots)
        point = take(cands)
        icon = (face.terrain.type[0] if face.terrain.type else "mountain", (point[0], point[1] - 9))
        if text:
            texts.append(PlacedText("terrain", text, (point[0], point[1] + 10), TERRAIN_FONT, "bold"))

    icons = [place_icon(icon, take, text_angle, busy=bool(face.stops or face.paths)) for icon in face.icons]
    for data, placed in zip(face.icons, icons):
        if data.revenue is not None:  # its bonus, in a revenue circle beside it
            text = str(data.revenue)
            radius = revenue_radius(text)
            point = take(ring(placed.point, placed.radius + radius + 2, radius))
            revenues.append(RevenueMark(point, radius, text, fit_size(text, 2 * radius - 5, REVENUE_FONT, "bold")))

    if face.future_label:
        fl = face.future_label.label
        spots = [(58, -35), (-58, -35), (58, 35), (-58, 35), (0, 60), (0, -60)] + rim((62.0, 52.0), 15)
        point = take((p, Grown(text_box(fl, FUTURE_LABEL_FONT, p, angle=text_angle, weight="bold"), 4)) for p in spots)
        texts.append(PlacedText("future_label", fl, point, FUTURE_LABEL_FONT, "bold"))

    if name:
        size = fit_size(name, 150.0, NAME_FONT)
        spots = [(0, -62), (0, 62), (0, -45), (0, 45), (0, -28), (0, 28), (0, 0), (0, -70), (0, 70)]
        spots += [(x, y) for y in (-62, 62, -45, 45, -28, 28) for x in (-20, 20, -35, 35)]
        point = take((p, text_box(name, size, p, angle=text_angle)) for p in spots)
        texts.append(PlacedText("name", name, point, size))

    if tile_id:
        spots = [(-36, 73), (36, 73), (-36, -73), (36, -73), (-60, 40), (60, 40), (-60, -40), (60, -40)]
        spots += [(x, y) for y in (74, -74) for x in (-20, 20, -45, 45, 0)] + [(x, 0) for x in (-75, 75)]
        spots += rim((72.0, 66.0, 60.0, 52.0, 44.0, 78.0), 10)  # long ids, crowded tiles
        point = take((p, text_box(tile_id, ID_FONT, p, angle=text_angle)) for p in spots)
        texts.append(PlacedText("id", tile_id, point, ID_FONT))

    if flippable:
        spots = [(36, 72), (-36, 72), (36, -72), (-36, -72), (60, 40), (60, -40), (-60, 40), (-60, -40)]
        spots += rim((70.0, 64.0, 58.0, 50.0), 10)
        point = take((p, text_box(FLIP_MARK, FLIP_FONT, p, angle=text_angle, weight="bold")) for p in spots)
        texts.append(PlacedText("flip", FLIP_MARK, point, FLIP_FONT, "bold"))

    return FaceLayout(tuple(stops), tuple(track), tuple(revenues), tuple(rows), tuple(texts), icon,
                      text_angle, clash, tuple(overpasses(track, stops)), tuple(icons))



def _phase_row(revenue: tuple[PhaseValue, ...], stop: PlacedStop, take, text_angle: float) -> PhaseRow:
    named = any(not is_phase_colour(pv.phase) for pv in revenue)  # 3H, 2x4: the phase printed above its value
    widths = [max(24.0, text_width(str(pv.value), PHASE_FONT, "bold") + 10,
                  text_width(pv.phase, PHASE_NAME_FONT) + 6 if named else 0.0) for pv in revenue]
    total = sum(widths)
    h = PHASE_BOX_HEIGHT + (PHASE_NAME_FONT + 2 if named else 0.0)
    spots = [(0, 0), (0, -45), (0, 45), (0, -60), (0, 60), (0, 30), (0, -30)]
    if stop.point != (0.0, 0.0):
        spots = [add(stop.point, (0, -35)), add(stop.point, (0, 35))] + spots

    def candidates():  # made as they are tried; smaller only where a full-size row finds no room
        for k in PHASE_ROW_SCALES:
            for p in spots:
                half_w, half_h = total * k / 2, h * k / 2
                pts = [(p[0] - half_w, p[1] - half_h), (p[0] + half_w, p[1] - half_h),
                       (p[0] + half_w, p[1] + half_h), (p[0] - half_w, p[1] + half_h)]  # anticlockwise
                row = turned_polygon(rotated(pts, text_angle, p) if text_angle else pts, False, 7.9 * half_w * half_h)
                yield (p, k), with_cores(row, core(p[0], p[1], min(half_w, half_h)))

    centre, k = take(candidates())
    boxes, x = [], -total * k / 2
    for pv, w in zip(revenue, widths):
        boxes.append((x, w * k, pv.phase, str(pv.value)))
        x += w * k
    return PhaseRow(centre, h * k, tuple(boxes), k)


PHASE_ROW_SCALES = (1.0, 0.8, 0.65)


__all__ = ["layout_face", "FLIP_MARK", "FaceLayout", "PlacedStop", "PlacedTrack", "PlacedText", "RevenueMark", "PhaseRow",
           "TRACK_WIDTH", "CASING_WIDTH", "APOTHEM", "End"]
