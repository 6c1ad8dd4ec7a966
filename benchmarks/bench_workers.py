"""Benchmark: what each drawing worker of `pnp build` does, component by component.

    python benchmarks/bench_workers.py [--runs 3] [--game 1860] [--root CHECKOUT]

Builds the kit `runs` times in one process (after an untimed warm-up, as
bench_kit.py does) and records, on the workers, each component's CPU and wall time
split (CPU) into building its pages, writing its SVGs and drawing its PDFs (cairo). Prints,
for the median run (by the workers' wall time): each worker's timeline (component,
start, end, build/svg/pdf seconds) and busy time, and how long the last worker ran
after the first finished (time one core stood idle). With `--pdf-scale K`, also what
`kit_jobs.schedule` would make of the median run's jobs if drawing the PDFs cost K
times what it did (each job's CPU less (1 - K) times its pdf seconds), handed out in
its order to whichever of two workers is free first, against an even split: whether
the order still balances once the PDF writer is cheaper. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # another checkout, e.g. main at the start, for a before figure
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path.insert(0, str(ROOT))

from pnp import build as pnp_build, kit_jobs, pdf  # noqa: E402
from pnp.build import build_kit  # noqa: E402
from pnp.components import PrintOptions  # noqa: E402
from pnp.load import load_game  # noqa: E402
from pnp.render import svg  # noqa: E402
from pnp.templates import paper, theme  # noqa: E402

_LOG: Path | None = None
_PHASE: dict[str, float] = defaultdict(float)


def _timed(name, fn):
    @functools.wraps(fn)  # pickled by its name, as the function it wraps
    def wrapper(*args, **kwargs):
        t0 = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            _PHASE[name] += time.process_time() - t0
    return wrapper


def _patch() -> None:
    """Wrap the worker's job so that each component's times land in the log (one line
    a component, appended by the worker that ran it)."""
    run = kit_jobs._run
    svg.to_string = _timed("svg", svg.to_string)
    pdf.assemble = _timed("pdf", pdf.assemble)
    pnp_build.build_component = _timed("build", pnp_build.build_component)

    def logged(key, job):
        _PHASE.clear()
        w0, c0 = time.perf_counter(), time.process_time()
        done = run(key, job)
        w1, c1 = time.perf_counter(), time.process_time()
        with open(_LOG, "a") as fh:
            fh.write(f"{os.getpid()} {key} {w0} {w1} {c1 - c0} {_PHASE['build']} {_PHASE['svg']} {_PHASE['pdf']}\n")
        return done

    kit_jobs._run = logged


def options(game):
    return PrintOptions(paper=paper("a4"), style=theme("default").with_colors(game.info.colors))


def one_run(game_name: str, out: Path) -> tuple[float, list[list[str]]]:
    global _LOG
    _LOG = out / "worker-log.txt"
    _LOG.unlink(missing_ok=True)
    game = load_game(game_name)
    t0 = time.perf_counter()
    build_kit(game, options(game), out / "kit")
    wall = time.perf_counter() - t0
    rows = [line.split() for line in _LOG.read_text().splitlines()]
    return wall, rows


def report(wall: float, rows: list[list[str]]) -> None:
    start = min(float(r[2]) for r in rows)
    by_pid: dict[str, list[list[str]]] = defaultdict(list)
    for r in rows:
        by_pid[r[0]].append(r)
    ends = []
    print(f"kit wall {wall:.2f} s; on the workers (seconds from the first component's start):")
    for n, (pid, items) in enumerate(sorted(by_pid.items()), 1):
        busy = sum(float(r[4]) for r in items)
        end = max(float(r[3]) for r in items) - start
        ends.append(end)
        print(f"  worker {n}: busy {busy:.3f} s CPU, last component ends at {end:.3f} s")
        for _, key, w0, w1, cpu, build, svg_s, pdf_s in sorted(items, key=lambda r: float(r[2])):
            print(f"    {key:<14} {float(w0) - start:6.3f}-{float(w1) - start:6.3f}  cpu {float(cpu):.3f}  "
                  f"build {float(build):.3f}  svg {float(svg_s):.3f}  pdf {float(pdf_s):.3f}")
    total = sum(float(r[4]) for r in rows)
    print(f"  all workers: {total:.3f} s CPU; one worker idle at the end for {max(ends) - min(ends):.3f} s")


def simulated(rows: list[list[str]], pdf_scale: float, workers: int = 2) -> None:
    """The schedule's jobs (`kit_jobs.schedule`) handed out in order to whichever worker
    is free first, each component costing its measured CPU with its pdf part scaled."""
    cost = {r[1]: float(r[4]) - (1.0 - pdf_scale) * float(r[7]) for r in rows}
    free = [0.0] * workers
    for job in kit_jobs.schedule(list(cost)):
        k = free.index(min(free))
        free[k] += sum(cost[key] for key in job)
    even = sum(cost.values()) / workers
    print(f"  with pdf x{pdf_scale:g}: workers end at {', '.join(f'{f:.3f}' for f in free)} s CPU; "
          f"an even split {even:.3f} s; the longest job {max(sum(cost[k] for k in job) for job in kit_jobs.schedule(list(cost))):.3f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--game", default="1860", help="a bundled game's name or a game folder")
    ap.add_argument("--root", help="the pnp checkout to measure (default: this one)")
    ap.add_argument("--pdf-scale", type=float, help="also simulate the schedule with drawing PDFs K times as costly")
    args = ap.parse_args()
    _patch()
    out = Path(tempfile.mkdtemp(prefix="pnp-bench-workers-"))
    try:
        one_run(args.game, out)  # warm-up
        runs = [one_run(args.game, out) for _ in range(args.runs)]
        totals = [sum(float(r[4]) for r in rows) for _, rows in runs]
        print(f"{args.game}: workers' CPU per run {', '.join(f'{t:.3f}' for t in totals)} s (min {min(totals):.3f}, "
              f"median {statistics.median(totals):.3f})")
        median = sorted(runs, key=lambda r: r[0])[len(runs) // 2]
        report(*median)
        if args.pdf_scale is not None:
            simulated(median[1], args.pdf_scale)
        print(f"kit wall median {statistics.median(r[0] for r in runs):.2f} s")
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
