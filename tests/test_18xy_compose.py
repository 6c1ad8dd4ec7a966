"""18-XY's map sections and `pnp compose`: the sections as data, every shipped layout
composed and counted, layouts that cannot be laid refused with the sections named, and
one layout rendered and measured as printed paper."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import run
from pdfpaths import flat_to_flat, hexagons, read_paths
from pnp.draw.svgwriter import to_svg
from pnp.compose import compose, touching
from pnp.errors import DataError
from pnp.geometry.grid import NEIGHBOURS, GridPos
from pnp.geometry.symmetry import move_edge, move_face, move_pos
from pnp.load import load_game
from pnp.model.tile import TileFace
from pnp.render.composed_map import draw_composition
from pnp.templates import theme
from pnp.upgrades import connections
from pnp.model.convert import validate

LAYOUTS = Path(__file__).resolve().parents[1] / "data" / "games" / "18xy" / "layouts"
A4 = (595.28, 841.89)


@pytest.fixture(scope="module")
def game():
    return load_game("18xy")


@pytest.fixture(scope="module")
def sections(game):
    return game.part("sections")


def composed(layout: str | Path) -> dict:
    result = run("compose", "18xy", str(layout), "--check", "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


# --- the sections ---------------------------------------------------------------------------


def test_at_least_ten_compact_sections(sections):
    assert len(sections) >= 10
    for key, section in sections.items():
        assert 12 <= len(section.cells) <= 24, key
        assert section.stations >= 1, key


def test_sections_hold_every_kind_of_feature(sections):
    cells = [c for s in sections.values() for c in s.cells]
    terrain = {t for c in cells if c.hex.terrain for t in c.hex.terrain.type}
    assert {"forest", "hill", "mountain", "river", "swamp"} <= terrain
    assert any(b.type == "river" for c in cells for b in c.hex.borders)  # obstacles on hex sides too
    assert sum(1 for c in cells if c.hex.city) >= 10
    assert sum(c.halts for c in cells) >= 10
    assert sum(1 for c in cells if c.hex.sight) >= 5
    assert any(c.hex.lake for c in cells)
    assert any(c.stations and not c.hex.city for c in cells)  # stations on land hexes, not homes


def test_terrain_costs_are_the_games(game, sections):
    costs = game.info.rules.terrain_costs
    for section in sections.values():
        for cell in section.cells:
            if cell.hex.terrain:
                assert cell.hex.terrain.cost == sum(costs[t] for t in cell.hex.terrain.type)
            for border in cell.hex.borders:
                assert border.cost == costs[border.type]


def test_a_wrong_terrain_cost_names_file_and_field(game_copy):
    folder = game_copy("18xy")
    path = folder / "sections" / "valdrin.yaml"
    path.write_text(path.read_text().replace("{at: [A5, E5], terrain: forest}", "{at: [A5, E5], terrain: {type: forest, cost: 30}}"))
    result = run("validate", folder)
    assert result.exit_code == 2
    assert "valdrin.yaml" in result.output and "terrain.cost" in result.output and "30" in result.output


def test_a_section_in_two_pieces_is_refused(game_copy):
    folder = game_copy("18xy")
    path = folder / "sections" / "seeland.yaml"
    path.write_text(path.read_text().replace("  - {at: [C1, C3, C5, B2]}", "  - {at: [C1, C3, C5, B2, G9]}"))
    result = run("validate", folder)
    assert result.exit_code == 2 and "seeland.yaml" in result.output and "not one piece" in result.output


# --- moving sections ----------------------------------------------------------------------------


def test_turns_and_mirrors_keep_neighbours_across_their_edges():
    for e in range(6):
        v = GridPos(*NEIGHBOURS["flat"][e])
        for r in range(6):
            for m in ("none", "horizontal", "vertical"):
                assert move_pos(v, r, m) == GridPos(*NEIGHBOURS["flat"][int(move_edge(e, r, m))])
    p = GridPos(3, 7)
    assert move_pos(p, 6) == p
    assert move_pos(move_pos(p, 0, "vertical"), 0, "vertical") == p


def test_a_mirrored_face_is_the_flipped_tile():
    face = validate(TileFace, {"stops": [{"city": 0}], "track": [[0, "s0", 1], [3, "s0"]]})
    assert connections(move_face(face, 0, "horizontal")) == connections(face, 0, mirror=True)
    assert connections(move_face(face, 2, "vertical")) == connections(move_face(face, 5, "horizontal"))


# --- every shipped layout ---------------------------------------------------------------------------


def test_at_least_three_layouts_one_mirrored():
    layouts = sorted(LAYOUTS.glob("*.yaml"))
    assert len(layouts) >= 3
    assert any("mirror: horizontal" in p.read_text() or "mirror: vertical" in p.read_text() for p in layouts)


@pytest.mark.parametrize("layout", sorted(p.stem for p in LAYOUTS.glob("*.yaml")))
def test_every_layout_composes_and_counts_its_companies(layout, sections):
    report = composed(layout)
    parts = [sections[s["section"]] for s in report["sections"]]
    assert report["hexes"] == sum(len(s.cells) for s in parts)
    assert report["home_stations"] == sum(s.home_stations for s in parts)
    assert report["companies"] == min(report["home_stations"], 8)
    ranked = sorted(report["sections"], key=lambda s: -s["stations"])  # stable: layout order on ties
    assert report["start"] == [s["section"] for s in ranked[:2]]
    assert report["start_adjacent"]


def test_sections_laid_against_one_section_fit_each_other(game):
    """Six sections against the six sides of one: the ring closes without gaps, each
    touching its two neighbours in the ring."""
    comp = compose(game, "alpenbogen")
    placements = list(comp.placements)
    pairs = [(a.key, b.key) for i, a in enumerate(placements) for b in placements[i + 1:] if touching(a, b)]
    assert len(pairs) == 12
    assert all(touching(placements[0], p) for p in placements[1:])


def test_mirrored_sections_mirror_geometry_not_text(game, sections):
    comp = compose(game, "seenland")
    brennwil = next(p for p in comp.placements if p.key == "brennwil")
    assert brennwil.mirror == "horizontal"
    city = next(pos for pos, cell in brennwil.cells if cell.hex.city and cell.hex.name == "Brennwil")
    lakes = [pos for pos, cell in brennwil.cells if cell.hex.lake]
    own_city = next(c.pos for c in sections["brennwil"].cells if c.hex.name == "Brennwil")
    own_lakes = [c.pos for c in sections["brennwil"].cells if c.hex.lake]
    assert all(p.col < own_city.col for p in own_lakes)  # the lake lies west as printed
    assert all(p.col > city.col for p in lakes)  # and east once mirrored
    assert comp.board.hexes[comp.coord(city)].name == "BRENNWIL"  # the name itself is not mirrored


# --- layouts that cannot be laid -------------------------------------------------------------------


def write_layout(tmp_path, body: str) -> Path:
    path = tmp_path / "layout.yaml"
    path.write_text(body)
    return path


def test_overlapping_sections_exit_2_naming_both(tmp_path):
    path = write_layout(tmp_path, "title: Heap\nsections:\n  - {section: aarstein, at: H9}\n"
                                  "  - {section: glarwald, at: J11}\n")
    result = run("compose", "18xy", path, "--check")
    assert result.exit_code == 2
    assert "layout.yaml" in result.output and "glarwald overlaps aarstein" in result.output


def test_disconnected_sections_exit_2_naming_them(tmp_path):
    path = write_layout(tmp_path, "title: Islands\nsections:\n  - {section: aarstein, at: H9}\n"
                                  "  - {section: brennwil, against: {section: aarstein, edge: 0}}\n"
                                  "  - {section: valdrin, at: Z31}\n  - {section: zinnhorn, at: AE30}\n")
    result = run("compose", "18xy", path, "--check")
    assert result.exit_code == 2
    assert "not one piece" in result.output
    message = result.output.split("not one piece")[1]
    assert "valdrin, zinnhorn touch none of aarstein, brennwil" in message


@pytest.mark.parametrize("entries, needles", [
    ("  - {section: aarstein, at: H9}\n  - {section: brennwil, at: H10}\n", ["sections[1].at", "off the hex grid"]),
    ("  - {section: aarstein, at: H9}\n  - {section: nowhere, at: H19}\n", ["sections[1].section", "unknown section 'nowhere'"]),
    ("  - {section: aarstein, at: H9}\n  - {section: aarstein, at: H19}\n", ["sections[1].section", "already placed"]),
    ("  - {section: aarstein, against: {section: brennwil, edge: 1}}\n  - {section: brennwil, at: H9}\n",
     ["sections[0].against.section", "not placed before"]),
    ("  - {section: aarstein, at: H9, rotate: 6}\n", ["sections[0].rotate"]),
    ("  - {section: aarstein, at: H9, mirror: diagonal}\n", ["sections[0].mirror"]),
    ("  - {section: aarstein}\n", ["sections[0]", "either 'at'"]),
])
def test_bad_layouts_name_the_entry(tmp_path, game, entries, needles):
    """The same DataError the command prints before exiting 2 (as the two tests above show)."""
    path = write_layout(tmp_path, "title: Bad\nsections:\n" + entries)
    with pytest.raises(DataError) as error:
        compose(game, path)
    assert error.value.file.endswith("layout.yaml")
    for needle in needles:
        assert needle in str(error.value)


def test_unknown_layout_name_lists_the_shipped_ones():
    result = run("compose", "18xy", "atlantis", "--check")
    assert result.exit_code == 2 and "alpenbogen" in result.output


# --- one layout as printed paper ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def seenland(tmp_path_factory):
    out = tmp_path_factory.mktemp("seenland")
    result = run("compose", "18xy", "seenland", "--out", out, "--format", "json")
    assert result.exit_code == 0, result.output
    return out, json.loads(result.output)


def test_writes_svg_png_and_both_pdfs(seenland):
    out, report = seenland
    names = sorted(Path(f).name for f in report["files"])
    assert names == ["seenland-sections.pdf", "seenland.pdf", "seenland.png", "seenland.svg"]
    assert (out / "seenland.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_every_hex_printed_once_at_map_size(seenland):
    out, report = seenland
    outlines = [h for page in read_paths(out / "seenland.pdf") for h in hexagons(page)]
    assert len(outlines) == report["hexes"] == 88
    assert all(abs(flat_to_flat(h) - 38.6) <= 0.1 for h in outlines)


def test_sections_pdf_is_a4_pages(seenland):
    out, _ = seenland
    pages = PdfReader(str(out / "seenland-sections.pdf")).pages
    assert len(pages) > 2
    assert {(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in pages} <= {A4, A4[::-1]}


def test_names_read_upright_on_the_mirrored_map(seenland):
    out, _ = seenland
    svg = (out / "seenland.svg").read_text()
    assert not re.search(r"scale\(-", svg)  # nothing drawn mirror-imaged
    words = " ".join(p.extract_text() for p in PdfReader(str(out / "seenland.pdf")).pages)
    for name in ("BRENNWIL", "SARNEGG", "Lindensee", "Seeland"):
        assert name in words


def test_rebuild_is_byte_identical(seenland, game):
    out, _ = seenland
    comp = compose(game, "seenland")
    style = theme("default").with_colors(game.info.colors)
    twice = [to_svg(draw_composition(game, comp, style, 38.6).svg) for _ in range(2)]
    assert twice[0] == twice[1] == (out / "seenland.svg").read_text()


def test_a_position_may_be_a_coordinate_or_column_and_row(tmp_path, game):
    by_name = compose(game, write_layout(tmp_path, "title: A\nsections:\n  - {section: aarstein, at: H9}\n"
                                                   "  - {section: valdrin, at: M8}\n"))
    (tmp_path / "b").mkdir()
    by_numbers = compose(game, write_layout(tmp_path / "b", "title: B\nsections:\n  - {section: aarstein, at: [7, 9]}\n"
                                                            "  - {section: valdrin, at: [12, 8]}\n"))
    assert by_name.board.hexes.keys() == by_numbers.board.hexes.keys()
    assert [p.at for p in by_name.placements] == [p.at for p in by_numbers.placements]
