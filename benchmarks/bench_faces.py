"""Benchmark: the CPU of laying out a kit's tile faces (`pnp.geometry.face.layout_face`)
alone: every distinct face the kit lays out (its tiles and map hexes), laid out again.

    python benchmarks/bench_faces.py [--game 1860] [--runs 5] [--root CHECKOUT] [--profile FILE]
                                     [--fingerprint FILE]

Loads the game and warms up as `pnp build` does, then records every call of layout_face
the tile and map renderers make while the whole kit is built (as bench_building_cpu.py
--whole builds it). Then, `runs` times, a forked child started as a drawing worker
clears the geometry's caches (pnp/geometry/*: shapes, casings and layouts a worker makes
as it goes) and lays all those faces out again, on one core; prints each run's CPU
seconds and the least. Other caches (text widths) stay warm from the recording. With
`--fingerprint`, the layouts are then written to FILE, one a line as JSON (every
coordinate to the last bit, shapes by their corners and bounds): two checkouts that
write the same file lay out every face the same. Figures, not pass/fail.
"""

from __future__ import annotations

import importlib
import pkgutil

from component_cpu import arguments, kit_setup, timed_in_worker  # puts the checkout on the path

from bench_building_cpu import built_whole  # noqa: E402


def recorded_calls(game, options, keys) -> list[tuple[tuple, dict]]:
    """Every (args, kwargs) layout_face is called with while the kit is built."""
    from pnp.geometry import face
    from pnp.render import map_hexes, tile

    calls = []

    def recording(*args, **kwargs):
        calls.append((args, kwargs))
        return face.layout_face(*args, **kwargs)

    tile.layout_face = map_hexes.layout_face = recording
    try:
        for key in keys:
            built_whole(key, game, options)
    finally:
        tile.layout_face = map_hexes.layout_face = face.layout_face
    return calls


def clear_geometry_caches() -> None:
    """Every cache of pnp/geometry's modules emptied, as a fresh worker has them."""
    import pnp.geometry

    for info in pkgutil.iter_modules(pnp.geometry.__path__):
        for value in vars(importlib.import_module("pnp.geometry." + info.name)).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


def laid_out(calls) -> list:
    from pnp.geometry.face import layout_face

    clear_geometry_caches()
    return [layout_face(*args, **kwargs) for args, kwargs in calls]


def write_fingerprint(calls, path: str) -> None:
    import msgspec

    from pnp.geometry.plane import Shape

    def shape(value):
        if isinstance(value, Shape):
            return [value.parts, value.boxes, value.coords]
        raise NotImplementedError(type(value))

    with open(path, "wb") as fh:
        for layout in laid_out(calls):
            fh.write(msgspec.json.encode(layout, enc_hook=shape) + b"\n")


def main() -> None:
    parser = arguments(__doc__.split("\n")[0])
    parser.add_argument("--profile", help="save the last run's cProfile statistics (pstats) here")
    parser.add_argument("--fingerprint", help="write the layouts here, one a line")
    args = parser.parse_args()
    game, options, keys = kit_setup(args.game)
    calls = recorded_calls(game, options, keys)
    runs = [timed_in_worker(lambda key: laid_out(calls), ["faces"], args.profile if n == args.runs - 1 else None)
            for n in range(args.runs)]
    totals = [r["faces"] for r in runs]
    print(f"{args.game}: layout_face, {len(calls)} calls, one core, {args.runs} runs: "
          + ", ".join(f"{t:.3f}" for t in totals) + f" s (min {min(totals):.3f})")
    if args.fingerprint:
        write_fingerprint(calls, args.fingerprint)


if __name__ == "__main__":
    main()
