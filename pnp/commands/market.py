"""`pnp market`: the stock market and its aids, and the `--cell-size` option's reader."""

from __future__ import annotations

import click

from pnp.commands.common import (game_argument, length_option, lang_option, out_option, paper_option,
                                 run_component, theme_option, user_errors)
from pnp.cut.options import cut_click_options
from pnp.errors import PnpError


@click.command()
@game_argument
@out_option
@paper_option
@click.option("--cell-size", default=None, help="A market space, WIDTHxHEIGHT with a unit, e.g. 20x24mm [17.8x21.6mm].")
@theme_option
@lang_option
@cut_click_options
@user_errors
def market(game, out, paper, cell_size, theme_name, lang, cut):
    """The stock market at full size and in page sections, with the par chart,
    revenue track and round tracker."""
    run_component("market", game, out, paper=paper, theme_name=theme_name, lang=lang, market_cell=cell_size_option(cell_size),
                  cut=cut)


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
