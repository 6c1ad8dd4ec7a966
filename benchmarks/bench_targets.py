"""Benchmark: issue 12's speed targets, each as fresh `pnp` processes, median of N runs.

    python benchmarks/bench_targets.py [--runs 5] [--root DIR] [--only NAME,...] [--no-bytecode] [--new-folders]

Prints each figure beside its target and the figure measured before (issue 12's own
measurements on this machine). The "loaded" figures have neither: compare them with
another checkout measured in the same minutes, `--root` (e.g. main, or f9d0f60, the
commit before the start-up work).

Two columns: `wall` (seconds on the clock) and `cpu` (user + system seconds of the
process and everything it waited for, e.g. the drawing workers). The machine is often
shared, and then wall times are noisy while CPU times stay comparable; the targets are
wall times on an idle machine.

Bytecode: a user's `pip install` compiles pnp to bytecode once; this environment sets
PYTHONDONTWRITEBYTECODE=1, which makes every process compile pnp again (~0.4 s). The
benchmark drops that variable for its processes and runs each command once untimed
first, so the figures are those of an installed pnp (`--no-bytecode` keeps it).

Output folder: by default every build and `pnp tiles` run writes into the same folder, so
each timed run replaces the kit the run before wrote (a rebuild, as after an edit; files
whose bytes did not change are left in place). `--new-folders` gives each run an empty
folder of its own (a first build: every file created).
"""

from __future__ import annotations

import argparse
import os
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

# name: (target, unit, before: issue 12's figure).
TARGETS = {
    "import": (0.15, "s", 0.4),
    "build 1860": (0.8, "s", 1.7),
    "build 1858": (0.6, "s", 1.49),
    "10k tiles": (5.0, "s", 9.7),
    "1860 peak memory": (150.0, "MiB", None),
    "loaded 1860": (None, "s", None),
    "loaded 1858": (None, "s", None),
}
# What "import" times: the modules every command imports before its work starts.
IMPORTS = ("import time; w, c = time.perf_counter(), time.process_time(); "
           "import pnp.cli, pnp.build, pnp.load, pnp.templates; "
           "print(time.perf_counter() - w, time.process_time() - c)")
# "loaded GAME": a fresh process from its start to the game loaded and checked (the
# part of every command before drawing starts).
LOADED = "import pnp.cli, pnp.build, pnp.templates; from pnp.load import load_game; load_game({game!r})"


def child_env(bytecode: bool) -> dict[str, str]:
    env = dict(os.environ)
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class Runner:
    def __init__(self, root: Path, runs: int, bytecode: bool, new_folders: bool = False):
        self.root, self.runs, self.env = root, runs, child_env(bytecode)
        self.new_folders = new_folders

    def once(self, argv: list[str]) -> tuple[float, float, str]:
        """(wall, cpu, stdout) of one process."""
        cpu0, t0 = children_cpu(), time.perf_counter()
        out = subprocess.run(argv, cwd=self.root, env=self.env, check=True, stdout=subprocess.PIPE, text=True).stdout
        return time.perf_counter() - t0, children_cpu() - cpu0, out

    def median(self, argv: list[str], own_figures: bool = False, out: Path | None = None) -> tuple[float, float]:
        """Median wall and CPU of `runs` processes after one untimed run. `own_figures`:
        the process prints its own wall and CPU seconds. `out`: the output folder, the
        value after `--out` in `argv`; with `new_folders` each run gets a new one beside it."""
        def argv_of(run: int) -> list[str]:
            if out is None or not self.new_folders:
                return argv
            return [str(out.with_name(f"{out.name}-{run}")) if a == str(out) else a for a in argv]

        self.once(argv_of(0))
        runs = [self.once(argv_of(n)) for n in range(1, self.runs + 1)]
        if own_figures:
            runs = [tuple(float(x) for x in out.split()) for _, _, out in runs]
        return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)

    def pnp(self, args: list[str]) -> tuple[float, float]:
        out = Path(args[args.index("--out") + 1])
        return self.median([sys.executable, "-m", "pnp", *args], out=out)


def synthetic_game(folder: Path, root: Path, pieces: int) -> Path:
    """A game whose manifest holds `pieces` tiles drawn from the standard library."""
    ids = subprocess.run([sys.executable, "-c", "from pnp.load import tile_library; "
                          "print(' '.join(t.id for t in sorted(tile_library().values(), key=lambda t: (t.color, t.id))))"],
                         cwd=root, check=True, capture_output=True, text=True).stdout.split()
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text('title: "Synthetic"\norientation: flat\n'  # beyond pnp's bounds for real games
                                      f'limits:\n  tile_pieces: {pieces}\n  pages: {pieces}\n')
    counts = dict.fromkeys(ids, 0)
    for i in range(pieces):
        counts[ids[i % len(ids)]] += 1
    lines = ["manifest:"] + [f'  "{k}": {v}' for k, v in counts.items() if v]
    (folder / "tiles.yaml").write_text("\n".join(lines) + "\n")
    return folder


def measure(root: Path, runs: int, only: set[str], bytecode: bool,
            new_folders: bool = False) -> dict[str, tuple[float, float | None]]:
    """name -> (figure, CPU seconds or None)."""
    work = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    run = Runner(root, runs, bytecode, new_folders)
    out: dict[str, tuple[float, float | None]] = {}
    try:
        game_1858 = None
        if {"build 1858", "loaded 1858"} & only and MAKER_1858.exists():
            game_1858 = work / "1858"
            subprocess.run([sys.executable, "-m", "pnp", "import", "18xx-maker", str(MAKER_1858), "--out",
                            str(game_1858)], cwd=root, env=run.env, check=True, stdout=subprocess.DEVNULL)
        if "import" in only:
            out["import"] = run.median([sys.executable, "-c", IMPORTS], own_figures=True)
        if "loaded 1860" in only:
            out["loaded 1860"] = run.median([sys.executable, "-c", LOADED.format(game="1860")])
        if "loaded 1858" in only and game_1858:
            out["loaded 1858"] = run.median([sys.executable, "-c", LOADED.format(game=str(game_1858))])
        if "build 1860" in only:
            out["build 1860"] = run.pnp(["build", "1860", "--out", str(work / "k"), "-q"])
        if "build 1858" in only and game_1858:
            out["build 1858"] = run.pnp(["build", str(game_1858), "--out", str(work / "k58"), "-q"])
        if "10k tiles" in only:
            game = synthetic_game(work / "syn", root, SYNTHETIC_TILES)
            out["10k tiles"] = run.pnp(["tiles", str(game), "--out", str(work / "ks")])
        if "1860 peak memory" in only:
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            run.once([sys.executable, "-m", "pnp", "build", "1860", "--out", str(work / "m"), "-q"])
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            out["1860 peak memory"] = (max(peak, before) / 1024, None)  # largest process of the build (kB -> MiB)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--only", default=",".join(TARGETS), help="comma-separated figures to measure")
    parser.add_argument("--no-bytecode", action="store_true",
                        help="keep PYTHONDONTWRITEBYTECODE: every process compiles pnp again")
    parser.add_argument("--new-folders", action="store_true",
                        help="each timed build into an empty folder of its own (default: rebuilds of one folder)")
    args = parser.parse_args()
    bytecode = not args.no_bytecode
    figures = measure(args.root.resolve(), args.runs, set(args.only.split(",")), bytecode, args.new_folders)
    print(f"median of {args.runs} fresh processes of {args.root}; "
          + ("bytecode caches allowed (PYTHONDONTWRITEBYTECODE dropped, one untimed run first)" if bytecode
             else "no bytecode caches (PYTHONDONTWRITEBYTECODE kept): every process compiles pnp")
          + ("; each build into a new folder" if args.new_folders else "; each build replacing the last"))
    print(f"{'figure':<18} {'wall':>9} {'cpu':>9} {'target':>10} {'before':>10}")
    for name, (value, cpu) in figures.items():
        target, unit, before = TARGETS[name]
        status = "" if target is None else ("met" if value <= target else "NOT met")
        shown_cpu = f"{cpu:>7.2f} s" if cpu is not None else f"{'-':>9}"
        goal = f"{target:g} {unit}" if target is not None else "-"
        was = f"{before:g} {unit}" if before is not None else "-"
        print(f"{name:<18} {value:>6.2f} {unit:<3}{shown_cpu} {goal:>10} {was:>10}   {status}")


if __name__ == "__main__":
    main()
