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

from pnp.importers.engine.rubylex import MAX_DEPTH, Interp, Lexer, Op, Ref, RubyError, Sym, Tok

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
