"""Names that pick a bundled file (a theme, a language, a layout): a plain name, never a
path, so neither `--theme ../x` nor `print: {lang: ../../x}` reads a file from elsewhere."""

from __future__ import annotations

import re

from pnp.errors import PnpError

PLAIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


def is_plain(name) -> bool:
    return isinstance(name, str) and bool(PLAIN.match(name))


def plain_name(name, what: str) -> str:
    """`name` when it is a plain name (letters, digits, '-', '_'); else a one-line error."""
    if not is_plain(name):
        raise PnpError(f"{what} {str(name)[:60]!r}: expected a plain name (letters, digits, '-' and '_'), not a path")
    return name
