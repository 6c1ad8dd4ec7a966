"""An engine tile or hex code cut down to what pnp's tile notation reads today.

The code is kept as a `code:` string. A part (`icon=image:port`) or a key of a part
(`path=...,track:narrow`) that pnp's parser (`pnp.tilecode`) refuses is taken out and
returned, so that the import report names it; nothing goes silently. The test is pnp's
own parser and tile model, so when the notation learns a part, a new import keeps it.
Dropping decorations never renumbers stops: the engine's nodes are city, town, halt,
offboard and junction, all of which pnp reads.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pnp.model.tile import TileFace
from pnp.tilecode import TileCodeError, from_code, parse_tile_code

_UNKNOWN_KEY = re.compile(r"unknown key '([^']+)'")
NODE_KINDS = ("city", "town", "halt", "offboard", "junction")


def _valid(code: str) -> str | None:
    """None if pnp prints this code, else why not."""
    try:
        from_code(code, TileFace)
    except TileCodeError as exc:
        return str(exc)
    except ValueError as exc:  # pnp.model.convert.Invalid is a ValueError
        return str(exc) or type(exc).__name__
    return None


def _parses(code: str) -> str | None:
    try:
        parse_tile_code(code)
    except TileCodeError as exc:
        return str(exc)
    except (ValueError, IndexError, KeyError) as exc:
        return str(exc) or type(exc).__name__
    return None


@lru_cache(maxsize=None)
def printable(code: str) -> tuple[str, tuple[str, ...]]:
    """(the code pnp prints, the parts or keys taken out)."""
    code = code.strip()
    if _valid(code) is None:
        return code, ()
    kept: list[str] = []
    lost: list[str] = []
    for part in code.split(";"):
        part = part.strip()
        if not part:
            continue
        kind, _, body = part.partition("=")
        items = [i for i in body.split(",") if i] if body and kind != "label" else []
        while True:
            candidate = f"{kind}={','.join(items)}" if body and kind != "label" else part
            problem = _parses(";".join(kept + [candidate]))
            if problem is None:
                kept.append(candidate)
                break
            key = _UNKNOWN_KEY.search(problem)
            matching = [i for i in items if key and i.partition(":")[0] == key.group(1)]
            if matching:
                items.remove(matching[0])
                lost.append(f"{kind}={matching[0]}")
                continue
            if kind in NODE_KINDS:  # keep the stop, so that later paths still name the right one
                kept.append(f"{kind}=revenue:0" if kind in ("city", "town", "offboard") else kind)
                lost.append(f"{part} (printed as a plain {kind})")
            else:
                lost.append(part)
            break
    result = ";".join(kept)
    if _valid(result) is not None:  # the model refuses what the parser took: keep parts one by one
        good: list[str] = []
        for part in kept:
            if _valid(";".join(good + [part])) is None:
                good.append(part)
            else:
                lost.append(part)
        result = ";".join(good)
    return result, tuple(lost)


__all__ = ["printable"]
