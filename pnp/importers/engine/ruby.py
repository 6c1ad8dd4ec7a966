"""A small, strict reader of Ruby literals, as the 18xx.games engine writes its game
constants (no Ruby needed).

`parse_value(text, pos)` reads one expression starting at `pos`: hashes (`key: v` and
`'k' => v`), arrays, strings in single or double quotes (escapes, adjacent literals and
`'...'\\` continued on the next line), heredocs (`<<~X`, `<<-X`, `<<X`), `%w[]`/`%i[]`,
symbols, numbers with `_`, `nil`/`true`/`false`, `.freeze`, constant references
(`TILES`, `G1817::Map::TILES`), `a.merge(b)` and `a + b`. A constant reference is kept
as a `Ref` and a merge or sum as an `Op`, to be resolved against the game's modules
(`resolve.py`). Anything else is code: `RubyError` says what and on which line; the
caller reports it and never guesses the value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_DEPTH = 200


class RubyError(ValueError):
    """A value this reader does not take as a literal (code, or malformed text)."""

    def __init__(self, line: int, problem: str):
        self.line = line
        self.problem = problem
        super().__init__(f"line {line}: {problem}")


class Sym(str):
    """A Ruby symbol (`:yellow`), kept apart from a string where it matters."""

    __slots__ = ()


@dataclass(frozen=True)
class Ref:
    """A constant named in a value: `('G1817', 'Map', 'TILES')` or `('TILES',)`."""

    names: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class Op:
    """`left.merge(right)` (op 'merge') or `left + right` (op '+')."""

    op: str
    left: object
    right: object
    line: int


_TOKEN = re.compile(r"""
    (?P<space>[ \t\r]+|\\\n)
  | (?P<comment>\#[^\n]*)
  | (?P<newline>\n)
  | (?P<heredoc><<[~-]?(?P<hq>['"]?)(?P<hname>[A-Z_][A-Za-z0-9_]*)(?P=hq))
  | (?P<words>%[wi](?P<wopen>[\[\(\{<|!/]))
  | (?P<octal>0[oObBxX][0-9a-fA-F_]+)
  | (?P<number>-?\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?)
  | (?P<label>[A-Za-z_][A-Za-z0-9_]*[?!]?:(?!:))
  | (?P<qlabel>(?P<lq>['"])(?P<lbody>(?:\\.|(?!(?P=lq)).)*?)(?P=lq):(?!:))
  | (?P<symbol>:(?:[A-Za-z_][A-Za-z0-9_]*[?!=]?|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'))
  | (?P<const>[A-Z][A-Za-z0-9_]*)
  | (?P<ident>[a-z_][A-Za-z0-9_]*[?!]?)
  | (?P<sq>'(?:\\.|[^'\\])*')
  | (?P<dq>"(?:\\.|[^"\\])*")
  | (?P<punct>=>|::|\.\.\.?|&\.|[-+*/%{}\[\](),.=|&<>!?;:~^])
""", re.VERBOSE | re.DOTALL)

_CLOSE = {"[": "]", "(": ")", "{": "}", "<": ">", "|": "|", "!": "!", "/": "/"}
_ESCAPES = {"n": "\n", "t": "\t", "s": " ", "0": "\0", "e": "\x1b", "a": "\a", "b": "\b", "r": "\r",
            "f": "\f", "v": "\v"}


@dataclass
class Tok:
    kind: str
    text: str
    pos: int
    value: object = None


class Lexer:
    """Tokens on demand from `pos`; heredoc bodies are taken when their line ends."""

    def __init__(self, text: str, pos: int = 0):
        self.text = text
        self.pos = pos
        self.pending: list[tuple[str, str, int]] = []  # heredocs waiting for the end of the line
        self.peeked: list[Tok] = []

    def line(self, pos: int) -> int:
        return self.text.count("\n", 0, pos) + 1

    def error(self, pos: int, problem: str) -> RubyError:
        return RubyError(self.line(pos), problem)

    def peek(self, skip_newlines: bool = False) -> Tok:
        while True:
            if not self.peeked:
                self.peeked.append(self._next())
            tok = self.peeked[0]
            if skip_newlines and tok.kind == "newline":
                self.peeked.pop(0)
                continue
            return tok

    def peek_beyond_newlines(self) -> Tok:
        """The next token that is not a newline, leaving the newlines in place."""
        i = 0
        while True:
            while len(self.peeked) <= i:
                self.peeked.append(self._next())
            if self.peeked[i].kind != "newline":
                return self.peeked[i]
            i += 1

    def take(self, skip_newlines: bool = False) -> Tok:
        tok = self.peek(skip_newlines)
        self.peeked.pop(0)
        return tok

    def _next(self) -> Tok:
        while True:
            if self.pos >= len(self.text):
                return Tok("eof", "", self.pos)
            match = _TOKEN.match(self.text, self.pos)
            if not match:
                raise self.error(self.pos, f"unexpected character {self.text[self.pos]!r}")
            kind = match.lastgroup  # the outermost group: inner groups close before it
            start, self.pos = self.pos, match.end()
            if kind in ("space", "comment"):
                continue
            text = match.group(kind)
            if kind == "newline":
                if self.pending:
                    self._heredoc_bodies()
                return Tok("newline", text, start)
            if kind == "heredoc":
                body: list = []
                squiggly = text.startswith("<<~")
                raw = match.group("hq") == "'"
                self.pending.append((match.group("hname"), "~" if squiggly else "-", raw, body))
                return Tok("heredoc", text, start, body)
            if kind == "words":
                return self._words(text, start)
            if kind == "octal":
                base = {"o": 8, "b": 2, "x": 16}[text[1].lower()]
                return Tok("number", text, start, int(text[2:].replace("_", ""), base))
            if kind == "number":
                clean = text.replace("_", "")
                value = float(clean) if any(c in clean for c in ".eE") else int(clean)
                return Tok("number", text, start, value)
            if kind == "label":
                return Tok("label", text, start, Sym(text[:-1]))
            if kind == "qlabel":
                return Tok("label", text, start, Sym(_unquote(match.group("lbody"), match.group("lq"), self, start)))
            if kind == "symbol":
                body_text = text[1:]
                if body_text[:1] in "'\"":
                    body_text = _unquote(body_text[1:-1], body_text[0], self, start)
                return Tok("symbol", text, start, Sym(body_text))
            if kind in ("sq", "dq"):
                return Tok("string", text, start, _unquote(text[1:-1], text[0], self, start))
            return Tok(kind, text, start)

    def _words(self, text: str, start: int) -> Tok:
        close = _CLOSE[text[-1]]
        end = self.text.find(close, self.pos)
        if end < 0:
            raise self.error(start, f"{text} is not closed")
        words = self.text[self.pos:end].split()
        self.pos = end + 1
        value = [Sym(w) for w in words] if text[1] == "i" else words
        return Tok("words", text, start, value)

    def _heredoc_bodies(self) -> None:
        for name, mode, raw, body in self.pending:
            lines = []
            while True:
                if self.pos >= len(self.text):
                    raise self.error(self.pos, f"heredoc {name} is not closed")
                end = self.text.find("\n", self.pos)
                end = len(self.text) if end < 0 else end
                line = self.text[self.pos:end]
                self.pos = min(end + 1, len(self.text))
                if line.strip() == name and (mode != "" or line == name):
                    break
                lines.append(line)
            if mode == "~":
                indents = [len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()]
                cut = min(indents) if indents else 0
                lines = [ln[cut:] for ln in lines]
            text = "".join(ln + "\n" for ln in lines)
            if "#{" in text and not raw:
                raise self.error(self.pos, f"heredoc {name} interpolates code (#{{...}})")
            body.append(text if raw else _unescape_double(text, self, self.pos))
        self.pending = []


@dataclass(frozen=True)
class Interp:
    """A double-quoted string naming constants: `"label=#{RESOURCE_LABELS[:coal]}"`.
    Parts are text or (Ref, key or None)."""

    parts: tuple
    line: int


_INTERPOLATED = re.compile(r"#\{([^{}]*)\}")
_CONST_INDEX = re.compile(r"""^\s*([A-Z][A-Za-z0-9_]*(?:::[A-Z][A-Za-z0-9_]*)*)\s*"""
                          r"""(?:\[\s*(?::(\w+)|'([^']*)'|"([^"]*)"|(-?\d+))\s*\])?\s*$""")


def _unquote(body: str, quote: str, lexer: Lexer, pos: int):
    if quote == "'":
        return re.sub(r"\\([\\'])", r"\1", body)
    if "#{" not in body:
        return _unescape_double(body, lexer, pos)
    line = lexer.line(pos)
    parts: list = []
    last = 0
    for match in _INTERPOLATED.finditer(body):
        parts.append(_unescape_double(body[last:match.start()], lexer, pos))
        named = _CONST_INDEX.match(match.group(1))
        if not named:
            raise lexer.error(pos, f"a string interpolates code (#{{{match.group(1)}}})")
        name, sym, sq, dq, index = named.groups()
        key = Sym(sym) if sym else sq if sq is not None else dq if dq is not None else int(index) if index else None
        parts.append((Ref(tuple(name.split("::")), line), key))
        last = match.end()
    rest = body[last:]
    if "#{" in rest:
        raise lexer.error(pos, "a string interpolates code (#{...})")
    parts.append(_unescape_double(rest, lexer, pos))
    return Interp(tuple(p for p in parts if p != ""), line)


def _unescape_double(body: str, lexer: Lexer, pos: int) -> str:
    def one(match: re.Match) -> str:
        esc = match.group(1)
        if esc[0] == "u":
            digits = esc[2:-1] if esc[1:2] == "{" else esc[1:]
            return "".join(chr(int(d, 16)) for d in digits.split())
        return _ESCAPES.get(esc, esc)

    return re.sub(r"\\(u\{[0-9a-fA-F ]+\}|u[0-9a-fA-F]{4}|.)", one, body, flags=re.DOTALL)


# --- expressions ---------------------------------------------------------------------

_STRING_METHODS = {"freeze": lambda s: s, "strip": str.strip, "chomp": lambda s: s.removesuffix("\n"),
                   "squish": lambda s: " ".join(s.split()), "dup": lambda s: s}


class Parser:
    def __init__(self, text: str, pos: int = 0):
        self.lex = Lexer(text, pos)
        self.depth = 0

    def error(self, tok: Tok, problem: str) -> RubyError:
        return self.lex.error(tok.pos, problem)

    def statement_value(self):
        """One expression that must end its statement (a newline, `;` or the end)."""
        value = self.expression()
        end = self.lex.peek()
        if end.kind not in ("newline", "eof") and end.text != ";":
            raise self.error(end, f"computed by code ('{end.text}' after the value)")
        return value

    def expression(self, in_brackets: bool = False):
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(self.lex.peek(), "nested too deeply")
        try:
            value = self.postfix(self.primary(in_brackets), in_brackets)
            while self.lex.peek(in_brackets).text == "+":
                op = self.lex.take(in_brackets)
                right = self.postfix(self.primary(True), in_brackets)
                value = _plus(value, right, self.lex.line(op.pos))
            return value
        finally:
            self.depth -= 1

    def postfix(self, value, in_brackets: bool):
        while True:
            tok = self.lex.peek_beyond_newlines()  # a leading `.method` may start the next line
            if tok.text not in (".", "&."):
                return value
            self.lex.take(True)
            name = self.lex.take()
            if name.kind != "ident":
                raise self.error(name, f"computed by code (.{name.text})")
            if name.text in ("freeze", "dup", "deep_freeze"):
                continue
            if name.text == "merge":
                self._expect("(")
                value = Op("merge", value, self.merge_argument(), self.lex.line(name.pos))
                continue
            if isinstance(value, str) and name.text in _STRING_METHODS:
                value = _STRING_METHODS[name.text](value)
                continue
            raise self.error(name, f"computed by code (.{name.text})")

    def merge_argument(self):
        """`merge(OTHER)` or `merge('k' => v, k: v)` (a hash without braces)."""
        tok = self.lex.peek(True)
        if tok.kind != "label":
            value = self.expression(True)
            if self.lex.peek(True).text != "=>":
                self._expect(")", skip=True)
                return value
            self.lex.take(True)
            out = {_hashable(value, self, tok): self.expression(True)}
            if self.lex.peek(True).text == ",":
                self.lex.take(True)
            else:
                self._expect(")", skip=True)
                return out
        else:
            out = {}
        out.update(self.hash_body(close=")"))
        return out

    def _expect(self, text: str, skip: bool = False) -> Tok:
        tok = self.lex.take(skip)
        if tok.text != text:
            raise self.error(tok, f"expected '{text}', found '{tok.text or 'the end of the file'}'")
        return tok

    def primary(self, in_brackets: bool):
        tok = self.lex.take(True)  # a value may start on the line after `=` or an operator
        if tok.kind == "punct":
            if tok.text == "{":
                return self.hash_body()
            if tok.text == "[":
                return self.array_body()
            if tok.text == "(":
                value = self.expression(True)
                self._expect(")", skip=True)
                return value
            if tok.text == "-" and self.lex.peek().kind == "number":
                return -self.lex.take().value
        if tok.kind == "number":
            if self.lex.peek().text in ("..", "..."):
                raise self.error(tok, "computed by code (a range)")
            return tok.value
        if tok.kind in ("string", "heredoc"):
            return self.strings(tok)
        if tok.kind in ("symbol", "words"):
            return tok.value
        if tok.kind == "ident":
            if tok.text in ("nil", "true", "false"):
                return {"nil": None, "true": True, "false": False}[tok.text]
            raise self.error(tok, f"computed by code ({tok.text})")
        if tok.kind == "const":
            names = [tok.text]
            while self.lex.peek().text == "::":
                self.lex.take()
                part = self.lex.take()
                if part.kind != "const":
                    raise self.error(part, f"computed by code (::{part.text})")
                names.append(part.text)
            if self.lex.peek().text in ("(", ".new") or self.lex.peek().kind == "string":
                raise self.error(tok, f"computed by code ({'::'.join(names)}(...))")
            return Ref(tuple(names), self.lex.line(tok.pos))
        if tok.kind == "eof":
            raise self.error(tok, "the file ends where a value was expected")
        raise self.error(tok, f"computed by code ('{tok.text}')")

    def strings(self, tok: Tok) -> str:
        """Adjacent string literals join; a heredoc's body is its value."""
        parts = [tok.value if tok.kind == "string" else _HeredocText(tok.value)]
        while self.lex.peek().kind in ("string", "heredoc"):
            nxt = self.lex.take()
            parts.append(nxt.value if nxt.kind == "string" else _HeredocText(nxt.value))
        if len(parts) == 1 and isinstance(parts[0], (str, Interp)):
            return parts[0]
        return _LazyString(parts)

    def hash_body(self, close: str = "}") -> dict:
        out: dict = {}
        while True:
            tok = self.lex.peek(True)
            if tok.text == close:
                self.lex.take(True)
                return out
            if tok.kind == "label":
                self.lex.take(True)
                key = tok.value
            else:
                key = _hashable(self.expression(True), self, tok)
                self._expect("=>", skip=True)
            out[key] = self.expression(True)
            tok = self.lex.take(True)
            if tok.text == close:
                return out
            if tok.text != ",":
                raise self.error(tok, f"expected ',' or '{close}' in a hash, found '{tok.text or 'the end'}'")

    def array_body(self) -> list:
        out: list = []
        while True:
            tok = self.lex.peek(True)
            if tok.text == "]":
                self.lex.take(True)
                return out
            if tok.kind == "label":  # [key: v, ...]: a hash without braces, the array's last item
                out.append(self.hash_body(close="]"))
                return out
            item = self.expression(True)
            if self.lex.peek(True).text == "=>":
                self.lex.take(True)
                bare = {_hashable(item, self, tok): self.expression(True)}
                if self.lex.peek(True).text == ",":
                    self.lex.take(True)
                    bare.update(self.hash_body(close="]"))
                else:
                    self._expect("]", skip=True)
                out.append(bare)
                return out
            out.append(item)
            tok = self.lex.take(True)
            if tok.text == "]":
                return out
            if tok.text != ",":
                raise self.error(tok, f"expected ',' or ']' in an array, found '{tok.text or 'the end'}'")


class _HeredocText:
    """A heredoc's body, filled in when the lexer reaches the end of its line."""

    def __init__(self, body: list):
        self.body = body

    def text(self) -> str:
        return self.body[0] if self.body else ""


class _LazyString(list):
    """Strings whose heredoc parts are read later; `finish` turns them into text."""


def finish(value):
    """Replace heredoc placeholders by their text, once the whole statement is read."""
    if isinstance(value, _LazyString):
        parts: list = []
        for p in value:
            parts += p.parts if isinstance(p, Interp) else [p.text() if isinstance(p, _HeredocText) else p]
        if all(isinstance(p, str) for p in parts):
            return "".join(parts)
        return Interp(tuple(parts), next(p.line for p in value if isinstance(p, Interp)))
    if isinstance(value, dict):
        return {finish(k): finish(v) for k, v in value.items()}
    if isinstance(value, list):
        return [finish(v) for v in value]
    if isinstance(value, Op):
        return Op(value.op, finish(value.left), finish(value.right), value.line)
    return value


def _hashable(key, parser: Parser, tok: Tok):
    if isinstance(key, list):
        if all(isinstance(k, str) for k in key):
            return tuple(key)
        raise parser.error(tok, "a hash key that is not a list of strings")
    if isinstance(key, (dict, _LazyString, Op)):
        raise parser.error(tok, "a hash key that is not a plain value")
    return key


def _plus(left, right, line: int):
    if isinstance(left, list) and isinstance(right, list):
        return left + right
    if isinstance(left, str) and isinstance(right, str) and not isinstance(left, _LazyString):
        return left + right
    if isinstance(left, (int, float)) and isinstance(right, (int, float)) and not isinstance(left, bool):
        return left + right
    return Op("+", left, right, line)


def parse_value(text: str, pos: int = 0):
    """The value of the statement starting at `pos`; RubyError if it is not a literal."""
    parser = Parser(text, pos)
    try:
        return finish(parser.statement_value())
    except RubyError:
        raise
    except (ValueError, OverflowError) as exc:  # a number or escape out of range
        raise parser.lex.error(parser.lex.pos, f"not a literal ({exc})") from None


__all__ = ["parse_value", "RubyError", "Sym", "Ref", "Op", "Interp", "finish"]
