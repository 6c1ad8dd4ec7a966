"""1860's certificates, charters, privates, trains, tokens and game cards as printed
paper: one cut outline of the right size per physical piece (read from the PDF's own
vector paths), each certificate's own text read back from inside its outline, backs
behind their fronts when printed double-sided, and German labels with --lang de."""

from __future__ import annotations

import math
from collections import Counter

import pytest
import yaml

from pdfpaths import circles
from componentpdf import KINDS, backs_behind_fronts, build_pdf, filled_rectangles, game, printed, read_back, text_in
from conftest import run
from pnp.draw.svgwriter import to_svg
from pnp.components.cardsheet import context
from pnp.sheets.formats import component_format
from componentpdf import options

MINI_EURO = (67.5, 44.0)


@pytest.fixture(scope="session")
def built_1860(tmp_path_factory):
    out = tmp_path_factory.mktemp("pieces")
    return {kind: printed("1860", kind, out) for kind in KINDS}


def test_mini_euro_is_the_default_size_for_shares_privates_and_trains():
    for kind in ("share", "private", "train"):
        fmt = component_format(kind)
        assert (fmt.width, fmt.height) == MINI_EURO
    assert component_format("station").diameter == 9.5 and component_format("marker").diameter == 12.7


def test_72_share_certificates_each_with_its_outline(built_1860):
    found = built_1860["shares"].outlines([MINI_EURO])
    assert len(found) == 72 == sum(len(c.shares) for c in game("1860").companies)


def test_each_certificate_names_its_percentage(built_1860):
    doc = built_1860["shares"]
    texts = [text_in(doc.chars[n], box) for n, box in doc.outlines([MINI_EURO])]
    directors = [t for t in texts if "Director's certificate" in t]
    assert len(directors) == 8 and all("20%" in t and "10%" not in t for t in directors)
    others = [t for t in texts if "Director's certificate" not in t]
    assert len(others) == 64 and all("10%" in t and "20%" not in t for t in others)
    names = Counter(company_in(t) for t in texts)
    assert names == {c.name: 9 for c in game("1860").companies}


def has(text: str, phrase: str) -> bool:
    """The phrase's words appear in the text in order (other words may come between:
    a badge beside a wrapped name reads between its lines)."""
    words = iter(text.split())
    return all(any(w == t for t in words) for w in phrase.split())


def company_in(text: str) -> str:
    """The longest company name the text holds ("Isle of Wight" is in "Isle of Wight,
    Newport Junction")."""
    return max((c.name for c in game("1860").companies if has(text, c.name)), key=len)


def test_reserved_shares_name_their_private(built_1860):
    doc = built_1860["shares"]
    texts = [text_in(doc.chars[n], box) for n, box in doc.outlines([MINI_EURO])]
    g = game("1860")
    for company in g.companies:
        for r in company.reserved:
            private = next(p for p in g.privates if p.symbol == r.private)
            marked = [t for t in texts if private.name in t]
            assert len(marked) == 1, private.name
            assert company_in(marked[0]) == company.name and "10%" in marked[0]
    assert sum("Reserved for" in t for t in texts) == 4


def test_25_train_cards_with_name_price_and_rusting(built_1860):
    doc = built_1860["trains"]
    boxes = doc.outlines([MINI_EURO])
    assert len(boxes) == 25
    texts = [text_in(doc.chars[n], box) for n, box in boxes]
    trains = game("1860").trains
    by_name = Counter()
    for text in texts:
        [train] = [t for t in trains if f"{t.price} CC" in text]  # each kind has its own price
        assert train.name in text.split()
        by_name[train.name] += 1
    assert by_name == {"2+1": 5, "3+2": 4, "4+2": 3, "5+3": 2, "6+3": 2, "7+4": 1, "8+4": 1, "9+5": 7}
    two = next(t for t in texts if "250 CC" in t)
    assert "Rusts when the first 4+2 is bought" in two and "Starts phase 1" in two
    four = next(t for t in texts if "350 CC" in t)
    assert "Rusts: 2+1" in four and "Starts phase 3" in four
    last = next(t for t in texts if "800 CC" in t)
    assert "Southern Railway forms" in last and "Permanent" in last


def test_five_private_certificates_with_value_revenue_and_rules(built_1860):
    doc = built_1860["privates"]
    boxes = doc.outlines([MINI_EURO])
    assert len(boxes) == 5
    texts = [text_in(doc.chars[n], box) for n, box in boxes]
    for p, text in zip(game("1860").privates, texts):
        assert p.name.split()[0] in text and f"Value £{p.value}" in text and f"Revenue £{p.revenue}" in text
        assert p.text.split()[0] in text


def charter_size():
    ctx = context(game("1860"), options("1860"))
    return ctx.kind_size("charter")


def test_eight_charters_on_half_pages_with_tokens_and_phases(built_1860):
    doc = built_1860["charters"]
    w, h = charter_size()
    assert 180 < w < 200 and 125 < h < 148.5  # half of A4 inside the margins
    boxes = doc.outlines([(w, h)])
    assert len(boxes) == 8
    per_page = Counter(n for n, _ in boxes)
    assert set(per_page.values()) == {2}
    for (n, box), company in zip(boxes, game("1860").companies):
        text = text_in(doc.chars[n], box)
        assert has(text, company.name) and "Treasury (CC)" in text
        assert all(f"{cost} CC" in text for cost in company.tokens if cost)
        for phase in game("1860").phases:
            assert (phase.on or "") in text
        assert "Train limit" in text and "Southern Railway forms" in text


def test_tokens_pdf_holds_exactly_the_46_company_markers(built_1860):
    """The publisher's 46 company markers and nothing else: the round marker is no
    company's, and is printed beside the round tracker (tests/test_market.py)."""
    doc = built_1860["tokens"]
    stations = doc.outlines([(9.5, 9.5)])
    markers = doc.outlines([(12.7, 12.7)])
    assert all(box.round for _, box in stations + markers)
    assert len(stations) == 22
    assert len(stations) + len(markers) == 46
    texts = [text_in(doc.chars[n], box) for n, box in markers]
    assert "Round" not in texts
    symbols = Counter(t.replace("IPO", "").replace("REV", "").strip() for t in texts)
    assert set(symbols.values()) == {3} and len(symbols) == 8
    # the cut lines are the only stroked circles on the sheet (badge rings are filled)
    assert sum(len(circles(page)) for page in doc.paths) == 46


def test_every_game_card_is_printed_as_often_as_listed(built_1860):
    doc = built_1860["cards"]
    boxes = [(n, b) for n, b in doc.outlines(sizes=all_card_sizes())]
    cards = game("1860").cards
    assert len(boxes) == sum(c.count for c in cards) == 17
    titles = Counter()
    for n, box in boxes:
        text = text_in(doc.chars[n], box)
        titles[next(c.title for c in sorted(cards, key=lambda c: -len(c.title)) if text.startswith(c.title))] += 1
    assert titles == {c.title: c.count for c in cards}


def all_card_sizes():
    from pnp.sheets.formats import formats

    ctx = context(game("1860"), options("1860"))
    return [ctx.size(f) for f in formats().values() if not f.round]


def test_ipo_card_shows_each_row_of_companies(built_1860):
    doc = built_1860["cards"]
    ipo = [(n, b) for n, b in doc.outlines(all_card_sizes()) if text_in(doc.chars[n], b).startswith("IPO")]
    assert len(ipo) == 1
    text = text_in(doc.chars[ipo[0][0]], ipo[0][1])
    for c in game("1860").companies:
        assert c.symbol in text
    assert "74, 82, 90, 100" in text


@pytest.mark.parametrize("kind", ["shares"])
def test_duplex_long_backs_mirror_their_fronts(tmp_path, kind):
    pdf = build_pdf("1860", kind, tmp_path, duplex="long")
    doc = read_back(pdf)
    assert len(doc.paths) % 2 == 0
    backs_seen = 0
    for n in range(0, len(doc.paths), 2):
        pairs = backs_behind_fronts(doc, n, n + 1, MINI_EURO, bleed=1.0, page_width=210.0)
        assert pairs and all(back is not None for _, back in pairs), n
        for front, back in pairs:
            if kind == "shares":  # the back behind a certificate is its own company's
                assert company_in(text_in(doc.chars[n], front)) in text_in(doc.chars[n + 1], back)
            backs_seen += 1
    assert backs_seen == (72 if kind == "shares" else 25)


def test_duplex_short_mirrors_top_to_bottom(tmp_path):
    doc = read_back(build_pdf("1860", "privates", tmp_path, duplex="short"))
    assert len(doc.paths) == 2
    fronts = [b for _, b in doc.outlines([MINI_EURO], page=0)]
    backs = [r for r in filled_rectangles(doc.paths[1]) if abs(r[2] - r[0] - 69.5) < 0.05]
    assert len(fronts) == len(backs) == 5
    for f in fronts:
        assert any(abs(b[0] - (f.x0 - 1)) < 0.5 and abs(b[1] - (297 - f.y1 - 1)) < 0.5 for b in backs)


def test_no_duplex_prints_fronts_only(built_1860):
    assert len(built_1860["shares"].paths) == math.ceil(72 / 12)


def test_german_labels(tmp_path):
    result = run("shares", "1860", "--lang", "de", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    doc = read_back(tmp_path / "shares.pdf")
    texts = [text_in(doc.chars[n], b) for n, b in doc.outlines([MINI_EURO])]
    assert sum("Direktorenanteil" in t for t in texts) == 8
    assert sum("Reserviert für" in t for t in texts) == 4
    assert not any("Director's" in t for t in texts)
    assert any("Cowes & Newport" in t for t in texts)  # the game's own names stay
    for kind, words in (("charters", ("Phasen", "Kapital (CC)", "Lok-Limit")), ("trains", ("Beginnt Phase 1",)),
                        ("privates", ("Wert £30", "Einnahmen £5")), ("tokens", ("EINN",))):
        pages = "".join(to_svg(p) for p in component(kind, lang="de").pages)  # the words as drawn
        for word in words:
            assert f">{word}<" in pages, (kind, word)


def component(kind: str, **extra):
    import importlib

    return importlib.import_module(f"pnp.components.{kind}").build(game("1860"), options("1860", **extra))


def test_rebuilds_are_byte_identical(tmp_path, built_1860):
    again = build_pdf("1860", "shares", tmp_path)
    assert again.read_bytes() == built_1860["shares"].pdf.read_bytes()


def test_each_command_writes_its_pdf_and_svgs(tmp_path):
    result = run("tokens", "1860", "--out", tmp_path, "--paper", "letter", "--no-crop-marks", "--bleed", "0.5mm")
    assert result.exit_code == 0, result.output
    assert "46 tokens and markers" in result.output
    assert (tmp_path / "tokens.pdf").exists()
    svgs = sorted(p.name for p in (tmp_path / "tokens").glob("*.svg"))
    assert "station-C_N.svg" in svgs and "station-C_N-back.svg" in svgs and "round.svg" not in svgs


@pytest.mark.parametrize("args, message", [
    (("--lang", "fr"), "unknown language 'fr'"),
    (("--bleed", "9mm"), "bleed 9 mm"),
    (("--bleed", "2 furlongs"), "--bleed"),
    (("--paper", "60x60mm"), "does not fit"),
])
def test_bad_options_exit_2_with_one_line(tmp_path, args, message):
    result = run("charters", "1860", "--out", tmp_path, *args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def edit_cards(folder, change):
    path = folder / "cards.yaml"
    data = yaml.safe_load(path.read_text())
    change(data["cards"])
    path.write_text(yaml.safe_dump(data, sort_keys=False))


def test_unknown_card_size_names_file_and_field(game_copy, tmp_path):
    folder = game_copy("1860")
    edit_cards(folder, lambda cards: cards[3].update(size="napkin"))
    result = run("cards", folder, "--out", tmp_path)
    assert result.exit_code == 2
    assert "cards.yaml: cards[3].size" in result.output and "unknown size 'napkin'" in result.output


def test_text_too_long_for_its_card_is_an_error_naming_it(game_copy, tmp_path):
    folder = game_copy("1860")
    edit_cards(folder, lambda cards: cards[3].update(size="mini-euro", text="and so on " * 200))
    result = run("cards", folder, "--out", tmp_path)
    assert result.exit_code == 2
    assert "cards[3] (priority-deal)" in result.output and "does not fit" in result.output
    assert "Traceback" not in result.output


def test_a_long_card_without_a_size_grows_to_a_larger_format(game_copy, tmp_path):
    folder = game_copy("1860")
    edit_cards(folder, lambda cards: cards[3].update(text="The holder acts first. " * 60))
    assert run("cards", folder, "--out", tmp_path).exit_code == 0
    doc = read_back(tmp_path / "cards.pdf")
    priority = [b for n, b in doc.outlines(all_card_sizes()) if text_in(doc.chars[n], b).startswith("Priority Deal")]
    assert len(priority) == 1 and priority[0].size[0] > 100  # A6 or larger, not mini-euro


def test_destination_is_printed_where_a_company_has_one(game_copy):
    import pnp.components.charters as charters
    from pnp.load import load_game

    folder = game_copy("1860")
    path = folder / "companies.yaml"
    path.write_text(path.read_text().replace("    home_name: Cowes\n", "    home_name: Cowes\n    destination: Ventnor\n", 1))
    pages = [to_svg(p) for p in charters.build(load_game(folder), options("1860")).pages]
    assert ">Destination<" in pages[0] and ">Ventnor<" in pages[0]
    assert sum(page.count(">Destination<") for page in pages) == 1  # only the C&N has one


def test_money_puts_the_amount_where_the_currency_says():
    from pnp.render.cards import money

    assert money(300, "£") == "£300" and money(300, "CC") == "300 CC" and money(20, "#c") == "20c"
