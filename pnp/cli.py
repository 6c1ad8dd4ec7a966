"""The command line. Thin: each command loads, builds and writes; errors in the user's
data or options print one clear line and exit with status 2."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import click

from pnp.errors import PnpError

EXIT_USER_ERROR = 2


def user_errors(fn):
    """Report PnpError (bad data, bad option) as one line on stderr, exit 2."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except PnpError as exc:
            click.echo(f"pnp: error: {exc}", err=True)
            sys.exit(EXIT_USER_ERROR)

    return wrapper


def default_out(game_arg: str, out: str | None) -> Path:
    if out:
        return Path(out)
    name = Path(game_arg).name if Path(game_arg).is_dir() else game_arg
    return Path("output") / name


game_argument = click.argument("game")
out_option = click.option("--out", "out", type=click.Path(file_okay=False), default=None,
                          help="Output folder (default output/GAME/).")
paper_option = click.option("--paper", default="a4", show_default=True,
                            help="a4, letter, a3, tabloid, or WxHmm such as 300x400mm.")
theme_option = click.option("--theme", "theme_name", default="default", show_default=True, help="Colour theme from templates/themes/.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pnp")
def main():
    """pnp: print-and-play kits for 18xx railway games.

    GAME is a bundled game's name (see `pnp games`) or a path to a game folder."""


@main.command()
def games():
    """List the bundled games."""
    from pnp.load import bundled_games

    for name in bundled_games():
        click.echo(name)


@main.command()
@game_argument
@user_errors
def validate(game):
    """Check a game's data and report the first problem."""
    from pnp.load import load_game

    loaded = load_game(game)
    click.echo(f"{loaded.title}: data is valid ({len(loaded.manifest)} distinct tiles, "
               f"{loaded.total_tiles()} pieces)")


def print_options(game, paper: str, theme_name: str, **extra):
    """Print options from the command line, with the game's own colours on its theme."""
    from pnp.components import PrintOptions
    from pnp.templates import paper as paper_size
    from pnp.templates import theme

    style = theme(theme_name).with_colors(game.info.colors)
    return PrintOptions(paper=paper_size(paper), style=style, **extra)


def run_component(module: str, game_arg: str, out: str | None, **options) -> None:
    """Load a game, build one component and write it: the body of every component command."""
    import importlib

    from pnp.components import write_component
    from pnp.load import load_game
    from pnp.output import OutputDir

    game = load_game(game_arg)
    component = importlib.import_module(f"pnp.components.{module}").build(game, print_options(game, **options))
    for pdf in write_component(component, OutputDir(default_out(game_arg, out)), game.title):
        click.echo(f"{pdf}: {component.pieces} {component.title.lower()} on {len(component.pages)} pages")


def length_option(value: str | None, name: str) -> float | None:
    from pnp.units import parse_length

    if value is None:
        return None
    try:
        return parse_length(value)
    except ValueError as exc:
        raise PnpError(f"{name}: {exc}") from None


@main.command()
@game_argument
@out_option
@paper_option
@click.option("--layout", default="individual", show_default=True, help="individual, tessellated or die.")
@click.option("--tile-size", default=None, help="Tile size flat-to-flat, e.g. 38.1mm or 1.5in.")
@theme_option
@user_errors
def tiles(game, out, paper, layout, tile_size, theme_name):
    """Tile sheets as PDF, and one SVG per distinct tile."""
    from pnp.templates import tile_layout

    tile_layout(layout)  # an unknown layout is an error before anything is built
    run_component("tiles", game, out, paper=paper, theme_name=theme_name, layout=layout,
                  tile_mm=length_option(tile_size, "--tile-size"))


@main.command()
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


if __name__ == "__main__":
    main()
