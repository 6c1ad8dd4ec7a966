"""`pnp new`: a game folder that builds at once, to start a design from.

`blank` is a small game of our own (data/starter/: a ten-hex map, seven tiles, two
companies, a market, three trains and their phases), every field commented; `1860`
and `18xy` copy a bundled game. Every YAML file gets a first line naming its JSON
Schema, written into the folder's `schema/`, so that editors complete and check the
data offline."""

from __future__ import annotations

import json
from pathlib import Path

from pnp.errors import PnpError
from pnp.resources import data_dir
from pnp.schema import schema_line, with_schema_line, write_schemas

STARTERS = ("blank", "1860", "18xy")
SCHEMA_DIR = "schema"


def starter_folder(name: str) -> Path:
    if name not in STARTERS:
        raise PnpError(f"--from {name}: unknown starting point (known: {', '.join(STARTERS)})")
    return data_dir() / "starter" if name == "blank" else data_dir() / "games" / name


def new_game(name: str, start: str = "blank", out: str | Path | None = None) -> Path:
    """Write the new game folder (`out`, default ./NAME) and return it."""
    if not name.strip() or "/" in name or "\\" in name:
        raise PnpError(f"pnp new: '{name}' is not a name for a game (no slashes; use --out for a folder elsewhere)")
    folder = Path(out) if out else Path(name)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise PnpError(f"{folder}: already exists and is not empty; choose another name or --out")
    source = starter_folder(start)
    files = sorted(p for p in source.rglob("*.yaml") if p.is_file())
    folder.mkdir(parents=True, exist_ok=True)
    write_schemas(folder / SCHEMA_DIR)
    for path in files:
        target = folder / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = path.read_text(encoding="utf-8")
        if start == "blank":
            text = text.replace("{title}", json.dumps(name, ensure_ascii=False))
        line = schema_line(target, folder, folder / SCHEMA_DIR)
        target.write_text(with_schema_line(text, line) if line else text, encoding="utf-8")
    return folder
