"""The YAML reader: PyYAML's safe loader refusing a key a mapping already has. Kept
apart from pnp.yamlfile so that PyYAML is imported when a file is first read, not when
pnp starts.

libyaml parses and composes the node tree; PyYAML's constructor then turns nodes into
values through a generator per mapping and several calls per scalar, which cost four
times the parse. `Loader.get_single_data` builds the common nodes (plain maps, lists,
text, numbers, booleans, null) in one direct walk, handing every other node to PyYAML's
own constructor. Any problem at all sends the whole document back through PyYAML's
constructor, so that errors (and which error comes first) are exactly PyYAML's.

Import PyYAML from here (`from pnp.yamlsafe import yaml`): see `_import_yaml`."""

from __future__ import annotations

import re
import sys

class _Deferred:
    """A regular expression compiled when first used. Each attribute asked for (`match`)
    is then kept on this object, so that later uses cost what the pattern's own do."""

    def __init__(self, pattern: str, flags: int, compile_now):
        self._args, self._compile, self._compiled = (pattern, flags), compile_now, None

    def __getattr__(self, name: str):
        if self._compiled is None:
            self._compiled = self._compile(*self._args)
        value = getattr(self._compiled, name)
        setattr(self, name, value)
        return value


def _import_yaml():
    """PyYAML, imported without compiling the regular expressions of its reader and
    constructor at once: each is compiled when first used, which in a build is never.
    `yaml.reader.Reader.NON_PRINTABLE`, a character class over all of Unicode (17 ms, a
    tenth of loading a game), is used only by the pure-Python reader (pnp reads with
    libyaml, whose reader checks text itself); the constructor's timestamp pattern only
    for dates. The resolver's patterns, which the first document of every process
    needs, are compiled at once."""
    if "yaml" in sys.modules:
        return sys.modules["yaml"]
    compile_now = re.compile

    def compile_later(pattern, flags=0):
        if sys._getframe(1).f_globals.get("__name__") in ("yaml.reader", "yaml.constructor"):
            return _Deferred(pattern, flags, compile_now)
        return compile_now(pattern, flags)

    re.compile = compile_later
    try:
        import yaml
    finally:
        re.compile = compile_now
    return yaml


yaml = _import_yaml()

# libyaml's safe loader when PyYAML was built with it (ten times faster on the tile
# library), else the pure-Python one; both build plain data only.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class DuplicateKey(yaml.YAMLError):
    def __init__(self, key, line: int, first: int):
        super().__init__(f"duplicate key {key!r} (first at line {first})")
        self.key, self.line, self.first = key, line, first


_RESOLVED: dict[tuple[type, str, tuple[bool, bool]], str] = {}  # see Loader.resolve
RESOLVED_MOST = 100_000  # scalars whose tag is kept: a bound for a very large game


class Loader(SAFE_LOADER):
    """The safe loader, refusing a key that a mapping already has."""

    def resolve(self, kind, value, implicit):
        """PyYAML's tag for a node, kept per scalar text: libyaml's composer asks for
        every scalar, and a game's files say the same keys and values again and again
        (1858: 6,700 scalars, 1 in 6 distinct), each answer a series of regular
        expressions tried in turn. It depends only on the loader's class, the text and the
        implicit flags while this loader has no path resolvers (PyYAML's are empty): the
        implicit resolvers are the class's own (a subclass may add some), set before it loads."""
        if kind is not yaml.ScalarNode or self.yaml_path_resolvers:
            return super().resolve(kind, value, implicit)
        key = (type(self), value, implicit)
        tag = _RESOLVED.get(key)
        if tag is None:
            tag = super().resolve(kind, value, implicit)
            if len(_RESOLVED) < RESOLVED_MOST:
                _RESOLVED[key] = tag
        return tag

    def construct_mapping(self, node, deep=False):
        seen: dict = {}
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                first = seen.get(key)
            except TypeError:  # an unhashable key: the safe constructor reports it
                continue
            line = key_node.start_mark.line + 1
            if first is not None:
                raise DuplicateKey(key, line, first)
            seen[key] = line
        return super().construct_mapping(node, deep=deep)

    plain_length = 0  # see `all_plain`
    all_plain = False

    def get_single_data(self):
        """The document's value. With `plain_length` set (on the loader, before it
        loads), `all_plain` says afterwards whether every text in it (key or value) is
        plain: printable ASCII of at most that many characters. pnp.yamlfile then need
        not walk the value again to check its texts."""
        self.all_plain = False
        node = self.get_single_node()
        if node is None:
            return None
        try:
            build = _Build(self)
            data = build.value(node)
        except Exception:  # noqa: BLE001 - the general constructor, from a clean state, raises the right error
            self.constructed_objects, self.recursive_objects, self.state_generators = {}, {}, []
            self.deep_construct = False
            return self.construct_document(node)
        self.all_plain = build.plain
        return data


_STR, _INT, _NULL, _BOOL, _MAP, _SEQ, _MERGE = (f"tag:yaml.org,2002:{t}" for t in
                                               ("str", "int", "null", "bool", "map", "seq", "merge"))


class _Build:
    """The values of one document's nodes, as PyYAML's safe constructor makes them: a
    node met twice (an alias) gives the same object."""

    def __init__(self, loader: Loader):
        self.loader = loader
        self.made: dict = {}
        self.longest = loader.plain_length
        self.plain = self.longest > 0  # every text so far plain (see Loader.get_single_data)

    def value(self, node):
        kind, tag = type(node), node.tag
        if kind is yaml.ScalarNode:
            if tag == _STR:
                text = node.value
                if self.plain and not (len(text) <= self.longest and text.isascii() and text.isprintable()):
                    self.plain = False
                return text
            if tag == _INT:
                text = node.value
                if text.isdigit() and (text[0] != "0" or text == "0"):  # plain decimal: no octal, sign or "_"
                    return int(text)
            elif tag == _NULL:
                return None
            elif tag == _BOOL:
                return self.loader.bool_values[node.value.lower()]
            made = self.loader.construct_object(node, deep=True)  # floats, timestamps, other tags
            if type(made) not in (int, float):  # a text, a date ...: checked the long way
                self.plain = False
            return made
        made = self.made.get(node)
        if made is not None:
            return made
        if kind is yaml.MappingNode and tag == _MAP and not any(k.tag == _MERGE for k, _ in node.value):
            out = self.made[node] = {}
            for key_node, value_node in node.value:
                key = self.value(key_node)
                if key in out:  # a repeated key, or an unhashable one (TypeError)
                    raise DuplicateKey(key, key_node.start_mark.line + 1, 0)
                out[key] = self.value(value_node)
            return out
        if kind is yaml.SequenceNode and tag == _SEQ:
            out = self.made[node] = []
            out.extend(self.value(item) for item in node.value)
            return out
        self.plain = False
        return self.loader.construct_object(node, deep=True)
