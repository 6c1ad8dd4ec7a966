"""Every tile in the library and every game's own tile: revenue, labels and numbers
never cover track or stations, and track stays inside the hex."""

from shapely.geometry import Point

from pnp.geometry.as_geos import geos
from pnp.geometry.face import layout_face
from pnp.geometry.hexagon import hex_polygon
from pnp.geometry.track import sample
from pnp.load import bundled_games, load_game, tile_library

# Text boxes carry one unit of padding; an overlap smaller than this is padding
# touching padding, not ink touching ink.
TOLERANCE = 1.0


def all_tiles():
    tiles = dict(tile_library())
    for game in bundled_games():
        for entry in load_game(game).manifest:
            tiles[f"{game}:{entry.tile.id}"] = entry.tile
    return sorted(tiles.items())


def tiles_as_printed():
    """Library tiles in both orientations; a game's tiles in the game's orientation."""
    out = [(key, tile, turn) for key, tile in sorted(tile_library().items()) for turn in (0.0, -30.0)]
    for game in bundled_games():
        loaded = load_game(game)
        turn = -30.0 if loaded.info.orientation == "pointy" else 0.0
        out += [(f"{game}:{e.tile.id}", e.tile, turn) for e in loaded.manifest]
    return out


def test_nothing_overlaps_on_any_tile():
    bad = {}
    for key, tile, turn in tiles_as_printed():
        layout = layout_face(tile, tile_id=tile.id, stage=tile.stage, text_angle=turn)
        if layout.clash > TOLERANCE:
            bad[f"{key}@{turn:g}"] = round(layout.clash, 1)
    assert not bad, f"text or marks overlap track/stations on: {bad}"


def test_track_and_stations_stay_inside_the_hex():
    hexagon = hex_polygon().buffer(0.01)
    for key, tile in all_tiles():
        layout = layout_face(tile, tile_id=tile.id, stage=tile.stage, text_angle=0.0)  # as above: cached
        for t in layout.track:
            assert all(hexagon.contains(Point(p)) for p in sample(t.segment)), key
        for s in layout.stops:
            assert hexagon.contains(geos(s.shape)), key


def test_library_covers_the_bundled_games():
    assert len(tile_library()) >= 19


def test_crossing_track_passes_over_instead_of_meeting():
    library = tile_library()
    crossings = {tid: len(layout_face(library[tid], tile_id=tid).overpasses) for tid in ("16", "19", "20", "18", "5", "9")}
    assert crossings == {"16": 1, "19": 1, "20": 1, "18": 0, "5": 0, "9": 0}


def test_a_bare_junction_reads_as_in_the_engine():
    from pnp.tilecode import face_to_code, from_code

    tile = from_code("junction;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0", id="80", color="green")
    assert [s.kind for s in tile.stops] == ["junction"] and tile.exits() == (0, 1, 2)
    assert face_to_code(tile).startswith("junction;")


def test_1860_draws_towns_as_dots_and_halts_as_bars():
    """The German source: a village or small station is a black dot, a halt a black bar."""
    game = load_game("1860")
    styles = {}
    for entry in game.manifest:
        layout = layout_face(entry.tile, tile_id=entry.tile.id)
        for placed in layout.stops:
            styles.setdefault(placed.kind, set()).add(placed.style)
    assert styles["town"] == {"dot"} and styles["halt"] == {"bar"}
    board = game.part("map").board()
    for h in board.hexes.values():
        for placed in layout_face(h.face).stops:
            if placed.kind in ("town", "halt"):
                assert placed.style == {"town": "dot", "halt": "bar"}[placed.kind], h.coord
