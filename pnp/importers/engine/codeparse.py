"""Reading one Ruby method of a game into a small tree for `code.py`: `def name(params)`
and its body, statements of `return`, `if`/`unless`/`elsif`, `case`/`when`, modifiers,
assignments, `? :`, `&&`/`||`/`!`, comparisons, `+`/`-`/`*`, indexing, calls and
literals. A block (`{ ... }`) becomes a node that fails only when it is run; anything
else this reader does not know raises `Unknown` with the file and line."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.importers.engine.games import EngineGame
from pnp.importers.engine.rubylex import Lexer, RubyError

_KEYWORDS = {"if", "unless", "elsif", "else", "end", "case", "when", "then", "return", "super", "do", "while",
             "until", "begin", "rescue", "yield", "and", "or", "not"}
_STOP = {"end", "else", "elsif", "when"}


class Unknown(Exception):
    """Code this reader does not know: where and what."""

    def __init__(self, file: str, line: int, what: str):
        self.file, self.line, self.what = file, line, what
        super().__init__(f"{file}:{line}: {what}")


# --- reading a method ------------------------------------------------------------------

@dataclass
class Method:
    name: str
    params: tuple[str, ...]
    file: str  # relative to the clone
    line: int
    body: list  # statements
    owner: int  # index of the module in the game's ancestors


_DEFS = re.compile(r"^([ \t]*)def\s+([\w.?!=\[\]]+)(?=[\s(]|$)", re.MULTILINE)


def _definitions(source, file) -> dict[str, list[tuple[int, int]]]:
    """Every `def` of a file, by name: (start of its line, indentation); read once."""
    index = source.__dict__.setdefault("_definitions", {})
    if file not in index:
        found: dict[str, list[tuple[int, int]]] = {}
        for match in _DEFS.finditer(source.texts.get(file, "")):
            found.setdefault(match.group(2), []).append((match.start(), len(match.group(1))))
        index[file] = found
    return index[file]


def find_methods(game: EngineGame, name: str) -> list[tuple[int, object, int, int]]:
    """Every definition of `name` in the game's ancestors, nearest first: (ancestor index,
    module, start of the `def` line in the file's text, its indentation)."""
    out = []
    ancestors = game.source.ancestors(game.game_class) if game.game_class else []
    seen = set()
    for i, module in enumerate(ancestors):
        if module.file in seen:
            continue
        seen.add(module.file)
        for start, indent in _definitions(game.source, module.file).get(name, ()):
            out.append((i, module, start, indent))
    return out


def read_method(game: EngineGame, name: str, after: int = -1) -> Method | None:
    """The nearest definition of `name` (beyond ancestor index `after`, for `super`)."""
    cache = game.__dict__.setdefault("_methods", {})
    if (name, after) not in cache:
        cache[(name, after)] = _read_method(game, name, after)
    return cache[(name, after)]


def _read_method(game: EngineGame, name: str, after: int) -> Method | None:
    for index, module, start, _ in find_methods(game, name):
        if index <= after:
            continue
        text = game.source.texts[module.file]
        rel = game.relative(module.file)
        line = text.count("\n", 0, start) + 1
        try:
            parser = Parser(text, start, rel)
            params = parser.header()
            body = parser.block()
            parser.expect("end")
        except RubyError as exc:
            raise Unknown(rel, exc.line, exc.problem) from None
        return Method(name, params, rel, line, body, index)
    return None


class Parser:
    def __init__(self, text: str, pos: int, file: str):
        self.lex = Lexer(text, pos, lenient=True)
        self.file = file

    def fail(self, tok, what: str):
        raise Unknown(self.file, self.lex.line(tok.pos), what)

    def peek(self, skip=False):
        return self.lex.peek(skip)

    def take(self, skip=False):
        return self.lex.take(skip)

    def expect(self, text: str, skip=True):
        tok = self.take(skip)
        if tok.text != text:
            self.fail(tok, f"expected '{text}', found '{tok.text}'")
        return tok

    def header(self) -> tuple[str, ...]:
        self.expect("def")
        self.take()  # the name
        params = []
        if self.peek().text == "(":
            self.take()
            while self.peek(True).text != ")":
                tok = self.take(True)
                if tok.kind in ("ident", "label"):
                    params.append(tok.text.rstrip(":"))
                    if self.peek().text == "=" or tok.kind == "label":  # a default: skip its value
                        if self.peek().text == "=":
                            self.take()
                        if self.peek().text not in (",", ")"):
                            self.expression()
                elif tok.text != ",":
                    self.fail(tok, f"parameter '{tok.text}'")
            self.take()
        return tuple(params)

    def block(self) -> list:
        out = []
        while True:
            tok = self.peek(True)
            if tok.kind == "eof" or tok.kind == "ident" and tok.text in _STOP:
                return out
            if tok.text == ";":
                self.take()
                continue
            out.append(self.statement())

    def statement(self):
        tok = self.peek(True)
        line = self.lex.line(tok.pos)
        if tok.text in ("return", "next", "break"):
            self.take(True)
            nxt = self.peek()
            value = ("lit", None) if nxt.kind in ("newline", "eof") or nxt.text in ("if", "unless", "}") \
                else self.expression()
            node = (tok.text, value)
        elif tok.text == "raise":
            self.take(True)
            while self.peek().kind not in ("newline", "eof") and self.peek().text not in ("if", "unless", ";"):
                self.take()
            node = ("unknown", line, "raises an error")
        elif tok.kind == "ident" and self.lex.peek_beyond_newlines() is tok and self._multiple():
            names = self._multiple_names()
            node = ("massign", names, self.expression())
        else:
            node = self.expression(statement=True)
        while self.peek().text in ("if", "unless"):
            kind = self.take().text
            cond = self.expression()
            node = ("if", cond if kind == "if" else ("not", cond), [node], [])
        end = self.peek()
        if end.kind not in ("newline", "eof") and end.text not in (";", "}") \
                and not (end.kind == "ident" and end.text in _STOP):
            self.fail(end, f"'{end.text}' after a statement")
        return ("at", line, node)

    def expression(self, statement=False):
        left = self.ternary()
        tok = self.peek()
        if statement and tok.text in ("=", "+=", "-=", "||=", "<<"):
            self.take()
            value = self.expression()
            if tok.text == "<<":
                return ("append", left, value)
            if left[0] not in ("local", "ivar", "index"):
                self.fail(tok, "assigning to something other than a variable")
            if tok.text != "=":
                value = ("arith", tok.text[0], left, value) if tok.text != "||=" else ("or", left, value)
            return ("assign", left, value)
        return left

    def _multiple(self) -> bool:
        """`a, = value` or `a, b = value` ahead (the lexer's peeked tokens are kept)."""
        i = 0
        while True:
            while len(self.lex.peeked) <= i:
                self.lex.peeked.append(self.lex._next())
            tok = self.lex.peeked[i]
            if i % 2 == 0 and tok.kind != "ident":
                return tok.text == "=" and i > 1
            if i % 2 == 1 and tok.text != ",":
                return tok.text == "=" and i > 1
            i += 1

    def _multiple_names(self) -> list[str]:
        names = []
        while self.peek().text != "=":
            tok = self.take()
            if tok.kind == "ident":
                names.append(tok.text)
        self.take()
        return names

    def ternary(self):
        cond = self.binary(0)
        if self.peek().text == "?":
            self.take()
            yes = self.ternary()
            self.expect(":")
            no = self.ternary()
            return ("ternary", cond, yes, no)
        return cond

    _LEVELS = (("||", "or"), ("&&", "and"), ("==", "!=", ">", "<", ">=", "<="), ("+", "-"), ("*", "&"))

    def binary(self, level: int):
        if level == len(self._LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek().text in self._LEVELS[level]:
            op = self.take().text
            right = self.binary(level + 1)
            left = ("or" if op in ("||", "or") else "and" if op in ("&&", "and") else
                    "cmp" if level == 2 else "arith", *((op,) if level >= 2 else ()), left, right)
        return left

    def unary(self):
        tok = self.peek(True)
        if tok.text in ("!", "not"):
            self.take(True)
            return ("not", self.unary())
        if tok.text == "-":
            self.take(True)
            return ("arith", "-", ("lit", 0), self.unary())
        return self.postfix(self.primary())

    def args(self) -> list:
        out = []
        self.take()  # (
        while self.peek(True).text != ")":
            if self.peek(True).text == "&":  # map(&:to_sym)
                self.take(True)
                tok = self.take()
                if tok.kind != "symbol":
                    self.fail(tok, f"&{tok.text}")
                out.append(("blockpass", str(tok.value)))
            else:
                out.append(self.expression())
            if self.peek(True).text == ",":
                self.take(True)
        self.take(True)
        return out

    def postfix(self, node):
        while True:
            tok = self.peek()
            if tok.text == "[" and self.lex.text[tok.pos - 1] not in " \t\n":  # `x[k]`, not `f [k]`
                self.take()
                key = self.expression()
                self.expect("]")
                node = ("index", node, key)
            elif self.lex.peek_beyond_newlines().text in (".", "&."):
                self.take(True)
                name = self.take()
                if name.kind not in ("ident", "const"):
                    self.fail(name, f".{name.text}")
                args = self.args() if self.peek().text == "(" and self.peek().pos == name.pos + len(name.text) else []
                block = self.code_block() if self.peek().text in ("{", "do") else None
                node = ("send", node, name.text, args, block)
            elif tok.text == "::" and node[0] == "const":
                self.take()
                part = self.take()
                node = ("const", node[1] + (part.text,))
            else:
                return node

    def code_block(self):
        """`{ |a, b| ... }` or `do |a| ... end`: (parameters, statements)."""
        close = "}" if self.take().text == "{" else "end"
        params = []
        if self.peek().text == "|":
            self.take()
            while self.peek().text != "|":
                tok = self.take()
                if tok.kind == "ident":
                    params.append(tok.text)
                elif tok.text not in (",", "(", ")"):
                    self.fail(tok, f"block parameter '{tok.text}'")
            self.take()
        body = self.block_until(close)
        return (tuple(params), body)

    def block_until(self, close: str) -> list:
        out = []
        while True:
            tok = self.peek(True)
            if tok.text == close:
                self.take(True)
                return out
            if tok.kind == "eof" or tok.kind == "ident" and tok.text in _STOP:
                self.fail(tok, f"'{tok.text}' where '{close}' was expected")
            if tok.text == ";":
                self.take()
                continue
            out.append(self.statement())

    def primary(self):
        tok = self.take(True)
        if tok.text == "self" and self.peek().text == ".":  # self.class::CONSTANT
            self.take()
            if self.take().text != "class" or self.take().text != "::":
                self.fail(tok, "self.something")
            tok = self.take()
        if tok.kind == "number":
            node = ("lit", tok.value)
        elif tok.kind in ("string", "symbol", "words"):
            value = tok.value
            while tok.kind == "string" and self.peek().kind == "string":  # 'a'\ continued by 'b'
                more = self.take().value
                value = value + more if isinstance(value, str) and isinstance(more, str) else None
            node = ("lit", value) if isinstance(value, (str, list)) else \
                ("unknown", self.lex.line(tok.pos), "a string that interpolates code")
        elif tok.kind == "label":
            self.fail(tok, f"'{tok.text}' (a hash without braces)")
        elif tok.kind == "ivar":
            node = ("ivar", tok.text)
        elif tok.kind == "const":
            node = ("const", (tok.text,))
        elif tok.text == "(":
            node = self.expression(statement=True)
            self.expect(")")
        elif tok.text == "[":
            items = []
            while self.peek(True).text != "]":
                items.append(self.expression())
                if self.peek(True).text == ",":
                    self.take(True)
            self.take(True)
            node = ("array", items)
        elif tok.text == "{":
            node = ("hash", self.hash_items())
        elif tok.kind == "ident" and tok.text in ("nil", "true", "false"):
            node = ("lit", {"nil": None, "true": True, "false": False}[tok.text])
        elif tok.kind == "ident" and tok.text == "super":
            node = ("super", self.args() if self.peek().text == "(" else None)
        elif tok.kind == "ident" and tok.text == "case":
            node = self.case()
        elif tok.kind == "ident" and tok.text in ("if", "unless"):
            cond = self.expression()
            if self.peek().text == "then":
                self.take()
            yes = self.block()
            branches = [(cond if tok.text == "if" else ("not", cond), yes)]
            other: list = []
            while True:
                stop = self.take(True)
                if stop.text == "elsif":
                    c = self.expression()
                    branches.append((c, self.block()))
                elif stop.text == "else":
                    other = self.block()
                elif stop.text == "end":
                    break
                else:
                    self.fail(stop, f"'{stop.text}' in an if")
            node = ("cond", branches, other)
        elif tok.kind == "ident" and tok.text not in _KEYWORDS:
            args = self.args() if self.peek().text == "(" and self.peek().pos == tok.pos + len(tok.text) else None
            node = ("local", tok.text, args)
        else:
            self.fail(tok, f"'{tok.text}'")
        return node

    def hash_items(self) -> list:
        items = []
        while self.peek(True).text != "}":
            tok = self.peek(True)
            if tok.kind == "label":
                self.take(True)
                key = ("lit", tok.value)
            else:
                key = self.expression()
                self.expect("=>")
            items.append((key, self.expression()))
            if self.peek(True).text == ",":
                self.take(True)
        self.take(True)
        return items

    def case(self):
        subject = None if self.peek().kind == "newline" else self.expression()
        whens = []
        other: list = []
        while True:
            tok = self.take(True)
            if tok.text == "when":
                values = [self.expression()]
                while self.peek().text == ",":
                    self.take()
                    values.append(self.expression())
                if self.peek().text == "then":
                    self.take()
                whens.append((values, self.block()))
            elif tok.text == "else":
                other = self.block()
            elif tok.text == "end":
                return ("case", subject, whens, other)
            else:
                self.fail(tok, f"'{tok.text}' in a case")


__all__ = ["Unknown", "Method", "find_methods", "read_method", "Parser"]
