"""The operators of pnp's PDF content streams as text (`pnp.draw.pdfcontent` writes
them): numbers, transform matrices, path commands (arcs and circles as Béziers) and
line styles."""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import chain
from math import copysign

from pnp.draw.arcs import beziers, centre_form

CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
MEMO_TEXTS = 20_000  # texts (or placements) a memo holds before it starts again (memory)


def number(value: float) -> str:
    """A PDF real: no exponent, at most six decimals, no trailing zeros. Remembered:
    a document writes the same few values (1, 0, a grid's steps) again and again."""
    text = _NUMBERS.get(value)
    if text is None:
        text = f"{value:.6f}".rstrip("0").rstrip(".")
        text = _NUMBERS[value] = text if text not in ("-0", "") else "0"
    return text


_NUMBERS: dict[float, str] = {}
_PLACEMENTS: dict[tuple, tuple | bool] = {}  # transform steps -> `transform_placement`'s answer


def multiply(m: tuple, n: tuple) -> tuple:
    """The matrix that applies m, then n (PDF's row-vector order: m x n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def step_matrix(op: tuple) -> tuple:
    """One SVG transform step as a matrix."""
    name = op[0]
    if name == "translate":
        return (1.0, 0.0, 0.0, 1.0, op[1], op[2])
    if name == "rotate":
        t = math.radians(op[1])
        c, s = math.cos(t), math.sin(t)
        cx, cy = op[2], op[3]
        return (c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy)
    if name == "scale":
        return (op[1], 0.0, 0.0, op[2], 0.0, 0.0)
    if name == "matrix":
        return tuple(float(v) for v in op[1:7])
    raise ValueError(f"unknown transform step {name!r}")


def _hashable(value) -> bool:
    """Whether `value` can key a memo (a TypeError from the work itself is not caught)."""
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _matrix(ops: tuple) -> tuple:
    if len(ops) == 1:
        return step_matrix(ops[0])
    m = IDENTITY
    for op in ops:
        m = multiply(step_matrix(op), m)
    return m


def cm_operator(m: tuple) -> str:
    """The operator applying matrix `m` to the units in force."""
    return " ".join(map(number, m)) + " cm\n"


def singular(m: tuple) -> bool:
    """Whether the matrix flattens everything to a line or a point."""
    return m[0] * m[3] - m[1] * m[2] == 0


def placement(m: tuple) -> tuple:
    """What matrix `m` does in a content stream: (`m`, its `cm` operator, whether it only
    moves, so that the scale in force stays)."""
    return m, cm_operator(m), m[:4] == (1.0, 0.0, 0.0, 1.0)


def transform_placement(ops: tuple) -> tuple | bool:
    """SVG's transform steps as `placement`s, or False where they flatten everything
    (nothing under them shows). Remembered by the steps' value, so that a group's
    transform is hashed once where it is drawn: a sheet places its pieces by the same
    few steps. (Steps equal but for a zero's sign share an answer: a zero's sign never
    shows in what is written.)"""
    try:
        found = _PLACEMENTS.get(ops)
    except TypeError:  # steps as lists (not made by pnp.draw.shapes): not remembered
        return _placed(_matrix(ops))
    if found is None:
        if len(_PLACEMENTS) >= MEMO_TEXTS:
            _PLACEMENTS.clear()
        found = _PLACEMENTS[ops] = _placed(_matrix(ops))
    return found


def _placed(m: tuple) -> tuple | bool:
    return False if singular(m) else placement(m)


def decimals(scale: float) -> int:
    """Decimals a coordinate needs so that it is within 0.001 pt, where one unit is
    `scale` points."""
    if scale <= 0:
        return 3
    return min(8, max(1, math.ceil(3 + math.log10(scale) - 1e-9)))


class Places:
    """Operator text with coordinates at one number of decimals: the formats of path
    commands (each taking the whole command tuple, its head letter consumed by `%.0s`),
    and the text of each path, remembered. A sheet draws the same outlines again and
    again (1858's kit: 6,148 paths, 367 distinct), and formatting is most of the cost of
    writing one (~0.6 us a number). A path is found by its own tuple (its id, the tuple
    kept alive) or, when it has no zero, by value: equal numbers print alike, but for
    0.0 and -0.0, which are equal and print "0.000" and "-0.000"."""

    __slots__ = ("places", "formats", "xy", "re", "by_id", "_by_value", "shapes", "points")

    def __init__(self, places: int):
        n = f"%.{places}f"
        self.places = places
        self.formats = {"M": f"%.0s{n} {n} m\n", "L": f"%.0s{n} {n} l\n", "C": f"%.0s{n} {n} {n} {n} {n} {n} c\n",
                        "Z": "%.0sh\n"}
        self.xy = f"{n} {n}"
        self.re = f"{n} {n} {n} {n} re\n"
        self.by_id: dict[int, tuple[tuple, str]] = {}
        self._by_value: dict[tuple, str] = {}
        self.shapes: dict[tuple, str] = {}  # a shape's numbers and their signs -> its text
        self.points: dict[tuple, str] = {}  # (x, y) -> "x y", where neither is zero (`point`)

    def path(self, commands: tuple) -> str:
        """The commands as operators (arcs as Béziers, see `without_arcs`)."""
        got = self.by_id.get(id(commands))
        if got is not None:
            return got[1]
        try:
            text = self._by_value.get(commands)
        except TypeError:  # commands as lists (not made by pnp.draw.shapes): not remembered
            return self.text(commands, tuple(chain.from_iterable(commands)))
        if text is None:
            values = tuple(chain.from_iterable(commands))
            text = self.text(commands, values)
            if 0.0 not in values:  # (an arc's flags are zeros: arcs are found by id only)
                self._by_value[commands] = text
        if len(self.by_id) >= MEMO_TEXTS:
            self.by_id.clear()
            self._by_value.clear()
        self.by_id[id(commands)] = (commands, text)
        return text

    def text(self, commands: tuple, values: tuple) -> str:
        """The commands (their `values` all in a row, heads included) as operators, not
        remembered: one format made of each command's, applied to all values at once."""
        formats = self.formats
        try:
            return "".join([formats[c[0]] for c in commands]) % values
        except KeyError:  # an arc (or a command pnp does not draw)
            commands = without_arcs(commands)
            return "".join([formats[c[0]] for c in commands]) % tuple(chain.from_iterable(commands))

    def circle(self, cx: float, cy: float, r: float) -> str:
        """A circle's outline as operators; remembered by its numbers, and where one is
        zero, their signs too (a zero's sign carries into the Béziers' points)."""
        key = (("circle", cx, cy, r) if cx and cy and r else
               ("circle", cx, cy, r, copysign(1.0, cx), copysign(1.0, cy), copysign(1.0, r)))
        text = self.shapes.get(key)
        if text is None:
            commands = circle_commands(cx, cy, r)
            text = self.remember(key, self.text(commands, tuple(chain.from_iterable(commands))))
        return text

    def line(self, x1: float, y1: float, x2: float, y2: float) -> str:
        """A line's outline as operators; remembered by its numbers where none is zero."""
        key = ("line", x1, y1, x2, y2)
        text = self.shapes.get(key)
        if text is None:
            formats = self.formats
            text = formats["M"] % ("M", x1, y1) + formats["L"] % ("L", x2, y2)
            if x1 and y1 and x2 and y2:
                self.remember(key, text)
        return text

    def point(self, point: tuple) -> str:
        """A point's coordinates as text ("x y"); remembered by value where neither is
        zero (0.0 and -0.0 are equal but print apart): a label comes back at the same
        spot on every copy of a piece."""
        text = self.xy % point
        if point[0] and point[1]:
            if len(self.points) >= MEMO_TEXTS:
                self.points.clear()
            self.points[point] = text
        return text

    def remember(self, key: tuple, text: str) -> str:
        """`text` as the shape `key`'s (its numbers and their signs: all its text depends on)."""
        if len(self.shapes) >= MEMO_TEXTS:
            self.shapes.clear()
        self.shapes[key] = text
        return text


_PLACES: dict[int, Places] = {}


def formats(places: int) -> Places:
    """The operator text at `places` decimals (one `Places` a process)."""
    found = _PLACES.get(places)
    if found is None:
        found = _PLACES[places] = Places(places)
    return found


@lru_cache(maxsize=1024)
def at_scale(scale: float) -> Places:
    """The operator text for coordinates in units of `scale` points (`decimals`)."""
    return formats(decimals(scale))


def without_arcs(commands: tuple) -> tuple:
    """The commands with each SVG endpoint arc as Béziers (a zero radius: a line; from
    the point it is at: nothing). Remembered: the same outline recurs on a sheet; by
    value and the signs of its zeros, which are equal but print apart ("-0.000"), so
    what a worker writes never depends on what it drew before."""
    signs = tuple(copysign(1.0, v) for c in commands for v in c[1:] if v == 0)
    if not _hashable(commands):  # commands as lists (not made by pnp.draw.shapes)
        return _without_arcs.__wrapped__(commands, signs)
    return _without_arcs(commands, signs)


@lru_cache(maxsize=4096)
def _without_arcs(commands: tuple, zero_signs: tuple) -> tuple:
    out = []
    x = y = sx = sy = 0.0
    for c in commands:
        head = c[0]
        if head == "A":
            centre = centre_form(x, y, *c[1:])
            x, y = c[6], c[7]
            if centre is not None:
                out += [("C", *b) for b in beziers(*centre)]
            elif c[1] == 0 or c[2] == 0:
                out.append(("L", x, y))
            continue
        if head == "M":
            sx, sy = c[1], c[2]
        elif head == "Z":
            x, y = sx, sy
        elif head not in ("L", "C"):
            raise ValueError(f"unknown path command {head!r}")
        if head != "Z":
            x, y = c[-2], c[-1]
        out.append(c)
    return tuple(out)


UNIT_CIRCLE = beziers(0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 2 * math.pi)  # from angle 0, as cairo draws a circle


def circle_commands(cx: float, cy: float, r: float) -> tuple:
    return (("M", cx + r, cy), *(("C", cx + r * b[0], cy + r * b[1], cx + r * b[2], cy + r * b[3],
                                  cx + r * b[4], cy + r * b[5]) for b in UNIT_CIRCLE), ("Z",))


@lru_cache(maxsize=1024)
def line_operators(line: tuple, held: tuple | None) -> str:
    """Operators setting the line style `line` (width, cap, join, dashes) where the
    reader holds `held` (None: not known). Remembered: a kit has a few line styles."""
    width, cap, join, dashes = line
    old = held or (None, None, None, None)
    out = []
    if width != old[0]:
        out.append(f"{number(width)} w\n")
    if cap != old[1]:
        out.append(f"{CAPS[cap]} J\n")
    if join != old[2]:
        out.append(f"{JOINS[join]} j\n")
    if dashes != old[3]:
        out.append(f"[{' '.join(map(number, dashes))}] 0 d\n")
    return "".join(out)
