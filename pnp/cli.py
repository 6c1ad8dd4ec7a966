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

    from pnp.components import for_duplex, write_component
    from pnp.load import load_game
    from pnp.output import OutputDir

    game = load_game(game_arg)
    settings = print_options(game, **options)
    component = for_duplex(importlib.import_module(f"pnp.components.{module}").build(game, settings), game.title,
                           settings)
    for warning in component.warnings:
        click.echo(f"pnp: warning: {warning}", err=True)
    written = write_component(component, OutputDir(default_out(game_arg, out)), game.title)
    for doc, pdf in zip(component.documents, written):
        click.echo(f"{pdf}: {component.pieces} {component.title.lower()} on {len(doc.pages)} pages")


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
@click.option("--duplex", type=click.Choice(["none", "long", "short"]), default="none", show_default=True,
              help="Double-sided: flippable tiles get their mirror image on the back, the others their colour.")
@theme_option
@user_errors
def tiles(game, out, paper, layout, tile_size, duplex, theme_name):
    """Tile sheets as PDF, and one SVG per distinct tile."""
    from pnp.templates import tile_layout

    tile_layout(layout)  # an unknown layout is an error before anything is built
    run_component("tiles", game, out, paper=paper, theme_name=theme_name, layout=layout, duplex=duplex,
                  tile_mm=length_option(tile_size, "--tile-size"))


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
@user_errors
def map_command(game, out, paper, variant, placements, tile_size, clearance, theme_name):
    """The map: map.svg and map.pdf at real size, map-sections.pdf on your paper."""
    run_component("map", game, out, paper=paper, theme_name=theme_name, variant=variant,
                  placements=Path(placements) if placements else None,
                  tile_mm=length_option(tile_size, "--tile-size"), clearance=length_option(clearance, "--clearance"))


@main.command()
@game_argument
@click.argument("layout")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="How the report prints.")
@click.option("--check", "check_only", is_flag=True, help="Only check the layout and report; write no files.")
@out_option
@paper_option
@theme_option
@user_errors
def compose(game, layout, fmt, check_only, out, paper, theme_name):
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
        component = composed_map(loaded, print_options(loaded, paper, theme_name), comp)
        png = preview_png(component, comp)
        folder = OutputDir(default_out(game, out))
        files = [str(p) for p in write_component(component, folder, loaded.title)]
        files += [str(folder.write(f"{comp.key}.png", png)), str(folder.path(f"{comp.key}.svg"))]
    report = {**comp.report(), "files": sorted(files)}
    if fmt == "json":
        click.echo(report_json(report), nl=False)
    else:
        click.echo(report_text(report) + "".join(f"written: {f}\n" for f in report["files"]), nl=False)


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
    @user_errors
    def command(game, out, paper, theme_name, lang):
        run_component(key, game, out, paper=paper, theme_name=theme_name, lang=lang)

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
    @user_errors
    def command(game, out, paper, theme_name, lang, duplex, bleed, crop_marks):
        run_component(key, game, out, paper=paper, theme_name=theme_name, lang=lang, duplex=duplex,
                      bleed=length_option(bleed, "--bleed"), crop_marks=crop_marks)

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
@user_errors
def build(game, out, paper, scale, bleed, crop_marks, duplex, only, lang, theme_name, tile_layout, map_layout, png,
          quiet):
    """A game's complete print kit: GAME-kit.pdf, a PDF per component, SVGs and index.md."""
    import signal

    from pnp.build import build_kit, resolve_options
    from pnp.load import load_game
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
                            layout=settings["tile_layout"], map_layout=settings["layout"])
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


def check_map_layout(game, layout: str) -> None:
    """`pnp build --layout`: the layout must compose (sections that exist, no overlap,
    one piece) before anything is built. A tile sheet layout's name here is a slip for
    --tile-layout."""
    from pnp.compose import compose
    from pnp.templates import tile_layouts

    try:
        compose(game, layout)
    except PnpError as exc:
        if layout in tile_layouts():
            raise PnpError(f"--layout {layout}: {exc}; for the tile sheet layout use --tile-layout {layout}") from None
        raise


def summary_table(result, target: Path) -> str:
    rows = [("component", "pieces", "expected", "pages", "seconds", "file")]
    for b in result.built:
        c = b.component
        rows.append((c.title, str(c.pieces), "-" if c.expected is None else str(c.expected), str(len(c.pages)),
                     f"{b.seconds:.2f}", c.documents[0].filename if c.documents else "-"))
    rows.append(("kit", "", "", str(result.kit_pages), f"{result.seconds:.2f}", result.kit_file))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) if i in (0, 5) else cell.rjust(w) for i, (cell, w) in enumerate(zip(r, widths)))
             for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines) + f"\n\nwritten to {target}/"


@main.command()
@game_argument
@out_option
@paper_option
@click.option("--cell-size", default=None, help="A market space, WIDTHxHEIGHT with a unit, e.g. 20x24mm [17.8x21.6mm].")
@theme_option
@user_errors
def market(game, out, paper, cell_size, theme_name):
    """The stock market at full size and in page sections, with the par chart,
    revenue track and round tracker."""
    run_component("market", game, out, paper=paper, theme_name=theme_name, market_cell=cell_size_option(cell_size))


def cell_size_option(value: str | None) -> tuple[float, float] | None:
    """'20x24mm' or '0.8in x 1in' -> (width, height) in mm."""
    if value is None:
        return None
    parts = [p.strip() for p in value.lower().split("x")]
    if len(parts) != 2:
        raise PnpError(f"--cell-size: expected WIDTHxHEIGHT such as 20x24mm, not {value!r}")
    unit = next((u for u in ("mm", "cm", "in", "pt") if parts[1].endswith(u)), "")
    if unit and not parts[0][-1:].isalpha():
        parts[0] += unit
    width, height = (length_option(p, "--cell-size") for p in parts)
    if width <= 0 or height <= 0:
        raise PnpError(f"--cell-size: a space needs a positive width and height, not {value!r}")
    return width, height


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


@main.group(name="import")
def import_():
    """Convert other tools' data into pnp's YAML."""


@import_.command(name="tile-code")
@click.argument("code")
@click.option("--id", "tile_id", required=True, help="The tile's number or name.")
@click.option("--color", required=True, help="yellow, green, brown, gray, ...")
@user_errors
def import_tile_code(code, tile_id, color):
    """Print the pnp YAML of a tile written in the 18xx.games notation."""
    from pydantic import ValidationError

    from pnp.export.tileyaml import tile_yaml
    from pnp.model.tile import COLOURS, Tile

    if color not in COLOURS:
        raise PnpError(f"--color: unknown colour '{color}' (known: {', '.join(COLOURS)})")
    try:
        tile = Tile(id=tile_id, color=color, code=code)
    except ValidationError as exc:
        raise PnpError(f"tile code: {exc.errors()[0]['msg'].removeprefix('Value error, ')}") from None
    click.echo(tile_yaml(tile, indent=""))


@import_.command(name="18xx-maker")
@click.argument("source", type=click.Path(dir_okay=False))
@click.option("--out", "out", type=click.Path(file_okay=False), required=True, help="The game folder to write.")
@click.option("--library", type=click.Path(file_okay=False), default=None,
              help="18xx-maker's folder holding tiles/*.json [the game file's folder's parent].")
@user_errors
def import_maker(source, out, library):
    """Convert an 18xx-maker game (GAME.json) into a pnp game folder, with
    import-report.md listing what could not be converted."""
    from pnp.importers.maker_game import REPORT, import_game

    result = import_game(Path(source), Path(out), tiles_folder=Path(library) if library else None)
    click.echo(f"{result.title}: imported into {out}/ ({result.hexes} map hexes, {result.tile_pieces} tiles; "
               f"{', '.join(f for f in result.files if f != REPORT)})")
    click.echo(f"{result.report.summary()}; see {Path(out) / REPORT}")


# Commands in their own modules (imported last: they use the options above).
from pnp.new_command import new  # noqa: E402
from pnp.schema.command import schema  # noqa: E402
from pnp.serve.command import serve  # noqa: E402

main.add_command(serve)
main.add_command(schema)
main.add_command(new)

if __name__ == "__main__":
    main()
