"""Benchmark: the instructions each component's building costs on a cold drawing worker,
counted by valgrind's cachegrind (exact and nearly independent of the machine's load,
unlike CPU seconds on a shared machine), in one valgrind run.

    python benchmarks/bench_component_instructions.py [--game 1860] [--root CHECKOUT]

Runs itself under valgrind (`--child`): loads the game and warms up as `pnp build` does,
forks a process that starts as a drawing worker and, for each component in kit order,
forks two children where it stands, one that ends at once and one that builds the
component whole (its pages made and its SVG files as text, as bench_building_cpu.py's
--whole), then builds the component itself, so that the next one finds the caches a
worker would have (the tiles' artwork for the manifest and the upgrade chart). A
component's count is the second child's instructions less the first's: a forked
child's count starts from its parent's at the fork, the same for both. Drawing the
PDFs and writing the files are not counted. Needs valgrind; a run outside valgrind
first writes the bytecode. Figures, not pass/fail: compare with another checkout
(`--root`), e.g. main at the start of a change.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from component_cpu import ROOT, arguments, child_life, under_cachegrind  # puts the checkout on the path


def child(game_name: str, marks: Path) -> None:
    """Under valgrind: the worker and its pairs of children; each pair's process ids
    written to `marks/<key>`."""
    from component_cpu import kit_setup

    from pnp import pdf
    from bench_building_cpu import built_whole

    game, options, keys = kit_setup(game_name)

    def built(key: str) -> None:
        built_whole(key, game, options)

    def forked(key: str | None) -> int:
        pid = os.fork()
        if pid == 0:
            child_life(built if key is not None else None, key)
        os.waitpid(pid, 0)
        return pid

    def work() -> None:
        pdf._start_worker(os.getppid())
        for key in keys:
            (marks / key).write_text(f"{forked(None)} {forked(key)}")
            built(key)

    worker = os.fork()
    if worker == 0:
        child_life(work)
    os.waitpid(worker, 0)
    (marks / "_order").write_text("\n".join(keys))


def run_counted(description: str, script_file: str, run_child, report) -> None:
    """The command line of a benchmark that runs itself under valgrind: with `--child
    FOLDER`, `run_child(game, folder)` (the run counted, marking its processes there);
    else that run, counted, and `report(game, counts, folder)` (`under_cachegrind`'s counts)."""
    parser = arguments(description)
    parser.add_argument("--child", help=argparse.SUPPRESS)  # the run under valgrind: its marks folder
    args = parser.parse_args()
    if args.child:
        run_child(args.game, Path(args.child))
        return
    with under_cachegrind(script_file, args.game) as (counts, marks):
        report(args.game, counts, marks)


def report(game: str, counts: dict[int, int], marks: Path) -> None:
    rows = []
    for key in (marks / "_order").read_text().split():
        empty, built = map(int, (marks / key).read_text().split())
        rows.append((key, counts[built] - counts[empty]))
    print(f"{game}: building instructions (whole) by component, cold worker, checkout {ROOT}")
    for key, n in rows:
        print(f"  {key:<14} {n / 1e6:8.1f} M")
    print(f"  {'total':<14} {sum(n for _, n in rows) / 1e6:8.1f} M")


def main() -> None:
    run_counted(__doc__.split("\n")[0], __file__, child, report)


if __name__ == "__main__":
    main()
