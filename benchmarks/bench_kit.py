"""Benchmark: how long a kit takes to build, and how time grows with the number of pieces.

    python benchmarks/bench_kit.py [--runs 5] [--sizes 100,1000,10000] [--game 1860]

Prints, for the full kit of GAME: the median wall time of `runs` builds (in one
process after a warm-up, as a user rebuilding would see it, and as a fresh `pnp build`
process), each component's build time, and peak memory; then the tiles component of a
synthetic game of N pieces for each size, with seconds per 1,000 pieces. Figures, not
pass/fail: performance targets are read here, never asserted in unit tests.
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
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pnp.build import build_kit  # noqa: E402
from pnp.components import PrintOptions  # noqa: E402
from pnp.load import load_game, tile_library  # noqa: E402
from pnp.templates import paper, theme  # noqa: E402


def options(game):
    return PrintOptions(paper=paper("a4"), style=theme("default").with_colors(game.info.colors))


def time_kit(game_name: str, runs: int) -> None:
    game = load_game(game_name)
    out = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    build_kit(game, options(game), out)  # warm-up: imports, font metrics
    walls, per_component = [], {}
    for _ in range(runs):
        t0 = time.perf_counter()
        result = build_kit(load_game(game_name), options(game), out)
        walls.append(time.perf_counter() - t0)
        for b in result.built:
            per_component.setdefault(b.component.title, []).append(b.seconds)
    print(f"{game.title}: full kit ({result.kit_pages} pages) median of {runs}: {statistics.median(walls):.2f} s "
          f"(min {min(walls):.2f}, max {max(walls):.2f}); the rest of each build is PDF rendering and writing")
    for title, seconds in per_component.items():
        print(f"  {title:<24} build {statistics.median(seconds):.3f} s")
    fresh = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pnp", "build", game_name, "--out", str(out), "-q"], cwd=ROOT,
                       check=True)
        fresh.append(time.perf_counter() - t0)
    print(f"  as a fresh `pnp build` process (imports included): median {statistics.median(fresh):.2f} s")
    tracemalloc.start()
    build_kit(load_game(game_name), options(game), out)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"  peak Python heap during one build {peak / 2**20:.1f} MiB; peak resident size {rss:.0f} MiB "
          f"(main process), {children:.0f} MiB (largest drawing worker)")
    shutil.rmtree(out, ignore_errors=True)


def synthetic_game(folder: Path, pieces: int) -> Path:
    """A game whose manifest holds `pieces` tiles drawn from the library."""
    library = sorted(tile_library().values(), key=lambda t: (t.color, t.id))
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text('title: "Synthetic"\norientation: flat\n')
    counts = {t.id: 0 for t in library}
    for i in range(pieces):
        counts[library[i % len(library)].id] += 1
    lines = ["manifest:"] + [f'  "{k}": {v}' for k, v in counts.items() if v]
    (folder / "tiles.yaml").write_text("\n".join(lines) + "\n")
    return folder


def time_growth(sizes: list[int]) -> None:
    print("tiles of a synthetic game (individual layout, A4):")
    base = Path(tempfile.mkdtemp(prefix="pnp-bench-syn-"))
    for n in sizes:
        game = load_game(synthetic_game(base / f"g{n}", n))
        t0 = time.perf_counter()
        result = build_kit(game, options(game), base / f"out{n}", only=["tiles"])
        wall = time.perf_counter() - t0
        print(f"  {n:>6} pieces: {wall:7.2f} s  ({wall / n * 1000:6.2f} s per 1,000 pieces, {result.kit_pages} pages)")
    shutil.rmtree(base, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--game", default="1860")
    args = parser.parse_args()
    time_kit(args.game, args.runs)
    time_growth([int(s) for s in args.sizes.split(",") if s])


if __name__ == "__main__":
    main()
