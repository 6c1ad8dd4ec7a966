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

from component_cpu import arguments, kit_setup, print_minimums, timed_in_worker  # puts the checkout on the path

from pnp.build import build_component  # noqa: E402


def main() -> None:
    args = arguments(__doc__.split("\n")[0]).parse_args()
    game, options, keys = kit_setup(args.game)
    runs = [timed_in_worker(lambda key: build_component(key, game, options), keys) for _ in range(args.runs)]
    print_minimums("building CPU", args.game, keys, runs, 4)


if __name__ == "__main__":
    main()
