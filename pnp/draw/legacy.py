"""Transform and path-data text as written by code from before the drawing model
(`transform="translate(1 2)"`, `d="M0,0L1,1"`), turned into structured steps when a
node is made. New code builds them with `pnp.draw.shapes` instead."""

from __future__ import annotations

import re
from functools import lru_cache

from pnp.draw.nodes import Command, Op

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"[MmLlHhVvCcQqTtAaZz]|{_NUMBER}")
_STEP = re.compile(r"(\w+)\s*\(([^)]*)\)")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Q": 4, "T": 2, "A": 7, "Z": 0}


@lru_cache(maxsize=4096)
def transform_ops(text: str) -> tuple[Op, ...]:
    out = []
    for name, args in _STEP.findall(text):
        v = [float(x) for x in re.findall(_NUMBER, args)]
        if name == "translate":
            out.append(("translate", v[0], v[1] if len(v) > 1 else 0.0))
        elif name == "scale":
            out.append(("scale", v[0], v[1] if len(v) > 1 else v[0]))
        elif name == "rotate":
            out.append(("rotate", v[0], *(v[1:3] if len(v) == 3 else (0.0, 0.0))))
        elif name == "matrix" and len(v) == 6:
            out.append(("matrix", *v))
        else:
            raise ValueError(f"transform {name}({args}) is not drawable")
    return tuple(out)


def path_commands(d: str) -> tuple[Command, ...]:
    """Absolute M, L, C, A and Z commands for path data (relative and H/V resolved)."""
    out: list[Command] = []
    x = y = sx = sy = 0.0
    letter, values = None, []
    for token in _TOKEN.findall(d) + ["Z!"]:
        if token[0].isalpha():
            if letter is not None:
                x, y, sx, sy = _emit(out, letter, values, x, y, sx, sy)
            letter, values = token, []
        elif letter is None:
            raise ValueError(f"path data {d[:40]!r} does not start with a command")
        else:
            values.append(float(token))
    return tuple(c[:7] if c[0] == "C" else c for c in out)


def _emit(out, letter, values, x, y, sx, sy):
    c, rel = letter.upper(), letter.islower()
    n = _ARGS[c]
    if c == "Z":
        out.append(("Z",))
        return sx, sy, sx, sy
    if not values or len(values) % n:
        raise ValueError(f"path data: {letter} takes {n} numbers at a time")
    for k in range(0, len(values), n):
        v = values[k:k + n]
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if c in "ML":
            x, y = v[0] + ox, v[1] + oy
            out.append(("M" if c == "M" and k == 0 else "L", x, y))
            if c == "M" and k == 0:
                sx, sy = x, y
        elif c == "H":
            x = v[0] + ox
            out.append(("L", x, y))
        elif c == "V":
            y = v[0] + oy
            out.append(("L", x, y))
        elif c == "C":
            out.append(("C", v[0] + ox, v[1] + oy, v[2] + ox, v[3] + oy, v[4] + ox, v[5] + oy))
            x, y = v[4] + ox, v[5] + oy
        elif c in "QT":
            if c == "Q":
                qx, qy, ex, ey = v[0] + ox, v[1] + oy, v[2] + ox, v[3] + oy
            else:  # the control point mirrors the last quadratic's
                ex, ey = v[0] + ox, v[1] + oy
                last = out[-1] if out and len(out[-1]) > 7 else None
                qx, qy = (2 * x - last[8], 2 * y - last[9]) if last else (x, y)
            out.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex),
                        ey + 2 / 3 * (qy - ey), ex, ey, "Q", qx, qy))
            x, y = ex, ey
        else:
            x, y = v[5] + ox, v[6] + oy
            out.append(("A", v[0], v[1], v[2], int(v[3]), int(v[4]), x, y))
    return x, y, sx, sy
