"""`pnp import 18xx.games ROOT (--game TITLE | --all) --out DIR`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.errors import PnpError


@click.command(name="18xx.games")
@click.argument("root", type=click.Path(file_okay=False))
@click.option("--game", "title", default=None, help="The game: its folder (g_1889), title (1889) or display title.")
@click.option("--all", "every", is_flag=True, help="Import every game into OUT/<title>/ and write OUT/index.md.")
@click.option("--out", "out", type=click.Path(file_okay=False), required=True, help="The folder to write.")
def import_engine(root, title, every, out):
    """Convert games of the 18xx.games engine (a clone of its repository, ROOT) into pnp
    game folders, with import-report.md listing what could not be converted."""
    from pnp.commands.common import EXIT_USER_ERROR
    from pnp.importers.engine.all import import_all
    from pnp.importers.engine.kit import REPORT, import_game

    try:
        if every == bool(title):
            raise PnpError("give either --game TITLE or --all")
        if every:
            table = import_all(Path(root), Path(out))
            click.echo(table, nl=False)
            return
        result = import_game(Path(root), title, Path(out))
    except PnpError as exc:
        click.echo(f"pnp: error: {exc}", err=True)
        sys.exit(EXIT_USER_ERROR)
    counts = result.counts
    click.echo(f"{result.title} ({result.folder}, {result.stage}): imported into {out}/ "
               f"({counts['map hexes'][1]} map hexes, {counts['tiles'][1]} tiles, {counts['corporations'][1]} "
               f"corporations, {counts['trains'][1]} train cards)")
    click.echo(f"{result.report.summary()}; {len(result.report.computed)} values computed by code; "
               f"see {Path(out) / REPORT}")


__all__ = ["import_engine"]
