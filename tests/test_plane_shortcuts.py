"""The shortcuts the face and map geometry takes (pnp/geometry/plane*.py, outlines.py,
sheets/section_plan.py) against the exact answers they stand for, on many random and
real cases: shapes whose turn the maker knows, unions of settled shapes, clipping that
passes over far window edges, window areas with the drawing's facts worked out once,
section spans found by bisection; and whole face layouts with the shortcuts off."""

from __future__ import annotations

import importlib
import math
import pkgutil
import random

import pytest

import pnp.geometry
from pnp.geometry import bands, outlines, plane, plane_area, room
from pnp.geometry.outlines import circle, circle_points, text_box, text_corners
from pnp.geometry.plane import Shape, grown, grown_shape, polygon, rotated, turned_polygon, union
from pnp.geometry.plane_area import PartFacts, clip, overlap_area, union_area
from pnp.geometry.stops import city_outline, town_bar

ANGLES = (0.0, 30.0, -30.0, 60.0, 90.0, 120.0, 180.0, -150.0, 45.0, 12.5, 330.0)


def same(a: Shape, b: Shape) -> bool:
    return (a.parts, a.boxes, a.bounds, a.coords) == (b.parts, b.boxes, b.bounds, b.coords)


def test_circles_are_the_polygons_of_their_points():
    rng = random.Random(1)
    cases = [((rng.uniform(-2000, 2000), rng.uniform(-2000, 2000)), rng.choice([rng.uniform(0.01, 60), 1.0, 8.0]))
             for _ in range(3000)]
    cases += [((0.0, 0.0), 0.0), ((5.0, 5.0), 1e-9), ((1e6, -1e6), 1e-3), ((-0.0, 0.0), 12.0)]
    for centre, radius in cases:
        made = circle(centre, radius)
        assert same(made, polygon(circle_points(centre, radius))), (centre, radius)


def test_text_boxes_and_turned_boxes_are_their_polygons():
    rng = random.Random(2)
    for _ in range(3000):
        text = rng.choice(["", "1", "B&M", "Lisboa", "W", "ii", "8888"])
        size, anchor = rng.uniform(1, 40), (rng.uniform(-900, 900), rng.uniform(-900, 900))
        angle, weight = rng.choice(ANGLES + (rng.uniform(-360, 360),)), rng.choice(["regular", "bold"])
        assert same(text_box(text, size, anchor, angle=angle, weight=weight),
                    polygon(text_corners(text, size, anchor, angle, weight))), (text, size, anchor, angle)
        w, h = rng.uniform(1e-6, 80), rng.uniform(1e-6, 30)
        x, y = anchor
        pts = [(x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2), (x - w / 2, y + h / 2)]
        pts = rotated(pts, angle, anchor) if angle else pts
        assert same(turned_polygon(pts, False, 1.9 * w * h), polygon(pts)), (w, h, anchor, angle)


def test_grown_shapes_are_the_shapes_of_their_rings():
    rng = random.Random(3)
    cores = [city_outline(slots, a) for slots in range(1, 7) for a in ANGLES] + [town_bar(a) for a in ANGLES]
    cores += [text_box("Word", rng.uniform(2, 30), (rng.uniform(-500, 500), rng.uniform(-500, 500)),
                       angle=rng.choice(ANGLES)) for _ in range(300)]
    cores += [circle((rng.uniform(-900, 900), rng.uniform(-900, 900)), rng.uniform(0.1, 40)) for _ in range(300)]
    cores += [polygon([(0.0, 0.0), (1e-7, 0.0), (1e-7, 1e-7)]), polygon([(3.0, 3.0), (4.0, 3.0), (5.0, 3.0)])]
    for core in cores:
        for margin in (0.5, 1.0, 2.0, 4.0, rng.uniform(1e-4, 12)):
            made = grown_shape(core, margin)
            assert same(made, Shape((grown(core.parts[0], margin),))), (core, margin)


# Points on a line whose shoelace sum rounds below 0 both ways round
FLAT_BOTH_WAYS = ((23.219705657820867, -7.743116975967844), (42.721196536599976, -54.84827796938443),
                  (22.353186911575904, -5.6500716134669275), (22.686447824317284, -6.4550515529534))


def test_unions_of_settled_shapes_are_the_shapes_of_their_parts():
    rng = random.Random(4)
    makers = [lambda: circle((rng.uniform(-99, 99), rng.uniform(-99, 99)), rng.uniform(0.5, 20)),
              lambda: text_box("12", 10.0, (rng.uniform(-99, 99), rng.uniform(-99, 99)), angle=rng.choice(ANGLES)),
              lambda: grown_shape(town_bar(rng.choice(ANGLES)), 2.0),
              lambda: bands.band([(0.0, 0.0), (rng.uniform(-9, 9), rng.uniform(-9, 9)), (30.0, 5.0)], 4.0, True),
              lambda: polygon([(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]),  # flat: not settled
              lambda: polygon([(0.0, 0.0), (0.0, 1e-300), (1e-300, 0.0)]),
              lambda: polygon(FLAT_BOTH_WAYS)]  # judged again, turned again: not settled
    assert not polygon(FLAT_BOTH_WAYS).settled
    for _ in range(500):
        shapes = [rng.choice(makers)() for _ in range(rng.randint(1, 5))]
        assert same(union(*shapes), Shape(tuple(p for s in shapes for p in s.parts)))


def _clip_everywhere(subject, window):
    """plane_area.clip as it was: every window edge tests every corner."""
    out = list(subject)
    for i in range(len(window)):
        (x0, y0), (x1, y1) = window[i - 1], window[i]
        side = [(x1 - x0) * (y - y0) - (y1 - y0) * (x - x0) for x, y in out]
        if out and min(side) < 0:
            out = plane_area._kept(out, side)
    return tuple(out)


def _random_convex(rng: random.Random) -> Shape:
    kind = rng.randrange(4)
    centre = (rng.uniform(-150, 150), rng.uniform(-150, 150))
    if kind == 0:
        return circle(centre, rng.uniform(0.5, 60))
    if kind == 1:
        return text_box("Name", rng.uniform(4, 40), centre, angle=rng.uniform(-180, 180))
    if kind == 2:
        return grown_shape(city_outline(rng.randint(1, 4), rng.choice(ANGLES)), rng.uniform(0.5, 6))
    return plane.moved(grown_shape(town_bar(rng.choice(ANGLES)), rng.uniform(0.5, 4)), *centre)


def test_clip_passing_over_far_edges_cuts_as_every_edge_would():
    rng = random.Random(5)
    for _ in range(3000):
        subject, window = _random_convex(rng).parts[0], _random_convex(rng).parts[0]
        assert clip(subject, window) == _clip_everywhere(subject, window)
    for x in (0.0, 10.0, 10.0 + 1e-13, 20.0):  # touching and within rounding of an edge
        sq = polygon([(x, 0.0), (x + 5, 0.0), (x + 5, 5.0), (x, 5.0)]).parts[0]
        box = outlines.box(0.0, 0.0, 10.0, 10.0).parts[0]
        assert clip(sq, box) == _clip_everywhere(sq, box)


def _overlap_area_everywhere(a: Shape, b: Shape) -> float:
    """plane_area.overlap_area as it was: every meeting pair tested, then union_area."""
    pieces = [p if plane_area._box_within(pb, qb) and plane_area._is_box(q) else _clip_everywhere(p, q)
              for p, pb in zip(a.parts, a.boxes) for q, qb in zip(b.parts, b.boxes)
              if plane._boxes_meet(pb, qb) and not plane._separated(p, q) and not plane._separated(q, p)]
    return union_area([p for p in pieces if len(p) >= 3])


def _hex_map(rng: random.Random, rows: int, columns: int, size: float) -> Shape:
    """Hexes side by side as a map draws them (each from its own centre), a few boxes over them."""
    hexes = []
    for r in range(rows):
        for c in range(columns):
            cx, cy = c * 1.5 * size + 7.3, r * math.sqrt(3) * size + (c % 2) * math.sqrt(3) / 2 * size + 4.1
            hexes.append(polygon([(cx + size * math.cos(math.pi / 3 * k), cy + size * math.sin(math.pi / 3 * k))
                                  for k in range(6)]))
    boxes = [outlines.box(x, y, x + rng.uniform(10, 90), y + rng.uniform(5, 40))
             for x, y in [(rng.uniform(0, 300), rng.uniform(0, 300)) for _ in range(4)]]
    thin = [outlines.box(50.0, 60.0, 50.0 + 1e-12, 90.0)]
    return union(*hexes, *boxes, *thin)


def test_window_areas_with_the_drawings_facts_are_those_worked_out_whole():
    rng = random.Random(6)
    for trial in range(6):
        drawn = _hex_map(rng, rng.randint(3, 14), rng.randint(3, 14), rng.uniform(8, 20))
        facts = PartFacts(drawn)
        x0, y0, x1, y1 = drawn.bounds
        for _ in range(12):
            wx, wy = rng.uniform(x0 - 50, x1), rng.uniform(y0 - 50, y1)
            window = outlines.box(wx, wy, wx + rng.uniform(20, 250), wy + rng.uniform(20, 300))
            exact = _overlap_area_everywhere(drawn, window)
            assert overlap_area(drawn, window) == exact
            assert overlap_area(drawn, window, facts) == exact
        shape = _random_convex(rng)  # a window of another shape, and shapes of several parts
        assert overlap_area(drawn, shape) == _overlap_area_everywhere(drawn, shape)
        assert overlap_area(shape, drawn) == _overlap_area_everywhere(shape, drawn)


def test_real_maps_section_areas_are_those_worked_out_whole():
    """The windows' areas a real map's plan asks are exact, and each window it judges by
    the hexes lying whole inside (`_Filled.clearly_over`) is covered by more than asked."""
    from pnp.build import build_component
    from pnp.components import PrintOptions
    from pnp.load import load_game
    from pnp.sheets import section_plan
    from pnp.templates import paper, theme

    asked = 0
    for name in ("1860", "1851"):
        game = load_game(name)
        options = PrintOptions(paper=paper("a4"), style=theme("default").with_colors(game.info.colors))
        seen, judged = [], []
        original, shortcut = section_plan._Filled.area, section_plan._Filled.clearly_over

        def area(self, section):
            seen.append((self.drawn, section.window))
            return original(self, section)

        def clearly_over(self, section, amount):
            answer = shortcut(self, section, amount)
            judged.append((self.drawn, section.window, amount, answer))
            return answer

        section_plan._Filled.area, section_plan._Filled.clearly_over = area, clearly_over
        try:
            build_component("map", game, options)
        finally:
            section_plan._Filled.area, section_plan._Filled.clearly_over = original, shortcut
        assert any(answer for *_, answer in judged), name
        asked += len(seen)
        for drawn, window in seen:
            assert overlap_area(drawn, window, PartFacts(drawn)) == _overlap_area_everywhere(drawn, window)
        for drawn, window, amount, answer in judged:
            if answer:
                assert _overlap_area_everywhere(drawn, window) > amount
    assert asked  # windows along a map's edge are still worked out


def test_windows_judged_by_the_hexes_inside_are_covered_by_more():
    """`clearly_over` says a window is covered by more than an amount only when its exact
    area is, however near the amount lies to that area (boxes lying over the hexes
    too); it says so of a window full of hexes asked about much less than their area;
    and a drawing that names no tiles is always worked out."""
    from pnp.sheets.section_plan import PageSection, _Filled

    rng = random.Random(8)
    said = 0
    for trial in range(6):
        rows, columns = rng.randint(3, 14), rng.randint(3, 14)
        drawn = _hex_map(rng, rows, columns, rng.uniform(8, 20))
        filled, untiled = _Filled(drawn, rows * columns), _Filled(drawn)
        x0, y0, x1, y1 = drawn.bounds
        for _ in range(12):
            section = PageSection(1, 1, rng.uniform(x0 - 50, x1), rng.uniform(y0 - 50, y1), rng.uniform(20, 250),
                                  rng.uniform(20, 300))
            exact = _overlap_area_everywhere(drawn, section.window)
            for amount in (0.0, 1e-3, exact * 0.5, exact * (1 - 1e-9), exact, exact * (1 + 1e-12)):
                if filled.clearly_over(section, amount):
                    said += 1
                    assert exact > amount
                assert filled.more_than(section, amount) == (exact > amount)
                assert not untiled.clearly_over(section, amount)
    assert said > 50
    whole = _hex_map(rng, 4, 4, 10.0)
    full = PageSection(1, 1, whole.bounds[0] - 1, whole.bounds[1] - 1, 200.0, 200.0)
    assert _Filled(whole, 16).clearly_over(full, 0.05 * 200.0 * 200.0 / 10)


def test_section_seams_bisected_are_those_scanned():
    """The first piece a window would cut, found among those starting inside it (sorted),
    starts where the least of those a scan of every piece finds does (`_spans` takes the
    least of them)."""
    from pnp.sheets.section_plan import _first_cut

    rng = random.Random(7)
    for _ in range(2000):
        size = rng.uniform(150, 280)
        pieces = [(lo, lo + rng.uniform(5, 60)) for lo in (rng.uniform(0, 900) for _ in range(rng.randint(0, 150)))]
        pieces += rng.sample(pieces, min(5, len(pieces)))  # pieces starting together
        s = rng.choice([0.0, rng.uniform(-50, 800)] + [lo + d for lo, _ in pieces[:3] for d in (-1e-6, 0.0, 1e-6)])
        e = s + size
        pieces += [(e - 1e-6 + d, e + 5.0) for d in (-1e-9, 0.0, 1e-9)] + [(s + 1e-6, e + 5.0), (s + 2e-6, e - 1e-6)]
        fitting = sorted((lo, hi) for lo, hi in pieces if hi - lo <= size)
        scanned = [lo for lo, hi in fitting if s + 1e-6 < lo < e - 1e-6 < hi - 1e-6]
        assert _first_cut(fitting, [lo for lo, _ in fitting], s, e) == (min(scanned) if scanned else None)


def test_pieces_kept_whole_by_spans_are_those_a_scan_finds():
    """`_keeps_whole` (each piece against the last span starting at or before it) says
    what a scan of every piece against every span says, pieces and span ends on the
    1e-6 tolerances included."""
    from pnp.sheets.section_plan import _keeps_whole

    rng = random.Random(9)
    kept = 0
    for _ in range(3000):
        size = rng.uniform(100, 280)
        starts = sorted(rng.uniform(-50, 800) for _ in range(rng.randint(1, 6)))
        spans = [(a, a + size) for a in starts]
        pieces = [(lo, lo + rng.uniform(1, size)) for lo in (rng.uniform(-60, 900) for _ in range(rng.randint(0, 8)))]
        a, b = rng.choice(spans)
        pieces += rng.choice([[], [(a - 1e-6 + d, b + 1e-6 + d2) for d in (-1e-9, 0.0) for d2 in (0.0, 1e-9)]])
        pieces = sorted(p for p in pieces if p[1] - p[0] <= size)
        scanned = all(any(a - 1e-6 <= lo and hi <= b + 1e-6 for a, b in spans) for lo, hi in pieces)
        assert _keeps_whole(spans, pieces) == scanned
        kept += scanned
    assert 100 < kept < 2900


def _geometry_caches() -> list:
    return [value for info in pkgutil.iter_modules(pnp.geometry.__path__)
            for value in vars(importlib.import_module("pnp.geometry." + info.name)).values() if hasattr(value, "cache_clear")]


def _laid_out(calls) -> list[bytes]:
    """The layouts of `calls` made afresh, as JSON (every coordinate to the last bit, shapes
    by their corners and bounds)."""
    import msgspec

    from pnp.geometry.face import layout_face

    for cached in _geometry_caches():
        cached.cache_clear()
    shapes = lambda v: [v.parts, v.boxes, v.coords] if isinstance(v, Shape) else None  # noqa: E731
    return [msgspec.json.encode(layout_face(*a, **k), enc_hook=shapes) for a, k in calls]


@pytest.mark.parametrize("name", ["1860", "1851"])
def test_real_face_layouts_are_the_same_without_the_shortcuts(name, monkeypatch):
    """Every face a kit lays out (its tiles and map hexes), laid out with the settled
    shapes' shortcuts and with every shape's turn judged from its corners: the same
    layouts, every coordinate and every shape's corners."""
    from pnp.build import build_component
    from pnp.components import PrintOptions
    from pnp.geometry import face
    from pnp.load import load_game
    from pnp.render import map_hexes, tile
    from pnp.templates import paper, theme

    game = load_game(name)
    options = PrintOptions(paper=paper("a4"), style=theme("default").with_colors(game.info.colors))
    calls = []

    def recording(*args, **kwargs):
        calls.append((args, kwargs))
        return face.layout_face(*args, **kwargs)

    monkeypatch.setattr(tile, "layout_face", recording)
    monkeypatch.setattr(map_hexes, "layout_face", recording)
    tile._tile_group.cache_clear()
    for key in ("map", "tiles"):
        for doc in build_component(key, game, options).documents:
            list(doc.pages)
    monkeypatch.undo()
    assert len(calls) > 50

    fast = _laid_out(calls)
    with monkeypatch.context() as m:
        m.setattr(plane, "_settles", lambda *a: False)
        m.setattr(outlines, "_settles", lambda *a: False)
        m.setattr(room, "_cheap_first", lambda taken: list(range(len(taken))))  # overlaps in the order taken
        m.setattr(plane, "_cores_meet", lambda *a: False)  # every meeting told edge by edge
        m.setattr(plane_area, "_cores_meet", lambda *a: False)
        slow = _laid_out(calls)
    for cached in _geometry_caches():
        cached.cache_clear()
    assert fast == slow


def test_least_clash_is_the_least_of_every_clash():
    """A crowded room: the least crowded candidate and its clash, as the least of every
    candidate's whole sum (the first of equals), though sums are left unfinished."""
    from pnp.geometry.outlines import hex_less
    from pnp.geometry.room import Grown, Room

    rng = random.Random(8)
    for trial in range(60):
        room = Room(hex_less(5.0))
        for _ in range(rng.randint(3, 9)):
            room.add(_random_convex(rng) if rng.random() < 0.7 else
                     bands.band([(rng.uniform(-80, 80), rng.uniform(-80, 80)) for _ in range(rng.randint(2, 5))],
                                rng.uniform(2, 8), rng.random() < 0.5))
        candidates = []
        while len(candidates) < rng.randint(1, 40):
            centre = (rng.uniform(-70, 70), rng.uniform(-70, 70))
            shape = (circle(centre, rng.uniform(4, 20)) if rng.random() < 0.6 else
                     Grown(text_box("XX", rng.uniform(6, 20), centre, angle=rng.choice(ANGLES)), 2.0))
            if not room.is_free(shape):
                candidates.append(shape)
        if trial % 10 == 0:
            candidates += candidates[:3]  # equal clashes: the first wins
        costs = [room.clash(s) for s in candidates]
        expected = min(range(len(candidates)), key=lambda i: (costs[i], i))
        assert room.least_clash(candidates) == (expected, costs[expected])


def _curvy_band(rng: random.Random) -> Shape:
    """A band along a winding line of many points (a curved track's casing: dozens of parts)."""
    x, y, heading = rng.uniform(-100, 100), rng.uniform(-100, 100), rng.uniform(0, 2 * math.pi)
    points = []
    for _ in range(rng.randint(2, 40)):
        points.append((x, y))
        heading += rng.uniform(-0.5, 0.5)
        step = rng.uniform(0.5, 12)
        x, y = x + step * math.cos(heading), y + step * math.sin(heading)
    return bands.band(points, rng.uniform(1, 8), rng.random() < 0.5)


def test_least_clash_with_overlaps_cheapest_first_is_that_in_the_order_taken(monkeypatch):
    """A crowded room of casings and stops: the same choice and clash whether each
    candidate's overlaps are worked out cheapest first or in the order taken."""
    from pnp.geometry.outlines import hex_less
    from pnp.geometry.room import Grown, Room

    rng = random.Random(12)
    for trial in range(60):
        crowded = Room(hex_less(5.0))
        for _ in range(rng.randint(3, 10)):
            crowded.add(_curvy_band(rng) if rng.random() < 0.4 else _random_convex(rng))
        candidates = [circle((rng.uniform(-70, 70), rng.uniform(-70, 70)), rng.uniform(4, 20)) if rng.random() < 0.5
                      else Grown(text_box("Madrid", rng.uniform(6, 20), (rng.uniform(-70, 70), rng.uniform(-70, 70)),
                                          angle=rng.choice(ANGLES)), 2.0) for _ in range(rng.randint(1, 40))]
        candidates = [c for c in candidates if not crowded.is_free(c)] or candidates[:0]
        if not candidates:
            continue
        fast = crowded.least_clash(candidates)
        with monkeypatch.context() as m:
            m.setattr(room, "_cheap_first", lambda taken: list(range(len(taken))))
            assert crowded.least_clash(candidates) == fast
        costs = [crowded.clash(c) for c in candidates]
        assert fast == min(((costs[i], i) for i in range(len(costs))))[::-1]


def test_least_clash_is_not_fooled_by_an_overlap_that_rounds_below_zero():
    """Two candidates whose clashes differ by 1e-13: the second touches a taken shape,
    an overlap that rounds to a little below zero, which makes its whole sum the less.
    A sum left unfinished as soon as it reached the least so far picked the first."""
    from pnp.geometry.room import Room

    def box(x0, y0, x1, y1):
        return plane.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])

    room = Room(box(-200, -200, 200, 200))
    room.add(box(35.79662975217545, -57.68691988808116, 45.14590696394572, -48.337642676310885))
    room.add(plane.polygon([(16.22033757196873, -58.08501748082641), (68.56896178299054, -28.765714228306553),
                            (53.90931015673061, -2.5914021227956496), (1.560685945708805, -31.910705375315505)]))
    candidates = [box(33.79662975217545, -65.9437472692519, 37.79662975217545, -49.43009250691041),
                  plane.polygon([(41.389432917734325, -43.988365464540614), (40.79662975217545, -52.09411672252227),
                                 (48.902381010157114, -52.68691988808116), (49.49518417571599, -44.5811686300995)])]
    costs = [room.clash(c) for c in candidates]
    assert costs[1] < costs[0]  # the case this test is about
    assert room.least_clash(candidates) == (1, costs[1])
    assert room.first_free(candidates) == 1


def _fan_computed(centre, start, end, radius):
    """plane.fan as it was: every corner worked out at its centre."""
    total = end - start
    if total > math.pi:
        total -= 2 * math.pi
    elif total < -math.pi:
        total += 2 * math.pi
    n = int(abs(total) / plane._FILLET_STEP + 0.5)
    x, y = centre
    out = [(x + radius * math.cos(start), y + radius * math.sin(start))]
    if n >= 1:
        step = total / n
        out += [(x + radius * math.cos(a), y + radius * math.sin(a)) for a in [start + i * step for i in range(1, n)]]
    out.append((x + radius * math.cos(start + total), y + radius * math.sin(start + total)))
    return out


def test_fans_from_offsets_made_once_are_the_fans_computed():
    rng = random.Random(9)
    turns = [0.0, math.pi / 2, -math.pi / 2, math.pi, -math.pi, 1e-9, 0.05, 3.0]
    for _ in range(3000):
        centre = (rng.uniform(-1000, 1000), rng.uniform(-1000, 1000))
        start = rng.choice([0.0, -math.pi / 2, math.pi, rng.uniform(-4, 4)])
        end = start + rng.choice(turns + [rng.uniform(-7, 7)])
        radius = rng.choice([1.0, 2.0, 4.0, rng.uniform(0.01, 30)])
        assert plane.fan(centre, start, end, radius) == _fan_computed(centre, start, end, radius)
