"""The map as printed paper: map.pdf holds one outline per hex at the tile size plus the
clearance, measured from the PDF's own vector paths; map-sections.pdf is all A4 (or
Letter), every hex whole on some page, sections overlapping, nothing in the margins;
rebuilds are byte-identical; variants and options change what they should."""

import re

import numpy
import pytest
from pypdf import PdfReader

from conftest import run
from pdfpaths import flat_to_flat, hexagons, read_paths
from raster import colour, pixels

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)
PT = 25.4 / 72


@pytest.fixture(scope="session")
def map_1860(tmp_path_factory):
    out = tmp_path_factory.mktemp("map1860")
    result = run("map", "1860", "--out", out)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def built():
    """The component and its cutting plan, as `pnp map 1860` makes them."""
    from pnp.cli import print_options
    from pnp.components.map import build, map_art
    from pnp.load import load_game
    from pnp.sheets.paginate import plan

    game = load_game("1860")
    options = print_options(game, "a4", "default")
    _, _, art = map_art(game, options)
    return build(game, options), art, plan(art.drawing, options.paper), options


def page_sizes_mm(pdf):
    return [(round(float(p.mediabox.width) * PT, 1), round(float(p.mediabox.height) * PT, 1))
            for p in PdfReader(str(pdf)).pages]


def centre(hexagon):
    return (sum(p[0] for p in hexagon) / 6, sum(p[1] for p in hexagon) / 6)


def test_writes_svg_and_both_pdfs(map_1860):
    for name in ("map.svg", "map.pdf", "map-sections.pdf"):
        assert (map_1860 / name).stat().st_size > 1000
    svg = (map_1860 / "map.svg").read_text()
    w = float(re.search(r' width="([\d.]+)mm"', svg).group(1))
    h = float(re.search(r' height="([\d.]+)mm"', svg).group(1))
    assert page_sizes_mm(map_1860 / "map.pdf") == [(round(w, 1), round(h, 1))]


def test_45_hex_outlines_of_38_6_mm(map_1860):
    pages = read_paths(map_1860 / "map.pdf")
    assert len(pages) == 1
    outlines = hexagons(pages[0])
    assert len(outlines) == 45
    assert all(abs(flat_to_flat(h) - 38.6) <= 0.1 for h in outlines)
    centres = [centre(h) for h in outlines]
    assert len({(round(x), round(y)) for x, y in centres}) == 45  # 45 places, not one hex drawn 45 times
    # neighbours touch: each hex's nearest neighbour is one hex size away
    nearest = [min(numpy.hypot(a[0] - b[0], a[1] - b[1]) for b in centres if b != a) for a in centres]
    assert all(abs(d - 38.6) < 0.1 for d in nearest)


def test_sections_are_a4_pages(map_1860):
    sizes = page_sizes_mm(map_1860 / "map-sections.pdf")
    assert len(sizes) >= 2 and all(tuple(sorted(s)) == A4 for s in sizes)
    assert len(set(sizes)) == 1  # one orientation throughout


def test_letter_paper(tmp_path):
    result = run("map", "1860", "--paper", "letter", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    sizes = page_sizes_mm(tmp_path / "map-sections.pdf")
    assert len(sizes) >= 2 and all(tuple(sorted(s)) == LETTER for s in sizes)


def test_sections_are_labelled_by_row_and_column(map_1860, built):
    reader = PdfReader(str(map_1860 / "map-sections.pdf"))
    n = len(reader.pages)
    _, _, cut, _ = built
    assert n == 1 + len(cut.sections)
    overview = reader.pages[0].extract_text()
    assert "How the sections fit together" in overview and "100 mm" in overview
    for i, (page, section) in enumerate(zip(reader.pages[1:], cut.sections), start=2):
        text = page.extract_text()
        assert f"Section row {section.row}, column {section.column}" in text
        assert f"page {i} of {n}" in text
        assert f"row {section.row}, column {section.column}" in overview


def test_every_hex_is_whole_on_some_section_page(map_1860, built):
    """Each section page's hexes read back from the PDF, those lying wholly inside the
    printed window shifted back onto the whole map: together they are all 45."""
    _, _, cut, _ = built
    left, top, width, height = cut.window
    whole_map = [centre(h) for h in hexagons(read_paths(map_1860 / "map.pdf")[0])]
    found = set()
    for paths, section in zip(read_paths(map_1860 / "map-sections.pdf")[1:], cut.sections):
        for h in hexagons(paths):
            h = [cut.from_sheet(p) for p in h]  # as the section lies (landscape ones print turned)
            if all(left - 0.01 <= x <= left + width + 0.01 and top - 0.01 <= y <= top + height + 0.01 for x, y in h):
                assert abs(flat_to_flat(h) - 38.6) <= 0.1  # printed at full size
                x, y = centre(h)
                on_map = (x - left + section.x, y - top + section.y)
                match = [i for i, c in enumerate(whole_map) if numpy.hypot(c[0] - on_map[0], c[1] - on_map[1]) < 0.05]
                assert len(match) == 1, on_map
                found.add(match[0])
    assert len(found) == 45


def test_sections_overlap_and_fit_the_paper(built):
    _, _, cut, _ = built
    spec = cut.spec
    left, top, width, height = cut.window
    assert left >= spec.margin and top >= spec.margin + spec.header
    assert left + width <= cut.paper.width - spec.margin + 1e-6
    assert top + height <= cut.paper.height - spec.margin + 1e-6
    for spans in (cut.columns, cut.rows):
        for (_, end), (start, _) in zip(spans, spans[1:]):
            assert end - start >= spec.overlap - 1e-6
    assert cut.columns[0][0] <= 0 + 1e-6 and cut.rows[0][0] <= 0 + 1e-6


def test_nothing_printed_in_the_margins(built):
    """Rendered to pixels at 1 mm each: beyond the crop marks, no map colour shows."""
    component, _, cut, options = built
    sea, land = colour(options.style.color("sea")), colour(options.style.color("white"))
    spec = cut.spec
    for page in component.documents[0].pages[1:]:
        image = pixels(page)
        h, w, _ = image.shape
        clear = spec.margin - 2  # past the marks' 1 mm gap, whole pixels
        margins = numpy.concatenate([image[:, : int(clear)].reshape(-1, 3), image[:, w - int(clear):].reshape(-1, 3),
                                     image[h - int(clear):, :].reshape(-1, 3)])
        for ground in (sea, land):
            assert not (numpy.abs(margins - ground).sum(axis=1) < 30).any()
        (x0, y0), (x1, y1) = sorted([cut.to_sheet(cut.window[:2]),  # the window on the upright sheet
                                     cut.to_sheet((cut.window[0] + cut.window[2], cut.window[1] + cut.window[3]))])
        (x0, x1), (y0, y1) = sorted((x0, x1)), sorted((y0, y1))
        inside = image[int(y0) + 2: int(y1) - 2, int(x0) + 2: int(x1) - 2].reshape(-1, 3)
        assert (numpy.abs(inside - sea).sum(axis=1) < 30).any()  # the map does print inside


def test_clearance_and_tile_size_options(tmp_path):
    result = run("map", "1860", "--tile-size", "1.25in", "--clearance", "1mm", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    sizes = [flat_to_flat(h) for h in hexagons(read_paths(tmp_path / "map.pdf")[0])]
    assert len(sizes) == 45 and all(abs(s - 32.75) <= 0.1 for s in sizes)


def test_negative_clearance_is_refused(tmp_path):
    result = run("map", "1860", "--clearance", "-1mm", "--out", tmp_path)
    assert result.exit_code == 2 and "clearance" in result.output and "Traceback" not in result.output


def test_rebuilds_are_byte_identical(map_1860, tmp_path):
    assert run("map", "1860", "--out", tmp_path).exit_code == 0
    for name in ("map.svg", "map.pdf", "map-sections.pdf"):
        assert (tmp_path / name).read_bytes() == (map_1860 / name).read_bytes(), name


def test_two_three_player_variant(tmp_path):
    result = run("map", "1860", "--variant", "2-3p", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert len(hexagons(read_paths(tmp_path / "map.pdf")[0])) == 42
    assert "2-3 player map" in PdfReader(str(tmp_path / "map.pdf")).pages[0].extract_text()


def test_unknown_variant_is_a_clear_error(tmp_path):
    result = run("map", "1860", "--variant", "5p", "--out", tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "unknown map variant '5p'" in result.output and "2-3p" in result.output


def test_map_shows_names_title_legend_and_coordinates(map_1860):
    text = PdfReader(str(map_1860 / "map.pdf")).pages[0].extract_text()
    for needle in ("Railways on the Isle of Wight", "Cowes", "Newport", "Ryde Pier", "Ryde Esplanade",
                   "Impassable side", "Mountain", "The Solent", "C&N", "IOW"):
        assert needle in text, needle
    for letter in "ABCDEFGHIJKL":
        assert re.search(rf"(^|\s){letter}(\s|$)", text), letter
