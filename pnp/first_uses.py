"""What a drawing worker would read or import the first time a component needs it,
whatever the game: the `templates/` settings (each read once a process, by a cached
function) and a few modules imported inside functions. Done in the main process before
the workers fork (`pnp.kit_jobs`), each worker inherits it instead of doing it again.

It is done only in time the main process would otherwise spend waiting for the game
to load (`kit_jobs.warm_up_while`), one step at a time: done after the game has come,
on the build's serial path, it cost more than it saved. (Measured on 1858 with cachegrind:
what every worker does, EVERY_WORKER and the tile layouts, cost the main process ~8 M
instructions more before the fork and saved each worker ~5 M.)"""

from __future__ import annotations

import importlib

# (module, function, argument): the function called (with the argument, if any), or,
# without a function, the module imported.
Use = tuple[str, str | None, str | None]

# Every worker: each component's print area and piece formats; the codec of the PDFs'
# UTF-16 texts; `traceback`, imported by each job's answer (pnp.workpool).
EVERY_WORKER: tuple[Use, ...] = (
    ("pnp.sheets.printable", "print_area", None),
    ("pnp.sheets.formats", "formats", None),
    ("pnp.sheets.formats", "sheet_spec", None),
    ("encodings.utf_16_be", None, None),
    ("traceback", None, None),
)

# Per component, as found by tracing the files a worker opens and the modules it imports
# while it builds, draws and writes the component (1858, 1860, 1851, 18xy).
BY_COMPONENT: dict[str, tuple[Use, ...]] = {
    "tiles": (("pnp.templates", "tile_layouts", None),),
    "map": (("pnp.templates", "tile_layouts", None), ("pnp.render.map_frame", "map_spec", None),
            ("pnp.sheets.section_plan", "section_spec", None), ("pnp.templates", "market_sizes", None)),
    "sections": (("pnp.templates", "tile_layouts", None), ("pnp.render.map_frame", "map_spec", None)),
    "market": (("pnp.templates", "market_sizes", None), ("pnp.sheets.section_plan", "section_spec", None),
               ("pnp.geometry.double_double", None, None)),
    "shares": (("pnp.card_layouts", "card_layout", "share"),),
    "charters": (("pnp.card_layouts", "card_layout", "charter"),),
    "privates": (("pnp.card_layouts", "card_layout", "private"),),
    "trains": (("pnp.card_layouts", "card_layout", "train"),),
    "player_cards": (("pnp.card_layouts", "card_layout", "player_card"),),
    "cards": (("pnp.card_layouts", "card_layout", "card"),),
    "tile_manifest": (("pnp.templates", "aid_sizes", "tile_manifest"),),
    "upgrade_chart": (("pnp.templates", "aid_sizes", "tile_upgrade_chart"),),
}


def by_component(key: str) -> None:
    """What component `key` reads or imports on first use, done here."""
    for use in BY_COMPONENT.get(key, ()):
        done(use)


def done(use: Use) -> None:
    """`use` done. A user's mistake in a template is left for the worker to meet again
    (a cached function keeps no error): it reports it for the component that needs it,
    as it did, and a kit that needs no such component is not stopped by it."""
    from pnp.errors import PnpError

    module_name, function, argument = use
    module = importlib.import_module(module_name)
    if function is not None:
        call = getattr(module, function)
        try:
            call() if argument is None else call(argument)
        except PnpError:
            pass
