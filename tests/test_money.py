"""Banknotes as printed paper, for every bundled game: one cut outline of the banknote
size per note the data counts (measured from the PDF's own paths), the value printed
large inside each outline read back and added up to the bank, the value in the
top-left corner for a fanned hand, denominations apart in greyscale (the PDF rendered
grey), backs behind fronts, German labels, and the data's errors and warnings."""

from __future__ import annotations

import re
from collections import Counter, defaultdict

import pytest
import yaml

import pdfium_pages
from componentpdf import build_pdf, game, options
from conftest import run
from pnp.draw.svgwriter import to_svg
from pnp.build import KIT, kit_components
from pnp.components import money as money_component
from pnp.components.cardsheet import context
from pnp.load import load_game
from pnp.money import smallest_step, symbol, unpayable
from pnp.render.banknote import Note, alike, art, grounds, spread
from pnp.sheets.formats import component_format
from pnp.sheets.pieces import layouts
from pnp.templates import paper

GAMES = ("1860", "1851", "18xy")
TOL = 0.05  # mm
PX_PER_MM = 4.0  # greyscale renders: fine enough that a credit's hatching leaves its ground between the lines


def note_size() -> tuple[float, float]:
    fmt = component_format("banknote")
    return fmt.width, fmt.height


@pytest.fixture(scope="session")
def printed(tmp_path_factory):
    out = tmp_path_factory.mktemp("money")
    return {g: pdfium_pages.read(build_pdf(g, "money", out / g)) for g in GAMES}


def outlines(pages) -> list[tuple[int, tuple[float, float, float, float]]]:
    w, h = note_size()
    return [(n, r) for n, page in enumerate(pages) for r in page.rectangles
            if abs(r[2] - r[0] - w) <= TOL and abs(r[3] - r[1] - h) <= TOL]


def face_value(page, box) -> tuple[str, int]:
    """The largest text inside the outline ("£100", "100 CC"), as (symbol, value)."""
    letters = page.letters_in(box)
    tallest = max(c.height for c in letters)
    big = sorted((c for c in letters if c.height >= 0.9 * tallest), key=lambda c: c.x0)
    match = re.fullmatch(r"(\D*)(\d+)(\D*)", "".join(c.text for c in big))
    assert match, "".join(c.text for c in big)
    return (match.group(1) or match.group(3)), int(match.group(2))


def bank_of(g, currency) -> int:
    rules = g.info.rules
    return rules.company_bank if currency.used_by == "companies" else rules.bank


def test_the_banknote_format_comes_from_the_template():
    assert note_size() == (63.0, 35.0)


@pytest.mark.parametrize("name", GAMES)
def test_every_cut_outline_is_a_banknote_and_there_is_one_per_note(printed, name):
    pages = printed[name]
    w, h = note_size()
    every = [r for page in pages for r in page.rectangles]
    assert every and all(abs(x1 - x0 - w) <= TOL and abs(y1 - y0 - h) <= TOL for x0, y0, x1, y1 in every)
    expected = sum(c.note_count for c in game(name).info.rules.money.currencies)
    assert len(outlines(pages)) == expected


@pytest.mark.parametrize("name", GAMES)
def test_the_printed_values_add_up_to_the_bank(printed, name):
    pages = printed[name]
    g = game(name)
    values = [face_value(pages[n], box) for n, box in outlines(pages)]
    totals = defaultdict(int)
    for sym, value in values:
        totals[sym] += value
    assert dict(totals) == {symbol(g, c): bank_of(g, c) for c in g.info.rules.money.currencies}
    counts = Counter(values)
    assert counts == {(symbol(g, c), d.value): d.count for c in g.info.rules.money.currencies
                      for d in c.denominations}


def test_the_published_banks():
    """1860: 10000 pounds and 5000 CC (the publisher's component list); 1851: $8040
    (the rules summary)."""
    assert {c.name: c.total for c in game("1860").info.rules.money.currencies} == {"Pounds": 10000,
                                                                                  "Company Credits": 5000}
    assert [c.total for c in game("1851").info.rules.money.currencies] == [8040]
    assert [c.total for c in game("18xy").info.rules.money.currencies] == [game("18xy").info.rules.bank]


@pytest.mark.parametrize("name", GAMES)
def test_a_fanned_note_shows_its_value_in_the_top_left_corner(printed, name):
    pages = printed[name]
    for n, box in outlines(pages):
        _, value = face_value(pages[n], box)
        x0, y0 = box[0], box[1]
        corner = pages[n].letters_in((x0, y0, x0 + 16.0, y0 + 9.0))
        assert "".join(c.text for c in sorted(corner, key=lambda c: c.x0)) == str(value)


@pytest.mark.parametrize("name", GAMES)
def test_no_text_leaves_its_note(printed, name):
    """Every letter lies a millimetre or more inside a note's cut line; the only
    letters outside the notes are the page's footer."""
    for page in printed[name]:
        boxes = [r for _, r in outlines([page])]
        for c in page.letters:
            home = [b for b in boxes if b[0] <= c.centre[0] <= b[2] and b[1] <= c.centre[1] <= b[3]]
            if not home:
                assert c.y0 > page.height - 14.0, c  # the footer
                continue
            x0, y0, x1, y1 = home[0]
            assert x0 + 1.0 <= c.x0 and c.x1 <= x1 - 1.0 and y0 + 1.0 <= c.y0 and c.y1 <= y1 - 1.0, (c, home[0])


def grey_ground(image, box, px_per_mm: float) -> int:
    """The commonest grey (in steps of 4) of the middle half of the note, where a
    credit's end bands do not reach: its ground, whatever is printed over it."""
    x0, y0, x1, y1 = (v * px_per_mm for v in box)
    quarter = (x1 - x0) / 4
    middle = image[round(y0) + 2:round(y1) - 2, round(x0 + quarter):round(x1 - quarter)]
    return int(Counter((middle.ravel() // 4 * 4).tolist()).most_common(1)[0][0])


@pytest.mark.parametrize("name", GAMES)
def test_denominations_differ_in_greyscale(printed, name):
    pages = printed[name]
    greys: dict[tuple[str, int], set[int]] = defaultdict(set)
    images = {}
    for n, box in outlines(pages):
        if n not in images:
            images[n] = pages[n].grey(px_per_mm=PX_PER_MM)
        greys[face_value(pages[n], box)].add(grey_ground(images[n], box, PX_PER_MM))
    for key, seen in greys.items():
        assert max(seen) - min(seen) <= 4, (key, seen)  # every note of a denomination alike
    for sym in {s for s, _ in greys}:
        levels = sorted((min(seen), v) for (s, v), seen in greys.items() if s == sym)
        steps = [b[0] - a[0] for a, b in zip(levels, levels[1:])]
        assert min(steps) >= 15, (sym, levels)


def test_companies_money_has_its_own_design(printed):
    """1860's CC notes say whose they are, carry the symbol beside the value in their
    dark end bands, and the pound notes say they are the players'."""
    pages = printed["1860"]
    texts = Counter()
    for n, box in outlines(pages):
        sym, _ = face_value(pages[n], box)
        text = "".join(c.text for c in pages[n].letters_in(box))
        texts[sym, "forcompaniesonly" in text, "forplayersonly" in text] += 1
        if sym == "CC":
            band = pages[n].letters_in((box[0], box[1] + 13, box[0] + 10, box[3] - 13))
            assert "".join(c.text for c in band) == "CC"
    assert set(texts) == {("£", False, True), ("CC", True, False)}


def small_copy(game_copy, name: str):
    """A copy of a game with one note of each denomination and banks to match: quick
    to print."""
    folder = game_copy(name)
    path = folder / "game.yaml"
    data = yaml.safe_load(path.read_text())
    rules = data["rules"]
    for c in rules["money"]["currencies"]:
        for d in c["denominations"]:
            d["count"] = 1
        total = sum(d["value"] for d in c["denominations"])
        rules["company_bank" if c.get("used_by") == "companies" else "bank"] = total
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return folder


def test_german_labels(game_copy, tmp_path):
    folder = small_copy(game_copy, "1860")
    de = run("money", folder, "--out", tmp_path / "de", "--lang", "de")
    en = run("money", folder, "--out", tmp_path / "en")
    assert de.exit_code == 0 and en.exit_code == 0, de.output + en.output
    [de_page] = pdfium_pages.read(tmp_path / "de" / "money.pdf")
    [en_page] = pdfium_pages.read(tmp_path / "en" / "money.pdf")
    de_text = "".join(c.text for c in de_page.letters)
    en_text = "".join(c.text for c in en_page.letters)
    assert de_text.count("nurfürSpieler") == 7 and de_text.count("nurfürGesellschaften") == 5
    assert "forplayersonly" not in de_text and en_text.count("forplayersonly") == 7
    assert "Geld" in de_text and "Money" in en_text  # the footer names the component


def test_backs_lie_behind_their_fronts(game_copy, tmp_path):
    folder = small_copy(game_copy, "1851")
    assert run("money", folder, "--out", tmp_path, "--duplex", "long").exit_code == 0
    front, back = pdfium_pages.read(tmp_path / "money.pdf")
    assert not back.rectangles  # no cut lines on the backs
    for box in [r for _, r in outlines([front])]:
        mirrored = (front.width - box[2], box[1], front.width - box[0], box[3])
        assert face_value(back, mirrored) == face_value(front, box)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_twenty_one_notes_a_sheet(paper_name):
    """The banknote size is chosen so three across and seven down fit A4 and Letter."""
    g = game("1851")
    ctx = context(g, options("1851", paper=paper_name))
    pieces, _, _ = money_component.notes(g, ctx)
    pages = layouts(pieces, paper(paper_name), ctx.settings)
    assert [len(p.slots) for p in pages[:-1]] == [21] * (len(pages) - 1)
    assert sum(len(p.slots) for p in pages) == len(pieces) == 242


# --- the kit ---------------------------------------------------------------------------


def test_money_follows_the_cards_in_the_kit():
    keys = [k for k, _ in KIT]
    assert keys.index("money") == keys.index("cards") + 1
    for name in GAMES:
        assert "money" in kit_components(game(name))


def test_a_game_without_money_prints_none(game_copy, tmp_path):
    folder = game_copy("1851")
    path = folder / "game.yaml"
    data = yaml.safe_load(path.read_text())
    del data["rules"]["money"]
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert "money" not in kit_components(load_game(folder))
    result = run("money", folder, "--out", tmp_path)
    assert result.exit_code == 2 and "rules.money" in result.output


# --- data: what the loader rejects, what the component warns of ------------------------------


def edit_money(folder, change):
    path = folder / "game.yaml"
    data = yaml.safe_load(path.read_text())
    change(data["rules"])
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def test_notes_that_do_not_add_up_to_the_bank(game_copy, tmp_path):
    folder = game_copy("1860")
    edit_money(folder, lambda r: r["money"]["currencies"][1]["denominations"][0].update(count=39))
    result = run("money", folder, "--out", tmp_path)
    assert result.exit_code == 2
    assert re.search(r"game\.yaml(:\d+)?: rules:", result.output) and "Company Credits" in result.output
    assert "add up to 4990, but company_bank is 5000" in result.output


def test_a_denomination_listed_twice(game_copy, tmp_path):
    folder = game_copy("1851")
    edit_money(folder, lambda r: r["money"]["currencies"][0]["denominations"].append({"value": 5, "count": 0}))
    result = run("validate", folder)
    assert result.exit_code == 2 and "rules.money.currencies[0]" in result.output and "listed twice" in result.output


def test_companies_money_needs_a_symbol(game_copy):
    folder = game_copy("1860")
    edit_money(folder, lambda r: r.pop("company_currency"))
    result = run("validate", folder)
    assert result.exit_code == 2 and "needs a symbol" in result.output


def test_more_denominations_than_the_theme_has_colours(game_copy, tmp_path):
    folder = game_copy("1851")

    def nine(rules):
        rules["money"]["currencies"][0]["denominations"] = [{"value": v, "count": 1} for v in
                                                           (1, 2, 5, 10, 20, 50, 100, 200, 500)]
        rules["bank"] = 888

    edit_money(folder, nine)
    result = run("money", folder, "--out", tmp_path)
    assert result.exit_code == 2
    assert "rules.money.currencies[0].denominations: 9 denominations without a color" in result.output


def test_warnings_for_unpayable_prices_and_look_alike_notes(game_copy, tmp_path):
    folder = game_copy("1860")

    def change(rules):
        cc = rules["money"]["currencies"][1]["denominations"]
        del cc[:2]  # no 10s and 20s: stations of 40 CC and terrain of 60 CC cannot be paid
        cc[0]["count"] += 20
        pounds = rules["money"]["currencies"][0]["denominations"]
        pounds[0]["color"] = "#f0d947"  # the 1s as yellow as the 5s
        pounds[1]["color"] = "#f0d848"

    edit_money(folder, change)
    result = run("money", folder, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "pnp: warning: money: the Company Credits notes cannot pay these station costs exactly: 40 CC" \
           in result.output
    assert "cannot pay these terrain costs exactly: 60 CC" in result.output
    assert "train prices" not in result.output  # 250 to 800 CC: all in 50s
    assert "the £1 and £5 notes look alike printed in greyscale" in result.output


def test_the_bundled_notes_pay_every_price_their_games_name():
    for name in GAMES:
        g = game(name)
        for c in g.info.rules.money.currencies:
            assert unpayable(g, c) == {}, (name, c.name)
    pounds, credits = game("1860").info.rules.money.currencies
    assert smallest_step(pounds) == 1 and smallest_step(credits) == 10


def test_grounds_spread_over_the_ramp_and_keep_apart():
    assert spread(0, 8) == [] and spread(1, 8) == [0] and spread(8, 8) == list(range(8)) and spread(5, 8) == [0, 2, 4, 5, 7]
    ramp = ["#ffffff", "#bbbbbb", "#777777", "#333333"]
    chosen = grounds([500, 1, 5], ramp, {5: "#7a7a7a"})
    assert chosen == {1: "#ffffff", 5: "#7a7a7a", 500: "#333333"}
    assert alike({1: "#777777", 5: "#7a7a7a", 10: "#ffffff"}) == [(1, 5)]
    with pytest.raises(ValueError):
        spread(9, 8)


def test_a_title_too_long_for_the_note_is_left_off():
    style = options("1851").style
    long_title = "The Grand Trunk and Pacific Railways of the Far North " * 2
    drawn = art(Note("$5", "5", "$", long_title, "Dollars", None, "#f0d947"), note_size(), style)
    text = "".join(to_svg(e) for e in drawn)
    assert "Grand Trunk" not in text and "$5" in text and "Dollars" in text


@pytest.mark.parametrize("name", ["1860", "1851"])
def test_map_costs_are_those_the_board_prints(name):
    """The costs the money checks against are read from the map's entries, without
    building its board: those of every hex of the board, in its order."""
    from pnp.money import _map_costs

    game = load_game(name)
    board = game.part("map").board()
    printed = []
    for h in board.hexes.values():
        if h.face.terrain:
            printed.append(h.face.terrain.cost)
        printed.extend(b.cost for b in h.face.borders if b.cost)
    assert _map_costs(game) == printed
    assert printed
