"""What the commands share that needs no click: the option values they check and how
the process prepares its imports. `pnp build`'s loading child, forked before the
command line is imported (`pnp.commands.early`), uses these without importing click
(~60 M instructions); `pnp.commands.common` hands them on to the other commands."""

from __future__ import annotations

import sys

from pnp.errors import PnpError


def length_option(value: str | None, name: str) -> float | None:
    from pnp.units import parse_length

    if value is None:
        return None
    try:
        return parse_length(value)
    except ValueError as exc:
        raise PnpError(f"{name}: {exc}") from None


def print_style(game, theme_name: str):
    """Theme `theme_name` with the game's own colours and its companies' on it."""
    from pnp.templates import theme

    return theme(theme_name).with_colors(game.info.colors).with_companies(game.companies)


def one_blas_thread() -> None:
    """Ask numpy's OpenBLAS for no threads of its own (unless the user set the
    variable): pnp does no linear algebra (numpy comes in through shapely), but OpenBLAS
    starts a thread per core when numpy is imported, whose start and spinning cost ~30
    million instructions in `pnp build`'s main process, and more wall time on a busy
    machine. Read once, when OpenBLAS loads: so this runs before anything imports numpy."""
    import os

    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def import_msgspec() -> None:
    """msgspec, imported without typing_extensions where nothing has imported that yet:
    msgspec takes `get_type_hints`, `Required` and `NotRequired` from it when it can and
    from `typing` otherwise, which on Python 3.11 is the same for pnp's models (plain
    structs, no TypedDict). Importing typing_extensions cost 11 M instructions (~3 ms)
    on `pnp build`'s serial start, before the game's loading child forks. Anything
    that imports typing_extensions later gets it as usual."""
    if "msgspec" in sys.modules or "typing_extensions" in sys.modules:
        return
    sys.modules["typing_extensions"] = None  # an import of it raises ImportError: msgspec falls back
    try:
        import msgspec  # noqa: F401
    finally:
        del sys.modules["typing_extensions"]


def import_shared() -> None:
    """What both a command and the child that loads its game (`pnp.forked`) need: the
    model the game is read back into, the YAML reader (the drawing workers read their
    templates with it), the messages, text measuring. Imported before the fork, once,
    and inherited, rather than once on each core: the command imports more while the
    game loads (~0.45 s for `pnp build`), so its own way is as long as before and the
    child's ~0.1 s shorter."""
    import_msgspec()
    import pnp.glyphs  # noqa: F401
    import pnp.i18n  # noqa: F401
    import pnp.limits  # noqa: F401
    import pnp.model.convert  # noqa: F401
    import pnp.model.game  # noqa: F401
    import pnp.model.map  # noqa: F401
    import pnp.templates  # noqa: F401
    import pnp.text  # noqa: F401
    import pnp.upgrades  # noqa: F401
    import pnp.yamlsafe  # noqa: F401


def import_loading() -> None:
    """`import_shared`, and what else `pnp build`'s loading child and its main process
    both import (pickle, `pnp.build`, `pnp.kit_request`): all the child's modules but the
    loading's own (pnp.load, library, load_map, localise, logos, print_settings, checks,
    tilecode), imported before the child forks. Neither process's way gets longer or
    shorter by it, but both no longer import them each (~0.1 G instructions less CPU)."""
    import_shared()
    import pickle  # noqa: F401

    import pnp.build  # noqa: F401
    import pnp.kit_request  # noqa: F401
