"""The parts of an 18xx-maker hex that pnp keeps apart from its stops and track:
place names, company marks in cities and badges on the hex, terrain with its cost,
coloured sides, tunnels and bridges, off-board areas (revenue by phase, arrows off
the map), and turning a face for a pointy map. `maker_hex.read_maker_hex` uses them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnp.importers.maker_mapmarks import cost_mark, page_edge
from pnp.model.tile import TERRAIN_KINDS

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
    "routeBonuses": "route bonus",
    "tokens": "token", "industries": "industry", "divides": "divide line",
    "mediumCities": "medium city", "removeBorders": "outline removed",
    "companies": "company mark", "bridges": "bridge", "tunnels": "tunnel",
}


@dataclass
class HexReading:
    """A hex in pnp's compact face fields, with what went elsewhere and what was lost."""

    face: dict = field(default_factory=dict)  # stops, track, label, terrain, borders
    names: list[str] = field(default_factory=list)  # place names printed on the hex
    marks: list[tuple[int, str]] = field(default_factory=list)  # (city index, label) company marks in cities
    extras: dict = field(default_factory=dict)  # map hexes only: open_sides, discs, costs (maker_mapmarks.py)
    lost: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # printed, but not as 18xx-maker draws it

    def lose(self, what: str) -> None:
        if what not in self.lost:
            self.lost.append(what)

    def note(self, what: str) -> None:
        if what not in self.notes:
            self.notes.append(what)


def visible(items) -> list:
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


BADGES = {"companies": "company mark", "tokens": "token", "routeBonuses": "route bonus"}


def badges(data: dict, out: HexReading, pointy: bool = False) -> list[dict]:
    """Company marks, printed tokens and route bonuses on a hex (not in a city): each
    printed as its text in a framed box where 18xx-maker draws it (an icon pnp does not
    know prints its name so)."""
    badges = []
    for key, words in BADGES.items():
        for item in visible(data.pop(key, None)):
            text = item if isinstance(item, str) else (
                item.get("label") or item.get("company") or item.get("value") or item.get("text") or item.get("name"))
            text = name_text(text) if isinstance(text, (str, dict)) else (str(text) if text is not None else None)
            if not text:
                out.lose(f"a {words} with no text")
                continue
            badge: dict = {"name": text}
            edge = edge_at(item, pointy) if isinstance(item, dict) else None
            if edge is not None:
                badge["at"] = edge
            badges.append(badge)
    return badges


def take_names(data: dict, out: HexReading) -> None:
    for key in ("cities", "towns", "centerTowns", "boomtowns"):
        for element in visible(data.get(key)):
            text = name_text(element.get("name"))
            if text and text not in out.names:
                out.names.append(text)
    for element in visible(data.get("names")):
        text = name_text(element)
        if text and text not in out.names:
            out.names.append(text)
    board = data.get("offBoardRevenue")
    for table in visible(board):
        text = name_text(table.get("name"))
        if text and text not in out.names:
            out.names.append(text)


def take_marks(data: dict, out: HexReading) -> None:
    for i, city in enumerate(visible(data.get("cities"))):
        for mark in city.get("companies") or ():
            label = mark if isinstance(mark, str) else (mark.get("label") if isinstance(mark, dict) else None)
            if label:
                out.marks.append((i, str(label)))


def terrain(data: dict, out: HexReading) -> dict | None:
    """18xx-maker often draws a terrain icon and its cost as two items; pnp has one
    terrain with a cost and its types."""
    types: list[str] = []
    costs: list[int] = []
    for item in visible(data.pop("terrain", None)):
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


def borders(data: dict, out: HexReading) -> list[dict]:
    borders = []
    for item in visible(data.pop("borders", None)):
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


def tile_borders(data: dict, out: HexReading) -> list[dict]:
    if data.pop("borders", None):
        out.lose("coloured hex sides on a tile")
    return []


def crossings(data: dict, out: HexReading, borders: list[dict], map_hex: bool, pointy: bool = False) -> dict | None:
    """Tunnels and bridges: drawn on a side, a cost for crossing it (a mountain or water
    side with that cost); drawn inside the hex, a cost for building there."""
    on_hex = None
    for key, kind, side_kind in (("tunnels", "mountain", "mountain"), ("bridges", "river", "water")):
        for item in visible(data.pop(key, None)):
            cost = number(item.get("cost"))
            if cost is None or not map_hex:
                out.lose(f"a {UNPRINTED[key]}" + ("" if cost is None else f" costing {cost}"))
                continue
            edge = edge_at(item, pointy)
            if edge is not None:
                existing = next((b for b in borders if b["edge"] == edge), None)
                if existing is None:
                    borders.append({"edge": edge, "type": side_kind, "cost": cost})
                elif "cost" not in existing:
                    existing["cost"] = cost
                else:
                    out.lose(f"a second cost ({cost}) on side {edge + 1}")
            elif on_hex is None:
                on_hex = {"cost": cost, "type": kind, "spot": cost_mark(item, kind, cost, pointy)}
            else:  # printed where 18xx-maker prints it, beside the hex's terrain
                out.extras.setdefault("costs", []).append(cost_mark(item, kind, cost, pointy))
    return on_hex


def edge_at(item: dict, pointy: bool = False) -> int | None:
    """The side an element is drawn on (at least 85 % of the way out, facing a side),
    as an edge of the face before a pointy map's turn (`turned`), or None."""
    edge = page_edge(item, pointy)
    return None if edge is None else (edge - (1 if pointy else 0)) % 6


def offboard_value(data: dict, out: HexReading, money: re.Pattern | None) -> dict | None:
    """An off-board area without a revenue table pays its printed value, or the
    amount its label names."""
    values = [number(v.get("value")) for v in visible(data.pop("values", None))]
    values = [v for v in values if v is not None]
    if len(values) > 1:
        out.lose(f"values {', '.join(map(str, values[1:]))} beside the off-board value {values[0]}")
    return {"": values[0]} if values else money_label(data, money)


def money_label(data: dict, money: re.Pattern | None) -> dict | None:
    """An off-board area labelled with an amount (21Moon's `20c`) pays that amount."""
    labels = visible(data.get("labels"))
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


def offboard_track(data: dict) -> list[int]:
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


def offboard_revenue(data: dict, out: HexReading, phases: tuple[str, ...]):
    """The revenue table of an off-board area: {phase colour or phase name: value}."""
    tables = visible(data.pop("offBoardRevenue", None))
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


def add_offboard(face: dict, edges: list[int], revenue: dict | None, out: HexReading) -> None:
    """Off-board arrows end in the hex's station: its city or town if it has one (a
    city paying by phase, such as Oslo in 18SJ), else an off-board stop."""
    stops = face.setdefault("stops", [])
    paths = face.setdefault("paths", [])
    paying = [i for i, s in enumerate(stops) if "city" in s or "town" in s]
    value = paid(revenue)
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


def paid(revenue: dict | None):
    if not revenue:
        return None
    if len(revenue) == 1:
        return next(iter(revenue.values()))
    return dict(revenue)


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
        out["paths"] = [{**p, "a": edge(p["a"]), "b": edge(p["b"]), **({"bend": at(p["bend"])} if "bend" in p else {})}
                        for p in face["paths"]]
    if "tunnels" in face:
        out["tunnels"] = sorted(edge(e) for e in face["tunnels"])
    if "spurs" in face:
        out["spurs"] = [{**s, "at": at(s["at"])} for s in face["spurs"]]
    if "partitions" in face:
        out["partitions"] = [{**p, "a": at(p["a"]), "b": at(p["b"])} for p in face["partitions"]]
    if "shapes" in face:
        from pnp.geometry.hexagon import rotate_degrees

        out["shapes"] = [{**s, **dict(zip(("x", "y"), (round(v, 1) for v in rotate_degrees((s.get("x", 0.0), s.get("y", 0.0)),
                                                                                             60.0 * steps))))}
                         for s in face["shapes"]]
    if "borders" in face:
        out["borders"] = [{**b, "edge": edge(b["edge"])} for b in face["borders"]]
    if "stubs" in face:
        out["stubs"] = sorted(edge(e) for e in face["stubs"])
    if "icons" in face:
        out["icons"] = [{**i, **({"at": at(i["at"])} if "at" in i else {})} for i in face["icons"]]
    return out
