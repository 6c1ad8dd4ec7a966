"""Benchmark: two parts of a component's build, alone: laying out tile faces and
writing SVG text.

    python benchmarks/bench_parts.py [--runs 5] [--games 1860,1851,18xy,DIR...] [--root CHECKOUT]

Builds every component of the games' kits once, recording every
face laid out (`layout_face`) and every page or node written as SVG; then lays out
those faces again `runs` times from cold caches, and writes those SVGs `runs` times,
and prints the least CPU time of each (the least is the figure least disturbed by
other processes on a shared machine). Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import pkgutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # another checkout, e.g. main at the start, for a before figure
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path.insert(0, str(ROOT))

from pnp.geometry import face  # noqa: E402

LAYOUTS: list[tuple[object, dict]] = []
_layout_face = face.layout_face


@functools.wraps(_layout_face)
def _recorded(f, **kwargs):
    LAYOUTS.append((f, kwargs))
    return _layout_face(f, **kwargs)


face.layout_face = _recorded  # before the renderers import it

from pnp.build import build_component, kit_components  # noqa: E402
from pnp.components import PrintOptions  # noqa: E402
from pnp.draw import svgwriter  # noqa: E402
from pnp.load import load_game  # noqa: E402
from pnp.render import svg  # noqa: E402
from pnp.templates import paper, theme  # noqa: E402

WRITTEN: list[object] = []
_to_svg = svgwriter.to_svg


def _written(item):
    WRITTEN.append(item)
    return _to_svg(item)


def record(games: list[str]) -> None:
    svg.to_svg = svgwriter.to_svg = _written
    try:
        for name in games:
            game = load_game(name)
            options = PrintOptions(paper=paper("a4"), style=theme("default").with_colors(game.info.colors))
            for key in kit_components(game, None, options):
                build_component(key, game, options)
    finally:
        svg.to_svg = svgwriter.to_svg = _to_svg


def clear_geometry_caches() -> None:
    """Every cache of pnp.geometry, as a fresh drawing worker has them."""
    import pnp.geometry

    for info in pkgutil.iter_modules(pnp.geometry.__path__):
        module = importlib.import_module(f"pnp.geometry.{info.name}")
        for value in list(vars(module).values()):
            if hasattr(value, "cache_clear") and getattr(value, "__module__", "").startswith("pnp.geometry"):
                value.cache_clear()


def least(fn, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--games", default="1860,1851,18xy")
    ap.add_argument("--root", help="the pnp checkout to measure (default: this one)")
    args = ap.parse_args()
    record(args.games.split(","))
    distinct = list({(f, tuple(sorted(kw.items()))): (f, kw) for f, kw in LAYOUTS}.values())

    def lay_out():
        clear_geometry_caches()
        _layout_face.cache_clear()
        for f, kwargs in distinct:
            _layout_face(f, **kwargs)

    def write():
        for item in WRITTEN:
            _to_svg(item)

    print(f"{len(distinct)} distinct face layouts: {least(lay_out, args.runs):.3f} s CPU (least of {args.runs})")
    print(f"{len(WRITTEN)} SVGs written: {least(write, args.runs):.3f} s CPU (least of {args.runs})")


if __name__ == "__main__":
    main()
