"""Benchmark: the main process's timeline of a fresh `pnp build`, step by step.

    python benchmarks/bench_serial.py [--game 1860] [--runs 5] [--root CHECKOUT] [--no-bytecode]
    python benchmarks/bench_serial.py --instructions [--game 1860] [--root CHECKOUT]
    python benchmarks/bench_serial.py --steps [--game 1860] [--root CHECKOUT]

Each run is a fresh `pnp build GAME -q` process. Before the CLI is imported, the process
installs an import hook that wraps a few functions of pnp as their modules load (so it
imports nothing early itself) and notes, at each step, the wall time since the
interpreter started and the main process's own CPU seconds:

    forked    the child that loads the game forked (`pnp.forked.Ahead`): since
              pnp.commands.early, at the program's start, before click is imported
              (so before "cli"); before it, in the build command, after the modules
              both processes share
    cli       pnp.cli imported (the command line ready)
    imported  kit_jobs.warm_up_drawing done (the drawing modules every kit's workers
              inherit, imported while the game loads in a forked child; absent before)
    loaded    the game loaded and checked, in this process: load_game returned, or, where
              it runs in a forked child (pnp.forked), that child's result read
    warm      kit_jobs.warm_up done (the game's components imported)
    fork      the drawing pool's first job handed out (the workers fork)
    ready     the cover's texts measured as the workers start (`kit_pdf.ready`)
    rows      every component built, its row for the kit's cover told (`build._start_kit`)
    cover     the kit's cover drawn and written, while the workers draw
    drawn     the last component's result back from the workers
    kit       _write_kit done (the kit PDF joined, index.md)
    commit    _commit done (the staged files moved into place)
    end       build_kit returned
    exit      the process ended (wall as seen by this benchmark, which starts it)

and, at the end, the CPU of the child that loaded the game (where one did) and of the
drawing workers, noted by the last exit handler. The build runs as the `pnp` program does (`pnp.__main__.run`,
where the checkout has it). Steps
print in the order of their median wall time. Prints the median of each over
`runs` processes (after one untimed run), with the step's own share. Figures, not
pass/fail; compare with another checkout measured in the same minutes (`--root`).
"""

from __future__ import annotations

import argparse
import json
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
STEPS = ("forked", "cli", "imported", "loaded", "warm", "fork", "ready", "rows", "cover", "drawn", "kit", "commit", "end",
         "exit")

# Run in the measured process: `-c PROBE GAME OUT`.
PROBE = r'''
import json, os, resource, sys, time
from importlib.abc import MetaPathFinder

def since_start():
    """Wall seconds since this process started (its start time from /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    with open("/proc/self/stat") as f:
        start = int(f.read().rsplit(")", 1)[1].split()[19]) / ticks
    with open("/proc/uptime") as f:
        return float(f.read().split()[0]) - start

OFFSET = since_start() - time.perf_counter()
MARKS = {}

FORK_MARKS = os.environ.get("BENCH_SERIAL_FORK_MARKS")  # --steps: a file naming each step's marking child

def mark(name):
    if os.getpid() == MAIN:
        MARKS[name] = (time.perf_counter() + OFFSET, time.process_time())
        if FORK_MARKS:  # a child that leaves at once: under valgrind, its count is this process's now
            pid = os.fork()
            if pid == 0:
                os._exit(0)
            os.waitpid(pid, 0)
            with open(FORK_MARKS, "a") as fh:
                fh.write(f"{pid} {name}\n")
        forked = sys.modules.get("pnp.forked")
        if name == "loaded" and not getattr(forked, "_EXITING", None):  # a loading child is reaped by now
            kids = resource.getrusage(resource.RUSAGE_CHILDREN)
            MARKS["loader"] = (0.0, kids.ru_utime + kids.ru_stime)

MAIN = os.getpid()

def after(fn, name):
    def wrapped(*a, **k):
        out = fn(*a, **k)
        mark(name)
        return out
    return wrapped

def first(fn, name):
    def wrapped(*a, **k):
        if name not in MARKS:
            mark(name)
        return fn(*a, **k)
    return wrapped

def patch_build(m):
    write_kit = m._write_kit
    def _write_kit(*a, **k):
        mark("drawn")  # every component's result is back when the kit is written
        out = write_kit(*a, **k)
        mark("kit")
        return out
    m._write_kit = _write_kit
    m._commit = after(m._commit, "commit")
    m.build_kit = after(m.build_kit, "end")
    if hasattr(m, "_start_kit"):  # the cover drawn (and the kit begun) while the workers draw
        m._start_kit = after(first(m._start_kit, "rows"), "cover")

def patch_kit_jobs(m):
    m.warm_up = after(m.warm_up, "warm")
    m.warm_up_while = stopping(m.warm_up_while, "while")
    if hasattr(m, "warm_up_drawing"):  # the first call: warm_up calls it again, when it costs nothing
        drawing = m.warm_up_drawing
        def warm_up_drawing(*a, **k):
            out = drawing(*a, **k)
            if "imported" not in MARKS:
                mark("imported")
            return out
        m.warm_up_drawing = warm_up_drawing

STOP = os.environ.get("BENCH_SERIAL_STOP")  # --instructions: leave at once at this step

def stopping(fn, name):
    def wrapped(*a, **k):
        if STOP == name and os.getpid() == MAIN:
            os._exit(0)
        return fn(*a, **k)
    return wrapped

def patch_forked(m):
    m.Ahead.result = after(m.Ahead.result, "loaded")
    init = stopping(m.Ahead.__init__, "ahead")
    def __init__(self, *a, **k):
        init(self, *a, **k)
        if "forked" not in MARKS:
            mark("forked")
    m.Ahead.__init__ = __init__
    if hasattr(m, "reap"):  # a loading child reaped later: its CPU is what reaping it adds to the children's
        reap = m.reap
        def reaped(*a, **k):
            waiting = set(m._EXITING)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out = reap(*a, **k)
            if waiting - set(m._EXITING) and "loader" not in MARKS:
                kids = resource.getrusage(resource.RUSAGE_CHILDREN)
                MARKS["loader"] = (0.0, kids.ru_utime + kids.ru_stime - before.ru_utime - before.ru_stime)
            return out
        m.reap = reaped

PATCHES = {
    "pnp.load": lambda m: setattr(m, "load_game", after(m.load_game, "loaded")),
    "pnp.kit_jobs": patch_kit_jobs,
    "pnp.forked": patch_forked,
    "pnp.pdf": lambda m: setattr(m.DocumentPool, "call", stopping(first(m.DocumentPool.call, "fork"), "fork")),
    "pnp.build": patch_build,
    "pnp.kit_pdf": lambda m: setattr(m, "ready", after(m.ready, "ready")),
    "pnp.cli": lambda m: mark("cli"),  # imported by the `pnp` program's own `run` where it has one
}

class Hook(MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name not in PATCHES:
            return None
        sys.meta_path.remove(self)
        try:
            from importlib.util import find_spec
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
game, out = sys.argv[1], sys.argv[2]
sys.argv = ["pnp", "build", game, "--out", out, "-q"]
import atexit
def report():  # the last exit handler: as late as the program lets anything run
    forked = sys.modules.get("pnp.forked")
    if "loader" not in MARKS and getattr(forked, "_EXITING", None):  # a loading child left to be reaped later
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        for pid in list(forked._EXITING):
            os.waitpid(pid, 0)
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        MARKS["loader"] = (0.0, kids.ru_utime + kids.ru_stime - before.ru_utime - before.ru_stime)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    MARKS["workers"] = (0.0, kids.ru_utime + kids.ru_stime)
    print(json.dumps(MARKS), flush=True)
atexit.register(report)
from importlib.util import find_spec
entry = find_spec("pnp.__main__")  # the `pnp` program's own way in and out, where the checkout has one
if "def run(" in open(entry.origin).read():
    from pnp.__main__ import run
    run()
from pnp.cli import main
main()
'''


def one_run(root: Path, game: str, out: Path, env: dict[str, str]) -> dict[str, tuple[float, float]]:
    usage, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PROBE, game, str(out)], cwd=root, env=env, check=True,
                          stdout=subprocess.PIPE, text=True)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    marks = {k: tuple(v) for k, v in json.loads(done.stdout.strip().splitlines()[-1]).items()}
    cpu = (after.ru_utime + after.ru_stime) - (usage.ru_utime + usage.ru_stime)
    marks["exit"] = (wall, cpu - marks["workers"][1])  # the whole process, seen from here
    return marks


def instructions(root: Path, game: str, env: dict[str, str]) -> None:
    """The main process's instructions from its start to the workers' fork (its serial
    part, whatever the machine's load), and those of the child that loaded the game (its
    file holds the parent's instructions before the fork too: a second run, stopped where
    the child forks, gives them). After the fork both processes run at once: the later
    of the child's end and the main process's own work, plus what the main process does
    with the game, is the critical path (the main process fills any wait with warm-ups
    that count here, so its figure moves a little with the two processes' speeds). A
    third run, stopped where the main process starts its warm-ups (`warm_up_while`),
    shows how far it has come by then."""
    work = Path(tempfile.mkdtemp(prefix="pnp-serial-cg-"))
    python = Path(sys.executable).resolve()
    counts: dict[str, list[int]] = {}
    try:
        for stop in ("fork", "ahead", "while") if (root / "pnp" / "forked.py").exists() else ("fork",):
            out = work / stop
            out.mkdir()
            subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                            f"--cachegrind-out-file={out}/cg.%p", str(python), "-c", PROBE, game, str(work / "k")],
                           cwd=root, env={**env, "BENCH_SERIAL_STOP": stop}, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            files = sorted(out.iterdir(), key=lambda f: int(f.name.split(".")[-1]))  # by pid: the main process first
            summaries = ([line for line in f.read_text().splitlines() if line.startswith("summary:")] for f in files)
            # a child killed as the main process leaves (a stop) may leave a file without one
            counts[stop] = [int(found[0].split()[1]) for found in summaries if found]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    main, *children = counts["fork"]
    print(f"{root}: pnp build {game}, instructions (valgrind)")
    print(f"main process to the workers' fork {main / 1e9:.3f} G")
    if children and counts.get("ahead"):  # the loading child is the last forked; any before it, helpers
        *helpers, child = children
        print(f"the loading child forks at        {counts['ahead'][0] / 1e9:.3f} G")
        print(f"the loading child's own           {(child - counts['ahead'][0]) / 1e9:.3f} G")
        print(f"the loading child ends at         {child / 1e9:.3f} G")
        for helper in helpers:
            print(f"a helper forked before it ends at {helper / 1e9:.3f} G")
        if counts.get("while"):
            print(f"main process reaches warm_up_while {counts['while'][0] / 1e9:.3f} G (then the drawing modules, "
                  f"the faces, the components: ~0.17 G more, whether or not it waits)")


def step_instructions(root: Path, game: str, env: dict[str, str]) -> None:
    """The main process's instructions at each step of one run, replacing the kit an
    untimed run wrote: at each step it forks a child that leaves at once, whose count
    (a forked process's count starts at its parent's) is the main process's then; the
    process's own count at its end is "exit". The steps after the workers' fork show
    what the main process does while they draw, and its serial tail after the last
    ("drawn" to "exit"). Each mark costs a fork (~0.1 M, in its step's figure)."""
    work = Path(tempfile.mkdtemp(prefix="pnp-serial-steps-"))
    python = Path(sys.executable).resolve()
    try:
        one_run(root, game, work / "k", env)  # the kit replaced, and the bytecode written
        marks, counts = work / "marks.txt", work / "cg"
        counts.mkdir()
        done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                               f"--cachegrind-out-file={counts}/cg.%p", str(python), "-c", PROBE, game, str(work / "k")],
                              cwd=root, env={**env, "BENCH_SERIAL_FORK_MARKS": str(marks)}, check=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        main_pid = next(line.split("==")[1] for line in done.stderr.splitlines() if line.startswith("=="))
        named = [line.split() for line in marks.read_text().splitlines()] + [[main_pid, "exit"]]
        found = [(name, count(counts / f"cg.{pid}")) for pid, name in named]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{root}: pnp build {game}, the main process's instructions (valgrind) at each step")
    print(f"{'step':<8} {'at (M)':>9} {'step (M)':>9}")
    last = None
    for name, at in found:
        print(f"{name:<8} {at / 1e6:9.1f} {'' if last is None else f'{(at - last) / 1e6:9.1f}'}")
        last = at
    at = dict(found)
    if "drawn" in at:
        print(f"tail after the last worker (drawn to exit) {(at['exit'] - at['drawn']) / 1e6:.1f} M")


def count(cachegrind_file: Path) -> int:
    return int(next(line for line in cachegrind_file.read_text().splitlines() if line.startswith("summary:")).split()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="1860", help="a bundled game or a game folder")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--no-bytecode", action="store_true", help="keep PYTHONDONTWRITEBYTECODE")
    parser.add_argument("--fresh", action="store_true",
                        help="build each run into a new folder (as bench_targets.py does not: its runs replace the "
                             "previous kit's files, whose deletion the commit pays for)")
    parser.add_argument("--instructions", action="store_true",
                        help="instead: count the main process's instructions to the workers' fork, and the loading "
                             "child's, with valgrind (one run; the same figure on a busy machine)")
    parser.add_argument("--steps", action="store_true",
                        help="instead: count the main process's instructions at each step of one run, with valgrind "
                             "(the steps after the workers' fork and the tail after the last; one run)")
    args = parser.parse_args()
    env = dict(os.environ)
    if not args.no_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    game = str(Path(args.game).resolve()) if Path(args.game).is_dir() else args.game
    if args.steps:
        step_instructions(args.root, game, env)
        return
    if args.instructions:
        work = Path(tempfile.mkdtemp(prefix="pnp-serial-"))
        try:
            one_run(args.root, game, work / "k", env)  # bytecode written before counting
        finally:
            shutil.rmtree(work, ignore_errors=True)
        instructions(args.root, game, env)
        return
    work = Path(tempfile.mkdtemp(prefix="pnp-serial-"))
    try:
        one_run(args.root, game, work / "k", env)
        runs = [one_run(args.root, game, work / (f"k{n}" if args.fresh else "k"), env) for n in range(args.runs)]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{args.root}: pnp build {args.game}, median of {args.runs} fresh processes"
          f"{' into new folders' if args.fresh else ' replacing the last kit'}"
          f" (load {os.getloadavg()[0]:.2f})")
    print(f"{'step':<8} {'wall at':>8} {'step':>7} {'cpu at':>8} {'step':>7}")
    wall0 = cpu0 = 0.0
    steps = [step for step in STEPS if all(step in r for r in runs)]
    for step in sorted(steps, key=lambda step: statistics.median(r[step][0] for r in runs)):
        wall = statistics.median(r[step][0] for r in runs)
        cpu = statistics.median(r[step][1] for r in runs)
        print(f"{step:<8} {wall:>8.3f} {wall - wall0:>7.3f} {cpu:>8.3f} {cpu - cpu0:>7.3f}")
        wall0, cpu0 = wall, cpu
    loader = statistics.median(r["loader"][1] for r in runs)
    workers = statistics.median(r["workers"][1] - r["loader"][1] for r in runs)
    total = statistics.median(r["workers"][1] + r["exit"][1] for r in runs)
    print(f"loading child's cpu {loader:.3f} s; workers' cpu {workers:.3f} s; all {total:.3f} s")


if __name__ == "__main__":
    main()
