"""The 18xx.games tile notation (`city=revenue:20;path=a:0,b:_0`), read into pnp's
compact tile form and written back from a tile. The parser builds the model, never the
other way round: loaders validate with `CODE_CONTEXT`, which hands the model this
module's reader for `code:` fields; `from_code` builds a tile or face from a code.

A code is parts separated by `;`; each part is `type=key:value,key:value`. Nodes
(city, town, halt, offboard, junction) are numbered in order; `_N` in a path is node N.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.model.tile import TILE_CODE_READER, Tile, TileFace, revenue_text

NODE_TYPES = ("city", "town", "halt", "offboard", "junction")

# keys the engine uses for game logic or screen layout only; they change nothing printed
IGNORED_KEYS = {
    "city": {"groups", "hide", "visit_cost", "route", "format", "boom", "reservation", "loc_hide"},
    "town": {"groups", "hide", "visit_cost", "route", "format", "boom"},
    "halt": {"groups", "hide", "visit_cost", "route", "format", "revenue"},
    "offboard": {"groups", "hide", "visit_cost", "route", "format"},
    "junction": set(),
    "path": {"loc", "lanes", "a_lane", "b_lane", "track", "ignore", "ignore_gauge_walk", "ignore_gauge_compare"},
}
# keys that would change the print if pnp drew them; strict parsing refuses them
UNPRINTED_IN_STRICT = {"lanes", "a_lane", "b_lane", "track"}
KNOWN_KEYS = {
    "city": {"revenue", "slots", "loc"},
    "town": {"revenue", "loc", "style"},
    "halt": {"symbol", "loc", "style"},
    "offboard": {"revenue", "loc"},
    "junction": set(),
    "path": {"a", "b", "terminal"},
    "upgrade": {"cost", "terrain"},
    "border": {"edge", "type", "cost"},
}


class TileCodeError(ValueError):
    """A tile code that cannot be read; says which part and why."""


@dataclass
class ParsedCode:
    face: dict
    ignored: list[str] = field(default_factory=list)


def parse_tile_code(code: str) -> dict:
    """Parse strictly: anything pnp would not print is an error."""
    parsed = read_tile_code(code, strict=True)
    return parsed.face


CODE_CONTEXT = {TILE_CODE_READER: parse_tile_code}  # pydantic validation context for data with `code:` fields


def from_code(code: str, model: type[TileFace] = Tile, **fields) -> TileFace:
    """A tile (or any face model) from its code and other fields: `from_code(code,
    id="57", color="yellow")`. A bad code raises pydantic's ValidationError."""
    return model.model_validate({**fields, "code": code}, context=CODE_CONTEXT)


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
    code = code.strip()
    if not code:
        return ParsedCode({})
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
        params = _params(body, where) if kind != "label" else {}
        known = KNOWN_KEYS.get(kind)
        if known is None:
            if strict:
                raise TileCodeError(f"{where}: unknown part type '{kind}'")
            ignored.append(part)
            continue
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
            if "terminal" in params:
                chain.append("terminal")
            track.append(chain)
        elif kind == "upgrade":
            face["terrain"] = {"cost": _int(params.get("cost", "0"), where)}
            if "terrain" in params:
                face["terrain"]["type"] = params["terrain"].split("|")
        elif kind == "border":
            border = {"edge": _int(params.get("edge", ""), where)}
            if "type" in params:
                border["type"] = params["type"]
            if "cost" in params:
                border["cost"] = _int(params["cost"], where)
            borders.append(border)
    if stops:
        face["stops"] = stops
    if track:
        face["track"] = track
    if borders:
        face["borders"] = borders
    return ParsedCode(face, ignored)


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
        value = float(text)
    except ValueError:
        raise TileCodeError(f"{where}: loc must be a number or 'center', got '{text}'") from None
    return int(value) if value == int(value) else value


def _stop(kind: str, params: dict, where: str) -> dict:
    stop: dict = {}
    if kind == "halt":
        stop["halt"] = params.get("symbol", "£")
    elif kind == "junction":
        stop["junction"] = None
    else:
        stop[kind] = _revenue(params.get("revenue", "0"), where)
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
    return _int(text, where)


def face_to_code(face: TileFace) -> str:
    """Write a face in the 18xx.games notation (the inverse of `read_tile_code`)."""
    parts = []
    for stop in face.stops:
        params = []
        if stop.kind in ("city", "town", "offboard"):
            params.append(f"revenue:{_revenue_code(stop.revenue)}")
        if stop.kind == "halt":
            params.append(f"symbol:{stop.symbol}")
        if stop.kind == "city" and stop.slots != 1:
            params.append(f"slots:{stop.slots}")
        if stop.at is not None:
            at = stop.at if stop.at == "center" else _number(stop.at)
            params.append(f"loc:{at}")
        if getattr(stop, "style", None):
            params.append(f"style:{stop.style}")
        parts.append(f"{stop.kind}=" + ",".join(params) if params or stop.kind != "junction" else "junction")
    for path in face.paths:
        ends = [str(e.index) if e.kind == "edge" else f"_{e.index}" for e in path.ends()]
        text = f"path=a:{ends[0]},b:{ends[1]}"
        if path.terminal:
            text += ",terminal:1"
        parts.append(text)
    if face.terrain:
        text = f"upgrade=cost:{face.terrain.cost}"
        if face.terrain.type:
            text += ",terrain:" + "|".join(face.terrain.type)
        parts.append(text)
    for border in face.borders:
        text = f"border=edge:{border.edge},type:{border.type}"
        if border.cost is not None:
            text += f",cost:{border.cost}"
        parts.append(text)
    if face.label:
        parts.append(f"label={face.label}")
    return ";".join(parts)


def _number(x: float) -> str:
    return str(int(x)) if x == int(x) else str(x)


def _revenue_code(revenue) -> str:
    if isinstance(revenue, int):
        return str(revenue)
    return "|".join(f"{pv.phase}_{pv.value}" for pv in revenue)


__all__ = ["CODE_CONTEXT", "from_code", "parse_tile_code", "read_tile_code", "face_to_code", "TileCodeError",
           "revenue_text"]
