"""A composed map as a component: the whole map at real size (LAYOUT.svg, LAYOUT.pdf
on one page of its own size), the same map in page sections of the chosen paper
(LAYOUT-sections.pdf, through the one pagination every large drawing uses), and a PNG
preview. The composition itself (placing, checking, reporting) is `pnp/compose.py`'s.
`pnp compose` writes it with its report; `pnp build --layout` puts it in the kit."""

from __future__ import annotations

from pnp.components import Component, Document, PrintOptions
from pnp.components.map import hex_size, paginated
from pnp.compose import Composition, compose
from pnp.errors import PnpError
from pnp.i18n import messages
from pnp.model.game import Game
from pnp.pdf import to_png
from pnp.render.composed_map import compose_spec, draw_composition


def build(game: Game, options: PrintOptions) -> Component:
    """The kit's composed map: the layout `options.map_layout` names."""
    if options.map_layout is None:
        raise PnpError(f"{game.title}: no map layout to compose (pnp build --layout FILE)")
    return composed_map(game, options, compose(game, options.map_layout))


def composed_map(game: Game, options: PrintOptions, comp: Composition) -> Component:
    t = messages(options.lang)
    art = draw_composition(game, comp, options.style, hex_size(options), t)
    name = f"{game.title} · {comp.layout.title}"
    sections, cuts = paginated(art.drawing, options, title=name, t=t)
    component = Component(
        key="composed-map",
        title=t("title.composed_map", layout=comp.layout.title),
        documents=[Document(f"{comp.key}-sections.pdf", sections,
                            t("document.composed_sections", layout=comp.layout.title), cuts=cuts),
                   Document(f"{comp.key}.pdf", [art.svg], comp.layout.title)],
        pieces=art.hexes,
        expected=len(comp.board.hexes),
        svgs={f"{comp.key}.svg": art.svg},
    )
    return component


def preview_png(component: Component, comp: Composition) -> bytes:
    """The whole composed map as a PNG (`pnp compose`)."""
    return to_png(component.svgs[f"{comp.key}.svg"], compose_spec().preview_dpi)
