"""Card layouts as data (`templates/layouts/<kind>.yaml`, after Squib's layout files):
where each part of a card's interior goes and how large its text is, as named lengths
and boxes in the card's own millimetres (0,0 its top-left corner at the cut line).

A layout file holds sections (`front`, `back`, ...); each maps names to values, in
order. A value is a number, a length with a unit (`3mm`, `0.25in`, `9pt`) or an
expression over them: `+ - * /`, parentheses, `min(...)`, `max(...)`, `sqrt(number)`,
the card's `width` and `height`, `line_box` (a line of text is that many times its size high),
the names of `common:` and those above it in its section, a box's sides (`main.x`,
`main.bottom` ...), and the lengths the section declares under `given:` (measured while
drawing, such as the height a wrapped name takes). A mapping `{x, y, width, height}`
is a box. Lengths keep their dimension: `width - 3` is an error (3 what?), `width *
0.25` is a length.

Everything is parsed and checked when the file loads (units become millimetres then);
drawing only evaluates: `layout_values("share", "front", (w, h))` gives a section's
values at a card size, `.given(name_height=...)` adds measured lengths. A bad file is a DataError naming the
file and the field."""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

from msgspec import Struct

from pnp import layout_expr
from pnp.errors import DataError, PnpError
from pnp.render.box import Box
from pnp.render.fitted_text import LINE_BOX
from pnp.resources import templates_dir
from pnp.units import MM_PER
from pnp.yamlfile import expect_mapping, read_yaml

LENGTH, NUMBER, BOX = 1, 0, -1  # dimensions; a box is none, only its sides are lengths
BOX_SIDES = {"x": "x", "y": "y", "width": "w", "height": "h", "right": "right", "bottom": "bottom"}
CARD = ("width", "height")
BUILT_IN = {"line_box": LINE_BOX}  # numbers every layout may use: a line of text is line_box times its size high
BOX_KEYS = ("x", "y", "width", "height")
GIVEN_KEPT = 256  # measured lengths a `Values` keeps its values for (a card size's few name heights)


class _Expr(Struct, frozen=True):
    run: object  # (lookup) -> float
    dim: int
    names: frozenset[str]


class _Compiler:
    def __init__(self, path: Path, field: str, known: dict[str, int]):
        self.path, self.field, self.known = path, field, known

    def fail(self, problem: str):
        raise DataError(self.path, self.field, problem)

    def compile(self, value) -> _Expr:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            self.fail(f"expected a number, a length such as 3mm or an expression, not {value!r}")
        if isinstance(value, (int, float)):
            number = float(value)
            return _Expr(lambda _: number, NUMBER, frozenset())
        try:
            tree = layout_expr.read(value, MM_PER)
        except SyntaxError:
            self.fail(f"cannot read '{value}' (write a length such as 3mm, or an expression such as "
                      f"min(width * 0.25, 12mm))")
        return self.node(tree, value)

    def node(self, n: tuple, source: str) -> _Expr:
        """The expression of a tree (`pnp.layout_expr`), its names checked as they come."""
        kind = n[0]
        if kind == "number":
            number = n[1]
            return _Expr(lambda _: number, NUMBER, frozenset())
        if kind == "length":
            mm = n[1]
            return _Expr(lambda _: mm, LENGTH, frozenset())
        if kind == "name":
            name = n[1]
            if name not in self.known:
                self.fail(f"unknown name '{name}' in '{source}' (known here: {', '.join(self.known)})")
            if self.known[name] == BOX:
                self.fail(f"'{source}': {name} is a box; use one of its sides ({name}.x, {name}.bottom ...)")
            return _Expr(lambda get: get(name), self.known[name], frozenset([name]))
        if kind == "side" and self.known.get(n[1]) == BOX:
            if n[2] not in BOX_SIDES:
                self.fail(f"'{source}': a box has {', '.join(BOX_SIDES)}, not {n[2]}")
            name, side = n[1], BOX_SIDES[n[2]]
            return _Expr(lambda get: getattr(get(name), side), LENGTH, frozenset([name]))
        if kind in ("-", "+") and len(n) == 2:
            inner = self.node(n[1], source)
            run = inner.run
            return _Expr((lambda get: -run(get)) if kind == "-" else run, inner.dim, inner.names)
        if kind in ("+", "-", "*", "/"):
            return self.binary(n, source)
        if kind == "call" and n[1] == "sqrt" and len(n[2]) == 1:
            inner = self.node(n[2][0], source)
            if inner.dim != NUMBER:
                self.fail(f"'{source}': sqrt() of a length")
            run = inner.run
            return _Expr(lambda get: run(get) ** 0.5, NUMBER, inner.names)
        if kind == "call" and n[1] in ("min", "max"):
            args = [self.node(a, source) for a in n[2]]
            if len({a.dim for a in args}) > 1:
                self.fail(f"'{source}': {n[1]}() of a length and a plain number")
            pick, runs = (min if n[1] == "min" else max), [a.run for a in args]
            names = frozenset().union(*(a.names for a in args))
            return _Expr(lambda get: pick(r(get) for r in runs), args[0].dim, names)
        self.fail(f"cannot read '{source}': only numbers, lengths, names, + - * /, min(), max() and sqrt() are allowed")

    def binary(self, n: tuple, source: str) -> _Expr:
        op, a, b = n[0], self.node(n[1], source), self.node(n[2], source)
        ra, rb = a.run, b.run
        names = a.names | b.names
        if op in ("+", "-"):
            if a.dim != b.dim:
                self.fail(f"'{source}' adds a length and a plain number (give the number a unit, such as 3mm)")
            run = (lambda get: ra(get) + rb(get)) if op == "+" else (lambda get: ra(get) - rb(get))
            return _Expr(run, a.dim, names)
        if op == "*":
            if a.dim + b.dim > LENGTH:
                self.fail(f"'{source}' multiplies two lengths")
            return _Expr(lambda get: ra(get) * rb(get), a.dim + b.dim, names)
        if a.dim < b.dim:
            self.fail(f"'{source}' divides a plain number by a length")
        return _Expr(lambda get: ra(get) / rb(get), a.dim - b.dim, names)


class _Section(Struct, frozen=True):
    values: dict[str, object]  # name -> _Expr, or a dict of box keys -> _Expr
    given: tuple[str, ...]


class CardLayout(Struct, frozen=True):
    """One layout file, parsed: its sections, ready to evaluate at a card size."""

    path: Path
    common: dict[str, object]
    sections: dict[str, _Section]

    def at(self, width: float, height: float, section: str) -> "Values":
        if section not in self.sections:
            raise DataError(self.path, section, "missing section")
        return Values(self, section, {"width": width, "height": height, **BUILT_IN})


class Values:
    """A layout section's values at one card size: `v.band` (mm), `v.name_box` (a Box).
    Each is worked out when first asked for; `given()` adds measured lengths."""

    def __init__(self, layout: CardLayout, section: str, env: dict[str, float]):
        self._layout, self._section, self._env = layout, section, env
        self._cache: dict[str, object] = {}
        self._given: dict[tuple, Values] = {}

    def given(self, **lengths: float) -> "Values":
        """These values with measured `lengths` added: one `Values` for each set of
        lengths given (every certificate whose name takes the same height shares one,
        so that each value is worked out once, not once per card)."""
        key = (*lengths.items(), *(math.copysign(1.0, v) for v in lengths.values()))  # -0.0 prints apart
        known = self._given.get(key)
        if known is not None:
            return known
        declared = self._layout.sections[self._section].given
        unknown = [k for k in lengths if k not in declared]
        if unknown:
            raise PnpError(f"{self._layout.path}: {self._section}: '{unknown[0]}' is not declared under given:")
        made = Values(self._layout, self._section, {**self._env, **lengths})
        if len(self._given) < GIVEN_KEPT:
            self._given[key] = made
        return made

    def _value(self, name: str):
        if name in self._env:
            return self._env[name]
        if name in self._cache:
            return self._cache[name]
        section = self._layout.sections[self._section]
        spec = section.values.get(name, self._layout.common.get(name))
        if spec is None:
            where = f"{self._section}.{name}"
            if name in section.given:
                raise PnpError(f"{self._layout.path}: {where} is measured while drawing and was not given")
            raise DataError(self._layout.path, where, "missing (the card needs it)")
        if isinstance(spec, dict):
            x, y, w, h = (spec[k].run(self._value) for k in BOX_KEYS)
            result = Box(x, y, w, h)
        else:
            result = spec.run(self._value)
        self._cache[name] = result
        return result

    def __getattr__(self, name: str):
        """`v.name`: worked out on first asking, then kept as the object's own
        attribute, so that the cards sharing these values find it without this call."""
        if name.startswith("_"):
            raise AttributeError(name)
        value = self.__dict__[name] = self._value(name)
        return value

    def __getitem__(self, name: str):
        return self._value(name)


def _read_section(path: Path, name: str, data, known: dict[str, int]) -> tuple[dict[str, object], tuple[str, ...]]:
    data = expect_mapping(path, data, f"the {name} layout")
    known = dict(known)
    given = data.get("given", [])
    if not isinstance(given, list) or not all(isinstance(g, str) and g.isidentifier() for g in given):
        raise DataError(path, f"{name}.given", "expected a list of names of lengths measured while drawing")
    for g in given:
        known[g] = LENGTH
    values: dict[str, object] = {}
    for key, value in data.items():
        if key == "given":
            continue
        field = f"{name}.{key}"
        if not isinstance(key, str) or not key.isidentifier() or key in known:
            raise DataError(path, field, "a value needs a new name (letters, digits, _), not width or height "
                                         "or a name used above")
        if isinstance(value, dict):
            missing = [k for k in BOX_KEYS if k not in value]
            extra = [k for k in value if k not in BOX_KEYS]
            if missing or extra:
                wrong = f"missing {missing[0]}" if missing else f"unknown {extra[0]}"
                raise DataError(path, field, f"a box has x, y, width and height; {wrong}")
            box = {k: _Compiler(path, f"{field}.{k}", known).compile(value[k]) for k in BOX_KEYS}
            for k, expr in box.items():
                if expr.dim != LENGTH:
                    raise DataError(path, f"{field}.{k}", f"a box's {k} is a length; give it a unit (such as 3mm)")
            values[key] = box
            known[key] = BOX
        else:
            expr = _Compiler(path, field, known).compile(value)
            values[key] = expr
            known[key] = expr.dim
    return values, tuple(given)


@cache
def card_layout(kind: str) -> CardLayout:
    """templates/layouts/<kind>.yaml, parsed once."""
    path = templates_dir() / "layouts" / f"{kind}.yaml"
    if not path.exists():
        raise PnpError(f"no card layout {path}")
    data = expect_mapping(path, read_yaml(path), "a card layout")
    base = {**{name: LENGTH for name in CARD}, **{name: NUMBER for name in BUILT_IN}}
    common, _ = _read_section(path, "common", data.get("common", {}), base)
    known = {**base, **{k: (BOX if isinstance(v, dict) else v.dim) for k, v in common.items()}}
    sections = {}
    for name, body in data.items():
        if name == "common":
            continue
        values, given = _read_section(path, str(name), body, known)
        sections[str(name)] = _Section(values, given)
    return CardLayout(path, common, sections)


_VALUES: dict[tuple, tuple[CardLayout, Values]] = {}  # (kind, section, size) -> (its layout, its values)


def layout_values(kind: str, section: str, size: tuple[float, float]) -> Values:
    """The values of `section` of templates/layouts/<kind>.yaml on a card of `size` (mm).
    One `Values` per card size and parsed layout, shared by every card of that size, so
    that each value is worked out once (a `Values` only ever caches what it worked out)."""
    layout = card_layout(kind)
    key = (kind, section, size)
    known = _VALUES.get(key)
    if known is None or known[0] is not layout:  # a layout parsed again (tests edit them) is new
        known = _VALUES[key] = (layout, layout.at(size[0], size[1], section))
    return known[1]

