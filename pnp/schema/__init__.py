"""`pnp schema`: JSON Schema for every data file of a game folder (files.py), written
as files so that editors complete and check the YAML offline. A data file names its
schema in its first line, which the YAML language server of most editors reads:

    # yaml-language-server: $schema=../../schema/map.schema.json
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from pnp.schema.kinds import kind_of, schema_filename

MARKER = "# yaml-language-server: $schema="


def schema_texts() -> dict[str, str]:
    """File name -> the schema as JSON text (stable: sorted keys, one line ending)."""
    from pnp.schema.files import schemas

    return {schema_filename(kind): json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
            for kind, schema in schemas().items()}


def write_schemas(out: Path) -> list[Path]:
    from pnp.output import atomic_write

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in schema_texts().items():
        atomic_write(out / name, text)
        written.append(out / name)
    return written


def schema_line(path: Path, folder: Path, schema_dir: Path) -> str | None:
    """The first line naming the schema of a game folder's file, or None for a file that
    is not game data; the path is relative, so it works wherever the folder is copied."""
    kind = kind_of(path, folder)
    if kind is None:
        return None
    target = schema_dir / schema_filename(kind)
    return MARKER + Path(os.path.relpath(target, path.parent)).as_posix()


def with_schema_line(text: str, line: str) -> str:
    """The file's text with `line` first, replacing an earlier schema line."""
    lines = text.splitlines(keepends=True)
    if lines and lines[0].startswith(MARKER):
        lines = lines[1:]
    return line + "\n" + "".join(lines)


def mark_folder(folder: Path, schema_dir: Path) -> list[Path]:
    """Put the schema line first in every data file of a game folder (an imported game,
    or a bundled one after a new file); returns the files changed."""
    from pnp.output import atomic_write

    changed = []
    for path in sorted(folder.rglob("*.yaml")):
        line = schema_line(path, folder, schema_dir)
        if line is None:
            continue
        text = path.read_text(encoding="utf-8")
        marked = with_schema_line(text, line)
        if marked != text:
            atomic_write(path, marked)
            changed.append(path)
    return changed
