"""Benchmark: the PDF drawing of a kit alone (pages already built), in one process.

    python benchmarks/bench_drawing.py [--game 1860] [--runs 3] [--profile N] [--import-time] [--root DIR]

Builds every document of GAME's kit once (untimed), then draws each document's pages
to PDF with pnp's PDF writer (cairo's, in a checkout from before pnp wrote its own) `runs` times and prints the median CPU seconds of one pass
over the kit. `--profile N` prints the N functions with the most own time of one pass
(cProfile); `--import-time` prints the CPU seconds of importing the PDF writer in a
fresh process (median of 5). `--root` measures another checkout (e.g. main before a
change). Figures, never asserted in tests.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

IMPORT = ("import time, importlib, importlib.util; c = time.process_time(); "
          "importlib.import_module('pnp.draw.pdfwriter' if importlib.util.find_spec('pnp.draw.pdfwriter') "
          "else 'pnp.draw.cairowriter'); "
          "print(time.process_time() - c)")


def kit_documents(game_name: str) -> list[list]:
    """Each document's pages, as `pnp build GAME` draws them."""
    from pnp.build import build_component, kit_components, resolve_options, scaled
    from pnp.commands.common import print_options
    from pnp.cut.options import resolve
    from pnp.load import load_game
    from pnp.localise import in_language

    game = load_game(game_name)
    settings = resolve_options(game, {})
    options = print_options(game, settings["paper"], settings["theme"], cut=resolve(game, None))
    game = in_language(game, options.lang)
    documents = []
    for key in kit_components(game, None, options):
        component = build_component(key, game, options)
        documents += [[scaled(p, options.scale) for p in doc.pages] for doc in component.documents]
    return documents


def draw_all(documents: list[list]) -> int:
    try:
        from pnp.draw.pdfwriter import to_pdf
    except ImportError:  # a checkout from before pnp wrote its own PDFs
        from pnp.draw.cairowriter import to_pdf

    return sum(len(to_pdf(pages)) for pages in documents)


def import_seconds(root: Path) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-c", IMPORT], cwd=root, env=env, check=True, capture_output=True)
    runs = [float(subprocess.run([sys.executable, "-c", IMPORT], cwd=root, env=env, check=True, capture_output=True,
                                 text=True).stdout) for _ in range(5)]
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="1860")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", type=int, default=0, help="print the N functions with most own time")
    parser.add_argument("--import-time", action="store_true")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    args = parser.parse_args()
    sys.path.insert(0, str(args.root.resolve()))
    if args.import_time:
        print(f"import the PDF writer: {import_seconds(args.root):.3f} s CPU (median of 5 fresh processes)")
    documents = kit_documents(args.game)
    pages = sum(len(d) for d in documents)
    draw_all(documents)  # warm-up: fonts, caches
    cpu = []
    for _ in range(args.runs):
        c = time.process_time()
        size = draw_all(documents)
        cpu.append(time.process_time() - c)
    print(f"{args.game}: {len(documents)} documents, {pages} pages, {size} bytes of PDF; "
          f"drawing: {statistics.median(cpu):.3f} s CPU (median of {args.runs})")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(draw_all, documents)
        pstats.Stats(profile).sort_stats("tottime").print_stats(args.profile)


if __name__ == "__main__":
    main()
