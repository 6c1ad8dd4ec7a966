"""Benchmark: the CPU of turning a kit's built pages into finished PDF files, as a
freshly forked drawing worker spends it (cold caches).

    python benchmarks/bench_pdf_assemble.py [--game 1860] [--runs 9] [--root CHECKOUT]

Builds every document of GAME's kit once (untimed) and warms up as `pnp build` does
(`pnp.pdf.warm_up`), then, `runs` times, forks a child that does what `pnp.pdf.assemble`
does after the pages are built, for every document: `draw_document` and `_finish` (boxes,
metadata, the file's bytes). Prints the least and the median CPU seconds of one pass.
The same code runs in a checkout from before pnp wrote its own PDFs (cairo's PDF
surface, then `pdf_file.read` of what cairo wrote), so `--root` compares the two.
Figures, never asserted in tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="1860")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args()
    sys.path[:0] = [str(args.root), str(args.root / "benchmarks")]
    from bench_drawing import kit_documents

    from pnp import pdf

    documents = kit_documents(args.game)
    pdf.warm_up()
    times = []
    for _ in range(args.runs):
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            start = time.process_time()
            for pages in documents:
                pdf._finish(pdf.draw_document(pages), [pdf.PdfPart("part", pages)], "title", "")
            os.write(write, repr(time.process_time() - start).encode())
            os._exit(0)
        os.close(write)
        times.append(float(os.read(read, 64)))
        os.waitpid(pid, 0)
        os.close(read)
    print(f"{args.root} {args.game}: {len(documents)} documents, {sum(map(len, documents))} pages; "
          f"PDF assembly CPU in a fresh worker: least {min(times):.3f} s, median {statistics.median(times):.3f} s "
          f"of {args.runs}")


if __name__ == "__main__":
    main()
