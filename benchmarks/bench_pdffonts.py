"""Benchmark: the CPU pnp.draw.pdffonts costs the PDF writer for a kit's documents.

    python benchmarks/bench_pdffonts.py [--game 1860] [--runs 5] [--root CHECKOUT]

Builds the kit once (as bench_drawing_cpu does) while recording, document by document,
every text the PDF writer draws: its face, content and whether it is anchored (the
writer then asks for its ink extents). Then, `runs` times, a forked child started as a
drawing worker (with the faces read before the fork, as `warm_up` has them) shows every text of every
document on a fresh `DocumentFonts` in the order drawn, and writes each document's font
objects. Prints the least CPU over the runs: `show` (+ `ink_extents` where anchored) per
call, and `objects` per document, for the whole kit and its largest documents.
Figures, not pass/fail.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from component_cpu import arguments, kit_setup, timed_in_worker  # puts the checkout on the path

from pnp import kit_jobs  # noqa: E402
from pnp.draw import pdffonts, pdfwriter  # noqa: E402
from pnp.draw.ink import Ink  # noqa: E402
from pnp.draw.nodes import NO_PAINT, Group, Text  # noqa: E402


def texts_of(pages) -> list[tuple]:
    """(family, bold, italic, text, size, anchored) of every text the pages draw, in order."""
    found: list[tuple] = []

    def walk(node, ink):
        if node.paint is not NO_PAINT:
            ink = ink.under(node.paint)
        if type(node) is Group:
            for child in node.children:
                walk(child, ink)
        elif type(node) is Text and node.content:
            family, bold, italic, size = ink.font()
            found.append((family, bold, italic, node.content, size, ink.anchor != "start"))

    for page in pages:
        walk(page.root, Ink({}))
    return found


def recorded_documents(game, options, keys) -> dict[str, list[tuple]]:
    """Each document of the kit (component key and number) -> its texts."""
    documents: dict[str, list[tuple]] = {}
    drawing = pdfwriter.to_source
    current = [""]

    def to_source(pages):
        documents[f"{current[0]}#{sum(k.startswith(current[0] + '#') for k in documents)}"] = texts_of(pages)
        return drawing(pages)

    pdfwriter.to_source = to_source
    staging = Path(tempfile.mkdtemp(prefix="bench-pdffonts-"))
    try:
        job = kit_jobs.KitJob(game, options, staging, False)
        for key in keys:
            current[0] = key
            kit_jobs._run(key, job)
    finally:
        pdfwriter.to_source = drawing
        shutil.rmtree(staging, ignore_errors=True)
    return documents


def timed(documents: dict[str, list[tuple]]) -> dict[str, tuple[float, float]]:
    """In a forked child started as a drawing worker: each document's (show + ink extents
    CPU, objects CPU). Timed as two steps a document, the second writing what the first
    gathered."""
    gathered: dict[str, pdffonts.DocumentFonts] = {}

    def step(key: str) -> None:
        name, what = key.rsplit("/", 1)
        if what == "objects":
            gathered.pop(name).objects(100)
            return
        fonts = gathered[name] = pdffonts.DocumentFonts()
        for family, bold, italic, text, size, anchored in documents[name]:
            fonts.show(family, bold, italic, text)
            if anchored:
                fonts.ink_extents(family, bold, italic, text, size)

    times = timed_in_worker(step, [f"{name}/{what}" for name in documents for what in ("show", "objects")])
    return {name: (times[f"{name}/show"], times[f"{name}/objects"]) for name in documents}


def main() -> None:
    args = arguments(__doc__.split("\n")[0]).parse_args()
    game, options, keys = kit_setup(args.game)
    documents = recorded_documents(game, options, keys)
    c0 = time.process_time()
    for key in pdffonts.COMMON:
        pdffonts.warm_up(key)
    print(f"warm_up (the four common faces read): {1000 * (time.process_time() - c0):.1f} ms CPU")
    runs = [timed(documents) for _ in range(args.runs)]
    calls = sum(len(texts) for texts in documents.values())
    shows = [sum(t[0] for t in run.values()) for run in runs]
    objects = [sum(t[1] for t in run.values()) for run in runs]
    print(f"{args.game}: {len(documents)} documents, {calls} texts shown; least of {args.runs} runs:")
    print(f"  show (+ ink_extents when anchored): {1000 * min(shows):.1f} ms, "
          f"{1e6 * min(shows) / calls:.2f} us a call")
    print(f"  objects: {1000 * min(objects):.1f} ms for all documents")
    for name in sorted(documents, key=lambda n: -len(documents[n]))[:6]:
        show = min(run[name][0] for run in runs)
        made = min(run[name][1] for run in runs)
        print(f"    {name:<18} {len(documents[name]):>5} texts: show {1000 * show:.2f} ms, objects {1000 * made:.2f} ms")


if __name__ == "__main__":
    main()
