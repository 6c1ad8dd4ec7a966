"""Benchmark: the instructions each component's building costs on a cold drawing worker,
counted by valgrind's cachegrind (exact and nearly independent of the machine's load,
unlike CPU seconds on a shared machine), in one valgrind run.

    python benchmarks/bench_component_instructions.py [--game 1860] [--root CHECKOUT]

Runs itself under valgrind (`--child`): loads the game and warms up as `pnp build` does,
forks a process that starts as a drawing worker and, for each component in kit order,
forks two children where it stands, one that ends at once and one that builds the
component whole (its pages made and its SVG files as text, as bench_building_cpu.py's
--whole), then builds the component itself, so that the next one finds the caches a
worker would have (the tiles' artwork for the manifest and the upgrade chart). A
component's count is the second child's instructions less the first's: a forked
child's count starts from its parent's at the fork, the same for both. Drawing the
PDFs and writing the files are not counted. Needs valgrind; a run outside valgrind
first writes the bytecode. Figures, not pass/fail: compare with another checkout
(`--root`), e.g. main at the start of a change.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from component_cpu import ROOT, arguments  # puts the checkout on the path


def child(game_name: str, marks: Path) -> None:
    """Under valgrind: the worker and its pairs of children; each pair's process ids
    written to `marks/<key>`."""
    from component_cpu import kit_setup

    from pnp import pdf
    from bench_building_cpu import built_whole

    game, options, keys = kit_setup(game_name)

    def built(key: str) -> None:
        built_whole(key, game, options)

    def forked(key: str | None) -> int:
        pid = os.fork()
        if pid == 0:
            _child_life(built if key is not None else None, key)
        os.waitpid(pid, 0)
        return pid

    def work() -> None:
        pdf._start_worker(os.getppid())
        for key in keys:
            (marks / key).write_text(f"{forked(None)} {forked(key)}")
            built(key)

    worker = os.fork()
    if worker == 0:
        _child_life(work)
    os.waitpid(worker, 0)
    (marks / "_order").write_text("\n".join(keys))


def _child_life(fn, *args) -> None:
    """A forked child runs `fn(*args)` (none: nothing) and leaves by `os._exit`, whatever
    happens: an error must not unwind into the parent's loop and run it twice."""
    code = 1
    try:
        if fn is not None:
            fn(*args)
        code = 0
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        os._exit(code)


def counted(script: list[str], marks: Path) -> dict[int, int]:
    """Runs `script --child marks` once as it is (the bytecode written, `marks` emptied
    after), then under valgrind's cachegrind; the instructions of each of its processes
    (forked children included) by process id."""
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(script + ["--child", str(marks)], env=env, check=True, capture_output=True)  # bytecode
    for f in marks.iterdir():
        f.unlink()
    subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                    f"--cachegrind-out-file={marks}/cg.%p", *script, "--child", str(marks)],
                   env=env, check=True, capture_output=True)
    counts = {}
    for f in marks.glob("cg.*"):
        found = re.search(r"^summary: (\d+)", f.read_text(), re.M)
        counts[int(f.suffix[1:])] = int(found.group(1)) if found else 0
    return counts


def run_counted(description: str, run_child, report) -> None:
    """The command line of a benchmark that runs itself under valgrind: with `--child
    FOLDER`, `run_child(game, folder)` (the run counted, marking its processes there);
    else that run, counted, and `report(game, counts, folder)` (`counted`'s counts)."""
    parser = arguments(description)
    parser.add_argument("--child", help=argparse.SUPPRESS)  # the run under valgrind: its marks folder
    args = parser.parse_args()
    if args.child:
        run_child(args.game, Path(args.child))
        return
    script = [sys.executable, str(Path(sys.argv[0]).resolve()), "--game", args.game, "--root", str(ROOT)]
    with tempfile.TemporaryDirectory(prefix="bench-instr-") as folder:
        report(args.game, counted(script, Path(folder)), Path(folder))


def report(game: str, counts: dict[int, int], marks: Path) -> None:
    rows = []
    for key in (marks / "_order").read_text().split():
        empty, built = map(int, (marks / key).read_text().split())
        rows.append((key, counts[built] - counts[empty]))
    print(f"{game}: building instructions (whole) by component, cold worker, checkout {ROOT}")
    for key, n in rows:
        print(f"  {key:<14} {n / 1e6:8.1f} M")
    print(f"  {'total':<14} {sum(n for _, n in rows) / 1e6:8.1f} M")


def main() -> None:
    run_counted(__doc__.split("\n")[0], child, report)


if __name__ == "__main__":
    main()
