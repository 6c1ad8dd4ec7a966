"""One 18xx-maker hex (a map hex or a game's own tile) read as far as pnp can print it.

`maker_face.read_hex` reads a hex exactly or not at all, which suits the tile library:
a tile pnp cannot print is left out. A game's map and tile manifest must keep every
hex, so this reader takes what it can and lists the rest. It

- takes apart what pnp stores elsewhere: place names (the map hex's `name`), company
  marks in cities (the companies' homes), off-board revenue tables and arrows (an
  off-board stop paying by phase, with track running off the map), hex sides
  (`borders`), terrain icons and costs (one `terrain`), tunnels and bridges (a cost on
  a side, or on the hex);
- strips what pnp draws its own way or not at all (track colours and widths, shapes,
  route bonuses ...), each listed as lost;
- reads the rest with `read_hex`, and where that fails drops the least it can (an
  extra label, values it cannot match to stations, a piece of track ending in the
  open) and says so, down to a blank hex of the right colour.

Turning: 18xx-maker draws a pointy map by turning the flat drawing 90 degrees, pnp by
turning it 30 degrees, so on a pointy map every side and position moves on one edge.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from pnp.importers.maker_face import read_hex
from pnp.importers.maker_geometry import bearing, placement
from pnp.model.tile import TERRAIN_KINDS

POSITION_KEYS = ("x", "y", "angle", "percent", "rotation", "rotate", "side", "hidden")
# What each element may keep for `read_hex`; anything else is taken out first.
KEEP = {
    "track": {"type", "start", "end", "cross", "offset", "gauge"},
    "cities": {"size", "groups"},
    "towns": {"color", "groups"},
    "centerTowns": {"color", "groups"},
    "values": {"value", "outerBorderColor"},
    "labels": {"label", "size", "fontSize", "fontStyle", "fontWeight", "fontFamily"},
    "icons": {"type", "noCircle", "width", "strokeWidth"},
}
# Element attributes that change only how a thing looks in 18xx-maker.
LOOKS = {"color", "textColor", "fontSize", "fontWeight", "fontFamily", "fontStyle", "size", "width", "reverse",
         "offset", "straight", "bgColor", "borderColor", "borderWidth", "opacity", "outerBorderColor"}
# Hex keys that change nothing pnp prints.
HEX_LOOKS = {"color", "rotations", "group", "print", "quantity", "hexes", "encoding", "clipPath", "tile",
             "transparent", "id"}

TERRAIN_TYPES = {"mountain": "mountain", "hill": "hill", "water": "water", "river": "river", "stream": "river",
                 "swamp": "swamp", "forest": "forest", "tree": "forest", "lake": "lake", "desert": "desert",
                 "cactus": "desert", "canyon": "mountain", "hills": "hill", "mountains": "mountain"}
BORDER_TYPES = {"water": "water", "blue": "water", "river": "river", "mountain": "mountain", "brown": "mountain",
                "swamp": "swamp", "red": "impassable", "black": "impassable", "impassable": "impassable",
                "orange": "province"}
PHASE_COLOURS = {"yellow": "yellow", "green": "green", "brown": "brown", "gray": "gray", "grey": "gray",
                 "russet": "brown"}

# What 18xx-maker can draw on a hex that pnp does not print, in words for the report.
UNPRINTED = {
    "shapes": "shape", "goods": "goods mark", "routeBonuses": "route bonus",
    "tokens": "token", "boomtowns": "boomtown", "industries": "industry", "divides": "divide line",
    "mediumCities": "medium city", "tunnelEntrances": "tunnel entrance", "removeBorders": "outline removed",
    "companies": "company mark", "bridges": "bridge", "tunnels": "tunnel",
}


@dataclass
class HexReading:
    """A hex in pnp's compact face fields, with what went elsewhere and what was lost."""

    face: dict = field(default_factory=dict)  # stops, track, label, terrain, borders
    names: list[str] = field(default_factory=list)  # place names printed on the hex
    marks: list[tuple[int, str]] = field(default_factory=list)  # (city index, label) company marks in cities
    lost: list[str] = field(default_factory=list)

    def lose(self, what: str) -> None:
        if what not in self.lost:
            self.lost.append(what)


def _visible(items) -> list:
    if isinstance(items, dict):
        items = [items]
    return [d for d in (items or []) if isinstance(d, dict) and not d.get("hidden")]


def brief(value) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def number(value) -> int | None:
    """18xx-maker writes numbers as 40, "40", "$40" or "40/province": the first whole
    number in it, or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return int(value)
    match = re.search(r"-?\d+", str(value)) if isinstance(value, str) else None
    return int(match.group()) if match else None


def name_text(value) -> str | None:
    """A name written as "Boston" or {"name": "Boston", ...}."""
    if isinstance(value, dict):
        value = value.get("name")
    if isinstance(value, str) and value.strip():
        return " ".join(value.split())
    return None


# --- the reader ---------------------------------------------------------------------


def read_maker_hex(data: dict, *, pointy: bool = False, phases: tuple[str, ...] = (), map_hex: bool = True,
                   money: re.Pattern | None = None) -> HexReading:
    """`data` is an 18xx-maker hex or tile. `phases` are the game's phase names, for
    off-board values keyed by a phase colour such as `phase4+`; `money` matches an
    amount in the game's currency (`20c`), which an off-board area may print as its
    label instead of a value."""
    out = HexReading()
    data = {k: v for k, v in data.items() if not _empty(v)}
    _take_names(data, out)
    _take_marks(data, out)
    terrain = _terrain(data, out)
    borders = _borders(data, out) if map_hex else _tile_borders(data, out)
    crossings = _crossings(data, out, borders, map_hex)
    if terrain is None and crossings:
        terrain = crossings
    elif crossings:
        out.lose(f"a second cost on the hex ({crossings['cost']})")
    offboard_edges = _offboard_track(data)
    revenue = _offboard_revenue(data, out, phases)
    if offboard_edges and revenue is None and not any(data.get(k) for k in ("cities", "towns", "centerTowns")):
        revenue = _offboard_value(data, out, money)
    badges = _badges(data, out)
    clean = _readable(data, out)
    face = _read(clean, out)
    if badges:
        face["icons"] = face.get("icons", []) + badges
    if offboard_edges or revenue is not None:
        _add_offboard(face, offboard_edges, revenue, out)
    if terrain:
        face["terrain"] = terrain
    if borders:
        face["borders"] = borders
    if pointy:
        face = turned(face, 1)
    out.face = face
    return out


def _empty(value) -> bool:
    return value is None or value is False or (isinstance(value, (list, dict)) and not value)


BADGES = {"companies": "company mark", "tokens": "token", "routeBonuses": "route bonus"}


def _badges(data: dict, out: HexReading) -> list[dict]:
    """Company marks, printed tokens and route bonuses on a hex (not in a city): each
    printed as its text in a framed box where 18xx-maker draws it (an icon pnp does not
    know prints its name so)."""
    badges = []
    for key, words in BADGES.items():
        for item in _visible(data.pop(key, None)):
            text = item if isinstance(item, str) else (
                item.get("label") or item.get("company") or item.get("value") or item.get("text") or item.get("name"))
            text = name_text(text) if isinstance(text, (str, dict)) else (str(text) if text is not None else None)
            if not text:
                out.lose(f"a {words} with no text")
                continue
            badge: dict = {"name": text}
            edge = _edge_at(item) if isinstance(item, dict) else None
            if edge is not None:
                badge["at"] = edge
            badges.append(badge)
    return badges


def _offboard_value(data: dict, out: HexReading, money: re.Pattern | None) -> dict | None:
    """An off-board area without a revenue table pays its printed value, or the
    amount its label names."""
    values = [number(v.get("value")) for v in _visible(data.pop("values", None))]
    values = [v for v in values if v is not None]
    if len(values) > 1:
        out.lose(f"values {', '.join(map(str, values[1:]))} beside the off-board value {values[0]}")
    return {"": values[0]} if values else _money_label(data, money)


def _take_names(data: dict, out: HexReading) -> None:
    for key in ("cities", "towns", "centerTowns", "boomtowns"):
        for element in _visible(data.get(key)):
            text = name_text(element.get("name"))
            if text and text not in out.names:
                out.names.append(text)
    for element in _visible(data.get("names")):
        text = name_text(element)
        if text and text not in out.names:
            out.names.append(text)
    board = data.get("offBoardRevenue")
    for table in _visible(board):
        text = name_text(table.get("name"))
        if text and text not in out.names:
            out.names.append(text)


def _take_marks(data: dict, out: HexReading) -> None:
    for i, city in enumerate(_visible(data.get("cities"))):
        for mark in city.get("companies") or ():
            label = mark if isinstance(mark, str) else (mark.get("label") if isinstance(mark, dict) else None)
            if label:
                out.marks.append((i, str(label)))


def _terrain(data: dict, out: HexReading) -> dict | None:
    """18xx-maker often draws a terrain icon and its cost as two items; pnp has one
    terrain with a cost and its types."""
    types: list[str] = []
    costs: list[int] = []
    for item in _visible(data.pop("terrain", None)):
        kind = item.get("type") or ""
        if kind:
            mapped = TERRAIN_TYPES.get(kind)
            if mapped is None:
                out.lose(f"terrain '{kind}' (pnp knows {', '.join(TERRAIN_KINDS)})")
            elif mapped not in types:
                types.append(mapped)
        cost = number(item.get("cost")) if "cost" in item else None
        if cost is not None:
            costs.append(cost)
    if not costs:
        return {"cost": 0, "type": "|".join(types)} if types else None  # the terrain's mark, no cost
    if len(set(costs)) > 1:
        out.lose(f"several terrain costs ({', '.join(map(str, costs))}); the first is kept")
    return {"cost": costs[0], "type": "|".join(types or ["mountain"])}


def border_type(colour) -> str | None:
    return BORDER_TYPES.get(str(colour)) if colour is not None else None


def _borders(data: dict, out: HexReading) -> list[dict]:
    borders = []
    for item in _visible(data.pop("borders", None)):
        side = number(item.get("side"))
        colour = item.get("color")
        kind = "province" if item.get("dashed") and colour in (None, "orange", "black") else border_type(colour)
        if side is None or not 1 <= side <= 6:
            out.lose(f"hex side '{item.get('side')}'")
        elif all(b["edge"] != side - 1 for b in borders):
            # a side of another colour is printed as an impassable side in that colour
            borders.append({"edge": side - 1, "type": kind} if kind else
                           {"edge": side - 1, "type": "impassable", "color": str(colour)})
    return borders


def _tile_borders(data: dict, out: HexReading) -> list[dict]:
    if data.pop("borders", None):
        out.lose("coloured hex sides on a tile")
    return []


def _crossings(data: dict, out: HexReading, borders: list[dict], map_hex: bool) -> dict | None:
    """Tunnels and bridges: drawn on a side, a cost for crossing it (a mountain or water
    side with that cost); drawn inside the hex, a cost for building there."""
    on_hex = None
    for key, kind, side_kind in (("tunnels", "mountain", "mountain"), ("bridges", "river", "water")):
        for item in _visible(data.pop(key, None)):
            cost = number(item.get("cost"))
            if cost is None or not map_hex:
                out.lose(f"a {UNPRINTED[key]}" + ("" if cost is None else f" costing {cost}"))
                continue
            edge = _edge_at(item)
            if edge is not None:
                existing = next((b for b in borders if b["edge"] == edge), None)
                if existing is None:
                    borders.append({"edge": edge, "type": side_kind, "cost": cost})
                elif "cost" not in existing:
                    existing["cost"] = cost
                else:
                    out.lose(f"a second cost ({cost}) on side {edge + 1}")
            elif on_hex is None:
                on_hex = {"cost": cost, "type": kind}
            else:
                out.lose(f"a further {UNPRINTED[key]} costing {cost} inside the hex")
    return on_hex


def _edge_at(item: dict) -> int | None:
    """The side an element is drawn on (at least 90 % of the way out, facing a side),
    as a pnp edge, or None."""
    place = placement(item)
    distance = (place.origin[0] ** 2 + place.origin[1] ** 2) ** 0.5
    if distance < 0.85 * 75.0:
        return None
    angle = bearing(place.origin)
    edge = round(angle / 60.0)
    return edge % 6 if abs(angle - 60.0 * edge) <= 15.0 else None


def _money_label(data: dict, money: re.Pattern | None) -> dict | None:
    """An off-board area labelled with an amount (21Moon's `20c`) pays that amount."""
    labels = _visible(data.get("labels"))
    for label in labels if money else ():
        match = money.match(str(label.get("label", "")).strip())
        if match:
            data["labels"] = [l for l in labels if l is not label]
            return {"": int(match.group(1))}
    return None


def money_pattern(currency) -> re.Pattern | None:
    """`$#` -> a pattern matching `$40`; `#c` -> `40c`."""
    if not isinstance(currency, str) or currency.count("#") != 1:
        return None
    before, after = currency.split("#")
    return re.compile("^" + re.escape(before.strip()) + r"\s*(\d+)\s*" + re.escape(after.strip()) + "$")


def _offboard_track(data: dict) -> list[int]:
    edges = []
    tracks = data.get("track") or []
    kept = []
    for t in tracks if isinstance(tracks, list) else []:
        if isinstance(t, dict) and t.get("type") == "offboard" and not t.get("hidden"):
            side = number(t.get("side")) or 1
            if 1 <= side <= 6 and side - 1 not in edges:
                edges.append(side - 1)
        else:
            kept.append(t)
    if "track" in data:
        data["track"] = kept
    return edges


def _offboard_revenue(data: dict, out: HexReading, phases: tuple[str, ...]):
    """The revenue table of an off-board area: {phase colour or phase name: value}."""
    tables = _visible(data.pop("offBoardRevenue", None))
    if not tables:
        return None
    if len(tables) > 1:
        out.lose("a second off-board revenue table")
    revenue: dict[str, int] = {}
    for item in tables[0].get("revenues") or ():
        if not isinstance(item, dict):
            continue
        value = number(item.get("value", item.get("cost")))
        key = phase_key(item.get("color"), phases)
        if value is None or key is None:
            out.lose(f"off-board value {brief(item)}")
        elif key in revenue:
            out.lose(f"a second off-board value for {key} ({value})")
        else:
            revenue[key] = value
    return revenue


def phase_key(colour, phases: tuple[str, ...]) -> str | None:
    """An off-board value's key: a tile colour, or a phase the colour's name points to
    (TheOldPrince1871 colours values `phase2h`, `phase4+` after its phases 2H and 4+)."""
    if not isinstance(colour, str):
        return None
    if colour in PHASE_COLOURS:
        return PHASE_COLOURS[colour]
    wanted = colour.lower().removeprefix("phase")
    for name in phases:
        if name.lower() == wanted:
            return name
    return None


def _readable(data: dict, out: HexReading) -> dict:
    """The hex with only what `read_hex` reads; everything else listed as lost."""
    clean = {}
    for key, value in data.items():
        if key in HEX_LOOKS:
            clean[key] = value
        elif key in KEEP:
            clean[key] = [_keep(key, element, out) for element in _visible(value)]
            clean[key] = [e for e in clean[key] if e is not None]
        elif key == "names":
            continue  # taken as the hex's name
        elif key in UNPRINTED:
            out.lose(f"{UNPRINTED[key]} {_describe(value)}".rstrip())
        elif key == "broken":
            out.lose("marked broken in 18xx-maker")
        else:
            out.lose(f"'{key}' ({brief(value)})")
    return clean


def _describe(value) -> str:
    items = _visible(value) if isinstance(value, (list, dict)) else []
    words = []
    for item in items:
        text = item.get("type") or item.get("label") or item.get("value") or item.get("company") or item.get("text")
        text = text or name_text(item.get("name")) or item.get("logo")
        if text not in (None, "") and str(text) not in words:
            words.append(str(text))
    return f"'{', '.join(words)}'" if words else ""


def _keep(key: str, element: dict, out: HexReading) -> dict | None:
    kept = {}
    for name, value in element.items():
        if key == "track" and name == "gauge" and value in ("dashed", "line"):
            out.lose(f"{value} track (a ferry, a route or a planned line, not built track): not printed")
            return None
        elif key == "track" and name == "gauge" and value not in ("normal", "standard", "narrow", "dual", None):
            out.lose(f"{value} gauge track (printed as standard track)")
        elif name in POSITION_KEYS or name in KEEP[key]:
            kept[name] = value
        elif name in ("name", "companies"):
            continue  # taken as names and homes
        elif key == "track" and name == "color" and value not in ("black", "track"):
            out.lose(f"track coloured '{value}' (a marked route, not built track): not printed")
            return None
        elif key == "track" and name in ("color", "borderColor", "gaugeColor"):
            continue
        elif key == "track" and name == "width":
            out.lose(f"track {value} wide (printed at pnp's width)")
        elif key == "track" and name in ("path", "sides"):
            out.lose("hand-drawn track")
            return None
        elif key == "cities" and name == "outside":
            out.lose("a city drawn outside the hex (printed inside)")
        elif key == "cities" and name == "pass":
            out.lose("a pass-through mark")
        elif name in LOOKS:
            continue
        else:
            out.lose(f"{key}.{name} ({brief(value)})")
    if key == "track" and kept.get("type") == "custom":
        out.lose("hand-drawn track")
        return None
    if key in ("towns", "centerTowns") and kept.get("color", "halt") != "halt":
        out.lose(f"a {kept['color']} town (printed black)")
        kept.pop("color")
    if key == "values":
        value = element.get("value")
        if isinstance(value, str) and number(value) is not None and str(number(value)) == value.strip():
            kept["value"] = number(value)
        elif not isinstance(value, int) or isinstance(value, bool):
            out.lose(f"value '{value}'")
            return None
    return kept


# --- reading, with fallbacks ----------------------------------------------------------


def _read(clean: dict, out: HexReading) -> dict:
    result = read_hex(clean)
    if result.face is not None:
        return result.face
    problem = result.problems[0]
    if problem.startswith("several labels"):
        labels = clean["labels"]
        out.lose(f"label{'s' if len(labels) > 2 else ''} "
                 f"{', '.join(repr(l.get('label')) for l in labels[1:])} (pnp prints one label)")
        return _read({**clean, "labels": labels[:1]}, out)
    if "value" in problem and clean.get("values"):
        return _read_without_values(clean, out, problem)
    if "city size" in problem:
        out.lose(problem)
        return _read({**clean, "cities": [{**c, "size": 1} if not _known_size(c) else c for c in clean["cities"]]}, out)
    if clean.get("track") and _track_trouble(result):
        return _read_dropping_track(clean, out, problem)
    out.lose(f"the hex could not be read ({problem}); printed blank")
    return {}


def _known_size(city: dict) -> bool:
    size = city.get("size", 1)
    return isinstance(size, int) and not isinstance(size, bool) and 1 <= size <= 6


def _read_without_values(clean: dict, out: HexReading, problem: str) -> dict:
    """Values pnp cannot pin to stations: one value goes to every station, else the
    values are listed as lost."""
    values = [v["value"] for v in clean["values"]]
    face = _read({**clean, "values": []}, out)
    paying = [s for s in face.get("stops", []) if "city" in s or "town" in s]
    if len(set(values)) == 1 and paying:
        for stop in paying:
            stop["city" if "city" in stop else "town"] = values[0]
        out.lose(f"one value ({values[0]}) for several kinds of station ({problem}); each pays it")
    else:
        out.lose(f"values {', '.join(map(str, values))} ({problem})")
    return face


def _read_dropping_track(clean: dict, out: HexReading, problem: str) -> dict:
    """Drop the fewest track pieces that make the hex readable (one, two or three of
    them; typically the short stubs of private railways), else all its track."""
    tracks = list(clean["track"])
    for n in range(1, min(3, len(tracks)) + 1):
        for dropped in itertools.combinations(range(len(tracks)), n):
            trial = {**clean, "track": [t for i, t in enumerate(tracks) if i not in dropped]}
            if not _track_trouble(read_hex(trial)):
                for i in dropped:
                    out.lose(_track_words(tracks[i], problem))
                return _read(trial, out)
    out.lose(f"its track ({problem})")
    return _read({**clean, "track": []}, out)


def _track_trouble(result) -> bool:
    """The reading failed because of the track (not a label or a value)."""
    return result.face is None and any(word in result.problems[0] for word in ("track", "loop"))


def _track_words(track: dict, problem: str) -> str:
    kind = track.get("type") or "straight"
    side = track.get("side", 1)
    start, end = track.get("start") or 0, track.get("end") if track.get("end") is not None else 1
    if kind == "straight" and start == 0 and end < 0.5:
        return f"a track stub at 18xx-maker side {side} (pnp draws no stubs)"
    span = f", {start} to {end} of its length" if (start, end) != (0, 1) else ""
    return f"{kind} track from 18xx-maker side {side}{span} ({problem})"


# --- off-board areas ------------------------------------------------------------------


def _add_offboard(face: dict, edges: list[int], revenue: dict | None, out: HexReading) -> None:
    """Off-board arrows end in the hex's station: its city or town if it has one (a
    city paying by phase, such as Oslo in 18SJ), else an off-board stop."""
    stops = face.setdefault("stops", [])
    paths = face.setdefault("paths", [])
    paying = [i for i, s in enumerate(stops) if "city" in s or "town" in s]
    value = _revenue(revenue)
    if paying:
        target = paying[0]
        if value is not None:
            for i in paying:
                kind = "city" if "city" in stops[i] else "town"
                if stops[i][kind]:
                    out.lose(f"a printed value ({stops[i][kind]}) beside the off-board values")
                stops[i][kind] = value
        terminal = False
    else:
        stops.append({"offboard": value if value is not None else 0})
        target = len(stops) - 1
        terminal = True
    linked = {p["a"] for p in paths if p["b"] == f"s{target}"} | {p["b"] for p in paths if p["a"] == f"s{target}"}
    for edge in edges:
        if edge not in linked:
            paths.append({"a": edge, "b": f"s{target}", "terminal": terminal})
    if not paths:
        face.pop("paths")


def _revenue(revenue: dict | None):
    if not revenue:
        return None
    if len(revenue) == 1:
        return next(iter(revenue.values()))
    return dict(revenue)


# --- turning -------------------------------------------------------------------------


def turned(face: dict, steps: int) -> dict:
    """The face turned `steps` edges clockwise: sides, track ends and positions."""
    def edge(e):
        return (e + steps) % 6 if isinstance(e, int) else e

    def at(a):
        return a if a in (None, "center") else (float(a) + steps) % 6

    out = dict(face)
    if "stops" in face:
        out["stops"] = [{**s, **({"at": at(s["at"])} if "at" in s else {})} for s in face["stops"]]
    if "paths" in face:
        out["paths"] = [{**p, "a": edge(p["a"]), "b": edge(p["b"])} for p in face["paths"]]
    if "borders" in face:
        out["borders"] = [{**b, "edge": edge(b["edge"])} for b in face["borders"]]
    if "stubs" in face:
        out["stubs"] = sorted(edge(e) for e in face["stubs"])
    if "icons" in face:
        out["icons"] = [{**i, **({"at": at(i["at"])} if "at" in i else {})} for i in face["icons"]]
    return out


__all__ = ["HexReading", "read_maker_hex", "money_pattern", "number", "name_text", "phase_key", "border_type", "turned", "brief",
           "PHASE_COLOURS"]
