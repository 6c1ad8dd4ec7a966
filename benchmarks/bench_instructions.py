"""Benchmark: the instructions a fresh `pnp build` executes in its main process up to
each step before the workers fork, counted by valgrind's cachegrind (exact and nearly
independent of the machine's load, unlike seconds on a shared machine).

    python benchmarks/bench_instructions.py [--game 1860] [--root CHECKOUT] [--steps cli,loaded,warm]

Each step is one process run under `valgrind --tool=cachegrind` that builds the game as
`pnp build GAME -q` does and ends (os._exit) as soon as the step is reached:

    cli     pnp.cli imported (Python started, the command line ready)
    loaded  load_game returned (where a forked child loads the game, `pnp.forked`: its
            result read back in the main process)
    warm    kit_jobs.warm_up and the drawing pool's warm-up done: what the workers inherit

Prints the instructions at each step and the step's own share (millions), and where a
forked child loaded the game, that child's count as it ended (counted from the start of
the process it forked from, so the two compare as paths: the longer one sets when the
step is reached; before this column, the child's count was shown as the main's). A run outside
valgrind first writes the bytecode, as a user's second run has it. Needs valgrind;
figures, not pass/fail: compare with another checkout (`--root`), e.g. main at the start.
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

ROOT = Path(__file__).resolve().parents[1]

# Run in the measured process: `-c PROBE STEP GAME OUT`.
PROBE = r'''
import os, sys
step, game, out = sys.argv[1:4]
sys.argv = ["pnp", "build", game, "--out", out, "-q"]
from pnp.cli import main
if step == "cli":
    os._exit(0)
import pnp.kit_jobs, pnp.load

MAIN = os.getpid()

def ending(fn, then=None):
    def wrapped(*a, **k):
        out = fn(*a, **k)
        if os.getpid() != MAIN:  # a forked child (pnp.forked) goes on
            return out
        if then:
            then()
        os._exit(0)
    return wrapped

def pool_warm_up():
    import pnp.pdf
    pnp.pdf.warm_up()

if step == "loaded":
    pnp.load.load_game = ending(pnp.load.load_game)
    try:  # where the game loads in a forked child, the step is its result read back here
        import pnp.forked
        pnp.forked.Ahead.result = ending(pnp.forked.Ahead.result)
    except ImportError:
        pass
else:
    pnp.kit_jobs.warm_up = ending(pnp.kit_jobs.warm_up, pool_warm_up)
main()
'''


def instructions(root: Path, step: str, game: str, out: Path, env: dict[str, str]) -> tuple[int, int | None]:
    """The main process's instructions up to `step`, and those of the child that loaded
    the game (None where none did). valgrind follows a forked child and prints its count
    too, the child's first as it ends first; a forked child's count starts from its
    parent's at the fork, which is included."""
    command = [sys.executable, "-c", PROBE, step, game, str(out)]
    subprocess.run(command, cwd=root, env=env, check=True, stdout=subprocess.DEVNULL)  # bytecode written
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                           *command], cwd=root, env=env, check=True, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    main = re.search(r"==(\d+)== Command:", done.stderr)
    counts = {pid: int(n.replace(",", "")) for pid, n in re.findall(r"==(\d+)== I\s+refs:\s+([\d,]+)", done.stderr)}
    if not main or main.group(1) not in counts:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr[-2000:]}")
    children = [n for pid, n in counts.items() if pid != main.group(1)]
    return counts[main.group(1)], max(children) if children else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="1860", help="a bundled game or a game folder")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--steps", default="cli,loaded,warm")
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    game = str(Path(args.game).resolve()) if Path(args.game).is_dir() else args.game
    work = Path(tempfile.mkdtemp(prefix="pnp-instructions-"))
    try:
        counts = {step: instructions(args.root.resolve(), step, game, work / "k", env)
                  for step in args.steps.split(",")}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{args.root}: pnp build {args.game}, instructions of the main process (millions)")
    print(f"{'step':<8} {'at':>8} {'step':>8} {'loading child at its end':>26}")
    before = 0
    for step, (count, child) in counts.items():
        print(f"{step:<8} {count / 1e6:>8.1f} {(count - before) / 1e6:>8.1f} "
              f"{'' if child is None else f'{child / 1e6:.1f}':>26}")
        before = count


if __name__ == "__main__":
    main()
