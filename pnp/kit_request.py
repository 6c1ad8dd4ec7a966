"""What `pnp build` was asked for, checked against its game: worked out in the forked
child that loads the game (`pnp.commands.build`), and sent back whole."""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec import Struct

from pnp.commands.kit import check_map_layout
from pnp.commands.plain import length_option, print_style
from pnp.errors import PnpError

if TYPE_CHECKING:
    from pnp.cut.options import CutOptions
    from pnp.model.game import Game
    from pnp.render.style import Style
    from pnp.templates import Paper


class KitRequest(Struct):
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
    bleed = length_option(settings["bleed"], "--bleed") if isinstance(settings["bleed"], str) else settings["bleed"]
    cut = resolve(loaded, cut)
    style = print_style(loaded, settings["theme"])
    paper = paper_size(settings["paper"])
    warnings: list[str] = []
    loaded = for_kit(loaded, settings["lang"], warnings.append)
    only = [k.strip() for k in settings["only"].split(",") if k.strip()] if settings["only"] else None
    read = catalogues(dict.fromkeys([settings["lang"], FALLBACK]))  # here: the main process's way is the longer
    return KitRequest(loaded, settings, paper, style, bleed, cut, only, warnings, read)

