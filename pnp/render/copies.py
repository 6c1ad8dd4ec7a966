"""A drawing made once and placed again as a copy that shares its leaves but not its
groups: a group placed twice is written once (a PDF form, `nodes.shared_groups`), so
handing out the same group would change the files; leaves are written alike wherever
they stand, so sharing them changes nothing but the work of making them again."""

from __future__ import annotations

from msgspec.structs import replace

from pnp.draw.nodes import Group


def regrouped(node):
    """`node` with each group in it made anew around the same leaves."""
    if type(node) is not Group:
        return node
    return replace(node, children=[regrouped(child) for child in node.children])


class Drawn:
    """Drawings kept by a key for one style, each handed out as a `regrouped` copy with
    what was kept beside it (a height used); at most `kept` of them (past that, a
    caller draws anew)."""

    def __init__(self, kept: int = 64):
        self.kept = kept
        self._by_key: dict = {}

    def get(self, key, style) -> tuple | None:
        """(a copy of the drawing kept for `key` in `style` (the same object), what was
        kept beside it), or None."""
        known = self._by_key.get(key)
        if known is None or known[0] is not style:
            return None
        return regrouped(known[1]), known[2]

    def keep(self, key, style, node, beside=None) -> None:
        if key in self._by_key or len(self._by_key) < self.kept:  # a key kept for another style: kept anew
            self._by_key[key] = (style, node, beside)
