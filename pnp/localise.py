"""A loaded game in the kit's language: every data text (`pnp.model.text.Text`) resolved
to a plain string in that language, before anything is drawn.

A text the data gives no wording for in that language prints in the game's own
language (game.yaml `language`), and is named in the list of missing translations
(`pnp validate GAME --lang de` prints it; `pnp build` warns with its count).
"""

from __future__ import annotations

import copy
import dataclasses

import msgspec
from msgspec import Struct

from pnp.model.base import set_field
from pnp.model.game import Game
from pnp.model.text import Text


class Localised(Struct, frozen=True):
    game: Game
    lang: str
    missing: tuple[tuple[str, str], ...]  # (where, wording) of each text lacking the language:
    # ("privates.yaml: privates[2].text", "Closes at phase 5.")


def _files() -> dict[str, str]:
    from pnp.load import PART_LOADERS

    return {name: filename for name, (filename, _) in PART_LOADERS.items()}


_PLAIN = frozenset({str, int, float, bool, type(None)})  # values that hold no data text (Text is a str subclass)


class _Resolver:
    """Walks a value, resolving each `Text` to `lang`. Where a value sits ("privates.yaml:
    privates[2].text") is kept as a chain of (parent, key, is_index) and written out only
    for a text that needs it: most of a game's thousands of fields hold no text."""

    def __init__(self, lang: str, own: str):
        self.lang, self.own = lang, own
        self.missing: list[tuple[str, str]] = []

    def __call__(self, value, where):
        if type(value) in _PLAIN:  # most of what a game holds: one look-up, not a series of isinstance
            return value
        if isinstance(value, Text):
            wording = value.in_language(self.lang, self.own)
            if wording is None:
                self.missing.append((_path(where), str(value)))
                return value.fallback(self.own)
            return wording
        if isinstance(value, (str, int, float, bool)) or value is None:
            return value
        if isinstance(value, msgspec.Struct):
            updates = {}
            for name, old in zip(value.__struct_fields__, msgspec.structs.astuple(value)):
                if type(old) in _PLAIN:  # most fields: not even a call
                    continue
                new = self(old, (where, name, False))
                if new is not old:
                    updates[name] = new
            return _with_texts(value, updates) if updates else value
        if isinstance(value, (tuple, list)):  # before the dataclass test: most values that get here are tuples
            if all(type(v) in _PLAIN for v in value):  # coordinates, numbers, names
                return value
            items = [self(v, (where, i, True)) for i, v in enumerate(value)]
            if all(a is b for a, b in zip(items, value)):
                return value
            return type(value)(items) if type(value) in (tuple, list) else type(value)(*items)
        if isinstance(value, dict):
            items = {k: self(v, (where, k, False)) for k, v in value.items()}
            return value if all(items[k] is value[k] for k in value) else items
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            updates = {}
            for f in dataclasses.fields(value):
                if not f.init:
                    continue
                old = getattr(value, f.name)
                new = self(old, (where, f.name, False))
                if new is not old:
                    updates[f.name] = new
            return dataclasses.replace(value, **updates) if updates else value
        return value


def _path(where) -> str:
    """A chain of (parent, key, is_index) written out: "privates.yaml:.privates[2].text"."""
    parts = []
    while isinstance(where, tuple):
        where, key, index = where
        parts.append(f"[{key}]" if index else f".{key}")
    return where + "".join(reversed(parts))


def _with_texts(struct, updates: dict):
    """A copy of `struct` with resolved texts. Set as they are: `__post_init__` would read
    a resolved string as a data text of the game's own language again."""
    out = copy.copy(struct)
    for name, value in updates.items():
        set_field(out, name, value)
    return out


def localise(game: Game, lang: str) -> Localised:
    """`game` with every data text in `lang` (the tile manifest holds none)."""
    resolve = _Resolver(lang, game.info.language)
    files = _files()
    info = resolve(game.info, "game.yaml:")
    parts = {name: resolve(part, f"{files.get(name, name)}:") for name, part in game.parts.items()}
    missing = tuple((where.replace(":.", ": ", 1), text) for where, text in resolve.missing)
    return Localised(msgspec.structs.replace(game, info=info, parts=parts), lang, missing)


def in_language(game: Game, lang: str) -> Game:
    """`game` with every data text in `lang`."""
    return localise(game, lang).game


def missing_warning(result: Localised) -> str:
    """One line for a kit printed with texts the data does not give in its language."""
    first = result.missing[0][0]
    return (f"{len(result.missing)} data text(s) have no '{result.lang}' version and print in the game's own "
            f"language (first: {first}); `pnp validate GAME --lang {result.lang}` lists them")


def for_kit(game: Game, lang: str, warn=None) -> Game:
    """`game` in the kit's language; `warn` (a function of one line) hears of texts
    that lack it."""
    result = localise(game, lang)
    if result.missing and warn:
        warn(missing_warning(result))
    return result.game


def language_report(game: Game, lang: str) -> str:
    """`pnp validate --lang`: every data text lacking `lang`, one a line, or that none does."""
    result = localise(game, lang)
    if not result.missing:
        return f"every data text has a '{lang}' version\n"
    lines = [f"{len(result.missing)} data text(s) have no '{lang}' version:"]
    return "\n".join(lines + [f"  {where}: {text!r}" for where, text in result.missing]) + "\n"


class _Collector(_Resolver):
    def __init__(self):
        super().__init__("", "")
        self.found: list[tuple[str, Text]] = []

    def __call__(self, value, where):
        if isinstance(value, Text):
            self.found.append((_path(where), value))
            return value
        return super().__call__(value, where)


def data_texts(game: Game) -> list[tuple[str, Text]]:
    """Every data text of the game with where it is ("privates.yaml: privates[2].text")."""
    collect = _Collector()
    files = _files()
    collect(game.info, "game.yaml:")
    for name, part in game.parts.items():
        collect(part, f"{files.get(name, name)}:")
    return [(where.replace(":.", ": ", 1), text) for where, text in collect.found]


def resolve_texts(value, lang: str, own: str = "en"):
    """Any model or value with every data text in it resolved to `lang`."""
    return _Resolver(lang, own)(value, "")
