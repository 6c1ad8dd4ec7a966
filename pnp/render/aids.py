"""Drawing printed play aids made of small tiles and text (the Tile Manifest, the Tile
Upgrade Chart): each distinct tile is drawn once and placed at any size, and a page
gets a title, its content and the usual footer. A page body is a list of nodes."""

from __future__ import annotations

from pnp.geometry.hexagon import APOTHEM, FLAT_TO_FLAT, RADIUS
from pnp.draw import shapes
from pnp.draw.nodes import Node, Page
from pnp.i18n import Messages
from pnp.model.tile import Tile
from pnp.render import svg
from pnp.render.style import Style
from pnp.render.tile import tile_group
from pnp.sheets.page import footer_text, page_svg
from pnp.templates import Paper
from pnp.text import fit_size


SIZE_STEP = 0.5  # mm between the tile sizes an aid tries


def tile_sizes(sizes: dict) -> list[float]:
    """Tile sizes to try (flat to flat, mm), largest first, from an aid's template."""
    out, s = [], sizes["tile_max"]
    while s >= sizes["tile_min"] - 1e-9:
        out.append(round(s, 3))
        s -= SIZE_STEP
    return out


def colour_name(colour: str, t: Messages) -> str:
    """A tile colour as the aid prints it, in the aid's language."""
    try:
        return t(f"aids.{colour}")
    except KeyError:
        return colour.capitalize()


def tile_extent(flat_to_flat: float, orientation: str) -> tuple[float, float]:
    """Width and height in mm of a tile drawn `flat_to_flat` across its flats."""
    across_corners = flat_to_flat * RADIUS / APOTHEM
    return (flat_to_flat, across_corners) if orientation == "pointy" else (across_corners, flat_to_flat)


class TileStamps:
    """Tiles as nodes, each built once per distinct tile."""

    def __init__(self, style: Style, orientation: str):
        self.style = style
        self.orientation = orientation
        self._art: dict[str, Node] = {}

    def extent(self, flat_to_flat: float) -> tuple[float, float]:
        return tile_extent(flat_to_flat, self.orientation)

    def place(self, tile: Tile, centre: tuple[float, float], flat_to_flat: float) -> list[Node]:
        """The tile centred on `centre` (mm), `flat_to_flat` mm across its flats."""
        art = self._art.get(tile.id)
        if art is None:
            art = self._art[tile.id] = tile_group(tile, self.style, self.orientation)
        k = flat_to_flat / FLAT_TO_FLAT
        return [svg.transformed(art, shapes.translate(*centre), shapes.scale(k))]


def text(content: str, at: tuple[float, float], size: float, style: Style, **kw) -> list[Node]:
    return [svg.text(content, at, size, style, **kw)]


def rule(x0: float, x1: float, y: float, width: float, style: Style) -> list[Node]:
    """A thin horizontal line, as between the rows of a table."""
    return [svg.line((x0, y), (x1, y), stroke=style.color("footer"), stroke_width=width)]


def arrow(x0: float, x1: float, y: float, height: float, style: Style) -> list[Node]:
    """A solid arrow pointing right from x0 to x1, `height` mm high at its head."""
    head = min(height * 0.9, (x1 - x0) * 0.5)
    shaft = height * 0.28
    pts = [(x0, y - shaft / 2), (x1 - head, y - shaft / 2), (x1 - head, y - height / 2), (x1, y),
           (x1 - head, y + height / 2), (x1 - head, y + shaft / 2), (x0, y + shaft / 2)]
    return [svg.polygon_path(pts, fill=style.color("text"))]


def heading_block(title: str, subtitle: str | None, paper: Paper, top: float, sizes: dict,
                  style: Style) -> list[Node]:
    """The page title (and a line under it), centred at the top of the page, each
    shrunk to fit between the margins."""
    cx = paper.width / 2
    width = paper.width - 2 * sizes["margin"]
    out = text(title, (cx, top + sizes["title"] / 2), fit_size(title, width, sizes["title"], "bold"), style,
               weight="bold")
    if subtitle:
        out += text(subtitle, (cx, top + sizes["title"] + sizes["subtitle"] * 1.1),
                    fit_size(subtitle, width, sizes["subtitle"]), style)
    return out


def title_height(sizes: dict, subtitle: bool) -> float:
    """Room the title takes above the content, mm."""
    return sizes["title"] * 1.6 + (sizes["subtitle"] * 1.8 if subtitle else 0.0)


def aid_pages(bodies: list[list[Node]], paper: Paper, style: Style, footer: str, t: Messages) -> list[Page]:
    """Whole pages, each with its footer naming the page."""
    total = len(bodies)
    numbers = [t("page.number", page=n, total=total) for n in range(1, total + 1)]
    return [page_svg(paper.width, paper.height, f"{footer}, {number}",
                     [*body, footer_text(f"{footer} · {number}", paper, style)])
            for number, body in zip(numbers, bodies)]
