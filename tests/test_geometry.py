import math

import pytest
from shapely.geometry import Point

from pnp.geometry.hexagon import APOTHEM, RADIUS, corners, direction, edge_midpoint, hex_polygon, rotate_degrees
from pnp.geometry.track import Arc, Line, curve_kind, edge_to_edge, edge_to_point


def close(p, q, tol=1e-6):
    return math.dist(p, q) < tol


def test_edge_zero_is_the_bottom_and_edges_run_clockwise():
    assert close(edge_midpoint(0), (0, APOTHEM))
    assert close(edge_midpoint(3), (0, -APOTHEM))
    # clockwise on screen (y down): bottom, lower-left, upper-left, top, upper-right, lower-right
    assert edge_midpoint(1)[0] < 0 and edge_midpoint(1)[1] > 0
    assert edge_midpoint(2)[0] < 0 and edge_midpoint(2)[1] < 0
    assert edge_midpoint(4)[0] > 0 and edge_midpoint(4)[1] < 0
    assert edge_midpoint(5)[0] > 0 and edge_midpoint(5)[1] > 0


def test_corners_are_at_radius_and_flat_top():
    pts = corners()
    assert all(abs(math.hypot(*p) - RADIUS) < 1e-9 for p in pts)
    assert any(close(p, (100, 0)) for p in pts) and any(close(p, (-100, 0)) for p in pts)


@pytest.mark.parametrize("a", range(6))
@pytest.mark.parametrize("step,kind,radius,mid", [(1, "sharp", 50, 50), (2, "gentle", 150, 23.205), (3, "straight", None, 0)])
def test_track_between_edges(a, step, kind, radius, mid):
    b = (a + step) % 6
    seg = edge_to_edge(a, b)
    assert curve_kind(a, b) == kind
    assert close(seg.start, edge_midpoint(a), 1e-6)
    assert close(seg.end, edge_midpoint(b), 1e-6)
    if radius is None:
        assert isinstance(seg, Line)
    else:
        assert isinstance(seg, Arc) and abs(seg.radius - radius) < 1e-6
    assert abs(math.hypot(*seg.at(0.5)) - mid) < 1e-3


@pytest.mark.parametrize("a,b", [(0, 1), (0, 2), (1, 5), (2, 4)])
def test_arcs_meet_each_edge_at_a_right_angle(a, b):
    seg = edge_to_edge(a, b)
    start_dir = seg.tangent(0.0)
    end_dir = seg.tangent(1.0)
    assert close(start_dir, tuple(-c for c in direction(a)), 1e-6)
    assert close(end_dir, direction(b), 1e-6)


def test_sharp_arc_is_centred_on_the_shared_corner():
    seg = edge_to_edge(0, 1)
    assert close(seg.centre, corners()[0], 1e-6)


def test_gentle_arc_is_centred_on_the_neighbouring_hex():
    seg = edge_to_edge(0, 2)
    assert close(seg.centre, tuple(2 * c for c in edge_midpoint(1)), 1e-6)


def test_rotation_moves_edges_clockwise():
    for e in range(6):
        assert close(rotate_degrees(edge_midpoint(e), 60), edge_midpoint((e + 1) % 6), 1e-9)


def test_track_to_an_off_centre_stop_starts_square_to_its_edge():
    seg = edge_to_point(4, (-30, -52))
    assert close(seg.start, edge_midpoint(4), 1e-6)
    assert close(seg.end, (-30, -52), 1e-6)
    assert close(seg.tangent(0.0), tuple(-c for c in direction(4)), 1e-6)


def test_track_stays_inside_the_hex():
    hexagon = hex_polygon().buffer(1e-6)
    for a in range(6):
        for b in range(6):
            if a != b:
                seg = edge_to_edge(a, b)
                assert all(hexagon.contains(Point(seg.at(t / 20))) for t in range(21))


def test_rotated_points_match_shapely_to_the_last_bit():
    import random

    from shapely import affinity
    from shapely.geometry import Polygon

    from pnp.geometry.plane import rotated

    rng = random.Random(12)
    for _ in range(500):
        box = [(rng.uniform(-90, 90), rng.uniform(-90, 90)) for _ in range(4)]
        origin = (rng.uniform(-90, 90), rng.uniform(-90, 90))
        angle = rng.choice([-30.0, 30.0, 90.0, -90.0, 180.0, 60.0, rng.uniform(-360, 360)])
        expected = list(affinity.rotate(Polygon(box), angle, origin=origin).exterior.coords)[:4]
        assert rotated(box, angle, origin) == expected


def test_box_has_shapely_box_corners():
    """outlines.box's corners are shapely.box's, in its order (a market's cells are
    unions of them GEOS draws)."""
    import random

    import shapely

    from pnp.geometry.outlines import box

    rng = random.Random(5)
    for _ in range(3000):
        c = sorted(rng.uniform(-100, 100) for _ in range(2)) + sorted(rng.uniform(-100, 100) for _ in range(2))
        minx, maxx, miny, maxy = c
        assert box(minx, miny, maxx, maxy).coords == tuple(shapely.box(minx, miny, maxx, maxy).exterior.coords)


def test_a_grown_shape_is_tried_by_its_core():
    """A Room refuses a Grown candidate whose core is not free without making the
    whole; a free one is checked and taken as the whole, margin and all."""
    import shapely

    from pnp.geometry.as_geos import geos
    from pnp.geometry.outlines import box
    from pnp.geometry.room import Grown, Room

    occupied = Room(box(0, 0, 100, 100))
    occupied.add(box(10, 10, 20, 20))
    on_it = Grown(box(15, 15, 18, 18), 2)
    assert not occupied.is_free(on_it) and on_it._whole is None
    near = Grown(box(21, 10, 25, 20), 2)  # its core is clear; grown by 2 it reaches the taken box
    assert not occupied.is_free(near) and near._whole is not None
    clear = Grown(box(50, 50, 60, 60), 2)
    assert occupied.is_free(clear)
    occupied.add(clear)
    whole = shapely.box(50, 50, 60, 60).buffer(2)
    assert shapely.Polygon(occupied.taken[-1].parts[0]).symmetric_difference(whole).area < 1e-9
    assert occupied.clash(Grown(box(57, 57, 70, 70), 1)) > 0
