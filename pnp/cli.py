"""The command line. Thin: each command loads, builds and writes; errors in the user's
data or options print one clear line and exit with status 2. Longer commands live in
`pnp/commands/` and are registered here with `main.add_command`."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.commands.common import (EXIT_USER_ERROR, default_out, game_argument, length_option, out_option,  # noqa: F401
                                 collecting_no_garbage, lang_option, no_collection_at_exit, one_blas_thread, paper_option,
                                 print_options, run_component, theme_option, user_errors)
from pnp.commands.lazy import LazyGroup
from pnp.cut.options import cut_click_options


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
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


# The commands of pnp/commands/, each imported when it runs (`pnp.commands.lazy`).
main.add_lazy("build", "pnp.commands.build:build")
main.add_lazy("compose", "pnp.commands.compose:compose")
main.add_lazy("market", "pnp.commands.market:market")
main.add_lazy("manifest", "pnp.commands.manifest:manifest")
main.add_lazy("import", "pnp.commands.imports:import_")
main.add_lazy("new", "pnp.commands.new:new")
main.add_lazy("schema", "pnp.commands.schema:schema")
main.add_lazy("serve", "pnp.commands.serve:serve")

if __name__ == "__main__":
    main()
