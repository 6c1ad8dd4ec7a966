"""Errors a user can cause and fix. The CLI prints them and exits with status 2."""

from __future__ import annotations

from pathlib import Path


class PnpError(Exception):
    """A problem with the user's input or options, reported without a traceback, on one line."""

    def __str__(self) -> str:
        return one_line(super().__str__())


class DataError(PnpError):
    """A data file is malformed or inconsistent: names the file, the field and the problem."""

    def __init__(self, file: str | Path, field: str, problem: str, line: int | None = None):
        self.file = str(file)
        self.field = field
        self.problem = problem
        self.line = line
        where = self.file if line is None else f"{self.file}:{line}"
        super().__init__(f"{where}: {field}: {problem}" if field else f"{where}: {problem}")


MAX_MESSAGE = 400


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    """A message as one line: line breaks and other control characters shown as escapes
    (a quoted text with a newline in it stays on one line), and at most `limit` characters."""
    out = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in str(message))
    return out if len(out) <= limit else out[: limit - 3] + "..."


def field_path(parts) -> str:
    """Render a location such as ('tiles', 3, 'color') as 'tiles[3].color'."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out
