"""Tile sheets as a plan (pnp.components.tile_sheets, pnp.sheets.lazy): pages built in
any ranges equal the pages built whole, a range builds the artwork of its own tiles
only, every tile's SVG goes with exactly one range, and `pnp tiles` builds a long
sheet's artwork on the drawing workers, never in the main process."""

from __future__ import annotations

import io
import os
import pickle

import pytest

from calls import tile_ids_passed
from conftest import run
from pnp import pdf
from pnp.commands.common import print_options
from pnp.components import for_duplex, tile_sheets, tiles
from pnp.components.tile_sheets import SheetText, TileArt, TileSheetPlan
from pnp.i18n import messages
from pnp.load import load_game
from pnp import pdf_file
from pnp.pdf import PART_PAGES, DocumentPool, PdfPart, part_ranges
from pnp.render.tile import _tile_group, tile_svg
from pnp.sheets.duplex import BlankBacks
from pnp.sheets.lazy import LazyFiles, LazyPages
from pnp.templates import tile_layout


def built(game_name: str, **options):
    game = load_game(game_name)
    settings = print_options(game, options.pop("paper", "a4"), "default", **options)
    return game, settings, tiles.build(game, settings)


def plan_of(component) -> TileSheetPlan:
    pages = component.documents[0].pages
    assert isinstance(pages, LazyPages)
    return pages.plan


def tile_ids_on(plan: TileSheetPlan, start: int, stop: int) -> set[str]:
    """The tiles the pages start..stop-1 show (a backs page shows its front's tiles)."""
    step = 2 if plan.backed else 1
    sheets = plan.layouts[start // step:(stop + step - 1) // step]
    return {plan.pieces[s.index].id for layout in sheets for s in layout.slots}


@pytest.mark.parametrize("game_name, options, cuts", [
    ("1860", {}, [1, 3]),
    ("18xy", {"duplex": "long"}, [3, 5, 7]),  # flippable tiles: front and back pages; a cut inside a sheet
    ("1851", {"layout": "die"}, [2]),  # pointy tiles turned onto a die
])
def test_pages_built_in_ranges_equal_the_pages_built_whole(game_name, options, cuts):
    _, _, component = built(game_name, **options)
    whole = plan_of(component).pages(0, len(plan_of(component)))
    _, _, again = built(game_name, **options)
    plan = plan_of(again)
    bounds = [0, *cuts, len(plan)]
    in_ranges = [page for a, b in zip(bounds, bounds[1:]) for page in plan.pages(a, b)]
    assert len(whole) == len(in_ranges) == len(plan) and whole == in_ranges
    titles = [page.title for page in in_ranges]
    assert titles[0].endswith(f"page 1 of {len(plan)}") and titles[-1].endswith(f"page {len(plan)} of {len(plan)}")


def test_a_range_builds_the_artwork_of_its_own_tiles_only(monkeypatch):
    made = tile_ids_passed(monkeypatch, tile_sheets, "tile_piece")
    _, _, component = built("1860")
    plan = plan_of(component)
    assert made == []  # building the component builds no artwork
    assert len(component.documents[0].pages) == len(plan) == 5  # nor does asking how many pages
    plan.pages(2, 3)
    assert sorted(made) == sorted(tile_ids_on(plan, 2, 3))  # each tile of page 3 once, no other
    plan.pages(2, 4)
    assert len(made) == len(set(made)) == len(tile_ids_on(plan, 2, 4))  # page 3's tiles are not built again


def test_every_tile_file_goes_with_exactly_one_range():
    game, settings, component = built("18xy", duplex="long")
    plan = plan_of(component)
    names = list(component.svgs)
    assert names == [f"tiles/{tiles.safe_name(e.tile.id)}.svg" for e in game.manifest]
    for bounds in ([0, 5, len(plan)], [0, 1, 2, 7, len(plan)]):
        ranges = [plan.file_names(a, b) for a, b in zip(bounds, bounds[1:])]
        assert sorted(n for r in ranges for n in r) == sorted(names)
        for (a, b), in_range in zip(zip(bounds, bounds[1:]), ranges):
            shown = tile_ids_on(plan, a, b)
            assert all(plan.files[name].id in shown for name in in_range)
    first = game.manifest[0].tile
    assert component.svgs[names[0]] == tile_svg(first, settings.style, 38.1, "flat")


def test_a_tile_on_no_page_goes_with_the_last_range():
    game = load_game("1860")
    settings = print_options(game, "a4", "default")
    placed, unplaced = game.manifest[0].tile, game.manifest[1].tile
    layouts = tiles.pack_tiles(2, tile_layout("individual"), settings.paper, False)
    plan = TileSheetPlan([placed, placed], layouts, TileArt(settings.style, "flat", 38.1, 1.0), settings.paper,
                         SheetText("footer", messages()), files={"a.svg": placed, "b.svg": unplaced})
    assert len(plan) == 1
    assert plan.file_names(0, 0) == [] and plan.file_names(0, 1) == ["a.svg", "b.svg"]
    assert plan.file_names(1, 1) == ["b.svg"]  # an empty range at the end still takes it
    assert dict(LazyFiles(plan)).keys() == {"a.svg", "b.svg"}


def test_lazy_pages_are_sent_without_the_pages_built_so_far():
    _, _, component = built("1860")
    pages = component.documents[0].pages
    before = len(pickle.dumps(pages))
    assert pages[0] == pages[0] and pages[0] is pages[0]  # built once, kept
    assert pages[-1].title.endswith("page 5 of 5") and len(pages[1:3]) == 2
    assert len(pickle.dumps(pages)) == before
    with pytest.raises(IndexError):
        pages[len(pages)]


def page_text(data: bytes, n: int) -> str:
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(data)).pages[n].extract_text()


def _unpicklable(self):
    raise RuntimeError("the plan was pickled")


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: the pool draws in this process")
def test_the_workers_inherit_a_plan_instead_of_being_sent_it(monkeypatch, tmp_path):
    """A plan given to the pool before its workers fork reaches them by ticket: it is
    never pickled. One given after is sent pickled."""
    _, _, first = built("18xy", duplex="long")
    _, _, second = built("1860")
    monkeypatch.setattr(TileSheetPlan, "__getstate__", _unpicklable)
    with DocumentPool() as pool:
        doc = first.documents[0]
        drawn = pool.submit([PdfPart("Tiles", doc.pages, doc.trim_inset, doc.bleed)], "t").result()
        late = second.documents[0]
        refused = pool.submit([PdfPart("Tiles", late.pages, late.trim_inset, late.bleed)], "t")
        with pytest.raises(RuntimeError, match="pickled"):
            refused.result()
    assert len(pdf_file.read(drawn).pages) == len(doc.pages) == 10


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: the pool draws in this process")
def test_pnp_tiles_builds_a_long_sheet_on_the_workers(tmp_path):
    """18-XY printed duplex is 10 pages, drawn in parts: every tile's SVG is written
    once, by a worker, and this process lays out no tile face."""
    before = _tile_group.cache_info()
    result = run("tiles", "18xy", "--duplex", "long", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    after = _tile_group.cache_info()
    assert (after.hits, after.misses) == (before.hits, before.misses)
    game = load_game("18xy")
    written = sorted(p.name for p in (tmp_path / "tiles").iterdir())
    assert written == sorted(f"{tiles.safe_name(e.tile.id)}.svg" for e in game.manifest)
    style = print_options(game, "a4", "default").style
    first = game.manifest[0].tile
    svg_file = tmp_path / "tiles" / f"{tiles.safe_name(first.id)}.svg"
    assert svg_file.read_text() == tile_svg(first, style, 38.1, "flat")
    assert "on 10 pages" in result.output


def test_part_ranges_cover_the_document_in_parts_of_at_most_part_pages():
    assert part_ranges(10, 2) == [(0, 5), (5, 10)]  # short documents: one part a worker, as before
    assert part_ranges(7, 2) == [(0, 4), (4, 7)] and part_ranges(7, 4) == [(0, 4), (4, 7)]
    assert part_ranges(30, 4) == [(0, 8), (8, 16), (16, 24), (24, 30)]
    for pages in (33, 334, 668, 1001):
        ranges = part_ranges(pages, 2)
        assert ranges[0][0] == 0 and ranges[-1][1] == pages
        assert all(a < b <= a + PART_PAGES for a, b in ranges)
        assert all(b == c for (_, b), (c, _) in zip(ranges, ranges[1:]))
        if pages > 4 * PART_PAGES:  # a very long document: the same parts on 2 or 4 cores
            assert part_ranges(pages, 4) == ranges
    assert len(part_ranges(334, 2)) == 21


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: the pool draws in this process")
def test_more_parts_than_workers_are_joined_in_page_order(monkeypatch):
    """Each worker draws several parts, whichever it is free for; the document has every
    page once, in order, and the same bytes whatever worker drew which part."""
    monkeypatch.setattr(pdf, "PART_PAGES", 2)
    _, _, component = built("18xy", duplex="long")
    doc = component.documents[0]
    assert part_ranges(len(doc.pages), 2) == [(0, 2), (2, 4), (4, 6), (6, 8), (8, 10)]
    drawn = []
    for _ in range(2):
        with DocumentPool() as pool:
            drawn.append(pool.submit([PdfPart("Tiles", doc.pages, doc.trim_inset, doc.bleed)], "t").result())
    assert drawn[0] == drawn[1]
    footers = [page_text(drawn[0], n) for n in range(10)]
    assert all(f"page {n + 1} of 10" in text for n, text in enumerate(footers))


def test_blank_backs_of_lazy_pages_are_built_in_ranges():
    """1860 has no flippable tile: printed --duplex, each page of tiles is followed by a
    blank back, and the pages stay a plan built a range at a time."""
    _, settings, component = built("1860", duplex="long")
    duplexed = for_duplex(component, "1860", settings)
    plan = plan_of(duplexed)
    assert isinstance(plan, BlankBacks) and len(plan) == 10 and plan.pages_per_sheet == 2
    assert duplexed.svgs.plan is plan  # the files go with the pages that build them
    whole = plan.pages(0, 10)
    assert [p.title for p in whole[1::2]] == [f"1860 · Tiles · back of page {n}, left blank" for n in range(1, 6)]
    assert whole[0::2] == plan.plan.pages(0, 5)
    for bounds in ([0, 5, 10], [0, 1, 2, 7, 9, 10], [0, 4, 10]):
        pairs = list(zip(bounds, bounds[1:]))
        assert [page for a, b in pairs for page in plan.pages(a, b)] == whole
        names = [n for a, b in pairs for n in plan.file_names(a, b)]
        assert sorted(names) == sorted(duplexed.svgs)  # each file once


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: the pool draws in this process")
def test_pnp_tiles_duplex_without_flippable_tiles_builds_on_the_workers(tmp_path):
    before = _tile_group.cache_info()
    result = run("tiles", "1860", "--duplex", "long", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "on 10 pages" in result.output
    after = _tile_group.cache_info()
    assert (after.hits, after.misses) == (before.hits, before.misses)  # no tile face laid out here
    game = load_game("1860")
    written = sorted(p.name for p in (tmp_path / "tiles").iterdir())
    assert written == sorted(f"{tiles.safe_name(e.tile.id)}.svg" for e in game.manifest)
    assert len(pdf_file.read((tmp_path / "tiles.pdf").read_bytes()).pages) == 10
