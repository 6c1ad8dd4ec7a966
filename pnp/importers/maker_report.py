"""What an import could not carry over, where, and what it decided: written as
`import-report.md` beside the imported game and summarised on the command line."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Item:
    where: str  # e.g. "map.hexes[12] (B4)", "trains[3]"
    what: str


@dataclass
class Report:
    source: str
    lost_items: list[Item] = field(default_factory=list)
    notes: list[Item] = field(default_factory=list)  # decisions and approximations worth knowing
    counts: dict[str, str] = field(default_factory=dict)  # part -> "what was converted"

    def lost(self, where: str, what: str) -> None:
        item = Item(where, what)
        if item not in self.lost_items:
            self.lost_items.append(item)

    def note(self, where: str, what: str) -> None:
        item = Item(where, what)
        if item not in self.notes:
            self.notes.append(item)

    def parts(self) -> Counter:
        """Items lost, by the part of the game file they come from."""
        return Counter(part_of(i.where) for i in self.lost_items)

    def markdown(self, title: str) -> str:
        lines = [f"# Import report: {title}", "",
                 f"Converted from `{self.source}` (an 18xx-maker game) by `pnp import 18xx-maker`.", ""]
        lines += ["## Converted", "", "| part | result |", "|---|---|"]
        lines += [f"| {part} | {_cell(text)} |" for part, text in self.counts.items()]
        lines += ["", "## Not converted", ""]
        if not self.lost_items:
            lines += ["Everything was converted.", ""]
        else:
            lines += [f"{len(self.lost_items)} items could not be carried over exactly, by where they are in the "
                      "source file. What was kept is printed; what is named here is not (or is printed as said).", ""]
            by_what = Counter(i.what for i in self.lost_items)
            lines += ["### Most frequent", "", "| times | what |", "|---:|---|"]
            lines += [f"| {n} | {_cell(what)} |" for what, n in by_what.most_common(12)]
            lines += ["", "### Every item", "", "Where (in the source file): what.", ""]
            lines += _grouped(self.lost_items)
            lines.append("")
        if self.notes:
            lines += ["## Decisions", ""]
            lines += _grouped(self.notes)
            lines.append("")
        return "\n".join(lines)

    def summary(self) -> str:
        """A few lines for the command line."""
        parts = self.parts()
        if not parts:
            return "everything converted"
        listed = ", ".join(f"{part} {n}" for part, n in sorted(parts.items(), key=lambda kv: (-kv[1], kv[0])))
        return f"{len(self.lost_items)} items not converted ({listed})"


def _grouped(items: list[Item]) -> list[str]:
    """One line per distinct `what`, naming every place it occurs (in source order),
    each part of the file on its own line."""
    groups: dict[tuple[str, str], list[str]] = {}
    for item in items:
        groups.setdefault((part_of(item.where), item.what), []).append(item.where)
    return [f"- {', '.join(f'`{w}`' for w in wheres)}: {what}" for (_, what), wheres in groups.items()]


def part_of(where: str) -> str:
    """`map.hexes[3] (B4)` -> `map`; `tiles.X1` -> `tiles`."""
    return re.split(r"[.\[ ]", where, maxsplit=1)[0]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


__all__ = ["Report", "Item", "part_of"]
