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


from pnp.importers.maker_geometry import POSITION_KEYS, Unsupported, auto_value_positions, bearing, placement, reach
from pnp.importers import maker_trace as trace
from pnp.importers.maker_trace import CENTRE_REACH, MAKER_GAUGES, Node, Station
from pnp.model.tile import TERRAIN_KINDS

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


def read_hex(hex_data: dict) -> FaceResult:
    problems = _unread_features(hex_data)
    if problems:
        return FaceResult(None, problems)
    try:
        stations = trace.stations(hex_data)
        stubs: list[int] = []
        links, stations = trace.links(_visible(hex_data.get("track")), stations, stubs)
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


# --- the face ----------------------------------------------------------------------


def _face(hex_data: dict, stations: list[Station], links: dict[frozenset, str]) -> dict:
    face: dict = {}
    if stations:
        revenues = _revenues(hex_data, stations)
        face["stops"] = [_stop(i, s, stations, links, revenues.get(i)) for i, s in enumerate(stations)]
    if links:
        face["paths"] = [{"a": _end(a), "b": _end(b), **({"track": links[link]} if links[link] != "standard" else {})}
                         for link, (a, b) in sorted(((link, _ordered(link)) for link in links), key=lambda x: x[1])]
    labels = [label for label in _visible(hex_data.get("labels")) if str(label.get("label", "")).strip()]
    if labels:  # the first is the label; any more print as text in framed boxes where they stand
        face["label"] = str(labels[0]["label"])
    extra = [{**_icon({**item, "type": str(item["label"])}), "name": str(item["label"])} for item in labels[1:]]
    terrain = _terrain(hex_data)
    if terrain:
        face["terrain"] = terrain
    _sides(hex_data, face)
    names = [n for n in (_name(x) for x in _visible(hex_data.get("names")) + _visible(hex_data.get("cities"))) if n]
    if names:
        face["name"] = " / ".join(dict.fromkeys(names))
    icons = [_icon(i) for i in _visible(hex_data.get("icons")) if i.get("type")] + extra
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
