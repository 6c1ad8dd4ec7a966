"""Which schema each file of a game folder follows, and the schema files' names (light:
no models imported, so `pnp new` and the command line stay quick)."""

from __future__ import annotations

from pathlib import Path


def schema_filename(kind: str) -> str:
    """`map.yaml` -> `map.schema.json`; `sections/*.yaml` -> `section.schema.json`."""
    names = {"sections/*.yaml": "section", "layouts/*.yaml": "layout", "examples/*.yaml": "placements",
             "library/*.yaml": "tile-library"}
    return f"{names.get(kind, kind.removesuffix('.yaml'))}.schema.json"


def kind_of(path: Path, folder: Path) -> str | None:
    """Which schema a file of a game folder follows (None: not a data file)."""
    rel = path.relative_to(folder).as_posix()
    if rel in schemas_kinds():
        return rel
    head = rel.split("/")[0]
    if "/" in rel and rel.endswith(".yaml") and f"{head}/*.yaml" in schemas_kinds():
        return f"{head}/*.yaml"
    return None


def schemas_kinds() -> tuple[str, ...]:
    return ("game.yaml", "tiles.yaml", "map.yaml", "market.yaml", "companies.yaml", "privates.yaml", "trains.yaml",
            "phases.yaml", "cards.yaml", "sections/*.yaml", "layouts/*.yaml", "examples/*.yaml")
