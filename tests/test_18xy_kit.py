"""`pnp build 18xy`: the whole 18-XY kit, and in it every map section as a piece to cut
out, measured from the PDF as a printer sees it: one closed cut line per section
around exactly its hexes, printed at the map's hex size and named; with `--layout`
the kit adds the composed map of that layout."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from conftest import run
from pdfpaths import flat_to_flat, hexagons, read_paths
from pnp.draw.svgwriter import to_svg
from pnp.build import build_component
from pnp.cli import print_options
from pnp.components.map import hex_size
from pnp.geometry.hexagon import SQRT3
from pnp.load import load_game
from pnp.sheets.page import CUT_WIDTH

LAYOUTS = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "data" / "games" / "18xy" / "layouts")
                 .glob("*.yaml"))
PT = 25.4 / 72


@pytest.fixture(scope="module")
def game():
    return load_game("18xy")


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("kit18xy")
    result = run("build", "18xy", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def hex_mm(game) -> float:
    return hex_size(print_options(game, "a4", "default"))


def area(points) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2


def section_outlines(paths) -> list[list[tuple[float, float]]]:
    """Stroked closed polygons of more than six straight sides, drawn at the cut line's
    width: the outline of a piece made of several hexes."""
    found = []
    for path in paths:
        if not path.stroked or abs(path.line_width - CUT_WIDTH) > 0.02:
            continue
        for sub in path.subpaths:
            pts = sub.points[:-1] if len(sub.points) > 1 and math.dist(sub.points[0], sub.points[-1]) < 1e-3 \
                else sub.points
            if sub.closed and not sub.curved and len(pts) > 6:
                found.append(pts)
    return found


def inside(point, polygon) -> bool:
    x, y = point
    hit = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def centre(points):
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


# --- the kit ----------------------------------------------------------------------------------


def test_the_kit_holds_every_component_the_rules_name(kit):
    titles = [item.title for item in PdfReader(str(kit / "18xy-kit.pdf")).outline if not isinstance(item, list)]
    for title in ("Tiles", "Map sections", "Stock market", "Share certificates", "Charters", "Trains",
                  "Tokens and markers", "Game cards"):
        assert title in titles, title
    assert not any(t.startswith("Map: ") for t in titles)  # no composed map without --layout
    cards = " ".join((p.extract_text() or "") for p in PdfReader(str(kit / "cards.pdf")).pages)
    for n in range(1, 7):
        assert f"Seat {n}" in cards
    assert "Bond 10000" in cards


def test_index_counts_sections_and_cut_pieces_as_the_data_does(kit, game):
    index = (kit / "index.md").read_text()
    n = len(game.part("sections"))
    assert f"| Map sections | {n} | {n} |" in index
    for title in ("Tiles", "Share certificates", "Charters", "Trains", "Tokens and markers", "Game cards"):
        row = next(line for line in index.splitlines() if line.startswith(f"| {title} |"))
        pieces, expected = (c.strip() for c in row.split("|")[2:4])
        assert pieces == expected, row


# --- the sections as pieces ----------------------------------------------------------------------


def test_one_cut_line_per_section_around_exactly_its_hexes(kit, game, hex_mm):
    sections = game.part("sections")
    hex_area = SQRT3 / 2 * hex_mm ** 2
    pages = read_paths(kit / "sections.pdf")
    found = []
    for paths in pages:
        for outline in section_outlines(paths):
            cells = [h for h in hexagons(paths) if inside(centre(h), outline)]
            found.append((round(area(outline) / hex_area, 3), len(cells)))
            assert all(abs(flat_to_flat(h) - hex_mm) <= 0.1 for h in cells)  # the map's hex size: tiles fit
    assert len(found) == len(sections)
    assert sorted(found) == sorted((float(len(s.cells)), len(s.cells)) for s in sections.values())


def test_each_section_is_named_inside_its_cut_line(kit, game):
    sections = game.part("sections")
    pages = read_paths(kit / "sections.pdf")
    named = []
    with pdfplumber.open(str(kit / "sections.pdf")) as pdf:
        for paths, page in zip(pages, pdf.pages):
            [outline] = section_outlines(paths)
            words = page.extract_words(x_tolerance=1)
            text = page.extract_text(x_tolerance=1) or ""
            for s in sections.values():
                hits = [w for w in words if w["text"] == s.name
                        and inside(((w["x0"] + w["x1"]) / 2 * PT, (w["top"] + w["bottom"]) / 2 * PT), outline)]
                if hits and f"map section · {len(s.cells)} hexes" in text:
                    named.append(s.key)
    assert sorted(named) == sorted(sections)


def test_a_section_without_an_empty_hex_names_itself_on_a_hex(game_copy):
    """Where every hex holds something, the name goes where a hex's name would, clear
    of what is there; with --lang de in German."""
    folder = game_copy("18xy")
    path = folder / "sections" / "seeland.yaml"
    path.write_text(path.read_text().replace("  - {at: [C1, C3, C5, B2]}", "  - {at: [C1, C3, C5, B2], terrain: hill}"))
    g = load_game(str(folder))
    english = build_component("sections", g, print_options(g, "a4", "default")).svgs["sections/seeland.svg"]
    assert ">Seeland section<" in english and "map section" not in english
    german = build_component("sections", g, print_options(g, "a4", "default", lang="de")).svgs
    assert ">Kartenteil Seeland<" in german["sections/seeland.svg"]
    assert ">Kartenteil · 19 Felder<" in german["sections/aarstein.svg"]


def test_sections_stay_inside_the_paper_margins(kit):
    for paths, page in zip(read_paths(kit / "sections.pdf"), PdfReader(str(kit / "sections.pdf")).pages):
        width, height = float(page.mediabox.width) * PT, float(page.mediabox.height) * PT
        for outline in section_outlines(paths):
            xs, ys = [p[0] for p in outline], [p[1] for p in outline]
            assert min(xs) >= 5 and min(ys) >= 5 and max(xs) <= width - 5 and max(ys) <= height - 5


def test_a_section_too_large_for_the_paper_is_turned_or_refused(game):
    component = build_component("sections", game, print_options(game, "230x205mm", "default"))
    assert all("rotate(90)" in to_svg(page) for page in component.pages)  # fits only turned a quarter
    result = run("build", "18xy", "--only", "sections", "--paper", "150x150mm", "--out", "unused", "-q")
    assert result.exit_code == 2 and "map section aarstein" in result.output and "Traceback" not in result.output


# --- with a layout ----------------------------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_shipped_layout_builds_as_the_kits_composed_map(game, layout):
    report = json.loads(run("compose", "18xy", layout, "--check", "--format", "json").output)
    options = print_options(game, "a4", "default", map_layout=layout)
    component = build_component("composed", game, options)
    assert component.pieces == component.expected == report["hexes"]
    assert [d.filename for d in component.documents] == [f"{layout}-sections.pdf", f"{layout}.pdf"]
    assert len(component.documents[1].pages) == 1 and len(component.pages) > 1


def test_layout_option_adds_the_composed_map_to_the_kit(tmp_path):
    result = run("build", "18xy", "--layout", "seenland", "--only", "sections,composed", "--out", tmp_path, "-q")
    assert result.exit_code == 0, result.output
    names = {p.name for p in tmp_path.iterdir()}
    assert {"sections.pdf", "seenland-sections.pdf", "seenland.pdf", "seenland.svg"} <= names
    titles = [item.title for item in PdfReader(str(tmp_path / "18xy-kit.pdf")).outline]
    assert titles[1:] == ["Map sections", "Map: Seenland"]


@pytest.mark.parametrize("args, needles", [
    (("18xy", "--layout", "die"), ("no layout 'die'", "--tile-layout die")),
    (("18xy", "--layout", "atlantis"), ("no layout 'atlantis'", "alpenbogen")),
    (("1860", "--layout", "alpenbogen"), ("no map sections",)),
])
def test_a_layout_that_cannot_be_composed_stops_the_build(tmp_path, args, needles):
    result = run("build", *args, "--out", tmp_path, "-q")
    assert result.exit_code == 2 and "Traceback" not in result.output
    for needle in needles:
        assert needle in result.output
    assert not any(tmp_path.iterdir())
