"""The Tile Upgrade Chart: for each tile, an arrow to the tiles that may replace it,
grouped by colour. Tiles with the same upgrades share one row (yellow 5, 6 and 57 all
become 14, 15 or 619), so the chart stays short enough to read at the table.

The upgrades are the manifest's (a tile's own `upgrades:` list, or those worked out
from track and stops); only tiles the game has are drawn."""

from __future__ import annotations

import math

from msgspec import Struct

from pnp.components import Component, PrintOptions, aid_component
from pnp.errors import PnpError
from pnp.i18n import Messages, messages
from pnp.model.game import Game, sheet_order
from pnp.model.tile import TILE_COLOURS, Tile
from pnp.upgrades import NEXT_COLOUR, Routes, is_upgrade, keeps_exits
from pnp.render import aids
from pnp.sheets.flow import Block, BlockGroup, Placed, TooTall, column_width, flow_groups
from pnp.sheets.pack import Frame
from pnp.templates import aid_sizes
from pnp.text import fit_size


class UpgradeRow(Struct, frozen=True):
    """Tiles of one colour that all upgrade to the same tiles."""

    sources: tuple[Tile, ...]
    targets: tuple[Tile, ...]


def _entries(game: Game) -> list:
    """The game's tiles that it has copies of, in sheet order."""
    return sorted((e for e in game.manifest if e.count > 0), key=sheet_order)


def printed_upgrades(game: Game) -> list[tuple[Tile, tuple[Tile, ...]]]:
    """`printed_hex_upgrades` of the game's own tiles, in sheet order: worked out once
    by `build` for both the rows and the check of what they show (each time it reads
    the board and tries every tile on every printed hex)."""
    return printed_hex_upgrades(game, [e.tile for e in _entries(game)])


def upgrade_rows(game: Game, printed: list | None = None) -> list[tuple[str, list[UpgradeRow]]]:
    """Rows grouped by the colour of their source tiles, in sheet order; the map's
    pre-printed hexes (1860's Newport, 1851's Louisville) follow in rows of their own
    (`printed`: `printed_upgrades(game)`, when worked out already)."""
    entries = _entries(game)
    in_game = {e.tile.id: e for e in entries}
    groups: dict[str, dict[tuple, list[Tile]]] = {}
    for entry in entries:
        targets = tuple(sorted((in_game[t] for t in entry.upgrades if t in in_game), key=sheet_order))
        if targets:
            key = (False,) + tuple(t.tile.id for t in targets)
            groups.setdefault(entry.tile.color, {}).setdefault(key, []).append(entry.tile)
    for hex_tile, targets in printed_upgrades(game) if printed is None else printed:
        key = (True,) + tuple(t.id for t in targets)
        groups.setdefault(hex_tile.color, {}).setdefault(key, []).append(hex_tile)
    order = {c: i for i, c in enumerate(TILE_COLOURS)}
    return [(colour, [UpgradeRow(tuple(sources), tuple(in_game[t].tile for t in key[1:]))
                      for key, sources in rows.items()])
            for colour, rows in sorted(groups.items(), key=lambda g: order.get(g[0], 99))]


def printed_hex_upgrades(game: Game, tiles: list[Tile]) -> list[tuple[Tile, tuple[Tile, ...]]]:
    """Each pre-printed map hex with track or stations in a tile colour, as a tile named
    by its coordinate, with the game's tiles that may be laid on it. A lettered hex takes
    the tiles of its letter (a letter may add a city: 1860's N tiles)."""
    mapfile = game.part("map")
    if mapfile is None:
        return []
    out = []
    routes = Routes()  # each tile's routes worked out once, not once per printed hex it is tried on
    by_colour: dict[str, list[Tile]] = {}  # an upgrade is of the next colour, whatever else it must be
    for t in tiles:
        by_colour.setdefault(t.color, []).append(t)
    for h in sorted(mapfile.board().hexes.values(), key=lambda h: h.coord):
        face = h.face
        if h.color not in TILE_COLOURS or not (face.stops or face.paths):
            continue
        printed = Tile(id=h.coord, color=h.color, stops=face.stops, paths=face.paths, label=face.label,
                       terrain=face.terrain, note=h.name)
        candidates = by_colour.get(NEXT_COLOUR.get(h.color), [])
        targets = tuple(t for t in candidates if (is_upgrade(printed, t, h.color, routes) if not face.label
                                                    else lettered_upgrade(printed, t)))
        if targets:
            out.append((printed, targets))
    return out


def lettered_upgrade(printed: Tile, tile: Tile) -> bool:
    return (NEXT_COLOUR.get(printed.color) == tile.color and tile.label == printed.label
            and keeps_exits(printed, tile))


def upgrade_pairs(game: Game, printed: list | None = None) -> set[tuple[str, str]]:
    """Every (tile or printed hex, upgrade) pair among the game's tiles: what the chart
    must show (`printed` as for `upgrade_rows`)."""
    ids = {e.tile.id for e in game.manifest if e.count > 0}
    pairs = {(e.tile.id, t) for e in game.manifest if e.tile.id in ids for t in e.upgrades if t in ids}
    printed = printed_upgrades(game) if printed is None else printed
    return pairs | {(p.id, t.id) for p, targets in printed for t in targets}


class Heading(Struct, frozen=True):
    text: str


class RowPlan(Struct, frozen=True):
    row: UpgradeRow
    tile_mm: float
    per_line: int  # targets per line; more wrap onto further lines under the first


def heading_text(colour: str, rows: list[UpgradeRow], t: Messages) -> str:
    target_colours = []
    for row in rows:
        for tile in row.targets:
            if tile.color not in target_colours:
                target_colours.append(tile.color)
    return f"{aids.colour_name(colour, t)} \u2192 " + ", ".join(aids.colour_name(c, t) for c in target_colours)


def line_height(tile_h: float, sizes: dict) -> float:
    return tile_h + sizes["label"] * 1.5


class Cells:
    """Measures of a row of tiles at one tile size in a column `width` wide, worked out
    once for all the rows the layout tries there (it tries every size at up to
    `max_columns` column counts)."""

    def __init__(self, tile_mm: float, width: float, sizes: dict, orientation: str):
        tile_w, tile_h = aids.tile_extent(tile_mm, orientation)
        self.tile_mm, self.width = tile_mm, width
        self.gap, self.arrow = sizes["tile_gap"], sizes["arrow"]
        self.cell = tile_w + self.gap
        self.line = line_height(tile_h, sizes)

    def split(self, row: UpgradeRow) -> list[UpgradeRow]:
        """A row with more sources than leave room for its upgrades on one line becomes
        several rows with the same upgrades (a game with many similar yellow tiles)."""
        cell, gap = self.cell, self.gap
        room_for = min(len(row.targets), 3) * cell
        per_row = max(1, int((self.width - self.arrow - gap - room_for + gap) // cell))
        if len(row.sources) <= per_row:
            return [row]
        return [UpgradeRow(row.sources[i:i + per_row], row.targets) for i in range(0, len(row.sources), per_row)]

    def block(self, row: UpgradeRow) -> Block | None:
        """The row wrapped to the width, or None if not even one upgrade fits beside its sources."""
        cell, gap = self.cell, self.gap
        lead = len(row.sources) * cell + self.arrow + gap
        per_line = int((self.width - lead + gap) // cell)
        if per_line < 1:
            return None
        lines = math.ceil(len(row.targets) / per_line)
        used = lead + min(per_line, len(row.targets)) * cell - gap
        return Block(used, lines * self.line, RowPlan(row, self.tile_mm, per_line))


def heading_block(colour: str, rows: list[UpgradeRow], frame: Frame, sizes: dict, t: Messages) -> Block:
    """The heading over one colour's rows, the same at every tile size the layout tries."""
    return Block(frame.width, sizes["heading"] * 1.8, Heading(heading_text(colour, rows, t)))


def colour_group(heading: Block, rows: list[UpgradeRow], tile_mm: float, frame: Frame, sizes: dict,
                 orientation: str) -> BlockGroup | None:
    """One colour's rows under its `heading` in as many columns as they take without
    wrapping (at most `max_columns`); one column, wrapping, where even that is too narrow."""
    for columns in range(min(int(sizes["max_columns"]), len(rows)), 0, -1):
        width = column_width(frame, columns, sizes["column_gap"])
        bl = row_blocks(rows, tile_mm, width, sizes, orientation, wrap=columns == 1)
        if bl is not None:
            return BlockGroup(heading, bl, columns)
    return None


def row_blocks(rows: list[UpgradeRow], tile_mm: float, width: float, sizes: dict, orientation: str,
               wrap: bool) -> list[Block] | None:
    """The rows' blocks in a column `width` wide (rows with many sources split first), or
    None as soon as one does not fit: not even one upgrade beside its sources, or, unless
    `wrap`, its upgrades on more than one line. Stopping at the first misfit, not after
    making every block, matters: the layout tries each tile size at up to `max_columns`
    column counts, and most tries fail."""
    cells = Cells(tile_mm, width, sizes, orientation)
    out = []
    for row in rows:
        for part in cells.split(row):
            block = cells.block(part)
            if block is None or not (wrap or len(part.targets) <= block.content.per_line):
                return None
            out.append(block)
    return out


def wrapped_lines(bl: list[Block]) -> int:
    """Lines beyond the first, over all rows."""
    return sum(math.ceil(len(b.content.row.targets) / b.content.per_line) - 1
               for b in bl if isinstance(b.content, RowPlan))


class Layout(Struct, frozen=True):
    pages: list[list[Placed]]
    tile_mm: float
    column_width: float  # of a heading: the frame's width


def layout(groups, frame: Frame, sizes: dict, orientation: str, t: Messages) -> Layout:
    """The fewest pages, then the fewest rows wrapped onto a second line (a wrapped
    row reads less clearly than a smaller tile), then the largest tiles."""
    best, best_key = None, None
    headings = [heading_block(colour, rows, frame, sizes, t) for colour, rows in groups]
    for tile_mm in aids.tile_sizes(sizes):
        coloured = [colour_group(heading, rows, tile_mm, frame, sizes, orientation)
                    for heading, (_, rows) in zip(headings, groups)]
        if any(s is None for s in coloured):
            continue
        try:
            pages = flow_groups(coloured, frame, sizes["column_gap"], spacing=sizes["row_gap"],
                                group_gap=sizes["row_gap"])
        except TooTall:
            continue
        key = (len(pages), sum(wrapped_lines(s.blocks) for s in coloured), -tile_mm)
        if best_key is None or key < best_key:
            best, best_key = Layout(pages, tile_mm, frame.width), key
        if best_key[:2] == (1, 0):
            break  # one page, nothing wrapped: every smaller size can only do as well, with smaller tiles
    if best is None:
        raise PnpError(f"the upgrade chart does not fit {frame.page_width:.0f} x {frame.page_height:.0f} mm paper "
                       f"even with {sizes['tile_min']:g} mm tiles")
    return best


def tile_with_label(tile: Tile, x: float, top: float, tile_mm: float, sizes: dict, stamps: aids.TileStamps,
                    style) -> list:
    """A tile whose left edge is at x and top at `top`, its id printed beneath."""
    tile_w, tile_h = stamps.extent(tile_mm)
    centre = (x + tile_w / 2, top + tile_h / 2)
    label = aids.text(tile.id, (centre[0], top + tile_h + sizes["label"] * 0.75), sizes["label"], style, weight="bold")
    return stamps.place(tile, centre, tile_mm) + label


def draw_row(placed: Placed, sizes: dict, stamps: aids.TileStamps, style) -> list:
    plan: RowPlan = placed.block.content
    tile_w, tile_h = stamps.extent(plan.tile_mm)
    cell = tile_w + sizes["tile_gap"]
    step = line_height(tile_h, sizes)
    x, top = placed.x, placed.y
    out = []
    for i, tile in enumerate(plan.row.sources):
        out.append(tile_with_label(tile, x + i * cell, top, plan.tile_mm, sizes, stamps, style))
    arrow_x = x + len(plan.row.sources) * cell
    out.append(aids.arrow(arrow_x, arrow_x + sizes["arrow"], top + tile_h / 2, min(tile_h * 0.45, 5.0), style))
    first = arrow_x + sizes["arrow"] + sizes["tile_gap"]
    for i, tile in enumerate(plan.row.targets):
        line, k = divmod(i, plan.per_line)
        out.append(tile_with_label(tile, first + k * cell, top + line * step, plan.tile_mm, sizes, stamps, style))
    return [node for part in out for node in part]


def draw_block(placed: Placed, width: float, sizes: dict, stamps: aids.TileStamps, style) -> list:
    item = placed.block.content
    if isinstance(item, Heading):
        size = fit_size(item.text, width, sizes["heading"], "bold")
        y = placed.y + sizes["heading"] * 0.7
        return (aids.text(item.text, (placed.x, y), size, style, weight="bold", anchor="start")
                + aids.rule(placed.x, placed.x + width, placed.y + sizes["heading"] * 1.45, sizes["rule"], style))
    return draw_row(placed, sizes, stamps, style)


def build(game: Game, options: PrintOptions) -> Component:
    sizes = aid_sizes("tile_upgrade_chart")
    paper, style = options.paper, options.style
    printed = printed_upgrades(game)
    groups = upgrade_rows(game, printed)
    if not groups:
        raise PnpError(f"{game.title}: no tile upgrades to chart")
    top = sizes["margin"] + aids.title_height(sizes, subtitle=True)
    frame = Frame(paper.width, paper.height, sizes["margin"], top, paper.width - 2 * sizes["margin"],
                  paper.height - top - sizes["margin"] - sizes["footer"])
    t = messages(options.lang)
    plan = layout(groups, frame, sizes, game.info.orientation, t)
    stamps = aids.TileStamps(style, game.info.orientation)
    name = t("title.upgrade_chart")
    bodies = []
    for page in plan.pages:
        body = aids.heading_block(f"{game.title}: {name}", t("aids.chart_hint"), paper, sizes["margin"], sizes, style)
        body += [node for p in page for node in draw_block(p, plan.column_width, sizes, stamps, style)]
        bodies.append(body)
    # pieces: the (tile, upgrade) pairs the arrows show, against those the manifest has
    drawn = len({(a.id, b.id) for page in plan.pages for p in page if isinstance(p.block.content, RowPlan)
                 for a in p.block.content.row.sources for b in p.block.content.row.targets})
    expected = len(upgrade_pairs(game, printed))
    return aid_component("upgrade_chart", "upgrade-chart.pdf", name, bodies, game.title, options, t, pieces=drawn,
                         expected=expected)
