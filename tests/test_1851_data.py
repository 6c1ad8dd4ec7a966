"""1851's data against its sources: the German rules summary (the seed's figures are
written out here, since that text is the user's specification) and the Rails data in
../shared/reference/1851/ (read when present)."""

import json
from collections import Counter

import pytest

from conftest import run
from pnp.load import load_game, tile_library
from pnp.render.cards import contrast

# The rules summary's tables (seeds/002_3feeb74e22c4e46f.txt).
SEED_PRIVATES = {  # symbol: (price, income, L&N share that comes with it, director's?)
    "L&O": (200, 5, 20, True),
    "M&C": (50, 10, None, False),
    "ET&WNC": (80, 15, None, False),
    "O&W": (210, 20, 10, False),
    "CNO&TP": (240, 25, 10, False),
}
SEED_PLAYERS = {  # players: (start capital, privates in play)
    3: (500, ["L&O", "M&C", "ET&WNC"]),
    4: (430, ["L&O", "M&C", "ET&WNC", "O&W"]),
    5: (400, ["L&O", "M&C", "ET&WNC", "O&W", "CNO&TP"]),
}
SEED_PAR = [70, 75, 82, 90, 100]
SEED_BANK = 8040


@pytest.fixture(scope="module")
def game():
    return load_game("1851")


@pytest.fixture(scope="module")
def rails(reference):
    return json.loads((reference / "1851" / "1851.json").read_text())


def test_validates():
    result = run("validate", "1851")
    assert result.exit_code == 0, result.output
    assert "125 pieces" in result.output


def test_privates_table(game):
    table = {}
    for p in game.privates:
        grants = [(g.company, g.percent, g.director) for g in p.comes_with]
        assert len(grants) <= 1
        share = grants[0] if grants else (None, None, False)
        assert share[0] in (None, "L&N")
        table[p.symbol] = (p.value, p.revenue, share[1], share[2])
    assert table == SEED_PRIVATES


def test_privates_by_player_count(game):
    minimum = {p.symbol: p.min_players for p in game.privates}
    assert minimum == {"L&O": 3, "M&C": 3, "ET&WNC": 3, "O&W": 4, "CNO&TP": 5}
    for players, (_, privates) in SEED_PLAYERS.items():
        assert list(game.info.rules.players[players].privates) == privates
        assert sorted(s for s, n in minimum.items() if n <= players) == sorted(privates)


def test_bank_and_start_capital(game):
    rules = game.info.rules
    assert rules.bank == SEED_BANK
    assert {n: r.cash for n, r in rules.players.items()} == {n: cash for n, (cash, _) in SEED_PLAYERS.items()}
    assert game.info.currency == "$"


def test_certificate_limits_match_rails(game, rails):
    rails_limits = {p["number_of_players"]: p["certificate_limit"] for p in rails["players"]}
    ours = {n: r.certificate_limit for n, r in game.info.rules.players.items()}
    assert ours == {3: 15, 4: 12, 5: 10}
    assert all(rails_limits[n] == limit for n, limit in ours.items())
    assert rails["bank"]["amount"] == SEED_BANK


def test_par_values(game):
    assert len(game.companies) == 6
    for company in game.companies:
        assert list(company.par) == SEED_PAR, company.symbol
    if game.market is not None:  # the market helper's file: its par cells say the same
        assert game.market.par_values() == SEED_PAR


def test_companies_homes_and_shares(game, rails):
    homes = {c["name"]: c["home_hex"] for c in rails["companies"]["public_companies"]}
    assert {c.symbol: c.home for c in game.companies} == homes
    for company in game.companies:
        assert list(company.shares) == [20] + [10] * 8
        assert company.float_percent == 50


def test_four_station_markers_for_100_and_free_to_lay(game):
    """'Die vier vorhandenen Bahnhofsmarker werden ... bezahlt (insgesamt $100)'."""
    for company in game.companies:
        assert len(company.tokens) == 4
        assert company.token_set_price == 100
        assert set(company.tokens) == {0}
        assert company.marker_counts()["station"] == 4
    breakdown = game.part("companies").markers
    assert breakdown["total"] == sum(sum(c.marker_counts().values()) for c in game.companies)


def test_company_colours_tell_ic_and_dixie_apart(game):
    colours = {c.symbol: c for c in game.companies}
    ic, dixie = colours["IC"].color, colours["Dixie"].color
    # Rails' #FFFFCC and #FFFF00 have a contrast ratio of 1.1; ours must differ in lightness
    # enough to show in greyscale, and every symbol must read on its own colour.
    assert contrast(ic, dixie) >= 1.5
    assert len({c.color.lower() for c in game.companies}) == 6
    for c in game.companies:
        assert contrast(c.color, c.text_color) >= 4.5, c.symbol


def test_tile_counts_are_physical(game, rails):
    counts = {e.tile.id: e.count for e in game.manifest}
    assert (counts["7"], counts["8"], counts["9"]) == (5, 18, 18)
    assert counts == {t["id"]: t["count"] for t in rails["tiles"] if t.get("count")}
    per_colour = Counter()
    for e in game.manifest:
        per_colour[e.tile.color] += e.count
    assert per_colour == {"yellow": 56, "green": 40, "brown": 28, "gray": 1}
    assert game.total_tiles() == rails["totals"]["tile_pieces"] == 125


def test_manifest_json_totals_the_reference(rails):
    result = run("manifest", "1851", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.output)["total"] == rails["totals"]["tile_pieces"]


def test_y_tiles_carry_their_label(game):
    tiles = game.tiles
    for tile_id in ("202", "511", "216", "512"):
        assert tiles[tile_id].label == "Y", tile_id
    assert "202" in tile_library() and "512" in tile_library()


def test_upgrades_match_rails(game, rails):
    """The upgrades pnp works out from track, stops and labels are Rails' TileSet."""
    expected = {t["id"]: sorted(u for step in t["upgrades"] for u in step["to_tiles"])
                for t in rails["tiles"] if t.get("count")}
    assert {e.tile.id: sorted(e.upgrades) for e in game.manifest} == expected


def test_trains_and_phases(game, rails):
    assert {t.name: (t.count, t.price) for t in game.trains} == {
        t["type"]: (t["count"], t["cost"]) for t in rails["trains"]}
    assert sum(t.cards for t in game.trains) == 20
    rusts = {t.name: t.rusts_on for t in game.trains}
    assert rusts == {"2": "4", "3": "6", "4": "8", "5": None, "6": None, "8": None}
    phases = {p.name: p for p in game.phases}
    assert list(phases) == ["2", "3", "4", "5", "6", "8"]
    for ref in rails["phases"]:
        ours = phases[ref["name"]]
        effective = ref["effective"]
        assert list(ours.tiles) == [c.replace("grey", "gray") for c in effective["tile_colours_allowed"]]
        assert ours.operating_rounds == effective["operating_rounds_per_set"]
    assert [phases[n].train_limit for n in phases] == [4, 4, 3, 2, 2, 2]


def test_flotation_steps_name_real_facts(game):
    flotation = game.part("companies").flotation
    assert flotation is not None and len(flotation.steps) >= 3
    assert any("{token_set_price}" in s for s in flotation.steps)
    assert any("{home}" in s for s in flotation.steps)


def test_johnson_city_decision_is_written_down(game):
    """Map.xml and the artwork print 40/30/30, Rails' engine scores 10: the data says which and why."""
    decision = game.part("map").decisions["johnson_city"]
    assert "40/30/30" in decision and "10" in decision
    revenue = game.part("map").board().hexes["E23"].face.stops[0].revenue
    assert [pv.value for pv in revenue] == [40, 30, 30]


def test_kit_includes_the_play_aids(tmp_path):
    """`pnp build` picks up the player cards, Tile Manifest and Tile Upgrade Chart."""
    result = run("build", "1851", "--out", tmp_path, "--only", "player_cards,tile_manifest,upgrade_chart", "-q")
    assert result.exit_code == 0, result.output
    index = (tmp_path / "index.md").read_text()
    assert "| Player cards | 9 | 9 |" in index
    assert "| Tile manifest | 46 | 46 |" in index
    assert (tmp_path / "1851-kit.pdf").exists() and (tmp_path / "upgrade-chart.pdf").exists()
