"""`pnp build`'s game, loading from the program's first moment: a forked child starts
on it before click and the command line are imported (`pnp.__main__.run`).

The game's loading child used to fork inside the build command, after Python, click,
the command line and the modules both processes share were imported (352 M
instructions of 1858's build); the main process then imports the drawing modules while
the child loads. The child needs none of click or the command line (~85 M), and the
main process needs all of it: forked first, the child skips it, both processes are
busy from the start, and whichever is longer (today about even) decides when the
workers can fork. The modules both need are imported just before the fork
(`pnp.commands.plain.import_loading`): neither way is longer for it, and the machine
imports them once.

Click still reads the command line: this module only guesses, from a plain reading
of argv (`read_argv`), what the build command will be called with, and the command
takes the child's work only if click read the same (`taken`); else the child is
stopped and the build loads the game as before. The guess is kept simple: anything
but a `pnp build` of known options with plain values (`--help`, an unknown option, a
value that starts with '-') forks nothing here. Nothing else changes: the child is the
same `pnp.forked.Ahead` child (dies with this process, writes nothing but its pipe),
its answer or its user error is the one the build would have got, and a child not
taken is killed when this process exits (`close`).
"""

from __future__ import annotations

import atexit

# The build command's options as click hands them to it: the value options and the
# flags, each with the key of the child's request it sets (None: not the child's).
VALUE_OPTIONS = {"--out": None, "--paper": "paper", "--scale": "scale", "--bleed": "bleed", "--duplex": "duplex",
                 "--only": "only", "--lang": "lang", "--theme": "theme", "--tile-layout": "tile_layout",
                 "--layout": "layout", "--cut-files": "cut_files", "--registration": "registration"}
FLAGS = {"--crop-marks": ("crop_marks", True), "--no-crop-marks": ("crop_marks", False),
         "--cut-contour": ("cut_contour", True), "--no-cut-contour": ("cut_contour", False),
         "--png": (None, True), "-q": (None, True), "--quiet": (None, True)}
CLI_KEYS = ("paper", "scale", "bleed", "crop_marks", "duplex", "lang", "theme", "tile_layout", "layout", "only")
CUT_KEYS = ("cut_files", "cut_contour", "registration")

Request = tuple[str, dict, dict]  # kit_request's arguments: the game, the print options, the cut options

_EARLY: tuple[Request, object] | None = None  # the guessed request and its Ahead, until taken or closed


def request(game: str, values: dict) -> Request:
    """`pnp.kit_request.kit_request`'s arguments from the build's option values (keyed as
    in CLI_KEYS and CUT_KEYS; a missing one is None): one shape for the command and
    for the guess, so that the two compare."""
    return game, {k: values.get(k) for k in CLI_KEYS}, {k: values.get(k) for k in CUT_KEYS}


def read_argv(argv: list[str]) -> Request | None:
    """The request of `pnp build GAME [options]` as click would read it, or None for
    anything else or anything not plainly read (click then decides alone)."""
    if not argv or argv[0] != "build":
        return None
    game, values, rest = None, {}, list(argv[1:])
    while rest:
        token = rest.pop(0)
        name, eq, value = token.partition("=") if token.startswith("--") else (token, "", "")
        if name in VALUE_OPTIONS:
            if not eq:
                if not rest:
                    return None
                value = rest.pop(0)
            if value.startswith("-"):
                return None
            values[VALUE_OPTIONS[name]] = value
        elif name in FLAGS and not eq:
            key, flag = FLAGS[name]
            values[key] = flag
        elif token.startswith("-") or game is not None:
            return None
        else:
            game = token
    if game is None:
        return None
    values.pop(None, None)
    if values.get("scale") is not None:
        try:
            values["scale"] = float(values["scale"])  # click's FLOAT
        except ValueError:
            return None
    return request(game, values)


def start(argv: list[str]) -> None:
    """The game of `pnp build` argv loading in a forked child from now on, where argv
    is plainly such a build and a child can help (`pnp.forked.can_fork`)."""
    global _EARLY
    guess = read_argv(argv)
    if guess is None:
        return
    from pnp import forked
    from pnp.commands.plain import import_loading, one_blas_thread

    if not forked.can_fork():
        return
    one_blas_thread()  # as the command line's group would, before anything imports numpy
    import_loading()
    _EARLY = guess, forked.Ahead(load, *guess)
    atexit.register(close)


def load(game: str, cli: dict, cut: dict):
    """`kit_request` (in the child, which imports the loading's own modules)."""
    from pnp.kit_request import kit_request

    return kit_request(game, cli, cut)


def taken(game: str, cli: dict, cut: dict):
    """The early child's `Ahead` if it loads the request click read (`game`, `cli`,
    `cut`), else None (and a child that guessed otherwise stopped)."""
    global _EARLY
    early, _EARLY = _EARLY, None
    if early is None:
        return None
    guess, ahead = early
    if repr(guess) == repr((game, cli, cut)):  # repr: 1 and 1.0, 0.0 and -0.0 print apart
        return ahead
    ahead.close()
    return None


def close() -> None:
    """A child not taken (click found a mistake in the command line, or the build
    stopped before it asked) killed: at exit, with nothing to read from it."""
    global _EARLY
    early, _EARLY = _EARLY, None
    if early is not None:
        early[1].close()
