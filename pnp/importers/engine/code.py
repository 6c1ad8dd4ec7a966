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

import copy
import re
from dataclasses import dataclass, field

from pnp.importers.engine.codeparse import Method, Parser, Unknown, find_methods, read_method
from pnp.importers.engine.games import EngineGame
from pnp.importers.engine.rubylex import RubyError, Sym
from pnp.importers.engine.source import Unresolved


@dataclass(frozen=True)
class Players:
    """The players at the start: how many, each with no cash yet."""

    size: int


class Player:
    cash = 0


class Bank:
    """The bank `init_starting_cash(players, bank)` pays the players from: what each got."""

    def __init__(self):
        self.paid: list[int] = []


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


class _Next(_Return):
    """`next` in a block."""


class _Break(_Return):
    """`break` in a block."""


_CLASSES = {"Hash": dict, "Array": (list, tuple), "String": str, "Integer": int, "Symbol": Sym}


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
    if kind in ("return", "next", "break"):
        raise {"return": _Return, "next": _Next, "break": _Break}[kind](_eval(node[1], f))
    if kind == "massign":
        value = _eval(node[2], f)
        values = list(value) if isinstance(value, (list, tuple)) else [value]
        for i, name in enumerate(node[1]):
            f.locals[name] = values[i] if i < len(values) else None
        return value
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
        if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and node[1] in ("+", "-", "&"):
            return list(a) + list(b) if node[1] == "+" else [x for x in a if (x in b) == (node[1] == "&")]
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
        obj = _eval(node[1], f)
        args = [a if a[0] == "blockpass" else _eval(a, f) for a in node[3]]
        if node[4] is not None:
            return _with_block(obj, node[2], args, node[4], f)
        if args and isinstance(args[0], tuple) and args[0][:1] == ("blockpass",):
            return _with_block(obj, node[2], [], ((("it",), [("send", ("local", "it", None), args[0][1], [], None)])), f)
        return _send(obj, node[2], args, f)
    if kind == "blockpass":
        raise Unknown(f.method.file, f.line, f"&:{node[1]}")
    if kind == "assign":
        value = _eval(node[2], f)
        target = node[1]
        if target[0] == "ivar":
            f.env.ivars[target[1]] = value
        elif target[0] == "index":
            holder, key = _eval(target[1], f), _eval(target[2], f)
            _need(f, isinstance(holder, (dict, list)), f"setting [{key!r}] on {type(holder).__name__}")
            if isinstance(holder, dict):
                holder[_key(key)] = value
            else:
                holder[key] = value
        else:
            f.locals[target[1]] = value
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


def _with_block(obj, name: str, args: list, block, f: _Frame):
    """`.each/.map/.select/.reject/.find/.any?/.all?/.count/.sum` with a block; the block
    shares the method's locals (as Ruby's do)."""
    params, body = block
    if isinstance(obj, Players):
        items = [Player() for _ in range(obj.size)]
    elif isinstance(obj, dict):
        items = [[k, v] for k, v in obj.items()]
    elif isinstance(obj, (list, tuple)):
        items = list(obj)
    else:
        raise Unknown(f.method.file, f.line, f".{name} with a block on {type(obj).__name__}")

    def run(item):
        if len(params) > 1 and isinstance(item, (list, tuple)):
            for i, p in enumerate(params):
                f.locals[p] = item[i] if i < len(item) else None
        elif params:
            f.locals[params[0]] = item
        try:
            return _run(body, f)
        except _Next as nxt:
            return nxt.value

    out = []
    try:
        for item in items:
            value = run(item)
            if name in ("each", "each_pair"):
                continue
            if name in ("map", "filter_map", "flat_map"):
                if name == "flat_map" and isinstance(value, list):
                    out.extend(value)
                elif name != "filter_map" or _truthy(value):
                    out.append(value)
            elif name in ("select", "filter", "reject"):
                if _truthy(value) == (name != "reject"):
                    out.append(item)
            elif name in ("find", "detect"):
                if _truthy(value):
                    return item
            elif name in ("any?", "all?", "none?", "count", "sum"):
                out.append(value)
            else:
                raise Unknown(f.method.file, f.line, f".{name} with a block")
    except _Break as brk:
        return brk.value
    if name in ("each", "each_pair"):
        return obj
    if name in ("find", "detect"):
        return None
    if name == "any?":
        return any(_truthy(v) for v in out)
    if name == "all?":
        return all(_truthy(v) for v in out)
    if name == "none?":
        return not any(_truthy(v) for v in out)
    if name == "count":
        return sum(1 for v in out if _truthy(v))
    if name == "sum":
        return sum(out)
    if name in ("select", "filter", "reject") and isinstance(obj, dict):
        return {_key(k): v for k, v in out}
    return out


def _need(f: _Frame, ok: bool, what: str) -> None:
    if not ok:
        raise Unknown(f.method.file, f.line, what)


def _key(value):
    return tuple(value) if isinstance(value, list) else value


def _constant(names: tuple, f: _Frame):
    game = f.env.game
    module = game.source.modules.get(f"Engine::Game::{game.module}::Game") or game.game_class
    if len(names) == 1 and names[0] in _CLASSES:
        return _CLASSES[names[0]]
    constant = game.source.find_constant(tuple(names), module)
    if constant is None:
        raise Unknown(f.method.file, f.line, f"constant {'::'.join(names)}")
    try:
        return copy.deepcopy(game.source.value(constant))  # the code may change what it is given
    except Unresolved as exc:
        raise Unknown(game.relative(exc.file), exc.line, exc.problem) from None


def _ivar(name: str, f: _Frame):
    env = f.env
    if name == "@players":
        return Players(env.players)
    if name == "@optional_rules":
        return set(env.rules)
    if name == "@log":
        return []  # what the engine logs for players is of no use to a kit
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
    env.ivars[name] = None  # while it is worked out (`@x ||= ...` reads itself)
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
    if args is None and f"@{name}" in f.env.ivars and not read_method(f.env.game, name):
        return f.env.ivars[f"@{name}"]  # attr_reader
    if name == "raise":
        raise Unknown(f.method.file, f.line, "raises an error")
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


def _send(obj, name: str, args: list, f: _Frame):  # noqa: C901 (one table of Ruby methods)
    seq = isinstance(obj, (list, tuple))
    if isinstance(obj, Player) and name == "cash" and not args:
        return obj.cash
    if isinstance(obj, Bank) and name == "spend" and len(args) == 2 and isinstance(args[0], int):
        obj.paid.append(args[0])
        return None
    if isinstance(obj, Players) and name in ("size", "length", "count") and not args:
        return obj.size
    if name in ("freeze", "dup", "deep_freeze", "to_a", "clone") and not args:
        return list(obj) if seq else dict(obj) if isinstance(obj, dict) else obj
    if name in ("size", "length", "count") and not args and isinstance(obj, (list, tuple, dict, str, set)):
        return len(obj)
    if name in ("max", "min", "sum", "sort", "uniq", "flatten", "flatten!", "compact", "first", "last") \
            and not args and seq:
        items = [o.size if isinstance(o, Players) else o for o in obj]
        if name in ("flatten", "flatten!"):
            flat = [x for o in items for x in (o if isinstance(o, (list, tuple)) else [o])]
            if name == "flatten!" and isinstance(obj, list):
                obj[:] = flat
            return flat
        if name == "first":
            return items[0] if items else None
        if name == "last":
            return items[-1] if items else None
        if name == "compact":
            return [o for o in items if o is not None]
        if name == "uniq":
            return list(dict.fromkeys(items))
        if all(isinstance(n, int) for n in items) or name == "sort" and all(isinstance(n, str) for n in items):
            return {"max": max, "min": min, "sum": sum, "sort": sorted}[name](items) \
                if items or name in ("sum", "sort") else None
    if name == "join" and seq and len(args) <= 1:
        return (args[0] if args else "").join(str(o) for o in obj)
    if name == "to_sym" and isinstance(obj, str):
        return Sym(obj)
    if name == "to_s" and isinstance(obj, (str, int)):
        return str(obj)
    if name == "to_i" and isinstance(obj, (str, int)):
        return int(obj)
    if name == "include?" and len(args) == 1 and isinstance(obj, (list, tuple, set, dict, str)):
        return _key(args[0]) in obj if isinstance(obj, dict) else args[0] in obj
    if name in ("key?", "has_key?") and len(args) == 1 and isinstance(obj, dict):
        return _key(args[0]) in obj
    if name == "keys" and isinstance(obj, dict):
        return [list(k) if isinstance(k, tuple) else k for k in obj]
    if name == "values" and isinstance(obj, dict):
        return list(obj.values())
    if name in ("positive?", "negative?", "zero?") and isinstance(obj, int):
        return obj > 0 if name == "positive?" else obj < 0 if name == "negative?" else obj == 0
    if name == "nil?" and not args:
        return obj is None
    if name == "empty?" and isinstance(obj, (list, tuple, dict, str, set)):
        return not obj
    if name == "is_a?" and len(args) == 1 and isinstance(args[0], (type, tuple)):
        return isinstance(obj, args[0])
    if name in ("concat", "push", "append") and isinstance(obj, list):
        for a in args:
            obj.extend(a if name == "concat" else [a])
        return obj
    if name == "delete" and len(args) == 1:
        if isinstance(obj, dict):
            return obj.pop(_key(args[0]), None)
        if isinstance(obj, list) and args[0] in obj:
            obj[:] = [o for o in obj if o != args[0]]
            return args[0]
        if isinstance(obj, list):
            return None
    if name in ("merge", "merge!") and len(args) == 1 and isinstance(obj, dict) and isinstance(args[0], dict):
        target = obj if name == "merge!" else dict(obj)
        target.update(args[0])
        return target
    raise Unknown(f.method.file, f.line, f".{name} on {type(obj).__name__}")


__all__ = ["Env", "Unknown", "call", "read_method", "find_methods", "Players", "Bank"]
