"""A text of the game's data that may be written in several languages.

In YAML a text is either a plain string, in the game's own language (game.yaml
`language`, English unless it says otherwise), or a mapping of language codes to
strings: `text: {en: "Closes at phase 5.", de: "Wird in Phase 5 geschlossen."}`.

A `Text` is a `str` (the game's-language wording, so code that only prints it keeps
working) that also carries its `translations`. `pnp.localise` resolves every text of a
loaded game to the kit's language before anything is drawn; renderers only ever see
plain strings. Names of companies, places and trains are not texts: they stay `str`.
"""

import re
from types import MappingProxyType
from typing import Any

# A text without a word in lower case (numbers, symbols, train names, "IV", "20 / 10")
# reads the same in every language and needs no translation. A pattern `re` compiles
# (and keeps) when first used: 4 ms for a Unicode class that a kit in the game's own
# language never needs.
_WORDS = r"[^\W\d_A-Z]{2,}"


class Text(str):
    """The game's-language wording as a string; `translations` maps language codes to
    the wording in that language (empty for a plain string)."""

    translations: MappingProxyType
    proper = False  # a plain string is a proper name, the same in every language

    def __new__(cls, value: str, translations: dict[str, str] | None = None):
        text = super().__new__(cls, value)
        text.translations = MappingProxyType(dict(translations or {}))
        return text

    def __reduce__(self):
        return (type(self), (str(self), dict(self.translations)))

    def in_language(self, lang: str, own: str = "en") -> str | None:
        """The wording in `lang`: its translation, or the text itself where it is plain
        and `lang` is the game's own language `own`, or where it needs no translation.
        None where the data gives no wording in `lang`."""
        if lang in self.translations:
            return self.translations[lang]
        if not self.translations and (lang == own or self.proper):
            return str(self)
        if not needs_translation(self):
            return str(self)
        return None

    def fallback(self, own: str = "en") -> str:
        """The wording printed where `lang` has none: the game's own language, else the
        first the data gives."""
        return self.translations.get(own, str(self))

    @classmethod
    def parse(cls, value: Any) -> "Text":
        from pnp.i18n import languages

        if isinstance(value, Text):
            return value if type(value) is cls else cls(str(value), dict(value.translations))
        if isinstance(value, str):
            return cls(value)
        if isinstance(value, dict):
            if not value:
                raise ValueError("a text in several languages needs at least one, such as {en: ..., de: ...}")
            known = languages()
            for lang, wording in value.items():
                if lang not in known:
                    raise ValueError(f"unknown language '{lang}' (known: {', '.join(known)})")
                if not isinstance(wording, str) or not wording.strip():
                    raise ValueError(f"the {lang} text must be a non-empty string, not {wording!r}")
            first = value.get("en", next(iter(value.values())))
            return cls(first, value)
        raise ValueError(f"a text is a string or a mapping of languages to strings, not {type(value).__name__}")

    # what people write, for `pnp schema`
    SCHEMA = {"anyOf": [{"type": "string"},
                        {"type": "object", "additionalProperties": {"type": "string", "minLength": 1}}]}


class Name(Text):
    """A name (of a place, company, train) that prints as written in every language,
    unless the data gives it per language ("Louisville, northern city")."""

    proper = True


def needs_translation(text: str) -> bool:
    """Whether a text holds words (a run of lower-case letters), not only numbers,
    symbols and abbreviations."""
    return bool(re.search(_WORDS, text))
