"""The expressions of card layouts (`pnp.card_layouts`) read into small trees of tuples:

    ("number", 2.0)  ("length", 3.0)  ("name", "band")  ("side", "main", "x")
    ("-", tree)  ("+", tree)  ("+", a, b)  ("-", a, b)  ("*", a, b)  ("/", a, b)
    ("call", "min", [trees])  ("bad",)

`read` parses the common forms itself: numbers, lengths (`3mm`), names, a box's side,
+ - * /, parentheses and min/max/sqrt calls, which is what layout files hold. Python's
own parser (`ast`) reads them in ~50 µs each, building objects that are thrown away at
once; a card kind's ~50 values cost ~5 M instructions that way on each worker that first
draws one. Anything else (a syntax error, `**`, keywords, another function ...) goes to
`ast` as before (`from_ast`), so every text reads as Python reads it: this reader either
gives the same tree or gives up. A node of a kind layouts do not allow is ("bad",), and
the compiler rejects it when it reaches it, in the order it reaches the nodes."""

from __future__ import annotations

import ast
import keyword
import re

UNIT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?|\.\d+)\s*(mm|cm|in|pt)\b")
LITERAL = "_length_"  # a length, as `UNIT` writes it for `ast` to read
# a token (number with its unit, name, operator) after spaces, or any other character (the last group)
_TOKEN = re.compile(r"[ \t]*(?:(\d+(?:\.\d+)?|\.\d+)(?:[ \t]*(mm|cm|in|pt)\b)?|([A-Za-z_][A-Za-z0-9_]*)|([-+*/(),.]))|(.)",
                    re.DOTALL)
# a lone length (`3mm`), half of what layout files hold: read without the reader
_LENGTH = re.compile(r"[ \t]*(\d+(?:\.\d+)?|\.\d+)[ \t]*(mm|cm|in|pt)")
_BINARY = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}
_CALLS = ("min", "max", "sqrt")


class _GiveUp(Exception):
    """Not a form `read` knows: `ast` reads the text."""


def read(text: str, mm_per: dict[str, float]) -> tuple:
    """The tree of a layout value's text (as `from_ast` gives it for `ast`'s reading of
    the text with each length written as `_length_(mm)`); `mm_per`: a unit's millimetres."""
    lone = _LENGTH.fullmatch(text.rstrip())  # the one token `_tokens` would find, as the reader reads it
    if lone is not None:
        return ("length", float(lone.group(1)) * mm_per[lone.group(2)])
    try:
        return _Reader(_tokens(text, mm_per)).whole()
    except _GiveUp:
        pass
    source = UNIT.sub(lambda m: f"{LITERAL}({float(m.group(1)) * mm_per[m.group(2)]!r})", text)
    return from_ast(ast.parse(source.strip(), mode="eval").body)  # SyntaxError: the caller's to report


def _tokens(text: str, mm_per: dict[str, float]) -> list[tuple]:
    """(kind, value) of each token: number, length (mm), name or an operator; then ("end", None)."""
    out = []
    for number, unit, name, op, other in _TOKEN.findall(text.rstrip()):
        if other:
            raise _GiveUp
        if unit:
            out.append(("length", float(number) * mm_per[unit]))
        elif number:
            if "." not in number and (len(number) > 15 or (number[0] == "0" and len(number) > 1)):
                raise _GiveUp  # leading zeros (Python's error) or a huge integer: as ast reads it
            out.append(("number", float(number)))
        elif name:
            if keyword.iskeyword(name) or name == LITERAL:
                raise _GiveUp
            out.append(("name", name))
        else:
            out.append((op, op))
    out.append(("end", None))
    return out


class _Reader:
    """Recursive descent over the tokens, by Python's precedence: sums of products of
    signed atoms, each operator taking its left side first."""

    def __init__(self, tokens: list[tuple]):
        self.tokens, self.at = tokens, 0

    def peek(self) -> str:
        return self.tokens[self.at][0]

    def take(self, kind: str):
        token = self.tokens[self.at]
        if token[0] != kind:
            raise _GiveUp
        self.at += 1
        return token[1]

    def whole(self) -> tuple:
        tree = self.sum()
        self.take("end")
        return tree

    def sum(self) -> tuple:
        return self.chain(("+", "-"), self.product)

    def product(self) -> tuple:
        return self.chain(("*", "/"), self.signed)

    def chain(self, ops: tuple[str, str], operand) -> tuple:
        """Operands joined by `ops`, from the left: a - b - c is (a - b) - c."""
        tree = operand()
        while (op := self.peek()) in ops:
            self.at += 1
            tree = (op, tree, operand())
        return tree

    def signed(self) -> tuple:
        if (op := self.peek()) in ("+", "-"):
            self.at += 1
            return (op, self.signed())
        return self.atom()

    def atom(self) -> tuple:
        kind, value = self.tokens[self.at]
        self.at += 1
        if kind in ("number", "length"):
            return (kind, value)
        if kind == "(":
            tree = self.sum()
            self.take(")")
            return tree
        if kind != "name":
            raise _GiveUp
        follows = self.peek()
        if follows == ".":
            self.at += 1
            return ("side", value, self.take("name"))
        if follows != "(":
            return ("name", value)
        if value not in _CALLS:
            raise _GiveUp
        self.at += 1
        args = [self.sum()]
        while self.peek() == ",":
            self.at += 1
            args.append(self.sum())
        self.take(")")
        return ("call", value, args)


def from_ast(n) -> tuple:
    """The tree of an `ast` expression node; a node layouts do not allow is ("bad",)."""
    if isinstance(n, ast.Constant) and isinstance(n.value, (int, float)) and not isinstance(n.value, bool):
        return ("number", float(n.value))
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == LITERAL:
        return ("length", n.args[0].value)
    if isinstance(n, ast.Name):
        return ("name", n.id)
    if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
        return ("side", n.value.id, n.attr)
    if isinstance(n, ast.UnaryOp) and isinstance(n.op, (ast.USub, ast.UAdd)):
        return ("-" if isinstance(n.op, ast.USub) else "+", from_ast(n.operand))
    if isinstance(n, ast.BinOp) and type(n.op) in _BINARY:
        return (_BINARY[type(n.op)], from_ast(n.left), from_ast(n.right))
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in _CALLS and n.args \
            and not n.keywords:
        return ("call", n.func.id, [from_ast(a) for a in n.args])
    return ("bad",)
