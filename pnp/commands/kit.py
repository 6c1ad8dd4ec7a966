"""Helpers of `pnp build`: checking a map layout before anything is built, and the
summary table printed after."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import PnpError


def check_map_layout(game, layout: str) -> None:
    """`pnp build --layout`: the layout must compose (sections that exist, no overlap,
    one piece) before anything is built. A tile sheet layout's name here is a slip for
    --tile-layout."""
    from pnp.compose import compose
    from pnp.templates import tile_layouts

    try:
        compose(game, layout)
    except PnpError as exc:
        if layout in tile_layouts():
            raise PnpError(f"--layout {layout}: {exc}; for the tile sheet layout use --tile-layout {layout}") from None
        raise


def summary_table(result, target: Path) -> str:
    rows = [("component", "pieces", "expected", "pages", "seconds", "file")]
    for b in result.built:
        c = b.component
        rows.append((c.title, str(c.pieces), "-" if c.expected is None else str(c.expected), str(len(c.pages)),
                     f"{b.seconds:.2f}", c.documents[0].filename if c.documents else "-"))
    rows.append(("kit", "", "", str(result.kit_pages), f"{result.seconds:.2f}", result.kit_file))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) if i in (0, 5) else cell.rjust(w) for i, (cell, w) in enumerate(zip(r, widths)))
             for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines) + f"\n\nwritten to {target}/"
