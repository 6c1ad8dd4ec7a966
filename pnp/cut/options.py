"""The cut options a user chooses: on the command line (`cut_options`) or in a
game's `print:` settings (`cut_files`, `cut_contour`, `registration`)."""

import functools
from typing import NamedTuple

from pnp.errors import PnpError

FILE_FORMATS = ("svg", "dxf")
MACHINES = ("silhouette", "cricut")


class CutOptions(NamedTuple):
    """The cut options chosen. A named tuple, not a frozen dataclass: this module is
    imported as the command line starts, where making a frozen dataclass's class
    compiles its six methods (~4 M instructions). Annotations are not postponed here:
    a named tuple compiles a postponed one into a ForwardRef."""

    files: tuple[str, ...] = ()  # cut file formats to write beside each PDF
    contour: bool = False  # cut lines as a CutContour spot colour layer, not printed
    registration: str | None = None  # print-and-cut machine whose marks each page carries

    @property
    def active(self) -> bool:
        return bool(self.files or self.contour or self.registration)


def cut_options(files=None, contour=None, registration=None) -> CutOptions:
    """Checked options from their command-line or game.yaml values: `files` as
    "svg,dxf" or a list; `contour` true or false; `registration` a machine's name or
    none. A bad value is a PnpError saying what is allowed."""
    return CutOptions(_formats(files), _contour(contour), _machine(registration))


def _formats(files) -> tuple[str, ...]:
    if isinstance(files, str):
        files = [f.strip().lower() for f in files.split(",") if f.strip()]
    if files is not None and not isinstance(files, (list, tuple)):
        raise PnpError(f"cut files: expected svg, dxf or svg,dxf, not {files!r}")
    formats = tuple(dict.fromkeys(str(f).lower() for f in files or ()))
    unknown = [f for f in formats if f not in FILE_FORMATS]
    if unknown:
        raise PnpError(f"cut files: unknown format '{unknown[0]}' (known: {', '.join(FILE_FORMATS)})")
    return formats


def _contour(contour) -> bool:
    if contour is not None and not isinstance(contour, bool):
        raise PnpError(f"cut contour: expected true or false, not {contour!r}")
    return bool(contour)


def _machine(registration) -> str | None:
    if registration in ("none", "", False, None):
        return None
    if registration not in MACHINES:
        raise PnpError(f"registration: unknown machine '{registration}' (known: {', '.join(MACHINES)}, none)")
    return registration


def cut_click_options(fn):
    """`--cut-files`, `--cut-contour` and `--registration` on a command, handed to it
    as one `cut` argument (a CutOptions). Click is imported here, not with the module:
    `pnp build`'s loading child, forked before the command line is imported, resolves
    cut options without it (`pnp.commands.early`)."""
    import click

    @click.option("--cut-files", "cut_files", default=None,
                  help="Also write a cut file per page: svg, dxf or svg,dxf (for laser cutters, cutting machines).")
    @click.option("--cut-contour/--no-cut-contour", "cut_contour", default=None,
                  help="Cut lines as a CutContour spot colour on a 'Cut' layer (for print shops that die-cut).")
    @click.option("--registration", type=click.Choice(["none", *MACHINES]), default=None,
                  help="Print-and-cut marks and page area for a Silhouette or Cricut machine.")
    @functools.wraps(fn)
    def wrapper(*args, cut_files, cut_contour, registration, **kwargs):
        return fn(*args, cut={"cut_files": cut_files, "cut_contour": cut_contour, "registration": registration},
                  **kwargs)

    return wrapper


def from_settings(settings: dict) -> CutOptions:
    """The options from merged settings (command line over game.yaml's `print:`)."""
    return cut_options(settings.get("cut_files"), settings.get("cut_contour"), settings.get("registration"))


KEYS = ("cut_files", "cut_contour", "registration")


def resolve(game, cli: dict | None) -> CutOptions:
    """Command-line values win over the game's `print:` settings; a bad value in
    game.yaml is a DataError naming the file and the setting."""
    from pnp.errors import DataError

    game_print = dict(game.info.print)
    for key, check in zip(KEYS, (_formats, _contour, _machine)):
        try:
            check(game_print.get(key))
        except PnpError as exc:
            raise DataError(game.folder / "game.yaml", f"print.{key}", str(exc).split(": ", 1)[1]) from None
    merged = {k: game_print.get(k) for k in KEYS}
    merged.update({k: v for k, v in (cli or {}).items() if v is not None})
    return from_settings(merged)
