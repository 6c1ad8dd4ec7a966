"""Which games an 18xx.games clone holds, how a title names one, and a game's constants
as the engine's game class sees them (its own, its includes', its parents', base.rb's).

A game is a folder `lib/engine/game/g_<name>/` with `meta.rb`; its module is the one
`meta.rb` opens inside `Engine::Game` (`G1830`), its title `GAME_TITLE` or the module
name without its `G`.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import PnpError
from pnp.importers.engine.source import Module, Source, Unresolved

_GAME_MODULE = re.compile(r"^Engine::Game::(G[A-Za-z0-9_]+)::Meta$")


@dataclass
class Problem:
    """A constant the importer needed whose value only code computes."""

    file: str  # relative to the clone's root
    line: int
    text: str


@dataclass
class EngineGame:
    folder: str  # g_1830
    module: str  # G1830
    source: Source
    problems: list[Problem] = field(default_factory=list)
    _title: str | None = None
    computed: dict[str, object] = field(default_factory=dict)  # constants the game's set-up code builds (setup.py)

    @property
    def game_class(self) -> Module | None:
        return self.source.modules.get(f"Engine::Game::{self.module}::Game")

    @property
    def meta(self) -> Module | None:
        return self.source.modules.get(f"Engine::Game::{self.module}::Meta")

    def const(self, name: str, default=None, *, meta: bool = False):
        """The constant as the game class (or its Meta) sees it; `default` where no
        one defines it or only code computes it (that is recorded in `problems`)."""
        if not meta and name in self.computed:
            return self.computed[name]
        owner = self.meta if meta else (self.game_class or self.meta)
        if owner is None:
            return default
        constant = self.source.lookup(owner, name)
        if constant is None:
            return default
        try:
            return self.source.value(constant)
        except Unresolved as exc:
            problem = Problem(self.relative(exc.file), exc.line, exc.problem)
            if problem not in self.problems:
                self.problems.append(problem)
            return default

    def missing_modules(self) -> list[Problem]:
        """Modules the game includes or inherits that no file here defines (a clone
        has them; the reference folder keeps only four files per game)."""
        out = []
        for module in self.source.ancestors(self.game_class) if self.game_class else ():
            for written, line in module.missing:
                if written.startswith(("G", "Game::", "Engine::Game::G")):
                    out.append(Problem(self.relative(module.file), line, f"includes {written}, which is not in these "
                                                                          "files (its constants are not imported)"))
        return out

    def defines(self, name: str) -> str | None:
        """The file (relative) whose constant the game uses, or None."""
        owner = self.game_class or self.meta
        constant = self.source.lookup(owner, name) if owner else None
        if constant is None or constant.module.name in ("Engine::Game::Base", "Engine::Game::Meta"):
            return None
        return self.relative(constant.file)

    def relative(self, path: Path) -> str:
        try:
            return str(Path(path).relative_to(self.source.root))
        except ValueError:
            return str(path)

    @property
    def title(self) -> str:
        if self._title is None:
            title = self.const("GAME_TITLE", meta=True)
            self._title = str(title) if isinstance(title, str) and title else self.module[1:]
        return self._title

    @property
    def display_title(self) -> str:
        display = self.const("GAME_DISPLAY_TITLE", meta=True)
        return str(display) if isinstance(display, str) and display else self.title

    @property
    def stage(self) -> str:
        return str(self.const("DEV_STAGE", "prealpha", meta=True))

    def names(self) -> set[str]:
        """Everything a user may call the game, lower case."""
        names = {self.folder, self.folder.removeprefix("g_"), self.title, self.display_title, self.module}
        full = self.const("GAME_FULL_TITLE", meta=True)
        if isinstance(full, str):
            names.add(full)
        aliases = self.const("GAME_ALIASES", [], meta=True)
        names.update(a for a in aliases if isinstance(a, str))
        return {n.lower() for n in names}


class Library:
    """An 18xx.games clone: its games, read lazily, and the shared tile library."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self.engine = self.root / "lib" / "engine"
        games = self.engine / "game"
        if not self.root.is_dir():
            raise PnpError(f"{root}: no such folder (give a clone of the 18xx.games repository, "
                           "https://github.com/tobymao/18xx)")
        if not (games / "base.rb").is_file():
            raise PnpError(f"{root}: no lib/engine/game/base.rb in it; give the root of a clone of the 18xx.games "
                           "repository (https://github.com/tobymao/18xx)")
        self.source = Source(self.root)
        for name in ("base.rb", "meta.rb"):
            if (games / name).is_file():
                self.source.read(games / name)
        tile_file = self.engine / "config" / "tile.rb"
        if tile_file.is_file():
            self.source.read(tile_file)
        self.games: dict[str, EngineGame] = {}
        for folder in sorted(p for p in games.glob("g_*") if (p / "meta.rb").is_file()):
            for path in sorted(folder.glob("*.rb")):  # meta, map, entities, game; in a clone also tiles.rb ...
                self.source.read(path)
        for module in self.source.modules.values():
            match = _GAME_MODULE.match(module.name)
            if match and module.file.name == "meta.rb" and module.file.parent.name.startswith("g_"):
                folder = module.file.parent.name
                self.games.setdefault(folder, EngineGame(folder, match.group(1), self.source))
        self.games = dict(sorted(self.games.items()))

    def find(self, title: str) -> EngineGame:
        wanted = title.strip().lower()
        for game in self.games.values():
            if wanted in game.names():
                return game
        every = sorted({n for g in self.games.values() for n in (g.folder, g.title, g.display_title)})
        lower = {n.lower(): n for n in every}
        close = [lower[n] for n in difflib.get_close_matches(wanted, list(lower), n=5, cutoff=0.5)]
        hint = f"; closest: {', '.join(close)}" if close else ""
        raise PnpError(f"--game {title}: no such game in {self.root}{hint}")

    def tile_library(self) -> dict[str, tuple[str, str]]:
        """Library tile number -> (colour, code), from config/tile.rb."""
        module = self.source.modules.get("Engine::Config::Tile")
        out: dict[str, tuple[str, str]] = {}
        if module is None:
            return out
        for name, constant in module.constants.items():
            if name == "COLORS":
                continue
            try:
                tiles = self.source.value(constant)
            except Unresolved:
                continue
            if isinstance(tiles, dict):
                for number, code in tiles.items():
                    if isinstance(code, str):
                        out[str(number)] = (name.lower(), code)
        return out


__all__ = ["Library", "EngineGame", "Problem"]
