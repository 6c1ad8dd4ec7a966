"""Data (YAML's dicts, lists and scalars) read into the model's structs, and the first
problem found as a location and a message.

`validate` runs the model's `prepare` (the compact forms people type, turned into the
model's fields: a tile face's `track:` chains, a market's `70p` cells) and then
msgspec's converter, lax as YAML needs it (`"3"` or `3.0` where a whole number is
meant). Types that read a value themselves (a `Text`, a `Length`) have a classmethod
`parse`, which the converter calls through its decoding hook."""

from __future__ import annotations

import re

import msgspec

from pnp.model.base import FieldError

ANY_KEY = "[...]"  # msgspec's name for "some key of a mapping" in an error's path
_PART = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")
_AT = re.compile(r"^(.*) - at `(?:key` in `)?(\$[^`]*)`$", re.S)


class Invalid(ValueError):
    """The first problem in data read into a model: where (keys and indexes from the top
    of what was validated) and what."""

    def __init__(self, loc, message: str):
        super().__init__(message)
        self.loc = tuple(loc)
        self.message = message


def validate(model, data, read_code=None):
    """`data` as a `model` struct, or Invalid. `read_code` reads an 18xx.games tile code
    (`code:` of a face), see pnp.tilecode."""
    prepare = getattr(model, "prepare", None)
    if prepare is not None:
        try:
            data = prepare(data, read_code)
        except Invalid:
            raise
        except FieldError as exc:
            raise Invalid(exc.loc, str(exc)) from None
        except (ValueError, OverflowError) as exc:
            raise Invalid((), str(exc)) from None
    try:
        return _convert(data, model)
    except msgspec.ValidationError as exc:
        raise problem(exc, model, data) from None


def _convert(data, model):
    return msgspec.convert(data, model, strict=False, dec_hook=_parse)


def _parse(kind, value):
    parse = getattr(kind, "parse", None)
    if parse is None:
        raise NotImplementedError(f"no reader for {kind!r}")
    return parse(value)


def problem(exc: msgspec.ValidationError, model, data) -> Invalid:
    """msgspec's error ("Object missing required field `x` - at `$.hexes[3]`") as our
    location and message ("missing field 'x'" at hexes[3].x)."""
    match = _AT.match(str(exc))
    message, path = (match.group(1), match.group(2)) if match else (str(exc), "$")
    loc = [name if index is None or name else (index if index == "..." else int(index))
           for name, index in _PART.findall(path)]
    loc = [ANY_KEY if part == "..." else part for part in loc]
    if ANY_KEY in loc:
        loc = _keys_found(model, data, loc, str(exc))
    cause = exc.__cause__
    if isinstance(cause, FieldError):
        loc += list(cause.loc)
    if isinstance(cause, (ValueError, TypeError, OverflowError)):
        message = str(cause)
    elif message.startswith("Object contains unknown field `"):
        name = message.split("`")[1]
        loc, message = loc + [name], f"unknown field '{name}'"
    elif message.startswith("Object missing required field `"):
        name = message.split("`")[1]
        loc, message = loc + [name], f"missing field '{name}'"
    elif message.startswith("Invalid enum value "):
        given = message[len("Invalid enum value "):]
        choices = _choices(model, loc)
        message = f"expected {choices}, not {given}" if choices else f"invalid value {given}"
    elif message.startswith("Expected ") and ", got " not in message:
        found, value = _value_at(data, loc)
        if found:
            message = f"{message}, not {str(value)[:40]!r}" if isinstance(value, str) else f"{message}, not {value!r}"[:200]
    return Invalid(loc, message)


def _value_at(data, loc):
    for part in loc:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return False, None
    return True, data


def _keys_found(model, data, loc: list, text: str) -> list:
    """msgspec does not name the key of a mapping an error is under (`$.zones[...].c`):
    find it by validating the data with one key of that mapping at a time."""
    loc = list(loc)
    while ANY_KEY in loc:
        i = loc.index(ANY_KEY)
        found, mapping = _value_at(data, loc[:i])
        if not found or not isinstance(mapping, dict):
            return loc[:i]
        for key, value in mapping.items():
            trial = _replaced(data, loc[:i], {key: value})
            try:
                _convert(trial, model)
            except msgspec.ValidationError as exc:
                if str(exc) == text:
                    data, loc[i] = trial, key
                    break
            except Exception:  # noqa: BLE001  (only looking for where the error is)
                continue
        else:
            return loc[:i]
    return loc


def _replaced(data, loc, value):
    """`data` with the value at `loc` replaced, copying only the containers on the way."""
    if not loc:
        return value
    head, rest = loc[0], loc[1:]
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[head] = _replaced(data[head], rest, value)
    return copy


def _choices(model, loc) -> str | None:
    """The values a literal field at `loc` may take, for the error: "'flat' or 'pointy'"."""
    import msgspec.inspect as mi

    kinds = [mi.type_info(model)]
    for part in loc:
        kinds = [k for kind in kinds for k in _inside(kind, part, mi)]
    values = [v for kind in kinds for v in _literals(kind, mi)]
    if not values:
        return None
    shown = [repr(v) for v in dict.fromkeys(values)]
    return " or ".join(shown) if len(shown) <= 2 else ", ".join(shown[:-1]) + " or " + shown[-1]


def _unwrapped(kind, mi):
    while isinstance(kind, mi.Metadata):
        kind = kind.type
    return kind.types if isinstance(kind, mi.UnionType) else (kind,)


def _inside(kind, part, mi):
    out = []
    for k in _unwrapped(kind, mi):
        if isinstance(k, mi.StructType) and isinstance(part, str):
            out += [f.type for f in k.fields if f.encode_name == part]
        elif isinstance(k, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)) and isinstance(part, int):
            out.append(k.item_type)
        elif isinstance(k, mi.TupleType) and isinstance(part, int) and part < len(k.item_types):
            out.append(k.item_types[part])
        elif isinstance(k, mi.DictType):
            out.append(k.value_type)
    return out


def _literals(kind, mi):
    return [v for k in _unwrapped(kind, mi) if isinstance(k, mi.LiteralType) for v in k.values]
