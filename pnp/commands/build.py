"""`pnp build`, the command: a game's complete print kit (the kit itself: `pnp.build`).

Its main process has two things to do before the drawing workers fork, and neither
needs the other: load the game and check the options against it (`pnp.kit_request`)
and import the drawing modules the workers inherit. On two cores or more the first
runs in a forked child while this process does the second (`pnp.forked`); on one core,
one after the other, as before. Run as the `pnp` program, the child forks at the
program's start, before click is imported (`pnp.commands.early`), and the command takes
its work if it loads what click read; otherwise (a test's in-process run, a guess that
missed) it forks here, after the modules both need (`import_shared`).
"""

from __future__ import annotations

import sys

import click

from pnp.commands import early
from pnp.commands.common import (collecting_no_garbage, default_out, echo_warnings, game_argument, import_shared,
                                 out_option, user_errors)
from pnp.commands.kit import summary_table
from pnp.cut.options import cut_click_options


@click.command()
@game_argument
@out_option
@click.option("--paper", default=None, help="a4, letter, a3, tabloid or WxHmm [game setting, else a4].")
@click.option("--scale", type=float, default=None, help="Printer calibration: draw everything F times larger.")
@click.option("--bleed", default=None, help="Bleed around cut pieces, e.g. 2mm [each component's default].")
@click.option("--crop-marks/--no-crop-marks", default=None, help="Crop marks around cut pieces [on].")
@click.option("--duplex", type=click.Choice(["none", "long", "short"]), default=None, help="Backs for double-sided printing [none].")
@click.option("--only", default=None, help="Comma-separated components, e.g. tiles,map.")
@click.option("--lang", type=click.Choice(["en", "de"]), default=None, help="Language of component texts [en].")
@click.option("--theme", "theme_name", default=None, help="Colour theme from templates/themes/ [default].")
@click.option("--tile-layout", default=None, help="Tile sheet layout: individual, tessellated or die.")
@click.option("--layout", "map_layout", default=None,
              help="A layout of map sections (a file, or one of the game's layouts/): the kit adds that map, "
                   "whole and in page sections, to the loose sections.")
@click.option("--png", is_flag=True, help="Also write PNG previews of every page.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar or summary.")
@cut_click_options
@user_errors
@collecting_no_garbage
def build(game, out, paper, scale, bleed, crop_marks, duplex, only, lang, theme_name, tile_layout, map_layout, png,
          quiet, cut):
    """A game's complete print kit: GAME-kit.pdf, a PDF per component, SVGs and index.md."""
    import signal

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # run clean-up when killed politely
    game, cli, cut = early.request(game, {"paper": paper, "scale": scale, "bleed": bleed, "crop_marks": crop_marks,
                                          "duplex": duplex, "lang": lang, "theme": theme_name,
                                          "tile_layout": tile_layout, "layout": map_layout, "only": only, **cut})
    ahead = early.taken(game, cli, cut)  # loading since the program started, if it guessed this
    if ahead is None:
        ahead = loading(game, cli, cut)
    with ahead:  # loaded in a child, while here:
        import_shared()
        from pnp import build as kit
        from pnp import kit_jobs

        kit.kill_point("loading")
        kit_jobs.warm_up_while(ahead.pending)  # the modules the workers will inherit
        request = ahead.result()
    from pnp.i18n import adopt

    adopt(request.catalogues)
    echo_warnings(request.warnings)
    options, target = request.print_options(), default_out(game, out)
    if quiet:
        kit.build_kit(request.game, options, target, only=request.only, png=png, localised=True)
        return
    keys = kit.kit_components(request.game, request.only, options)
    with click.progressbar(length=len(keys), label=f"Building {request.game.title}", file=sys.stderr,
                           item_show_func=lambda k: k or "") as bar:
        def advance(key):
            bar.update(1, key)

        result = kit.build_kit(request.game, options, target, only=request.only, png=png, progress=advance,
                                localised=True)
    click.echo(summary_table(result, target), err=False)


def loading(game: str, cli: dict, cut: dict):
    """The game loading in a child forked now (`pnp.forked.Ahead`; or here, later, on one
    core), which inherits the modules both processes need (`import_loading`)."""
    from pnp.commands.plain import import_loading
    from pnp.forked import Ahead

    import_loading()  # the child checks the options with pnp.build
    from pnp.kit_request import kit_request

    return Ahead(kit_request, game, cli, cut)
