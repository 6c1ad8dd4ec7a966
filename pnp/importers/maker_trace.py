"""Tracing 18xx-maker's track: the stations a hex has, the edges and stations each
track piece reaches or passes, pieces meeting in the open joined into one path or a
junction, stubs from a side, and the gauge each connection carries."""

from __future__ import annotations


import math
from dataclasses import dataclass

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from pnp.geometry.hexagon import Point
from pnp.importers.maker_geometry import (Unsupported, bulge_position, city_core, edge_midpoint, edge_of, placement,
                                         track_line)

# How close (maker units, apothem 75) track must come to count as meeting something.
CITY_END = 28.0  # a track end within a slot's radius of the slot centres ends in the city
CITY_PASS = 18.0  # track passing under a slot (well inside its radius of 25) runs through the city
CITY_ON_EDGE = 22.0  # a city this close to an edge midpoint overlaps the edge: it meets it without track
TOWN_END = 12.0
TOWN_PASS = 6.0
MEET = 4.0  # track ends this close together meet
MAKER_TRACK_WIDTH = 12  # 18xx-maker's track width; a track's `width` is drawn at that share of pnp's
HAND_DRAWN_EDGE = 12.0  # hand-drawn track cut at the rim this close to an edge's midpoint reaches that edge
CENTRE_REACH = 0.2  # a station nearer the centre than this fraction of the apothem is centred
# 18xx-maker's gauges as pnp's; "line" is a thin line (a route), "dashed" track to come
MAKER_GAUGES = {"normal": "standard", "standard": "standard", "narrow": "narrow", "dual": "dual", "line": "thin",
                "dashed": "future"}


@dataclass
class Station:
    kind: str  # city, town, halt
    slots: int
    origin: Point
    core: BaseGeometry
    end_reach: float
    pass_reach: float
    style: str | None = None  # a town given as a dot


# --- stations ----------------------------------------------------------------------


def stations(hex_data: dict) -> list[Station]:
    out = []
    for city in _visible(hex_data.get("cities")):
        size = city.get("size", 1)
        if isinstance(size, str) and size[:1].isdigit():
            size = int(size[:1])  # '3Ferry': three slots (18xx-maker's layout for a ferry city)
        if not isinstance(size, int):
            raise Unsupported(f"city size '{size}'")
        place = placement(city)
        out.append(Station("city", size, place.origin, city_core(size, place), CITY_END, CITY_PASS))
    for boom in _visible(hex_data.get("boomtowns")):  # a town that becomes a city, or a city that was a town
        place = placement(boom)
        if boom.get("city"):
            out.append(Station("city", 1, place.origin, city_core(1, place), CITY_END, CITY_PASS, "boomtown"))
        else:
            out.append(Station("town", 1, place.origin, ShapelyPoint(place.origin), TOWN_END, TOWN_PASS, "boomtown"))
    for key, style in (("towns", None), ("centerTowns", "dot")):
        for town in _visible(hex_data.get(key)):
            origin = placement(town).origin
            kind = "halt" if town.get("color") == "halt" else "town"
            out.append(Station(kind, 1, origin, ShapelyPoint(origin), TOWN_END, TOWN_PASS, style))
    # a boomtown ring drawn round a town of its own: one town, drawn as a boomtown
    for boom in [s for s in out if s.kind == "town" and s.style == "boomtown"]:
        twin = next((s for s in out if s is not boom and s.kind == "town" and math.dist(s.origin, boom.origin) < MEET), None)
        if twin is not None:
            twin.style = "boomtown"
            out.remove(boom)
    return out


# --- track -------------------------------------------------------------------------

def _visible(items) -> list[dict]:
    return [d for d in (items or []) if not d.get("hidden")]


Node = tuple  # ("edge", e) | ("stop", i) | ("free", k)


def drawn_style(track: dict) -> dict:
    """How a piece of track is drawn, as pnp path fields: its colours, a bend."""
    out = {}
    if track.get("color"):
        out["color"] = str(track["color"])
    if track.get("gaugeColor") and track.get("gauge") in ("narrow", "dual"):
        out["tie_color"] = str(track["gaugeColor"])
    if track.get("type") == "bent":
        out["bend"] = bulge_position(track)
    if isinstance(track.get("width"), (int, float)) and track["width"] != MAKER_TRACK_WIDTH:
        out["width"] = round(min(2.0, track["width"] / MAKER_TRACK_WIDTH), 2)
    return out


def links(tracks: list[dict], stations: list[Station], stubs: list[int],
          drawn: dict | None = None) -> tuple[dict[frozenset, str], list[Station]]:
    """Which edges and stations the track joins. Track ends that meet in the open
    become free nodes; they are then joined through or turned into junctions. `drawn`,
    when given, receives how each link is drawn (colours, bend) where it is special."""
    lines = [track_line(t) for t in tracks]
    free: list[Point] = []
    drawn = {} if drawn is None else drawn

    def end_node(p: Point, tolerance: float = 2.0) -> Node:
        edge = edge_of(p, tolerance)
        if edge is not None:
            return ("edge", edge)
        best = nearest_station(p, stations)
        if best is not None:
            return ("stop", best)
        for k, q in enumerate(free):
            if math.dist(p, q) <= MEET:
                return ("free", k)
        free.append(p)
        return ("free", len(free) - 1)

    tolerances = [HAND_DRAWN_EDGE if t.get("type") == "custom" else 2.0 for t in tracks]
    ends = [(end_node(line.coords[0], tol), end_node(line.coords[-1], tol)) for line, tol in zip(lines, tolerances)]
    links: set[frozenset] = set(cities_on_edges(stations))
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
            gauges[link] = wider(gauges.get(link), gauge)
            if drawn_style(track):
                drawn[link] = {**drawn.get(link, {}), **drawn_style(track)}
    links, stations, joined = resolve_free(links, free, stations, stubs)
    for link, parts in joined.items():
        kinds = {gauges.get(p, "standard") for p in parts}
        gauges[link] = "dual" if "dual" in kinds or len(kinds) > 1 else kinds.pop()
        styles = [drawn[p] for p in parts if p in drawn]
        if styles:
            drawn[link] = {k: v for style in styles for k, v in style.items()}
    for link in list(drawn):
        if link not in links:
            del drawn[link]
    return {link: gauges.get(link, "standard") for link in links}, stations


def wider(old: str | None, new: str) -> str:
    """Standard and narrow track drawn over each other carry both gauges."""
    if old is None or old == new:
        return new
    return "dual"


def cities_on_edges(stations: list[Station]):
    for i, station in enumerate(stations):
        if station.kind == "city":
            for edge in range(6):
                if station.core.distance(ShapelyPoint(edge_midpoint(edge))) <= CITY_ON_EDGE:
                    yield frozenset((("stop", i), ("edge", edge)))


def nearest_station(p: Point, stations: list[Station]) -> int | None:
    best, best_d = None, math.inf
    for i, station in enumerate(stations):
        d = station.core.distance(ShapelyPoint(p))
        if d <= station.end_reach and d < best_d:
            best, best_d = i, d
    return best


def resolve_free(links: set[frozenset], free: list[Point], stations: list[Station], stubs: list):
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
        if len(others) == 1 and others[0][0] == "stop":  # a spur: track from a station ending in the open
            links -= set(mine)
            stubs.append((others[0][1], point))
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
