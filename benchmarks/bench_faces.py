"""Benchmark: the CPU of laying out a kit's tile faces (`pnp.geometry.face.layout_face`)
alone, the work of every distinct face a kit lays out, cold.

    python benchmarks/bench_faces.py [--game 1860] [--runs 5] [--root CHECKOUT] [--profile FILE]
                                     [--fingerprint FILE]

Loads the game and warms up as `pnp build` does, then records, in a forked child that
builds the whole kit, every call of layout_face the tile and map renderers make. Then,
`runs` times, a fresh child (inheriting only the warm-up, as a drawing worker does)
lays all those faces out again and reports its CPU seconds; the minimum is printed.
With `--fingerprint`, the last run's layouts are written to FILE as text (every
coordinate in full, shapes' corners included): two checkouts that write the same file
lay out every face the same. Figures, not pass/fail.
"""

from __future__ import annotations

import os
import pickle
import time

from component_cpu import arguments, kit_setup  # puts the checkout on the path


def _recorded_calls(game, options, keys) -> list[tuple[tuple, dict]]:
    """Every (args, kwargs) layout_face is called with while a child builds the kit."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        from pnp.build import build_component
        from pnp.geometry import face
        from pnp.render import map_hexes, svg, tile

        calls = []

        def recording(*args, **kwargs):
            calls.append((args, kwargs))
            return face.layout_face(*args, **kwargs)

        tile.layout_face = map_hexes.layout_face = recording
        for key in keys:
            component = build_component(key, game, options)
            for doc in component.documents:
                list(doc.pages)
            for text in component.svgs.values():
                if not isinstance(text, str):
                    svg.to_string(text)
        with os.fdopen(write, "wb") as fh:
            pickle.dump(calls, fh)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as fh:
        calls = pickle.load(fh)
    os.waitpid(pid, 0)
    return calls


def fingerprint(value) -> str:
    """Every field of a layout as text, shapes by their corners (a `Shape` has no repr
    of its own worth comparing)."""
    from msgspec import Struct

    from pnp.geometry.plane import Shape

    if isinstance(value, Shape):
        return f"Shape({value.parts!r}, {value.coords!r})"
    if isinstance(value, Struct):
        return type(value).__name__ + "(" + ", ".join(fingerprint(getattr(value, f)) for f in value.__struct_fields__) + ")"
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fingerprint(v) for v in value) + ")"
    return repr(value)


def _timed_layouts(calls, profile: str | None, fingerprint_file: str | None) -> float:
    """CPU seconds of a fresh child laying out every recorded call (distinct ones once, as
    layout_face's own cache does)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        from pnp import pdf
        from pnp.geometry.face import layout_face

        pdf._start_worker(os.getppid())
        profiler = None
        if profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        c0 = time.process_time()
        layouts = [layout_face(*args, **kwargs) for args, kwargs in calls]
        spent = time.process_time() - c0
        if profiler:
            profiler.disable()
            profiler.dump_stats(profile)
        if fingerprint_file:
            with open(fingerprint_file, "w") as fh:
                for layout in layouts:
                    fh.write(fingerprint(layout) + "\n")
        with os.fdopen(write, "wb") as fh:
            pickle.dump(spent, fh)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as fh:
        spent = pickle.load(fh)
    os.waitpid(pid, 0)
    return spent


def main() -> None:
    parser = arguments(__doc__.split("\n")[0])
    parser.add_argument("--profile", help="save the last run's cProfile statistics (pstats) here")
    parser.add_argument("--fingerprint", help="write the last run's layouts here as text")
    args = parser.parse_args()
    game, options, keys = kit_setup(args.game)
    calls = _recorded_calls(game, options, keys)
    runs = [_timed_layouts(calls, args.profile if n == args.runs - 1 else None,
                           args.fingerprint if n == args.runs - 1 else None) for n in range(args.runs)]
    distinct = len({pickle.dumps(c) for c in calls})
    print(f"{args.game}: layout_face, {len(calls)} calls ({distinct} distinct), one core, {args.runs} runs: "
          + ", ".join(f"{t:.3f}" for t in runs) + f" s (min {min(runs):.3f})")


if __name__ == "__main__":
    main()
