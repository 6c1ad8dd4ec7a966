"""The printable Tile Manifest: every tile of the game drawn small beside its number and
how many copies the game has, in columns by colour, with totals under the title.

Tiles are drawn as large as lets the sheet fit on as few pages as possible (sizes from
templates/aids.yaml)."""

from __future__ import annotations


from msgspec import Struct

from pnp.components import Component, PrintOptions, aid_component
from pnp.errors import PnpError
from pnp.i18n import Messages, messages
from pnp.model.game import Game, ManifestEntry, sheet_order
from pnp.render import aids
from pnp.sheets.flow import Block, Placed, TooTall, column_width, flow, page_count
from pnp.sheets.pack import Frame
from pnp.templates import aid_sizes
from pnp.text import fit_size, text_width



def count_text(n: int) -> str:
    return f"{n}\u00d7"


class Heading(Struct, frozen=True):
    colour: str
    pieces: int


class Row(Struct, frozen=True):
    entry: ManifestEntry
    id_width: float  # room for the id, right-aligned before the tile
    tile_mm: float


def by_colour(game: Game) -> list[tuple[str, list[ManifestEntry]]]:
    """Entries with at least one copy, grouped by colour in sheet order."""
    groups: dict[str, list[ManifestEntry]] = {}
    for entry in sorted(game.manifest, key=sheet_order):
        if entry.count > 0:
            groups.setdefault(entry.tile.color, []).append(entry)
    return list(groups.items())


def label_widths(groups, size: float) -> tuple[float, float]:
    """The widest tile id and the widest count at `size`: the same at every tile size."""
    entries = [e for _, group in groups for e in group]
    return (max(text_width(e.tile.id, size, "bold") for e in entries),
            max(text_width(count_text(e.count), size) for e in entries))


def blocks(groups, tile_mm: float, sizes: dict, orientation: str, own_columns: bool = True,
           widths: tuple[float, float] | None = None) -> list[Block]:
    """A heading block per colour, then one row block per tile; with `own_columns`
    each colour starts a new column. `widths`: the groups' `label_widths`, when known."""
    tile_w, tile_h = aids.tile_extent(tile_mm, orientation)
    size = sizes["text"]
    id_w, count_w = widths or label_widths(groups, size)
    pad = size * 0.8
    row_w = id_w + pad + tile_w + pad + count_w
    out = []
    for colour, group in groups:
        heading = Heading(colour, sum(e.count for e in group))
        out.append(Block(row_w, sizes["heading"] * 2.0, heading, new_column=own_columns, keep_with_next=True))
        out += [Block(row_w, tile_h + sizes["row_gap"], Row(e, id_w, tile_mm)) for e in group]
    return out


class Layout(Struct, frozen=True):
    pages: list[list[Placed]]
    columns: int
    tile_mm: float
    column_width: float


def layout(groups, frame: Frame, sizes: dict, orientation: str) -> Layout:
    """The fewest pages; then each colour in columns of its own if that costs no page;
    then the largest tiles."""
    best, best_key = None, None  # each try is counted in pages (`page_count`); only the best is placed
    widths = label_widths(groups, sizes["text"])
    for tile_mm in aids.tile_sizes(sizes):
        for own_columns in (True, False):
            bl = blocks(groups, tile_mm, sizes, orientation, own_columns, widths)
            columns = int((frame.width + sizes["column_gap"]) // (bl[0].width + sizes["column_gap"]))
            if columns < 1:
                continue
            try:
                pages = page_count(bl, frame, columns)
            except TooTall:
                continue
            key = (pages, not own_columns, -tile_mm)
            if best_key is None or key < best_key:
                best, best_key = (bl, columns, tile_mm), key
        if best_key is not None and best_key[:2] == (1, False):
            break  # one page in columns of their own: every smaller size can only do as well, with smaller tiles
    if best is None:
        raise PnpError(f"the tile manifest does not fit {frame.page_width:.0f} x {frame.page_height:.0f} mm paper "
                       f"even with {sizes['tile_min']:g} mm tiles")
    bl, columns, tile_mm = best
    return Layout(flow(bl, frame, columns, sizes["column_gap"]), columns, tile_mm,
                  column_width(frame, columns, sizes["column_gap"]))


def draw_block(placed: Placed, width: float, sizes: dict, stamps: aids.TileStamps, style, t: Messages) -> list:
    block, x, y = placed.block, placed.x, placed.y
    item = block.content
    if isinstance(item, Heading):
        label = f"{aids.colour_name(item.colour, t)} · {t.count('aids.tiles', item.pieces)}"
        size = fit_size(label, width, sizes["heading"], "bold")
        return aids.text(label, (x, y + sizes["heading"] * 0.8), size, style, weight="bold", anchor="start")
    left = x + (width - block.width) / 2  # centre the row's content in its column
    tile_w, tile_h = stamps.extent(item.tile_mm)
    cy = y + tile_h / 2
    pad = sizes["text"] * 0.8
    tile_x = left + item.id_width + pad + tile_w / 2
    out = aids.text(item.entry.tile.id, (left + item.id_width, cy), sizes["text"], style, weight="bold", anchor="end")
    out += stamps.place(item.entry.tile, (tile_x, cy), item.tile_mm)
    out += aids.text(count_text(item.entry.count), (tile_x + tile_w / 2 + pad, cy), sizes["text"], style,
                     anchor="start")
    out += aids.rule(x, x + width, y + block.height - sizes["row_gap"] / 2, sizes["rule"], style)
    return out


def totals_line(groups, t: Messages) -> str:
    total = sum(e.count for _, g in groups for e in g)
    parts = " · ".join(f"{aids.colour_name(c, t)} {sum(e.count for e in g)}" for c, g in groups)
    return f"{t.count('aids.tiles', total)}: {parts}"


def build(game: Game, options: PrintOptions) -> Component:
    sizes = aid_sizes("tile_manifest")
    paper, style = options.paper, options.style
    groups = by_colour(game)
    top = sizes["margin"] + aids.title_height(sizes, subtitle=True)
    frame = Frame(paper.width, paper.height, sizes["margin"], top, paper.width - 2 * sizes["margin"],
                  paper.height - top - sizes["margin"] - sizes["footer"])
    plan = layout(groups, frame, sizes, game.info.orientation)
    stamps = aids.TileStamps(style, game.info.orientation)
    t = messages(options.lang)
    name = t("title.tile_manifest")
    bodies = []
    for page in plan.pages:
        body = aids.heading_block(f"{game.title}: {name}", totals_line(groups, t), paper, sizes["margin"], sizes, style)
        body += [node for p in page for node in draw_block(p, plan.column_width, sizes, stamps, style, t)]
        bodies.append(body)
    drawn = sum(1 for page in plan.pages for p in page if isinstance(p.block.content, Row))
    return aid_component("tile_manifest", "tile-manifest.pdf", name, bodies, game.title, options, t, pieces=drawn,
                         expected=sum(1 for e in game.manifest if e.count > 0))
