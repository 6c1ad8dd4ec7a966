"""Benchmark: the CPU of `pnp tiles` on the synthetic 10,000-tile game, process by process.

    python benchmarks/bench_tile_sheet.py [--runs 3] [--pieces 10000] [--workers 2]

On a shared machine wall times are noisy, CPU times much less so. This runs the steps
`pnp tiles` runs, the way it runs them, and reports the CPU seconds of each process:
the main process up to the moment the drawing workers fork (interpreter, imports,
loading the game, planning the sheets, loading the cairo bindings and fonts), each
worker's part (its tiles' artwork, the drawing, its PDF part and its tiles' SVGs; the
workers run one after the other here, so that they do not slow each other down), and
the join of the parts. On an idle machine with one core a worker, the command's wall
time is about main + the slowest worker + join ("critical path"). Median of `runs`.
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_targets import SYNTHETIC_TILES, synthetic_game  # noqa: E402


def cpu(usage) -> float:
    return usage.ru_utime + usage.ru_stime


def one_run(game_path: Path, out: Path, workers: int) -> dict[str, float]:
    """CPU seconds of each part, as `pnp tiles` splits the work (in a fresh process)."""
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
    parts = []
    for n, (a, b) in enumerate(part_ranges(len(doc.pages), workers)):
        chunk = out / f"part{n}.pdf"
        pid = os.fork()
        if pid == 0:  # a worker, as DocumentPool starts one
            import gc

            gc.freeze()
            chunk.write_bytes(draw_range(section, a, b, "t", "", OutputDir(out)))
            os._exit(0)
        _, status, usage = os.wait4(pid, 0)
        if status:
            raise SystemExit(f"worker for pages {a}-{b} failed")
        figures[f"worker {n + 1} (pages {a + 1}-{b})"] = cpu(usage)
        parts.append(chunk.read_bytes())
    start = time.process_time()
    pdf_file.write([pdf_file.read(p) for p in parts])
    figures["join"] = time.process_time() - start
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pieces", type=int, default=SYNTHETIC_TILES)
    parser.add_argument("--workers", type=int, default=min(os.cpu_count() or 1, 4))
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(one_run(Path(args.child[0]), Path(args.child[1]), args.workers)))
        return
    import subprocess

    root = Path(__file__).resolve().parents[1]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as an installed pnp
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as work:
        game = synthetic_game(Path(work) / "syn", root, args.pieces)
        runs = []
        for i in range(args.runs + 1):  # the first run only writes the bytecode caches
            out = Path(work) / f"out{i}"
            out.mkdir()
            text = subprocess.run([sys.executable, __file__, "--workers", str(args.workers), "--child", str(game),
                                   str(out)], cwd=root, env=env, check=True, capture_output=True, text=True).stdout
            runs.append(json.loads(text))
    figures = {name: statistics.median(r[name] for r in runs[1:]) for name in runs[1]}
    print(f"pnp tiles, {args.pieces} tiles, {args.workers} workers: CPU seconds, median of {args.runs} "
          f"(load average {os.getloadavg()[0]:.1f})")
    for name, value in figures.items():
        print(f"  {name:<28} {value:6.2f}")
    workers = [v for k, v in figures.items() if k.startswith("worker")]
    total = sum(figures.values())
    critical = figures["main"] + max(workers) + figures["join"]
    print(f"  {'total':<28} {total:6.2f}\n  {'critical path':<28} {critical:6.2f}  (main + slowest worker + join)")


if __name__ == "__main__":
    main()
