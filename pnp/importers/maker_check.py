"""The shape of an 18xx-maker game file, checked before it is converted: numbers a
game can hold, lists where lists are read, and bounds no real game meets. Each problem
is one line naming the source file and the field."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import PnpError, field_path

MAX_NUMBER = 10**9  # the largest bank of any 18xx game is in the tens of thousands
MAX_COMPANIES = 200  # railway or private companies: real games have at most a few dozen


def check_shapes(path: Path, data: dict, max_companies: int = MAX_COMPANIES) -> None:
    _numbers(path, data)
    for key in ("companies", "privates"):
        items = data.get(key) or ()
        if len(items) > max_companies:
            raise PnpError(f"{path}: {key}: {len(items)} entries is more than the {max_companies} any game has "
                           f"(pnp import 18xx-maker --max-companies raises the bound)")
    stock = data.get("stock")
    if isinstance(stock, dict):
        _expect(path, ("stock", "type"), stock.get("type"), str)
        _expect(path, ("stock", "market"), stock.get("market"), list)
    board = data.get("map")
    maps = board if isinstance(board, list) else [board] if isinstance(board, dict) else []
    for k, one in enumerate(maps):
        where = ("map", k) if isinstance(board, list) else ("map",)
        if not isinstance(one, dict):
            raise _wrong(path, where, "a JSON object", one)
        hexes = one.get("hexes")
        _expect(path, where + ("hexes",), hexes, list)
        _expect(path, where + ("remove",), one.get("remove"), list)
        for i, entry in enumerate(hexes or ()):
            if isinstance(entry, dict):
                coords = entry.get("hexes")
                _expect(path, where + ("hexes", i, "hexes"), coords, list)
                for j, coord in enumerate(coords or ()):
                    _expect(path, where + ("hexes", i, "hexes", j), coord, str)


def _expect(path: Path, where: tuple, value, kind) -> None:
    if value is not None and not isinstance(value, kind):
        names = {str: "text", list: "a JSON array", dict: "a JSON object"}
        raise _wrong(path, where, names[kind], value)


def _wrong(path: Path, where: tuple, expected: str, value) -> PnpError:
    return PnpError(f"{path}: {field_path(where)}: expected {expected}, found {type(value).__name__} "
                    f"{str(value)[:40]!r}")


def _numbers(path: Path, data) -> None:
    """No number beyond MAX_NUMBER anywhere (shared structures cannot occur in JSON)."""
    stack: list[tuple[object, tuple]] = [(data, ())]
    while stack:
        value, where = stack.pop()
        if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
            raise PnpError(f"{path}: {field_path(where)}: the number {str(value)[:24]} is beyond any game "
                           f"(at most {MAX_NUMBER:,})")
        if isinstance(value, dict):
            stack.extend((v, where + (str(k),)) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, where + (i,)) for i, v in enumerate(value))
