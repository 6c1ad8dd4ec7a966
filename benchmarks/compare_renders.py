"""Compare two builds page by page as rasters: how far apart are they?

    python benchmarks/compare_renders.py BEFORE_DIR AFTER_DIR [--dpi 60]

Each PDF in BEFORE_DIR (the kit itself excepted: it repeats the others) is rendered
with pdftoppm beside the PDF of the same name in AFTER_DIR; prints the number of
pages compared, the largest single-pixel difference, and the pages with the largest
share of pixels differing by more than a quarter of full scale (64/255). Used to show
that a change of drawing code leaves every page as it was, within antialiasing.

`--shift 1` also reports, for each page, the pixels that differ from every pixel within
one pixel of the same spot in the other raster: a thin line the renderer snaps to the
neighbouring pixel column (poppler adjusts strokes differently inside a form, artwork
drawn once and placed at several spots) differs in the plain count but not in this one,
while anything really drawn differently (a missing line, a moved label) shows in both.
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
    parser.add_argument("--shift", type=int, default=0, help="also count differences beyond a shift of N pixels")
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
                moved = shifted_difference(x, y, args.shift) if args.shift else d
                rows.append((float((d > THRESHOLD).mean()), int(d.max()), int((d > THRESHOLD).sum()),
                             f"{pdf.relative_to(args.before)} page {n}", int(moved.max()), int((moved > THRESHOLD).sum())))
                a.unlink()
                b.unlink()
    print(f"pages compared: {len(rows)} at {args.dpi} dpi")
    if rows:
        print(f"largest single-pixel difference: {max(r[1] for r in rows)}/255")
        for share, top, count, where, *_ in sorted(rows, reverse=True)[:8]:
            print(f"  {where}: {count} pixels ({share:.4%}) differ by more than {THRESHOLD}/255, largest {top}")
        if args.shift:
            worst = max(rows, key=lambda r: (r[5], r[4]))
            print(f"allowing a shift of {args.shift} pixel(s): largest difference {max(r[4] for r in rows)}/255; "
                  f"most pixels over {THRESHOLD}/255 on one page: {worst[5]} ({worst[3]})")


def shifted_difference(x, y, shift: int):
    """Per pixel, the smallest difference between x and y within `shift` pixels (both
    ways), so a line drawn one pixel over is no difference."""
    h, w = x.shape[:2]
    pad = shift
    best = None
    for a, b in ((x, y), (y, x)):
        padded = numpy.pad(b, ((pad, pad), (pad, pad), (0, 0)), mode="edge")
        near = None
        for dy in range(-shift, shift + 1):
            for dx in range(-shift, shift + 1):
                window = padded[pad + dy:pad + dy + h, pad + dx:pad + dx + w]
                diff = numpy.abs(a - window).max(axis=2)
                near = diff if near is None else numpy.minimum(near, diff)
        best = near if best is None else numpy.maximum(best, near)
    return best


if __name__ == "__main__":
    main()
