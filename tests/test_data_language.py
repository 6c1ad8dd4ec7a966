"""Data texts in the kit's language: a text may be given per language ({en: ..., de: ...});
`--lang de` kits print the German of every data text and none of its English sentences
(read back from every page of the kit); the bundled games give German for every text;
a missing translation falls back to the game's language and is named; a bad one stops
with the file and field."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from conftest import run
from pnp.load import bundled_games, load_game
from pnp.localise import data_texts, localise
from pnp.model.text import Name, Text, needs_translation

GAMES = ["1860", "1851", "18xy"]
# The whole kit for 1860; for the others every component but the tile sheets and tile
# aids, which print no data text (tiles hold none), to spare the test run a minute.
ONLY = {"1851": "map,market,shares,charters,privates,trains,tokens,cards,money,player_cards",
        "18xy": "map,sections,market,shares,charters,privates,trains,tokens,cards,money,player_cards"}


def squeeze(text: str) -> str:
    """Text without white space: words read back from a PDF may come apart or together."""
    return re.sub(r"\s+", "", text)


def translated(game: str) -> list[tuple[str, Text]]:
    """The game's texts that read differently in German."""
    return [(where, t) for where, t in data_texts(load_game(game))
            if "de" in t.translations and t.translations["de"] != t.fallback()]


def printed(game, where: str) -> bool:
    """Whether the kit prints the text at `where`: a market zone's name only keys its
    legend, the kit prints the base map and not its variants, the designer is named on
    the map (18-XY's kit has map sections, and a composed map only with --layout), and a
    train with no cards of its own (18-XY's 12) prints no notes."""
    if re.search(r"zones\.\w+\.name$", where) or re.match(r"map\.yaml: variants\.", where):
        return False
    if where == "game.yaml: designer" and game.part("map") is None:
        return False
    match = re.match(r"trains\.yaml: trains\[(\d+)\]\.notes$", where)
    return not (match and game.trains[int(match.group(1))].cards == 0)


def pieces(text: str, words: int = 1) -> list[str]:
    """The wording between placeholders (a flotation step's {symbol} is filled in), the
    pieces of at least `words` words, squeezed."""
    return [squeeze(p) for p in re.split(r"\{\w+\}", text) if len(p.split()) >= words]


@pytest.fixture(scope="module", params=GAMES)
def kit_de(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"kit-de-{request.param}")
    only = ["--only", ONLY[request.param]] if request.param in ONLY else []
    result = run("build", request.param, "--lang", "de", "--out", out, "-q", *only)
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output, result.output
    pages = [squeeze(page.extract_text() or "") for page in PdfReader(str(out / f"{request.param}-kit.pdf")).pages]
    return request.param, pages


def test_german_kit_prints_no_english_sentence_of_the_data(kit_de):
    game, pages = kit_de
    sentences = [(where, t.fallback()) for where, t in translated(game) if len(t.fallback().split()) >= 2]
    assert len(sentences) >= 20, sentences  # the test reads real texts of every game
    found = [(where, text, [n + 1 for n, page in enumerate(pages) if any(p in page for p in pieces(text, 2))])
             for where, text in sentences]
    found = [f for f in found if f[2]]
    assert not found, f"English data texts in the German {game} kit (where, text, pages): {found}"


def test_german_kit_prints_the_german_of_every_data_text(kit_de):
    game, pages = kit_de
    loaded = load_game(game)
    every = "".join(pages)
    expected = [(where, t.translations["de"]) for where, t in translated(game) if printed(loaded, where)]
    missing = [(where, de) for where, de in expected if not all(p in every for p in pieces(de))]
    assert not missing, missing
    assert len(expected) >= 20


@pytest.mark.parametrize("game", GAMES)
def test_every_data_text_of_the_bundled_games_has_german(game):
    result = localise(load_game(game), "de")
    assert result.missing == (), result.missing
    texts = data_texts(load_game(game))
    worded = [(w, t) for w, t in texts if needs_translation(t) and not isinstance(t, Name)]
    assert worded and all("de" in t.translations for _, t in worded)


def test_bundled_games_are_all_checked():
    assert set(GAMES) <= set(bundled_games())


@pytest.mark.parametrize("game", GAMES)
def test_english_is_the_data_as_written(game):
    """An English kit prints exactly the English wording: nothing is missing and every
    text resolves to the same string the data gives as English."""
    loaded = load_game(game)
    result = localise(loaded, "en")
    assert result.missing == ()
    for where, t in data_texts(loaded):
        assert t.in_language("en") == t.translations.get("en", str(t)) == str(t), where
    assert data_texts(result.game) == []  # resolved: plain strings from here on, for every renderer
    assert [type(p.text) for p in result.game.privates] == [str] * len(loaded.privates)
    assert [p.text for p in result.game.privates] == [str(p.text) for p in loaded.privates]


def test_english_cards_stay_english(tmp_path):
    result = run("cards", "1860", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    every = "".join(squeeze(p.extract_text() or "") for p in PdfReader(str(tmp_path / "cards.pdf")).pages)
    cards = [t for w, t in translated("1860") if w.startswith("cards.yaml") and len(t.split()) >= 2]
    assert cards and all(squeeze(t.fallback()) in every for t in cards)
    assert not [t for t in cards if squeeze(t.translations["de"]) in every]


def test_text_parses_plain_and_per_language():
    plain = Text.parse("Closes at phase 5.")
    assert plain == "Closes at phase 5." and not plain.translations
    assert plain.in_language("en") == "Closes at phase 5." and plain.in_language("de") is None
    both = Text.parse({"en": "Closes.", "de": "Wird geschlossen."})
    assert both == "Closes." and both.in_language("de") == "Wird geschlossen."
    assert Text.parse("74, 82, 90").in_language("de") == "74, 82, 90"  # no words: the same in every language
    assert Name.parse("Cowes").in_language("de") == "Cowes"  # a name prints as written


def test_missing_translation_falls_back_and_is_named(game_copy, tmp_path):
    folder = game_copy("1851")
    path = folder / "privates.yaml"
    text = path.read_text()
    german = "      de: Keine besondere Fähigkeit. Wird in Phase 5 geschlossen; darf nicht verkauft werden.\n"
    assert text.count(german) == 2
    path.write_text(text.replace(german, "", 1))
    result = run("validate", str(folder), "--lang", "de")
    assert result.exit_code == 0, result.output
    assert "1 data text(s) have no 'de' version" in result.output
    assert "privates.yaml: privates[1].text" in result.output
    result = run("privates", str(folder), "--lang", "de", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "warning: 1 data text(s) have no 'de' version" in result.output and "privates[1].text" in result.output
    every = squeeze("".join(p.extract_text() or "" for p in PdfReader(str(tmp_path / "privates.pdf")).pages))
    assert squeeze("No special ability. Closes at phase 5") in every  # the game's own language
    assert squeeze("Keine besondere Fähigkeit") in every  # the other M&C-like private keeps its German


@pytest.mark.parametrize("replacement, problem", [
    ("{en: Closes at phase 5; may not be sold., fr: Fermée en phase 5.}", "unknown language 'fr'"),
    ('{en: Closes at phase 5; may not be sold., de: ""}', "the de text must be a non-empty string"),
    ("{}", "needs at least one"),
    ("[Closes, at phase 5]", "a text is a string or a mapping of languages"),
])
def test_bad_text_stops_with_file_and_field(game_copy, replacement, problem):
    folder = game_copy("1851")
    path = folder / "privates.yaml"
    text = path.read_text()
    line = "    text: {en: Closes at phase 5; may not be sold., de: Wird in Phase 5 geschlossen; darf nicht verkauft werden.}"
    assert text.count(line) == 2
    path.write_text(text.replace(line, f"    text: {replacement}", 1))
    result = run("validate", str(folder))
    assert result.exit_code == 2, result.output
    assert "privates.yaml" in result.output and "privates[3].text" in result.output and problem in result.output
    assert "Traceback" not in result.output


def test_game_language_must_be_known(game_copy):
    folder = game_copy("1851")
    path = folder / "game.yaml"
    path.write_text(path.read_text() + "language: xx\n")
    result = run("validate", str(folder))
    assert result.exit_code == 2 and "game.yaml" in result.output and "unknown language 'xx'" in result.output
