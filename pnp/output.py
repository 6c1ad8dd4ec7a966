"""Writing outputs safely: each file goes to a temporary name beside its target and is
renamed into place, so a failure never leaves a half-written file or clobbers a good
one; and nothing is written outside the output folder."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from pnp.errors import PnpError


def write_error(path: Path, exc: OSError) -> PnpError:
    """A failed write (read-only folder, full disk, ...) as one line naming the file."""
    reason = exc.strerror or str(exc)
    if exc.errno == errno.ENOSPC:
        reason = "no space left on the device"
    return PnpError(f"cannot write {path}: {reason}")


def atomic_write(path: Path, data: bytes | str) -> Path:
    """`data` as the file `path`, whole or not at all. A file that holds exactly these
    bytes already is left as it is (its modification time too, as `pnp build` leaves
    an unchanged file): a rebuild rewrites nothing it would not change. Making a file
    is most of what writing one costs (on this project's disk ~1 ms, finding a free
    inode past those freed by the copies a rebuild replaced), against a stat and a read."""
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if holds(path, payload):
        return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as exc:
        raise write_error(path, exc) from None
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; outputs are ordinary files
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise write_error(path, exc) from None
        raise
    return path


def holds(path: Path, payload: bytes) -> bool:
    """Whether `path` is a plain file (not a link) holding exactly `payload`."""
    try:
        old = os.lstat(path)
        if not stat.S_ISREG(old.st_mode) or old.st_size != len(payload):
            return False
        with open(path, "rb") as handle:
            return handle.read() == payload
    except OSError:
        return False


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class OutputDir:
    """An output folder; refuses names that would escape it."""

    def __init__(self, root: Path):
        self.root = Path(root).resolve()

    def path(self, name: str) -> Path:
        """Where `name` lands, with every link on the way followed: refused when that is
        outside the folder (a `../` in the name, or a link inside the folder pointing out)."""
        target = (self.root / name).resolve()
        if self.root != target and self.root not in target.parents:
            raise PnpError(f"refused to write '{name}': it leads outside the output folder {self.root}")
        return target

    def write(self, name: str, data: bytes | str) -> Path:
        return atomic_write(self.path(name), data)
