"""Benchmark: the instructions a cold drawing worker spends writing a kit's files, by
step, counted by valgrind's cachegrind (exact and nearly independent of the machine's
load, unlike CPU seconds on a shared machine), in one valgrind run.

    python benchmarks/bench_documents_instructions.py [--game 1860] [--root CHECKOUT] [--cpu] [--runs 5]

Runs itself under valgrind (`--child`): loads the game and warms up as `pnp build` does
(every step of `kit_jobs.warm_up_while` done, as when the game takes long to load),
builds every component whole (its pages made; each SVG file's page or node kept, its
text not written: `pnp.render.svg.to_string` is replaced while building), then forks a
process that starts as a drawing worker, and from it one child a step, each doing its
step for every document of the kit from the same cold start:

    walk     the writer's objects drawn (`pdfwriter.Document(pages)`: the content streams)
    source   and the document's objects made (`Document.source`: forms, fonts, deflate)
    file     and the file written (`pdf._finish`: boxes, bookmarks, `pdf_file.written`)
    kit      and the kit joined from the files' objects (`pdf.merge_documents`, the tail)
    svg      every SVG file's text (`pnp.render.svg.to_string`), nothing else

and one that does nothing. A step's count is its child's instructions less the empty
child's (a forked child's count starts from its parent's at the fork); the table shows
each step's own share (source less walk, ...). Needs valgrind; a run outside valgrind
first writes the bytecode. `--cpu` runs the same children `--runs` times without
valgrind and prints each step's least CPU seconds instead (load-dependent: compare
checkouts in the same minutes). Figures, not pass/fail: compare with another checkout
(`--root`), e.g. main at the start of a change.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from component_cpu import ROOT, arguments, child_life, under_cachegrind  # puts the checkout on the path

STEPS = ("empty", "walk", "source", "file", "kit", "svg")


def kit_files(game_name: str) -> tuple[list[list], list]:
    """(each document's pages, each SVG file's page or node) of GAME's kit, built as a
    worker builds them, no SVG text written."""
    from component_cpu import kit_setup

    from pnp import kit_jobs
    from pnp.build import build_component, scaled
    from pnp.render import svg

    game, options, keys = kit_setup(game_name)
    kit_jobs.warm_up_while(lambda: True)  # every optional warm-up step, as when the game loads slowly
    items, real = [], svg.to_string
    svg.to_string = lambda item: items.append(item) or ""
    try:
        documents = []
        for key in keys:
            component = build_component(key, game, options)
            documents += [[scaled(p, options.scale) for p in doc.pages] for doc in component.documents]
            for text in component.svgs.values():
                if not isinstance(text, str):
                    items.append(text)
    finally:
        svg.to_string = real
    return documents, items


def step(name: str, documents: list[list], items: list) -> None:
    """Step `name` for every document (or SVG file) of the kit."""
    from pnp import pdf
    from pnp.draw import pdfwriter
    from pnp.render import svg

    if name == "svg":
        for item in items:
            svg.to_string(item)
        return
    files = []
    for pages in documents:
        drawn = pdfwriter.Document(pages)
        if name == "walk":
            continue
        source = drawn.source()
        if name == "source":
            continue
        files.append(pdf._finish(source, [pdf.PdfPart("part", pages)], "title", ""))
    if name == "kit":
        pdf.merge_documents([(f"part {k}", objects) for k, (_, objects) in enumerate(files)], "kit", "subject")


def child(game_name: str, marks: Path, rounds: int = 1) -> None:
    """The worker and its children, one a step, `rounds` times; their process ids
    written to `marks/pids` (the last round's), each step's CPU seconds to `marks/cpu`."""
    from pnp import pdf

    documents, items = kit_files(game_name)
    worker = os.fork()
    if worker == 0:
        code = 1
        try:
            pdf._start_worker(os.getppid())
            for _ in range(rounds):
                pids = []
                for name in STEPS:
                    pid = os.fork()
                    if pid == 0:
                        child_life(_timed_step, marks, name, documents, items)
                    os.waitpid(pid, 0)
                    pids.append(str(pid))
            (marks / "pids").write_text(" ".join(pids))
            code = 0
        finally:
            os._exit(code)
    os.waitpid(worker, 0)
    (marks / "sizes").write_text(f"{len(documents)} {sum(map(len, documents))} {len(items)}")


def _timed_step(marks: Path, name: str, documents: list[list], items: list) -> None:
    """Step `name` (nothing for "empty"), its CPU seconds added to `marks/cpu`."""
    start = time.process_time()
    if name != "empty":
        step(name, documents, items)
    with open(marks / "cpu", "a") as fh:
        fh.write(f"{name} {time.process_time() - start}\n")


def main() -> None:
    parser = arguments(__doc__.split("\n")[0])
    parser.add_argument("--child", help=argparse.SUPPRESS)  # the run under valgrind: its marks folder
    parser.add_argument("--rounds", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--cpu", action="store_true", help="least CPU seconds of --runs rounds, no valgrind")
    args = parser.parse_args()
    if args.child:
        child(args.game, Path(args.child), args.rounds)
        return
    if args.cpu:
        cpu_seconds(args)
        return
    with under_cachegrind(__file__, args.game) as (counts, marks):
        pids = dict(zip(STEPS, map(int, (marks / "pids").read_text().split())))
        documents, pages, files = (marks / "sizes").read_text().split()
    total = {name: counts[pid] - counts[pids["empty"]] for name, pid in pids.items()}
    own = {"walk": total["walk"], "source": total["source"] - total["walk"], "file": total["file"] - total["source"],
           "kit": total["kit"] - total["file"], "svg": total["svg"]}
    print(f"{args.game}: {documents} documents, {pages} pages, {files} SVG files; instructions by step, "
          f"cold worker, checkout {ROOT}")
    for name, n in own.items():
        print(f"  {name:<8} {n / 1e6:8.1f} M")
    print(f"  {'writing':<8} {(own['source'] + own['file'] + own['svg']) / 1e6:8.1f} M  (source + file + svg)")


def cpu_seconds(args) -> None:
    """Each step's least CPU seconds over `args.runs` rounds, without valgrind."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    script = [sys.executable, __file__, "--game", args.game, "--root", str(ROOT)]
    with tempfile.TemporaryDirectory(prefix="bench-docs-") as folder:
        subprocess.run(script + ["--child", folder, "--rounds", str(args.runs)], env=env, check=True,
                       capture_output=True)
        least: dict[str, float] = {}
        for line in (Path(folder) / "cpu").read_text().split("\n"):
            if line:
                name, seconds = line.split()
                least[name] = min(least.get(name, float("inf")), float(seconds))
    own = {"walk": least["walk"], "source": least["source"] - least["walk"], "file": least["file"] - least["source"],
           "kit": least["kit"] - least["file"], "svg": least["svg"]}
    print(f"{args.game}: least CPU seconds by step of {args.runs} rounds, cold worker, checkout {ROOT}")
    for name, seconds in own.items():
        print(f"  {name:<8} {seconds * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
