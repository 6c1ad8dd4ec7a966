"""The Tile Upgrade Chart, measured from its PDF: every tile that can be upgraded is
drawn left of an arrow, its upgrades right of it, each tile's id printed beneath it;
the (tile, upgrade) pairs read back are exactly the manifest's."""

import pytest
from pypdf import PdfReader

from aidpdf import arrows, small_tiles, words
from conftest import run
from pnp.components.upgrade_chart import upgrade_pairs, upgrade_rows
from pnp.load import load_game
from pnp.templates import aid_sizes

SECTION = "tile_upgrade_chart"


@pytest.fixture(scope="module", params=["1860", "1851"])
def built(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"chart{request.param}")
    result = run("upgrade-chart", request.param, "--out", out)
    assert result.exit_code == 0, result.output
    return request.param, out / "upgrade-chart.pdf"


def labelled_tiles(pdf):
    """(tile, id) for each drawn tile: the id is the label just beneath it."""
    label = aid_sizes(SECTION)["label"]
    ws = [w for w in words(pdf) if abs(w.size - label) < 0.3]
    out = []
    for t in small_tiles(pdf, SECTION):
        below = [w for w in ws if w.page == t.page and abs((w.x0 + w.x1) / 2 - t.x) < 1.0
                 and 0 < w.y - t.bottom < 2.5 * label]
        assert len(below) == 1, f"tile at {t.x:.1f},{t.y:.1f} has labels {[w.text for w in below]}"
        out.append((t, below[0].text))
    return out


def chain(tiles, start_x, direction, step):
    """Tiles on one line running from start_x in `direction`, each within `step` of the last."""
    ordered = sorted(tiles, key=lambda p: direction * p[0].x)
    out, x = [], start_x
    for t, name in ordered:
        if direction * (t.x - x) <= 0:
            continue
        if abs(t.x - x) > step:
            break
        out.append(name)
        x = t.x
    return out


def tile_width(size: float, orientation: str) -> float:
    """Across a tile on the page: its flats when pointy, its corners when flat."""
    return size if orientation == "pointy" else size * 2 / 3 ** 0.5


def read_pairs(pdf, orientation):
    """Each arrow's sources (the run of tiles ending just left of it) times its
    targets (the run starting just right of it)."""
    tiles = labelled_tiles(pdf)
    gap = aid_sizes(SECTION)["tile_gap"]
    pairs = set()
    for page, left, right, y in arrows(pdf):
        line = [(t, name) for t, name in tiles if t.page == page and abs(t.y - y) < 0.5]
        width = tile_width(max(t.size for t, _ in line), orientation)
        step = width + 2 * gap + 1.0  # neighbours in a row; the next column is further
        sources = chain(line, left, -1, step)
        targets = chain(line, right, 1, step)
        assert sources and targets
        pairs |= {(s, t) for s in sources for t in targets}
    return pairs


def test_pairs_read_back_are_the_manifests_upgrades(built):
    game_name, pdf = built
    game = load_game(game_name)
    assert read_pairs(pdf, game.info.orientation) == upgrade_pairs(game)


def test_tile_count_matches_the_rows(built):
    game_name, pdf = built
    rows = [r for _, group in upgrade_rows(load_game(game_name)) for r in group]
    expected = sum(len(r.sources) + len(r.targets) for r in rows)
    assert len(small_tiles(pdf, SECTION)) == expected
    assert len(arrows(pdf)) == len(rows)


def test_rows_share_identical_upgrades():
    """1851's 5, 6 and 57 all become 14, 15 or 619: one row, not three."""
    groups = dict(upgrade_rows(load_game("1851")))
    yellow = {tuple(t.id for t in r.sources): tuple(t.id for t in r.targets) for r in groups["yellow"]}
    assert yellow[("5", "6", "57")] == ("14", "15", "619")
    assert yellow[("202",)] == ("511",)
    assert [tuple(t.id for t in r.targets) for r in groups["brown"]] == [("512",)]


def test_every_upgrade_pair_is_in_exactly_one_row():
    for name in ("1860", "1851"):
        game = load_game(name)
        seen = [(s.id, t.id) for _, group in upgrade_rows(game) for r in group for s in r.sources for t in r.targets]
        assert len(seen) == len(set(seen))
        assert set(seen) == upgrade_pairs(game)


def test_pages_are_a4_and_tiles_one_size(built):
    _, pdf = built
    for page in PdfReader(str(pdf)).pages:
        assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == (595.28, 841.89)
    assert len({round(t.size, 1) for t in small_tiles(pdf, SECTION)}) == 1


def test_content_stays_inside_the_margins(built):
    game_name, pdf = built
    orientation = load_game(game_name).info.orientation
    sizes = aid_sizes(SECTION)
    for t in small_tiles(pdf, SECTION):
        half = tile_width(t.size, orientation) / 2
        assert sizes["margin"] - 0.01 <= t.x - half and t.x + half <= 210 - sizes["margin"] + 0.01
        assert t.top >= sizes["margin"] and t.bottom <= 297 - sizes["margin"] - sizes["footer"]


def test_rebuild_is_byte_identical(built, tmp_path):
    game_name, pdf = built
    assert run("upgrade-chart", game_name, "--out", tmp_path).exit_code == 0
    assert (tmp_path / "upgrade-chart.pdf").read_bytes() == pdf.read_bytes()


def test_headings_name_the_colours(built):
    _, pdf = built
    text = " ".join(w.text for w in words(pdf))
    assert "upgrade chart" in text and "Yellow \u2192 Green" in text and "Green \u2192 Brown" in text


def test_a_chart_with_many_sources_per_row_still_fits(tmp_path):
    """Every yellow and green tile of the library: rows with more tiles than fit one
    line are split, never refused."""
    from pnp.load import tile_library

    library = tile_library()
    folder = tmp_path / "big"
    folder.mkdir()
    (folder / "game.yaml").write_text('title: "Big"\n')
    ids = sorted(t.id for t in library.values() if t.color in ("yellow", "green"))
    (folder / "tiles.yaml").write_text("manifest:\n" + "".join(f'  "{i}": 1\n' for i in ids))
    result = run("upgrade-chart", folder, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
