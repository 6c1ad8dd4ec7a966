"""`pnp build`, the command: a game's complete print kit (the kit itself: `pnp.build`).

Its main process has two things to do before the drawing workers fork, and neither
needs the other: load and check the game and the options (`kit_request`, ~0.2 s CPU for
1860) and import the drawing modules the workers inherit (~0.4 s). On two cores or more
the first runs in a forked child while this process does the second (`pnp.forked`);
on one core, one after the other, as before.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from pnp.commands.common import collecting_no_garbage, default_out, length_option, print_style, user_errors
from pnp.commands.kit import check_map_layout, summary_table
from pnp.cut.options import cut_click_options
from pnp.errors import PnpError

if TYPE_CHECKING:
    from pnp.cut.options import CutOptions
    from pnp.model.game import Game
    from pnp.render.style import Style
    from pnp.templates import Paper


@dataclass
class KitRequest:
    """What `pnp build` was asked for, checked: the game in the kit's language, and its
    print settings (the command line's, else the game's, else the defaults)."""

    game: Game
    settings: dict  # pnp.build.resolve_options
    paper: Paper
    style: Style
    bleed: float | None
    cut: CutOptions
    only: list[str] | None
    warnings: list[str]  # printed by the command, in this order, before it builds
    catalogues: dict[str, dict[str, str]]  # pnp's messages in the kit's language and the fallback, read

    def print_options(self):
        from pnp.components import PrintOptions

        s = self.settings
        return PrintOptions(paper=self.paper, style=self.style, lang=s["lang"], duplex=s["duplex"], bleed=self.bleed,
                            crop_marks=s["crop_marks"], scale=float(s["scale"]), layout=s["tile_layout"],
                            map_layout=s["layout"], cut=self.cut)


def kit_request(game_arg: str, cli: dict, cut) -> KitRequest:
    """Load the game and check every option against it, in the order a user meets the
    errors; nothing is drawn or written and no drawing module is imported (this runs in
    a forked child whose imports are lost)."""
    from pnp.build import resolve_options
    from pnp.cut.options import resolve
    from pnp.i18n import FALLBACK, catalogues
    from pnp.load import load_game
    from pnp.localise import for_kit
    from pnp.templates import paper as paper_size
    from pnp.templates import tile_layout as tile_sheet_layout

    loaded = load_game(game_arg)
    settings = resolve_options(loaded, cli)
    if settings["scale"] <= 0 or settings["scale"] > 2:
        raise PnpError(f"--scale {settings['scale']}: must be between 0 and 2")
    tile_sheet_layout(settings["tile_layout"])
    if settings["layout"] is not None:
        check_map_layout(loaded, settings["layout"])
    style = print_style(loaded, settings["theme"])
    paper = paper_size(settings["paper"])
    bleed = length_option(settings["bleed"], "--bleed") if isinstance(settings["bleed"], str) else settings["bleed"]
    cut = resolve(loaded, cut)
    warnings: list[str] = []
    loaded = for_kit(loaded, settings["lang"], warnings.append)
    only = [k.strip() for k in settings["only"].split(",") if k.strip()] if settings["only"] else None
    return KitRequest(loaded, settings, paper, style, bleed, cut, only, warnings,
                      catalogues(dict.fromkeys([settings["lang"], FALLBACK])))


@click.command()
@click.argument("game")
@click.option("--out", "out", type=click.Path(file_okay=False), default=None, help="Output folder (default output/GAME/).")
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

    from pnp.forked import Ahead

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # run clean-up when killed politely
    cli = {"paper": paper, "scale": scale, "bleed": bleed, "crop_marks": crop_marks, "duplex": duplex, "lang": lang,
           "theme": theme_name, "tile_layout": tile_layout, "layout": map_layout, "only": only}
    with Ahead(kit_request, game, cli, cut) as ahead:  # loaded in a child, while here:
        from pnp import build as kit
        from pnp import kit_jobs

        kit.kill_point("loading")
        kit_jobs.warm_up_while(ahead.pending)  # the modules the workers will inherit
        request = ahead.result()
    from pnp.i18n import adopt

    adopt(request.catalogues)
    for warning in request.warnings:
        click.echo(f"pnp: warning: {warning}", err=True)
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
