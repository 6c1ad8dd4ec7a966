"""`sections/*.yaml` -> `MapSection`s, with errors that name the file, the entry and the
problem.

Terrain may be written by type alone (`terrain: hill`, `terrain: mountain|river`):
its cost is then the game's (`game.yaml` rules.terrain_costs), summed over the types;
a cost written out must agree with it. A river or swamp border takes its cost the same
way. Every coordinate must parse, be on the hex grid and appear once, and a section
must be one piece.
"""

from __future__ import annotations

from pathlib import Path


from pnp.errors import DataError
from pnp.geometry.grid import NEIGHBOURS, GridPos
from pnp.model.section import MapSection, SectionCell, SectionFile
from pnp.yamlfile import expect_mapping, read_yaml, validated

PRICED_BORDERS = ("river", "swamp")


def load_sections(folder: Path, parts: dict) -> dict[str, MapSection]:
    info = parts.get("info")
    costs = dict(info.rules.terrain_costs) if info else {}
    return {path.stem: load_section(path, costs) for path in sorted(folder.glob("*.yaml"))}


def load_section(path: Path, costs: dict[str, int]) -> MapSection:
    data = expect_mapping(path, read_yaml(path), "a map section")
    hexes = data.get("hexes")
    if isinstance(hexes, list):
        data = {**data, "hexes": [_priced(path, f"hexes[{i}]", h, costs) for i, h in enumerate(hexes)]}
    section = validated(path, SectionFile, data)
    cells = _cells(path, section)
    _one_piece(path, cells)
    return MapSection(path.stem, section.name, section.description, tuple(cells))


def _priced(path: Path, where: str, raw, costs: dict[str, int]):
    """Fill in terrain and border costs from the game's table."""
    if not isinstance(raw, dict):
        return raw
    raw = dict(raw)
    terrain = raw.get("terrain")
    if isinstance(terrain, str):
        terrain = {"type": terrain}
    if isinstance(terrain, dict) and costs:
        types = terrain.get("type", "mountain")
        names = types.split("|") if isinstance(types, str) else list(types)
        for name in names:
            if name not in costs:
                raise DataError(path, f"{where}.terrain", f"no cost for '{name}' in game.yaml rules.terrain_costs "
                                                          f"({', '.join(costs)})")
        expected = sum(costs[n] for n in names)
        if "cost" in terrain and terrain["cost"] != expected:
            raise DataError(path, f"{where}.terrain.cost", f"{terrain['cost']}, but {'+'.join(names)} costs "
                                                           f"{expected} (game.yaml rules.terrain_costs)")
        terrain = {**terrain, "cost": expected}
    if terrain is not None:
        raw["terrain"] = terrain
    borders = raw.get("borders")
    if isinstance(borders, list) and costs:
        out = []
        for j, border in enumerate(borders):
            if isinstance(border, dict) and border.get("type") in PRICED_BORDERS:
                expected = costs.get(border["type"])
                if "cost" in border and expected is not None and border["cost"] != expected:
                    raise DataError(path, f"{where}.borders[{j}].cost", f"{border['cost']}, but a {border['type']} "
                                                                        f"costs {expected} (game.yaml rules.terrain_costs)")
                border = {**border, "cost": border.get("cost", expected)}
            out.append(border)
        raw["borders"] = out
    return raw


def _cells(path: Path, section: SectionFile) -> list[SectionCell]:
    coords = section.coordinates
    cells: list[SectionCell] = []
    seen: dict[str, str] = {}
    parity = None
    for i, entry in enumerate(section.hexes):
        for j, coord in enumerate(entry.at):
            field = f"hexes[{i}].at[{j}]" if len(entry.at) > 1 else f"hexes[{i}].at"
            try:
                pos = coords.parse(coord)
            except ValueError as exc:
                raise DataError(path, field, str(exc)) from None
            if coords.name(pos) != coord:
                raise DataError(path, field, f"write '{coords.name(pos)}', not '{coord}'")
            if coord in seen:
                raise DataError(path, field, f"hex {coord} is listed twice (also at {seen[coord]})")
            if parity is None:
                parity = ((pos.col + pos.row) % 2, coord)
            elif (pos.col + pos.row) % 2 != parity[0]:
                raise DataError(path, field, f"{coord} is not on the hex grid: it lies between hexes "
                                             f"(its column and row do not pair as in {parity[1]})")
            seen[coord] = field
            cells.append(SectionCell(coord, pos, entry))
    return cells


def _one_piece(path: Path, cells: list[SectionCell]) -> None:
    positions = {c.pos: c for c in cells}
    start = cells[0].pos
    reached, todo = {start}, [start]
    while todo:
        pos = todo.pop()
        for dc, dr in NEIGHBOURS["flat"].values():
            nxt = GridPos(pos.col + dc, pos.row + dr)
            if nxt in positions and nxt not in reached:
                reached.add(nxt)
                todo.append(nxt)
    apart = [c.coord for c in cells if c.pos not in reached]
    if apart:
        raise DataError(path, "hexes", f"the section is not one piece: {', '.join(apart)} do not touch "
                                       f"{cells[0].coord}'s hexes")
