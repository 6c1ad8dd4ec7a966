"""Semantic colours resolved through a theme: a renderer asks `style.color("town")`
and gets the game's value, else the theme's, else the default theme's."""

from __future__ import annotations

from dataclasses import dataclass, field

FONT_FAMILY = "DejaVu Sans"


@dataclass(frozen=True)
class Style:
    name: str
    colors: dict[str, str] = field(default_factory=dict)
    font_family: str = FONT_FAMILY

    def color(self, name: str) -> str:
        try:
            return self.colors[name]
        except KeyError:
            raise KeyError(f"theme '{self.name}' has no colour '{name}'") from None

    def ground(self, tile_colour: str) -> str:
        return self.color(tile_colour)

    def with_colors(self, overrides: dict[str, str]) -> "Style":
        if not overrides:
            return self
        return Style(self.name, {**self.colors, **overrides}, self.font_family)

    def with_companies(self, companies) -> "Style":
        """Each company's colour and text colour as `company:SYM` and `company_text:SYM`,
        for its marks printed in cities (homes, reservations, destinations)."""
        colours = {}
        for c in companies:
            colours[f"company:{c.symbol}"] = c.color
            colours[f"company_text:{c.symbol}"] = c.text_color
        return self.with_colors(colours)

    def __hash__(self) -> int:
        """Worked out once: a style keys the caches of tile artwork and layouts, looked up
        hundreds of times a kit, and sorting its hundred-odd colours each time showed.
        (Its colours are never changed once it is made: `with_colors` makes a new one.)"""
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash((self.name, tuple(sorted(self.colors.items())), self.font_family))
            object.__setattr__(self, "_hash", cached)
        return cached

    def __getstate__(self) -> dict:
        """Pickled without the kept hash: another process hashes text otherwise."""
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
