"""The generic pagination of large drawings: pieces stay whole on some page, neighbours
overlap, windows keep to the paper's margins, blank sections are not printed, and every
page is the paper's size."""

import re

import pytest
from pnp.geometry.outlines import box
from pnp.geometry.plane import polygon
from pnp.geometry.as_geos import geos

from pnp.draw.svgwriter import to_svg
from pnp.geometry.hexagon import add, corners
from pnp.render import svg
from pnp.sheets.paginate import Drawing, paginate, plan, section_spec
from pnp.templates import paper, theme


def hex_field(cols: int, rows: int, size: float = 38.6, origin=(20.0, 20.0)):
    """A flat hex grid of `cols` x `rows` hexes of `size` mm flat to flat."""
    r = size / 3 ** 0.5
    out = []
    for c in range(cols):
        for k in range(rows):
            x = origin[0] + r + c * 1.5 * r
            y = origin[1] + size / 2 + k * size + (size / 2 if c % 2 else 0)
            out.append(polygon([add(p, (x, y)) for p in corners(r)]))
    return out


def drawing_of(pieces, width=None, height=None):
    bounds = [p.bounds for p in pieces]
    w = width or max(b[2] for b in bounds) + 20
    h = height or max(b[3] for b in bounds) + 20
    return Drawing(svg.group(), w, h, tuple(pieces))


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("cols, rows", [(12, 7), (5, 14), (20, 10), (3, 3)])
def test_every_piece_whole_somewhere_and_neighbours_overlap(paper_name, cols, rows):
    pieces = hex_field(cols, rows)
    cut = plan(drawing_of(pieces), paper(paper_name))
    spec = cut.spec
    for piece in pieces:
        minx, miny, maxx, maxy = piece.bounds
        assert any(s.x - 1e-6 <= minx and maxx <= s.x + s.width + 1e-6 and s.y - 1e-6 <= miny
                   and maxy <= s.y + s.height + 1e-6 for s in cut.sections)
    for spans in (cut.columns, cut.rows):
        for (_, end), (start, _) in zip(spans, spans[1:]):
            assert end - start >= spec.overlap - 1e-6
    left, top, width, height = cut.window
    assert left >= spec.margin and top >= spec.margin + spec.header
    assert left + width <= cut.paper.width - spec.margin + 1e-6
    assert top + height <= cut.paper.height - spec.margin + 1e-6
    assert sorted((cut.paper.width, cut.paper.height)) == sorted((paper(paper_name).width, paper(paper_name).height))


def test_the_whole_drawing_is_covered():
    d = drawing_of(hex_field(15, 9))
    cut = plan(d, paper("a4"))
    assert cut.columns[0][0] <= 0 and cut.columns[-1][1] >= d.width
    assert cut.rows[0][0] <= 0 and cut.rows[-1][1] >= d.height


def test_blank_sections_are_not_printed():
    """Two clusters in opposite corners of a large drawing: the sections between them
    hold nothing and are skipped, decided from the geometry."""
    corner_a = hex_field(3, 3, origin=(5.0, 5.0))
    corner_b = hex_field(3, 3, origin=(700.0, 900.0))
    d = drawing_of(corner_a + corner_b)
    cut = plan(d, paper("a4"))
    grid = len(cut.columns) * len(cut.rows)
    assert 2 <= len(cut.sections) < grid
    for s in cut.sections:
        assert geos(d.drawn()).intersection(geos(s.window)).area > 0  # GEOS, apart from the planner's own areas
    pages = [to_svg(p) for p in paginate(d, paper("a4"), theme("default"), title="Test")]
    assert len(pages) == 1 + len(cut.sections)
    assert "not printed" in pages[0]


def test_a_small_drawing_is_one_section_centred():
    d = Drawing(svg.group(), 100.0, 80.0, (box(10, 10, 90, 70),))
    cut = plan(d, paper("a4"))
    assert len(cut.sections) == 1
    s = cut.sections[0]
    assert abs((s.x + s.width / 2) - 50.0) < 1e-6 and abs((s.y + s.height / 2) - 40.0) < 1e-6


def test_sections_lie_landscape_on_upright_pages_when_that_takes_fewer():
    """A wide field: landscape sections take fewer pages, and are drawn turned a quarter
    on pages of the paper's upright size."""
    d = drawing_of(hex_field(12, 7))
    cut = plan(d, paper("a4"))
    tall = plan(d, paper("a4"), section_spec(orientation="portrait"))
    assert cut.orientation == "landscape" and cut.turned and len(cut.pages) < len(tall.pages)
    assert (cut.sheet.width, cut.sheet.height) == (210.0, 297.0)
    pages = [to_svg(p) for p in paginate(d, paper("a4"), theme("default"), title="Test")]
    for page in pages[1:]:
        assert 'height="297mm"' in page and 'width="210mm"' in page and 'translate(210 0) rotate(90)' in page
    corner = cut.to_sheet((cut.window[0], cut.window[1]))  # the window's top left lands top right
    assert corner == (210.0 - cut.window[1], cut.window[0]) and cut.from_sheet(corner) == cut.window[:2]


def test_orientation_can_be_forced_and_auto_takes_fewer_pages():
    d = drawing_of(hex_field(12, 7))
    tall = plan(d, paper("a4"), section_spec(orientation="portrait"))
    wide = plan(d, paper("a4"), section_spec(orientation="landscape"))
    auto = plan(d, paper("a4"), section_spec(orientation="auto"))
    assert tall.orientation == "portrait" and wide.orientation == "landscape"
    assert len(auto.sections) == min(len(tall.sections), len(wide.sections))


def test_pages_are_the_paper_size_and_name_their_section():
    d = drawing_of(hex_field(12, 7))
    cut = plan(d, paper("letter"))
    pages = [to_svg(p) for p in paginate(d, paper("letter"), theme("default"), title="Test map")]
    for page, section in zip(pages[1:], cut.sections):
        w = float(re.search(r' width="([\d.]+)mm"', page).group(1))
        h = float(re.search(r' height="([\d.]+)mm"', page).group(1))
        assert (round(w, 1), round(h, 1)) == (215.9, 279.4) == (round(cut.sheet.width, 1), round(cut.sheet.height, 1))
        assert f"Section row {section.row}, column {section.column}" in page
        assert 'clip-path="url(#clip1)"' in page  # the section's window


def test_paper_too_small_for_the_margins_is_an_error():
    from pnp.errors import PnpError
    from pnp.templates import Paper

    with pytest.raises(PnpError, match="too small"):
        plan(drawing_of(hex_field(3, 3)), Paper("tiny", 50.0, 50.0), section_spec(margin=18.0))


def test_auto_turns_the_paper_so_a_wide_piece_stays_whole():
    """A piece wider than a portrait window but not a landscape one."""
    wide_piece = box(0, 0, 250, 60)
    d = Drawing(svg.group(), 260.0, 600.0, (wide_piece, box(0, 500, 20, 520)))
    cut = plan(d, paper("a4"), section_spec(orientation="auto"))
    assert cut.orientation == "landscape"
    assert any(s.x <= 0 and 250 <= s.x + s.width and s.y <= 0 and 60 <= s.y + s.height for s in cut.sections)
