"""What a face layout is made of: placed stops, track, texts, revenue marks and phase
rows, and the sizes (hex units, corner radius 100) they are laid out with."""

from __future__ import annotations

from msgspec import Struct

from pnp.geometry.hexagon import Point
from pnp.geometry.plane import Shape
from pnp.text import text_width
from pnp.geometry.track import Segment


TRACK_WIDTH = 12.0
CASING_WIDTH = 18.0
# narrow gauge: a thin rail with cross ties; dual gauge: the standard rail with the
# narrow ties across it and a light stripe down its middle
NARROW_WIDTH = 5.0
TIE_LENGTH = 22.0
TIE_WIDTH = 3.0
TIE_GAP = 9.0
DUAL_STRIPE = 3.0
# icons: a disc of this radius (large icons, 18xx.games `large:1`, bigger); an icon pnp
# does not know prints its name in a box of text this size with this padding
ICON_RADIUS = 15.0
ICON_LARGE_RADIUS = 24.0
BOX_PAD = 3.0
ICON_BOX_FONT = 0.6  # of the icon radius
FUTURE_LABEL_FONT = 16.0
MARK_FONT = 15.0
REVENUE_RADIUS = 14.0
REVENUE_FONT = 17.0
LABEL_FONT = 32.0
ID_FONT = 11.0
NAME_FONT = 12.0
TERRAIN_FONT = 15.0
PHASE_BOX_HEIGHT = 22.0
PHASE_FONT = 15.0
PHASE_NAME_FONT = 10.0  # a phase named, not coloured (3H, 2x4), printed above its value
PHASE_COLOURS = ("yellow", "green", "brown", "gray", "grey", "white", "red", "blue")


def is_phase_colour(phase: str) -> bool:
    """A phase a revenue box shows by its colour alone: a tile colour, or a bare phase
    number (1851's 2, 4, 6, which the map legend names); a name such as 3H or 2x4 is
    printed above its value."""
    return phase in PHASE_COLOURS or phase.isdigit()
HALT_FONT = 17.0
FLIP_FONT = 17.0
FLIP_MARK = "\u21c4"  # ⇄: the tile may also be laid face down, mirrored (18-XY's transparent tiles)

EDGE_LOC_DISTANCE = 50.0
CORNER_LOC_DISTANCE = 60.0
CORNER_LOC_DISTANCE_MULTI = 46.0

# Order in which a revenue circle tries the directions around its stop (0 = right).
RING_ANGLES = (0, -30, 30, -60, 60, 180, -150, 150, -90, 90, -120, 120)


class PlacedStop(Struct, frozen=True):
    index: int
    kind: str
    style: str  # city, bar, dot, offboard, junction
    point: Point
    angle: float
    slots: int
    shape: Shape  # its outline (convex), placed


class PlacedTrack(Struct, frozen=True):
    segment: Segment
    terminal: bool = False
    gauge: str = "standard"  # standard, narrow or dual
    color: str | None = None  # the rail's colour when the data gives one
    tie_color: str | None = None
    lanes: int = 1  # parallel tracks side by side
    width: float | None = None  # share of the standard width

    @property
    def look(self) -> tuple:
        """What decides how the track is stroked: runs alike are drawn as one path."""
        return (self.gauge, self.color, self.tie_color, self.lanes, self.width)


class PlacedText(Struct, frozen=True):
    role: str
    text: str
    point: Point
    size: float
    weight: str = "regular"
    lines: tuple[str, ...] = ()


class RevenueMark(Struct, frozen=True):
    point: Point
    radius: float
    text: str
    size: float


class PhaseRow(Struct, frozen=True):
    """Revenue by phase: coloured boxes side by side, centred on `centre` and turned
    with the text. Each box is (left offset from the centre, width, phase, value)."""

    centre: Point
    height: float
    boxes: tuple[tuple[float, float, str, str], ...]
    scale: float = 1.0  # of the fonts: a row shrunk to find room


class FaceLayout(Struct, frozen=True):
    stops: tuple[PlacedStop, ...]
    track: tuple[PlacedTrack, ...]
    revenues: tuple[RevenueMark, ...]
    phase_rows: tuple[PhaseRow, ...]
    texts: tuple[PlacedText, ...]
    terrain_icon: tuple[str, Point] | None
    text_angle: float
    clash: float  # area of text/marks that could not be placed clear of everything
    overpasses: tuple[tuple[Segment, Segment, str], ...] = ()  # (casing, rail, gauge) of track passing over other track
    icons: tuple["PlacedIcon", ...] = ()


def unknown_font(r: float) -> float:
    return r * ICON_BOX_FONT


def box_size(text: str, r: float) -> tuple[float, float]:
    """Width and height of the framed box an unknown icon prints."""
    size = unknown_font(r)
    return (text_width(text, size, "bold") + 2 * BOX_PAD, size + 2 * BOX_PAD)


class PlacedIcon(Struct, frozen=True):
    name: str
    point: Point
    radius: float
