"""Put map sections together into one map, as 18-XY players do before a game.

A layout (`layouts/*.yaml`, or any file) lists sections, each placed either at a grid
position or against the side of a section placed before it, and optionally turned and
mirrored:

    title: Alpenbogen
    sections:
      - {section: aarstein, at: K11}                      # its middle hex on K11
      - {section: brennwil, against: {section: aarstein, edge: 4}, rotate: 1}
      - {section: seeland, at: [4, 16], mirror: horizontal}

`at` is a coordinate (letters name columns, as on every flat map) or [column, row] in
doubled grid numbers (0 is column A); it places the section's middle hex (`MapSection.
centre`). Every `at` must lie on one hex grid: column + row of the same parity as the
first section's. `against: {section: X, edge: E}` puts the section beyond X's side E
(0 bottom, 1 lower left ... 5 lower right, clockwise), where it meets X along the
longest stretch of common border. `rotate` (0-5) turns a section clockwise in steps of
60 degrees, `mirror` (none, horizontal, vertical) flips it first; mirroring moves
geometry only, names stay readable.

`compose()` checks the result as shapely geometry (no two sections overlap, every
section touches the rest) and reports what the map holds: hexes, cities, halts,
sights, the home stations and so the companies in play, and the rules' start: the two
sections with the most stations are laid first ("Zuerst werden die 2 Kartenstuecke
mit den meisten Bahnhoefen ... platziert").
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated, Literal, Union

from msgspec import Meta, Struct

from pnp.errors import DataError, PnpError
from pnp.geometry import grid
from pnp.geometry.grid import NEIGHBOURS, GridPos
from pnp.geometry.symmetry import Mirror, move_face, move_pos
from pnp.model.base import Frozen
from pnp.model.game import Game
from pnp.model.map import Board, Coordinates, Decorations, MapHex
from pnp.model.section import MapSection, SectionCell
from pnp.yamlfile import expect_mapping, read_yaml, validated

COORDINATES = Coordinates(orientation="flat", letters="columns")


# --- the layout file ---------------------------------------------------------------------


class Against(Frozen):
    section: str
    edge: Annotated[int, Meta(ge=0, le=5)]


class LayoutEntry(Frozen):
    section: str
    at: Union[str, tuple[int, int], None] = None
    against: Against | None = None
    rotate: Annotated[int, Meta(ge=0, le=5)] = 0
    mirror: Literal["none", "horizontal", "vertical"] = "none"

    def __post_init__(self):
        if (self.at is None) == (self.against is None):
            raise ValueError("give either 'at' (a grid position) or 'against' (a section's side), not both or neither")


class LayoutFile(Frozen):
    title: str
    description: str | None = None
    players: str | None = None
    sections: Annotated[tuple[LayoutEntry, ...], Meta(min_length=1)]
    notes: str | None = None


def layout_path(game: Game, name_or_path: str | Path) -> Path:
    """A layout file, or the name of one in the game's `layouts/` folder."""
    path = Path(name_or_path)
    if path.is_file():
        return path
    for candidate in (game.folder / "layouts" / f"{name_or_path}.yaml", game.folder / "layouts" / str(name_or_path)):
        if candidate.is_file():
            return candidate
    known = sorted(p.stem for p in (game.folder / "layouts").glob("*.yaml")) if (game.folder / "layouts").is_dir() else []
    raise PnpError(f"no layout '{name_or_path}': not a file, nor one of {game.title}'s layouts "
                   f"({', '.join(known) or 'none'})")


def read_layout(path: Path) -> LayoutFile:
    return validated(path, LayoutFile, expect_mapping(path, read_yaml(path), "a layout"))


# --- placing sections ----------------------------------------------------------------------


class Placement(Struct, frozen=True):
    """A section where the layout puts it: each of its hexes at a position of the shared
    grid, with its face moved as the section is."""

    entry: int  # index in the layout's sections
    section: MapSection
    rotation: int
    mirror: Mirror
    at: GridPos  # the section's middle hex
    cells: tuple[tuple[GridPos, SectionCell], ...]

    @property
    def key(self) -> str:
        return self.section.key

    def positions(self) -> set[GridPos]:
        return {pos for pos, _ in self.cells}


def _moved(section: MapSection, rotation: int, mirror: Mirror) -> list[tuple[GridPos, SectionCell]]:
    """The section's hexes relative to its middle hex, moved."""
    c = section.centre()
    return [(move_pos(GridPos(cell.pos.col - c.col, cell.pos.row - c.row), rotation, mirror), cell)
            for cell in section.cells]


def _shifted(moved, at: GridPos) -> tuple[tuple[GridPos, SectionCell], ...]:
    return tuple((GridPos(at.col + p.col, at.row + p.row), cell) for p, cell in moved)


def _adjacent_pairs(a: set[GridPos], b: set[GridPos]) -> int:
    return sum(1 for p in a for dc, dr in NEIGHBOURS["flat"].values() if GridPos(p.col + dc, p.row + dr) in b)


def _against(target: Placement, moved, edge: int) -> GridPos:
    """Where the section's middle goes to lie beyond the target's side `edge`: of the
    positions that touch the target without overlapping it, in that direction (within
    30 degrees), the one sharing the most border; then the straightest, then the
    clockwise one, then the nearest."""
    taken = target.positions()
    ex, ey = grid.centre(GridPos(*NEIGHBOURS["flat"][edge]), "flat", 1.0)
    tx, ty = grid.centre(target.at, "flat", 1.0)
    reach_c = max(abs(p.col) for p, _ in moved) + max(abs(p.col - target.at.col) for p in taken) + 2
    reach_r = max(abs(p.row) for p, _ in moved) + max(abs(p.row - target.at.row) for p in taken) + 2
    best = None
    for dc in range(-reach_c, reach_c + 1):
        for dr in range(-reach_r, reach_r + 1):
            if (dc + dr) % 2:
                continue
            at = GridPos(target.at.col + dc, target.at.row + dr)
            cells = {GridPos(at.col + p.col, at.row + p.row) for p, _ in moved}
            if cells & taken:
                continue
            shared = _adjacent_pairs(cells, taken)
            if not shared:
                continue
            x, y = grid.centre(at, "flat", 1.0)
            vx, vy = x - tx, y - ty
            turn = math.degrees(math.atan2(ex * vy - ey * vx, ex * vx + ey * vy))  # > 0: clockwise of the side
            if abs(turn) > 30.0 + 1e-6:
                continue
            # equal fits either side of the line: take the clockwise one, so that sections laid
            # around one section all follow the same tiling and fit each other too
            key = (-shared, round(abs(turn), 6), turn < 0, round(math.hypot(vx, vy), 6), at.col, at.row)
            if best is None or key < best[0]:
                best = (key, at)
    if best is None:
        raise ValueError(f"nothing fits beyond side {edge} of {target.key}")
    return best[1]


def _grid_position(path: Path, field: str, at) -> GridPos:
    if isinstance(at, str):
        try:
            return COORDINATES.parse(at)
        except ValueError as exc:
            raise DataError(path, field, str(exc)) from None
    return GridPos(*at)


def place(sections: dict[str, MapSection], layout: LayoutFile, path: Path) -> list[Placement]:
    placed: dict[str, Placement] = {}
    parity = None
    for i, entry in enumerate(layout.sections):
        where = f"sections[{i}]"
        section = sections.get(entry.section)
        if section is None:
            raise DataError(path, f"{where}.section", f"unknown section '{entry.section}' (sections/: "
                                                      f"{', '.join(sorted(sections)) or 'none'})")
        if entry.section in placed:
            raise DataError(path, f"{where}.section", f"{entry.section} is already placed "
                                                      f"(sections[{placed[entry.section].entry}]): each section is one piece")
        moved = _moved(section, entry.rotate, entry.mirror)
        if entry.at is not None:
            at = _grid_position(path, f"{where}.at", entry.at)
            if parity is None:
                parity = ((at.col + at.row) % 2, entry.section)
            elif (at.col + at.row) % 2 != parity[0]:
                raise DataError(path, f"{where}.at", f"{entry.section} at {COORDINATES.name(at)} is off the hex grid: "
                                                     f"column + row must be {'odd' if parity[0] else 'even'}, "
                                                     f"as for {parity[1]}")
        else:
            target = placed.get(entry.against.section)
            if target is None:
                known = ", ".join(placed) or "none yet"
                raise DataError(path, f"{where}.against.section", f"{entry.against.section} is not placed before "
                                                                  f"{entry.section} (placed so far: {known})")
            try:
                at = _against(target, moved, entry.against.edge)
            except ValueError as exc:
                raise DataError(path, f"{where}.against", str(exc)) from None
        placed[entry.section] = Placement(i, section, entry.rotate, entry.mirror, at, _shifted(moved, at))
    return list(placed.values())


# --- checking the result -------------------------------------------------------------------


def outline(placement: Placement):
    """The section as one shapely polygon, in hex corner radii (shapely loaded when a
    composition is checked)."""
    from shapely.ops import unary_union

    return unary_union([grid.outline(pos, "flat", 1.0) for pos, _ in placement.cells])


def check(placements: list[Placement], path: Path) -> None:
    """No two sections overlap; together they are one piece."""
    shapes = [outline(p) for p in placements]
    for j, b in enumerate(placements):
        for i in range(j):
            a = placements[i]
            if shapes[i].intersection(shapes[j]).area > 1e-6:
                common = sorted(cell.coord for pos, cell in b.cells if pos in a.positions())
                raise DataError(path, f"sections[{b.entry}]", f"{b.key} overlaps {a.key} (sections[{a.entry}]) "
                                                              f"on {len(common)} hexes ({b.key} {', '.join(common)})")
    joined = {0}
    todo = [0]
    while todo:
        i = todo.pop()
        for j in range(len(placements)):
            if j not in joined and shapes[i].intersection(shapes[j]).length > 1e-6:
                joined.add(j)
                todo.append(j)
    apart = [p.key for j, p in enumerate(placements) if j not in joined]
    if apart:
        rest = [p.key for j, p in enumerate(placements) if j in joined]
        raise DataError(path, "sections", f"the map is not one piece: {', '.join(apart)} "
                                          f"{'touches' if len(apart) == 1 else 'touch'} none of {', '.join(rest)}")


# --- the assembled map -----------------------------------------------------------------------


class Composition(Struct, frozen=True):
    key: str  # the layout's file name without .yaml
    path: Path
    layout: LayoutFile
    placements: tuple[Placement, ...]
    board: Board
    shift: GridPos  # added to every shared-grid position to give the board's
    company_limit: int

    def coord(self, pos: GridPos) -> str:
        return COORDINATES.name(GridPos(pos.col + self.shift.col, pos.row + self.shift.row))

    def report(self) -> dict:
        cells = [cell for p in self.placements for _, cell in p.cells]
        home = sum(c.stations for c in cells if c.hex.city)
        start = start_sections(list(self.placements))
        return {
            "layout": self.key,
            "title": self.layout.title,
            "file": str(self.path),
            "sections": [{"section": p.key, "name": p.section.name, "at": self.coord(p.at), "rotate": p.rotation,
                          "mirror": p.mirror, "hexes": len(p.cells), "stations": p.section.stations,
                          "home_stations": p.section.home_stations} for p in self.placements],
            "hexes": len(cells),
            "cities": sum(1 for c in cells if c.hex.city),
            "stations": sum(c.stations for c in cells),
            "towns": sum(c.halts for c in cells),
            "sights": sum(1 for c in cells if c.hex.sight),
            "lakes": sum(1 for c in cells if c.hex.lake),
            "home_stations": home,
            "companies": min(home, self.company_limit),
            "company_limit": self.company_limit,
            "start": [p.key for p in start],
            "start_adjacent": touching(start[0], start[1]) if len(start) == 2 else False,
        }


def start_sections(placements: list[Placement]) -> list[Placement]:
    """The two sections with the most stations; on equal counts, the earlier in the layout."""
    return sorted(placements, key=lambda p: (-p.section.stations, p.entry))[:2]


def touching(a: Placement, b: Placement) -> bool:
    return _adjacent_pairs(a.positions(), b.positions()) > 0


def _board(placements: list[Placement]) -> tuple[Board, GridPos]:
    positions = [pos for p in placements for pos, _ in p.cells]
    shift = GridPos(-min(p.col for p in positions), 1 - min(p.row for p in positions))
    hexes = {}
    for p in placements:
        for pos, cell in p.cells:
            at = GridPos(pos.col + shift.col, pos.row + shift.row)
            coord = COORDINATES.name(at)
            face = move_face(cell.hex.face(), p.rotation, p.mirror)
            hexes[coord] = MapHex(coord, at, cell.hex.color, cell.hex.label_name(), face, city=cell.hex.city,
                                  sight=cell.hex.sight, lake=cell.hex.lake)
    ordered = dict(sorted(hexes.items(), key=lambda kv: (kv[1].pos.col, kv[1].pos.row)))
    return Board(COORDINATES, ordered, Decorations()), shift


def section_board(section: MapSection) -> Board:
    """One section on its own, as its file lays it out (unturned): a map section's piece."""
    cells = tuple((cell.pos, cell) for cell in section.cells)
    board, _ = _board([Placement(0, section, 0, "none", section.centre(), cells)])
    return board


def compose(game: Game, layout: str | Path) -> Composition:
    if game.info.orientation != "flat":
        raise PnpError(f"{game.title}: map sections are composed on a flat hex grid; the game is "
                       f"{game.info.orientation}")
    sections = game.part("sections")
    if not sections:
        raise PnpError(f"{game.title}: no map sections (the game folder {game.folder} has no sections/)")
    path = layout_path(game, layout)
    data = read_layout(path)
    placements = place(sections, data, path)
    check(placements, path)
    board, shift = _board(placements)
    return Composition(path.stem, path, data, tuple(placements), board, shift, len(game.companies))


# --- the report ------------------------------------------------------------------------------


def report_json(report: dict) -> str:
    import json  # here: a kit imports this module (its composed map) but never writes the report

    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def report_text(report: dict) -> str:
    lines = [f"{report['title']} ({report['layout']}): {len(report['sections'])} sections, {report['hexes']} hexes"]
    for s in report["sections"]:
        moved = [f"turned {s['rotate']}" if s["rotate"] else "", f"mirrored {s['mirror']}" if s["mirror"] != "none" else ""]
        extra = ", ".join(m for m in moved if m)
        lines.append(f"  {s['section']:<12} {s['name']:<12} at {s['at']:<5} {s['hexes']:>2} hexes, "
                     f"{s['stations']} stations, {s['home_stations']} home" + (f" ({extra})" if extra else ""))
    lines.append(f"cities {report['cities']}, stations {report['stations']}, halts {report['towns']}, "
                 f"sights {report['sights']}, lakes {report['lakes']}")
    lines.append(f"home stations {report['home_stations']}: {report['companies']} companies in play "
                 f"(at most {report['company_limit']})")
    start = " and ".join(report["start"])
    lines.append(f"start: {start}, the sections with the most stations, are laid first"
                 + ("" if report["start_adjacent"] else " (in this layout they do not touch)"))
    return "\n".join(lines) + "\n"


__all__ = ["compose", "section_board", "Composition", "Placement", "LayoutFile", "report_json", "report_text", "layout_path"]
