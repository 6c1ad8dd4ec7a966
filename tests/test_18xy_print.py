"""What 18-XY asks of components every game shares, read back from what is printed:
the charters' phase table says when trains become obsolete, the map legend names the
game's halts, sights and lakes (and only what the map shows), and flippable
(transparent) tiles carry a flip mark that no other tile has."""

from __future__ import annotations

import pytest
import yaml

from componentpdf import build_pdf, read_back
from pdfpaths import hexagons
from pnp.cli import print_options
from pnp.components.cardsheet import context
from pnp.components.charters import phase_rows
from pnp.components.map import map_art
from pnp.compose import compose
from pnp.geometry.face import FLIP_MARK, layout_face
from pnp.load import load_game
from pnp.render.composed_map import draw_composition
from pnp.templates import theme


def game(name):
    return load_game(name)


def retired_column(g) -> tuple[str, dict[str, str]]:
    """The phase table's heading over retired trains, and its cell by starting train."""
    columns, rows = phase_rows(g, context(g, print_options(g, "a4", "default")))
    k = 5
    return columns[k], {row[1].text: row[k].text for row in rows}


# --- charters ------------------------------------------------------------------------------------


def test_charters_say_which_trains_become_obsolete():
    heading, cells = retired_column(game("18xy"))
    assert heading == "Obsolete"
    g = game("18xy")
    for train in g.trains:
        if train.obsolete_on:
            assert cells[train.obsolete_on] == train.name
    assert cells["2"] == cells["3"] == "–"


def test_a_game_that_rusts_keeps_its_rusts_column():
    heading, cells = retired_column(game("1860"))
    assert heading == "Rusts"
    assert cells["4+2"] == "2+1" and not any("obsolete" in c for c in cells.values())


def test_obsolete_trains_say_so_where_others_rust(game_copy):
    folder = game_copy("18xy")
    path = folder / "trains.yaml"
    data = yaml.safe_load(path.read_text())
    first = data["trains"][0]
    first["rusts_on"] = first.pop("obsolete_on")  # the 2s rust; the rest still go obsolete
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    heading, cells = retired_column(load_game(str(folder)))
    assert heading == "Rusts"
    assert cells["4"] == "2" and cells["6"] == "obsolete: 3" and cells["12"] == "obsolete: 5"


def test_printed_charters_carry_the_obsolete_column(tmp_path):
    doc = read_back(build_pdf("18xy", "charters", tmp_path))
    text = " ".join("".join(c.text for c in page) for page in doc.chars)
    assert text.count("Obsolete") == len(game("18xy").companies)
    assert "Rusts" not in text


# --- the map legend ----------------------------------------------------------------------------------


def legend_of(svg: str, start: str) -> list[str]:
    """The legend's lines as drawn: every text element from the first legend line on."""
    import re

    from pnp.draw.svgwriter import to_svg

    texts = [t for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg if isinstance(svg, str) else to_svg(svg))]
    return texts[texts.index(start):]


@pytest.fixture(scope="module")
def composed_legends():
    g = game("18xy")
    style = theme("default").with_colors(g.info.colors)
    out = {}
    for layout in ("seenland", "passland"):
        comp = compose(g, layout)
        out[layout] = (comp.report(), draw_composition(g, comp, style, 38.6).svg)
    return out


def test_legend_names_halts_stations_sights_and_lakes(composed_legends):
    report, svg = composed_legends["seenland"]
    assert report["lakes"] and report["sights"] and report["towns"]
    lines = legend_of(svg, "Station: room for station tokens")
    assert "Halt" in lines and "Town" not in lines
    assert "Sight: a halt built here pays 30 more" in lines
    assert "Lake: no track" in lines
    assert "CAPITALS: a city; its station may be a company's home" in lines
    assert "River side: track across it costs 10" in lines


def test_legend_lists_only_what_the_map_shows(composed_legends):
    report, svg = composed_legends["passland"]
    assert report["lakes"] == 0
    lines = legend_of(svg, "Station: room for station tokens")
    assert not any(line.startswith("Lake") for line in lines)
    assert any(line.startswith("Sight") for line in lines)


def test_other_games_keep_their_words():
    g = game("1860")
    _, _, art = map_art(g, print_options(g, "a4", "default"))
    lines = legend_of(art.svg, "City: room for station tokens")
    assert "Town" in lines
    assert not any(line.startswith(("Sight", "Lake", "CAPITALS", "Station")) for line in lines)


# --- flippable tiles -------------------------------------------------------------------------------------


def test_flippable_tiles_get_the_flip_mark_clear_of_everything():
    g = game("18xy")
    flippable = [t for t in g.tiles.values() if t.flippable]
    assert flippable
    for tile in g.tiles.values():
        layout = layout_face(tile, tile_id=tile.id, stage=tile.stage, flippable=tile.flippable)
        marks = [t for t in layout.texts if t.text == FLIP_MARK]
        assert len(marks) == (1 if tile.flippable else 0), tile.id
        if tile.flippable:
            assert layout.clash == 0, tile.id


def printed_id(chars) -> str:
    """A tile's number: its smallest letters (revenue and stage print larger)."""
    small = min(c.y1 - c.y0 for c in chars)
    return "".join(c.text for c in sorted((c for c in chars if c.y1 - c.y0 < small + 0.1), key=lambda c: c.x0))


def test_printed_flip_marks_are_on_the_flippable_tiles_only(tmp_path):
    g = game("18xy")
    doc = read_back(build_pdf("18xy", "tiles", tmp_path))
    flippable_ids = {t.id for t in g.tiles.values() if t.flippable}
    marked, unmarked = 0, 0
    for paths, chars in zip(doc.paths, doc.chars):
        for hexagon in hexagons(paths):
            xs, ys = [p[0] for p in hexagon], [p[1] for p in hexagon]
            mine = [c for c in chars if min(xs) < (c.x0 + c.x1) / 2 < max(xs) and min(ys) < (c.y0 + c.y1) / 2 < max(ys)]
            tile_id = printed_id([c for c in mine if c.text != FLIP_MARK])
            assert tile_id in g.tiles
            has_mark = any(c.text == FLIP_MARK for c in mine)
            assert has_mark == (tile_id in flippable_ids), tile_id
            marked += has_mark
            unmarked += not has_mark
    assert marked == sum(e.count for e in g.manifest if e.tile.flippable)
    assert marked + unmarked == g.total_tiles()
