"""The `pnp schema` command (the schemas themselves: pnp/schema/files.py)."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.commands.common import user_errors


@click.command()
@click.option("--out", "out", type=click.Path(file_okay=False), default="output/schema", show_default=True,
              help="The folder to write the schemas to.")
@user_errors
def schema(out):
    """JSON Schema for every data file of a game folder (game.yaml, tiles.yaml, map.yaml,
    ..., sections/*.yaml), as FILE.schema.json: for editors to complete and check."""
    from pnp.schema import write_schemas

    for path in write_schemas(Path(out)):
        click.echo(f"written: {path}")
