"""The words pnp itself prints on components, from a message catalogue per language
(`templates/messages/<lang>.yaml`). The game's own names and texts come from its data
and are printed as they are; only pnp's labels ("Director's certificate", "Treasury",
table headings ...) are translated. A key missing from a catalogue falls back to
English, so a partial translation still prints."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from msgspec import Struct

from pnp.errors import DataError, PnpError
from pnp.names import plain_name
from pnp.resources import templates_dir
from pnp.yamlfile import expect_mapping, read_yaml

FALLBACK = "en"


@cache
def languages() -> tuple[str, ...]:
    """The languages pnp has a message catalogue for (looked up once: every text of a
    game's data in several languages asks)."""
    return tuple(sorted(p.stem for p in (templates_dir() / "messages").glob("*.yaml")))


_READ: dict[str, dict[str, str]] = {}  # language -> its catalogue, flattened


def _catalogue(lang: str) -> dict[str, str]:
    flat = _READ.get(lang)
    if flat is None:
        flat = _READ[lang] = _read_catalogue(lang)
    return flat


def catalogues(langs: Iterable[str]) -> dict[str, dict[str, str]]:
    """The catalogues of `langs` that exist, as read, for `adopt` in another process
    (`pnp build` reads them in the child that loads the game: ~0.025 s of YAML)."""
    out = {}
    for lang in langs:
        try:
            out[lang] = _catalogue(lang)
        except PnpError:  # an unknown language is reported where it always was
            pass
    return out


def adopt(read: dict[str, dict[str, str]]) -> None:
    """Catalogues another process read (`catalogues`), kept as if read here."""
    for lang, flat in read.items():
        _READ.setdefault(lang, flat)


def _read_catalogue(lang: str) -> dict[str, str]:
    path = templates_dir() / "messages" / f"{plain_name(lang, 'language')}.yaml"
    if not path.exists():
        raise PnpError(f"unknown language '{lang}' (known: {', '.join(languages())})")
    data = expect_mapping(path, read_yaml(path), "a message catalogue")
    flat: dict[str, str] = {}
    _flatten(path, data, "", flat)
    return flat


def _flatten(path, data: dict, prefix: str, out: dict[str, str]) -> None:
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(path, value, f"{name}.", out)
        elif isinstance(value, str):
            out[name] = value
        else:
            raise DataError(path, name, f"a message is text, not {type(value).__name__}")


class Messages(Struct, frozen=True):
    lang: str

    def __call__(self, key: str, **values) -> str:
        """The message `key` in this language, with `{name}` fields filled in."""
        text = _catalogue(self.lang).get(key)
        if text is None:
            text = _catalogue(FALLBACK).get(key)
        if text is None:
            raise KeyError(f"no message '{key}' in templates/messages/{FALLBACK}.yaml")
        return text.format(**values) if values else text

    def count(self, key: str, n: int, **values) -> str:
        """A message about `n` things: `key_one` for exactly one where the catalogue has
        it ("1 tile"), else `key` ("{n} tiles"), with `n` filled in."""
        if n == 1 and (f"{key}_one" in _catalogue(self.lang) or f"{key}_one" in _catalogue(FALLBACK)):
            return self(f"{key}_one", n=n, **values)
        return self(key, n=n, **values)

    def keys(self) -> set[str]:
        return set(_catalogue(self.lang))


def messages(lang: str = FALLBACK) -> Messages:
    _catalogue(lang)  # an unknown language is an error now, not at the first label
    return Messages(lang)
