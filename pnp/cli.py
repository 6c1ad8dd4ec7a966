"""The command line. Thin: each command loads, builds and writes; errors in the user's
data or options print one clear line and exit with status 2. Longer commands live in
`pnp/commands/` and are registered here with `main.add_command`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.commands.common import (EXIT_USER_ERROR, default_out, game_argument, length_option, out_option,  # noqa: F401
                                 collecting_no_garbage, lang_option, no_collection_at_exit, one_blas_thread, paper_option,
                                 print_options, run_component, theme_option, user_errors)
from pnp.commands.compose import compose
from pnp.commands.imports import import_
from pnp.commands.kit import check_map_layout, summary_table
from pnp.commands.manifest import manifest
from pnp.commands.market import cell_size_option, market  # noqa: F401
from pnp.commands.new import new
from pnp.commands.schema import schema
from pnp.commands.serve import serve
from pnp.cut.options import cut_click_options, resolve
from pnp.errors import PnpError
from pnp.importers.engine.command import import_engine


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pnp")
def main():
    """pnp: print-and-play kits for 18xx railway games.

    GAME is a bundled game's name (see `pnp games`) or a path to a game folder."""
    one_blas_thread()
    no_collection_at_exit()


@main.command()
def games():
    """List the bundled games."""
    from pnp.load import bundled_games

    for name in bundled_games():
        click.echo(name)


@main.command()
@game_argument
@click.option("--lang", type=click.Choice(["en", "de"]), default=None,
              help="Also list the data texts that have no version in this language.")
@user_errors
def validate(game, lang):
    """Check a game's data (and every colour theme) and report the first problem."""
    from pnp.load import load_game
    from pnp.localise import language_report
    from pnp.templates import theme, theme_names

    loaded = load_game(game)
    for name in theme_names():
        theme(name)
    click.echo(f"{loaded.title}: data is valid ({len(loaded.manifest)} distinct tiles, "
               f"{loaded.total_tiles()} pieces)")
    if lang:
        click.echo(language_report(loaded, lang), nl=False)


@main.command()
@game_argument
@out_option
@paper_option
@click.option("--layout", default="individual", show_default=True, help="individual, tessellated or die.")
@click.option("--tile-size", default=None, help="Tile size flat-to-flat, e.g. 38.1mm or 1.5in.")
@click.option("--duplex", type=click.Choice(["none", "long", "short"]), default="none", show_default=True,
              help="Double-sided: flippable tiles get their mirror image on the back, the others their colour.")
@theme_option
@cut_click_options
@user_errors
def tiles(game, out, paper, layout, tile_size, duplex, theme_name, cut):
    """Tile sheets as PDF, and one SVG per distinct tile."""
    from pnp.templates import tile_layout

    tile_layout(layout)  # an unknown layout is an error before anything is built
    run_component("tiles", game, out, paper=paper, theme_name=theme_name, layout=layout, duplex=duplex,
                  tile_mm=length_option(tile_size, "--tile-size"), cut=cut)


@main.command("map")
@game_argument
@out_option
@paper_option
@click.option("--variant", default=None, help="A map variant the game defines, e.g. 2-3p for 1860.")
@click.option("--placements", type=click.Path(dir_okay=False), default=None,
              help="A YAML list of {hex, tile, rotation} and {hex, token} to draw on the map.")
@click.option("--tile-size", default=None, help="Tile size flat-to-flat the map must hold, e.g. 38.1mm.")
@click.option("--clearance", default=None, help="Added to the tile size for each map hex [0.5mm].")
@theme_option
@lang_option
@cut_click_options
@user_errors
def map_command(game, out, paper, variant, placements, tile_size, clearance, theme_name, lang, cut):
    """The map: map.svg and map.pdf at real size, map-sections.pdf on your paper."""
    run_component("map", game, out, paper=paper, theme_name=theme_name, lang=lang, variant=variant,
                  placements=Path(placements) if placements else None,
                  tile_mm=length_option(tile_size, "--tile-size"), clearance=length_option(clearance, "--clearance"),
                  cut=cut)


# Play aids printed on sheets: each its own command with the same options.
AID_COMMANDS = {
    "tile-manifest": ("tile_manifest", "The printable Tile Manifest: every tile drawn small with its count, by colour."),
    "player-cards": ("player_cards", "Player-count cards (certificate limit, start capital) and flotation reference cards."),
    "upgrade-chart": ("upgrade_chart", "The Tile Upgrade Chart: each tile with an arrow to the tiles that replace it."),
}


def aid_command(name: str, key: str, help_text: str):
    @main.command(name, help=help_text)
    @game_argument
    @out_option
    @paper_option
    @theme_option
    @click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True,
                  help="Language of pnp's labels.")
    @cut_click_options
    @user_errors
    def command(game, out, paper, theme_name, lang, cut):
        run_component(key, game, out, paper=paper, theme_name=theme_name, lang=lang, cut=cut)

    return command


for _name, (_key, _help) in AID_COMMANDS.items():
    aid_command(_name, _key, _help)


# Cut pieces: each its own command with the same options (pnp/components/<key>.py).
PIECE_COMMANDS = {
    "shares": "Share certificates: one card per certificate, and a back per company.",
    "charters": "Charters: one per company, with token spaces, treasury and the phase table.",
    "privates": "Private company certificates with their full rule text.",
    "trains": "Train cards: one per physical train, and a back.",
    "tokens": "Station tokens and company markers as round pieces for a punch.",
    "cards": "The game's extra cards (cards.yaml), each as many times as it counts.",
    "money": "Banknotes: every note of the bank (game.yaml rules.money), currency by currency.",
}


def piece_command(key: str, help_text: str):
    @main.command(key, help=help_text)
    @game_argument
    @out_option
    @paper_option
    @theme_option
    @click.option("--lang", default="en", show_default=True, help="Language of pnp's labels (en, de).")
    @click.option("--duplex", type=click.Choice(["none", "long", "short"]), default="none", show_default=True,
                  help="Add a backs page after each page, for printing on both sides turned over the long or "
                       "short edge.")
    @click.option("--bleed", default=None, help="Bleed around each piece, e.g. 1.5mm [templates/components.yaml].")
    @click.option("--crop-marks/--no-crop-marks", default=True, show_default=True, help="Crop marks around cards.")
    @cut_click_options
    @user_errors
    def command(game, out, paper, theme_name, lang, duplex, bleed, crop_marks, cut):
        run_component(key, game, out, paper=paper, theme_name=theme_name, lang=lang, duplex=duplex,
                      bleed=length_option(bleed, "--bleed"), crop_marks=crop_marks, cut=cut)

    return command


for _key, _help in PIECE_COMMANDS.items():
    piece_command(_key, _help)


@main.command()
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

    from pnp.build import build_kit, resolve_options
    from pnp.load import load_game
    from pnp.localise import for_kit
    from pnp.templates import tile_layout as tile_sheet_layout

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # run clean-up when killed politely
    loaded = load_game(game)
    settings = resolve_options(loaded, {"paper": paper, "scale": scale, "bleed": bleed, "crop_marks": crop_marks,
                                        "duplex": duplex, "lang": lang, "theme": theme_name,
                                        "tile_layout": tile_layout, "layout": map_layout, "only": only})
    if settings["scale"] <= 0 or settings["scale"] > 2:
        raise PnpError(f"--scale {settings['scale']}: must be between 0 and 2")
    tile_sheet_layout(settings["tile_layout"])
    if settings["layout"] is not None:
        check_map_layout(loaded, settings["layout"])
    options = print_options(loaded, settings["paper"], settings["theme"], lang=settings["lang"],
                            duplex=settings["duplex"], bleed=length_option(settings["bleed"], "--bleed")
                            if isinstance(settings["bleed"], str) else settings["bleed"],
                            crop_marks=settings["crop_marks"], scale=float(settings["scale"]),
                            layout=settings["tile_layout"], map_layout=settings["layout"], cut=resolve(loaded, cut))
    loaded = for_kit(loaded, options.lang, lambda w: click.echo(f"pnp: warning: {w}", err=True))
    only_list = [k.strip() for k in settings["only"].split(",") if k.strip()] if settings["only"] else None
    target = default_out(game, out)
    if quiet:
        result = build_kit(loaded, options, target, only=only_list, png=png)
    else:
        from pnp.build import kit_components

        keys = kit_components(loaded, only_list, options)
        with click.progressbar(length=len(keys), label=f"Building {loaded.title}", file=sys.stderr,
                               item_show_func=lambda k: k or "") as bar:
            def advance(key):
                bar.update(1, key)

            result = build_kit(loaded, options, target, only=only_list, png=png, progress=advance)
        click.echo(summary_table(result, target), err=False)


main.add_command(compose)
main.add_command(market)
main.add_command(manifest)
main.add_command(import_)
import_.add_command(import_engine)
main.add_command(new)
main.add_command(schema)
main.add_command(serve)

if __name__ == "__main__":
    main()
