"""What every command shares: one-line errors with exit status 2, the output folder,
the common options, print options from the command line, and running one component."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import click

from pnp.commands.plain import (import_msgspec, import_shared, length_option, one_blas_thread,  # noqa: F401
                                print_style)
from pnp.errors import PnpError, one_line


EXIT_USER_ERROR = 2


def user_errors(fn):
    """Report PnpError (bad data, bad option) as one line on stderr, exit 2."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except PnpError as exc:
            click.echo(f"pnp: error: {one_line(exc)}", err=True)
            sys.exit(EXIT_USER_ERROR)

    return wrapper


def collecting_no_garbage(fn):
    """Run the command with Python's cyclic garbage collector off (as it was after).
    Nearly everything a build allocates in its main process is kept to the end (modules,
    the loaded game, the kit's results), and the collector's passes walk all of it again
    and again to find next to nothing: in `pnp build 1860`, 144 passes cost ~0.15 s of
    CPU before the first page was drawn, and 513 objects were garbage at the end.
    Reference counting still frees everything else. The drawing workers, which make and
    drop whole pages, collect as usual (`pnp.pdf`'s worker start turns it on again).
    Restored after, for a caller that goes on (the tests run commands in their process)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        import gc

        enabled = gc.isenabled()
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            if enabled:  # what the command allocated goes to the oldest generation unscanned:
                gc.freeze()  # turned on with all of it young, the collector would first
                gc.unfreeze()  # walk all of it again
                gc.enable()

    return wrapper


@functools.cache
def no_collection_at_exit() -> None:
    """Leave everything out of the interpreter's last garbage collection, when this
    process exits: Python collects once more as it shuts down, collector on or off, and
    after `pnp build 1860` that pass over the whole heap cost ~0.1 s between the kit's
    last file and the process's end, to free memory the system takes back at once.
    (`gc.freeze` at exit: whatever runs before, a command or a test session, is as it was.)"""
    import atexit
    import gc

    atexit.register(gc.freeze)  # once a process (functools.cache)


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
lang_option = click.option("--lang", default="en", show_default=True,
                           help="Language of pnp's labels and of the data's texts where the data gives it (en, de).")


def print_options(game, paper: str, theme_name: str, **extra):
    """Print options from the command line, with the game's own colours on its theme."""
    from pnp.components import PrintOptions
    from pnp.templates import paper as paper_size

    style = print_style(game, theme_name)
    return PrintOptions(paper=paper_size(paper), style=style, **extra)


@collecting_no_garbage
def run_component(module: str, game_arg: str, out: str | None, **options) -> None:
    """Load a game, build one component and write it: the body of every component command.
    The game loads in a forked child while this process imports the component's modules
    (`pnp.forked`; ~0.3 s of the 10,000-tile game's `pnp tiles`)."""
    import importlib

    from pnp.forked import Ahead

    paper_name, theme_name = options.pop("paper"), options.pop("theme_name")
    lang = options.get("lang", "en")  # PrintOptions' own default where the command has no --lang
    import_shared()
    with Ahead(component_request, game_arg, paper_name, theme_name, lang, options.pop("cut", None)) as ahead:
        builder = importlib.import_module(f"pnp.components.{module}")
        from pnp.pdf import warm_up

        warm_up()
        game, paper, style, cut, warnings, catalogues = ahead.result()
    from pnp.components import PrintOptions, for_duplex, write_component
    from pnp.i18n import adopt
    from pnp.output import OutputDir

    adopt(catalogues)
    echo_warnings(warnings)
    settings = PrintOptions(paper=paper, style=style, cut=cut, **options)
    component = for_duplex(builder.build(game, settings), game.title, settings)
    echo_warnings(component.warnings)
    written = write_component(component, OutputDir(default_out(game_arg, out)), game.title, settings)
    for doc, pdf in zip(component.documents, written):
        click.echo(f"{pdf}: {component.pieces} {component.title.lower()} on {len(doc.pages)} pages")


def echo_warnings(warnings) -> None:
    for warning in warnings:
        click.echo(f"pnp: warning: {warning}", err=True)


def component_request(game_arg: str, paper: str, theme_name: str, lang: str, cut):
    """A component command's game, loaded and checked with its options, in the order a
    user meets the errors: (game in `lang`, paper, style, cut options, warnings, message
    catalogues). Imports no drawing module: this runs in a forked child."""
    from pnp.cut.options import resolve
    from pnp.i18n import FALLBACK, catalogues, messages
    from pnp.load import load_game
    from pnp.localise import for_kit
    from pnp.templates import paper as paper_size

    game = load_game(game_arg)
    cut = resolve(game, cut)
    style = print_style(game, theme_name)
    size = paper_size(paper)
    messages(lang)  # an unknown language (or a path) is an error before any warning about it
    warnings: list[str] = []
    game = for_kit(game, lang, warnings.append)
    return game, size, style, cut, warnings, catalogues(dict.fromkeys([lang, FALLBACK]))
