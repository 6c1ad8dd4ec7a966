"""A composed map as a component: the whole map at real size (LAYOUT.svg, LAYOUT.pdf
on one page of its own size), the same map in page sections of the chosen paper
(LAYOUT-sections.pdf, through the one pagination every large drawing uses), and a PNG
preview. The composition itself (placing, checking, reporting) is `pnp/compose.py`'s."""

from __future__ import annotations

from pnp.components import Component, Document, PrintOptions
from pnp.components.map import hex_size
from pnp.compose import Composition
from pnp.model.game import Game
from pnp.pdf import svg_to_png
from pnp.render.composed_map import compose_spec, draw_composition
from pnp.sheets.paginate import paginate


def build(game: Game, options: PrintOptions, comp: Composition) -> tuple[Component, bytes]:
    """The component and the PNG preview."""
    art = draw_composition(game, comp, options.style, hex_size(options))
    name = f"{game.title} · {comp.layout.title}"
    sections = paginate(art.drawing, options.paper, options.style, title=name)
    component = Component(
        key="composed-map",
        title=comp.layout.title,
        documents=[Document(f"{comp.key}-sections.pdf", sections, f"{comp.layout.title} in sections"),
                   Document(f"{comp.key}.pdf", [art.svg], comp.layout.title)],
        pieces=art.hexes,
        expected=len(comp.board.hexes),
        svgs={f"{comp.key}.svg": art.svg},
    )
    return component, svg_to_png(art.svg, compose_spec().preview_dpi)
