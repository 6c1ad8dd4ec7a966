"""What 18xx-maker maps print beyond tile faces, imported and printed: sides left
without outline, tokens on hexes, further costs, the game's own hex colours, coloured
border lines and map lines, costs off a hex side, and pointy maps' angled elements
where 18xx-maker puts them; tokens on a game's own tiles and a tile ground in a colour
the game defines. Checked on the rendered map and tiles (pixels sampled at hex
centres and on hex sides, text read back) and in the imported data; and the 14
reference games keep no map or tile item in "Not converted"."""

from __future__ import annotations

import math
import re

import numpy
import pytest

from conftest import REFERENCE
from raster import colour, pixels
from pnp.geometry.as_geos import geos

MAKER = REFERENCE / "18xx-maker"
DPI = 254.0  # 10 pixels a millimetre


@pytest.fixture(scope="module")
def imported(tmp_path_factory, reference):
    from pnp.importers.maker_game import import_game

    out = tmp_path_factory.mktemp("maker-maps")
    games = {}
    for name in ("18EB", "18LA", "18SJ", "18Test", "18TraXX2020", "21Moon", "1858"):
        folder = out / name
        import_game(MAKER / "games" / f"{name}.json", folder)
        games[name] = folder
    return games


def drawn(folder):
    """The loaded game, its board and map drawing, and the map's pixels."""
    from pnp.cli import print_options
    from pnp.components.map import map_art
    from pnp.load import load_game

    game = load_game(folder)
    options = print_options(game, "a4", "default")
    board, _, art = map_art(game, options)
    return game, board, art, pixels(art.svg, DPI)


def at_mm(image, point):
    x, y = point
    return image[int(round(y * DPI / 25.4)), int(round(x * DPI / 25.4))]


def hex_centre(board, art, coord):
    index = list(board.hexes).index(coord)
    c = geos(art.drawing.pieces[index]).centroid
    return (c.x, c.y)


def side_middle(board, art, coord, edge, along: float = 0.0):
    """A point of a hex side on the page: its middle, or `along` of the way from the
    middle to its clockwise corner (edges counted as the face is printed, turned on a
    pointy map)."""
    index = list(board.hexes).index(coord)
    piece = geos(art.drawing.pieces[index])
    cx, cy = piece.centroid.x, piece.centroid.y
    turn = 30.0 if board.orientation == "pointy" else 0.0
    radius = math.dist(piece.exterior.coords[0], (cx, cy))

    def towards(degrees, r):
        t = math.radians(degrees + turn)
        return (cx - math.sin(t) * r, cy + math.cos(t) * r)

    middle, corner = towards(60.0 * edge, radius * math.sqrt(3) / 2), towards(60.0 * edge + 30.0, radius)
    return (middle[0] + along * (corner[0] - middle[0]), middle[1] + along * (corner[1] - middle[1]))


def dark(rgb) -> bool:
    return int(max(rgb)) < 80


# --- sides without outline ------------------------------------------------------------


def test_open_sides_leave_the_outline_out_there_only(imported):
    """18EB's off-board A11 and A13 are one area: A11's side 1 and A13's side 4 in
    18xx-maker (pnp edges 0 and 3) carry no outline; A11's other sides do."""
    _, board, art, image = drawn(imported["18EB"])
    assert board.hexes["A11"].open_sides == (0,) and board.hexes["A13"].open_sides == (3,)
    for along in (-0.6, 0.6):  # off the track that runs to the middle of the side
        assert not dark(at_mm(image, side_middle(board, art, "A11", 0, along)))
        for edge in (1, 2, 4):  # sides A11 shares with no open neighbour, or the map's rim
            assert dark(at_mm(image, side_middle(board, art, "A11", edge, along))), edge


# --- the game's own colours -------------------------------------------------------------


def test_hexes_print_in_the_colours_the_game_defines(imported):
    game, board, art, image = drawn(imported["21Moon"])
    assert game.info.colors["maker_lightlightGray"] == "#dddddd"
    assert game.info.colors["maker_mineralRed"] == "#cc0000"
    expected = {"E5": "#cc0000", "C3": "#dddddd"}  # a mineral resource; a plain lunar hex
    for coord, hex_ in expected.items():
        h = board.hexes[coord]
        assert game.info.colors[h.color] == hex_
        x, y = hex_centre(board, art, coord)
        sample = at_mm(image, (x + 2.0, y - 6.0))  # off the hex's centre text
        assert numpy.abs(sample - colour(hex_)).max() <= 8, (coord, sample)


def test_an_unknown_hex_colour_is_a_data_error(tmp_path, imported):
    import shutil

    from pnp.errors import DataError
    from pnp.load import load_game

    folder = tmp_path / "game"
    shutil.copytree(imported["21Moon"], folder)
    text = (folder / "map.yaml").read_text(encoding="utf-8").replace("maker_mineralRed", "mineralPurple", 1)
    (folder / "map.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"color: unknown colour 'mineralPurple'"):
        load_game(folder)


# --- tokens on hexes, further costs ----------------------------------------------------------


def test_tokens_on_hexes_print_as_discs(imported):
    """21Moon's launch pad E9 is blocked by a large black token carrying its names (in
    white, readable); its mineral hexes carry two small black markers; 18LA's Gardena
    shows the GT private's token (brown, labelled GT)."""
    _, board, art, image = drawn(imported["21Moon"])
    e9 = board.hexes["E9"]
    assert len(e9.discs) == 1 and e9.discs[0].size >= 0.7 and "BLOCKED" in e9.discs[0].text
    x, y = hex_centre(board, art, "E9")
    ring = at_mm(image, (x + 0.6 * e9.discs[0].size * 38.6 / 2, y))
    assert dark(ring)
    assert [d.size < 0.1 for d in board.hexes["E5"].discs] == [True, True]
    (ma,) = board.hexes["D2"].discs  # a company's starting place: its token, in its colour
    assert ma.text == "MA" and ma.color == "#02b0f0"
    x, y = hex_centre(board, art, "D2")
    assert numpy.abs(at_mm(image, (x, y + 4.5)) - colour("#02b0f0")).max() <= 12  # below its text
    from pnp.draw.dump import dump

    assert "BLOCKED" in dump(art.svg) and "until OR6" in dump(art.svg)
    _, board, _, _ = drawn(imported["18LA"])
    (gt,) = board.hexes["D5"].discs
    assert gt.text == "GT" and gt.color.lower() != "#ffffff"


def test_tokens_on_a_games_own_tiles_print_as_discs(imported):
    """21Moon's launch pad tiles carry a large disc (light blue for RLP, blue for
    RLP-OR3) with their names on it, on a ground in the game's own light gray; its
    mining tiles (M-4) two small black markers where 18xx-maker puts them. Pixels of the
    printed tile, sampled where each disc is and on the ground beside it."""
    from pnp.geometry.hexagon import APOTHEM, FLAT_TO_FLAT
    from pnp.load import load_game
    from pnp.render.discs import spot_point
    from pnp.render.tile import tile_svg
    from pnp.templates import theme

    game = load_game(imported["21Moon"])
    tiles = {e.tile.id: e.tile for e in game.manifest}
    style = theme("default").with_colors(game.info.colors)
    mm = 38.1
    px = DPI / 25.4 * mm / FLAT_TO_FLAT  # pixels a hex unit

    def sample(image, point):
        h, w, _ = image.shape
        return image[int(round(h / 2 + point[1] * px)), int(round(w / 2 + point[0] * px))]

    rlp, pad = tiles["RLP"], tiles["RLP-OR3"]
    assert rlp.ground == pad.ground == "maker_lightlightGray" and rlp.color == "gray"
    assert game.info.colors["maker_lightlightGray"] == "#dddddd"
    for tile, fill, money in ((rlp, "#37b2e2", "40c"), (pad, "#0a70b3", "60c")):
        (disc,) = tile.discs
        assert disc.size >= 0.7 and disc.text == f"Rocket\nLaunch Pad\n{money}" and tile.name is None
        image = pixels(tile_svg(tile, style, mm), DPI)
        r = disc.size * APOTHEM
        assert numpy.abs(sample(image, (0.7 * r, -0.3 * r)) - colour(fill)).max() <= 8, tile.id  # the disc
        assert numpy.abs(sample(image, (90.0, 0.0)) - colour("#dddddd")).max() <= 8, tile.id  # the ground
        assert money in tile_svg(tile, style, mm)
    m4 = tiles["M-4"]
    assert len(m4.discs) == 2 and all(d.size < 0.1 and d.color == "#0a0a0a" for d in m4.discs)
    image = pixels(tile_svg(m4, style, mm), DPI)
    for disc in m4.discs:
        assert dark(sample(image, spot_point(disc))), disc


def test_an_unknown_tile_ground_is_a_data_error(tmp_path, imported):
    import shutil

    from pnp.errors import DataError
    from pnp.load import load_game

    folder = tmp_path / "game"
    shutil.copytree(imported["21Moon"], folder)
    text = (folder / "tiles.yaml").read_text(encoding="utf-8").replace("ground: maker_lightlightGray",
                                                                       "ground: lunarPurple", 1)
    (folder / "tiles.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"ground: unknown colour 'lunarPurple'"):
        load_game(folder)


def test_a_second_tunnel_inside_a_hex_prints_its_cost(imported):
    """18SJ's F9 has two tunnels of 75 inside the hex: the terrain's cost and a cost mark."""
    _, board, art, _ = drawn(imported["18SJ"])
    f9 = board.hexes["F9"]
    assert f9.face.terrain.cost == 75 and [c.cost for c in f9.costs] == [75]
    from pnp.draw.dump import dump

    assert len(re.findall(r"\b75\b", dump(art.svg))) >= 2


# --- pointy maps: angled elements where 18xx-maker draws them -------------------------


def test_pointy_tunnel_costs_sit_where_the_track_leaves(imported):
    """18LA's Lancaster (A10): tunnels of 20 drawn at angles 30, 90 and 330 on the page,
    where its off-board track leaves by 18xx-maker sides 6, 1 and 5: each becomes a
    side costing 20 on the edge the track leaves by."""
    _, board, _, _ = drawn(imported["18LA"])
    face = board.hexes["A10"].face
    exits = {end.index for p in face.paths for end in (p.a, p.b) if end.kind == "edge"}
    costs = {b.edge for b in face.borders if b.cost == 20}
    assert len(exits) == 3 and costs == exits


def test_pointy_cities_sit_where_18xx_maker_draws_them(tmp_path, reference):
    """18TraXX2020's Fort Collins (F4): a track stub from side 4 and a city drawn at -90
    degrees on the page: the city sits on the stub's end (pnp edge 4), which the stub
    then joins, not at a corner with the stub ending in the open."""
    from pnp.importers.maker_game import import_game
    from pnp.load import load_game

    import_game(MAKER / "games" / "18TraXX2020.json", tmp_path / "g")
    face = load_game(tmp_path / "g").part("map").board(None).hexes["F4"].face
    assert [s.at for s in face.stops] == [4.0, 1.5]
    assert [(str(p.a), str(p.b)) for p in face.paths] == [("4", "s0")]
    assert not face.stubs


# --- lines across the map, costs off a side ---------------------------------------------


def test_coloured_border_lines_and_map_lines_print(imported):
    """21Moon's coloured borders (green round K3, blue, dark red, orange) print as lines
    in the game's colours over the hex sides; 18Test's mountain line crosses A15 in the
    theme's mountain colour, and its cost 80 printed off A17's side is in A17."""
    game, board, art, image = drawn(imported["21Moon"])
    colours = {line.color for line in board.decorations.lines}
    assert {"#88ff88", "#4d4dff", "#bb0031", "#ff8300"} <= colours  # borderGreen, Blue, DarkRed, Orange
    # K3p2-K3p3 is K3's top side (pnp edge 3 of a flat hex)
    assert numpy.abs(at_mm(image, side_middle(board, art, "K3", 3)) - colour("#88ff88")).max() <= 12
    game, board, art, image = drawn(imported["18Test"])
    lines = board.decorations.lines
    assert [line.color for line in lines] == ["#ffffff", "border_mountain"]
    assert {p.at for p in lines[1].points} == {"A15"}
    x, y = hex_centre(board, art, "A15")
    assert numpy.abs(at_mm(image, (x, y)) - colour(_style(game).color("border_mountain"))).max() <= 12
    assert [(c.cost, c.type) for c in board.hexes["A17"].costs] == [(80, "water")]


def _style(game):
    from pnp.cli import print_options

    return print_options(game, "a4", "default").style


# --- the 14 games --------------------------------------------------------------------------

def not_converted(report: str) -> list[tuple[str, str]]:
    section = report.split("## Not converted", 1)[1].split("\n## ", 1)[0]
    if "### Every item" not in section:
        return []
    out = []
    for line in section.split("### Every item", 1)[1].splitlines():
        match = re.match(r"^- (.*?): (.*)$", line)
        if match:
            out += [(w, match.group(2)) for w in re.findall(r"`([^`]*)`", match.group(1))
                    if w.startswith(("map", "tiles"))]
    return out


@pytest.mark.parametrize("name", ["1858", "1861", "1867", "1883ExpressdOrient", "1888", "18EB", "18GJ", "18LA",
                                  "18SJ", "18TE", "18Test", "18TraXX2020", "21Moon", "TheOldPrince1871"])
def test_no_map_or_tile_item_is_left_unprinted(name, tmp_path, reference):
    from pnp.importers.maker_game import import_game

    import_game(MAKER / "games" / f"{name}.json", tmp_path / name)
    report = (tmp_path / name / "import-report.md").read_text(encoding="utf-8")
    assert not_converted(report) == []


def test_the_round_tracker_on_18xx_makers_map_prints_with_the_market(imported, tmp_path):
    """1858 draws its round tracker (SR, OR1, OR2: the game's `rounds`) on the map; pnp
    prints it as the market's round tracker, and the report says so as a decision."""
    from conftest import run
    from pnp.load import load_game

    game = load_game(imported["1858"])
    rounds = game.part("market").round_tracker.rounds
    assert [r.short for r in rounds] == ["SR", "OR 1", "OR 2"]
    result = run("market", imported["1858"], "--out", tmp_path)
    assert result.exit_code == 0, result.output
    from pypdf import PdfReader

    text = " ".join(p.extract_text() or "" for p in PdfReader(str(tmp_path / "market-sections.pdf")).pages)
    assert "OR 2" in text and "Rounds" in text
    report = (imported["1858"] / "import-report.md").read_text(encoding="utf-8")
    assert "the round tracker of `pnp market`" in report.split("## Decisions", 1)[1]


def test_a_shape_between_hexes_prints_as_a_framed_label(imported):
    """21Moon's bonus legend: "+90" on a brown hexagon at M2 and M6, between grid
    positions, print there on a brown hexagon (each a closed six-sided path filled with
    the theme's brown, about 0.53 of a hex across), and the report counts them as
    printed."""
    from pnp.draw.dump import dump

    game, board, art, image = drawn(imported["21Moon"])
    labels = {label.at: label for label in board.decorations.labels}
    assert labels["M2"].text == "+90" and labels["M2"].shape == "hexagon" and labels["M2"].fill == "brown"
    brown = _style(game).color("brown").lower()
    # the labels' hexagons, drawn in mm on the map (the shapes of M3 and M7, on the grid, are drawn in hex units)
    hexagons = [line for line in dump(art.svg).splitlines()
                if f"fill={brown}" in line.lower() and " Z " in line + " " and "stroke_width=0.25" in line]
    assert len(hexagons) == 2
    xs = [float(v) for v in re.findall(r"[ML] (-?[\d.]+) ", hexagons[0])]
    assert max(xs) - min(xs) == pytest.approx(0.533 * 38.6, rel=0.02)
    report = (imported["21Moon"] / "import-report.md").read_text(encoding="utf-8")
    lost = report.split("## Not converted", 1)[1].split("## Decisions", 1)[0]
    assert "(M2)" not in lost and "'+90', on its hexagon" in report


def test_a_hex_that_is_only_a_text_prints_as_a_map_label(imported):
    """21Moon's M1 is a hex with no outline and nothing but "in Brown" (a heading over its
    brown bonus hexes, as N1's "in Gray" heads the gray ones). Printed as a hex, its text
    would read as a tile label, and the legend would say "in Brown: only tiles of the same
    letter"; it prints as a map label at M1 instead, and no hex carries that label."""
    game, board, art, image = drawn(imported["21Moon"])
    labels = {label.at: label.text for label in board.decorations.labels}
    assert labels.get("M1") == "in Brown" and labels.get("N1") == "in Gray"
    assert "M1" not in board.hexes
    assert all((h.face.label or "") != "in Brown" for h in board.hexes.values())
    report = (imported["21Moon"] / "import-report.md").read_text(encoding="utf-8")
    assert "(M1)`: is only a text with no outline" in report.split("## Decisions", 1)[1]
