"""Benchmark: issue 12's speed targets, each as fresh `pnp` processes, median of N runs.

    python benchmarks/bench_targets.py [--runs 5] [--root DIR] [--only NAME,...]

Prints each figure beside its target and the figure measured before the drawing model
(issue 12's own measurements on this machine). `--root` runs another checkout (e.g.
main, to measure "before" in the same conditions). Figures, not pass/fail: the shared
2-core machine is often busy, so compare runs made at the same time.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAKER_1858 = ROOT.parent / "shared" / "reference" / "18xx-maker" / "games" / "1858.json"
SYNTHETIC_TILES = 10_000

# name: (target, unit, before: issue 12's figure)
TARGETS = {
    "import": (0.15, "s", 0.4),
    "build 1860": (0.8, "s", 1.7),
    "build 1858": (0.6, "s", 1.49),
    "10k tiles": (5.0, "s", 9.7),
    "1860 peak memory": (150.0, "MiB", None),
}

IMPORTS = ("import time; t = time.perf_counter(); import pnp.cli, pnp.build, pnp.load, pnp.templates; "
           "print(time.perf_counter() - t)")


def fresh(root: Path, args: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pnp", *args], cwd=root, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def median(runs: int, measure) -> float:
    return statistics.median(measure() for _ in range(runs))


def synthetic_game(folder: Path, root: Path, pieces: int) -> Path:
    """A game whose manifest holds `pieces` tiles drawn from the standard library."""
    ids = subprocess.run([sys.executable, "-c", "from pnp.load import tile_library; "
                          "print(' '.join(t.id for t in sorted(tile_library().values(), key=lambda t: (t.color, t.id))))"],
                         cwd=root, check=True, capture_output=True, text=True).stdout.split()
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text('title: "Synthetic"\norientation: flat\n')
    counts = dict.fromkeys(ids, 0)
    for i in range(pieces):
        counts[ids[i % len(ids)]] += 1
    lines = ["manifest:"] + [f'  "{k}": {v}' for k, v in counts.items() if v]
    (folder / "tiles.yaml").write_text("\n".join(lines) + "\n")
    return folder


def measure(root: Path, runs: int, only: set[str]) -> dict[str, float]:
    work = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    out: dict[str, float] = {}
    try:
        if "import" in only:
            out["import"] = median(runs, lambda: float(subprocess.run(
                [sys.executable, "-c", IMPORTS], cwd=root, check=True, capture_output=True, text=True).stdout))
        if "build 1860" in only:
            out["build 1860"] = median(runs, lambda: fresh(root, ["build", "1860", "--out", str(work / "k"), "-q"]))
        if "build 1858" in only and MAKER_1858.exists():
            subprocess.run([sys.executable, "-m", "pnp", "import", "18xx-maker", str(MAKER_1858), "--out",
                            str(work / "1858")], cwd=root, check=True, stdout=subprocess.DEVNULL)
            out["build 1858"] = median(runs, lambda: fresh(root, ["build", str(work / "1858"), "--out",
                                                                  str(work / "k58"), "-q"]))
        if "10k tiles" in only:
            game = synthetic_game(work / "syn", root, SYNTHETIC_TILES)
            out["10k tiles"] = median(runs, lambda: fresh(root, ["tiles", str(game), "--out", str(work / "ks")]))
        if "1860 peak memory" in only:
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            fresh(root, ["build", "1860", "--out", str(work / "m"), "-q"])
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            out["1860 peak memory"] = max(peak, before) / 1024  # largest process of the build (kB -> MiB)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--only", default=",".join(TARGETS), help="comma-separated figures to measure")
    args = parser.parse_args()
    figures = measure(args.root.resolve(), args.runs, set(args.only.split(",")))
    print(f"{'figure':<18} {'measured':>10} {'target':>10} {'before':>10}   (median of {args.runs}, {args.root})")
    for name, value in figures.items():
        target, unit, before = TARGETS[name]
        status = "met" if value <= target else "NOT met"
        was = f"{before:g} {unit}" if before is not None else "-"
        print(f"{name:<18} {value:>8.2f} {unit:<3} {target:>6g} {unit:<3} {was:>10}   {status}")


if __name__ == "__main__":
    main()
