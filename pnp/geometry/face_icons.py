"""Where a face's icons go: near the place the data gives (`at`), else the centre of an
empty hex, else a free spot round the rim. A known icon takes a disc; an unknown one
the box its name is printed in."""

from __future__ import annotations

from functools import lru_cache

from pnp.geometry.cores import core, with_cores
from pnp.geometry.face_spots import rim
from pnp.geometry.face_stops import loc_point
from pnp.geometry.hexagon import add, scale
from pnp.geometry.outlines import circle
from pnp.geometry.plane import rotated, turned_polygon
from pnp.geometry.room import Grown
from pnp.geometry.placed import ICON_LARGE_RADIUS, ICON_RADIUS, PlacedIcon, box_size
from pnp.model.icons import canonical, label
from pnp.model.tile import Icon

OPEN_SPOTS = [(0, 0), (0, -50), (0, 50), (-50, -25), (50, -25), (-50, 25), (50, 25)]


def icon_shape(icon: Icon, point, radius: float, text_angle: float):
    return _icon_shape(icon.name, point, radius, text_angle)


@lru_cache(maxsize=4096)
def _icon_shape(name: str, point, radius: float, text_angle: float):
    """An icon's disc, or the box its name is printed in, at `point`: the same icons are
    tried at the same spots on many faces, so each shape is made once."""
    size = _box_size(name, radius)
    if size is None:
        return circle(point, radius + 2)
    w, h = size
    x, y = point
    box = [(x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2), (x - w / 2, y + h / 2)]
    shape = turned_polygon(rotated(box, text_angle, point) if text_angle else box, False, 1.9 * w * h)  # anticlockwise
    return Grown(with_cores(shape, core(x, y, min(w, h) / 2)), 2)


@lru_cache(maxsize=256)
def _box_size(name: str, radius: float) -> tuple[float, float] | None:
    """None for an icon pnp draws; else the size of the box its name is printed in,
    worked out once an icon rather than at each of the 200 spots it may try."""
    return None if canonical(name) is not None else box_size(label(name), radius)


def place_icon(icon: Icon, take, text_angle: float, busy: bool) -> PlacedIcon:
    """`take` picks the first free spot of (spot, shape) candidates (layout_face's)."""
    radius = ICON_LARGE_RADIUS if icon.large else ICON_RADIUS
    spots = []
    if icon.at is not None:
        base = loc_point(icon.at)
        spots += [base, scale(base, 0.8), scale(base, 1.15), add(base, (0, 12)), add(base, (0, -12))]
    spots += OPEN_SPOTS[1:] if busy else OPEN_SPOTS
    spots += rim((58.0, 48.0, 38.0, 66.0, 72.0, 76.0), 10)
    point = take((p, icon_shape(icon, p, radius, text_angle)) for p in spots)
    return PlacedIcon(icon.name, point, radius)
