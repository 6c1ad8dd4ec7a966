"""The plain-tuple plane geometry (pnp/geometry/plane*.py, outlines.py, room.py) against
GEOS, which made the same shapes and decisions before: corners that are drawn equal to
the last bit, decisions equal, areas equal to rounding; and the build's main process
(and every component that needs no union) never loading shapely or numpy."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys

import pytest
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import unary_union

from fresh import ROOT
from pnp.geometry.as_geos import geos
from pnp.geometry.face_track import crossings
from pnp.geometry.outlines import UNIT_CIRCLE, box, circle, hex_less, text_box
from pnp.geometry.bands import band
from pnp.geometry.plane import grown_shape, holds, intersects, line_in_box, polygon, signed_area, union
from pnp.geometry.plane_area import outside_area, overlap_area, union_area
from pnp.geometry.stops import city_outline, slot_centres, slot_radius, town_bar
from pnp.geometry.track import edge_to_edge, edge_to_point, polyline

ANGLES = (0.0, 30.0, -30.0, 60.0, 90.0, -90.0, 120.0, 150.0, 180.0, -150.0, 45.0, 12.5, 210.0, 330.0)


def test_the_unit_circle_is_geos_point_buffer():
    assert UNIT_CIRCLE == tuple(Point(0.0, 0.0).buffer(1.0, 8).exterior.coords)


@pytest.mark.parametrize("slots", range(1, 10))
def test_city_outlines_are_geos_union_hull_corner_for_corner(slots):
    """A city's outline is drawn from its corners: the hull of its slots' 32-gons, as
    GEOS's union, convex hull and shapely's rotate made it, bit for bit, in order."""
    r = slot_radius(slots)
    shape = unary_union([Polygon(circle(c, r).coords) for c in slot_centres(slots)])
    if slots > 1:
        shape = shape.convex_hull
    for angle in ANGLES:
        turned = shapely.affinity.rotate(shape, angle, origin=(0, 0)) if angle else shape
        assert city_outline(slots, angle).coords == tuple(turned.exterior.coords), angle


def test_town_bars_are_shapely_rotated_boxes():
    for angle in ANGLES:
        expected = shapely.affinity.rotate(shapely.box(-5.0, -18.0, 5.0, 18.0), angle, origin=(0, 0))
        assert town_bar(angle).coords == tuple(expected.exterior.coords)


def test_grown_shapes_and_bands_are_geos_buffers():
    """The fans of round joins and caps: the same corners as GEOS's buffer (the same
    polygon, to rounding)."""
    rng = random.Random(3)
    for _ in range(200):
        core = text_box("Word", rng.uniform(8, 30), (rng.uniform(-50, 50), rng.uniform(-50, 50)),
                        angle=rng.choice(ANGLES))
        margin = rng.choice([1.0, 2.0, 4.0])
        grown = grown_shape(core, margin)
        expected = Polygon(core.coords).buffer(margin)
        assert len(grown.parts[0]) == len(expected.exterior.coords) - 1
        assert Polygon(grown.parts[0]).symmetric_difference(expected).area < 1e-9
    points = [(rng.uniform(-100, 100), rng.uniform(-100, 100)) for _ in range(2000)]
    for a in range(6):
        for b in range(6):
            if a != b:
                for caps in (True, False):
                    line = polyline(edge_to_edge(a, b))
                    parts = [Polygon(p) for p in band(line, 9.0, caps).parts]
                    expected = LineString(line).buffer(9.0, cap_style=1 if caps else 2)
                    for x, y in points:
                        point = Point(x, y)
                        if expected.exterior.distance(point) > 1e-6:
                            assert any(p.intersects(point) for p in parts) == expected.contains(point)


def _candidates(rng):
    x, y = rng.uniform(-90, 90), rng.uniform(-90, 90)
    kind = rng.randrange(4)
    if kind == 0:
        return circle((x, y), rng.uniform(5, 20))
    if kind == 1:
        return text_box(rng.choice(["20", "Name", "B"]), rng.uniform(10, 30), (x, y), angle=rng.choice(ANGLES))
    if kind == 2:
        return grown_shape(text_box("Icon", 12, (x, y)), 2.0)
    return union(text_box("40", 15, (x, y + 10)), circle((x, y - 9), 11))


def test_meeting_and_holding_decide_as_geos():
    """`intersects` and `holds` give GEOS's answers on the shapes a face is laid out
    with (candidates against track casings, stop clearances and the inset hex)."""
    rng = random.Random(7)
    taken = [band(polyline(edge_to_edge(a, (a + k) % 6)), 9.0, False) for a in range(6) for k in (1, 2, 3)]
    taken += [band(polyline(edge_to_point(a, (0.0, 0.0))), 9.0, True) for a in range(6)]
    taken += [grown_shape(city_outline(n, rng.choice(ANGLES)), 2.0) for n in range(1, 7)]
    area = hex_less(5.0)
    checked = 0
    for _ in range(600):
        shape = _candidates(rng)
        g = geos(shape)
        assert holds(area.parts[0], shape) == geos(area).contains(g)
        for t in rng.sample(taken, 6):
            gt = geos(t)
            if abs(g.distance(gt)) < 1e-9 and not g.intersects(gt):  # a touch to rounding: GEOS's own call
                continue
            assert intersects(shape, t) == g.intersects(gt)
            checked += 1
    assert checked > 3000


def _corner_by_corner(area, shape) -> bool:
    """`holds` without its shortcut: every corner of every part tested against every edge."""
    return all((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0) >= 0
               for (x0, y0), (x1, y1) in zip(area[-1:] + area[:-1], area) for part in shape.parts for x, y in part)


def test_holds_answers_as_testing_every_corner():
    """`holds` accepts a shape whose bounds lie well inside without testing its corners:
    the same answers as the corner by corner test, on shapes near and across the rim and
    on boxes touching the area's edges exactly (where rounding decides)."""
    rng = random.Random(3)
    area = hex_less(5.0)
    ring = area.parts[0]
    answers = []
    for _ in range(3000):
        shape = _candidates(rng)
        answers.append(holds(ring, shape))
        assert answers[-1] == _corner_by_corner(ring, shape)
    assert 300 < sum(answers) < 2900
    inner = hex_less(5.0 + 1e-13)
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):  # a sliver along each edge, just in and just out
        for t in (0.1, 0.5, 0.9):
            x, y = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
            for shape in (box(x - 1e-12, y - 1e-12, x + 1e-12, y + 1e-12), polygon([(x, y), (0.0, 0.0), (x * 0.9, y)]),
                          polygon(inner.parts[0])):
                assert holds(ring, shape) == _corner_by_corner(ring, shape)


def test_signed_area_is_the_plain_shoelace_sum_to_the_bit():
    """plane.signed_area (by `map`, for speed) adds the same terms in the same order as
    the plain sum over corners; a ring's turn, and so every part's corner order, follows."""
    rng = random.Random(5)
    for _ in range(2000):
        n = rng.randrange(3, 40)
        scale = 10.0 ** rng.randrange(-3, 4)
        ring = [(rng.uniform(-1, 1) * scale, rng.uniform(-1, 1) * scale) for _ in range(n)]
        plain = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1])) / 2.0
        assert signed_area(ring) == plain
        part = polygon(ring).parts[0]
        assert part == (tuple(ring) if plain >= 0 else tuple(ring[::-1]))
    flat = [(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)]  # no area: kept as given
    assert signed_area(flat) == 0.0 and polygon(flat).parts[0] == tuple(flat)


def test_areas_of_overlap_are_geos_areas():
    rng = random.Random(1)
    for _ in range(300):
        a = _candidates(rng)
        e = rng.randrange(6)
        b = band(polyline(edge_to_edge(e, (e + rng.randrange(1, 6)) % 6)), 9.0, rng.random() < 0.5)
        assert overlap_area(a, b) == pytest.approx(geos(a).intersection(geos(b)).area, abs=1e-8)
        assert outside_area(a, hex_less(5.0)) == pytest.approx(geos(a).difference(geos(hex_less(5.0))).area, abs=1e-8)


def test_a_union_of_hexes_and_boxes_has_geos_area():
    """What section plans ask of a map's footprint: hexes side by side (sharing edges),
    blocks over some of them, cut to a window."""
    from pnp.geometry.grid import GridPos, centre
    from pnp.geometry.hexagon import add, corners

    rng = random.Random(4)
    for _ in range(60):
        cells = {(rng.randrange(8), rng.randrange(8)) for _ in range(30)}
        hexes = [polygon([add(p, centre(GridPos(c, r), "flat", 10.0)) for p in corners(10.0)]) for c, r in cells]
        extra = []
        for _ in range(3):
            x, y = rng.uniform(0, 100), rng.uniform(0, 100)
            extra.append(box(x, y, x + rng.uniform(5, 40), y + rng.uniform(5, 20)))
        drawn = union(*hexes, *extra)
        window = box(rng.uniform(0, 60), rng.uniform(0, 60), rng.uniform(60, 140), rng.uniform(60, 140))
        expected = unary_union([geos(s) for s in hexes + extra])
        assert union_area(list(drawn.parts)) == pytest.approx(expected.area, abs=1e-8)
        assert overlap_area(drawn, window) == pytest.approx(expected.intersection(geos(window)).area, abs=1e-8)


def test_hatch_lines_end_where_geos_clips_them():
    """A zone's hatching is drawn from these ends: GEOS's own, to the last bit."""
    rng = random.Random(3)
    compared = 0
    for _ in range(3000):
        x, y, w, h = rng.uniform(0, 200), rng.uniform(0, 200), rng.uniform(5, 30), rng.uniform(5, 30)
        angle = rng.choice([45.0, -45.0])
        reach = math.hypot(w, h)
        dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        k = rng.randint(-8, 8)
        ox, oy = x + w / 2 - dy * k * 2.4, y + h / 2 + dx * k * 2.4
        p, q = (ox - dx * reach, oy - dy * reach), (ox + dx * reach, oy + dy * reach)
        mine = line_in_box(p, q, (x, y, x + w, y + h))
        seg = LineString([p, q]).intersection(shapely.box(x, y, x + w, y + h))
        if mine is False:
            continue
        expected = (tuple(seg.coords)[0], tuple(seg.coords)[-1]) if isinstance(seg, LineString) and not seg.is_empty else None
        assert mine == expected
        compared += expected is not None
    assert compared > 1500


def test_track_crossings_are_geos_intersection_points():
    """Where two runs of track cross away from their ends (what an overpass is drawn
    for: points within 30 of an end are not crossings), as GEOS finds them. (One run
    laid twice, each way round, is not compared: its two polylines zigzag across one
    another, and GEOS reports the stretches as shared.)"""
    ends = {(a, b): edge_to_edge(a, b) for a in range(6) for b in range(6) if a != b}
    ends.update({(a, "c"): edge_to_point(a, (0.0, 0.0)) for a in range(6)})
    ends.update({(a, "x"): edge_to_point(a, (20.0, -15.0)) for a in range(6)})
    compared = 0
    for (a, b), s in ends.items():
        for (c, d), t in ends.items():
            if (a, b) in ((c, d), (d, c)):
                continue
            meet = LineString(polyline(s)).intersection(LineString(polyline(t)))
            stops = [s.start, s.end, t.start, t.end]

            def away(point):
                return all(math.dist(point, q) >= 30.0 for q in stops)

            points = sorted((g.x, g.y) for g in getattr(meet, "geoms", [meet])
                            if g.geom_type == "Point" and not g.is_empty and away((g.x, g.y)))
            mine = [p for p in crossings(polyline(s), polyline(t)) if away(p)]
            assert len(mine) == len(points), ((a, b), (c, d))
            assert all(math.dist(p, q) < 1e-9 for p, q in zip(mine, points))
            compared += len(points)
    assert compared > 50


def _loaded_after(code: str) -> set[str]:
    """`sys.modules` of a new Python process in the project root after `code` (its last
    line of output; commands print before it)."""
    script = f"import sys\n{code}\nimport json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


def test_components_without_unions_never_load_shapely_or_numpy(tmp_path):
    """Tiles, map, market, shares ... of 1860 drawn in one process (the work a build's
    workers do), and a whole build's main process: no shapely, no numpy. (18-XY's
    sections are GEOS unions: the worker drawing them loads shapely.)"""
    code = ("import os\nos.cpu_count = lambda: 1\nfrom pnp.cli import main\n"
            "for c in ('tiles', 'map', 'market', 'shares', 'charters', 'tokens', 'trains', 'upgrade-chart', 'tile-manifest'):\n"
            f"    try: main([c, '1860', '--out', {str(tmp_path / 'one')!r}])\n"
            "    except SystemExit as e: assert not e.code, c")
    loaded = _loaded_after(code)
    assert "pnp.geometry.face" in loaded and "pnp.render.map" in loaded
    assert "shapely" not in loaded and "numpy" not in loaded
    code = (f"from pnp.cli import main\ntry: main(['build', '1860', '--out', {str(tmp_path / 'kit')!r}, '-q'])\n"
            "except SystemExit as e: assert not e.code")
    loaded = _loaded_after(code)
    assert "pnp.components.market" in loaded
    assert "shapely" not in loaded and "numpy" not in loaded
