"""`pnp` and `python -m pnp`: the command line run as a program of its own.

`run` leaves without tearing the interpreter down: after a build, Python's shutdown
freed every module and object one by one (~0.04 s) for memory the system takes back at
once. Only here, never when the CLI is called as a library or by the tests.

`run` imports the command line with the cyclic garbage collector off: importing is
making classes, functions and modules that live as long as the process, and the
collector's passes over them found nothing to free (13 M instructions of `pnp build`'s
serial start). What was imported is then frozen (`gc.freeze`): left out of the
collections that follow, until `pnp.commands.common.collecting_no_garbage`, as the
command ends, unfreezes it with what the command allocated into the oldest generation.

Before the command line is even imported, `pnp build`'s game starts loading in a
forked child (`pnp.commands.early`): click and the command line are ~85 M instructions
the loading does not need."""

from __future__ import annotations

import os
import sys


def run() -> None:
    import gc

    enabled = gc.isenabled()
    gc.disable()
    from pnp.commands.early import start

    start(sys.argv[1:])  # `pnp build`: its game loads in a child from now on
    from pnp.cli import main

    if enabled:
        gc.freeze()
        gc.enable()

    try:
        main()  # click ends by SystemExit, on success too
    except SystemExit as exc:
        leave(exc.code)
    leave(0)


def leave(code) -> None:
    """Exit with `code` as `sys.exit` would, but by `os._exit` once the output is flushed
    and the exit handlers have run (a pool's workers are gone by then, every file pnp
    writes is closed when written). Where another thread still runs, the output cannot
    be flushed, or a profiler or tracer watches (`python -m cProfile -m pnp` writes its
    figures as Python exits), the ordinary exit."""
    import atexit
    import threading

    if code is None:
        code = 0
    elif not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    watched = sys.getprofile() is not None or sys.gettrace() is not None
    if watched or threading.active_count() > 1 or not hasattr(atexit, "_run_exitfuncs"):
        sys.exit(code)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe: Python's own exit reports it
        sys.exit(code)
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code & 0xFF)


if __name__ == "__main__":
    run()
