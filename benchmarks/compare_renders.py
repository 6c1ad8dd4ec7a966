"""Compare two builds page by page as rasters: how far apart are they?

    python benchmarks/compare_renders.py BEFORE_DIR AFTER_DIR [--dpi 60]

Each PDF in BEFORE_DIR (the kit itself excepted: it repeats the others) is rendered
with pdftoppm beside the PDF of the same name in AFTER_DIR; prints the number of
pages compared, the largest single-pixel difference, and the pages with the largest
share of pixels differing by more than a quarter of full scale (64/255). Used to show
that a change of drawing code leaves every page as it was, within antialiasing.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
from pathlib import Path

import numpy
from PIL import Image

THRESHOLD = 64


def rasters(pdf: Path, folder: Path, tag: str, dpi: int) -> list[Path]:
    stem = folder / f"{pdf.stem}-{tag}"
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(pdf), str(stem)], check=True)
    return sorted(folder.glob(f"{pdf.stem}-{tag}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--dpi", type=int, default=60)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for pdf in sorted(args.before.rglob("*.pdf")):
            if pdf.name.endswith("-kit.pdf"):
                continue
            other = args.after / pdf.relative_to(args.before)
            old, new = rasters(pdf, work, "b", args.dpi), rasters(other, work, "a", args.dpi)
            if len(old) != len(new):
                print(f"{pdf.relative_to(args.before)}: {len(old)} pages before, {len(new)} after")
                continue
            for n, (a, b) in enumerate(zip(old, new), 1):
                x = numpy.asarray(Image.open(a).convert("RGB"), dtype=int)
                y = numpy.asarray(Image.open(b).convert("RGB"), dtype=int)
                if x.shape != y.shape:
                    print(f"{pdf.relative_to(args.before)} page {n}: {x.shape} before, {y.shape} after")
                    continue
                d = numpy.abs(x - y).max(axis=2)
                rows.append((float((d > THRESHOLD).mean()), int(d.max()), int((d > THRESHOLD).sum()),
                             f"{pdf.relative_to(args.before)} page {n}"))
                a.unlink()
                b.unlink()
    print(f"pages compared: {len(rows)} at {args.dpi} dpi")
    if rows:
        print(f"largest single-pixel difference: {max(r[1] for r in rows)}/255")
        for share, top, count, where in sorted(rows, reverse=True)[:8]:
            print(f"  {where}: {count} pixels ({share:.4%}) differ by more than {THRESHOLD}/255, largest {top}")


if __name__ == "__main__":
    main()
