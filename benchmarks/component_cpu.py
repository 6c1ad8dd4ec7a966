"""What bench_drawing_cpu.py and bench_building_cpu.py share: a kit set up as `pnp build`
sets it up, and a forked child that starts as a drawing worker and times each component
on one core. Importing this module puts the checkout to measure on the path first: this
one, or another given by `--root` (e.g. main at the start, for a before figure); pnp is
imported only when a function is called."""

from __future__ import annotations

import argparse
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path.insert(0, str(ROOT))


def arguments(description: str) -> argparse.ArgumentParser:
    """The options both benchmarks take: --game, --runs, --root."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--game", default="1860")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--root", help="checkout to measure (default: this one)")
    return parser


def kit_setup(game_name: str):
    """(game, options, keys): the game loaded and localised, the default print options,
    the kit's components, and the warm-up the workers inherit done."""
    from pnp import kit_jobs, pdf
    from pnp.build import kit_components
    from pnp.components import PrintOptions
    from pnp.load import load_game
    from pnp.localise import in_language
    from pnp.templates import paper, theme

    game = load_game(game_name)
    options = PrintOptions(paper=paper("a4"), style=theme("default").with_colors(game.info.colors))
    game = in_language(game, options.lang)
    keys = kit_components(game, None, options)
    kit_jobs.warm_up(keys, options)
    pdf.warm_up()
    return game, options, keys


def timed_in_worker(run_one, keys: list[str], profile: str | None = None) -> dict[str, float]:
    """`run_one(key)` for every key in a forked child started as a drawing worker; CPU
    seconds by key (with `profile`, the child runs under cProfile and saves its
    statistics there)."""
    from pnp import pdf

    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: as a worker, it inherits the loaded game and the warm-up
        os.close(read)
        pdf._start_worker(os.getppid())
        profiler = None
        if profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        times = {}
        for key in keys:
            c0 = time.process_time()
            run_one(key)
            times[key] = time.process_time() - c0
        if profiler:
            profiler.disable()
            profiler.dump_stats(profile)
        with os.fdopen(write, "wb") as fh:
            pickle.dump(times, fh)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as fh:
        times = pickle.load(fh)
    os.waitpid(pid, 0)
    return times


def print_minimums(what: str, game_name: str, keys: list[str], runs: list[dict[str, float]], places: int) -> None:
    """Each run's total, and the least of each component over the runs."""
    totals = [sum(r.values()) for r in runs]
    print(f"{game_name}: {what} of the whole kit, one core, {len(runs)} runs: "
          + ", ".join(f"{t:.3f}" for t in totals) + f" s (min {min(totals):.3f})")
    for key in keys:
        print(f"  {key:<14} {min(r[key] for r in runs):.{places}f} s")


@contextmanager
def under_cachegrind(script_file: str, game_name: str):
    """(`cachegrind_counts` of the benchmark `script_file` run for GAME with this
    checkout, its marks folder), the folder kept for the `with` block."""
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed")
    script = [sys.executable, script_file, "--game", game_name, "--root", str(ROOT)]
    with tempfile.TemporaryDirectory(prefix="bench-instr-") as folder:
        yield cachegrind_counts(script, Path(folder)), Path(folder)


def cachegrind_counts(script: list[str], marks: Path) -> dict[int, int]:
    """Each process's instructions (process id -> count) when `script --child marks` runs
    under valgrind's cachegrind, after a run outside it that writes the bytecode (and
    whose marks are cleared). A forked process's count starts from its parent's at the
    fork: compare a child with an empty sibling."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(script + ["--child", str(marks)], env=env, check=True, capture_output=True)  # bytecode
    for f in marks.iterdir():
        f.unlink()
    subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                    f"--cachegrind-out-file={marks}/cg.%p", *script, "--child", str(marks)],
                   env=env, check=True, capture_output=True)
    counts = {}
    for f in marks.glob("cg.*"):
        found = re.search(r"^summary: (\d+)", f.read_text(), re.M)
        counts[int(f.suffix[1:])] = int(found.group(1)) if found else 0
    return counts


def child_life(fn, *args) -> None:
    """A forked child runs `fn(*args)` (none: nothing) and leaves by `os._exit`, whatever
    happens: an error must not unwind into the parent's loop and run it twice."""
    code = 1
    try:
        if fn is not None:
            fn(*args)
        code = 0
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        os._exit(code)
