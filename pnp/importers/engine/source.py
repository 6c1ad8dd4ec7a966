"""The engine's Ruby files as modules and constants, resolved the way Ruby would.

Each file is scanned line by line for `module X`, `class X < Y`, `include A, B`,
`include_meta(X)` and `NAME = value` (the engine's files are formatted by rubocop, so
a block ends at an `end` on its opener's indentation). A constant's value is read by
`ruby.parse_value` only when asked for, and once. Looking a constant up follows Ruby:
the module itself, what it includes (the last include first) and its superclass chain;
a constant named inside a value is looked up from where the value is written (the
enclosing modules, then that module's ancestors).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pnp.importers.engine.ruby import Interp, Op, Ref, RubyError, parse_value

_MODULE = re.compile(r"^(\s*)(module|class)\s+([A-Z][\w:]*)(?:\s*<\s*([A-Z][\w:]*))?\s*(?:#.*)?$")
_DEF = re.compile(r"^(\s*)def\s+[\w.?!=\[\]]+(?:\(.*\))?\s*(?:#.*)?$")
_END = re.compile(r"^(\s*)end\b")
_INCLUDE = re.compile(r"^(\s*)include(?:_meta\(|\s+)([A-Z][\w:]*(?:\s*,\s*[A-Z][\w:]*)*)\)?\s*(?:#.*)?$")
_CONST = re.compile(r"^(\s*)([A-Z][A-Z0-9_]*)\s*=(?![=~>])")


@dataclass
class Constant:
    name: str
    file: Path
    line: int
    pos: int  # where the value starts in the file's text
    module: "Module"
    parsed: bool = False
    value: object = None
    error: RubyError | None = None
    resolved: bool = False
    result: object = None


@dataclass
class Module:
    name: str  # full name, e.g. Engine::Game::G1830::Map
    nesting: tuple[str, ...]  # enclosing modules, innermost first, itself included
    file: Path
    constants: dict[str, Constant] = field(default_factory=dict)
    includes: list[str] = field(default_factory=list)  # as written
    include_lines: dict[str, int] = field(default_factory=dict)
    missing: list[tuple[str, int]] = field(default_factory=list)  # includes no file defines, with their line
    superclass: str | None = None


class Unresolved(Exception):
    """A value that cannot be resolved to a literal: file, line and why."""

    def __init__(self, file: Path, line: int, problem: str):
        self.file = file
        self.line = line
        self.problem = problem
        super().__init__(f"{file}:{line}: {problem}")


class Source:
    """All modules of the files read so far, by full name."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self.modules: dict[str, Module] = {}
        self.texts: dict[Path, str] = {}
        self._ancestors: dict[str, list[Module]] = {}

    def read(self, path: Path) -> None:
        path = Path(path)
        if path in self.texts:
            return
        text = path.read_text(encoding="utf-8")
        self.texts[path] = text
        stack: list[tuple[int, str, Module | None]] = []  # (indent, kind, module)
        offset = 0
        for number, line in enumerate(text.split("\n"), start=1):
            start, offset = offset, offset + len(line) + 1
            if match := _MODULE.match(line):
                indent, kind, name, parent = len(match.group(1)), match.group(2), match.group(3), match.group(4)
                outer = next((m for _, _, m in reversed(stack) if m is not None), None)
                full = f"{outer.name}::{name}" if outer else name
                module = self.modules.get(full)
                if module is None:
                    nesting = (full,) + (outer.nesting if outer else ())
                    module = self.modules[full] = Module(full, nesting, path)
                if parent:
                    module.superclass = parent
                stack.append((indent, kind, module))
                continue
            if _DEF.match(line):
                stack.append((len(line) - len(line.lstrip()), "def", None))
                continue
            if match := _END.match(line):
                if stack and stack[-1][0] == len(match.group(1)):
                    stack.pop()
                continue
            if not stack or stack[-1][2] is None:
                continue
            module = stack[-1][2]
            if match := _INCLUDE.match(line):
                for written in (n.strip() for n in match.group(2).split(",")):
                    module.includes.append(written)
                    module.include_lines[written] = number
            elif match := _CONST.match(line):
                name = match.group(2)
                if name not in module.constants:  # the first assignment is the one Ruby keeps warnings for
                    module.constants[name] = Constant(name, path, number, start + match.end(), module)

    # --- modules ---------------------------------------------------------------------

    def find_module(self, written: str, nesting: tuple[str, ...]) -> Module | None:
        """The module a name written inside `nesting` means (lexical lookup; a module
        does not find itself, as `class Game < Game::Base` means the outer Game)."""
        for outer in nesting:
            module = self.modules.get(f"{outer}::{written}")
            if module is not None and module.name not in nesting[:1]:
                return module
        return self.modules.get(written)

    def ancestors(self, module: Module, seen: set | None = None) -> list[Module]:
        """The module, its includes (the last one first), then its superclass's."""
        if seen is None:
            if module.name not in self._ancestors:
                self._ancestors[module.name] = self.ancestors(module, set())
            return self._ancestors[module.name]
        if module.name in seen:
            return []
        seen.add(module.name)
        out = [module]
        for written in reversed(module.includes):
            included = self.find_module(written, module.nesting)
            if included is not None:
                out += self.ancestors(included, seen)
            elif (written, module.include_lines.get(written, 0)) not in module.missing:
                module.missing.append((written, module.include_lines.get(written, 0)))
        if module.superclass:
            parent = self.find_module(module.superclass, module.nesting[1:])
            if parent is not None:
                out += self.ancestors(parent, seen)
        return out

    # --- constants -------------------------------------------------------------------

    def lookup(self, module: Module, name: str) -> Constant | None:
        for ancestor in self.ancestors(module):
            if name in ancestor.constants:
                return ancestor.constants[name]
        return None

    def value(self, const: Constant, depth: int = 0):
        """The constant's value with every reference resolved; Unresolved otherwise."""
        if not const.parsed:
            const.parsed = True
            try:
                const.value = parse_value(self.texts[const.file], const.pos)
            except RubyError as exc:
                const.error = exc
            except RecursionError:
                const.error = RubyError(const.line, "nested too deeply")
        if const.error is not None:
            raise Unresolved(const.file, const.error.line, f"{const.name}: {const.error.problem}")
        if not const.resolved:
            try:
                const.result = self.resolve(const.value, const, depth)
            except Unresolved as exc:
                const.error = RubyError(exc.line, exc.problem.removeprefix(f"{const.name}: "))
                raise
            const.resolved = True
        return const.result

    def resolve(self, value, const: Constant, depth: int = 0):
        if depth > 50:
            raise Unresolved(const.file, const.line, f"{const.name}: constants refer to each other in a circle")
        if isinstance(value, Ref):
            target = self.find_constant(value.names, const.module)
            if target is None:
                raise Unresolved(const.file, value.line, f"{const.name}: names {'::'.join(value.names)}, "
                                                         "which is not a constant these files define")
            return self.value(target, depth + 1)
        if isinstance(value, Interp):
            return "".join(p if isinstance(p, str) else self._interpolated(p, value, const, depth) for p in value.parts)
        if isinstance(value, Op):
            left = self.resolve(value.left, const, depth)
            right = self.resolve(value.right, const, depth)
            if value.op == "merge" and isinstance(left, dict) and isinstance(right, dict):
                return {**left, **right}
            if value.op == "+" and type(left) is type(right) and isinstance(left, (list, str)):
                return left + right
            if value.op == "+" and isinstance(left, list) and isinstance(right, list):
                return left + right
            raise Unresolved(const.file, value.line, f"{const.name}: computed by code ({value.op} of "
                                                     f"{type(left).__name__} and {type(right).__name__})")
        if isinstance(value, dict):
            return {k: self.resolve(v, const, depth) for k, v in value.items()}
        if isinstance(value, list):
            return [self.resolve(v, const, depth) for v in value]
        return value

    def _interpolated(self, part: tuple, value: Interp, const: Constant, depth: int) -> str:
        ref, key = part
        named = self.resolve(ref, const, depth)
        if key is not None:
            try:
                named = named[key]
            except (KeyError, IndexError, TypeError):
                raise Unresolved(const.file, value.line, f"{const.name}: #{{{'::'.join(ref.names)}[{key!r}]}} names "
                                                         "nothing") from None
        if isinstance(named, (str, int, float)) and not isinstance(named, bool):
            return str(named)
        raise Unresolved(const.file, value.line, f"{const.name}: #{{...}} is not text")

    def find_constant(self, names: tuple[str, ...], module: Module) -> Constant | None:
        *path, last = names
        if path:
            owner = self.find_module("::".join(path), module.nesting)
            return self.lookup(owner, last) if owner is not None else None
        for outer in module.nesting:  # lexical scope first
            found = self.modules.get(outer)
            if found is not None and last in found.constants:
                return found.constants[last]
        return self.lookup(module, last)


__all__ = ["Source", "Module", "Constant", "Unresolved"]
