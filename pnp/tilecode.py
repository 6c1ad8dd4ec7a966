"""The 18xx.games tile notation (`city=revenue:20;path=a:0,b:_0`), read into pnp's
compact tile form and written back from a tile. The parser builds the model, never the
other way round: loaders validate with `CODE_CONTEXT`, which hands the model this
module's reader for `code:` fields; `from_code` builds a tile or face from a code.

A code is parts separated by `;`; each part is `type=key:value,key:value`. Nodes
(city, town, halt, offboard, junction) are numbered in order; `_N` in a path is node N.
"""

from __future__ import annotations

import math

from msgspec import Struct, field

from pnp.model.tile import Tile, TileFace, revenue_text

NODE_TYPES = ("city", "town", "halt", "offboard", "junction", "pass")

# keys the engine uses for game logic or screen layout only; they change nothing printed
IGNORED_KEYS = {
    "city": {"groups", "hide", "visit_cost", "route", "format", "boom", "loc_hide"},
    "pass": {"groups", "hide", "visit_cost", "route", "format", "size"},
    "town": {"groups", "hide", "visit_cost", "route", "format", "boom", "to_city"},
    "halt": {"groups", "hide", "visit_cost", "route", "format", "revenue"},
    "offboard": {"groups", "hide", "visit_cost", "route", "format", "rows", "terminal"},
    "junction": set(),
    "path": {"loc", "ignore", "ignore_gauge_walk", "ignore_gauge_compare"},
    "upgrade": {"loc", "size", "sticky"},
    "icon": {"sticky", "blocks_lay", "name", "visit_cost"},
    "partition": set(),
}
# keys that would change the print if pnp drew them; strict parsing refuses them
UNPRINTED_IN_STRICT: set[str] = set()
KNOWN_KEYS = {
    "city": {"revenue", "slots", "loc", "reservation"},
    "pass": {"revenue", "slots", "loc"},
    "town": {"revenue", "loc", "style"},
    "halt": {"symbol", "loc", "style"},
    "offboard": {"revenue", "loc"},
    "junction": set(),
    "path": {"a", "b", "terminal", "track", "lanes", "a_lane", "b_lane"},
    "upgrade": {"cost", "terrain"},
    "border": {"edge", "type", "cost", "color"},
    "icon": {"image", "loc", "large"},
    "frame": {"color", "color2"},
    "stripes": {"color"},
    "partition": {"a", "b", "type", "length"},
    "future_label": {"label", "color"},
}
PART_TYPES = tuple(KNOWN_KEYS) + ("label", "blank")
GAUGE_NAMES = ("broad", "narrow", "dual", "thin", "future")


class TileCodeError(ValueError):
    """A tile code that cannot be read; says which part and why."""


class ParsedCode(Struct):
    face: dict
    ignored: list[str] = field(default_factory=list)


def parse_tile_code(code: str) -> dict:
    """Parse strictly: anything pnp would not print is an error."""
    parsed = read_tile_code(code, strict=True)
    return parsed.face


def from_code(code: str, model: type[TileFace] = Tile, **fields) -> TileFace:
    """A tile (or any face model) from its code and other fields: `from_code(code,
    id="57", color="yellow")`. A bad code raises pnp.model.convert.Invalid (a ValueError)."""
    from pnp.model.convert import validate

    return validate(model, {**fields, "code": code}, parse_tile_code)


def read_tile_code(code: str, strict: bool = False) -> ParsedCode:
    """Parse a code into the compact face dict (stops, track, label, terrain, borders).

    With `strict=False`, keys the engine uses only for play (groups, lanes...) are
    skipped and listed in `ignored` rather than rejected.
    """
    stops: list[dict] = []
    track: list[list] = []
    face: dict = {}
    borders: list[dict] = []
    ignored: list[str] = []
    seen_paths: dict = {}  # (ends, gauge) -> its chain: the lanes of one track are one chain
    code = code.strip()
    if not code:
        return ParsedCode({})
    bad = next((ch for ch in code if not ch.isprintable()), None)
    if bad is not None:
        raise TileCodeError(f"control or invalid character U+{ord(bad):04X} in the code")
    for n, part in enumerate(code.split(";")):
        where = f"part {n + 1} '{part}'"
        if "=" not in part:
            if part in ("blank", ""):
                continue
            if part.strip() == "junction":  # a bare junction, as 18xx.games writes tiles 80-83
                stops.append({"junction": None})
                continue
            raise TileCodeError(f"{where}: expected type=key:value")
        kind, _, body = part.partition("=")
        kind = kind.strip()
        if kind == "label":
            face["label"] = body
            continue
        params = _params(body, where)
        known = KNOWN_KEYS.get(kind)
        if known is None:
            raise TileCodeError(f"{where}: unknown part type '{kind}' (known: {', '.join(PART_TYPES)})")
        for key in list(params):
            if key not in known:
                if key in IGNORED_KEYS.get(kind, set()) and not strict:
                    ignored.append(f"{kind}.{key}={params.pop(key)}")
                elif key in IGNORED_KEYS.get(kind, set()) and key not in UNPRINTED_IN_STRICT:
                    params.pop(key)
                else:
                    raise TileCodeError(f"{where}: unknown key '{key}' for {kind}")
        if kind in NODE_TYPES:
            stops.append(_stop(kind, params, where))
        elif kind == "path":
            if "a" not in params or "b" not in params:
                raise TileCodeError(f"{where}: a path needs a: and b:")
            chain = [_end(params["a"], where), _end(params["b"], where)]
            if chain[0] == chain[1] and isinstance(chain[0], int):  # a stub at one edge
                face.setdefault("stubs", []).append(chain[0])
                continue
            key = (frozenset(map(str, chain)), params.get("track", "broad"))
            lanes = _lanes(params, where)
            if key in seen_paths:  # another lane of the same track (a_lane:2.1 after a_lane:2.0)
                extra = seen_paths[key][-1]
                extra["lanes"] = max(extra["lanes"], lanes) if lanes > 1 else extra["lanes"] + 1
                continue
            if params.get("track", "broad") not in ("broad", "standard"):
                if params["track"] not in GAUGE_NAMES:
                    raise TileCodeError(f"{where}: unknown track '{params['track']}' (known: {', '.join(GAUGE_NAMES)})")
                chain.append(params["track"])
            if "terminal" in params:
                chain.append("terminal")
            chain.append({"lanes": lanes})
            seen_paths[key] = chain
            track.append(chain)
        elif kind == "upgrade":
            face["terrain"] = {"cost": _int(params.get("cost", "0"), where)}
            if "terrain" in params:
                face["terrain"]["type"] = params["terrain"].split("|")
        elif kind == "border":
            border = {"edge": _int(params.get("edge", ""), where)}
            for key in ("type", "color"):
                if key in params:
                    border[key] = params[key]
            if "cost" in params:
                border["cost"] = _int(params["cost"], where)
            borders.append(border)
        elif kind == "icon":
            if not params.get("image"):
                raise TileCodeError(f"{where}: an icon needs image:")
            icon: dict = {"name": params["image"]}
            if "loc" in params and params["loc"] != "hex":
                icon["at"] = _loc(params["loc"], where)
            if params.get("large") in ("1", "true"):
                icon["large"] = True
            face.setdefault("icons", []).append(icon)
        elif kind in ("frame", "future_label"):
            if not params.get("color" if kind == "frame" else "label"):
                raise TileCodeError(f"{where}: a {kind} needs {'color' if kind == 'frame' else 'label'}:")
            face[kind] = dict(params)
        elif kind == "stripes":
            face["stripes"] = params.get("color") or "white"
        elif kind == "partition":
            part_ = {"a": _number_param(params.get("a", ""), where), "b": _number_param(params.get("b", ""), where)}
            if "type" in params:
                part_["type"] = params["type"]
            if "length" in params:
                part_["length"] = _number_param(params["length"], where)
            face.setdefault("partitions", []).append(part_)
    if stops:
        face["stops"] = stops
    for chain in track:  # one lane is the default: no mapping
        if chain[-1] == {"lanes": 1}:
            chain.pop()
    if track:
        face["track"] = track
    if borders:
        face["borders"] = borders
    return ParsedCode(face, ignored)


def _lanes(params: dict, where: str) -> int:
    """How many parallel lanes a path stands for: `lanes:2`, or the N of `a_lane:N.i`."""
    counts = [params.get("lanes", "1")] + [params[k].split(".")[0] for k in ("a_lane", "b_lane") if k in params]
    try:
        lanes = max(int(c) for c in counts)
    except ValueError:
        raise TileCodeError(f"{where}: lanes must be whole numbers such as 2 or 2.0") from None
    if not 1 <= lanes <= 6:
        raise TileCodeError(f"{where}: {lanes} lanes (pnp draws 1-6)")
    return lanes


def _params(body: str, where: str) -> dict:
    params = {}
    for item in body.split(","):
        if not item:
            continue
        key, sep, value = item.partition(":")
        if not sep:
            raise TileCodeError(f"{where}: expected key:value, got '{item}'")
        params[key.strip()] = value.strip()
    return params


def _int(text: str, where: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise TileCodeError(f"{where}: expected a whole number, got '{text}'") from None


def _number_param(text: str, where: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise TileCodeError(f"{where}: expected a number, got '{text}'") from None


def _revenue(text: str, where: str):
    if "_" not in text:
        return _int(text, where)
    phases = {}
    for item in text.split("|"):
        phase, _, value = item.rpartition("_")
        phases[phase] = _int(value, where)
    return phases


def _loc(text: str, where: str):
    if text == "center":
        return "center"
    try:
        value = float(text) % 6  # a few games write 7 for 1, 15 for 3
    except ValueError:
        raise TileCodeError(f"{where}: loc must be a number or 'center', got '{text}'") from None
    if not math.isfinite(value):
        raise TileCodeError(f"{where}: loc must be a finite number or 'center', got '{text}'")
    return int(value) if value == int(value) else value


def _stop(kind: str, params: dict, where: str) -> dict:
    stop: dict = {}
    if kind == "halt":
        stop["halt"] = params.get("symbol", "£")
    elif kind == "junction":
        stop["junction"] = None
    elif kind == "pass":
        stop["city"] = _revenue(params.get("revenue", "0"), where)
        stop["style"] = "pass"
    else:
        stop[kind] = _revenue(params.get("revenue", "0"), where)
    if params.get("reservation"):
        stop["marks"] = [m for m in params["reservation"].split("|") if m]
    if "slots" in params:
        slots = _int(params["slots"], where)
        if slots != 1:
            stop["slots"] = slots
    if "loc" in params:
        stop["at"] = _loc(params["loc"], where)
    if "style" in params:
        stop["style"] = params["style"]
    return stop


def _end(text: str, where: str):
    if text.startswith("_"):
        return f"s{_int(text[1:], where)}"
    return _int(text, where) % 6  # a few maps write edge 6 for edge 0


def face_to_code(face: TileFace) -> str:
    """Write a face in the 18xx.games notation (the inverse of `read_tile_code`)."""
    parts = []
    for stop in face.stops:
        params = []
        kind = "pass" if stop.kind == "city" and stop.style == "pass" else stop.kind
        if stop.kind in ("city", "town", "offboard"):
            params.append(f"revenue:{_revenue_code(stop.revenue)}")
        if stop.kind == "halt":
            params.append(f"symbol:{stop.symbol}")
        if stop.kind == "city" and stop.slots != 1:
            params.append(f"slots:{stop.slots}")
        if stop.at is not None:
            at = stop.at if stop.at == "center" else _number(stop.at)
            params.append(f"loc:{at}")
        if getattr(stop, "style", None) and kind != "pass":
            params.append(f"style:{stop.style}")
        reserved = [m.company for m in getattr(stop, "marks", ()) if m.company]
        if reserved:
            params.append("reservation:" + "|".join(reserved))
        parts.append(f"{kind}=" + ",".join(params) if params or stop.kind != "junction" else "junction")
    for path in face.paths:
        ends = [str(e.index) if e.kind == "edge" else f"_{e.index}" for e in path.ends()]
        text = f"path=a:{ends[0]},b:{ends[1]}"
        if path.terminal:
            text += ",terminal:1"
        if path.track != "standard":
            text += f",track:{path.track}"
        if path.lanes > 1:
            text += f",lanes:{path.lanes}"
        parts.append(text)
    parts.extend(f"path=a:{e},b:{e}" for e in face.stubs)
    if face.terrain:
        text = f"upgrade=cost:{face.terrain.cost}"
        if face.terrain.type:
            text += ",terrain:" + "|".join(face.terrain.type)
        parts.append(text)
    for border in face.borders:
        text = f"border=edge:{border.edge},type:{border.type}"
        if border.cost is not None:
            text += f",cost:{border.cost}"
        if border.color:
            text += f",color:{border.color}"
        parts.append(text)
    for icon in face.icons:
        text = f"icon=image:{icon.name}"
        if icon.at is not None:
            text += f",loc:{icon.at if icon.at == 'center' else _number(icon.at)}"
        parts.append(text + (",large:1" if icon.large else ""))
    if face.frame:
        parts.append(f"frame=color:{face.frame.color}" + (f",color2:{face.frame.color2}" if face.frame.color2 else ""))
    if face.stripes:
        parts.append(f"stripes=color:{face.stripes}")
    for p in face.partitions:
        parts.append(f"partition=a:{_number(p.a)},b:{_number(p.b)},type:{p.type}"
                     + (f",length:{_number(p.length)}" if p.length != 1 else ""))
    if face.future_label:
        fl = face.future_label
        parts.append(f"future_label=label:{fl.label}" + (f",color:{fl.color}" if fl.color else ""))
    if face.label:
        parts.append(f"label={face.label}")
    return ";".join(parts)


def _number(x: float) -> str:
    return str(int(x)) if x == int(x) else str(x)


def _revenue_code(revenue) -> str:
    if isinstance(revenue, int):
        return str(revenue)
    return "|".join(f"{pv.phase}_{pv.value}" for pv in revenue)


__all__ = ["from_code", "parse_tile_code", "read_tile_code", "face_to_code", "TileCodeError",
           "revenue_text"]
