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

import shutil
import tempfile
from pathlib import Path

from component_cpu import arguments, kit_setup, print_minimums, timed_in_worker  # puts the checkout on the path

from pnp import kit_jobs  # noqa: E402


def main() -> None:
    parser = arguments(__doc__.split("\n")[0])
    parser.add_argument("--profile", help="save the last run's cProfile statistics (pstats) here")
    args = parser.parse_args()
    game, options, keys = kit_setup(args.game)
    runs = []
    for n in range(args.runs):
        # a new staging folder each run: writing over the files of the last run costs
        # what a build, whose staging folder is always new, never pays
        staging = Path(tempfile.mkdtemp(prefix="bench-drawing-"))
        try:
            job = kit_jobs.KitJob(game, options, staging, False)
            profile = args.profile if n == args.runs - 1 else None
            runs.append(timed_in_worker(lambda key: kit_jobs._run(key, job), keys, profile))
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    print_minimums("drawing CPU", args.game, keys, runs, 3)


if __name__ == "__main__":
    main()
