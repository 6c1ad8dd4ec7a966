"""The map's frame of reference: its settings (`templates/sheets/map.yaml`, in mm) and
the millimetre geometry every drawing step shares (hex centres and outlines, hex units
to mm, theme colours named by the map's data)."""

from __future__ import annotations

from functools import cache

from msgspec import Struct

from pnp.draw import shapes
from pnp.errors import PnpError
from pnp.geometry import grid
from pnp.geometry.plane import polygon, translated
from pnp.geometry.hexagon import FLAT_TO_FLAT, SQRT3, corners
from pnp.model.map import Board
from pnp.render import svg
from pnp.render.style import Style
from pnp.templates import settings_file


class MapSpec(Struct, frozen=True):
    """`templates/sheets/map.yaml`, in millimetres."""

    clearance: float = 0.5
    padding: float = 3.0
    band: float = 7.0
    coordinate_text: float = 3.5
    title_text: float = 18.0
    subtitle_text: float = 5.5
    byline_text: float = 3.5
    legend_text: float = 3.0
    legend_icon: float = 7.0
    token_text: float = 2.6


@cache
def map_spec() -> MapSpec:
    return settings_file("sheets/map.yaml", MapSpec, what="map settings")


class MapFrame:
    """Millimetre geometry shared by the drawing steps. Positions are first worked out
    around the grid's origin; once everything is placed, `origin` moves them so that
    the drawing starts at (0, 0). The hex's corner radius, mm per hex unit and the
    faces' turn are worked out once: every hex asks for them several times."""

    __slots__ = ("board", "style", "spec", "hex_mm", "origin", "radius", "k", "turn", "_pitch")

    def __init__(self, board: Board, style: Style, spec: MapSpec, hex_mm: float,
                 origin: tuple[float, float] = (0.0, 0.0)):
        self.board, self.style, self.spec, self.hex_mm, self.origin = board, style, spec, hex_mm, origin
        self.radius = hex_mm / SQRT3
        self.k = hex_mm / FLAT_TO_FLAT  # mm per hex unit
        self.turn = grid.turn(board.orientation)
        self._pitch = grid.pitch(board.orientation, self.radius)

    def centre(self, pos) -> tuple[float, float]:
        """`grid.centre` moved by the origin."""
        dx, dy = self._pitch
        return (pos.col * dx - self.origin[0], pos.row * dy - self.origin[1])

    def hexagon(self, pos) -> list[tuple[float, float]]:
        """The hex at `pos`: its corners around the grid's origin, in mm."""
        dx, dy = self._pitch
        cx, cy = pos.col * dx, pos.row * dy
        return [(x + cx, y + cy) for x, y in corners(self.radius, self.turn)]

    def outline(self, pos):
        """The hex at `pos` as a polygon in the map's millimetres: `grid.outline` moved
        by the origin, to the last bit as shapely.affinity.translate would (its
        corners are drawn where hexes are unions: areas, map sections)."""
        return self.placed(self.hexagon(pos))

    def placed(self, hexagon: list[tuple[float, float]], origin: tuple[float, float] | None = None):
        """A `hexagon` as a polygon moved by the origin (`outline`; or by `origin`)."""
        ox, oy = self.origin if origin is None else origin
        return polygon(translated(hexagon, -ox, -oy))

    def at(self, coordinate: str) -> tuple[float, float]:
        return self.centre(self.board.coordinates.parse(coordinate))

    def colour(self, name: str, field: str) -> str:
        try:
            return self.style.color(name)
        except KeyError:
            raise PnpError(f"map.yaml: {field}: theme '{self.style.name}' has no colour '{name}'") from None

    def hex_group(self, centre, extra_turn: float = 0.0):
        """A group in hex units (corner radius 100) centred on `centre` (mm)."""
        transform = (shapes.translate(*centre), shapes.scale(self.k))
        if extra_turn:
            transform += (shapes.rotate(extra_turn),)
        return svg.group(transform=transform)
