"""The stock market as printed paper: 1860's 55 values read back from the PDF along its
two staggered rows, 1851's staircase matching Rails cell for cell, spaces of the
template's size that hold a marker below their value, zones that stay apart in
greyscale, the legend in the game's words, section pages that keep their margins, the
par chart, revenue track and round tracker, and byte-identical rebuilds."""

from __future__ import annotations

import json
import math
import re
from functools import cache
from pathlib import Path

import pdfplumber
import pytest
import yaml
from msgspec.structs import replace
from pypdf import PdfReader

from conftest import run
from pdfpaths import circles, read_paths, rectangles
from pnp.cli import print_options
from pnp.commands.market import cell_size_option
from pnp.components import write_component
from pnp.components.market import build
from pnp.draw.svgwriter import to_svg
from pnp.load import document, load_game
from pnp.model.game import Game, GameInfo
from pnp.model.rules import Market
from pnp.output import OutputDir
from pnp.pdf import PdfPart, write_pdf
from pnp.resources import data_dir
from pnp.sheets.formats import component_format
from pnp.templates import paper

PT = 25.4 / 72  # mm per point
CELL = (17.8, 21.6)  # templates/market.yaml
NUMBER = re.compile(r"^\d+$")
PRINTER_MARGIN = 3.5  # mm: no ink closer to the paper's edge (printers leave about 3-4 mm blank)


# --- builds, made once ----------------------------------------------------------------


@pytest.fixture(scope="session")
def market_1860(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("market1860")
    result = run("market", "1860", "--out", out)
    assert result.exit_code == 0, result.output
    return out


def market_1851() -> Market:
    return document(Market)(data_dir() / "games" / "1851" / "market.yaml", {})


def game_1851() -> Game:
    """1851's market inside a minimal game (the 1851 game folder may not have its
    game.yaml yet)."""
    return Game("1851", data_dir() / "games" / "1851", GameInfo(title="1851"), (), {"market": market_1851()})


@pytest.fixture(scope="session")
def market_1851_out(tmp_path_factory) -> Path:
    game = game_1851()
    out = tmp_path_factory.mktemp("market1851")
    write_component(build(game, print_options(game, "letter", "default")), OutputDir(out), game.title)
    return out


# --- reading the PDF back ---------------------------------------------------------------


@cache
def _read(pdf: str) -> tuple[list[list[dict]], list[str]]:
    """Each page's words (with positions, in points) and text, read once per file."""
    with pdfplumber.open(pdf) as doc:
        return ([page.extract_words(x_tolerance=1) for page in doc.pages],
                [" ".join((page.extract_text(x_tolerance=1) or "").split()) for page in doc.pages])


def words(pdf: Path, page: int = 0) -> list[dict]:
    return _read(str(pdf))[0][page]


def number_rows(pdf: Path) -> list[list[dict]]:
    """Numbers printed on a line, grouped by line (top to bottom), each line left to right."""
    lines: dict[float, list[dict]] = {}
    for w in words(pdf):
        if NUMBER.match(w["text"]):
            lines.setdefault(round(w["top"], 1), []).append(w)
    return [sorted(lines[k], key=lambda w: w["x0"]) for k in sorted(lines)]


def centre_x(word: dict) -> float:
    return (word["x0"] + word["x1"]) / 2


def page_text(pdf: Path, page: int) -> str:
    return _read(str(pdf))[1][page]


def cell_rects(pdf: Path, size=CELL) -> list[tuple[float, float, float, float]]:
    found = set()
    for r in rectangles(read_paths(pdf)[0]):
        if abs(r[2] - r[0] - size[0]) < 0.05 and abs(r[3] - r[1] - size[1]) < 0.05:
            found.add(tuple(round(v, 1) for v in r))
    return sorted(found)


# --- 1860: the zigzag ------------------------------------------------------------------------


@cache
def game_1860() -> Game:
    return load_game("1860")


def values_1860() -> list[int]:
    return [c.value for c in game_1860().market.rows[0]]


def test_1860_values_read_back_along_two_staggered_rows(market_1860):
    values = values_1860()
    assert len(values) == 55 and values[0] == 0 and values[-1] == 340
    rows = sorted(number_rows(market_1860 / "market.pdf"), key=len, reverse=True)[:2]
    top, bottom = sorted(rows, key=lambda r: r[0]["top"])
    assert [int(w["text"]) for w in top] == values[0::2]  # 0, 14, 26, ... 340
    assert [int(w["text"]) for w in bottom] == values[1::2]  # 7, 20, 31, ... 330
    # each odd space sits between its two even neighbours, on the row below
    for k, w in enumerate(bottom):
        assert centre_x(top[k]) < centre_x(w) < centre_x(top[k + 1])
        assert abs(centre_x(w) - (centre_x(top[k]) + centre_x(top[k + 1])) / 2) < 1.0 / PT
    assert (bottom[0]["top"] - top[0]["top"]) * PT == pytest.approx(CELL[1], abs=0.1)


def test_1860_market_matches_the_reference(reference):
    ref = json.loads((reference / "1860" / "1860.json").read_text())["market"]
    numbers = [int(re.match(r"\d+", code).group()) for code in ref["rows"][0]]
    assert values_1860() == numbers


def test_market_pdf_is_one_page_the_size_of_the_svg(market_1860):
    pages = PdfReader(str(market_1860 / "market.pdf")).pages
    assert len(pages) == 1
    svg = (market_1860 / "market.svg").read_text()
    width = float(re.search(r' width="([\d.]+)mm"', svg).group(1))
    height = float(re.search(r' height="([\d.]+)mm"', svg).group(1))
    assert float(pages[0].mediabox.width) * PT == pytest.approx(width, abs=0.05)
    assert float(pages[0].mediabox.height) * PT == pytest.approx(height, abs=0.05)
    assert width > 28 * CELL[0] and height > 2 * CELL[1]  # the whole market at real size


def test_spaces_are_the_template_size_and_hold_a_marker(market_1860):
    pdf = market_1860 / "market.pdf"
    rects = cell_rects(pdf)
    assert len(rects) == 55
    marker = component_format("marker").diameter
    with pdfplumber.open(str(pdf)) as doc:
        chars = doc.pages[0].chars
    for x0, y0, x1, y1 in rects:
        inside = [c for c in chars if x0 <= (c["x0"] + c["x1"]) / 2 * PT <= x1 and y0 <= c["top"] * PT <= y1]
        assert inside, "every space prints its value"
        lowest = max(c["bottom"] * PT for c in inside)
        assert y1 - lowest >= marker and x1 - x0 >= marker  # room below the value for a stack of markers


def test_cell_size_option(tmp_path):
    assert cell_size_option("20x24mm") == (20.0, 24.0)
    assert cell_size_option("1in x 1.25in") == pytest.approx((25.4, 31.75))
    game = game_1860()
    options = replace(print_options(game, "a4", "default"), market_cell=(20.0, 24.0))
    market_pdf = next(d for d in build(game, options).documents if d.filename == "market.pdf")
    write_pdf(tmp_path / "market.pdf", [PdfPart("market", market_pdf.pages)], "test")
    assert len(cell_rects(tmp_path / "market.pdf", (20.0, 24.0))) == 55


def test_legend_speaks_the_games_words(market_1860):
    market = game_1860().market
    text = page_text(market_1860 / "market.pdf", 0)
    wanted = [z.legend for z in market.zones.values()]
    wanted += [t for t in (market.movement.right, market.movement.left, market.movement.up,
                           market.movement.down) if t]
    for legend in wanted:
        words_in_order = legend.split()
        assert " ".join(words_in_order[:3]) in text, legend
        assert all(w in text for w in words_in_order)


def test_zones_stay_apart_in_greyscale(market_1860):
    """Rendered in grey, the marker area of one space of each zone differs from every
    other zone's and from a plain space's."""
    market = game_1860().market
    values = values_1860()
    pdf = market_1860 / "market.pdf"
    rects = cell_rects(pdf)
    number_words = [w for row in number_rows(pdf) for w in row]
    samples = {}
    for i, cell in enumerate(market.rows[0]):
        key = cell.zones[0] if cell.zones else "plain"
        if key in samples or values.count(cell.value) != 1:
            continue
        word = next(w for w in number_words if int(w["text"]) == cell.value)
        x, y = centre_x(word) * PT, word["top"] * PT
        rect = next(r for r in rects if r[0] <= x <= r[2] and r[1] <= y <= r[3])
        samples[key] = rect
    assert set(samples) == set(market.zones) | {"plain"}
    dpi = 150
    with pdfplumber.open(str(pdf)) as doc:
        image = doc.pages[0].to_image(resolution=dpi).original.convert("L")
    px = dpi / 25.4

    def crop(rect):
        x0, y0, x1, y1 = rect
        box = (round((x0 + 1) * px), round((y1 - 12) * px), round((x1 - 1) * px), round((y1 - 1) * px))
        return list(image.crop(box).get_flattened_data())

    crops = {k: crop(r) for k, r in samples.items()}
    size = min(len(c) for c in crops.values())
    keys = sorted(crops)
    for a in keys:
        for b in keys:
            if a < b:
                diff = sum(abs(p - q) for p, q in zip(crops[a][:size], crops[b][:size])) / size
                assert diff > 12, f"zones {a} and {b} look alike in greyscale ({diff:.1f})"


# --- 1851: the staircase ---------------------------------------------------------------------


def test_1851_market_matches_rails_cell_for_cell(reference):
    xml = (reference / "1851" / "StockMarket.xml").read_text()
    spaces = {m.group(1): int(m.group(2)) for m in re.finditer(r'name="([A-Z]\d+)" price="(\d+)"', xml)}
    starts = set(re.findall(r'name="([A-Z]\d+)" price="\d+">\s*<StartSpace/>', xml))
    market = market_1851()
    assert market.kind == "grid" and len(market.cells()) == len(spaces) == 65
    mine = {}
    for r, row in enumerate(market.rows):
        for c, cell in enumerate(row):
            if cell is not None:
                mine[f"{chr(ord('A') + c)}{r + 1}"] = cell
    assert {k: v.value for k, v in mine.items()} == spaces
    assert {k for k, v in mine.items() if market.par_zone in v.zones} == starts == {"C5", "D5", "D4", "E4", "E3"}
    assert max(len(row) for row in market.rows) == 17 and len(market.rows) == 7
    summary = json.loads((reference / "1851" / "1851.json").read_text())["stock_market"]
    assert [[c.value if c else None for c in row] for row in market.rows] == summary["grid_rows_top_to_bottom"]
    assert market.par_values() == summary["par_values"] == [70, 75, 82, 90, 100]
    assert market.zones[market.par_zone].color.lower() == "#fde900"  # yellow, as the rules ask


def test_1851_staircase_reads_back_row_by_row(market_1851_out):
    pdf = market_1851_out / "market.pdf"
    market = market_1851()
    rows = [r for r in number_rows(pdf) if len(r) >= 4][:7]
    assert [[int(w["text"]) for w in r] for r in rows] == [[c.value for c in row if c] for row in market.rows]
    assert len({round(centre_x(r[0])) for r in rows}) == 1  # left edges aligned: a grid, not a zigzag
    assert len(cell_rects(pdf)) == 65


def test_a_row_market_reads_back_on_one_line(tmp_path):
    """A 1D market (as 1858 prints it): every space on one line, in order, at the template's size."""
    (tmp_path / "market.yaml").write_text(
        "kind: row\n"
        "rows: [[0c, 50, 60, 65, 70p, 80p, 90p, 100p, 110p, 120p, 135p, 150p, 165, 180, 200]]\n"
        "zones:\n"
        "  c: {name: closed, color: '#333333', mark: cross, legend: Closed}\n"
        "  p: {name: par, color: '#d32027', mark: hatch, legend: Par values}\n"
        "par_zone: p\n")
    market = document(Market)(tmp_path / "market.yaml", {})
    game = Game("row", tmp_path, GameInfo(title="Row test"), (), {"market": market})
    component = build(game, print_options(game, "a4", "default"))
    doc = next(d for d in component.documents if d.filename == "market.pdf")
    write_pdf(tmp_path / "market.pdf", [PdfPart("market", doc.pages)], "test")
    rows = sorted(number_rows(tmp_path / "market.pdf"), key=len, reverse=True)
    assert [int(w["text"]) for w in rows[0]] == [c.value for c in market.rows[0]]
    assert len(cell_rects(tmp_path / "market.pdf")) == 15
    assert set(component.svgs) == {"market.svg", "par-chart.svg"}  # no revenue track or phases in the data


# --- pages ----------------------------------------------------------------------------------------


def ink_near_edges(pdf: Path, margin: float, dpi: int = 36) -> list[int]:
    """Pages with anything printed within `margin` mm of the paper's edge."""
    bad = []
    with pdfplumber.open(str(pdf)) as doc:
        for n, page in enumerate(doc.pages):
            image = page.to_image(resolution=dpi).original.convert("L")
            w, h = image.size
            m = int(margin * dpi / 25.4)
            strips = [(0, 0, w, m), (0, h - m, w, h), (0, 0, m, h), (w - m, 0, w, h)]
            if any(min(image.crop(s).get_flattened_data()) < 200 for s in strips):
                bad.append(n + 1)
    return bad


def paper_pages(pdf: Path, name: str) -> bool:
    p = paper(name)
    sizes = {(round(float(pg.mediabox.width) * PT), round(float(pg.mediabox.height) * PT))
             for pg in PdfReader(str(pdf)).pages}
    allowed = {(round(p.width), round(p.height)), (round(p.height), round(p.width))}
    return sizes <= allowed


def test_sections_fit_a4_with_margins(market_1860):
    pdf = market_1860 / "market-sections.pdf"
    assert paper_pages(pdf, "a4")
    assert ink_near_edges(pdf, PRINTER_MARGIN) == []
    text = page_text(pdf, 0)
    assert "How the sections fit together" in text
    sections = {name for text in _read(str(pdf))[1] for name in re.findall(r"Section row \d+, column \d+", text)}
    assert len(sections) >= 2  # 510 mm of market does not fit one A4 page (its sections may share a page)


def test_sections_fit_letter_with_margins(market_1851_out):
    pdf = market_1851_out / "market-sections.pdf"
    assert paper_pages(pdf, "letter")
    assert ink_near_edges(pdf, PRINTER_MARGIN) == []


# --- the companions ---------------------------------------------------------------------------------


def aid_page(pdf: Path, heading: str) -> int:
    for i, text in enumerate(_read(str(pdf))[1]):
        if heading in text:
            return i
    raise AssertionError(f"no page has {heading!r}")


def page_numbers(pdf: Path, page: int) -> list[list[int]]:
    lines: dict[float, list[dict]] = {}
    for w in words(pdf, page):
        if NUMBER.match(w["text"]):
            lines.setdefault(round(w["top"], 1), []).append(w)
    return [[int(w["text"]) for w in sorted(lines[k], key=lambda w: w["x0"])] for k in sorted(lines)]


def test_par_chart(market_1860, market_1851_out):
    for game, out, values in (("1860", market_1860, [54, 58, 62, 68, 74, 82, 90, 100]),
                              ("1851", market_1851_out, [70, 75, 82, 90, 100])):
        pdf = out / "market-sections.pdf"
        page = aid_page(pdf, f"{game}: Par values")
        assert values in page_numbers(pdf, page)
        assert (out / "par-chart.svg").exists()


def test_revenue_tracks(market_1860, market_1851_out):
    pdf = market_1860 / "market-sections.pdf"
    rows = [r for r in page_numbers(pdf, aid_page(pdf, "1860: Revenue table")) if len(r) >= 5]
    flat = [v for r in rows for v in r]
    assert flat[flat.index(10):flat.index(800) + 1] == list(range(10, 801, 10))
    pdf = market_1851_out / "market-sections.pdf"
    rows = [r for r in page_numbers(pdf, aid_page(pdf, "1851: Dividend Payout Track")) if len(r) == 10]
    assert [v for r in rows for v in r] == list(range(0, 60))


def test_round_tracker_with_phases(market_1860):
    pdf = market_1860 / "market-sections.pdf"
    page = aid_page(pdf, "1860: Rounds")
    text = page_text(pdf, page)
    for label in ("SR", "OR 1", "OR 2", "OR 3", "Stock Round"):
        assert label in text
    for phase in game_1860().phases:
        assert f"Phase {phase.name}" in text
    # under each operating round space, the phases that play it (1860: the 5+3 brings a third)
    found = words(pdf, page)
    for k, note in ((1, "every phase"), (2, "from phase 2"), (3, "from phase 4")):
        label = next(w for i, w in enumerate(found) if w["text"] == "OR" and found[i + 1]["text"] == str(k))
        with pdfplumber.open(str(pdf)) as doc:
            middle = (label["x0"] + found[found.index(label) + 1]["x1"]) / 2
            half = 1.25 * CELL[0] / 2 / PT  # round spaces are 1.25 market spaces wide
            column = doc.pages[page].crop((middle - half, label["top"], middle + half, label["top"] + 110))
            below = " ".join((column.extract_text(x_tolerance=1) or "").split())
        assert f"Operating Round {k}, {note}" in below


def test_round_marker_is_cut_out_beside_the_round_tracker(market_1860):
    """The round marker is printed on the tracker's page, not among the tokens: one disc
    of the marker's size with its own round cut line, "Round" inside it, right of the
    last round space."""
    pdf = market_1860 / "market-sections.pdf"
    page = aid_page(pdf, "1860: Rounds")
    diameter = component_format("marker").diameter
    discs = [c for c in circles(read_paths(pdf)[page]) if abs(c[2] - diameter) <= 0.1]
    assert len(discs) == 1
    cx, cy, d = discs[0]
    found = words(pdf, page)
    middles = [((w["x0"] + w["x1"]) / 2 * PT, (w["top"] + w["bottom"]) / 2 * PT) for w in found if w["text"] == "Round"]
    assert len([m for m in middles if math.dist(m, (cx, cy)) < 1.0]) == 1
    last = next(w for i, w in enumerate(found) if w["text"] == "OR" and found[i + 1]["text"] == "3")
    assert cx - d / 2 > last["x1"] * PT + 1.25 * CELL[0] / 2 - 5  # beside the last space, not on it
    for kind in ("par-chart", "revenue-track"):  # the other aids carry no marker
        assert "Round" not in (market_1860 / f"{kind}.svg").read_text()


def test_rounds_follow_the_phases_when_the_data_lists_none():
    """1851's market.yaml names no rounds: a stock round and as many operating rounds as
    its phases have, each saying from which phase it is played."""
    if not (data_dir() / "games" / "1851" / "game.yaml").exists():
        pytest.skip("1851's game.yaml is not there yet")
    from pnp.render.trackers import played_in, round_spaces

    game = load_game("1851")
    assert game.market.round_tracker.rounds is None
    rounds = round_spaces(game.market.round_tracker, game.phases)
    most = max(p.operating_rounds for p in game.phases)
    assert [r.short for r in rounds] == ["SR"] + [f"OR {k}" for k in range(1, most + 1)]
    first_with = {k: next(p.name for p in game.phases if p.operating_rounds >= k) for k in range(2, most + 1)}
    assert played_in(rounds[1], game.phases) == "every phase"
    for k, phase in first_with.items():
        assert played_in(rounds[k], game.phases) == f"from phase {phase}"


def test_builds_are_byte_identical(market_1860, tmp_path):
    """A second build gives the same pages and SVGs as the command's, and the same PDF bytes."""
    names = {p.name for p in market_1860.iterdir()}
    assert {"market.svg", "market.pdf", "market-sections.pdf", "par-chart.svg", "revenue-track.svg",
            "round-tracker.svg"} <= names
    game = game_1860()
    again = build(game, print_options(game, "a4", "default"))
    for name, page in again.svgs.items():
        assert (market_1860 / name).read_text() == to_svg(page), name
    for doc in again.documents:
        if doc.filename == "market.pdf":
            write_pdf(tmp_path / doc.filename, [PdfPart("Stock market", doc.pages)], f"{game.title}: {doc.title}")
            assert (tmp_path / doc.filename).read_bytes() == (market_1860 / doc.filename).read_bytes()
    assert again.documents[0].pages == build(game, print_options(game, "a4", "default")).documents[0].pages


# --- errors ----------------------------------------------------------------------------------------


def test_spaces_too_small_for_a_marker(tmp_path):
    result = run("market", "1860", "--cell-size", "10x10mm", "--out", tmp_path)
    assert result.exit_code == 2
    assert "too small for a 12.7 mm marker" in result.output
    assert run("market", "1860", "--cell-size", "big", "--out", tmp_path).exit_code == 2


def edit_market(folder: Path, change) -> None:
    path = folder / "market.yaml"
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))


@pytest.mark.parametrize("change, field", [
    (lambda d: d["rows"][0].__setitem__(3, "20z"), "rows[0][3] uses zone 'z'"),
    (lambda d: d.__setitem__("par_zone", "q"), "par_zone 'q'"),
    (lambda d: d["revenue_track"].__setitem__("end", 5), "revenue_track"),
    (lambda d: d["zones"]["p"].__setitem__("mark", "stripes"), "zones.p.mark"),
    (lambda d: d.__setitem__("kind", "spiral"), "kind"),
    (lambda d: d["zones"]["p"].__setitem__("mark", d["zones"]["i"]["mark"]), "share the mark"),
])
def test_bad_market_data_names_file_and_field(game_copy, tmp_path, change, field):
    folder = game_copy("1860")
    edit_market(folder, change)
    result = run("market", folder, "--out", tmp_path)
    assert result.exit_code == 2
    assert "market.yaml" in result.output and field in result.output, result.output
    assert "Traceback" not in result.output


def test_a_game_without_a_market(game_copy, tmp_path):
    folder = game_copy("1860")
    (folder / "market.yaml").unlink()
    result = run("market", folder, "--out", tmp_path)
    assert result.exit_code == 2 and "no stock market" in result.output


def _free_corners_plainly(cells, gap):
    """`free_corners` as first written: every space tested against every band."""
    from pnp.geometry.market import extent
    from pnp.geometry.outlines import box
    from pnp.geometry.plane_area import overlap_area
    from pnp.render.market import MIN_CORNER_WIDTH, Rect as Area

    width, height = extent(cells)
    shapes = [c.shape() for c in cells]
    found = []
    for top in sorted({round(c.y, 6) for c in cells}):
        band = box(0, top, width, height)
        right = max((s.bounds[2] for s in shapes if overlap_area(s, band) > 1e-6), default=0.0)
        x, y = right + gap, top + (gap if top > 0 else 0.0)
        if width - x >= MIN_CORNER_WIDTH and height - y > gap:
            found.append(Area(x, y, width - x, height - y))
    return sorted(found, key=lambda r: -r.w * r.h)


def test_free_corners_as_every_space_against_every_band():
    """The free corners (`free_corners` asks each band only for its rightmost spaces)
    are those of testing every space: on the bundled markets and on random ragged ones."""
    import random

    from pnp.geometry.market import PlacedCell, place_cells
    from pnp.render.market import free_corners

    markets = [market_1851(), game_1860().market] + [load_game(g).market for g in ("18xy",)]
    cell = markets[0].rows[0][0] or next(c for c in markets[0].rows[0] if c is not None)
    cases = [place_cells(m, *CELL) for m in markets if m is not None]
    rng = random.Random(5)
    for _ in range(300):
        rows, cols = rng.randint(1, 9), rng.randint(1, 24)
        w, h = rng.choice([CELL, (12.0, 9.5), (20.0, 20.0)])
        lengths = sorted((rng.randint(1, cols) for _ in range(rows)), reverse=rng.random() < 0.8)  # mostly a staircase
        kept = [(r, c) for r in range(rows) for c in range(lengths[r]) if rng.random() < 0.9 or c == 0]
        if kept:
            cases.append([PlacedCell(cell, i, r, c, round(c * w, 6), round(r * h, 6), w, h)
                          for i, (r, c) in enumerate(kept)])
    corners = 0
    for cells in cases:
        for gap in (0.0, 2.0, 5.5):
            expected = _free_corners_plainly(cells, gap)
            assert free_corners(cells, gap) == expected
            corners += len(expected)
    assert corners > 200


@pytest.mark.parametrize("name", ["1860", "1851", "18xy"])
def test_market_pieces_said_apart_lie_apart(name):
    """`pieces_apart` lets pagination judge a window by the spaces' areas alone: the
    pieces it counts overlap nowhere, and the plan is the one made without it."""
    from itertools import combinations

    from msgspec.structs import replace as replaced

    from pnp.components.market import drawings, pieces_apart, without_border
    from pnp.geometry.plane_area import overlap_area
    from pnp.sheets.paginate import plan

    game = load_game(name)
    options = print_options(game, "a4", "default")
    main = drawings(game, game.market, options)[0]
    n = pieces_apart(main)
    assert n == len(main.pieces) > 10
    for a, b in combinations(main.pieces[:n], 2):
        assert overlap_area(a, b) <= 1e-9
    drawing = without_border(main, n)
    for paper_name in ("a4", "letter", "a3"):
        assert plan(drawing, paper(paper_name)) == plan(replaced(drawing, tiles=0), paper(paper_name))
