"""Writing tiles in pnp's compact YAML form (the inverse of the loader), for importers
and `pnp import tile-code`."""

from __future__ import annotations

from pnp.model.base import field_values
from pnp.model.tile import End, Tile, TileFace


def _scalar(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(int(value)) if float(value) == int(value) else str(value)
    text = str(value)
    if text == "" or not all(ch.isalnum() or ch in " _-.&'£$" for ch in text) or text[0] in "-'" \
            or text.lower() in ("yes", "no", "on", "off", "true", "false", "null", "~") \
            or text.replace(".", "", 1).isdigit():
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    return text


def _flow(mapping: dict) -> str:
    return "{" + ", ".join(f"{k}: {_value(v)}" for k, v in mapping.items()) + "}"


def _value(v) -> str:
    if isinstance(v, dict):
        return _flow(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return _scalar(v)


def stop_dict(stop) -> dict:
    out: dict = {}
    if stop.kind == "halt":
        out["halt"] = stop.symbol
    elif stop.kind == "junction":
        out["junction"] = None
    else:
        revenue = stop.revenue
        if isinstance(revenue, int):
            out[stop.kind] = revenue
        elif all(pv.phase == "" for pv in revenue):  # 30/50: values printed together
            out[stop.kind] = "/".join(str(pv.value) for pv in revenue)
        else:
            out[stop.kind] = {pv.phase: pv.value for pv in revenue}
    if getattr(stop, "slots", 1) != 1:
        out["slots"] = stop.slots
    if stop.at is not None:
        out["at"] = stop.at
    if getattr(stop, "style", None):
        out["style"] = stop.style
    marks = getattr(stop, "marks", ())
    if marks:
        out["marks"] = [m.company if set(_dump(m)) == {"company"} else _dump(m) for m in marks]
    return out


def chains(face: TileFace) -> list[list]:
    """Paths joined into chains where one passes through a stop: [0, s0, 3]."""
    remaining = list(face.paths)
    out = []
    while remaining:
        path = remaining.pop(0)
        chain = [path.a, path.b]
        if chain[0].kind == "stop" and chain[1].kind == "edge":
            chain.reverse()
        if chain[-1].kind == "stop":
            for other in remaining:
                if _drawn(other) == _drawn(path) and chain[-1] in other.ends():
                    nxt = other.b if other.a == chain[-1] else other.a
                    if nxt.kind == "edge" and nxt not in chain:
                        chain.append(nxt)
                        remaining.remove(other)
                        break
        gauge = [path.track] if path.track != "standard" else []
        extra = {k: v for k, v in field_values(path, skip_defaults=True).items() if k in PATH_EXTRAS and v is not None}
        out.append([str(e) if e.kind == "stop" else e.index for e in chain] + gauge + (["terminal"] if path.terminal else [])
                   + ([extra] if extra else []))
    return out


PATH_EXTRAS = {"color", "tie_color", "bend", "lanes", "width"}  # written as a mapping at the end of a chain


def _drawn(path) -> tuple:
    return (path.terminal, path.track, *(getattr(path, k) for k in sorted(PATH_EXTRAS)))


def face_lines(face: TileFace, indent: str) -> list[str]:
    lines = []
    if face.stops:
        lines.append(f"{indent}stops: [" + ", ".join(_flow(stop_dict(s)) for s in face.stops) + "]")
    if face.paths:
        lines.append(f"{indent}track: [" + ", ".join("[" + ", ".join(_value(x) if isinstance(x, dict) else str(x)
                                                                   for x in c) + "]" for c in chains(face)) + "]")
    if face.label:
        lines.append(f"{indent}label: {_scalar(face.label)}")
    if face.terrain:
        lines.append(f"{indent}terrain: {{cost: {face.terrain.cost}, type: {'|'.join(face.terrain.type)}}}")
    if face.borders:
        lines.append(f"{indent}borders: [" + ", ".join(
            _flow({k: v for k, v in field_values(b).items() if v is not None}) for b in face.borders) + "]")
    if face.icons:
        lines.append(f"{indent}icons: [" + ", ".join(
            _scalar(i.name) if set(_dump(i)) == {"name"} else _flow(_dump(i)) for i in face.icons) + "]")
    for key in ("frame", "future_label"):
        if getattr(face, key):
            lines.append(f"{indent}{key}: {_flow(_dump(getattr(face, key)))}")
    if face.stubs:
        lines.append(f"{indent}stubs: [" + ", ".join(str(e) for e in face.stubs) + "]")
    if face.stripes:
        lines.append(f"{indent}stripes: {_scalar(face.stripes)}")
    if face.tunnels:
        lines.append(f"{indent}tunnels: [" + ", ".join(str(e) for e in face.tunnels) + "]")
    if face.spurs:
        lines.append(f"{indent}spurs: [" + ", ".join(_flow(_dump(p)) for p in face.spurs) + "]")
    if face.shapes:
        lines.append(f"{indent}shapes: [" + ", ".join(_flow(_dump(p)) for p in face.shapes) + "]")
    if face.partitions:
        lines.append(f"{indent}partitions: [" + ", ".join(_flow(_dump(p)) for p in face.partitions) + "]")
    if face.discs:
        lines.append(f"{indent}discs: [" + ", ".join(_flow(_dump(d)) for d in face.discs) + "]")
    return lines


def _dump(part) -> dict:
    """A model part without its unset or default fields."""
    return {k: v for k, v in field_values(part, skip_defaults=True).items() if v is not None}


def tile_yaml(tile: Tile, indent: str = "  ") -> str:
    """One tile as a YAML list item."""
    lines = [f"{indent}- id: {_scalar(tile.id)}", f"{indent}  color: {tile.color}"]
    if tile.color2:
        lines.append(f"{indent}  color2: {tile.color2}")
    if tile.ground:
        lines.append(f"{indent}  ground: {_scalar(tile.ground)}")
    lines += face_lines(tile, indent + "  ")
    if tile.upgrades is not None:
        lines.append(f"{indent}  upgrades: [" + ", ".join(_scalar(u) for u in tile.upgrades) + "]")
    if not tile.rotatable:
        lines.append(f"{indent}  rotatable: false")
    if tile.stage:
        lines.append(f"{indent}  stage: {_scalar(tile.stage)}")
    if tile.flippable:
        lines.append(f"{indent}  flippable: true")
    if tile.note:
        lines.append(f"{indent}  note: {_scalar(tile.note)}")
    if tile.name:
        lines.append(f"{indent}  name: {_scalar(tile.name)}")
    return "\n".join(lines)


__all__ = ["tile_yaml", "face_lines", "stop_dict", "chains", "End"]
