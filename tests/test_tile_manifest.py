"""The printable Tile Manifest, measured from its PDF: one small tile per distinct tile,
each with its own id on its left and its own count on its right, all of one size."""

import re
from collections import Counter

import pytest
from pypdf import PdfReader

from aidpdf import small_tiles, words
from conftest import run
from pnp.load import load_game
from pnp.templates import aid_sizes

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


@pytest.fixture(scope="module", params=["1860", "1851"])
def built(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"manifest{request.param}")
    result = run("tile-manifest", request.param, "--out", out)
    assert result.exit_code == 0, result.output
    return request.param, out / "tile-manifest.pdf"


def read_rows(pdf) -> dict[str, int]:
    """id -> count, pairing each drawn tile with the bold id left of it and the count
    right of it on the same line."""
    text_size = aid_sizes("tile_manifest")["text"]
    tiles = small_tiles(pdf, "tile_manifest")
    ws = [w for w in words(pdf) if abs(w.size - text_size) < 0.3]
    rows = {}
    for t in tiles:
        line = [w for w in ws if w.page == t.page and abs(w.y - t.y) < 1.5]
        left = max((w for w in line if w.x1 < t.x - t.size / 2 + 0.1), key=lambda w: w.x1)
        right = min((w for w in line if w.x0 > t.x + t.size / 2 - 0.1), key=lambda w: w.x0)
        assert t.x - left.x1 < t.size and right.x0 - t.x < t.size, "id and count sit beside their tile"
        match = re.fullmatch(r"(\d+)\u00d7", right.text)
        assert match, right.text
        assert left.text not in rows, f"tile {left.text} drawn twice"
        rows[left.text] = int(match.group(1))
    return rows


def test_every_tile_drawn_once_with_its_count(built):
    game_name, pdf = built
    game = load_game(game_name)
    expected = {e.tile.id: e.count for e in game.manifest if e.count > 0}
    tiles = small_tiles(pdf, "tile_manifest")
    assert len(tiles) == len(expected)
    assert read_rows(pdf) == expected


def test_one_size_on_one_a4_page(built):
    _, pdf = built
    sizes = {round(t.size, 1) for t in small_tiles(pdf, "tile_manifest")}
    assert len(sizes) == 1
    pages = PdfReader(str(pdf)).pages
    assert len(pages) == 1
    assert (round(float(pages[0].mediabox.width), 2), round(float(pages[0].mediabox.height), 2)) == A4


def test_totals_line(built):
    game_name, pdf = built
    game = load_game(game_name)
    text = " ".join(w.text for w in words(pdf))
    assert f"{game.total_tiles()} tiles:" in text
    per_colour = Counter()
    for e in game.manifest:
        per_colour[e.tile.color] += e.count
    assert f"Yellow {per_colour['yellow']}" in text


def test_letter_paper(tmp_path):
    result = run("tile-manifest", "1851", "--paper", "letter", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "tile-manifest.pdf"
    for page in PdfReader(str(pdf)).pages:
        assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == LETTER
    assert len(small_tiles(pdf, "tile_manifest")) == 46


def test_rebuild_is_byte_identical(built, tmp_path):
    game_name, pdf = built
    assert run("tile-manifest", game_name, "--out", tmp_path).exit_code == 0
    assert (tmp_path / "tile-manifest.pdf").read_bytes() == pdf.read_bytes()


def test_paper_too_small_is_a_clear_error(tmp_path):
    result = run("tile-manifest", "1851", "--paper", "50x50mm", "--out", tmp_path)
    assert result.exit_code == 2
    assert "does not fit" in result.output and "Traceback" not in result.output
