"""Benchmark: the CPU a kit's components cost to BUILD (their pages and pieces as node
trees, the piece SVGs, before any PDF is drawn), component by component.

    python benchmarks/bench_building_cpu.py [--game 1860] [--runs 5] [--root CHECKOUT] [--whole] [--profile FILE]

As benchmarks/bench_drawing_cpu.py (which measures building and drawing together):
loads the game and warms up as `pnp build` does, then, `runs` times, forks one child
that starts as a drawing worker and builds every component in turn on one core
(`pnp.build.build_component`, nothing drawn or written). Prints the minimum over the
runs of each component and of the total. A tile sheet's faces are built when its
pages are drawn, so `tiles` shows little here; the first component to need a tile
(the manifest, the upgrade chart) builds it. With `--whole`, each component's lazy
pages (the tile sheets) are made too and its SVG files turned into text: all a worker
does but draw and write the PDFs. Under `valgrind --tool=cachegrind`, the child's
instruction count (its own output file) is a figure that load does not move.
Figures, not pass/fail.
"""

from __future__ import annotations

from component_cpu import arguments, kit_setup, print_minimums, timed_in_worker  # puts the checkout on the path

from pnp.build import build_component  # noqa: E402


def built_whole(key: str, game, options) -> None:
    """Component `key` built, its pages made and its SVG files as text (`--whole`)."""
    from pnp.render import svg

    component = build_component(key, game, options)
    for doc in component.documents:
        list(doc.pages)
    for text in component.svgs.values():
        if not isinstance(text, str):
            svg.to_string(text)


def main() -> None:
    parser = arguments(__doc__.split("\n")[0])
    parser.add_argument("--whole", action="store_true", help="also make the lazy pages and the SVG files' text")
    parser.add_argument("--profile", help="save the last run's cProfile statistics (pstats) here")
    args = parser.parse_args()
    game, options, keys = kit_setup(args.game)
    build = built_whole if args.whole else build_component
    runs = [timed_in_worker(lambda key: build(key, game, options), keys,
                            args.profile if n == args.runs - 1 else None) for n in range(args.runs)]
    print_minimums("building CPU" + (" (whole)" if args.whole else ""), args.game, keys, runs, 4)


if __name__ == "__main__":
    main()
