"""Benchmark: zlib's level for the content streams pnp's PDF writer deflates.

    python benchmarks/bench_pdf_level.py [--game 1860]

Builds GAME's kit (untimed), writes each document's pages with `pnp.draw.pdfwriter`,
keeping every content and form stream it deflates, then prints for each zlib level the
total deflated size and the CPU seconds to deflate them all (median of 3). Chose
`pdfwriter.LEVEL`. Figures, never asserted in tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_drawing import kit_documents  # noqa: E402


def streams(game: str) -> list[bytes]:
    from pnp.draw import pdfwriter

    kept: list[bytes] = []
    original = pdfwriter.stream

    def keep(head: bytes, data: bytes, level: int = pdfwriter.LEVEL) -> bytes:
        kept.append(data)
        return original(head, data, level)

    pdfwriter.stream = keep
    try:
        for pages in kit_documents(game):
            pdfwriter.to_source(pages)
    finally:
        pdfwriter.stream = original
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="1860")
    args = parser.parse_args()
    data = streams(args.game)
    print(f"{args.game}: {len(data)} streams, {sum(map(len, data))} bytes before deflating")
    for level in range(1, 10):
        times = []
        for _ in range(3):
            start = time.process_time()
            size = sum(len(zlib.compress(d, level)) for d in data)
            times.append(time.process_time() - start)
        print(f"level {level}: {size} bytes, {statistics.median(times):.4f} s CPU")


if __name__ == "__main__":
    main()
