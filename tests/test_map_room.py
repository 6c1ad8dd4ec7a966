"""BlockRoom (render/map_room.py) answers as the Room it stands for: the land grown
whole and taken first, then every shape added."""

from __future__ import annotations

import math
import random

from pnp.geometry import outlines
from pnp.geometry.plane import grown_shape, polygon, union
from pnp.geometry.room import Room
from pnp.render.map_room import BlockRoom

AREA = outlines.box(-1e5, -1e5, 1e5, 1e5)


def _land(rng: random.Random, rows: int, columns: int, size: float) -> list:
    """Hexes side by side as a map's, each from its own centre, some left out (coast)."""
    out = []
    for r in range(rows):
        for c in range(columns):
            if rng.random() < 0.2:
                continue
            cx, cy = c * 1.5 * size + 7.3, r * math.sqrt(3) * size + (c % 2) * math.sqrt(3) / 2 * size + 4.1
            out.append(polygon([(cx + size * math.cos(math.pi / 3 * k), cy + size * math.sin(math.pi / 3 * k))
                                for k in range(6)]))
    return out


def _rooms(land, margin, taken):
    lazy, room = BlockRoom(AREA, [h.bounds for h in land], land.__getitem__, margin), Room(AREA)
    room.add(union(*(grown_shape(h, margin) for h in land)))
    for shape in taken:
        lazy.add(shape)
        room.add(shape)
    return lazy, room


def test_block_room_answers_as_the_room_of_the_land_grown_whole():
    rng = random.Random(3)
    for trial in range(4):
        land = _land(rng, rng.randint(3, 9), rng.randint(3, 9), rng.uniform(8, 20))
        x0, y0, x1, y1 = union(*land).bounds
        taken = [grown_shape(outlines.box(x, y, x + 30, y + 12), 1.5)
                 for x, y in [(rng.uniform(x0, x1), rng.uniform(y0, y1)) for _ in range(2)]]
        lazy, room = _rooms(land, 1.0, taken)
        boxes = []
        for _ in range(150):
            x, y = rng.uniform(x0 - 60, x1 + 20), rng.uniform(y0 - 60, y1 + 20)
            boxes.append(outlines.box(x, y, x + rng.uniform(5, 60), y + rng.uniform(5, 40)))
        right = max(h.bounds[2] for h in land)
        boxes += [outlines.box(right + d, y0, right + d + 20, y0 + 30) for d in (1.0 - 1e-9, 1.0, 1.0 + 1e-9, 0.5)]
        for shape in boxes:
            assert lazy.is_free(shape) == room.is_free(shape)
            assert lazy.clash(shape) == room.clash(shape)
        for n in range(0, len(boxes), 8):
            assert lazy.first_free(boxes[n:n + 8]) == room.first_free(boxes[n:n + 8])
        crowded = [b for b in boxes if not room.is_free(b)][:6]
        assert lazy.first_free(crowded) == room.first_free(crowded)
        assert lazy.union().parts == room.union().parts
        assert [s.parts for s in lazy.whole().taken] == [s.parts for s in room.taken]


def test_block_room_grows_only_the_hexes_a_candidate_comes_near():
    land = _land(random.Random(4), 8, 8, 10.0)
    lazy = BlockRoom(AREA, [h.bounds for h in land], land.__getitem__, 1.0)
    far = outlines.box(500.0, 500.0, 520.0, 510.0)
    assert lazy.is_free(far)
    assert not lazy._grown
    x0, y0, _, _ = land[0].bounds
    assert not lazy.is_free(outlines.box(x0 - 5.0, y0 - 5.0, x0 + 5.0, y0 + 5.0))
    assert 0 < len(lazy._grown) < len(land) / 4
