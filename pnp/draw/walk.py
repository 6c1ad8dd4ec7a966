"""How the writers that draw a node tree themselves (`pnp.draw.pdfcontent` for PDF,
`pnp.draw.cairowriter` for PNG) take each node: the ink in force under its paint, then
a group, a plain leaf, or a leaf apart (a text with a transform of its own, or a leaf
with an opacity). Each writer says what those three mean for its output."""

from __future__ import annotations

from pnp.draw.ink import Ink
from pnp.draw.nodes import NO_PAINT, Group, Node, Text

NOTHING_SHARED: frozenset = frozenset()


class TreeWalk:
    """A writer's walk of the tree; subclasses define `group`, `leaf`, `leaf_apart` and
    `use_shared`, and set `shared` and `ink`."""

    shared: frozenset = NOTHING_SHARED  # ids of the groups drawn once and used by `use_shared`
    ink: Ink  # the page's ink, in force where nothing is set

    def draw(self, node: Node, ink: Ink | None = None) -> None:
        """The node (a page's root) under `ink`, or the page's ink."""
        ink = self.ink if ink is None else ink
        if id(node) in self.shared:
            self.use_shared(node, ink)
        else:
            self.draw_node(node, ink)

    def draw_node(self, node: Node, ink: Ink) -> None:
        """The node drawn where it stands, even a group in `shared` (where that is drawn
        once); its children as `draw_each` draws them."""
        self.draw_each((node,), ink, NOTHING_SHARED)

    def draw_each(self, nodes, ink: Ink, shared: frozenset | None = None) -> None:
        """The nodes in turn (a group's children), each under its own paint over `ink`;
        those whose id is in `shared` (the writer's unless given) by `use_shared(node,
        ink)`. One loop for all of a group's children, not a call a child: most nodes of
        a kit pass here. A group with no state of its own (no transform, clip or
        opacity: about half a kit's, most holding one child) is not the writer's to
        draw: its children are drawn in its place, under its paint."""
        if shared is None:
            shared = self.shared
        known = ink.by_paint_id  # `ink.under`'s answers so far: most paints are found there
        for node in nodes:
            kind = type(node)
            if kind is Group and id(node) in shared:  # (only groups are shared)
                self.use_shared(node, ink)
                continue
            paint = node.paint
            if paint is NO_PAINT:
                node_ink, opacity = ink, 1.0
            else:
                node_ink = known.get(id(paint)) or ink.under(paint)
                opacity = 1.0 if paint.opacity is None else paint.opacity
            if kind is Group:
                if opacity >= 1 and not node.transform and node.clip is None:
                    self.draw_each(node.children, node_ink)
                else:
                    self.group(node, node_ink, opacity)
            elif opacity >= 1 and (kind is not Text or not node.transform):
                self.leaf(node, kind, node_ink)  # most nodes: drawn as they are, no state to keep
            else:
                self.leaf_apart(node, kind, node_ink, opacity)

    def use_shared(self, node: Group, ink: Ink) -> None:
        """A group of `shared`: drawn once, used where it stands."""
        raise NotImplementedError

    def group(self, node: Group, ink: Ink, opacity: float) -> None:
        """A group with state of its own (a transform, a clip or an opacity); its
        children by `draw_each`."""
        raise NotImplementedError

    def leaf(self, node: Node, kind: type, ink: Ink) -> None:
        raise NotImplementedError

    def leaf_apart(self, node: Node, kind: type, ink: Ink, opacity: float) -> None:
        raise NotImplementedError
