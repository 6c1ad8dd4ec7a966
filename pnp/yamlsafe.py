"""The YAML reader: PyYAML's safe loader refusing a key a mapping already has. Kept
apart from pnp.yamlfile so that PyYAML is imported when a file is first read, not when
pnp starts."""

from __future__ import annotations

import yaml

# libyaml's safe loader when PyYAML was built with it (ten times faster on the tile
# library), else the pure-Python one; both build plain data only.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class DuplicateKey(yaml.YAMLError):
    def __init__(self, key, line: int, first: int):
        super().__init__(f"duplicate key {key!r} (first at line {first})")
        self.key, self.line, self.first = key, line, first


class Loader(SAFE_LOADER):
    """The safe loader, refusing a key that a mapping already has."""

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
