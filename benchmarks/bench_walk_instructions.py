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

import os
from pathlib import Path

from bench_component_instructions import run_counted
from component_cpu import ROOT, child_life  # puts the checkout on the path

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
            child_life(run, step)
        os.waitpid(pid, 0)
        return pid

    def work() -> None:
        pdf._start_worker(os.getppid())
        (marks / "pids").write_text(" ".join(str(forked(step)) for step in STEPS))

    worker = os.fork()
    if worker == 0:
        child_life(work)
    os.waitpid(worker, 0)
    (marks / "pages").write_text(f"{len(documents)} {sum(map(len, documents))}")


def report(game: str, counts: dict[int, int], marks: Path) -> None:
    empty, walk, source = (counts[int(p)] for p in (marks / "pids").read_text().split())
    documents, pages = (marks / "pages").read_text().split()
    print(f"{game}: {documents} documents, {pages} pages, cold worker, checkout {ROOT}")
    print(f"  walk (Document(pages))      {(walk - empty) / 1e6:8.1f} M")
    print(f"  walk and objects (.source)  {(source - empty) / 1e6:8.1f} M")


def main() -> None:
    run_counted(__doc__.split("\n")[0], __file__, child, report)


if __name__ == "__main__":
    main()
