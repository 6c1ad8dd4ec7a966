"""The gallery of awkward drawings (tests/gallery/cases.yaml): each case's node tree,
dumped canonically, equals its checked-in golden; all cases drawn on one contact sheet
(output/gallery/contact-sheet.png) to look at. `--update-goldens` rewrites the goldens."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
import yaml
from msgspec.structs import replace

from pnp.build import build_component
from pnp.cli import print_options
from pnp.draw import shapes
from pnp.draw.dump import dump
from pnp.draw.nodes import Page
from pnp.geometry.hexagon import APOTHEM, RADIUS
from pnp.load import load_game, tile_library
from pnp.render import svg
from pnp.templates import theme

GALLERY = Path(__file__).parent / "gallery"
GOLDENS = GALLERY / "goldens"
CASES = yaml.safe_load((GALLERY / "cases.yaml").read_text())["cases"]
SHEET = Path(__file__).resolve().parents[1] / "output" / "gallery" / "contact-sheet.png"


@cache
def game(name: str):
    return load_game(name)


def tile_page(case: dict) -> Page:
    from pnp.components.tile_backs import mirrored_tile_group
    from pnp.render.tile import tile_group

    owner = game(case["game"]) if case["game"] != "library" else None
    tiles = {e.tile.id: e.tile for e in owner.manifest} if owner else tile_library()
    tile = tiles[case["tile"]]
    orientation = owner.info.orientation if owner else "flat"
    style = theme(case.get("theme", "default")).with_colors(owner.info.colors if owner else {})
    art = (mirrored_tile_group(tile, style, orientation, case["mirror"]) if case.get("mirror")
           else tile_group(tile, style, orientation))
    w, h = (2 * APOTHEM, 2 * RADIUS) if orientation == "pointy" else (2 * RADIUS, 2 * APOTHEM)
    page = svg.document(w * 0.2, h * 0.2, view_box=(-w / 2 - 4, -h / 2 - 4, w + 8, h + 8), title=case["name"])
    page.add(art)
    return page


def map_page(case: dict) -> Page:
    from pnp.components.map import board_for
    from pnp.model.map import Decorations
    from pnp.render.map import LegendWords, draw_map

    g = game(case["game"])
    board = board_for(g, None)
    small = replace(board, hexes={c: board.hexes[c] for c in case["hexes"]}, decorations=Decorations())
    style = theme("default").with_colors(g.info.colors)
    return draw_map(small, style, hex_mm=38.1, title_lines=[], companies=g.companies,
                    tile_faces=tuple(e.tile for e in g.manifest), words=LegendWords.of(g.info)).svg


def printed_page(case: dict) -> Page:
    g = game(case["game"])
    return build_component(case["component"], g, print_options(g, "a4", "default")).pages[case["page"] - 1]


DRAW = {"tile": tile_page, "map": map_page, "page": printed_page}


@cache
def drawn(name: str) -> Page:
    case = next(c for c in CASES if c["name"] == name)
    return DRAW[case["kind"]](case)


def test_the_gallery_has_the_cases_the_issue_asks_for():
    assert len(CASES) >= 25
    assert len({c["name"] for c in CASES}) == len(CASES)
    assert all(c.get("why") and c["kind"] in DRAW for c in CASES)
    names = " ".join(c["name"] for c in CASES)
    for wanted in ("crossing", "y-", "oo-", "two-city", "halt", "town-dot", "town-bar", "charter", "market",
                   "flippable", "section-18xy", "offboard-1851", "long-name"):
        assert wanted in names


@pytest.mark.parametrize("name", [c["name"] for c in CASES])
def test_each_case_matches_its_golden(name, update_goldens):
    text = dump(drawn(name))
    golden = GOLDENS / f"{name}.txt"
    if update_goldens or not golden.exists():
        GOLDENS.mkdir(parents=True, exist_ok=True)
        golden.write_text(text)
        if not update_goldens:
            pytest.fail(f"{golden} did not exist; written now, check it in")
    assert text == golden.read_text(), f"{name} draws differently from {golden}; if that is meant, --update-goldens"


def test_the_contact_sheet_shows_every_case():
    """Every case scaled into a cell of a grid with its name under it, drawn by the cairo writer."""
    from pnp.draw.cairowriter import to_png
    from pnp.render.style import Style

    cell, label, columns = 60.0, 5.0, 6
    rows = -(-len(CASES) // columns)
    sheet = svg.document(columns * cell, rows * (cell + label), title="pnp gallery")
    sheet.add(svg.rect(0, 0, columns * cell, rows * (cell + label), fill="#ffffff"))
    ink = Style("sheet", {"text": "#000000"})
    for i, case in enumerate(CASES):
        page = drawn(case["name"])
        x, y = (i % columns) * cell, (i // columns) * (cell + label)
        vx, vy, vw, vh = page.view_box
        k = min((cell - 4) / page.width_mm, (cell - 4) / page.height_mm)
        w, h = page.width_mm * k, page.height_mm * k
        sheet.add(svg.rect(x + 1, y + 1, cell - 2, cell - 2, fill="none", stroke="#bbbbbb", stroke_width=0.3))
        placed = svg.group(transform=(shapes.translate(x + (cell - w) / 2, y + (cell - h) / 2),
                                      shapes.scale(w / vw, h / vh), shapes.translate(-vx, -vy)),
                           clip=svg.rect(vx, vy, vw, vh))
        placed.add(page.root)
        sheet.add(placed)
        sheet.add(svg.text(case["name"], (x + cell / 2, y + cell + label / 2), 3.2, ink))
    SHEET.parent.mkdir(parents=True, exist_ok=True)
    data = to_png(sheet, dpi=100)
    SHEET.write_bytes(data)
    import cairocffi as cairo
    import io

    image = cairo.ImageSurface.create_from_png(io.BytesIO(data))
    assert image.get_width() == round(columns * cell / 25.4 * 100)
