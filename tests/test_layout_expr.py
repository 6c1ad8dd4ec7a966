"""The card layouts' own expression reader (`pnp.layout_expr.read`) gives the tree that
Python's parser gives (`from_ast`), or leaves the text to it: on every value of the
bundled layouts (all read without `ast`) and on random texts near the allowed forms."""

from __future__ import annotations

import ast
import random
import warnings

import pytest

from pnp import layout_expr
from pnp.resources import templates_dir
from pnp.units import MM_PER
from pnp.yamlfile import read_yaml


def by_ast(text: str):
    source = layout_expr.UNIT.sub(lambda m: f"{layout_expr.LITERAL}({float(m.group(1)) * MM_PER[m.group(2)]!r})",
                                  text)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            return layout_expr.from_ast(ast.parse(source.strip(), mode="eval").body)
    except SyntaxError:
        return "syntax error"


def read(text: str):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            return layout_expr.read(text, MM_PER)
    except SyntaxError:
        return "syntax error"


def own_reading(text: str):
    """The reader's own tree, or None where it leaves the text to ast."""
    try:
        return layout_expr._Reader(layout_expr._tokens(text, MM_PER)).whole()
    except layout_expr._GiveUp:
        return None


def layout_texts() -> list[str]:
    texts = []
    for path in sorted((templates_dir() / "layouts").glob("*.yaml")):
        for body in read_yaml(path).values():
            for value in body.values():
                texts += [v for v in (value.values() if isinstance(value, dict) else [value]) if isinstance(v, str)]
    return texts


def test_every_bundled_value_is_read_without_ast_as_ast_reads_it():
    texts = layout_texts()
    assert len(texts) > 150
    for text in texts:
        assert own_reading(text) == by_ast(text), text


ATOMS = ["3mm", "0.5mm", ".5in", "2", "0.25", "007", "00", "01.5", "1e3", "1.", "width", "main.x", "main . bottom",
         "a.b.c", "True", "in", "x_3mm", "3 mm", "3\tpt", "3\nmm", "12cm", "9pt", "_length_(2)", "foo", "1_000", "3mmx",
         "2j", "'s'", "(a)", "-a", "+b", "--c", "not a", "~a", "a1", ".", "..5", "5.mm", "5 .5mm", "\t2mm", " 3 in "]
OPS = [" + ", " - ", " * ", " / ", "**", " // ", " % ", "", " ", ",", "."]


def random_text(rng: random.Random, depth: int = 0) -> str:
    r = rng.random()
    if depth > 3 or r < 0.35:
        return rng.choice(ATOMS)
    if r < 0.6:
        return random_text(rng, depth + 1) + rng.choice(OPS) + random_text(rng, depth + 1)
    if r < 0.7:
        return "(" + random_text(rng, depth + 1) + ")"
    if r < 0.8:
        return rng.choice(["-", "+", " -"]) + random_text(rng, depth + 1)
    if r < 0.95:
        args = ", ".join(random_text(rng, depth + 1) for _ in range(rng.randint(0, 3)))
        return rng.choice(["min", "max", "sqrt", "foo", "min "]) + "(" + args + rng.choice([")", ",)", ""])
    return random_text(rng, depth + 1) + rng.choice(["\n", " ", "\t", "#x"])


@pytest.mark.parametrize("seed", range(4))
def test_random_texts_read_as_ast_reads_them(seed):
    rng = random.Random(seed)
    own = 0
    for _ in range(3000):
        text = random_text(rng)
        assert read(text) == by_ast(text), repr(text)
        own += own_reading(text) is not None
    assert own > 300  # the reader's own path was tried, not only ast's


def test_a_lone_length_is_read_as_the_reader_reads_it():
    """`read` takes a lone length (`3mm`) without the reader: the same tree, for the
    bundled values and the near misses (a unit glued on, a newline, no unit) that the
    shortcut must leave to the reader or to ast."""
    texts = layout_texts() + ATOMS + ["3mmx", "3 mm ", " 3mm\n", "3mm mm", "3mm)", "-3mm", "3 mm\t", "1.5 pt"]
    shortcut = 0
    for text in texts:
        if layout_expr._LENGTH.fullmatch(text.rstrip()):
            shortcut += 1
            assert read(text) == own_reading(text) == by_ast(text), repr(text)
        assert read(text) == by_ast(text), repr(text)
    assert shortcut > 80
