"""One 18xx-maker hex (a tile or a map hex) read into pnp's face fields.

18xx-maker describes a hex by what it draws and where: track pieces turned to a side,
cities and towns at positions. pnp stores what a hex *is*: stops and the paths between
edges and stops. The reader recovers that from the drawing: it traces each track piece,
finds the edges it reaches and the stations it passes or ends in, joins pieces that
meet in the open (two make one path, three or more a junction), and gives each value
to the nearest station.

Anything pnp could not print faithfully (narrow gauge, coloured track, names, icons,
company marks ...) is returned as a problem, never dropped: the caller lists it.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from pnp.geometry.hexagon import Point
from pnp.importers.maker_geometry import (
    POSITION_KEYS,
    Unsupported,
    auto_value_positions,
    bearing,
    city_core,
    edge_midpoint,
    edge_of,
    placement,
    reach,
    track_line,
)
from pnp.model.tile import TERRAIN_KINDS

# How close (maker units, apothem 75) track must come to count as meeting something.
CITY_END = 28.0  # a track end within a slot's radius of the slot centres ends in the city
CITY_PASS = 18.0  # track passing under a slot (well inside its radius of 25) runs through the city
CITY_ON_EDGE = 22.0  # a city this close to an edge midpoint overlaps the edge: it meets it without track
TOWN_END = 12.0
TOWN_PASS = 6.0
MEET = 4.0  # track ends this close together meet
CENTRE_REACH = 0.2  # a station nearer the centre than this fraction of the apothem is centred

# Keys that change nothing pnp prints, or that pnp works out for itself: the position of
# values and labels (pnp places them clear of track), fonts, print grouping, symmetry.
COSMETIC = {
    "hex": {"color", "rotations", "group", "print", "quantity", "hexes", "encoding", "clipPath"},
    "track": {"cross", "offset"},  # which track is drawn on top; where narrow-gauge dashes start
    "cities": {"groups"},
    "towns": {"groups"},
    "centerTowns": {"groups"},
    "values": {"outerBorderColor"},
    "labels": {"size", "fontSize", "fontStyle", "fontWeight", "fontFamily"},
    "terrain": {"size"},
    "icons": {"noCircle", "width", "strokeWidth", "color"},
    "names": {"fontSize", "fontWeight", "fontFamily", "color", "offset", "reverse", "bgColor"},
    "borders": {"width", "dashed"},
}
KNOWN = {
    "track": {"type", "start", "end", "gauge"},  # type stub: a short piece from a side
    "cities": {"size", "companies", "name"},
    "towns": {"color"},
    "centerTowns": {"color"},
    "values": {"value"},
    "labels": {"label"},
    "terrain": {"cost", "type"},
    "icons": {"type"},
    "names": {"name"},
    "borders": {"side", "color"},
}
READ_KEYS = set(KNOWN)
# 18xx-maker's gauges as pnp's; "line" and "dashed" are routes or ferries, not track
MAKER_GAUGES = {"normal": "standard", "standard": "standard", "narrow": "narrow", "dual": "dual", "line": "thin",
                "dashed": "future"}
# 18xx-maker's side colours as pnp's kinds of border; any other colour is an
# impassable side printed in that colour
SIDE_KINDS = {"water": "water", "blue": "water", "river": "river", "mountain": "mountain", "brown": "mountain",
              "red": "impassable", "black": "impassable", "impassable": "impassable", "orange": "province"}


@dataclass
class Station:
    kind: str  # city, town, halt
    slots: int
    origin: Point
    core: BaseGeometry
    end_reach: float
    pass_reach: float
    style: str | None = None  # a town given as a dot


@dataclass
class FaceResult:
    """The face fields in pnp's compact form (stops, track, label, terrain), or None
    with the reasons it could not be read."""

    face: dict | None
    problems: list[str] = field(default_factory=list)


def read_hex(hex_data: dict) -> FaceResult:
    problems = _unread_features(hex_data)
    if problems:
        return FaceResult(None, problems)
    try:
        stations = _stations(hex_data)
        stubs: list[int] = []
        links, stations = _links(_visible(hex_data.get("track")), stations, stubs)
        face = _face(hex_data, stations, links)
        if stubs:
            face["stubs"] = sorted(set(stubs))
    except Unsupported as exc:
        return FaceResult(None, [str(exc)])
    return FaceResult(face)


# --- what cannot be read -----------------------------------------------------------


def _visible(items) -> list[dict]:
    return [d for d in (items or []) if not d.get("hidden")]


# Why a feature cannot be printed by pnp, by where it appears.
HEX_REASONS = {
    "broken": "marked broken in 18xx-maker (not ready to print)",
    "shapes": "decorative shapes",
    "goods": "goods marks",
    "tunnelEntrances": "tunnel entrances",
    "offBoardRevenue": "an off-board revenue table",
}
ELEMENT_REASONS = {
    ("track", "bad_gauge"): "{value} gauge track",
    ("track", "color"): "coloured track",
    ("track", "borderColor"): "coloured track",
    ("track", "gaugeColor"): "coloured track",
    ("track", "path"): "hand-drawn track",
    ("track", "sides"): "hand-drawn track",
    ("cities", "pass"): "a pass-through city mark",
    ("towns", "color"): "a {value} town",
    ("centerTowns", "color"): "a {value} town",
}


def _unread_features(hex_data: dict) -> list[str]:
    """Everything in the hex that pnp cannot print, once each."""
    problems: dict[str, None] = {}
    for key, value in hex_data.items():
        if key in COSMETIC["hex"] or key in READ_KEYS or value in (None, [], {}, False):
            continue
        problems[HEX_REASONS.get(key, f"'{key}' ({_brief(value)})")] = None
    for key in READ_KEYS:
        for element in _visible(hex_data.get(key)):
            extra = set(element) - POSITION_KEYS - KNOWN[key] - COSMETIC.get(key, set())
            if key in ("towns", "centerTowns") and element.get("color", "halt") != "halt":
                extra.add("color")
            if key == "track" and element.get("gauge", "normal") not in MAKER_GAUGES:
                problems[f"{_brief(element['gauge'])} gauge track"] = None
            for name in sorted(extra):
                reason = ELEMENT_REASONS.get((key, name), f"{key}.{name}")
                problems[reason.format(value=_brief(element[name]))] = None
    return list(problems)


def _brief(value) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


# --- stations ----------------------------------------------------------------------


def _stations(hex_data: dict) -> list[Station]:
    out = []
    for city in _visible(hex_data.get("cities")):
        size = city.get("size", 1)
        if not isinstance(size, int):
            raise Unsupported(f"city size '{size}'")
        place = placement(city)
        out.append(Station("city", size, place.origin, city_core(size, place), CITY_END, CITY_PASS))
    for key, style in (("towns", None), ("centerTowns", "dot")):
        for town in _visible(hex_data.get(key)):
            origin = placement(town).origin
            kind = "halt" if town.get("color") == "halt" else "town"
            out.append(Station(kind, 1, origin, ShapelyPoint(origin), TOWN_END, TOWN_PASS, style))
    return out


# --- track -------------------------------------------------------------------------

Node = tuple  # ("edge", e) | ("stop", i) | ("free", k)


def _links(tracks: list[dict], stations: list[Station], stubs: list[int]) -> tuple[dict[frozenset, str], list[Station]]:
    """Which edges and stations the track joins. Track ends that meet in the open
    become free nodes; they are then joined through or turned into junctions."""
    lines = [track_line(t) for t in tracks]
    free: list[Point] = []

    def end_node(p: Point) -> Node:
        edge = edge_of(p)
        if edge is not None:
            return ("edge", edge)
        best = _nearest_station(p, stations)
        if best is not None:
            return ("stop", best)
        for k, q in enumerate(free):
            if math.dist(p, q) <= MEET:
                return ("free", k)
        free.append(p)
        return ("free", len(free) - 1)

    ends = [(end_node(line.coords[0]), end_node(line.coords[-1])) for line in lines]
    links: set[frozenset] = set(_cities_on_edges(stations))
    gauges: dict[frozenset, str] = {}
    for track, line, (first, last) in zip(tracks, lines, ends):
        hits = [(0.0, first), (line.length, last)]
        for i, station in enumerate(stations):
            if line.distance(station.core) < station.pass_reach:
                on_line, _ = nearest_points(line, station.core)
                hits.append((line.project(on_line), ("stop", i)))
        for k, q in enumerate(free):
            if line.distance(ShapelyPoint(q)) <= MEET:
                hits.append((line.project(ShapelyPoint(q)), ("free", k)))
        hits.sort(key=lambda h: (h[0], h[1]))
        sequence = [node for _, node in hits]
        sequence = [n for j, n in enumerate(sequence) if j == 0 or n != sequence[j - 1]]
        # the same connection drawn twice (a curve merging into a straight) is one path
        gauge = MAKER_GAUGES.get(track.get("gauge", "normal"), "standard")
        for a, b in zip(sequence, sequence[1:]):
            link = frozenset((a, b))
            links.add(link)
            gauges[link] = _wider(gauges.get(link), gauge)
    links, stations, joined = _resolve_free(links, free, stations, stubs)
    for link, parts in joined.items():
        kinds = {gauges.get(p, "standard") for p in parts}
        gauges[link] = "dual" if "dual" in kinds or len(kinds) > 1 else kinds.pop()
    return {link: gauges.get(link, "standard") for link in links}, stations


def _wider(old: str | None, new: str) -> str:
    """Standard and narrow track drawn over each other carry both gauges."""
    if old is None or old == new:
        return new
    return "dual"


def _cities_on_edges(stations: list[Station]):
    for i, station in enumerate(stations):
        if station.kind == "city":
            for edge in range(6):
                if station.core.distance(ShapelyPoint(edge_midpoint(edge))) <= CITY_ON_EDGE:
                    yield frozenset((("stop", i), ("edge", edge)))


def _nearest_station(p: Point, stations: list[Station]) -> int | None:
    best, best_d = None, math.inf
    for i, station in enumerate(stations):
        d = station.core.distance(ShapelyPoint(p))
        if d <= station.end_reach and d < best_d:
            best, best_d = i, d
    return best


def _resolve_free(links: set[frozenset], free: list[Point], stations: list[Station], stubs: list[int]):
    """Two pieces meeting in the open are one path; three or more meet at a junction.
    Also returns, for each path joined from two pieces, the pieces it was joined from."""
    links = set(links)
    stations = list(stations)
    joined: dict[frozenset, list[frozenset]] = {}
    for k, point in enumerate(free):
        node = ("free", k)
        mine = [link for link in links if node in link]
        others = [next(iter(link - {node})) for link in mine]
        if len(others) == 1 and others[0][0] == "edge":  # a stub: track from an edge ending in the open
            links -= set(mine)
            stubs.append(others[0][1])
            continue
        if len(others) < 2:
            raise Unsupported(f"track ends in the open at ({point[0]:.0f}, {point[1]:.0f})")
        links -= set(mine)
        if len(others) == 2:
            if others[0] == others[1]:
                raise Unsupported("track runs in a loop")
            links.add(frozenset(others))
            joined[frozenset(others)] = mine
        else:
            stations.append(Station("junction", 1, point, ShapelyPoint(point), 0.0, 0.0))
            junction = ("stop", len(stations) - 1)
            for link, other in zip(mine, others):
                links.add(frozenset((junction, other)))
                joined[frozenset((junction, other))] = [link]
    return links, stations, joined


# --- the face ----------------------------------------------------------------------


def _face(hex_data: dict, stations: list[Station], links: dict[frozenset, str]) -> dict:
    face: dict = {}
    if stations:
        revenues = _revenues(hex_data, stations)
        face["stops"] = [_stop(i, s, stations, links, revenues.get(i)) for i, s in enumerate(stations)]
    if links:
        face["paths"] = [{"a": _end(a), "b": _end(b), **({"track": links[link]} if links[link] != "standard" else {})}
                         for link, (a, b) in sorted(((link, _ordered(link)) for link in links), key=lambda x: x[1])]
    labels = [label["label"] for label in _visible(hex_data.get("labels"))]
    if len(labels) > 1:
        raise Unsupported(f"several labels ({', '.join(labels)})")
    if labels:
        face["label"] = labels[0]
    terrain = _terrain(hex_data)
    if terrain:
        face["terrain"] = terrain
    _sides(hex_data, face)
    names = [n for n in (_name(x) for x in _visible(hex_data.get("names")) + _visible(hex_data.get("cities"))) if n]
    if names:
        face["name"] = " / ".join(dict.fromkeys(names))
    icons = [_icon(i) for i in _visible(hex_data.get("icons")) if i.get("type")]
    if icons:
        face["icons"] = icons
    cities = [i for i, s in enumerate(stations) if s.kind == "city"]
    for i, city in zip(cities, _visible(hex_data.get("cities"))):
        marks = [m for m in (city_mark(m) for m in city.get("companies") or ()) if m]
        if marks:
            face["stops"][i]["marks"] = marks
    return face


def _name(item: dict) -> str | None:
    name = item.get("name")
    if isinstance(name, dict):
        name = name.get("name")
    return " ".join(name.split()) if isinstance(name, str) and name.strip() else None


def _sides(hex_data: dict, face: dict) -> None:
    """Coloured sides: all six in one colour are a frame; else each a border of the
    kind its colour names (or an impassable side in that colour)."""
    sides = {}
    for item in _visible(hex_data.get("borders")):
        side, colour = item.get("side"), item.get("color") or "black"
        if not isinstance(side, int) or not 1 <= side <= 6:
            raise Unsupported(f"hex side '{side}'")
        sides[side - 1] = str(colour)
    if not sides:
        return
    if len(sides) == 6 and len(set(sides.values())) == 1:
        face["frame"] = {"color": next(iter(sides.values()))}
        return
    face["borders"] = [{"edge": e, "type": SIDE_KINDS.get(c, "impassable"), **({} if c in SIDE_KINDS else {"color": c})}
                       for e, c in sorted(sides.items())]


def _icon(item: dict) -> dict:
    """An icon by name; off-centre ones keep their direction (edge or corner) as `at`."""
    icon: dict = {"name": str(item["type"])}
    origin = placement(item).origin
    if reach(origin) >= 0.45:
        position = round(bearing(origin) / 30.0) / 2.0 % 6.0
        icon["at"] = int(position) if position == int(position) else position
    return icon


def city_mark(mark) -> dict | str | None:
    """18xx-maker's company in a city (`"TR"`, `{label: CM&P, color: green}`) as a mark."""
    if isinstance(mark, str) and mark.strip():
        return mark.strip()
    if not isinstance(mark, dict):
        return None
    label = str(mark.get("label") or mark.get("abbrev") or "").strip()
    out: dict = {"company": label} if label else {}
    if isinstance(mark.get("color"), str):
        out["color"] = mark["color"]
    return out or None


def _ordered(link: frozenset) -> tuple:
    a, b = sorted(link, key=lambda n: (n[0] != "edge", n[1]))
    return a, b


def _end(node: Node):
    return node[1] if node[0] == "edge" else f"s{node[1]}"


def _revenues(hex_data: dict, stations: list[Station]) -> dict[int, int]:
    """Each value goes to the station nearest to where it is printed; a single value
    serves every station of one kind."""
    paying = [i for i, s in enumerate(stations) if s.kind in ("city", "town")]
    values = auto_value_positions(_visible(hex_data.get("values")))
    for v in values:
        if isinstance(v["value"], bool) or not isinstance(v["value"], int):
            raise Unsupported(f"value '{v['value']}' is not a whole number")
    if not values or not paying:
        if values:
            raise Unsupported("a value with no city or town to pay it")
        return {}
    if len(values) == 1:
        if len({stations[i].kind for i in paying}) > 1:
            raise Unsupported("one value for cities and towns together: which pays it is unclear")
        return {i: values[0]["value"] for i in paying}
    if len(values) != len(paying):
        raise Unsupported(f"{len(values)} values for {len(paying)} cities and towns")
    spots = [placement(v).origin for v in values]
    best = min(itertools.permutations(range(len(values))),
               key=lambda perm: sum(math.dist(spots[v], stations[i].origin) for i, v in zip(paying, perm)))
    return {i: values[v]["value"] for i, v in zip(paying, best)}


def _stop(i: int, station: Station, stations: list[Station], links: set[frozenset], revenue) -> dict:
    if station.kind == "halt":
        stop: dict = {"halt": "£"}
    elif station.kind == "junction":
        stop = {"junction": None}
    else:
        stop = {station.kind: revenue or 0}
    if station.kind == "city" and station.slots != 1:
        stop["slots"] = station.slots
    at = _at(i, station, stations, links)
    if at is not None:
        stop["at"] = at
    if station.style:
        stop["style"] = station.style
    return stop


def _at(i: int, station: Station, stations: list[Station], links: set[frozenset]):
    """Where pnp should put the station: nothing when pnp's own layout puts it in the
    same place (a lone centred station, a town on its run of track), else the centre,
    an edge or a corner, whichever direction is nearest the drawing."""
    node = ("stop", i)
    neighbours = [next(iter(link - {node})) for link in links if node in link]
    if station.kind in ("town", "halt") and len(neighbours) == 2 and all(n[0] == "edge" for n in neighbours):
        return None
    centred = reach(station.origin) < CENTRE_REACH
    real = [s for s in stations if s.kind != "junction"]
    if centred:
        return None if len(real) <= 1 else "center"
    position = round(bearing(station.origin) / 30.0) / 2.0 % 6.0
    return int(position) if position == int(position) else position


def _terrain(hex_data: dict) -> dict | None:
    items = _visible(hex_data.get("terrain"))
    if not items:
        return None
    if len(items) > 1:
        raise Unsupported("several terrain costs")
    kind = items[0].get("type", "mountain")
    if kind not in TERRAIN_KINDS:
        raise Unsupported(f"terrain type '{kind}'")
    return {"cost": int(items[0].get("cost", 0)), "type": kind}


__all__ = ["read_hex", "FaceResult"]
