"""Writing outputs safely: each file goes to a temporary name beside its target and is
renamed into place, so a failure never leaves a half-written file or clobbers a good
one; and nothing is written outside the output folder."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from pnp.errors import PnpError


def atomic_write(path: Path, data: bytes | str) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; outputs are ordinary files
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class OutputDir:
    """An output folder; refuses names that would escape it."""

    def __init__(self, root: Path):
        self.root = Path(root).resolve()

    def path(self, name: str) -> Path:
        target = (self.root / name).resolve()
        if self.root != target and self.root not in target.parents:
            raise PnpError(f"refused to write '{name}': outside the output folder {self.root}")
        return target

    def write(self, name: str, data: bytes | str) -> Path:
        return atomic_write(self.path(name), data)
