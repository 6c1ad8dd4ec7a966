"""Where 18xx-maker draws the parts of a hex, in its own units.

18xx-maker draws a flat-topped hex with an apothem of 75, y pointing down. Side 1 is
the bottom edge and the sides run clockwise (2 lower left, 3 upper left, 4 top, 5 upper
right, 6 lower right), so maker side s is pnp edge s - 1 and angles mean the same in
both: degrees clockwise from straight down.

An element is placed by `x`, `y`, `angle` and `percent`: it sits `percent` of the
apothem away from (x, y) in the direction `angle`. It is then turned by `rotation` (or
`rotate`), plus 60 degrees for each side after the first when it names a `side`.
Track is drawn entering at the bottom side and turned into place the same way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import LineString, Point as ShapelyPoint, Polygon
from shapely.geometry.base import BaseGeometry

from pnp.geometry.hexagon import Point, add, rotate_degrees

APOTHEM = 75.0
SHARP_RADIUS = APOTHEM / math.sqrt(3.0)  # centred on the corner shared with the next side
GENTLE_RADIUS = APOTHEM * math.sqrt(3.0)  # centred on the neighbouring hex
SLOT_RADIUS = 25.0
ARC_STEPS = 24

POSITION_KEYS = frozenset({"x", "y", "angle", "percent", "rotation", "rotate", "side"})


class Unsupported(ValueError):
    """Something 18xx-maker draws that this reader does not model."""


@dataclass(frozen=True)
class Placement:
    origin: Point
    rotation: float  # degrees, clockwise on screen

    def apply(self, p: Point) -> Point:
        return add(self.origin, rotate_degrees(p, self.rotation))


def placement(element: dict) -> Placement:
    """Where an element's own origin lands on the hex, and how far it is turned."""
    angle = float(element.get("angle", 0) or 0)
    rotation = float(element.get("rotate", 0) or element.get("rotation", 0) or 0)
    if element.get("side"):
        rotation += (float(element["side"]) - 1) * 60.0
    reach = APOTHEM * float(element.get("percent", 0) or 0)
    base = (float(element.get("x", 0) or 0), float(element.get("y", 0) or 0))
    return Placement(add(base, rotate_degrees((0.0, reach), angle)), rotation)


def auto_value_positions(values: list[dict]) -> list[dict]:
    """18xx-maker puts the first value given without any position at angle 210,
    70 % out; later unplaced values stay at the centre."""
    out = []
    for i, value in enumerate(values):
        if i == 0 and not POSITION_KEYS & set(value):
            value = {**value, "angle": 210, "percent": 0.7}
        out.append(value)
    return out


def _arc(radius: float, turn_degrees: float, start: float, end: float) -> list[Point]:
    """An arc leaving the bottom side's midpoint and bending left, as a polyline."""
    points = []
    for k in range(ARC_STEPS + 1):
        a = math.radians(turn_degrees) * (start + (end - start) * k / ARC_STEPS)
        points.append((-radius + radius * math.cos(a), APOTHEM - radius * math.sin(a)))
    return points


STUB_LENGTH = 0.5  # of the apothem


def base_track(track: dict) -> list[Point]:
    """A track's centre line before it is turned into place: it enters at the bottom."""
    kind = track.get("type")
    start = float(track.get("start", 0) or 0)
    end = float(track.get("end", 1) if track.get("end") is not None else 1)
    if kind in (None, "city"):
        return [(0.0, APOTHEM), (0.0, 0.0)]
    if kind == "straight":
        return [(0.0, APOTHEM - 2 * APOTHEM * start), (0.0, APOTHEM - 2 * APOTHEM * end)]
    if kind == "stub":  # a short piece from the side, ending in the open
        return [(0.0, APOTHEM), (0.0, APOTHEM * (1 - STUB_LENGTH))]
    if kind == "sharp":
        return _arc(SHARP_RADIUS, 120.0, start, end)
    if kind == "gentle":
        return _arc(GENTLE_RADIUS, 60.0, start, end)
    if kind == "bent":  # to the opposite side, bowed round the centre toward +x
        from pnp.importers.path_data import path_points

        return path_points(BENT_PATH)
    if kind == "custom" and isinstance(track.get("path"), str):  # hand-drawn: its own path data
        from pnp.importers.path_data import path_points

        return path_points(track["path"])
    raise Unsupported(f"track type '{kind}'")


BENT_PATH = "M 0 75 C 0 30, 40 40, 40 0 C 40 -40, 0 -30, 0 -75"  # 18xx-maker's bent track, entering at the bottom
BENT_BULGE = (40.0, 0.0)  # the point it bows out to


def track_line(track: dict) -> LineString:
    """The track's centre line on the hex; hand-drawn track, which may run past the rim,
    is cut at the rim."""
    place = placement(track)
    line = LineString([place.apply(p) for p in base_track(track)])
    if track.get("type") == "custom":
        inside = line.intersection(hex_shape())
        if inside.geom_type != "LineString" or inside.is_empty:
            raise Unsupported("hand-drawn track that leaves and re-enters the hex")
        return inside
    return line


def hex_shape() -> Polygon:
    """18xx-maker's hex: flat-topped, apothem 75."""
    r = APOTHEM * 2 / math.sqrt(3.0)
    return Polygon([(r * math.cos(math.radians(a)), r * math.sin(math.radians(a))) for a in range(0, 360, 60)])


def rim_position(point: Point, tolerance: float = 2.0) -> float | None:
    """An edge (0-5) or corner (x.5) that a point on the rim is nearest, when within
    `tolerance` of it."""
    best = round(bearing(point) / 30.0) / 2.0 % 6.0
    target = edge_midpoint(int(best)) if best == int(best) else rotate_degrees((0.0, APOTHEM * 2 / math.sqrt(3.0)), 60.0 * best)
    return best if math.dist(target, point) <= tolerance else None


def city_core(size: int, place: Placement) -> BaseGeometry:
    """The centres of a city's token slots: a point, a bar, or the area they enclose.
    Track that reaches the core (or ends within a slot's radius of it) meets the city."""
    if size == 1:
        return ShapelyPoint(place.origin)
    if size == 2:
        return LineString([place.apply((-SLOT_RADIUS, 0.0)), place.apply((SLOT_RADIUS, 0.0))])
    if size == 4:
        return Polygon([place.apply(p) for p in ((-25, -25), (25, -25), (25, 25), (-25, 25))])
    ring = {3: 29.0, 5: 40.0, 6: 40.0}.get(size)
    if ring is None:
        raise Unsupported(f"city size {size!r}")
    return ShapelyPoint(place.origin).buffer(ring, 12)


def edge_midpoint(edge: int) -> Point:
    """The midpoint of pnp edge `edge` (maker side edge + 1)."""
    return rotate_degrees((0.0, APOTHEM), 60.0 * edge)


def bulge_position(track: dict) -> float:
    """Where bent track bows to, as an edge or corner (x.5) of the hex."""
    origin = placement(track).apply(BENT_BULGE)
    return round(bearing(origin) / 30.0) / 2.0 % 6.0


def edge_of(point: Point, tolerance: float = 2.0) -> int | None:
    """The pnp edge whose midpoint `point` is, or None."""
    distance = math.hypot(*point)
    if abs(distance - APOTHEM) > tolerance:
        return None
    angle = bearing(point)
    nearest = round(angle / 60.0)
    if abs(angle - 60.0 * nearest) * math.pi / 180.0 * APOTHEM > tolerance:
        return None
    return nearest % 6


def bearing(point: Point) -> float:
    """Degrees clockwise from straight down, 0 to 360."""
    return math.degrees(math.atan2(-point[0], point[1])) % 360.0


def reach(point: Point) -> float:
    """Distance from the centre as a fraction of the apothem."""
    return math.hypot(*point) / APOTHEM


__all__ = ["APOTHEM", "Placement", "Unsupported", "placement", "auto_value_positions", "base_track", "track_line",
           "city_core", "edge_midpoint", "edge_of", "bearing", "reach", "POSITION_KEYS"]
