"""`pnp import`: convert other tools' data into pnp's YAML (a tile written in 18xx.games'
notation, an 18xx-maker game)."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.commands.common import user_errors
from pnp.commands.lazy import LazyGroup
from pnp.errors import PnpError


@click.group(name="import", cls=LazyGroup)
def import_():
    """Convert other tools' data into pnp's YAML."""


@import_.command(name="tile-code")
@click.argument("code")
@click.option("--id", "tile_id", required=True, help="The tile's number or name.")
@click.option("--color", required=True, help="yellow, green, brown, gray, ...")
@user_errors
def import_tile_code(code, tile_id, color):
    """Print the pnp YAML of a tile written in the 18xx.games notation."""
    from pnp.export.tileyaml import tile_yaml
    from pnp.model.convert import Invalid
    from pnp.model.tile import COLOURS
    from pnp.tilecode import from_code

    if color not in COLOURS:
        raise PnpError(f"--color: unknown colour '{color}' (known: {', '.join(COLOURS)})")
    try:
        tile = from_code(code, id=tile_id, color=color)
    except Invalid as exc:
        raise PnpError(f"tile code: {exc.message}") from None
    click.echo(tile_yaml(tile, indent=""))


@import_.command(name="18xx-maker")
@click.argument("source", type=click.Path(dir_okay=False))
@click.option("--out", "out", type=click.Path(file_okay=False), required=True, help="The game folder to write.")
@click.option("--library", type=click.Path(file_okay=False), default=None,
              help="18xx-maker's folder holding tiles/*.json [the game file's folder's parent].")
@click.option("--max-companies", type=click.IntRange(1), default=None,
              help="Refuse a game with more railway or private companies than this [200].")
@user_errors
def import_maker(source, out, library, max_companies):
    """Convert an 18xx-maker game (GAME.json) into a pnp game folder, with
    import-report.md listing what could not be converted."""
    from pnp.importers.maker_game import REPORT, import_game

    result = import_game(Path(source), Path(out), tiles_folder=Path(library) if library else None,
                         **({"max_companies": max_companies} if max_companies else {}))
    click.echo(f"{result.title}: imported into {out}/ ({result.hexes} map hexes, {result.tile_pieces} tiles; "
               f"{', '.join(f for f in result.files if f != REPORT)})")
    click.echo(f"{result.report.summary()}; see {Path(out) / REPORT}")


import_.add_lazy("18xx.games", "pnp.importers.engine.command:import_engine")  # pnp/importers/engine/
