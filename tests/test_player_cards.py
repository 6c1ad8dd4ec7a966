"""Player-count cards and flotation reference cards, read back from the PDF: each card's
cut outline is a rectangle of its format's size, and the text inside each outline is
that card's own (the numbers come from game.yaml and companies.yaml, never retyped)."""

import pytest
from pypdf import PdfReader

from aidpdf import words
from componentpdf import build_pdf, read_back
from conftest import run
from pdfpaths import read_paths, rectangles
from pnp.load import bundled_games, load_game
from pnp.sheets.formats import component_format
from test_components_fit import FOOTER_BAND, overlap
from test_load_errors import edit, expect_error


@pytest.fixture(scope="module")
def cards_1851(tmp_path_factory):
    out = tmp_path_factory.mktemp("cards1851")
    result = run("player-cards", "1851", "--out", out)
    assert result.exit_code == 0, result.output
    return out / "player_cards.pdf"


def card_texts(pdf, width, height):
    """The words inside each card outline of the given size, one list per card. Small
    text may come back with its spaces lost ("Certificatelimit"), so phrases are
    compared without spaces (`squash`)."""
    cards = []
    all_words = words(pdf)
    for n, page in enumerate(read_paths(pdf)):
        for x0, y0, x1, y1 in rectangles(page):
            if abs((x1 - x0) - width) < 0.2 and abs((y1 - y0) - height) < 0.2:
                cards.append([w.text for w in all_words if w.page == n and x0 <= w.x0 and w.x1 <= x1 and y0 <= w.y <= y1])
    return cards


def squash(text) -> str:
    return "".join(text).replace(" ", "")


def test_three_player_cards_with_their_own_numbers(cards_1851):
    fmt = component_format("player_card")
    players = [t for t in card_texts(cards_1851, fmt.width, fmt.height) if "players" in t]
    assert len(players) == 3
    expected = {3: ("15", "$500", "L&O·M&C·ET&WNC"), 4: ("12", "$430", "L&O·M&C·ET&WNC·O&W"),
                5: ("10", "$400", "L&O·M&C·ET&WNC·O&W·CNO&TP")}
    for n, (limit, cash, privates) in expected.items():
        [card] = [t for t in players if t[:2] == [str(n), "players"]]
        assert limit in card and cash in card, card
        assert squash(card).endswith(f"Privatesinplay:{privates}"), card
        assert "Certificatelimit" in squash(card) and "Startcapital" in squash(card)


def test_a_flotation_card_per_company(cards_1851):
    fmt = component_format("share")
    texts = [squash(t) for t in card_texts(cards_1851, fmt.width, fmt.height) if "Flotation" in t]
    game = load_game("1851")
    assert len(texts) == len(game.companies) == 6
    for company in game.companies:
        [card] = [t for t in texts if squash(company.name) in t]
        assert f"({company.home})" in card and "$100" in card and "4stationmarkers" in card
        assert "betweencertificates4and5" in card


def test_every_card_is_drawn_and_counted(cards_1851):
    rects = [r for page in read_paths(cards_1851) for r in rectangles(page)]
    size = component_format("player_card")
    assert sum(1 for x0, y0, x1, y1 in rects if abs(x1 - x0 - size.width) < 0.2 and abs(y1 - y0 - size.height) < 0.2) == 9
    assert len(PdfReader(str(cards_1851)).pages) == 1


def test_german_labels(tmp_path):
    result = run("player-cards", "1851", "--lang", "de", "--out", tmp_path)
    assert result.exit_code == 0
    text = " ".join(w.text for w in words(tmp_path / "player_cards.pdf"))
    assert "Papierlimit" in text and "Startkapital" in text and "3 Spieler" in text


def test_1860_prints_its_player_counts_and_flotation_reminders(tmp_path):
    result = run("player-cards", "1860", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    game = load_game("1860")
    text = " ".join(w.text for w in words(tmp_path / "player_cards.pdf"))
    for n, rule in game.info.rules.players.items():
        assert f"{n} players" in text and f"{rule.cash}" in text
    assert text.count(game.part("companies").flotation.title.split()[0]) == len(game.companies)


def test_unknown_placeholder_is_a_data_error(game_copy):
    folder = game_copy("1851")
    edit(folder / "companies.yaml", "{token_set_price}", "{token_price}")
    expect_error(folder, "companies.yaml", "flotation", "unknown placeholder {token_price}")


def test_a_step_naming_a_missing_fact_is_a_clear_error(game_copy, tmp_path):
    folder = game_copy("1851")
    edit(folder / "companies.yaml", "    home: G7\n    home_name: Jackson\n", "")
    result = run("player-cards", folder, "--out", tmp_path)
    assert result.exit_code == 2, result.output
    assert "companies.yaml" in result.output and "GM&O has no home" in result.output


@pytest.mark.parametrize("game_name", [g for g in bundled_games() if load_game(g).info.rules.players])
def test_no_text_leaves_its_card_and_no_letters_overlap(game_name, tmp_path):
    """The same measure the other card components pass (test_components_fit.py)."""
    doc = read_back(build_pdf(game_name, "player_cards", tmp_path))
    sizes = [component_format(k).size(0, 0, 0) for k in ("player_card", "share")]
    for n, chars in enumerate(doc.chars):
        boxes = [b for _, b in doc.outlines(sizes, page=n)]
        assert boxes
        for c in chars:
            if c.y0 > 297 - FOOTER_BAND:
                continue  # the page footer
            home = [b for b in boxes if b.x0 <= (c.x0 + c.x1) / 2 <= b.x1 and b.y0 <= (c.y0 + c.y1) / 2 <= b.y1]
            assert home, f"'{c.text}' at ({c.x0:.1f}, {c.y0:.1f}) is outside every card"
            b = home[0]
            assert c.x0 >= b.x0 + 1.0 and c.x1 <= b.x1 - 1.0 and c.y0 >= b.y0 + 1.0 and c.y1 <= b.y1 - 1.0, c.text
        grid: dict[tuple[int, int], list] = {}  # letters by 5 mm square: compare neighbours only
        for c in (c for c in chars if c.text.strip()):
            for key in {(int(x // 5), int(y // 5)) for x in (c.x0, c.x1) for y in (c.y0, c.y1)}:
                for other in grid.get(key, []):
                    assert overlap(c, other) < 0.3, f"'{c.text}' overlaps '{other.text}'"
                grid.setdefault(key, []).append(c)


def test_rebuild_is_byte_identical(cards_1851, tmp_path):
    assert run("player-cards", "1851", "--out", tmp_path).exit_code == 0
    assert (tmp_path / "player_cards.pdf").read_bytes() == cards_1851.read_bytes()


def test_flotation_text_size_as_trying_every_size(monkeypatch):
    """`steps_and_notes_size` passes over the sizes at which the text is surely too tall
    without wrapping it (`_surely_too_tall`); the size it settles on is the one trying
    every size gives: for every bundled flotation card and for random steps, notes and
    boxes, many of them too tall to fit at all."""
    import random

    from pnp.card_layouts import layout_values
    from pnp.components import player_cards as pc
    from pnp.components.cardsheet import context
    from pnp.errors import PnpError
    from pnp.render.box import Box
    from pnp.templates import paper
    from pnp.commands.common import print_options

    def size_of(steps, notes, box, at, plainly):
        if plainly:
            monkeypatch.setattr(pc, "_surely_too_tall", lambda *args: False)
        try:
            return pc.steps_and_notes_size(steps, notes, box, at, "test")
        except PnpError as exc:
            return str(exc)
        finally:
            monkeypatch.undo()

    cases = []
    for name in ("1860", "1851"):
        game = load_game(name)
        ctx = context(game, print_options(game, "a4", "default"))
        size = ctx.size(component_format("share"))
        at = layout_values("player_card", "flotation", size)
        flotation = game.part("companies").flotation
        for company in game.companies if flotation else ():
            steps = [pc.fill_in(s, company, ctx, "x") for s in flotation.steps]
            body = pc.card_box(size).below(at.band).inset(at.pad, at.body_inset_y)
            cases.append((steps, "", body, at))
    assert len(cases) >= 8
    rng = random.Random(7)
    words = ["a", "float", "the", "company", "sells", "Director's", "certificate", "100%", "to", "its", "treasury",
             "Übernahme", "x" * 30, "and", "then", "operates", "—", "(home)"]
    at = cases[0][3]
    for _ in range(400):
        steps = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 25))) + rng.choice(["", "\n", "\nand more"])
                 for _ in range(rng.randint(1, 7))]
        notes = " ".join(rng.choice(words) for _ in range(rng.randint(0, 30)))
        box = Box(0.0, 0.0, rng.uniform(20.0, 70.0), rng.uniform(10.0, 80.0))
        cases.append((steps, notes, box, at))
    fitted = skipped = 0
    for steps, notes, box, at_ in cases:
        told = size_of(steps, notes, box, at_, plainly=False)
        assert told == size_of(steps, notes, box, at_, plainly=True), (steps, notes, box)
        fitted += isinstance(told, float)
        skipped += isinstance(told, float) and told < at_.steps_size
    assert fitted > 100 and skipped > 50
