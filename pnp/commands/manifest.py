"""`pnp manifest`: the tile manifest as csv, json or markdown."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.commands.common import game_argument, user_errors


@click.command()
@game_argument
@click.option("--format", "fmt", type=click.Choice(["csv", "json", "md"]), default="md", show_default=True)
@click.option("--out", "out", type=click.Path(dir_okay=False), default=None, help="Write to FILE instead of stdout.")
@user_errors
def manifest(game, fmt, out):
    """The tile manifest: id, colour, count, upgrades and features of every tile."""
    from pnp.export.manifest import FORMATS
    from pnp.load import load_game
    from pnp.output import atomic_write

    text = FORMATS[fmt](load_game(game))
    if out:
        atomic_write(Path(out), text)
    else:
        click.echo(text, nl=False)
