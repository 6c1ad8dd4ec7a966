"""Benchmark: the CPU a kit's components cost to BUILD (their pages and pieces as node
trees, the piece SVGs, before any PDF is drawn), component by component.

    python benchmarks/bench_building_cpu.py [--game 1860] [--runs 5] [--root CHECKOUT]

As benchmarks/bench_drawing_cpu.py (which measures building and drawing together):
loads the game and warms up as `pnp build` does, then, `runs` times, forks one child
that starts as a drawing worker and builds every component in turn on one core
(`pnp.build.build_component`, nothing drawn or written). Prints the minimum over the
runs of each component and of the total. A tile sheet's faces are built when its
pages are drawn, so `tiles` shows little here; the first component to need a tile
(the manifest, the upgrade chart) builds it. Under `valgrind --tool=cachegrind`, the
child's instruction count (its own output file) is a figure that load does not move.
Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import os
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # another checkout, e.g. main at the start, for a before figure
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path.insert(0, str(ROOT))

from pnp import kit_jobs, pdf  # noqa: E402
from pnp.build import build_component, kit_components  # noqa: E402
from pnp.components import PrintOptions  # noqa: E402
from pnp.load import load_game  # noqa: E402
from pnp.localise import in_language  # noqa: E402
from pnp.templates import paper, theme  # noqa: E402


def one_run(game, options: PrintOptions, keys: list[str]) -> dict[str, float]:
    """Every component built once in a forked child; CPU seconds by component."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: as a worker, it inherits the loaded game and the warm-up
        os.close(read)
        pdf._start_worker(os.getppid())
        times = {}
        for key in keys:
            c0 = time.process_time()
            build_component(key, game, options)
            times[key] = time.process_time() - c0
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
    args = parser.parse_args()
    game = load_game(args.game)
    options = PrintOptions(paper=paper("a4"), style=theme("default").with_colors(game.info.colors))
    game = in_language(game, options.lang)
    keys = kit_components(game, None, options)
    kit_jobs.warm_up(keys, options)
    pdf.warm_up()
    runs = [one_run(game, options, keys) for _ in range(args.runs)]
    totals = [sum(r.values()) for r in runs]
    print(f"{args.game}: building CPU of the whole kit, one core, {args.runs} runs: "
          + ", ".join(f"{t:.3f}" for t in totals) + f" s (min {min(totals):.3f})")
    for key in keys:
        print(f"  {key:<14} {min(r[key] for r in runs):.4f} s")


if __name__ == "__main__":
    main()
