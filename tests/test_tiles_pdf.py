"""The tiles PDF as printed paper: page sizes, one outline per physical tile, the
tile size measured from the PDF's own vector paths, and byte-identical rebuilds."""

import json

from pypdf import PdfReader

from conftest import run
from pdfpaths import flat_to_flat, hexagons, read_paths

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def page_sizes(pdf):
    return {(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in PdfReader(str(pdf)).pages}


def manifest_total(game="1860"):
    result = run("manifest", game, "--format", "json")
    assert result.exit_code == 0
    return json.loads(result.output)["total"]


def test_a4_by_default_with_every_piece_once(tiles_1860):
    pdf = tiles_1860 / "tiles.pdf"
    assert page_sizes(pdf) == {A4}
    outlines = [h for page in read_paths(pdf) for h in hexagons(page)]
    assert len(outlines) == manifest_total() == 139


def test_tiles_measure_one_and_a_half_inches(tiles_1860):
    sizes = [flat_to_flat(h) for page in read_paths(tiles_1860 / "tiles.pdf") for h in hexagons(page)]
    assert sizes and all(abs(s - 38.1) <= 0.1 for s in sizes)


def test_one_svg_per_distinct_tile(tiles_1860):
    svgs = sorted(p.stem for p in (tiles_1860 / "tiles").glob("*.svg"))
    data = json.loads(run("manifest", "1860", "--format", "json").output)
    assert svgs == sorted(t["id"] for t in data["tiles"])
    text = (tiles_1860 / "tiles" / "57.svg").read_text()
    assert 'width="' in text and "mm" in text.split("width=")[1][:20]


def test_letter_paper_and_die_layout(tmp_path):
    result = run("tiles", "1860", "--paper", "letter", "--layout", "die", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "tiles.pdf"
    assert page_sizes(pdf) == {LETTER}
    pages = read_paths(pdf)
    counts = [len(hexagons(p)) for p in pages]
    assert sum(counts) == 139 and max(counts) == 24


def test_tessellated_layout_prints_every_piece(tmp_path):
    result = run("tiles", "1860", "--layout", "tessellated", "--out", tmp_path)
    assert result.exit_code == 0
    assert sum(len(hexagons(p)) for p in read_paths(tmp_path / "tiles.pdf")) == 139


def test_tile_size_option(tmp_path):
    result = run("tiles", "1860", "--tile-size", "1.25in", "--out", tmp_path)
    assert result.exit_code == 0
    sizes = [flat_to_flat(h) for p in read_paths(tmp_path / "tiles.pdf") for h in hexagons(p)]
    assert len(sizes) == 139 and all(abs(s - 31.75) <= 0.1 for s in sizes)


def test_rebuilds_are_byte_identical(tiles_1860, tmp_path):
    assert run("tiles", "1860", "--out", tmp_path).exit_code == 0
    assert (tmp_path / "tiles.pdf").read_bytes() == (tiles_1860 / "tiles.pdf").read_bytes()
    for svg in (tiles_1860 / "tiles").glob("*.svg"):
        assert (tmp_path / "tiles" / svg.name).read_bytes() == svg.read_bytes()


def test_pdf_has_title_and_creator(tiles_1860):
    meta = PdfReader(str(tiles_1860 / "tiles.pdf")).metadata
    assert meta.title == "1860: Tiles" and "pnp" in meta.creator


def test_footer_names_game_component_and_page(tiles_1860):
    reader = PdfReader(str(tiles_1860 / "tiles.pdf"))
    n = len(reader.pages)
    for i, page in enumerate(reader.pages):
        text = page.extract_text()
        assert "1860" in text and "Tiles" in text and f"page {i + 1} of {n}" in text


def test_game_folder_outside_the_package(game_copy, tmp_path):
    folder = game_copy("1860")
    result = run("tiles", folder, "--out", tmp_path / "o")
    assert result.exit_code == 0 and (tmp_path / "o" / "tiles.pdf").exists()


def test_no_partial_files_left_behind(tiles_1860):
    assert not [p for p in tiles_1860.rglob("*") if p.name.endswith(".part")]


def test_tile_colours_stay_apart_in_greyscale():
    """Yellow, green, brown and gray tiles must be told apart on a black-and-white print:
    their lightness differs by at least 20 of 255 grey levels, in every theme."""
    from pnp.templates import theme, theme_names

    def luma(hex_colour):
        r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
        return 0.299 * r + 0.587 * g + 0.114 * b

    for name in theme_names():
        style = theme(name)
        levels = sorted(luma(style.color(c)) for c in ("yellow", "green", "brown", "gray"))
        gaps = [b - a for a, b in zip(levels, levels[1:])]
        assert min(gaps) >= 20, (name, [round(x) for x in levels])
