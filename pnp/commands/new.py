"""The `pnp new` command (the game folder itself: pnp/new.py)."""

from __future__ import annotations

import click

from pnp.commands.common import user_errors


@click.command()
@click.argument("name")
@click.option("--from", "start", type=click.Choice(["blank", "1860", "18xy"]), default="blank", show_default=True,
              help="Start from a small commented game (blank) or a copy of a bundled game.")
@click.option("--out", "out", type=click.Path(file_okay=False), default=None, help="The folder to write [./NAME].")
@user_errors
def new(name, start, out):
    """A new game folder NAME that builds at once: a small map, a handful of tiles, two
    companies, a market and trains, with comments saying what each field does."""
    from pnp.new import new_game

    folder = new_game(name, start, out)
    click.echo(f"written: {folder}/ (build it: pnp build {folder}; preview it: pnp serve {folder})")
