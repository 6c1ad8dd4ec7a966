"""The kit as paper out of a printer: printed double-sided every component starts on a
fresh sheet and every front has its own back or a blank one; flippable tiles carry
their mirror image exactly behind them; map and market sections lie landscape on
upright pages where that saves paper, and long, low ones share a page; and nothing
is printed in the 5 mm band along the paper's edge that printers leave blank."""

from __future__ import annotations

import math
import re

import numpy
import pypdfium2  # pdfplumber's renderer, so it comes with the test requirements
import pytest
from pypdf import PdfReader, PdfWriter
from pnp.geometry.as_geos import geos
from pnp.geometry.outlines import box

from componentpdf import backs_behind_fronts, read_back, text_in
from conftest import run
from raster import colour, ink_near_edges, pixels
from pnp.components import PrintOptions
from pnp.components.tile_backs import mirrored_tile_group
from pnp.components.tiles import build as build_tiles
from pnp.components.tiles import pack_tiles
from pnp.draw import shapes
from pnp.geometry.hexagon import FLAT_TO_FLAT, POINTY_TURN
from pnp.load import load_game
from pnp.render import svg
from pnp.render.tile import tile_group
from pnp.sheets.paginate import GAP, Drawing, nearly_blank, plan, section_spec
from pnp.sheets.printable import print_area
from pnp.templates import paper, theme, tile_layout

SAFE = 5.0  # mm
PT = 25.4 / 72
A4_PT = (595, 842)
MINI_EURO = (67.5, 44.0)
# components with backs of their own (shares, privates) and without (map, market,
# charters; the market mixes upright and landscape pages)
DUPLEX_KIT = "map,market,shares,charters,privates"


@pytest.fixture(scope="module")
def duplex_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("duplexkit")
    result = run("build", "1860", "--duplex", "long", "--only", DUPLEX_KIT, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    return out


def page_texts(pdf) -> list[str]:
    doc = pypdfium2.PdfDocument(str(pdf))
    return [doc[n].get_textpage().get_text_range() for n in range(len(doc))]


def is_back(text: str) -> bool:
    """A page printed on the back of the sheet before it: a page of backs, or a blank
    back (each says so in its footer)."""
    return "(backs)" in text or "left blank" in text


def bookmarks(pdf) -> list[tuple[str, int]]:
    reader = PdfReader(str(pdf))
    return [(item.title, reader.get_destination_page_number(item)) for item in reader.outline
            if not isinstance(item, list)]


# --- duplex kits ---------------------------------------------------------------------------------------


def test_every_front_starts_a_sheet_and_every_component_starts_on_a_front(duplex_kit):
    """Pages alternate front, back: a front on every odd page, its own back (or a blank
    one) on the even page after it, so no two fronts share a sheet; each component's
    bookmark points at an odd page. The same holds in every component's own PDF."""
    texts = page_texts(duplex_kit / "1860-kit.pdf")
    assert len(texts) % 2 == 0
    for n, text in enumerate(texts, start=1):
        assert is_back(text) == (n % 2 == 0), (n, text[-80:])
    marks = bookmarks(duplex_kit / "1860-kit.pdf")  # the calibration page and 5 components
    assert len(marks) == 6 and all(index % 2 == 0 for _, index in marks), marks  # 0-based: odd pages
    for pdf in sorted(duplex_kit.glob("*.pdf")):
        if pdf.name != "1860-kit.pdf":
            texts = page_texts(pdf)
            assert len(texts) % 2 == 0 and all(is_back(t) == (n % 2 == 1) for n, t in enumerate(texts)), pdf.name


def test_blank_backs_carry_only_their_footer(duplex_kit):
    doc = pypdfium2.PdfDocument(str(duplex_kit / "1860-kit.pdf"))
    texts = page_texts(duplex_kit / "1860-kit.pdf")
    blank = [n for n, text in enumerate(texts) if "left blank" in text]
    assert len(blank) == 1 + 5 + 4 + 4  # calibration, map, market and charters have no backs of their own
    footer_band = print_area().footer_top + 0.5  # mm from the lower edge
    for n in blank:
        assert re.search(r"back of page \d+, left blank", texts[n])
        ink = rendered(doc, n) < 235
        rows = numpy.nonzero(ink.any(axis=1))[0]
        assert len(rows) and rows.min() * PT >= 297.0 - footer_band - 0.5, n + 1


def test_backs_in_the_kit_face_their_own_fronts(duplex_kit, tmp_path):
    """The share certificates inside the kit: each certificate's back (its company's)
    lies behind it once the sheet is turned over its long edge."""
    kit = duplex_kit / "1860-kit.pdf"
    marks = bookmarks(kit)
    start = next(i for title, i in marks if title == "Share certificates")
    end = min(i for _, i in marks if i > start)
    writer = PdfWriter()
    reader = PdfReader(str(kit))
    for i in range(start, end):
        writer.add_page(reader.pages[i])
    shares = tmp_path / "shares-from-kit.pdf"
    writer.write(str(shares))
    doc = read_back(shares)
    names = sorted((c.name for c in load_game("1860").companies), key=len, reverse=True)
    seen = 0
    for n in range(0, len(doc.paths), 2):
        for front, back in backs_behind_fronts(doc, n, n + 1, MINI_EURO, bleed=1.0, page_width=210.0):
            assert back is not None, (start + n + 1, front)
            company = next(name for name in names if name in text_in(doc.chars[n], front))
            assert company in text_in(doc.chars[n + 1], back)
            seen += 1
    assert seen == 72


# --- no ink where printers cannot print ------------------------------------------------------------------


def rendered(doc, index: int, dpi: float = 72.0) -> numpy.ndarray:
    """A page as grey levels (0 black, 255 white); at 72 dpi one pixel is a point."""
    image = doc[index].render(scale=dpi / 72.0, grayscale=True).to_numpy()
    return image if image.ndim == 2 else image[:, :, :3].min(axis=2)


def test_no_ink_within_5_mm_of_the_paper_edge_on_fronts_or_backs(duplex_kit):
    """(The whole kit printed one-sided is checked in tests/test_build.py.)"""
    assert ink_near_edges(duplex_kit / "1860-kit.pdf", SAFE) == []


def test_crop_marks_shorten_rather_than_run_into_the_band(tmp_path):
    """Certificates on Letter printed short-edge duplex (room for the footer at both
    ends): their crop marks stop short of the band, and ten still fit a page."""
    result = run("shares", "1860", "--paper", "letter", "--duplex", "short", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert ink_near_edges(tmp_path / "shares.pdf") == []
    assert len(page_texts(tmp_path / "shares.pdf")) == 2 * math.ceil(72 / 10)


# --- flippable tiles -----------------------------------------------------------------------------------


def edge_directions(turn: float) -> list[tuple[float, float]]:
    """Unit vectors (y down) from a hex's centre to its edges' midpoints, the face
    turned `turn` degrees on the paper."""
    out = []
    for e in range(6):
        a = math.radians(60 * e)
        x, y = -math.sin(a), math.cos(a)
        t = math.radians(turn)
        out.append((x * math.cos(t) - y * math.sin(t), x * math.sin(t) + y * math.cos(t)))
    return out


def exits(image: numpy.ndarray, centre, tile_mm: float, dpi: float, turn: float = 0.0) -> set[int]:
    """The directions (as face edges 0-5 of a face turned `turn`) in which track leaves
    a hex printed at `centre` (mm): dark pixels three quarters of the way to the edge."""
    px = dpi / 25.4
    reach = 75.0 * tile_mm / FLAT_TO_FLAT
    found = set()
    for e, (dx, dy) in enumerate(edge_directions(turn)):
        x, y = (centre[0] + dx * reach) * px, (centre[1] + dy * reach) * px
        patch = image[int(y) - 1:int(y) + 2, int(x) - 1:int(x) + 2].reshape(-1, 3)
        if (patch.sum(axis=1) < 150).mean() > 0.5:
            found.add(e)
    return found


def mirrored_edges(edges: set[int], mirror: str, turn: float = 0.0) -> set[int]:
    """Edges of a face turned `turn` on the paper, after the paper is mirrored left to
    right (horizontal) or top to bottom (vertical): found by direction, not by formula."""
    dirs = edge_directions(turn)
    out = set()
    for e in edges:
        dx, dy = dirs[e]
        target = (-dx, dy) if mirror == "horizontal" else (dx, -dy)
        out.add(min(range(6), key=lambda k: math.dist(dirs[k], target)))
    return out


def track_edges(tile) -> set[int]:
    return {end.index for path in tile.paths for end in (path.a, path.b) if end.kind == "edge"}


@pytest.fixture(scope="module")
def tiles_18xy_duplex():
    game = load_game("18xy")
    options = PrintOptions(paper=paper("a4"), style=theme("default").with_colors(game.info.colors), duplex="long")
    return game, options, build_tiles(game, options)


def test_flippable_tiles_have_their_mirror_image_behind_them(tiles_18xy_duplex):
    """Read from the printed pixels: each tile's track where the sheet puts it, and on
    the backs page, exactly behind it (mirrored left to right), a flippable tile's
    track leaving by the mirrored edges; every other tile's back plain in its colour."""
    game, options, component = tiles_18xy_duplex
    doc = component.documents[0]
    assert doc.backed and len(doc.pages) % 2 == 0
    tiles = game.tile_pieces()
    layout = tile_layout("individual")
    slots = pack_tiles(len(tiles), layout, options.paper, game.info.orientation == "pointy")
    assert len(doc.pages) == 2 * len(slots)
    dpi, width = 100.0, options.paper.width
    flipped = plain = 0
    for n, page in enumerate(slots):
        front, back = pixels(doc.pages[2 * n], dpi), pixels(doc.pages[2 * n + 1], dpi)
        for slot in page.slots:
            tile = tiles[slot.index]
            assert exits(front, (slot.x, slot.y), layout.tile, dpi) == track_edges(tile), tile.id
            behind = (width - slot.x, slot.y)
            if tile.flippable:
                assert exits(back, behind, layout.tile, dpi) == mirrored_edges(track_edges(tile), "horizontal")
                flipped += 1
            else:
                assert exits(back, behind, layout.tile, dpi) == set()
                px = dpi / 25.4
                ground = back[int(behind[1] * px), int(behind[0] * px)]
                assert numpy.abs(ground - colour(options.style.ground(tile.color))).sum() < 30, tile.id
                plain += 1
    assert flipped == sum(e.count for e in game.manifest if e.tile.flippable) > 0
    assert plain == sum(e.count for e in game.manifest if not e.tile.flippable)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("mirror", ["horizontal", "vertical"])
def test_a_mirrored_face_has_mirrored_exits(orientation, mirror):
    """A flippable tile's back, drawn on its own: its track leaves by the edges the
    front's track leaves by, mirrored on the paper the way the sheet turns over."""
    tile = next(e.tile for e in load_game("18xy").manifest if e.tile.id == "7")  # a sharp curve: not symmetric
    style = theme("default")
    turn = POINTY_TURN if orientation == "pointy" else 0.0
    size, dpi = 38.1, 100.0
    k = size / FLAT_TO_FLAT

    def drawn(group) -> numpy.ndarray:
        dwg = svg.document(50.0, 50.0, title="tile")
        placed = svg.group(transform=(shapes.translate(25, 25), shapes.scale(k)))
        placed.add(group)
        dwg.add(placed)
        return pixels(dwg, dpi)

    front = exits(drawn(tile_group(tile, style, orientation)), (25, 25), size, dpi, turn)
    back = exits(drawn(mirrored_tile_group(tile, style, orientation, mirror)), (25, 25), size, dpi, turn)
    assert front == track_edges(tile) if orientation == "flat" else len(front) == 2
    assert back == mirrored_edges(front, mirror, turn) != front


def test_one_sided_tile_sheets_say_flippable_tiles_need_duplex(tmp_path):
    result = run("tiles", "18xy", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    texts = page_texts(tmp_path / "tiles.pdf")
    assert all("mirror side only when printed with --duplex" in t for t in texts)
    result = run("tiles", "1860", "--out", tmp_path / "1860")
    assert "--duplex" not in page_texts(tmp_path / "1860" / "tiles.pdf")[0]  # no flippable tiles, no note


# --- section pages -------------------------------------------------------------------------------------


def test_the_1860_map_and_market_print_on_fewer_upright_pages(duplex_kit):
    """The map's sections lie landscape (4 pages, not 6 portrait), the market's three
    sections share one page; every page of both is upright A4."""
    for name, sections, pages in (("map-sections.pdf", 4, 4), ("market-sections.pdf", 3, 1)):
        reader = PdfReader(str(duplex_kit / name))
        assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages} == {A4_PT}
        texts = page_texts(duplex_kit / name)
        labels = [set(re.findall(r"Section row \d+, column \d+", t)) for t in texts]
        assert sum(len(found) for found in labels) == sections, name
        assert sum(1 for found in labels if found) == pages, name


def map_drawing(game_name: str, paper_name: str) -> Drawing:
    from pnp.components.map import map_art

    game = load_game(game_name)
    options = PrintOptions(paper=paper(paper_name), style=theme("default").with_colors(game.info.colors))
    return map_art(game, options)[2].drawing


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_the_1851_map_has_no_nearly_blank_page(paper_name):
    """1851's map cut upright on A4 left three pages holding 1-3 % of the map (its
    coordinate band); now no section is less than 5 % filled, on no more pages."""
    drawing = map_drawing("1851", paper_name)
    cut = plan(drawing, paper(paper_name))
    upright = plan(drawing, paper(paper_name), section_spec(orientation="portrait"))
    assert nearly_blank(drawing, cut) == 0 and len(cut.pages) <= len(upright.pages)
    drawn = drawing.drawn()
    drawn = geos(drawn)  # GEOS, apart from the planner's own areas
    assert min(drawn.intersection(geos(s.window)).area / (s.width * s.height) for s in cut.sections) > 0.05
    for piece in drawing.pieces:  # every hex still whole on some page
        assert any(geos(s.window).buffer(1e-6).contains(geos(piece)) for s in cut.sections)


def test_a_long_low_drawing_stacks_its_sections():
    """A 600 x 60 mm strip of 40 mm pieces: sections share pages one above the other,
    each window clear of the next by both sets of crop marks, all inside the page's
    margins; every piece whole on some section, neighbours overlapping by 10 mm."""
    pieces = tuple(box(5 + 42 * i, 10, 45 + 42 * i, 50) for i in range(14))
    drawing = Drawing(svg.group(), 600.0, 60.0, pieces)
    cut = plan(drawing, paper("a4"))
    assert cut.stack >= 2 and len(cut.pages) < len(cut.sections)
    spec = cut.spec
    for page in cut.pages:
        windows = [cut.slot_window(i) for i in range(len(page))]
        for (_, top_a, _, h_a), (_, top_b, _, _) in zip(windows, windows[1:]):
            assert top_b - (top_a + h_a) >= 2 * (GAP + spec.mark) - 1e-6
        left, top, width, height = windows[-1]
        assert top + height + GAP + spec.mark <= cut.paper.height - SAFE + 1e-6
        assert left - GAP - spec.mark >= SAFE - 1e-6
    for piece in pieces:
        assert any(geos(s.window).buffer(1e-6).contains(geos(piece)) for s in cut.sections)
    for (_, end), (start, _) in zip(cut.columns, cut.columns[1:]):
        assert end - start >= spec.overlap - 1e-6
