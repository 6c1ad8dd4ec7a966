"""A game as loaded: its description and tile manifest, and (as later data arrives) its
map, companies, trains, phases and market. Immutable once loaded."""

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from pnp.model.base import FieldError, Frozen
from pnp.model.company import Company, Private
from pnp.model.rules import Card, Market, Phase, Rules, Train
from pnp.model.text import Name, Text
from pnp.model.tile import TILE_COLOURS, Tile


class GameInfo(Frozen):
    """`game.yaml`: what the game is and how its pieces print."""

    title: str
    subtitle: Text | None = None
    designer: Name | None = None  # names, but "A and B" may be given per language
    publisher: str | None = None
    year: int | None = None
    orientation: Literal["flat", "pointy"] = "flat"
    currency: str = "$"
    colors: dict[str, str] = {}
    terms: Annotated[dict[Literal["city", "town", "halt", "offboard"], Text], Meta(
        description="the game's own name for a kind of stop, where the map's legend names it (18-XY: town: Halt, "
                    "city: Station)")] = {}
    print: dict[str, Any] = {}
    rules: Rules = msgspec.field(default_factory=Rules)
    stop_styles: Annotated[dict[Literal["town", "halt"], Literal["bar", "dot"]], Meta(
        description="how this game draws every town or halt, e.g. 1860: town dot, halt bar")] = {}
    notes: str | None = None
    limits: Annotated[dict[Literal["tile_pieces", "pages"], int], Meta(
        description="raise pnp's bounds for a game that really is larger: tile_pieces (2000) and pages in a "
                    "kit (600)")] = {}
    language: Annotated[str, Meta(
        description="the language of the data's plain texts (a text may also be given per language: {en: ..., de: "
                    "...})")] = "en"

    def __post_init__(self):
        from pnp.i18n import languages

        if self.language not in languages():
            raise FieldError("language", f"unknown language '{self.language}' (known: {', '.join(languages())})")


@dataclass(frozen=True)
class ManifestEntry:
    """A tile of the manifest and how many of it print; `upgrades`: the tile's own list,
    or those worked out from the manifest's tiles, when first asked for
    (`pnp.upgrades.ManifestUpgrades`, shared by a manifest's entries)."""

    tile: Tile
    count: int
    upgrades_of: Callable[[str], tuple[str, ...]] = field(repr=False, compare=False)

    @property
    def upgrades(self) -> tuple[str, ...]:
        return self.upgrades_of(self.tile.id)


COLOUR_ORDER = {c: i for i, c in enumerate(TILE_COLOURS)}


def natural_key(tile_id: str):
    """'9' before '57' before '57a' before 'X1'."""
    digits = "".join(ch for ch in tile_id if ch.isdigit())
    head = tile_id[: len(tile_id) - len(tile_id.lstrip("0123456789"))]
    return (0, int(head), tile_id) if head else (1, int(digits) if digits else 0, tile_id)


def sheet_order(entry: ManifestEntry):
    return (COLOUR_ORDER.get(entry.tile.color, 99), natural_key(entry.tile.id))


class Game(Struct, frozen=True):
    key: str
    folder: Path
    info: GameInfo
    manifest: tuple[ManifestEntry, ...]
    parts: dict[str, object] = msgspec.field(default_factory=dict)

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def tiles(self) -> dict[str, Tile]:
        return {e.tile.id: e.tile for e in self.manifest}

    def total_tiles(self) -> int:
        return sum(e.count for e in self.manifest)

    def tile_pieces(self) -> list[Tile]:
        """Every physical tile, sorted by colour then id."""
        return [e.tile for e in sorted(self.manifest, key=sheet_order) for _ in range(e.count)]

    def part(self, name: str):
        """A later part of the game data (map, companies, ...), or None if absent."""
        return self.parts.get(name)

    @property
    def companies(self) -> tuple[Company, ...]:
        part = self.parts.get("companies")
        return part.companies if part else ()

    @property
    def privates(self) -> tuple[Private, ...]:
        part = self.parts.get("privates")
        return part.privates if part else ()

    @property
    def trains(self) -> tuple[Train, ...]:
        part = self.parts.get("trains")
        return part.trains if part else ()

    @property
    def phases(self) -> tuple[Phase, ...]:
        part = self.parts.get("phases")
        return part.phases if part else ()

    @property
    def market(self) -> Market | None:
        return self.parts.get("market")

    @property
    def cards(self) -> tuple[Card, ...]:
        part = self.parts.get("cards")
        return part.cards if part else ()

    def company(self, symbol: str) -> Company:
        for c in self.companies:
            if c.symbol == symbol:
                return c
        raise KeyError(symbol)
