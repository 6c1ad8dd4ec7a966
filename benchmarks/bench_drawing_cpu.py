"""Benchmark: the CPU a kit's drawing work costs, component by component, as the
workers of `pnp build` spend it (cold caches, as on a freshly forked worker).

    python benchmarks/bench_drawing_cpu.py [--game 1860] [--runs 5] [--root CHECKOUT]

Loads the game and warms up as `pnp build` does, then, `runs` times, forks one child
that builds, draws and writes every component of the kit in turn (all on one core,
so the figures do not depend on how the two workers share them) and reports each
component's CPU seconds. The child starts as a drawing worker does (`pnp.pdf._start_worker`:
what it inherited frozen out of its garbage collections) and writes into a staging
folder of its own, made fresh for each run, as a build's is. Prints the minimum over the runs of each component and of
the total (CPU time is far less noisy than wall time on a shared machine, but other
processes still disturb caches: the minimum is the figure closest to the work itself).
Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import os
import pickle
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # another checkout, e.g. main at the start, for a before figure
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path.insert(0, str(ROOT))

from pnp import kit_jobs, pdf  # noqa: E402
from pnp.build import kit_components  # noqa: E402
from pnp.components import PrintOptions  # noqa: E402
from pnp.load import load_game  # noqa: E402
from pnp.localise import in_language  # noqa: E402
from pnp.templates import paper, theme  # noqa: E402


def one_run(job: kit_jobs.KitJob, keys: list[str], profile: str | None = None) -> dict[str, float]:
    """Every component once in a forked child; CPU seconds by component (with
    `profile`, the child runs under cProfile and saves its statistics there)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: as a worker, it inherits the loaded game and the warm-up
        os.close(read)
        pdf._start_worker(os.getppid())
        if profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        times = {}
        for key in keys:
            c0 = time.process_time()
            kit_jobs._run(key, job)
            times[key] = time.process_time() - c0
        if profile:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="1860")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--root", help="checkout to measure (default: this one)")
    parser.add_argument("--profile", help="save the last run's cProfile statistics (pstats) here")
    args = parser.parse_args()
    game = load_game(args.game)
    options = PrintOptions(paper=paper("a4"), style=theme("default").with_colors(game.info.colors))
    game = in_language(game, options.lang)
    keys = kit_components(game, None, options)
    kit_jobs.warm_up(keys, options)
    pdf.warm_up()
    runs = []
    for n in range(args.runs):
        # a new staging folder each run: writing over the files of the last run costs
        # what a build, whose staging folder is always new, never pays
        staging = Path(tempfile.mkdtemp(prefix="bench-drawing-"))
        try:
            job = kit_jobs.KitJob(game, options, staging, False)
            runs.append(one_run(job, keys, args.profile if n == args.runs - 1 else None))
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    totals = [sum(r.values()) for r in runs]
    print(f"{args.game}: drawing CPU of the whole kit, one core, {args.runs} runs: "
          + ", ".join(f"{t:.3f}" for t in totals) + f" s (min {min(totals):.3f})")
    for key in keys:
        print(f"  {key:<14} {min(r[key] for r in runs):.3f} s")


if __name__ == "__main__":
    main()
