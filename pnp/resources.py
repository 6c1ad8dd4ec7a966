"""Where bundled data and templates live, in a source checkout or an installed package.

In the repository they sit at the top level (`data/`, `templates/`); `pip install`
places them inside the package as `pnp/_data` and `pnp/_templates`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _root(top: str) -> Path:
    in_checkout = _PACKAGE.parent / top
    if (in_checkout / ".pnp-root").exists():
        return in_checkout
    return _PACKAGE / f"_{top}"


@cache
def data_dir() -> Path:
    return _root("data")


@cache
def templates_dir() -> Path:
    return _root("templates")
