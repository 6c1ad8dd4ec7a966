"""A canonical text dump of a node tree, for goldens and review: one node a line,
children indented, numbers to three decimals, paint as name=value in field order.
Two trees that draw the same give the same dump."""

from __future__ import annotations

from pnp.draw.nodes import Circle, Group, Image, Line, Node, Page, Path, Rect, Text
from pnp.draw.svgwriter import fmt


def _n(*values) -> str:
    return " ".join(fmt(v) for v in values)


def _paint(node: Node) -> str:
    parts = []
    for name, value in node.paint.items():
        if isinstance(value, tuple):
            value = ",".join(fmt(v) for v in value)
        elif isinstance(value, float):
            value = fmt(value)
        parts.append(f"{name}={value}")
    return (" " + " ".join(parts)) if parts else ""


def _steps(ops) -> str:
    return " ".join(f"{op[0]}({_n(*op[1:])})" for op in ops)


def _commands(commands) -> str:
    return " ".join(c[0] + (" " + _n(*c[1:]) if len(c) > 1 else "") for c in commands)


def _line(node: Node) -> str:
    if isinstance(node, Group):
        head = "group"
        if node.transform:
            head += f" [{_steps(node.transform)}]"
        if node.clip is not None:
            head += f" clip=({_line(node.clip)})"
        if node.id:
            head += f" id={node.id}"
        return head + _paint(node)
    if isinstance(node, Path):
        return f"path {_commands(node.commands)}{_paint(node)}"
    if isinstance(node, Circle):
        return f"circle {_n(node.cx, node.cy, node.r)}{_paint(node)}"
    if isinstance(node, Rect):
        return f"rect {_n(node.x, node.y, node.width, node.height, node.rx, node.ry)}{_paint(node)}"
    if isinstance(node, Line):
        return f"line {_n(node.x1, node.y1, node.x2, node.y2)}{_paint(node)}"
    if isinstance(node, Text):
        turn = f" [{_steps(node.transform)}]" if node.transform else ""
        return f"text {node.content!r} {_n(node.x, node.y)}{turn}{_paint(node)}"
    if isinstance(node, Image):
        return f"image {node.href} {_n(node.x, node.y, node.width, node.height)}{_paint(node)}"
    raise TypeError(f"cannot dump {type(node).__name__}")


def dump(item: Page | Node) -> str:
    lines: list[str] = []
    if isinstance(item, Page):
        lines.append(f"page {_n(item.width_mm, item.height_mm)} mm view [{_n(*item.view_box)}] {item.title!r}")
        _walk(item.root, 1, lines)
    else:
        _walk(item, 0, lines)
    return "\n".join(lines) + "\n"


def _walk(node: Node, depth: int, lines: list[str]) -> None:
    lines.append("  " * depth + _line(node))
    if isinstance(node, Group):
        for child in node.children:
            _walk(child, depth + 1, lines)
