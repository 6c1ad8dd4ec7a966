"""`pnp build`'s YAML, read ahead: a helper process reads the game's documents while
the program imports what the loading needs, and the loading child takes them.

Reading the YAML is about half of loading a game (1858: 99 documents, ~130 M
instructions) and needs only PyYAML. The loading child (`pnp.commands.early`) forks
only after the modules it shares with the main process are imported (msgspec, the
models, the templates: ~170 M), and until then one core of two is idle. So, at the
program's start, `start` forks a helper that reads, in the order the loading reads
them, the game's files, the standard tiles its manifest names and the templates a
build reads, and writes each document to a pipe as soon as it is read (pickled, with
its path and text). The loading child, forked later (`handing_over`), keeps the
pipe's read end; its `pnp.yamlfile.parse_yaml` asks `take` first.

The helper is only a shortcut: the child reads every file itself, as ever, and takes
a document only for the same path and the same text; any other (a file the helper did
not read, or read before it changed) it parses itself. The helper sends only documents
that read cleanly, so a file with a problem is parsed by the child, which raises the
error it always raised. If the helper is slow, the child waits for the document it
needs (the helper started ~0.07 s earlier, with the same work before it); if the
helper is gone, the child reads the rest itself.

The helper dies with the main process (`pnp.forked`'s lifeline), writes nothing but
its pipe, and leaves by `os._exit` when it is done or when its reader is gone (a
broken pipe). Only the loading child keeps the read end: the main process closes its
own once that child forked, and every other process forked from it closes its copies
(`_after_fork_in_child`)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

_HELD: list[int] = []  # in the main process: the read end of the helper's pipe, until handed over
_ALIVE: list[int] = []  # in the main process: the helper's lifeline (kept while this process lives)
_HANDING = False  # true while the loading child forks: that child keeps the read end
_STREAM: "_Stream | None" = None  # in the loading child: the helper's documents


def start(game: str, templates: list[Path]) -> None:
    """The helper forked, reading `game`'s YAML and then `templates` (those that exist).
    Where the system refuses a pipe or a process, no helper: the loading reads all."""
    from pnp import forked

    helper = forked.fork_piped(lambda parent, alive, write: _helper(parent, alive, write, game, templates))
    if helper is None:
        return
    pid, read, alive = helper
    _HELD.append(read)
    _ALIVE.append(alive)
    forked._EXITING.add(pid)  # reaped when done, as a loading child is (`pnp.forked.reap`)


class handing_over:
    """Around forking the loading child: that child keeps the helper's pipe, and this
    process closes its own end afterwards (the child took it, or none was forked)."""

    def __enter__(self):
        global _HANDING
        _HANDING = True

    def __exit__(self, *exc):
        global _HANDING
        _HANDING = False
        while _HELD:
            os.close(_HELD.pop())


def _after_fork_in_child() -> None:
    """In every forked child: the helper's lifeline closed (only the main process may
    hold it), and the pipe's read end kept only by the loading child (`handing_over`),
    which from now on takes documents from it (`pnp.yamlfile.READ_AHEAD`)."""
    global _HANDING, _STREAM
    while _ALIVE:
        os.close(_ALIVE.pop())
    if _HELD and _HANDING:
        from pnp import yamlfile

        _STREAM = _Stream(_HELD.pop())
        yamlfile.READ_AHEAD = _STREAM.take
    while _HELD:
        os.close(_HELD.pop())
    _HANDING = False


os.register_at_fork(after_in_child=_after_fork_in_child)


class _Stream:
    """The helper's documents, read from its pipe as they are asked for."""

    def __init__(self, fd: int):
        self.pipe = os.fdopen(fd, "rb")
        self.read: dict[tuple[str, str], object] = {}  # (path, text) -> data, read from the pipe, not yet taken

    def take(self, path, text: str) -> tuple | None:
        """(data,) as the helper read `text` from `path`, or None where it did not (or
        is gone): read from the pipe up to that document, waiting for it if need be."""
        import pickle

        key = (str(path), text)
        while key not in self.read and self.pipe is not None:
            try:
                where, source, data = pickle.load(self.pipe)
            except Exception:  # noqa: BLE001 - the end of the pipe, or a helper killed while writing
                self.pipe.close()
                self.pipe = None
                break
            self.read[(where, source)] = data
        if key in self.read:
            return (self.read.pop(key),)
        return None


def _helper(parent: int, alive: int, write: int, game: str, templates: list[Path]) -> None:
    """Read, send, leave: `os._exit` whatever happens."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C: gone at once, no traceback
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        import warnings

        warnings.simplefilter("ignore")  # the loading child reads the same and warns, once
        from pnp.forked import _tie_to_parent

        _tie_to_parent(parent, alive, load=False)
        import pickle

        with os.fdopen(write, "wb") as pipe:
            for path, text, data in documents(game, templates):
                pickle.dump((str(path), text, data), pipe, protocol=pickle.HIGHEST_PROTOCOL)
                pipe.flush()  # the child may be waiting for this one
        code = 0
    except BaseException:  # noqa: BLE001 - a broken pipe (the child is gone), anything: the child reads itself
        pass
    finally:
        os._exit(code)


def documents(game: str, templates: list[Path]):
    """(path, text, data) of each document that reads cleanly, in the order loading
    `game` reads them (`pnp.load.load_game`): game.yaml, tiles.yaml, the standard tiles
    its manifest names, the game's other parts; then `templates`."""
    from pnp.load import PART_LOADERS, resolve_game

    try:
        folder = resolve_game(game)
    except Exception:  # noqa: BLE001 - the loading reports it
        return
    yield from _read(folder / "game.yaml")
    for path, text, data in _read(folder / "tiles.yaml"):
        yield path, text, data
        yield from _standard_tiles(data)
    for filename, _ in PART_LOADERS.values():
        yield from _read(folder / filename)
    for path in templates:
        yield from _read(path)


def _read(path: Path):
    """(path, text, data) if `path` is a file that reads cleanly (`parse_yaml`), else nothing."""
    from pnp.yamlfile import parse_yaml

    try:
        if not path.is_file():
            return
        text = path.read_text(encoding="utf-8")
        data = parse_yaml(path, text)
    except Exception:  # noqa: BLE001 - the loading reports it
        return
    yield path, text, data


def _standard_tiles(manifest_file):
    """(path, text, data) of each standard tile the manifest names and the file does
    not define itself, as the library reads one (`pnp.library.Library`: a tile's own
    text)."""
    from pnp.library import library
    from pnp.resources import data_dir
    from pnp.yamlfile import parse_yaml

    counts = manifest_file.get("manifest") if isinstance(manifest_file, dict) else None
    own = manifest_file.get("tiles") if isinstance(manifest_file, dict) else None
    if not isinstance(counts, dict) or not isinstance(own or [], list):
        return
    own_ids = {str(tile.get("id")) for tile in own or () if isinstance(tile, dict)}
    try:
        standard = library(data_dir() / "tiles")
    except Exception:  # noqa: BLE001 - the loading reports it
        return
    for tile_id in counts:
        entry = None if str(tile_id) in own_ids else standard.entries.get(str(tile_id))
        if entry is None:
            continue
        path, _, body = entry
        try:
            data = parse_yaml(path, body)
        except Exception:  # noqa: BLE001 - the library reads the whole file and reports it
            continue
        yield path, body, data
