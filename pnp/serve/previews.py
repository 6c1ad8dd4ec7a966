"""What the live preview shows, and which data files each preview is drawn from.

Each preview is built by the same builders `pnp build` uses (`pnp/components/*`); the
map is shown once plain and once per placements example (`examples/*.yaml`), 18-XY's
sections once per layout (`layouts/*.yaml`). `DEPENDS` says which files of the game
folder a component reads, so that saving one file rebuilds only what it affects;
`game.yaml` (title, colours, rules) and any file not listed affect everything.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from msgspec.structs import replace

from pnp.build import kit_components
from pnp.components import Component, PrintOptions
from pnp.model.game import Game

# component key -> files (or folders, ending in "/") of the game folder it is drawn from
DEPENDS: dict[str, tuple[str, ...]] = {
    "tiles": ("tiles.yaml",),
    "map": ("map.yaml", "tiles.yaml", "companies.yaml", "market.yaml"),
    "sections": ("sections/", "tiles.yaml", "companies.yaml"),
    "market": ("market.yaml", "companies.yaml", "phases.yaml", "trains.yaml"),
    "shares": ("companies.yaml", "privates.yaml"),
    "charters": ("companies.yaml", "phases.yaml", "trains.yaml", "map.yaml", "sections/"),
    "privates": ("privates.yaml", "companies.yaml", "trains.yaml"),
    "trains": ("trains.yaml", "phases.yaml"),
    "tokens": ("companies.yaml",),
    "cards": ("cards.yaml", "companies.yaml"),
    "money": ("companies.yaml", "privates.yaml", "trains.yaml", "market.yaml", "map.yaml", "tiles.yaml"),
    "player_cards": ("companies.yaml", "phases.yaml", "trains.yaml"),
    "tile_manifest": ("tiles.yaml",),
    "upgrade_chart": ("tiles.yaml", "map.yaml", "sections/"),
}
ALWAYS = ("game.yaml",)  # every preview depends on these


@dataclass(frozen=True)
class PreviewSpec:
    """One preview on the page: a kit component, or the map with an example, or a layout."""

    key: str  # unique on the page: "tiles", "map@early-green", "layout@alpenbogen"
    title: str
    deps: tuple[str, ...]
    build: Callable[[], Component]
    whole: str | None = None  # show this SVG of the component (a whole map) instead of its pages

    def affected_by(self, changed: set[str] | None) -> bool:
        """Whether a change of these files (relative to the game folder; None: any) touches it."""
        if changed is None:
            return True
        for name in changed:
            if name in ALWAYS or not any(name.startswith(d) for d in known_files()):
                return True
            if any(name == d or (d.endswith("/") and name.startswith(d)) for d in self.deps):
                return True
        return False


def known_files() -> set[str]:
    return {d for deps in DEPENDS.values() for d in deps} | set(ALWAYS) | {"examples/", "layouts/"}


def _builder(key: str, game: Game, options: PrintOptions) -> Callable[[], Component]:
    def build() -> Component:
        return importlib.import_module(f"pnp.components.{key}").build(game, options)

    return build


def preview_specs(game: Game, options: PrintOptions) -> list[PreviewSpec]:
    """Every preview of the game, in print order, then the map's variants and examples, and
    the layouts of its map sections."""
    specs = []
    for key in kit_components(game, None, options):
        whole = "map.svg" if key == "map" else None
        title = key.replace("_", " ").capitalize()
        specs.append(PreviewSpec(key, title, DEPENDS.get(key, ()), _builder(key, game, options), whole))
    folder = game.folder
    map_file = game.part("map")
    for name, variant in (map_file.variants.items() if map_file is not None else ()):
        specs.append(PreviewSpec(f"map@variant-{name}", f"Map: {variant.title} (variant {name})", DEPENDS["map"],
                                 _builder("map", game, replace(options, variant=name)), "map.svg"))
    if map_file is not None and (folder / "examples").is_dir():
        for path in sorted((folder / "examples").glob("*.yaml")):
            rel = f"examples/{path.name}"
            opts = replace(options, placements=path)
            specs.append(PreviewSpec(f"map@{path.stem}", f"Map with {rel}", DEPENDS["map"] + (rel,),
                                     _builder("map", game, opts), "map.svg"))
    if game.part("sections") and (folder / "layouts").is_dir():
        for path in sorted((folder / "layouts").glob("*.yaml")):
            rel = f"layouts/{path.name}"
            specs.append(PreviewSpec(f"layout@{path.stem}", f"Layout {rel}", DEPENDS["sections"] + (rel,),
                                     _layout_builder(game, options, path), f"{path.stem}.svg"))
    return specs


def _layout_builder(game: Game, options: PrintOptions, path: Path) -> Callable[[], Component]:
    def build() -> Component:
        from pnp.components.composed import composed_map
        from pnp.compose import compose

        return composed_map(game, options, compose(game, path))

    return build


def preview_pages(spec: PreviewSpec, component: Component) -> list[str]:
    """The SVGs the page shows for a component: its whole map, or its printed pages
    (node pages written by the SVG writer)."""
    from pnp.draw.svgwriter import to_svg

    if spec.whole and spec.whole in component.svgs:
        pages = [component.svgs[spec.whole]]
    else:
        pages = list(component.pages)
    return [p if isinstance(p, str) else to_svg(p) for p in pages]
