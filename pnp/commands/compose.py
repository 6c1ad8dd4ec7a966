"""`pnp compose`: put 18-XY's map sections together as a layout says, report what the
map holds and write it."""

from __future__ import annotations

import click

from pnp.commands.common import (default_out, game_argument, out_option, paper_option, print_options,
                                 theme_option, user_errors)
from pnp.cut.options import cut_click_options, resolve


@click.command()
@game_argument
@click.argument("layout")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="How the report prints.")
@click.option("--check", "check_only", is_flag=True, help="Only check the layout and report; write no files.")
@out_option
@paper_option
@theme_option
@cut_click_options
@user_errors
def compose(game, layout, fmt, check_only, out, paper, theme_name, cut):
    """Put map sections together as LAYOUT says (a file, or one of the game's layouts/),
    report what the map holds, and write it as LAYOUT.svg, .png, .pdf and -sections.pdf."""
    from pnp.components import write_component
    from pnp.components.composed import composed_map, preview_png
    from pnp.compose import compose as compose_map
    from pnp.compose import report_json, report_text
    from pnp.load import load_game
    from pnp.output import OutputDir

    loaded = load_game(game)
    comp = compose_map(loaded, layout)
    files = []
    if not check_only:
        settings = print_options(loaded, paper, theme_name, cut=resolve(loaded, cut))
        component = composed_map(loaded, settings, comp)
        png = preview_png(component, comp)
        folder = OutputDir(default_out(game, out))
        files = [str(p) for p in write_component(component, folder, loaded.title, settings)]
        files += [str(folder.write(f"{comp.key}.png", png)), str(folder.path(f"{comp.key}.svg"))]
    report = {**comp.report(), "files": sorted(files)}
    if fmt == "json":
        click.echo(report_json(report), nl=False)
    else:
        click.echo(report_text(report) + "".join(f"written: {f}\n" for f in report["files"]), nl=False)
