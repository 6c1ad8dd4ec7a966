"""Full kits of every `:production` game of an 18xx.games clone, and how long it takes.

    python benchmarks/engine_kits.py [ROOT] [--stage production] [--out DIR] [--game TITLE ...]

ROOT defaults to the reference folder (/work/shared/reference/18xx.games). Imports
every game of the stage (`pnp import 18xx.games ROOT --all`, timed), then runs
`pnp build` on each imported production game in its own process and prints a table:
game, exit status, seconds, and the kit index's pieces against the expected counts
(from index.md). Figures, not pass/fail: the test suite builds only the components that
carry the counts (tests/test_engine_games.py).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pnp.importers.engine.all import folder_name  # noqa: E402
from pnp.importers.engine.games import Library  # noqa: E402

REFERENCE = Path("/work/shared/reference/18xx.games")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=str(REFERENCE))
    parser.add_argument("--stage", default="production")
    parser.add_argument("--out", default=None, help="where the games and kits go [a temporary folder]")
    parser.add_argument("--game", action="append", default=[], help="only these titles")
    args = parser.parse_args()
    out = Path(args.out or tempfile.mkdtemp(prefix="pnp-engine-kits-"))
    start = time.perf_counter()
    imported = subprocess.run([sys.executable, "-m", "pnp", "import", "18xx.games", args.root, "--all", "--out",
                               str(out / "games")], cwd=ROOT, capture_output=True, text=True)
    print(f"import --all: exit {imported.returncode}, {time.perf_counter() - start:.1f} s")
    library = Library(Path(args.root))
    games = [g for g in library.games.values() if g.stage == args.stage
             and (not args.game or g.title in args.game)]
    failures = 0
    total = time.perf_counter()
    print(f"{'game':<32} {'exit':>4} {'seconds':>8}  pieces (expected) by component")
    for game in sorted(games, key=lambda g: g.title.lower()):
        folder = out / "games" / folder_name(game.title)
        kit = out / "kits" / folder.name
        t = time.perf_counter()
        run = subprocess.run([sys.executable, "-m", "pnp", "build", str(folder), "--out", str(kit)], cwd=ROOT,
                             capture_output=True, text=True)
        seconds = time.perf_counter() - t
        failures += run.returncode != 0
        index = kit / "index.md"
        rows = re.findall(r"^\| ([^|`]+) \| (\d+) \| ([\d-]+) \|", index.read_text(), re.M) if index.exists() else []
        counts = ", ".join(f"{name.strip()} {p}" + (f" ({e})" if e not in ("-", p) else "") for name, p, e in rows)
        print(f"{game.title[:32]:<32} {run.returncode:>4} {seconds:>8.1f}  {counts or run.stderr.strip()[:200]}")
    print(f"{len(games)} kits, {failures} failed, {time.perf_counter() - total:.0f} s; output in {out}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
