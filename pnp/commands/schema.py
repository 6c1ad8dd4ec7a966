"""The `pnp schema` command (the schemas themselves: pnp/schema/files.py)."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.commands.common import user_errors


@click.command()
@click.option("--out", "out", type=click.Path(file_okay=False), default="output/schema", show_default=True,
              help="The folder to write the schemas to.")
@click.option("--mark", "folders", multiple=True, type=click.Path(file_okay=False, exists=True),
              help="A game folder whose YAML files get a first line naming their schema in --out "
                   "(# yaml-language-server: $schema=...). May be given more than once.")
@user_errors
def schema(out, folders):
    """JSON Schema for every data file of a game folder (game.yaml, tiles.yaml, map.yaml,
    ..., sections/*.yaml), as FILE.schema.json: for editors to complete and check.

    pnp schema --out my-1858/schema --mark my-1858   (an imported game, for example)"""
    from pnp.errors import PnpError
    from pnp.schema import mark_folder, write_schemas

    for folder in folders:
        if not (Path(folder) / "game.yaml").is_file():
            raise PnpError(f"--mark {folder}: not a game folder (no game.yaml in it)")
    for path in write_schemas(Path(out)):
        click.echo(f"written: {path}")
    for folder in folders:
        for path in mark_folder(Path(folder), Path(out)):
            click.echo(f"marked: {path}")
