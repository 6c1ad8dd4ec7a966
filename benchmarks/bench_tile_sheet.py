"""Benchmark: the CPU of `pnp tiles` on the synthetic 10,000-tile game, process by process.

    python benchmarks/bench_tile_sheet.py [--runs 3] [--pieces 10000] [--workers 2] [--root CHECKOUT]

On a shared machine wall times are noisy, CPU times much less so. This runs the steps
`pnp tiles` runs, the way it runs them, and reports the CPU seconds of each process:
the main process up to the moment the drawing workers fork (interpreter, imports,
loading the game, planning the sheets, loading the cairo bindings and fonts), each
worker's part (the artwork of its parts' tiles, the drawing, its PDF parts and its
tiles' SVGs) and the join of the parts. The workers run at the same time and each
takes the next part (`pnp.pdf.part_ranges`) when it is free, as the drawing pool hands
them out, so a worker's figures depend on the other's: `drawing wall` is the time
from the fork to the last worker's end, `idle` how long the first worker to finish
waited for the last. Median of `runs` for each figure.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if "--root" in sys.argv:  # the checkout measured (its pnp), e.g. one of main before a change
    sys.path.insert(0, str(Path(sys.argv[sys.argv.index("--root") + 1]).resolve()))
else:
    sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_targets import SYNTHETIC_TILES, synthetic_game  # noqa: E402


def cpu(usage) -> float:
    return usage.ru_utime + usage.ru_stime


def one_run(game_path: Path, out: Path, workers: int) -> dict[str, float]:
    """CPU seconds of each part, as `pnp tiles` splits the work (in a fresh process)."""
    import multiprocessing

    from pnp import pdf_file
    from pnp.commands.common import print_options
    from pnp.components import for_duplex, tiles
    from pnp.cut.options import resolve
    from pnp.load import load_game
    from pnp.output import OutputDir
    from pnp.pdf import PdfPart, draw_range, part_ranges, warm_up

    game = load_game(str(game_path))
    settings = print_options(game, "a4", "default", cut=resolve(game, None))
    component = for_duplex(tiles.build(game, settings), game.title, settings)
    doc = component.documents[0]
    section = PdfPart(component.title, doc.pages, doc.trim_inset, doc.bleed)
    warm_up()
    figures = {"main": cpu(resource.getrusage(resource.RUSAGE_SELF))}
    ranges = part_ranges(len(doc.pages), workers)
    taken = multiprocessing.Value("i", 0)  # the next part to draw, as the pool's queue hands them out
    started = time.perf_counter()
    pids = []
    for _ in range(workers):
        pid = os.fork()
        if pid == 0:  # a worker, as DocumentPool starts one
            import gc

            gc.freeze()
            while True:
                with taken.get_lock():
                    n, taken.value = taken.value, taken.value + 1
                if n >= len(ranges):
                    os._exit(0)
                a, b = ranges[n]
                (out / f"part{n}.pdf").write_bytes(draw_range(section, a, b, "t", "", OutputDir(out)))
        pids.append(pid)
    ends, busy = [], {}
    for n in range(workers):
        pid, status, usage = os.wait4(-1, 0)
        ends.append(time.perf_counter())
        if status:
            raise SystemExit("a worker failed")
        busy[pids.index(pid)] = cpu(usage)
    figures.update({f"worker {n + 1}": busy[n] for n in sorted(busy)})
    figures["drawing wall"] = ends[-1] - started
    figures["idle"] = ends[-1] - ends[0]
    start = time.process_time()
    pdf_file.write([pdf_file.read((out / f"part{n}.pdf").read_bytes()) for n in range(len(ranges))])
    figures["join"] = time.process_time() - start
    figures["parts"] = len(ranges)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pieces", type=int, default=SYNTHETIC_TILES)
    parser.add_argument("--workers", type=int, default=min(os.cpu_count() or 1, 4))
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the checkout whose pnp is measured")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(one_run(Path(args.child[0]), Path(args.child[1]), args.workers)))
        return
    import subprocess

    root = args.root.resolve()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as an installed pnp
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as work:
        game = synthetic_game(Path(work) / "syn", root, args.pieces)
        runs = []
        for i in range(args.runs + 1):  # the first run only writes the bytecode caches
            out = Path(work) / f"out{i}"
            out.mkdir()
            text = subprocess.run([sys.executable, __file__, "--workers", str(args.workers), "--root", str(root),
                                   "--child", str(game), str(out)], cwd=root, env=env, check=True, capture_output=True, text=True).stdout
            runs.append(json.loads(text))
    figures = {name: statistics.median(r[name] for r in runs[1:]) for name in runs[1]}
    print(f"pnp tiles ({root}), {args.pieces} tiles, {args.workers} workers: seconds, median of {args.runs} "
          f"(load average {os.getloadavg()[0]:.1f})")
    for name, value in figures.items():
        print(f"  {name:<28} {value:6.2f}")
    total = sum(v for k, v in figures.items() if k.startswith(("main", "worker", "join")))
    print(f"  {'total CPU':<28} {total:6.2f}  (main + workers + join; drawing wall, idle, parts: not CPU)")


if __name__ == "__main__":
    main()
