"""An 18xx-maker map as pnp's `map.yaml`: every hex (its colour, name and face), the
map's variants, the hex sides and crossing costs drawn on the map as a whole, and the
companies' homes marked in its cities.

18xx-maker names a hex by letters and a number. A flat map ("horizontal" in
18xx-maker) has lettered columns and numbered rows, a pointy map lettered rows and
numbered columns; both use doubled coordinates, as pnp does. `map` is one map or a
list: the first is the map, the others variants of it (`copy` starts a variant from
another map's hexes, `remove` takes some away).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from pnp.geometry.grid import centre
from pnp.importers.maker_hex import border_type, money_pattern, number, read_maker_hex
from pnp.importers.maker_mapmarks import POINT, MapPaint, map_line, map_point, off_grid_labels
from pnp.importers.maker_report import Report
from pnp.model.map import Coordinates

HEX_COLOURS = {None: "white", "plain": "white", "white": "white", "yellow": "yellow", "green": "green",
               "brown": "brown", "gray": "gray", "grey": "gray", "offboard": "red", "red": "red",
               "water": "blue", "blue": "blue"}
# Colours a game defines for itself, printed as the nearest pnp ground.
NEAR_COLOURS = {"offboard2": "red", "mineralRed": "red", "lightlightGray": "gray", "lightGray": "gray",
                "darkGray": "gray", "mountain": "white", "russet": "brown"}
# 18xx-maker's map colours that pnp's theme has under another name, for lines.
THEME_LINES = {"mountain": "border_mountain", "water": "border_water", "river": "border_river"}
COORDINATE = re.compile(r"^([A-Z]+)(\d+)$")


@dataclass
class MapHexOut:
    coord: str
    color: str
    name: str | None
    face: dict
    marks: list[tuple[int, str]] = field(default_factory=list)
    where: str = "map"  # the source entry, e.g. "map.hexes[12] (B4)"
    texts: tuple[str, ...] = ()  # every text the hex prints, for a hex that becomes a map label
    extras: dict = field(default_factory=dict)  # open_sides, discs, costs (model/map_marks.py)
    kept_only_text: bool = True  # nothing but its text to print (a hex that becomes a map label)
    shape: dict | None = None  # the 18xx-maker shape its text is printed on


@dataclass
class MapResult:
    data: dict  # map.yaml as plain data
    hexes: int  # distinct coordinates on the base map
    homes: dict[str, tuple[str, int]]  # company symbol -> (coordinate, which city of the hex)
    colors: dict[str, str] = field(default_factory=dict)  # the game's own hex colours, for game.yaml `colors:`


def map_list(game: dict) -> list[dict]:
    maps = game.get("map")
    if isinstance(maps, dict):
        return [maps]
    return [m for m in maps if isinstance(m, dict)] if isinstance(maps, list) else []


def source_hex_count(game: dict) -> int:
    """Distinct coordinates of the first map, as 18xx-maker lists them."""
    maps = map_list(game)
    if not maps:
        return 0
    return len({c for h in maps[0].get("hexes") or () if isinstance(h, dict) for c in h.get("hexes") or ()})


def convert_map(game: dict, report: Report, *, pointy: bool, phases: tuple[str, ...],
                companies: set[str], palette=None) -> MapResult | None:
    """`palette` (maker_companies.Palette) resolves the colours of tokens and lines
    printed on the map, and of hex grounds the game defines."""
    maps = map_list(game)
    if not maps:
        report.note("map", "the game has no map")
        return None
    coords = Coordinates(orientation="pointy" if pointy else "flat", letters="rows" if pointy else "columns")
    money = money_pattern((game.get("info") or {}).get("currency"))
    paint = MapPaint(game, palette, HEX_COLOURS, NEAR_COLOURS)
    base, labels = _board(maps, 0, report, pointy, phases, coords, money, paint)
    data: dict = {"coordinates": {"orientation": coords.orientation, "letters": coords.letters}}
    homes = _homes(base, companies, report)
    data["hexes"] = _grouped(base.values())
    variants = {}
    for k in range(1, len(maps)):
        variant, _ = _board(maps, k, report, pointy, phases, coords, money, paint)
        key, value = _variant(maps[k], k, base, variant)
        variants[key] = value
    if variants:
        data["variants"] = variants
    decorations = _decorations(game, maps[0], report)
    if labels:
        decorations["labels"] = labels
    if paint.lines:
        decorations["lines"] = paint.lines
    if decorations:
        data["decorations"] = decorations
    return MapResult(data, len(base), homes, dict(paint.grounds))


# --- one map -------------------------------------------------------------------------


def _hexes_of(maps: list[dict], k: int, seen: frozenset = frozenset()) -> list[tuple[str, dict]]:
    """(where, hex) for map k, its `copy` first (less what it removes), in order."""
    board = maps[k]
    out = []
    copy = board.get("copy")
    if isinstance(copy, int) and 0 <= copy < len(maps) and copy not in seen | {k}:
        removed = set(board.get("remove") or ())
        for where, h in _hexes_of(maps, copy, seen | {k}):
            kept = [c for c in h.get("hexes") or () if c not in removed]
            if kept:
                out.append((where, {**h, "hexes": kept}))
    prefix = "map" if len(maps) == 1 else f"map[{k}]"
    out += [(f"{prefix}.hexes[{i}]", h) for i, h in enumerate(board.get("hexes") or ()) if isinstance(h, dict)]
    return _resolve_copies(out)


def _resolve_copies(entries: list[tuple[str, dict]]) -> list[tuple[str, dict]]:
    """A hex may `copy` another hex by coordinate: its own keys win, the rest come
    from the copied hex."""
    by_coord = {c: h for _, h in entries for c in h.get("hexes") or ()}
    out = []
    for where, h in entries:
        source = by_coord.get(h.get("copy")) if isinstance(h.get("copy"), str) else None
        if source is not None and source is not h:
            h = {**{k: v for k, v in source.items() if k != "hexes"}, **{k: v for k, v in h.items() if k != "copy"}}
        out.append((where, h))
    return out


def _board(maps: list[dict], k: int, report: Report, pointy: bool, phases: tuple[str, ...],
           coords: Coordinates, money=None, paint: MapPaint | None = None) -> tuple[dict[str, MapHexOut], list[dict]]:
    """The hexes of map k by coordinate, and map labels for the text of hexes that sit
    between grid positions."""
    board: dict[str, MapHexOut] = {}
    paint = paint or MapPaint({}, None, HEX_COLOURS, NEAR_COLOURS)
    for where, h in _hexes_of(maps, k):
        reading = read_maker_hex(h, pointy=pointy, phases=phases, money=money, token_looks=paint.token_looks)
        colour = paint.ground(h.get("color"), report, where)
        extras = paint.extras(reading.extras, where)
        for coord in h.get("hexes") or ():
            label = f"{where} ({coord})"
            if not isinstance(coord, str) or not COORDINATE.match(coord):
                report.lost(label, "not a coordinate such as B4; the hex is left out")
                continue
            for what in reading.notes:
                report.note(label, what)
            for what in reading.lost:
                report.lost(label, what)
            if coord in board:
                report.note(label, f"{coord} is given again; this later entry replaces the earlier one, as 18xx-maker "
                                   "draws it on top")
            name = " / ".join(reading.names) or None
            if _names_on_disc(extras, reading.names):
                name = None
            board[coord] = MapHexOut(coord, colour, name, _copy(reading.face), list(reading.marks), label,
                                     _texts(h, reading.names), _copy(extras), _only_text(h), _text_shape(h))
    labels = off_grid_labels(board, coords, report, paint)
    _map_sides(maps[k], board, coords, report, "map" if len(maps) == 1 else f"map[{k}]", paint if k == 0 else None)
    return board, labels


def _texts(h: dict, names: list[str]) -> tuple[str, ...]:
    texts = list(names)
    for key, field_ in (("labels", "label"), ("shapes", "text")):
        for item in h.get(key) or ():
            text = item.get(field_) if isinstance(item, dict) else None
            if text not in (None, "") and str(text) not in texts:
                texts.append(str(text))
    return tuple(texts)


def _names_on_disc(extras: dict, names: list[str]) -> bool:
    """A large token in the middle of the hex with no text of its own (21Moon's blocked
    launch pad) carries the hex's names, which 18xx-maker prints over it."""
    discs = extras.get("discs") or []
    if len(discs) != 1 or not names or "text" in discs[0]:
        return False
    disc = discs[0]
    if disc["size"] < 0.5 or disc.get("reach", 0) > 0.2 or sum(len(n) for n in names) > 70:
        return False
    disc["text"] = "\n".join(names)
    return True


def _only_text(h: dict) -> bool:
    """The hex prints nothing but texts (alone or on one shape) and its ground (21Moon's
    "Rift" and "+90" between hexes)."""
    return not (set(h) - {"color", "hexes", "labels", "names", "removeBorders", "copy", "shapes"}) and (
        _text_shape(h) is not None or not h.get("shapes"))


def _text_shape(h: dict) -> dict | None:
    """The hex's one shape with a text on it (21Moon's brown hexagon with "+90")."""
    shapes = [s for s in h.get("shapes") or () if isinstance(s, dict) and not s.get("hidden")]
    return shapes[0] if len(shapes) == 1 and shapes[0].get("text") not in (None, "") else None


def _copy(face: dict) -> dict:
    return {k: ([dict(x) if isinstance(x, dict) else x for x in v] if isinstance(v, list)
                else (dict(v) if isinstance(v, dict) else v))
            for k, v in face.items()}


def _homes(board: dict[str, MapHexOut], companies: set[str], report: Report) -> dict[str, tuple[str, int]]:
    """A company's mark in a city is its home: the hex and which of its cities."""
    homes: dict[str, tuple[str, int]] = {}
    for coord, h in board.items():
        for city, label in h.marks:
            at = h.where
            if label not in companies:
                _mark_city(h, city, label)  # printed in the city as it stands (a destination, say)
            elif label in homes:
                report.lost(at, f"a second home for {label} (first at {homes[label][0]})")
            else:
                homes[label] = (coord, city)
    return homes


def _mark_city(h: MapHexOut, city: int, label: str) -> None:
    cities = [s for s in h.face.get("stops", []) if "city" in s]
    if city < len(cities):
        cities[city].setdefault("marks", []).append(label)


def _grouped(hexes) -> list[dict]:
    """Identical hexes share one entry (`at` a list), in the order first given."""
    groups: dict[str, dict] = {}
    for h in hexes:
        entry = {"color": h.color, **({"name": h.name} if h.name else {}), **h.face, **h.extras}
        key = repr(sorted(entry.items()))
        if key in groups:
            groups[key]["at"].append(h.coord)
        else:
            groups[key] = {"at": [h.coord], **entry}
    return [{**g, "at": g["at"][0] if len(g["at"]) == 1 else g["at"]} for g in groups.values()]


def _variant(board: dict, k: int, base: dict[str, MapHexOut], hexes: dict[str, MapHexOut]) -> tuple[str, dict]:
    title = str(board.get("name") or f"Map {k + 1}")
    key = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or f"map-{k + 1}"
    changed = [h for c, h in hexes.items() if c not in base or _differs(base[c], h)]
    value: dict = {"title": title}
    removed = sorted(set(base) - set(hexes), key=lambda c: (len(c), c))
    if removed:
        value["remove"] = removed
    if changed:
        value["hexes"] = _grouped(changed)
    return key, value


def _differs(a: MapHexOut, b: MapHexOut) -> bool:
    return (a.color, a.name, repr(a.face), repr(a.extras)) != (b.color, b.name, repr(b.face), repr(b.extras))


# --- sides drawn on the map as a whole ---------------------------------------------------


def _map_sides(board_data: dict, board: dict[str, MapHexOut], coords: Coordinates, report: Report,
               where: str, paint: MapPaint | None) -> None:
    """`borders` (lines through hex corners) of a kind pnp knows become hex sides, of
    another colour lines across the map; `borderTexts` (a cost in a circle on a side)
    put a cost on that side, or inside the hex where they are printed off its sides;
    `lines` are lines across the map. `paint` is None for a variant (lines and colours
    belong to the base map)."""
    geometry = _Grid(board, coords)
    pointy = coords.orientation == "pointy"
    for i, border in enumerate(board_data.get("borders") or ()):
        at = f"{where}.borders[{i}]"
        kind = border_type(border.get("color"))
        names = [str(p) for p in border.get("coords") or ()]
        points = [geometry.point(p) for p in names]
        if kind is None:
            _line(paint, border, at, report, pointy, "line along hex sides")
            continue
        missed = 0
        for name, p, q in zip(names, points, points[1:]):
            side = geometry.side(p, q, prefer=_hex_of(name)) if p and q else None
            if side is None:
                missed += 1
                continue
            face = board[side[0]].face
            borders = face.setdefault("borders", [])
            if all(b["edge"] != side[1] for b in borders):
                borders.append({"edge": side[1], "type": kind})
        if missed:
            report.lost(at, f"{missed} stretch{'es' if missed > 1 else ''} of a {border.get('color')} line that "
                            "run{'' if missed > 1 else 's'} along no hex side")
    for i, text in enumerate(board_data.get("borderTexts") or ()):
        at = f"{where}.borderTexts[{i}]"
        cost = number(text.get("cost"))
        side = geometry.side_at(text.get("coord"))
        point = map_point(text.get("coord"), pointy)
        if cost is not None and side is None and point is not None and point["at"] in board:
            # printed where 18xx-maker prints it, inside the hex it is named from
            kind = "water" if border_type(text.get("bgColor")) in ("water", "river") else "mountain"
            mark = {"cost": cost, "type": kind, "toward": point["toward"], "reach": point["reach"]}
            board[point["at"]].extras.setdefault("costs", []).append(mark)
            continue
        if cost is None or side is None:
            report.lost(at, f"a cost ({text.get('cost')}) printed off the hex sides at {text.get('coord')}")
            continue
        borders = board[side[0]].face.setdefault("borders", [])
        existing = next((b for b in borders if b["edge"] == side[1]), None)
        if existing is None:
            borders.append({"edge": side[1], "type": border_type(text.get("bgColor")) or "water", "cost": cost})
        else:
            existing["cost"] = cost
    for i, line in enumerate(board_data.get("lines") or ()):
        _line(paint, line, f"{where}.lines[{i}]", report, pointy, "line drawn across the map")


def _line(paint: MapPaint | None, item: dict, at: str, report: Report, pointy: bool, what: str) -> None:
    colour = item.get("color") or "black"
    printed = THEME_LINES.get(colour) or (paint.resolve(colour, at) if paint else colour)
    line = map_line(item.get("coords"), printed, item.get("width"), pointy)
    if line is None or paint is None:
        report.lost(at, f"a {colour} {what}" + (" (on a variant map)" if paint is None else
                                                 " through points pnp cannot read"))
    else:
        paint.lines.append(line)


def _hex_of(point: str) -> str | None:
    match = POINT.match(point)
    return match.group(1) if match else None


class _Grid:
    """Points on the map in units of the hex corner radius, for matching 18xx-maker's
    map-wide lines to hex sides."""

    def __init__(self, board: dict[str, MapHexOut], coords: Coordinates):
        self.board = board
        self.coords = coords
        self.pointy = coords.orientation == "pointy"
        self.centres = {c: centre(coords.parse(c), coords.orientation, 1.0) for c in board}

    def _centre(self, coord: str):
        if coord in self.centres:
            return self.centres[coord]
        try:
            return centre(self.coords.parse(coord), self.coords.orientation, 1.0)
        except ValueError:
            return None

    def point(self, text):
        """`A1p3`: corner 3; `A1s2`: the middle of side 2; `A1a30p0.6`: 60 % of the way
        out at 30 degrees."""
        match = POINT.match(text) if isinstance(text, str) else None
        if not match:
            return None
        base = self._centre(match.group(1))
        if base is None:
            return None
        corner, side, angle, percent = match.group(2), match.group(3), match.group(4), match.group(5)
        if corner:
            bearing, reach = 60.0 * (int(corner) - 1) + (0.0 if self.pointy else 90.0), 1.0
        elif side:
            bearing, reach = 60.0 * (int(side) - 1) + (90.0 if self.pointy else 0.0), math.sqrt(3) / 2
        else:
            bearing = float(angle)
            reach = float(percent if percent is not None else 1.0) * math.sqrt(3) / 2
        b = math.radians(bearing)
        return (base[0] - math.sin(b) * reach, base[1] + math.cos(b) * reach)

    def side(self, p, q, prefer: str | None = None):
        """(coordinate, pnp edge) of the hex side from corner p to corner q, on the
        hex `prefer` (the hex the first point is named from) if it has that side;
        None if p-q is no hex side."""
        if abs(math.dist(p, q) - 1.0) > 1e-3:
            return None
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        return self._side_through(mid, prefer)

    def side_at(self, text):
        p = self.point(text)
        match = POINT.match(text) if isinstance(text, str) else None
        if p is None or not match:
            return None
        c = self.centres.get(match.group(1))
        if c is None or math.dist(p, c) < 0.75:
            return None
        # the side of the named hex facing the point
        b = math.degrees(math.atan2(-(p[0] - c[0]), p[1] - c[1])) % 360.0
        edge = round((b - (30.0 if self.pointy else 0.0)) / 60.0) % 6
        return (match.group(1), edge)

    def _side_through(self, mid, prefer: str | None = None):
        order = sorted(self.centres.items(), key=lambda kv: kv[0] != prefer)
        for coord, c in order:
            if abs(math.dist(mid, c) - math.sqrt(3) / 2) < 1e-3:
                b = math.degrees(math.atan2(-(mid[0] - c[0]), mid[1] - c[1])) % 360.0
                return (coord, round((b - (30.0 if self.pointy else 0.0)) / 60.0) % 6)
        return None


# --- around the hexes ----------------------------------------------------------------


def _decorations(game: dict, board: dict, report: Report) -> dict:
    deco: dict = {}
    if (game.get("info") or {}).get("background") == "water":
        deco["background"] = "sea"
    for key, what, where in (("roundTracker", "a round tracker", "the round tracker of `pnp market`"),
                             ("players", "a player table", "the player-count cards of `pnp player-cards`"),
                             ("market", "the stock market", "`pnp market`")):
        if not board.get(key):
            continue
        if key == "roundTracker" and not (game.get("rounds") or any(isinstance(p, dict) and p.get("rounds")
                                                                    for p in game.get("phases") or ())):
            report.lost(f"map.{key}", f"{what} printed on the map; the game names no rounds, so pnp has none to track")
        else:
            report.note(f"map.{key}", f"{what} printed on the map: pnp prints it as its own component, {where}")
    if board.get("title") is False:
        report.note("map.title", "18xx-maker hides the title; pnp prints it")
    return deco


__all__ = ["convert_map", "source_hex_count", "map_list", "MapResult", "HEX_COLOURS"]
