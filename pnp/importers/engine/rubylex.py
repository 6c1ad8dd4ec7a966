"""The tokens of Ruby literals, for `ruby.py`: strings (escapes, `#{CONSTANT}`
interpolation), heredocs (their bodies read when their line ends), `%w[]`/`%i[]`,
symbols, numbers (`1_000`, `0o17`), names and punctuation. Values that name constants
are `Ref`s, merges and sums `Op`s, resolved later (`source.py`)."""

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
  | (?P<ivar>@@?[A-Za-z_][A-Za-z0-9_]*)
  | (?P<punct>=>|::|\.\.\.?|&\.|==|!=|>=|<=|&&|\|\|=|\|\||\+=|-=|<<|[-+*/%{}\[\](),.=|&<>!?;:~^])
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

    def __init__(self, text: str, pos: int = 0, lenient: bool = False):
        self.text = text
        self.pos = pos
        self.lenient = lenient  # a string interpolating code is a CodeString, not an error (code.py)
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


@dataclass(frozen=True)
class CodeString:
    """A string that interpolates code (only a lenient Lexer makes one)."""

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
            if lexer.lenient:
                return CodeString(line)
            raise lexer.error(pos, f"a string interpolates code (#{{{match.group(1)}}})")
        name, sym, sq, dq, index = named.groups()
        key = Sym(sym) if sym else sq if sq is not None else dq if dq is not None else int(index) if index else None
        parts.append((Ref(tuple(name.split("::")), line), key))
        last = match.end()
    rest = body[last:]
    if "#{" in rest:
        if lexer.lenient:
            return CodeString(line)
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


__all__ = ["Lexer", "Tok", "RubyError", "Sym", "Ref", "Op", "Interp", "CodeString", "MAX_DEPTH"]
