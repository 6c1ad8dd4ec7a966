"""Benchmark: the instructions of turning every page of a kit into PDF content streams
(`pnp.draw.pdfwriter.Document`: the walk of each page's tree, its operators as text,
the fonts' glyphs chosen), on a cold drawing worker, counted by valgrind's cachegrind
(exact and nearly independent of the machine's load).

    python benchmarks/bench_walk_instructions.py [--game 1860] [--root CHECKOUT]

Runs itself under valgrind (`--child`): builds every document of GAME's kit (as
bench_drawing.py does, untimed) and warms up as `pnp build` does when the game takes
long enough to load (`kit_jobs.warm_up_while`: the glyphs' ink boxes read), then forks a process
that starts as a drawing worker and, from there, three children: one that ends at once,
one that draws every document (`Document(pages)`: the walk), one that also makes each
document's objects (`.source()`: the streams deflated, the fonts embedded). A figure is
a child's instructions less the first's (a forked child's count starts from its
parent's). Needs valgrind; a run outside valgrind first writes the bytecode. Figures,
not pass/fail: compare with another checkout (`--root`), e.g. main at the start.
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

STEPS = ("empty", "walk", "source")


def child(game_name: str, marks: Path) -> None:
    """Under valgrind: the worker and its three children; their process ids in `marks/pids`."""
    from bench_drawing import kit_documents

    from pnp import kit_jobs, pdf

    documents = kit_documents(game_name)
    kit_jobs.warm_up_while(lambda: True)  # all of it, as when the game loads long enough
    pdf.warm_up()

    def run(step: str) -> None:
        from pnp.draw.pdfwriter import Document

        for pages in documents:
            document = Document(pages) if step != "empty" else None
            if step == "source":
                document.source()

    def forked(step: str) -> int:
        pid = os.fork()
        if pid == 0:
            _child_life(run, step)
        os.waitpid(pid, 0)
        return pid

    def work() -> None:
        pdf._start_worker(os.getppid())
        (marks / "pids").write_text(" ".join(str(forked(step)) for step in STEPS))

    worker = os.fork()
    if worker == 0:
        _child_life(work)
    os.waitpid(worker, 0)
    (marks / "pages").write_text(f"{len(documents)} {sum(map(len, documents))}")


def _child_life(fn, *args) -> None:
    """A forked child runs `fn(*args)` and leaves by `os._exit`, whatever happens."""
    code = 1
    try:
        fn(*args)
        code = 0
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        os._exit(code)


def main() -> None:
    parser = arguments(__doc__.split("\n")[0])
    parser.add_argument("--child", help=argparse.SUPPRESS)  # the run under valgrind: its marks folder
    args = parser.parse_args()
    if args.child:
        child(args.game, Path(args.child))
        return
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed")
    script = [sys.executable, __file__, "--game", args.game, "--root", str(ROOT)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory(prefix="bench-walk-") as folder:
        marks = Path(folder)
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
        empty, walk, source = (counts[int(p)] for p in (marks / "pids").read_text().split())
        documents, pages = (marks / "pages").read_text().split()
    print(f"{args.game}: {documents} documents, {pages} pages, cold worker, checkout {ROOT}")
    print(f"  walk (Document(pages))      {(walk - empty) / 1e6:8.1f} M")
    print(f"  walk and objects (.source)  {(source - empty) / 1e6:8.1f} M")


if __name__ == "__main__":
    main()
