"""1860's game data: the publisher's component counts, the facts carried over from the
18xx.games engine (../shared/reference/1860/1860.json; those tests skip without it),
and clear errors for broken references between the files."""

from __future__ import annotations

import colorsys
import json

import pytest

from conftest import run
from pnp.checks import marker_totals
from pnp.load import load_game
from pnp.model.base import field_values
from test_load_errors import edit, expect_error

# Names the engine abbreviates or misspells, and what we print instead (companies.yaml).
PRINTED_NAMES = {"Ryde Esp": "Ryde Esplanade", "Ventor, Yarmouth & South Coast": "Ventnor, Yarmouth & South Coast"}

# CSS colours by name (the engine names its market colours).
CSS = {"purple": "#800080", "olive": "#808000", "gray": "#808080", "yellow": "#ffff00", "orange": "#ffa500"}
ZONE_TYPES = {"c": "close", "i": "ignore_one_sale", "r": "repar", "p": "par", "e": "endgame"}


@pytest.fixture(scope="module")
def game():
    return load_game("1860")


@pytest.fixture(scope="module")
def ref(reference):
    return json.loads((reference / "1860" / "1860.json").read_text(encoding="utf-8"))


def printed(name: str) -> str:
    return PRINTED_NAMES.get(name, name)


# --- the publisher's counts ------------------------------------------------------------


def test_eight_companies_print_72_certificates(game):
    certificates = [cert for company in game.companies for cert in company.certificates()]
    assert len(game.companies) == 8
    assert len(certificates) == 72
    directors = [c for c in certificates if c.director]
    assert len(directors) == 8 and {c.percent for c in directors} == {20}
    assert [c.percent for c in certificates if not c.director] == [10] * 64
    assert all(sum(c.percent for c in co.certificates()) == 100 for co in game.companies)


def test_46_company_markers_with_the_breakdown_written_in_the_data(game):
    totals = marker_totals(game)
    assert sum(totals.values()) == 46
    assert totals == {"station": 22, "market": 8, "ipo": 8, "revenue": 8}
    declared = game.part("companies").markers
    assert declared["total"] == 46 and declared["breakdown"] == totals
    assert declared["round_marker"] == 1  # the publisher's separate round marker


def test_25_train_cards(game):
    assert sum(t.cards for t in game.trains) == 25
    last = game.trains[-1]
    assert (last.name, last.count, last.printed) == ("9+5", "unlimited", 7)
    assert game.part("trains").decisions["total_cards"] == 25


def test_five_privates_and_their_exchanges(game):
    assert [p.symbol for p in game.privates] == ["BHC", "YHC", "CMH", "RPSC", "FFC"]
    reserved = {r.private: (c.symbol, c.certificates()[r.share]) for c in game.companies for r in c.reserved}
    assert {p: sym for p, (sym, _) in reserved.items()} == {"BHC": "BHI&R", "YHC": "FYN", "CMH": "C&N", "RPSC": "IOW"}
    for private, (symbol, cert) in reserved.items():
        company = game.company(symbol)
        assert cert.index == len(company.shares) - 1 and cert.percent == 10  # the last share
        assert cert.reserved_for == private
        assert next(p for p in game.privates if p.symbol == private).exchange_for == symbol
    ffc = game.privates[-1]
    assert ffc.available == "6+3" and ffc.exchange_for is None
    assert "close" in ffc.text  # buying it closes the other privates (seed)


def test_companies_open_row_by_row_with_the_market_par_values(game):
    assert [(c.symbol, c.layer) for c in game.companies] == [
        ("C&N", 1), ("IOW", 1), ("IWNJ", 2), ("FYN", 2), ("NGStL", 3), ("BHI&R", 3), ("S&C", 4), ("VYSC", 4)]
    par_spaces = set(game.market.par_values())
    for company in game.companies:
        assert set(company.par) <= par_spaces
        assert company.float_percent == 50
        assert company.destination is None  # no source names the variant's destinations
    ranges = {c.layer: (min(c.par), max(c.par)) for c in game.companies}
    assert ranges == {1: (74, 100), 2: (62, 82), 3: (58, 68), 4: (54, 62)}


def test_market_has_55_cells_from_0_to_340_in_order(game):
    market = game.market
    values = [c.value for c in market.cells()]
    assert market.kind == "zigzag" and len(values) == 55
    assert values[0] == 0 and values[-1] == 340
    assert all(a < b for a, b in zip(values, values[1:]))
    by_value = {c.value: set(c.zones) for c in market.cells()}
    assert by_value[0] == {"c"} and by_value[340] == {"e"}
    ignore = {v for v, zones in by_value.items() if "i" in zones}
    assert ignore == {v for v in values if 0 < v < 40 or 150 < v < 340}  # coloured below 40 and above 150
    assert market.par_values() == [54, 58, 62, 68, 74, 82, 90, 100]
    assert all(zone.legend and zone.mark != "none" for zone in market.zones.values())
    assert len({zone.mark for zone in market.zones.values()}) == len(market.zones)  # apart in greyscale


def test_nine_phases_ending_in_british_rail(game):
    phases = game.phases
    assert [p.name for p in phases] == [str(n) for n in range(1, 10)]
    assert [p.on for p in phases[:8]] == [t.name for t in game.trains]  # each train starts one
    final = phases[-1]
    assert final.on is None and final.trigger and "British Rail" in " ".join(final.events)
    assert isinstance(final.operating_rounds, str)
    assert "Southern Railway forms" in phases[7].events


def test_a_trains_events_are_printed_in_the_phase_it_starts(game):
    starts = {p.on: p for p in game.phases if p.on}
    for train in game.trains:
        assert set(train.events) <= set(starts[train.name].events), train.name


def test_player_table_and_money(game):
    rules = game.info.rules
    assert {n: (p.cash, p.certificate_limit) for n, p in rules.players.items()} == {
        2: (1000, 32), 3: (670, 21), 4: (500, 16)}
    assert rules.bank == 10000 and rules.company_currency == "CC"
    assert rules.company_bank == 5000 and "company_bank" in rules.decisions
    assert game.info.currency == "£"


def test_card_counts(game):
    counts = {card.title: card.count for card in game.cards}
    assert counts == {"Insolvent": 6, "No Director": 4, "Bankrupt": 4, "Priority Deal": 1, "IPO": 1,
                      "Stock Market and Bank Pool": 1}
    # the 8 flotation reminders: one per company, printed from companies.yaml
    assert game.part("companies").flotation.title == "Flotation reminder"


def test_flotation_reminder_names_each_company(game):
    flotation = game.part("companies").flotation
    for company in game.companies:
        facts = {**field_values(company), "tokens": len(company.tokens)}
        lines = [step.format(**facts) for step in (*flotation.steps, flotation.reminder)]
        assert company.home_name in " ".join(lines) and company.symbol in lines[0]


def test_ipo_card_lists_the_companies_in_the_order_they_open(game):
    ipo = next(card for card in game.cards if card.title == "IPO")
    rows = ipo.table.rows
    layers = sorted({c.layer for c in game.companies})
    assert [row[0] for row in rows] == [str(n) for n in layers]
    for row, layer in zip(rows, layers):
        companies = [c for c in game.companies if c.layer == layer]
        assert row[1].split(", ") == [c.symbol for c in companies]
        assert [int(v) for v in row[2].split(", ")] == list(companies[0].par)


def test_1860_validates():
    result = run("validate", "1860")
    assert result.exit_code == 0, result.output


# --- facts carried over from the reference -----------------------------------------------


def test_companies_match_the_reference(game, ref):
    assert [c.symbol for c in game.companies] == [c["sym"] for c in ref["corporations"]]
    for ours, theirs in zip(game.companies, ref["corporations"]):
        assert ours.name == printed(theirs["name"])
        assert ours.color == theirs["colour_hex"] and ours.text_color == theirs["text_colour_hex"]
        assert ours.home == theirs["home_coordinates"]
        assert ours.home_name == printed(theirs["home_location_name"])
        assert list(ours.tokens) == theirs["tokens"]
        assert list(ours.shares) == theirs["shares"]
        assert ours.float_percent == theirs["float_percent"]
        assert ours.layer == theirs["layer"] == ref["market"]["corporation_layer"][ours.symbol]
        low, high = theirs["par_range"]
        assert list(ours.par) == [v for v in ref["market"]["par_values"] if low <= v <= high]
        assert bool(ours.reserved) == theirs["last_share_reserved_for_private_exchange"]


def test_station_tokens_match_the_reference(game, ref):
    assert marker_totals(game)["station"] == ref["totals"]["station_tokens"]


def test_trains_match_the_reference(game, ref):
    assert [t.name for t in game.trains] == [t["name"] for t in ref["trains"]]
    for ours, theirs in zip(game.trains, ref["trains"]):
        assert (ours.price, ours.count, ours.rusts_on) == (theirs["price"], theirs["count"], theirs["rusts_on"])
    finite = sum(t.count for t in game.trains if t.count != "unlimited")
    assert finite == ref["totals"]["trains_finite"] == 18


def test_train_events_match_the_reference(game, ref):
    labels = {"fishbourne_to_bank": "Fishbourne", "relax_cert_limit": "certificate limit",
              "southern_forms": "Southern"}
    for ours, theirs in zip(game.trains, ref["trains"]):
        expected = [labels[e["type"]] for e in theirs["events"]]
        assert len(ours.events) >= len(expected)
        for label in expected:
            assert any(label in event for event in ours.events), (ours.name, label)


def test_phases_match_the_reference(game, ref):
    first_train = ref["trains"][0]["name"]
    for ours, theirs in zip(game.phases, ref["phases"]):
        assert ours.on == (theirs["on"] or first_train)
        assert (list(ours.tiles), ours.operating_rounds, ours.train_limit) == (
            theirs["tiles"], theirs["operating_rounds"], theirs["train_limit"])
    assert len(game.phases) == len(ref["phases"]) + 1  # the seed's British Rail phase


def test_market_matches_the_reference(game, ref):
    ours = [f"{c.value}{''.join(c.zones)}" for c in game.market.cells()]
    assert ours == ref["market"]["rows"][0]
    assert game.market.par_values() == ref["market"]["par_values"]
    repar = sorted(c.value for c in game.market.cells() if "r" in c.zones)
    assert repar == ref["market"]["repar_values"]


def hue(colour: str) -> tuple[float, float]:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, _, s = colorsys.rgb_to_hls(r, g, b)
    return h * 360, s


def test_market_zone_colours_keep_the_reference_hues(game, ref):
    letters = ref["market"]["marker_letters"]
    assert set(game.market.zones) == set(letters)
    for letter, zone in game.market.zones.items():
        assert ZONE_TYPES[letter] == letters[letter]["type"]
        ours, theirs = hue(zone.color), hue(CSS[letters[letter]["display_colour"]])
        if theirs[1] == 0:  # gray: no hue to keep
            assert ours[1] == 0
        else:
            assert abs(ours[0] - theirs[0]) < 1, (letter, zone.color)


def test_privates_match_the_reference(game, ref):
    assert [p.symbol for p in game.privates] == [c["sym"] for c in ref["companies"]]
    for ours, theirs in zip(game.privates, ref["companies"]):
        assert (ours.name, ours.value, ours.revenue) == (theirs["name"], theirs["value"], theirs["revenue"])
        exchange = [a["corporations"][0] for a in theirs["abilities"] if a["type"] == "exchange"]
        assert ours.exchange_for == (exchange[0] if exchange else None)


def test_money_matches_the_reference(game, ref):
    constants, rules = ref["constants"], game.info.rules
    assert rules.bank == constants["bank_cash"]
    assert {str(n): p.cash for n, p in rules.players.items()} == constants["starting_cash_by_players"]
    assert {str(n): p.certificate_limit for n, p in rules.players.items()} == constants["certificate_limit_by_players"]


# --- broken references: exit 2, naming the file and the field -----------------------------


@pytest.mark.parametrize("filename, old, new, needles", [
    ("companies.yaml", "private: CMH}", "private: CMX}",
     ["companies.yaml", "companies[0].reserved[0].private", "unknown private 'CMX'"]),
    ("trains.yaml", 'rusts_on: "4+2"', 'rusts_on: "4+9"',
     ["trains.yaml", "trains[0].rusts_on", "unknown train '4+9'"]),
    ("privates.yaml", 'available: "6+3"', 'available: "6+6"',
     ["privates.yaml", "privates[4].available", "unknown train '6+6'"]),
    ("privates.yaml", "exchange_for: FYN", "exchange_for: IWNJ",
     ["privates.yaml", "privates[1].exchange_for", "IWNJ reserves no share for YHC"]),
    ("companies.yaml", "total: 46", "total: 45",
     ["companies.yaml", "markers.total", "says 45", "46 markers"]),
    ("companies.yaml", "par: [54, 58, 62]", "par: [54, 57, 62]",
     ["companies.yaml", "companies[6].par[1]", "57 is not a par space"]),
    ("companies.yaml", "    market: 8", "    market: 7",
     ["companies.yaml", "markers.breakdown.market", "says 7"]),
    ("companies.yaml", "{share: 8, private: CMH}", "{share: 9, private: CMH}",
     ["companies.yaml", "companies[0]", "reserved share 9"]),
])
def test_broken_reference_names_file_and_field(game_copy, filename, old, new, needles):
    folder = game_copy("1860")
    edit(folder / filename, old, new)
    expect_error(folder, *needles)
