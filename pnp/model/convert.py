"""Data (YAML's dicts, lists and scalars) read into the model's structs, and the first
problem found as a location and a message.

`validate` runs the model's `prepare` (the compact forms people type, turned into the
model's fields: a tile face's `track:` chains, a market's `70p` cells) and then
msgspec's converter, lax as YAML needs it (`"3"` or `3.0` where a whole number is
meant). Types that read a value themselves (a `Text`, a `Length`) have a classmethod
`parse`, which the converter calls through its decoding hook."""

import re
from types import UnionType
from typing import Annotated, Literal, Union, get_args, get_origin, get_type_hints

import msgspec

from pnp.model.base import FieldError

ANY_KEY = "[...]"  # msgspec's name for "some key of a mapping" in an error's path
# Patterns for reading msgspec's messages, which only an error needs: `re` compiles them
# (and keeps them) when first used.
_PART = r"\.([^.\[]+)|\[(\d+|\.\.\.)\]"
_AT = r"(?s)^(.*) - at `(?:key` in `)?(\$[^`]*)`$"


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
    data = prepared(model, data, read_code)
    try:
        return _convert(data, model)
    except msgspec.ValidationError as exc:
        raise problem(exc, model, data) from None


def prepared(model, data, read_code=None, at=()):
    """`data` in the form `model`'s fields take, by its `prepare` (if it has one); a
    problem is Invalid, located from `at` (where `data` sits in what is validated)."""
    prepare = getattr(model, "prepare", None)
    if prepare is None:
        return data
    try:
        return prepare(data, read_code)
    except Invalid:
        raise
    except FieldError as exc:
        raise Invalid((*at, *exc.loc), str(exc)) from None
    except (ValueError, OverflowError) as exc:
        raise Invalid(at, str(exc)) from None


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
    match = re.match(_AT, str(exc))
    message, path = (match.group(1), match.group(2)) if match else (str(exc), "$")
    key = " - at `key` in `" in str(exc)  # the problem is a key of the mapping at `path`
    loc = [name if index is None or name else (index if index == "..." else int(index))
           for name, index in re.findall(_PART, path)]
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
        choices = _choices(model, loc, key)
        message = f"expected {choices}, not {given}" if choices else f"invalid value {given}"
    elif message.startswith("Expected "):
        message = f"a key: {_in_words(message, False, None)}" if key else _in_words(message, *_value_at(data, loc))
    return Invalid(loc, message)


# msgspec's names of types in its messages, in words
_KINDS = {"int": "a whole number", "float": "a number", "str": "text", "array": "a list", "object": "a mapping",
          "bool": "true or false", "null": "nothing"}
_BOUNDS = {">=": "{} or more", "<=": "{} or less", ">": "more than {}", "<": "less than {}"}
_EXPECTED = (r"(?s)Expected `([^`]+)`(?:, got `([^`]+)`| of length (>=|<=) (\d+)| (>=|<=|>|<) (\S+)"
             r"| matching regex '(.*)')?$")


def _in_words(message: str, found: bool, value) -> str:
    """msgspec's "Expected `str` of length <= 24" as "text of at most 24 characters, not
    'LLL...'"; a message in another form as it is, with the value given."""
    match = re.match(_EXPECTED, message)
    shown = (repr(value[:40]) if isinstance(value, str) else repr(value)[:80]) if found else None
    if not match:
        return f"{message}, not {shown}" if shown else message
    kinds, got, length_op, length, op, bound, pattern = match.groups()
    wanted = " or ".join(_KINDS.get(k.strip(), k.strip()) for k in kinds.split("|"))
    if length_op:
        unit = ("character" if kinds == "str" else "item") + ("" if length == "1" else "s")
        text = f"{wanted} of {'at most' if length_op == '<=' else 'at least'} {length} {unit}"
    elif op:
        text = f"{wanted}, {_BOUNDS[op].format(bound)}"
    elif pattern:
        text = f"{wanted} matching the pattern {pattern}"
    else:
        text = wanted
    return f"expected {text}, not {shown or _KINDS.get(got, got)}" if (shown or got) else f"expected {text}"


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


def _choices(model, loc, key: bool = False) -> str | None:
    """The values a literal field at `loc` may take (or its mapping's keys, `key`), in
    the order the model gives them, for the error: "'flat' or 'pointy'"."""
    kinds = [model]
    for part in loc:
        kinds = [k for kind in kinds for k in _inside(kind, part)]
    if key:
        kinds = [get_args(k)[0] for kind in kinds for k in _members(kind) if get_origin(k) is dict]
    values = [v for kind in kinds for k in _members(kind) if get_origin(k) is Literal for v in get_args(k)]
    if not values:
        return None
    shown = [repr(v) for v in dict.fromkeys(values)]
    return " or ".join(shown) if len(shown) <= 2 else ", ".join(shown[:-1]) + " or " + shown[-1]


def _members(kind) -> list:
    """The types a value of `kind` may have: unions opened, annotations removed."""
    if get_origin(kind) is Annotated:
        return _members(get_args(kind)[0])
    if get_origin(kind) in (Union, UnionType):
        return [m for arg in get_args(kind) for m in _members(arg)]
    return [kind]


def _inside(kind, part) -> list:
    """The types found at `part` (a field name or an index) of a value of `kind`."""
    out = []
    for k in _members(kind):
        origin, args = get_origin(k), get_args(k)
        if isinstance(k, type) and issubclass(k, msgspec.Struct) and isinstance(part, str):
            hints = get_type_hints(k, include_extras=True)
            out += [hints[part]] if part in hints else []
        elif origin is tuple and isinstance(part, int):
            out.append(args[0] if len(args) == 2 and args[1] is Ellipsis else args[part] if part < len(args) else None)
        elif origin is list and isinstance(part, int):
            out.append(args[0])
        elif origin is dict:
            out.append(args[1])
    return [k for k in out if k is not None]
