"""A small, strict evaluator of the few Ruby methods whose answer a kit needs and the
engine works out in code: `num_trains(train)` (a case/when on the train's name, a
per-player-count hash, a ternary on an optional rule), and the methods 1825 picks its
units with. It reads one method body into a tree and evaluates it for a given number of
players and set of optional rules; anything it does not know (a block, a method of the
game's objects, a value only play creates) raises `Unknown` with the file's line, and
the caller chooses a documented count instead. Never guesses.

Known: literals (through the lexer of `rubylex`), constants, locals, `@players`,
`@optional_rules` (and locals named `*rules` a method is given), an instance variable
set by one `@x = ...` in the game's code, `return`/`if`/`unless`/`case`/`when`, the
modifiers `if`/`unless`, `? :`, `&&`, `||`, `!`, comparisons, `+`/`-`, `+=`, indexing,
calls of the game's own methods, `super`, and `.size .max .min .to_sym .to_s .include?
.keys .dup .freeze`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnp.importers.engine.codeparse import Method, Parser, Unknown, find_methods, read_method
from pnp.importers.engine.games import EngineGame
from pnp.importers.engine.rubylex import RubyError, Sym
from pnp.importers.engine.source import Unresolved


@dataclass(frozen=True)
class Players:
    size: int


@dataclass
class Env:
    game: EngineGame
    players: int
    rules: frozenset[str] = frozenset()
    ivars: dict = field(default_factory=dict)
    depth: int = 0


class _Return(Exception):
    def __init__(self, value):
        self.value = value


# --- evaluating ------------------------------------------------------------------------

class _Frame:
    def __init__(self, method: Method, env: Env, args: list):
        self.method = method
        self.env = env
        self.locals = dict(zip(method.params, args))
        self.line = method.line


def call(game: EngineGame, name: str, env: Env, args: list | None = None, after: int = -1):
    """The value `name(*args)` returns; Unknown where the code is more than this reads."""
    method = read_method(game, name, after)
    if method is None:
        raise Unknown(game.relative(game.game_class.file) if game.game_class else "?", 0, f"no method {name}")
    if env.depth > 30:
        raise Unknown(method.file, method.line, "calls nest too deeply")
    env.depth += 1
    frame = _Frame(method, env, list(args or []))
    try:
        return _run(method.body, frame)
    except _Return as ret:
        return ret.value
    finally:
        env.depth -= 1


def _run(body: list, frame: _Frame):
    value = None
    for node in body:
        value = _eval(node, frame)
    return value


def _truthy(value) -> bool:
    return value is not None and value is not False


def _eval(node, f: _Frame):
    kind = node[0]
    if kind == "at":
        f.line = node[1]
        return _eval(node[2], f)
    if kind == "lit":
        return node[1]
    if kind == "return":
        raise _Return(_eval(node[1], f))
    if kind == "if":
        return _run(node[2], f) if _truthy(_eval(node[1], f)) else _run(node[3], f)
    if kind == "cond":
        for cond, body in node[1]:
            if _truthy(_eval(cond, f)):
                return _run(body, f)
        return _run(node[2], f)
    if kind == "case":
        subject = _eval(node[1], f) if node[1] is not None else None
        for values, body in node[2]:
            for v in values:
                value = _eval(v, f)
                if (value == subject) if node[1] is not None else _truthy(value):
                    return _run(body, f)
        return _run(node[3], f)
    if kind == "ternary":
        return _eval(node[2], f) if _truthy(_eval(node[1], f)) else _eval(node[3], f)
    if kind == "and":
        left = _eval(node[1], f)
        return _eval(node[2], f) if _truthy(left) else left
    if kind == "or":
        left = _eval(node[1], f)
        return left if _truthy(left) else _eval(node[2], f)
    if kind == "not":
        return not _truthy(_eval(node[1], f))
    if kind == "cmp":
        a, b = _eval(node[2], f), _eval(node[3], f)
        op = node[1]
        if op == "==":
            return a == b
        if op == "!=":
            return a != b
        _need(f, isinstance(a, (int, float)) and isinstance(b, (int, float)), f"{a!r} {op} {b!r}")
        return {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]
    if kind == "arith":
        a, b = _eval(node[2], f), _eval(node[3], f)
        if isinstance(a, Players):
            a = a.size
        _need(f, isinstance(a, int) and isinstance(b, int) and not isinstance(a, bool), f"{a!r} {node[1]} {b!r}")
        return a + b if node[1] == "+" else a - b if node[1] == "-" else a * b
    if kind == "array":
        return [_eval(n, f) for n in node[1]]
    if kind == "hash":
        return {_key(_eval(k, f)): _eval(v, f) for k, v in node[1]}
    if kind == "const":
        return _constant(node[1], f)
    if kind == "ivar":
        return _ivar(node[1], f)
    if kind == "local":
        return _local(node[1], node[2], f)
    if kind == "index":
        return _index(_eval(node[1], f), _eval(node[2], f), f)
    if kind == "send":
        return _send(_eval(node[1], f), node[2], [_eval(a, f) for a in node[3]], f)
    if kind == "assign":
        value = _eval(node[2], f)
        if node[1][0] == "ivar":
            f.env.ivars[node[1][1]] = value
        else:
            f.locals[node[1][1]] = value
        return value
    if kind == "append":
        target = _eval(node[1], f)
        _need(f, isinstance(target, list), "<< on something other than a list")
        target.append(_eval(node[2], f))
        return target
    if kind == "unknown":
        raise Unknown(f.method.file, node[1], node[2])
    if kind == "super":
        args = [_eval(a, f) for a in node[1]] if node[1] is not None else [f.locals.get(p) for p in f.method.params]
        return call(f.env.game, f.method.name, f.env, args, after=f.method.owner)
    raise Unknown(f.method.file, f.line, f"{kind}")


def _need(f: _Frame, ok: bool, what: str) -> None:
    if not ok:
        raise Unknown(f.method.file, f.line, what)


def _key(value):
    return tuple(value) if isinstance(value, list) else value


def _constant(names: tuple, f: _Frame):
    game = f.env.game
    module = game.source.modules.get(f"Engine::Game::{game.module}::Game") or game.game_class
    constant = game.source.find_constant(tuple(names), module)
    if constant is None:
        raise Unknown(f.method.file, f.line, f"constant {'::'.join(names)}")
    try:
        return game.source.value(constant)
    except Unresolved as exc:
        raise Unknown(game.relative(exc.file), exc.line, exc.problem) from None


def _ivar(name: str, f: _Frame):
    env = f.env
    if name == "@players":
        return Players(env.players)
    if name == "@optional_rules":
        return set(env.rules)
    if name in env.ivars:
        return env.ivars[name]
    # an instance variable set once in the game's code: `@x = value` inside some method
    game = env.game
    pattern = re.compile(r"^[ \t]*" + re.escape(name) + r"\s*(?:\|\|)?=(?!=)", re.MULTILINE)
    found = []
    for module in game.source.ancestors(game.game_class) if game.game_class else ():
        if module.name.startswith("Engine::Game::Base"):
            continue
        text = game.source.texts.get(module.file, "")
        found += [(module, m.start()) for m in pattern.finditer(text) if (module, m.start()) not in found]
    _need(f, len(found) == 1, f"{name} is set in {len(found)} places in the game's code")
    module, start = found[0]
    text = game.source.texts[module.file]
    parser = Parser(text, start, game.relative(module.file))
    try:
        node = parser.statement()
    except RubyError as exc:
        raise Unknown(game.relative(module.file), exc.line, exc.problem) from None
    frame = _Frame(Method(name, (), game.relative(module.file), node[1], [node], 0), env, [])
    _eval(node, frame)
    return env.ivars.get(name)


def _local(name: str, args, f: _Frame):
    if args is None and name in f.locals:
        return f.locals[name]
    if args is None and (name == "players" and "players" not in f.method.params):
        return Players(f.env.players)
    if args is None and name.endswith("rules") and name not in f.locals:
        return set(f.env.rules)
    values = [_eval(a, f) for a in args or []]
    return call(f.env.game, name, f.env, values)


def _index(obj, key, f: _Frame):
    if isinstance(obj, dict):
        if key in obj:
            return obj[key]
        if isinstance(key, str):  # :Y1 and 'Y1' as the engine's hashes mix them
            for k, v in obj.items():
                if isinstance(k, str) and k == key:
                    return v
        return None
    if isinstance(obj, list) and isinstance(key, int):
        return obj[key] if -len(obj) <= key < len(obj) else None
    raise Unknown(f.method.file, f.line, f"indexing {type(obj).__name__} with {key!r}")


def _send(obj, name: str, args: list, f: _Frame):
    if name in ("freeze", "dup", "deep_freeze", "to_a") and not args:
        return list(obj) if isinstance(obj, list) else dict(obj) if isinstance(obj, dict) else obj
    if name in ("size", "length", "count") and not args:
        if isinstance(obj, Players):
            return obj.size
        if isinstance(obj, (list, dict, str, set)):
            return len(obj)
    if name in ("max", "min", "sum") and not args and isinstance(obj, list):
        numbers = [o.size if isinstance(o, Players) else o for o in obj]
        if all(isinstance(n, int) for n in numbers):
            return {"max": max, "min": min, "sum": sum}[name](numbers) if numbers or name == "sum" else None
    if name == "to_sym" and isinstance(obj, str):
        return Sym(obj)
    if name == "to_s" and isinstance(obj, (str, int)):
        return str(obj)
    if name == "to_i" and isinstance(obj, (str, int)):
        return int(obj)
    if name == "include?" and len(args) == 1 and isinstance(obj, (list, set, dict, str)):
        return args[0] in obj
    if name == "keys" and isinstance(obj, dict):
        return list(obj)
    if name == "positive?" and isinstance(obj, int):
        return obj > 0
    if name == "zero?" and isinstance(obj, int):
        return obj == 0
    if name == "empty?" and isinstance(obj, (list, dict, str, set)):
        return not obj
    if name in ("concat", "push") and isinstance(obj, list):
        for a in args:
            obj.extend(a if name == "concat" else [a])
        return obj
    raise Unknown(f.method.file, f.line, f".{name} on {type(obj).__name__}")


__all__ = ["Env", "Unknown", "call", "read_method", "find_methods", "Players"]
