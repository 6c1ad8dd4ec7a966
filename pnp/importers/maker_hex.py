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

Turning: 18xx-maker draws a pointy hex by turning its sides (and track) 90 degrees,
pnp by turning the face 30 degrees, so on a pointy map every side moves on one edge.
On a map hex an element placed by angle stays where its angle puts it on the page in
18xx-maker (`maker_mapmarks.page_frame` turns it back before the face is read); a
tile turns whole, its elements with its track.
"""

from __future__ import annotations

import itertools
import re

from pnp.importers.maker_face import read_hex
from pnp.model.icons import canonical
from pnp.importers import maker_hexparts as parts
from pnp.importers import maker_mapmarks as marks
from pnp.importers.maker_hexparts import (  # noqa: F401  (public names used by the other importers)
    PHASE_COLOURS,
    UNPRINTED,
    HexReading,
    border_type,
    brief,
    money_pattern,
    name_text,
    number,
    phase_key,
    turned,
)

POSITION_KEYS = ("x", "y", "angle", "percent", "rotation", "rotate", "side", "hidden")
# What each element may keep for `read_hex`; anything else is taken out first.
KEEP = {
    "track": {"type", "start", "end", "cross", "offset", "gauge", "color", "gaugeColor", "path", "sides", "width"},
    "cities": {"size", "groups", "pass"},
    "shapes": {"type", "width", "height", "color", "borderColor", "text", "background", "dashed"},
    "goods": {"color", "width", "text", "borderColor"},
    "boomtowns": {"city", "dashed"},
    "tunnelEntrances": set(),
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


# --- the reader ---------------------------------------------------------------------


def read_maker_hex(data: dict, *, pointy: bool = False, phases: tuple[str, ...] = (), map_hex: bool = True,
                   money: re.Pattern | None = None, token_looks: dict[str, dict] | None = None) -> HexReading:
    """`data` is an 18xx-maker hex or tile. `phases` are the game's phase names, for
    off-board values keyed by a phase colour such as `phase4+`; `money` matches an
    amount in the game's currency (`20c`), which an off-board area may print as its
    label instead of a value; `token_looks` the colour and label of tokens named by
    their logo. A map hex's open sides, tokens and further costs go to `extras`."""
    out = HexReading()
    data = {k: v for k, v in data.items() if not _empty(v)}
    parts.take_names(data, out)
    parts.take_marks(data, out)
    if map_hex:
        out.extras = {k: v for k, v in (("open_sides", marks.open_sides(data, pointy)),
                                        ("discs", marks.discs(data, pointy, token_looks or {}))) if v}
    terrain = parts.terrain(data, out)
    borders = parts.borders(data, out) if map_hex else parts.tile_borders(data, out)
    crossings = parts.crossings(data, out, borders, map_hex, pointy)
    spot = crossings.pop("spot") if crossings else None
    if terrain is None and crossings:
        terrain = crossings
    elif crossings:  # printed where 18xx-maker prints it, beside the hex's terrain
        out.extras.setdefault("costs", []).insert(0, spot)
    offboard_edges = parts.offboard_track(data)
    revenue = parts.offboard_revenue(data, out, phases)
    if offboard_edges and revenue is None and not any(data.get(k) for k in ("cities", "towns", "centerTowns")):
        revenue = parts.offboard_value(data, out, money)
    badges = parts.badges(data, out, pointy)
    clean = _readable(marks.page_frame(data) if pointy and map_hex else data, out)
    face = _read(clean, out)
    if badges:
        face["icons"] = face.get("icons", []) + badges
    for icon in face.get("icons", []):
        if canonical(icon["name"]) is None:
            out.note(f"'{icon['name']}' printed as its name in a framed box (no picture of that name in pnp)")
    if offboard_edges or revenue is not None:
        parts.add_offboard(face, offboard_edges, revenue, out)
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


def _readable(data: dict, out: HexReading) -> dict:
    """The hex with only what `read_hex` reads; everything else listed as lost."""
    clean = {}
    for key, value in data.items():
        if key in HEX_LOOKS:
            clean[key] = value
        elif key in KEEP:
            clean[key] = [_keep(key, element, out) for element in parts.visible(value)]
            clean[key] = [e for e in clean[key] if e is not None]
        elif key == "names":
            continue  # taken as the hex's name
        elif key in UNPRINTED:
            out.lose(f"{UNPRINTED[key]} {_describe(value)}".rstrip())
        elif key == "broken":  # a flag on 18xx-maker's own drawing, which it prints all the same (1858's 71)
            out.note("marked broken in 18xx-maker, which prints it all the same; printed as read here")
        else:
            out.lose(f"'{key}' ({brief(value)})")
    return clean


def _describe(value) -> str:
    items = parts.visible(value) if isinstance(value, (list, dict)) else []
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
        if key == "track" and name in ("color", "gaugeColor") and not printable_colour(value):
            if name == "color":  # a game's own colour: a marked route (18SJ's mainlines)
                out.lose(f"track coloured '{value}' (a marked route, not built track): not printed")
                return None
        elif key == "boomtowns" and name == "dashed" and value is False:
            out.note("a boomtown's ring drawn solid in 18xx-maker, printed dashed (pnp's boomtown ring)")
        elif key in ("shapes", "goods") and name in ("color", "borderColor") and not printable_colour(value):
            out.lose(f"{key[:-1]} coloured '{value}' (the game's own colour name): printed "
                     f"{'white' if name == 'color' else 'with a black outline'}")
            kept[name] = "white" if name == "color" else "black"
        elif key == "track" and name == "gauge" and value not in ("normal", "standard", "narrow", "dual", "line",
                                                                 "dashed", None):
            out.lose(f"{value} gauge track (printed as standard track)")
        elif name in POSITION_KEYS or name in KEEP[key]:
            kept[name] = value
        elif name in ("name", "companies"):
            continue  # taken as names and homes
        elif key == "track" and name == "borderColor":
            continue
        elif key == "cities" and name == "outside":
            out.note("a city 18xx-maker draws on the hex's side, half off the map: printed inside the hex, "
                     "toward that side")
        elif name in LOOKS:
            continue
        else:
            out.lose(f"{key}.{name} ({brief(value)})")
    if key in ("towns", "centerTowns") and kept.get("color", "halt") != "halt":
        out.lose(f"a {kept['color']} town (printed black)")
        kept.pop("color")
    if key == "values":
        value = element.get("value")
        if isinstance(value, str) and number(value) is not None and str(number(value)) == value.strip():
            kept["value"] = number(value)
        elif isinstance(value, str) and "/" in value and all(p.strip().isdigit() for p in value.split("/")):
            kept["value"] = value  # 40/60: both printed
        elif not isinstance(value, int) or isinstance(value, bool):
            out.lose(f"value '{value}'")
            return None
    return kept


def printable_colour(value) -> bool:
    """A colour pnp prints as given: a name of the default theme or a colour the drawing
    model reads (#rrggbb, a named colour); a game's own colour names are not."""
    from pnp.draw.color import ColorError, parse_color
    from pnp.templates import theme

    if not isinstance(value, str):
        return False
    if value in theme("default").colors:
        return True
    try:
        return parse_color(value) is not None
    except ColorError:
        return False


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


# --- turning -------------------------------------------------------------------------


__all__ = ["HexReading", "read_maker_hex", "money_pattern", "number", "name_text", "phase_key", "border_type", "turned", "brief",
           "PHASE_COLOURS"]
