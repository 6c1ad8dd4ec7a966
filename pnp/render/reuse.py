"""A drawing made once and handed out again, as the same drawing made anew.

Nodes are frozen, but a group's identity means something to the writers: the cairo
writer records a group that a document places twice once and replays it (a PDF form),
which writes other bytes than drawing each copy. So a drawing kept for reuse is handed
out as `fresh(node)`: new groups all the way down, the same leaves (paths, text,
shapes: shared leaves change nothing in any output)."""

from __future__ import annotations

from pnp.draw.nodes import Group, Node


def fresh(node: Node) -> Node:
    """`node` with each of its groups copied (a group placed twice inside it stays one
    object placed twice, as it was built); leaves are shared."""
    copies: dict[int, Group] = {}

    def copy(n: Node) -> Node:
        if type(n) is not Group:
            return n
        made = copies.get(id(n))
        if made is None:
            made = copies[id(n)] = Group(children=[copy(child) for child in n.children], transform=n.transform,
                                         clip=n.clip, id=n.id, paint=n.paint)
        return made

    return copy(node)
