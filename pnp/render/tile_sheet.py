"""A sheet of library tiles by id, each drawn by the tile renderer and named under it:
for looking at tiles side by side (the ones a converter run added, say).

    python -m pnp.render.tile_sheet OUT.svg 316 326 721 ... [--game GAME] [--png OUT.png] [--theme default]

With `--game`, the ids are the game's tiles (its own and the library's it uses).
"""

from __future__ import annotations

import argparse

from pnp.errors import PnpError
from pnp.draw import shapes
from pnp.geometry.hexagon import APOTHEM, RADIUS
from pnp.load import tile_library
from pnp.output import atomic_write
from pnp.render import svg
from pnp.render.contact_sheet import CELL_MM, HEX_MM, LABEL_MM
from pnp.render.style import Style
from pnp.render.tile import tile_group

COLUMNS = 8


def tile_sheet(ids: list[str], style: Style, columns: int = COLUMNS, game: str | None = None):
    """The tiles named, in the order given, as one page in millimetres."""
    if game:
        from pnp.load import load_game

        loaded = load_game(game)
        library = dict(loaded.tiles)
        style = style.with_companies(loaded.companies)
    else:
        library = tile_library()
    missing = [i for i in ids if i not in library]
    if missing:
        raise PnpError(f"not in the tile library: {', '.join(missing)}")
    rows = (len(ids) + columns - 1) // columns
    cell_h = CELL_MM * 1.05
    page = svg.document(columns * CELL_MM, rows * cell_h, title="pnp tiles")
    k = HEX_MM / (2 * APOTHEM)
    for i, tile_id in enumerate(ids):
        x = (i % columns + 0.5) * CELL_MM
        y = (i // columns) * cell_h + RADIUS * k + 1.0
        cell = svg.group(transform=(shapes.translate(x, y), shapes.scale(k)))
        cell.add(tile_group(library[tile_id], style))
        page.add(cell)
        tile = library[tile_id]
        colour = tile.color + (f"/{tile.color2}" if tile.color2 else "")
        page.add(svg.text(f"{tile_id} ({colour})", (x, y + APOTHEM * k + LABEL_MM), LABEL_MM * 0.8, style))
    return page


def main(argv=None) -> int:
    from pnp.draw.cairowriter import to_png
    from pnp.templates import theme

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("ids", nargs="+")
    parser.add_argument("--png", help="also write a PNG (150 dpi)")
    parser.add_argument("--game", help="a game's tiles instead of the library's")
    parser.add_argument("--theme", default="default")
    args = parser.parse_args(argv)
    page = tile_sheet(args.ids, theme(args.theme), game=args.game)
    atomic_write(args.out, svg.to_string(page))
    if args.png:
        with open(args.png, "wb") as f:
            f.write(to_png(page, 150))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
