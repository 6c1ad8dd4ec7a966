"""Shared base for the domain model: immutable, strict msgspec structs.

A struct is made from data by `pnp.model.convert.validate` (msgspec's C converter:
types, bounds, unknown and missing fields), then its `__post_init__` checks what types
cannot say. Constructing a struct in code runs `__post_init__` too but checks no types,
so code builds structs only from values already of the right type.

The model modules do not postpone their annotations (`from __future__ import
annotations`): msgspec reads a struct's field types when it first converts to it, and
evaluating them from strings cost 4 % of loading a game."""

from typing import Annotated

import msgspec


HexColour = Annotated[str, msgspec.Meta(pattern=r"^#[0-9a-fA-F]{6}$")]  # a colour as data gives it: #rrggbb


class _KeywordFields(type(msgspec.Struct)):
    """Every model's fields are given by name: msgspec's `kw_only` holds only for the
    class that says it, and a subclass adds required fields after optional ones."""

    def __new__(mcls, name, bases, namespace, **options):
        options.setdefault("kw_only", True)
        return super().__new__(mcls, name, bases, namespace, **options)


class Frozen(msgspec.Struct, metaclass=_KeywordFields, frozen=True, forbid_unknown_fields=True):
    """An immutable value that rejects unknown fields, so a typo in data is an error."""

    def __reduce__(self):
        return _revive, (type(self), msgspec.structs.astuple(self))


_MADE: dict[type, Frozen] = {}  # a model type -> one value of it made by its constructor


def _revive(kind: type, values: tuple) -> Frozen:
    """A pickled model value made again, as it was, without running `__post_init__` again
    on what it had already checked and put in its final form: `pnp build` sends the
    loaded game from the child that loaded it (`pnp.forked`), and msgspec's own way
    (calling the type) re-ran every check (1858: ~20 M instructions). A copy of a value
    of the same type, its fields set. The first of each type is made by its constructor
    (msgspec has no other way to make one) only to be copied: a `__post_init__` that
    puts its fields in a final form need not give the same form twice."""
    made = _MADE.get(kind)
    if made is None:
        made = _MADE[kind] = kind(**dict(zip(kind.__struct_fields__, values)))
    out = made.__copy__()
    for name, value in zip(kind.__struct_fields__, values):
        msgspec.structs.force_setattr(out, name, value)
    return out


class FieldError(ValueError):
    """A problem with one field of a struct, raised by its `__post_init__`: the error
    names `field` after the struct's own place in the data."""

    def __init__(self, field: str | tuple, message: str):
        super().__init__(message)
        self.loc = (field,) if isinstance(field, str) else tuple(field)


def set_field(struct, name: str, value) -> None:
    """Store a value `__post_init__` has put in its final form (a frozen struct's
    fields are otherwise read-only)."""
    msgspec.structs.force_setattr(struct, name, value)


def check_known(value, known, what: str, field: str | None = None):
    """`value` if it is one of `known`, else the error every model gives for a name it
    does not know: "unknown <what> 'x' (known: a, b, c)", as a FieldError naming
    `field` when given (a struct's `__post_init__`)."""
    if value not in known:
        message = f"unknown {what} '{value}' (known: {', '.join(known)})"
        raise FieldError(field, message) if field else ValueError(message)
    return value


def field_values(struct, skip_defaults: bool = False) -> dict:
    """A struct's fields by name, in their order (not nested structs); with
    `skip_defaults`, without those equal to their default."""
    values = {name: getattr(struct, name) for name in struct.__struct_fields__}
    if not skip_defaults:
        return values
    return {name: value for name, value in values.items() if not _is_default(type(struct), name, value)}


def _is_default(kind, name: str, value) -> bool:
    default = _defaults(kind).get(name, msgspec.NODEFAULT)
    return default is not msgspec.NODEFAULT and value == default


_DEFAULTS: dict[type, dict] = {}


def _defaults(kind) -> dict:
    """name -> default value of a struct type's fields that have one."""
    if kind not in _DEFAULTS:
        out = {}
        for f in msgspec.structs.fields(kind):
            if f.default is not msgspec.NODEFAULT:
                out[f.name] = f.default
            elif f.default_factory is not msgspec.NODEFAULT:
                out[f.name] = f.default_factory()
        _DEFAULTS[kind] = out
    return _DEFAULTS[kind]
