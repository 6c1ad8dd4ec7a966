"""18-XY's game data against the facts of its rules (seeds/003) and against itself:
the tables the rules lack are our design, and every printed reference card must say
what the data says."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest
from msgspec.structs import replace

from conftest import run
from pnp.load import load_game
from pnp.model.convert import validate
from pnp.model.tile import Tile
from pnp.render.tile import tile_svg
from pnp.templates import theme
from pnp.upgrades import connections, derive_upgrades, is_upgrade

STAGES = ("I", "II", "III", "IV")
STAGE_COLOUR = dict(zip(STAGES, ("yellow", "green", "brown", "gray")))
STATION_REVENUE = {"I": 20, "II": 30, "III": 40, "IV": 50}
PAR = (60, 70, 80, 90, 100)


@pytest.fixture(scope="module")
def game():
    return load_game("18xy")


def card(game, name):
    return next(c for c in game.cards if c.name == name)


# --- the seed's facts -------------------------------------------------------------------


def test_validates():
    result = run("validate", "18xy")
    assert result.exit_code == 0, result.output
    assert "149 pieces" in result.output


def test_start_money_and_certificate_limit_for_two_to_six_players(game):
    players = game.info.rules.players
    assert sorted(players) == [2, 3, 4, 5, 6]
    assert {p.cash for p in players.values()} == {300}
    assert {p.certificate_limit for p in players.values()} == {11}


def test_one_private_per_player_the_cheapest(game):
    pool = sorted(game.privates, key=lambda p: p.value)
    assert len(pool) == 6 and len({p.value for p in pool}) == 6
    for n, rule in game.info.rules.players.items():
        assert rule.privates == tuple(p.symbol for p in pool[:n])
        assert [p.symbol for p in pool if (p.min_players or 0) <= n] == list(rule.privates)


def test_eight_companies_of_nine_certificates_director_first(game):
    assert len(game.companies) == 8
    for company in game.companies:
        certificates = company.certificates()
        assert len(certificates) == 9
        assert certificates[0].director and certificates[0].percent == 20
        assert all(not c.director and c.percent == 10 for c in certificates[1:])


def test_par_values_and_market_par_spaces(game):
    assert all(c.par == PAR for c in game.companies)
    assert tuple(game.market.par_values()) == PAR


def test_home_station_plus_two_station_markers(game):
    for company in game.companies:
        assert len(company.tokens) == 3 and company.tokens[0] == 0
        assert company.home is None  # chosen by the first director anywhere on the map
        assert company.marker_counts()["station"] == 3


def test_seat_cards_one_to_six_and_bonds_of_ten_thousand(game):
    seats = [c for c in game.cards if c.name.startswith("seat-")]
    assert [c.title for c in seats] == [f"Seat {n}" for n in range(1, 7)]
    assert all(c.count == 1 for c in seats)
    bond = card(game, "bond")
    assert bond.count == 5 and "10000" in bond.title


# --- trains and stages ------------------------------------------------------------------


def test_trains_by_range_in_stack_order_each_a_stage(game):
    ranges = [int(t.name) for t in game.trains]
    assert ranges == sorted(ranges) and ranges[0] == 2 and ranges[-1] == 12
    assert [p.on for p in game.phases] == [t.name for t in game.trains]
    assert [p.name for p in game.phases] == ["I", "II", "III", "IV", "V", "VI", "VII"]


def test_train_stack_table_is_rounded_up_from_the_design_factors(game):
    factors = game.part("trains").decisions["stack_factor_values"]
    for train in game.trains:
        if train.name == "12":
            continue
        factor = factors[train.name]
        assert train.by_companies == {n: math.ceil(n * factor - 1e-9) for n in range(2, 9)}, train.name
        assert train.count == train.by_companies[8]  # cards enough for eight companies
    assert sum(t.cards for t in game.trains) == game.part("trains").decisions["total_cards"] == 27


def test_obsolete_trains_turn_over_as_twelves(game):
    twelve = next(t for t in game.trains if t.name == "12")
    assert twelve.count == 0 and twelve.cards == 0  # only ever the back of another card
    others = [t for t in game.trains if t.name != "12"]
    assert all(t.back == "12" for t in others)
    obsolete = {t.name: t.obsolete_on for t in others if t.obsolete_on}
    assert obsolete == {"2": "4", "3": "6", "4": "8", "5": "12"}


def test_train_stack_card_matches_trains(game):
    table = card(game, "train-stack").table
    trains = [t for t in game.trains if t.name != "12"]
    assert list(table.columns[1:]) == [t.name for t in trains]
    for row in table.rows:
        n = int(row[0])
        assert [int(x) for x in row[1:]] == [t.by_companies[n] for t in trains]
    assert [int(r[0]) for r in table.rows] == list(range(2, 9))


def test_stages_card_matches_phases_and_trains(game):
    rows = card(game, "stages").table.rows
    prices = {t.name: t.price for t in game.trains}
    obsoleted_by = {t.obsolete_on: t.name for t in game.trains if t.obsolete_on}
    assert len(rows) == len(game.phases)
    for row, phase in zip(rows, game.phases):
        stage, train, price, tiles, rounds, limit, obsolete = row
        assert (stage, train, int(price)) == (phase.name, phase.on, prices[phase.on])
        assert tiles.split("-")[-1] == STAGES[len(phase.tiles) - 1]
        assert (int(rounds), int(limit)) == (phase.operating_rounds, phase.train_limit)
        assert obsolete == obsoleted_by.get(phase.on, "")


def test_privates_close_when_stage_five_begins(game):
    v = next(p for p in game.phases if p.name == "V")
    assert "Private railways close" in v.events
    assert all("stage IV" in p.text for p in game.privates)


# --- market -----------------------------------------------------------------------------


def test_market_moves_right_by_two_steps_and_up_by_one(game):
    """The rules' arrow (right and down from the top row) gives what one row up would."""
    rows = [[c.value for c in row] for row in game.market.rows]
    scale = sorted({v for row in rows for v in row})
    step = {v: i for i, v in enumerate(scale)}
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if c + 1 < len(row):
                assert step[row[c + 1]] == step[value] + 2
            if r > 0:
                assert step[rows[r - 1][c]] == step[value] + 1
    top = rows[0]
    for c in range(len(top) - 1):
        assert step[rows[1][c + 1]] == step[top[c]] + 1
    assert all("e" in row[-1].zones for row in game.market.rows)


# --- tiles ------------------------------------------------------------------------------


def test_every_tile_has_its_stage_and_the_stage_colour(game):
    for entry in game.manifest:
        assert entry.tile.stage in STAGES, entry.tile.id
        assert entry.tile.color == STAGE_COLOUR[entry.tile.stage], entry.tile.id


def test_transparent_plain_track_is_flippable_and_nothing_else(game):
    for entry in game.manifest:
        assert entry.tile.flippable == (not entry.tile.stops), entry.tile.id


def test_no_stage_is_skipped(game):
    tiles = game.tiles
    for entry in game.manifest:
        for target in entry.upgrades:
            assert STAGES.index(tiles[target].stage) == STAGES.index(entry.tile.stage) + 1


def test_station_and_halt_revenue_by_stage(game):
    for entry in game.manifest:
        for stop in entry.tile.stops:
            expected = STATION_REVENUE[entry.tile.stage] if stop.kind == "city" else 10
            assert stop.revenue == expected, entry.tile.id
    rows = dict(card(game, "revenue").table.rows)
    assert {s: int(rows[f"Station on a stage {s} tile"]) for s in STAGES} == STATION_REVENUE
    assert int(rows["Halt"]) == 10 and int(rows["Halt on a sight"]) == 10 + 30


def exact_track(a: Tile, b: Tile) -> bool:
    return any(connections(b, r) == connections(a) for r in range(6))


def test_halts_upgrade_to_halts_or_to_the_station_with_exactly_their_track(game):
    tiles = [e.tile for e in game.manifest]
    halts = [t for t in tiles if t.towns()]
    assert halts
    for halt in halts:
        as_derived = derive_upgrades(replace(halt, upgrades=None), tiles)
        stations = [t.id for t in tiles if t.cities() and STAGES.index(t.stage) == STAGES.index(halt.stage) + 1
                    and exact_track(halt, t)]
        assert len(stations) == 1, halt.id
        assert set(halt.upgrades) == set(as_derived) | set(stations), halt.id


def test_a_flipped_tile_lays_as_its_mirror_image():
    """21 laid face down is 22, so an upgrade that needs 22's handedness accepts 21."""
    t21 = validate(Tile, dict(id="21", color="green", flippable=True, track=[[0, 1], [3, 5]]))
    t22 = validate(Tile, dict(id="22", color="green", track=[[0, 2], [4, 5]]))
    assert any(connections(t21, r, mirror=True) == connections(t22) for r in range(6))
    old = validate(Tile, dict(id="x", color="yellow", track=[[0, 2], [4, 5]]))  # 22's routes, as if on the map
    assert not is_upgrade(old, replace(t21, color="brown", flippable=False), "green")
    assert is_upgrade(old, replace(t21, color="brown"), "green")


def test_stage_is_printed_at_the_left_corner(game):
    style = theme("default")
    for tile_id in ("9", "XY205", "XY301", "XY401"):
        tile = game.tiles[tile_id]
        root = ET.fromstring(tile_svg(tile, style))
        texts = [t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text == tile.stage]
        assert texts, tile_id
        assert all(float(t.get("x")) < -50 for t in texts), tile_id


# --- our design is marked as ours -------------------------------------------------------


def test_designed_tables_carry_their_reasoning(game):
    rules = game.info.rules
    assert rules.terrain_costs and "terrain_costs" in rules.decisions
    trains = game.part("trains").decisions
    assert {"stack_factors", "obsolescence", "prices"} <= set(trains)
    phases = game.part("phases").decisions
    assert {"operating_rounds", "train_limits"} <= set(phases)


def test_building_costs_card_matches_terrain_costs(game):
    rows = dict(card(game, "building-costs").table.rows)
    costs = game.info.rules.terrain_costs
    for kind, cost in costs.items():
        label = next(k for k in rows if k.lower().startswith(kind))
        assert int(rows[label]) == cost


def test_unknown_back_or_bad_stack_table_exits_2_naming_the_field(game_copy):
    folder = game_copy("18xy")
    trains = folder / "trains.yaml"
    text = trains.read_text()
    trains.write_text(text.replace('    back: "12"\n', '    back: "13"\n', 1))
    result = run("validate", folder)
    assert result.exit_code == 2
    assert "trains.yaml" in result.output and "trains[0].back" in result.output and "13" in result.output
    trains.write_text(text.replace("by_companies: {2: 2, 3: 3, 4: 4", "by_companies: {2: 2, 3: 3, 4: 9", 1))
    result = run("validate", folder)
    assert result.exit_code == 2
    assert "trains.yaml" in result.output and "by_companies" in result.output
