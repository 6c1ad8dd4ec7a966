"""Benchmark: the instructions `pnp build`'s main process executes after the workers'
last result, counted by valgrind's cachegrind (exact, whatever the machine's load).

    python benchmarks/bench_tail.py [--game 1860] [--root CHECKOUT]

One `pnp build GAME -q` process (as the `pnp` program runs it), replacing the kit an
untimed run wrote first (as bench_targets.py's runs do), runs under
`valgrind --tool=cachegrind`. At each step of its tail the main process forks a child
that leaves at once: a forked process's count starts at its parent's, so that child's
count is the main process's at that moment, in the same run. Steps:

    fork    the workers have forked and have their jobs (`kit_pdf.ready` starts;
            before it, `build.ready_for_kit`)
    ready   the cover's texts measured as the workers start (`ready` returned)
    rows    every component's row for the cover told (`build._start_kit` starts)
    cover   the cover drawn and written, and the kit begun with it, while the last components
            are drawn (`_start_kit` returned)
    drawn   every component's result is back (`build._write_kit` starts)
    kit     the kit PDF and index.md are written (`_write_kit` returned)
    commit  the staged files are in place (`_commit` returned)
    exit    the main process ended (its own count)

Prints each step's count and its own share (millions). The marks cost a fork each
(~0.1 M, in the figure of the step they end). Figures, not pass/fail: compare with
another checkout (`--root`), e.g. main at the start.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STEPS = ("fork", "ready", "rows", "cover", "drawn", "kit", "commit")

# Run in the measured process: `-c PROBE GAME OUT MARKS`.
PROBE = r'''
import os, sys
from importlib.abc import MetaPathFinder

game, out, marks = sys.argv[1:4]
MAIN = os.getpid()

def mark(name):
    """A child that leaves at once: its count is this process's now."""
    if os.getpid() != MAIN:
        return
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    with open(marks, "a") as fh:
        fh.write(f"{pid} {name}\n")

def marked(fn, before=None, after=None):
    def wrapped(*a, **k):
        if before:
            mark(before)
        out = fn(*a, **k)
        if after:
            mark(after)
        return out
    return wrapped

def patch_build(m):
    m._write_kit = marked(m._write_kit, "drawn", "kit")
    m._commit = marked(m._commit, after="commit")
    if hasattr(m, "ready_for_kit"):
        m.ready_for_kit = marked(m.ready_for_kit, "fork", "ready")
    if hasattr(m, "_start_kit"):  # the cover drawn, and the kit begun, while the workers draw
        m._start_kit = marked(m._start_kit, "rows", "cover")

def patch_kit_pdf(m):
    m.ready = marked(m.ready, "fork", "ready")

PATCHES = {"pnp.build": patch_build, "pnp.kit_pdf": patch_kit_pdf}

class Hook(MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name not in PATCHES:
            return None
        sys.meta_path.remove(self)
        from importlib.util import find_spec
        try:
            spec = find_spec(name)
        finally:
            sys.meta_path.insert(0, self)
        run = spec.loader.exec_module
        def exec_module(module):
            run(module)
            PATCHES[name](module)
        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, Hook())
sys.argv = ["pnp", "build", game, "--out", out, "-q"]
from importlib.util import find_spec
if "def run(" in open(find_spec("pnp.__main__").origin).read():
    from pnp.__main__ import run
    run()
from pnp.cli import main
main()
'''


def count(path: Path) -> int:
    return int(next(line for line in path.read_text().splitlines() if line.startswith("summary:")).split()[1])


def tail(root: Path, game: str, env: dict[str, str]) -> dict[str, int]:
    """Each step's count in one run under cachegrind."""
    work = Path(tempfile.mkdtemp(prefix="pnp-tail-"))
    python = Path(sys.executable).resolve()
    try:
        kit, marks, counts = work / "kit", work / "marks.txt", work / "cg"
        counts.mkdir()
        subprocess.run([str(python), "-c", PROBE, game, str(kit), str(work / "warm.txt")], cwd=root, env=env,
                       check=True)  # the kit the counted run replaces; bytecode written
        done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                               f"--cachegrind-out-file={counts}/cg.%p", str(python), "-c", PROBE, game, str(kit),
                               str(marks)], cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        if done.returncode:
            sys.exit(done.stderr[-2000:])
        named = dict(line.split()[::-1] for line in marks.read_text().splitlines())
        found = {}
        for name, pid in named.items():
            found[name] = count(counts / f"cg.{pid}")
        found["exit"] = count(counts / f"cg.{valgrind_main(done.stderr)}")
        return found
    finally:
        shutil.rmtree(work, ignore_errors=True)


def valgrind_main(stderr: str) -> str:
    """The main process's pid: the first valgrind names in its log lines (==PID==)."""
    return next(line.split("==")[1] for line in stderr.splitlines() if line.startswith("=="))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="1860", help="a bundled game or a game folder")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    args = parser.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    game = str(Path(args.game).resolve()) if Path(args.game).is_dir() else args.game
    found = tail(args.root.resolve(), game, env)
    print(f"{args.root}: pnp build {args.game}, main process instructions (valgrind), replacing the last kit")
    print(f"{'step':<8} {'at (M)':>9} {'step (M)':>9}")
    last = None
    for step in (*STEPS, "exit"):
        if step in found:
            own = "" if last is None else f"{(found[step] - last) / 1e6:9.1f}"
            print(f"{step:<8} {found[step] / 1e6:9.1f} {own}")
            last = found[step]
    print(f"tail (drawn to exit) {(found['exit'] - found['drawn']) / 1e6:.1f} M")


if __name__ == "__main__":
    main()
