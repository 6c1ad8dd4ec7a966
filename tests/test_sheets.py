"""The packer: pieces never overlap, all stay inside the printable area, on every
layout and paper."""

import itertools

import pytest
from shapely.geometry import Polygon, box

from pnp.sheets import pack
from pnp.templates import paper, tile_layout
from pnp.components.tiles import pack_tiles


def hexes(page, tile, pointy):
    out = []
    for slot in page.slots:
        pts = pack.hex_corners(slot.x, slot.y, tile)
        if pointy:  # a pointy hex is a flat one turned by 30 degrees
            from shapely import affinity
            out.append(affinity.rotate(Polygon(pts), 30, origin=(slot.x, slot.y)))
        else:
            out.append(Polygon(pts))
    return out


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("layout_name", ["individual", "tessellated", "die"])
@pytest.mark.parametrize("pointy", [False, True])
def test_tiles_do_not_overlap_and_stay_inside(paper_name, layout_name, pointy):
    sheet = paper(paper_name)
    layout = tile_layout(layout_name)
    pages = pack_tiles(139, layout, sheet, pointy)
    assert sum(len(p.slots) for p in pages) == 139
    assert sorted(s.index for p in pages for s in p.slots) == list(range(139))
    printable = box(layout.margin - 0.01, layout.margin - 0.01, sheet.width - layout.margin + 0.01,
                    sheet.height - layout.margin - layout.footer + 0.01)
    for page in pages:
        shapes = hexes(page, layout.tile, pointy and layout.kind != "die")
        for shape in shapes:
            assert printable.contains(shape)
        for a, b in itertools.combinations(shapes, 2):
            assert a.intersection(b).area < 1e-6


def test_die_layout_is_four_by_six_of_one_and_a_half_inch_tiles():
    layout = tile_layout("die")
    assert abs(layout.tile - 38.1) < 1e-9 and (layout.columns, layout.rows) == (4, 6)
    for name in ("a4", "letter"):
        pages = pack_tiles(48, layout, paper(name), False)
        assert [len(p.slots) for p in pages] == [24, 24]


def test_individual_tiles_keep_their_gap():
    layout = tile_layout("individual")
    page = pack_tiles(30, layout, paper("a4"), False)[0]
    shapes = hexes(page, layout.tile, False)
    gaps = [a.distance(b) for a, b in itertools.combinations(shapes, 2)]
    assert min(gaps) >= layout.gap - 1e-6


def test_tessellated_shared_edges_are_cut_once():
    layout = tile_layout("tessellated")
    page = pack_tiles(12, layout, paper("a4"), False)[0]
    keys = [tuple(sorted((tuple(round(c, 3) for c in a), tuple(round(c, 3) for c in b)))) for a, b in page.cuts]
    assert len(keys) == len(set(keys))


def test_paper_sizes():
    assert (paper("a4").width, paper("a4").height) == (210, 297)
    assert (round(paper("letter").width, 3), round(paper("letter").height, 3)) == (215.9, 279.4)
    assert (paper("300x400mm").width, paper("300x400mm").height) == (300, 400)
