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

from pnp.importers import maker_drawn as drawn_parts
from pnp.importers.maker_geometry import (POSITION_KEYS, Unsupported, auto_value_positions, bearing, placement, reach,
                                          rim_position, track_line)
from pnp.importers import maker_trace as trace
from pnp.importers.maker_trace import CENTRE_REACH, MAKER_GAUGES, Node, Station
from pnp.model.tile import TERRAIN_KINDS

# Keys that change nothing pnp prints, or that pnp works out for itself: the position of
# values and labels (pnp places them clear of track), fonts, print grouping, symmetry.
COSMETIC = {
    "hex": {"color", "rotations", "group", "print", "quantity", "hexes", "encoding", "clipPath"},
    # which track is drawn on top; where narrow-gauge dashes start; the casing's colour;
    # the sides a hand-drawn track names (its path says where it goes)
    "track": {"cross", "offset", "borderColor", "sides"},
    "cities": {"groups"},
    "towns": {"groups"},
    "centerTowns": {"groups"},
    "values": {"outerBorderColor"},
    "labels": {"size", "fontSize", "fontStyle", "fontWeight", "fontFamily"},
    "terrain": {"size"},
    "icons": {"noCircle", "width", "strokeWidth", "color"},
    "names": {"fontSize", "fontWeight", "fontFamily", "color", "offset", "reverse", "bgColor"},
    "borders": {"width", "dashed"},
    "shapes": {"fontSize", "fontWeight", "fontFamily", "textColor", "opacity", "borderWidth"},
    "goods": {"textColor", "textBorderWidth", "textBorderColor", "opacity"},
    "tunnelEntrances": set(),
    "boomtowns": {"width", "dashed", "color", "bgColor"},
}
KNOWN = {
    "track": {"type", "start", "end", "gauge", "color", "gaugeColor", "path", "width"},  # type stub: a short piece from a side
    "cities": {"size", "companies", "name", "pass"},
    "towns": {"color"},
    "centerTowns": {"color"},
    "values": {"value"},
    "labels": {"label"},
    "terrain": {"cost", "type"},
    "icons": {"type"},
    "names": {"name"},
    "borders": {"side", "color"},
    "shapes": {"type", "width", "height", "color", "borderColor", "text", "background", "dashed"},
    "goods": {"color", "width", "text", "borderColor"},
    "tunnelEntrances": set(),
    "boomtowns": {"city", "name"},
}
READ_KEYS = set(KNOWN)
# 18xx-maker's side colours as pnp's kinds of border; any other colour is an
# impassable side printed in that colour
SIDE_KINDS = {"water": "water", "blue": "water", "river": "river", "mountain": "mountain", "brown": "mountain",
              "red": "impassable", "black": "impassable", "impassable": "impassable", "orange": "province"}


@dataclass
class FaceResult:
    """The face fields in pnp's compact form (stops, track, label, terrain), or None
    with the reasons it could not be read."""

    face: dict | None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # decisions taken in reading it, for the report


def read_hex(hex_data: dict) -> FaceResult:
    problems = _unread_features(hex_data)
    if problems:
        return FaceResult(None, problems)
    notes: list[str] = []
    try:
        stations = trace.stations(hex_data)
        ends: list = []  # stubs (an edge) and spurs (a station and where it ends)
        tracks = _visible(hex_data.get("track"))
        rivers = [t for t in tracks if _is_river_line(t)]
        railings = [t for t in tracks if rivers and t.get("gauge") == "line" and t.get("type") == "custom"
                    and not t.get("color")]  # a bridge's rails drawn by hand: pnp draws the bridge
        arrows = [t for t in tracks if t.get("type") == "offboard"]
        tracks = [t for t in tracks if t not in rivers and t not in railings and t not in arrows]
        drawn: dict = {}
        links, stations = trace.links(tracks, stations, ends, drawn)
        offboard = _offboard(hex_data, arrows, stations, links, drawn, notes)
        face = _face(hex_data, stations, links, drawn, offboard)
        stubs = sorted({e for e in ends if isinstance(e, int)})
        if stubs:
            face["stubs"] = stubs
        spurs = [{"stop": i, "at": _direction(p)} for i, p in (e for e in ends if not isinstance(e, int))]
        if spurs:
            face["spurs"] = spurs
        if rivers:
            face["partitions"] = [_river(rivers)]
        _drawn_extras(hex_data, face)
    except Unsupported as exc:
        return FaceResult(None, [str(exc)])
    return FaceResult(face, notes=notes)


def _direction(point) -> float:
    position = round(bearing(point) / 30.0) / 2.0 % 6.0
    return int(position) if position == int(position) else position


def _is_river_line(track: dict) -> bool:
    return track.get("type") == "custom" and track.get("gauge") == "line" and track.get("color") in ("water", "blue")


def _river(pieces: list[dict]) -> dict:
    """Hand-drawn water lines running from rim to rim (with a gap for a bridge): one
    water partition between the two rim points."""
    rim = []
    for piece in pieces:
        line = track_line(piece)
        for p in (line.coords[0], line.coords[-1]):
            position = rim_position(p, trace.HAND_DRAWN_EDGE)
            if position is not None:
                rim.append(position)
    if len(set(rim)) != 2:
        raise Unsupported("a hand-drawn water line that does not run from one side of the hex to another")
    a, b = sorted(set(rim))
    return {"a": a, "b": b, "type": "water"}


def _offboard(hex_data: dict, arrows: list[dict], stations: list, links: dict, drawn: dict, notes: list[str]):
    """An off-board area: the arrows (track type offboard) run from their sides to one
    off-board stop, which takes the value printed or the revenue table's phases."""
    table = hex_data.get(TABLE)
    if not arrows and not table:
        return None
    stations.append(trace.Station("offboard", 1, (0.0, 0.0), ShapelyPoint(0.0, 0.0), 0.0, 0.0))
    node = ("stop", len(stations) - 1)
    revenue, name = drawn_parts.offboard_table(table) if table else (None, None)
    for arrow in arrows:
        side = float(arrow.get("side", 1) or 1)
        edge = round(side - 1) % 6
        if side != int(side):
            notes.append(f"an off-board arrow at side {side:g} (between two sides) is drawn at side {edge + 1}, "
                         "the nearest; a train runs off the map by a side")
        link = frozenset((("edge", edge), node))
        links[link] = "standard"
        drawn[link] = {**drawn.get(link, {}), "terminal": True}
    return {"index": node[1], "revenue": revenue, "name": name}


def _drawn_extras(hex_data: dict, face: dict) -> None:
    """Shapes, goods squares and tunnel entrances."""
    shapes = face.get("shapes", []) + [drawn_parts.shape(s) for s in _visible(hex_data.get("shapes"))]
    shapes += [drawn_parts.shape(g, "square", fill="white", background=True) for g in _visible(hex_data.get("goods"))]
    if shapes:
        face["shapes"] = shapes
    tunnels = sorted({drawn_parts.tunnel_edge(t) for t in _visible(hex_data.get("tunnelEntrances"))})
    if tunnels:
        face["tunnels"] = tunnels


# --- what cannot be read -----------------------------------------------------------


def _visible(items) -> list[dict]:
    return [d for d in (items or []) if not d.get("hidden")]


# Why a feature cannot be printed by pnp, by where it appears.
HEX_REASONS = {
    "broken": "marked broken in 18xx-maker (not ready to print)",
}
TABLE = "offBoardRevenue"  # read apart: one table, not a list
ELEMENT_REASONS = {
    ("track", "bad_gauge"): "{value} gauge track",
    ("towns", "color"): "a {value} town",
    ("centerTowns", "color"): "a {value} town",
}


def _unread_features(hex_data: dict) -> list[str]:
    """Everything in the hex that pnp cannot print, once each."""
    problems: dict[str, None] = {}
    for key, value in hex_data.items():
        if key in COSMETIC["hex"] or key in READ_KEYS or key == TABLE or value in (None, [], {}, False):
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


# --- the face ----------------------------------------------------------------------


def _face(hex_data: dict, stations: list[Station], links: dict[frozenset, str], drawn: dict | None = None,
          offboard: dict | None = None) -> dict:
    face: dict = {}
    drawn = drawn or {}
    icon_values: dict[int, int] = {}
    loose: list[dict] = []  # values printed as they stand, as value circles
    if stations:
        table = offboard is not None and offboard["revenue"] is not None
        revenues = _revenues(hex_data, stations, icon_values, skip_offboard=table, loose=loose)
        if table:
            revenues[offboard["index"]] = offboard["revenue"]
        face["stops"] = [_stop(i, s, stations, links, revenues.get(i)) for i, s in enumerate(stations)]
    if loose:
        face["shapes"] = loose
    if offboard and offboard["name"]:
        face["name"] = offboard["name"]
    if links:
        face["paths"] = [{"a": _end(a), "b": _end(b), **({"track": links[link]} if links[link] != "standard" else {}),
                          **drawn.get(link, {})}
                         for link, (a, b) in sorted(((link, _ordered(link)) for link in links), key=lambda x: x[1])]
    labels = [label for label in _visible(hex_data.get("labels")) if str(label.get("label", "")).strip()]
    if labels:  # the first is the label; any more print as text in framed boxes where they stand
        face["label"] = str(labels[0]["label"])
    extra = [{**_icon({**item, "type": str(item["label"])}), "name": str(item["label"])} for item in labels[1:]]
    terrain = _terrain(hex_data)
    if terrain:
        face["terrain"] = terrain
    _sides(hex_data, face)
    named = _visible(hex_data.get("names")) + _visible(hex_data.get("cities")) + _visible(hex_data.get("boomtowns"))
    names = [n for n in (_name(x) for x in named) if n]
    if names:
        face["name"] = " / ".join(dict.fromkeys(([face["name"]] if "name" in face else []) + names))
    icons = [_icon(i) for i in _visible(hex_data.get("icons")) if i.get("type")]
    for k, value in icon_values.items():
        icons[k]["revenue"] = value
    icons += extra
    if icons:
        face["icons"] = icons
    cities = [i for i, s in enumerate(stations) if s.kind == "city"]
    for i, city in zip(cities, _visible(hex_data.get("cities"))):
        marks = [m for m in (city_mark(m) for m in city.get("companies") or ()) if m]
        if marks:
            face["stops"][i]["marks"] = marks
        if city.get("pass"):  # drawn on a mountain pass
            face["stops"][i]["style"] = "pass"
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


def _revenues(hex_data: dict, stations: list[Station], icon_values: dict[int, int] | None = None,
              skip_offboard: bool = False, loose: list | None = None) -> dict[int, int | str]:
    """Each value goes to the station nearest to where it is printed; a single value
    serves every station of one kind. A value printed nearer an icon than any station,
    when there are more values than stations, is that icon's bonus (a port's +20)."""
    kinds = ("city", "town") if skip_offboard else ("city", "town", "offboard")
    paying = [i for i, s in enumerate(stations) if s.kind in kinds]
    values = [dict(v) for v in auto_value_positions(_visible(hex_data.get("values")))]
    for v in values:
        if isinstance(v["value"], str) and all(p.strip().isdigit() for p in v["value"].split("/")) and "/" in v["value"]:
            v["value"] = "/".join(p.strip() for p in v["value"].split("/"))  # 40/60: both printed
        elif isinstance(v["value"], bool) or not isinstance(v["value"], int):
            raise Unsupported(f"value '{v['value']}' is not a whole number")
    if icon_values is not None and len(values) > len(paying):
        values = _icon_bonuses(hex_data, values, stations, paying, icon_values)
    if loose is not None and paying and len(values) > len(paying) and all(isinstance(v["value"], int) for v in values):
        # more values than stations and no icon to carry them (1861's Ekaterinburg, 40 and 80 to
        # Moscow): each station takes the value nearest it; the rest print where they stand
        spots = [placement(v).origin for v in values]
        nearest = {min(range(len(values)), key=lambda k: math.dist(spots[k], stations[i].origin)) for i in paying}
        if len(nearest) == len(paying):
            for k, v in enumerate(values):
                if k not in nearest:
                    loose.append(drawn_parts.value_circle(v))
            values = [v for k, v in enumerate(values) if k in nearest]
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


def _icon_bonuses(hex_data, values, stations, paying, icon_values) -> list[dict]:
    """Give the values printed beside icons (nearer an icon than any station) to the
    icons; return the rest."""
    icons = [placement(i).origin for i in _visible(hex_data.get("icons")) if i.get("type")]
    rest = []
    for v in values:
        spot = placement(v).origin
        near_icon = min(range(len(icons)), key=lambda k: math.dist(spot, icons[k]), default=None)
        near_stop = min((math.dist(spot, stations[i].origin) for i in paying), default=math.inf)
        if (near_icon is not None and near_icon not in icon_values and isinstance(v["value"], int)
                and math.dist(spot, icons[near_icon]) < near_stop and len(values) - len(icon_values) > len(paying)):
            icon_values[near_icon] = v["value"]
        else:
            rest.append(v)
    return rest


def _stop(i: int, station: Station, stations: list[Station], links: set[frozenset], revenue) -> dict:
    if station.kind == "offboard":
        return {"offboard": revenue or 0}
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
