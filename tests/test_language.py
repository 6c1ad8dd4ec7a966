"""`--lang de`: every word pnp itself prints comes from the German catalogue, on every
page of the kit (read back from the PDF), in its bookmarks, PDF title and index.md;
the game's own names stay as its data gives them, its texts print in the German the data gives. Also the catalogue's
counting helper and the data's own translations (flotation cards)."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from conftest import run
from pnp.i18n import messages
from pnp.load import load_game

# pnp's own English labels, one or more from every place that prints them: the kit's
# first page, page footers, map and market section pages, the map legend, the market
# aids, card components and the flotation cards (whose words 1860's data translates).
ENGLISH = [
    "Print-and-play kit", "This ruler is 100 mm", "Measure it;", "language de", "pieces,",  # calibration page
    "page 1 of",  # footers and section headers
    "How the sections fit together", "row 1, column 1", "starts here", "Neighbouring sections",
    "Print at actual size", "Cut each page along",  # map and market pages
    "room for station tokens", "pays no revenue", "Home of a company", "revenue by phase", "a tile costs",
    "Impassable side", "only tiles of the same letter", "by Mike Hutton",  # map legend and title
    "Stock market aids", "1860: Par values", "1860: Rounds", "1860: Stock Market", "Stock Round",
    "Operating Round", "every phase", "from phase", "limit 4", "Phase 9 starts",  # market aids
    "Share certificate", "Director's certificate", "Treasury", "Train limit", "Starts phase", "Rusts when",
    "never rusts", "Value £", "Revenue £", "Game card",  # cards
    "Flotation reminder", "Place the home station", "Keep between certificates", "Certificate limit",
    "Player cards", "Tile manifest", "Tile upgrade chart", "Tiles ·",  # player cards and aids
]
GERMAN = [
    "Spielmaterial zum Ausdrucken", "Dieses Lineal ist 100 mm", "Seite 1 von", "So passen die Abschnitte zusammen",
    "Reihe 1, Spalte 1", "Platz für Bahnhofsmarker", "Unpassierbare Kante", "von Mike Hutton", "1860: Börse",
    "1860: Startwerte", "1860: Runden", "Betriebsrunde 1, in jeder Phase", "Limit 4", "Direktorenanteil",
    "Beginnt Phase 1", "Gründungserinnerung", "Den Heimatbahnhof in Cowes (F2) einsetzen", "Papierlimit",
    "Liste der Gleisplättchen", "Tauschtabelle",
]
BOOKMARKS_DE = ["Kalibrierung und Inhalt", "Gleisplättchen", "Spielplan", "Börse", "Aktien", "Besitzkarten", "Loks",
                "Spielerkarten", "Liste der Gleisplättchen", "Tauschtabelle"]


def squeeze(text: str) -> str:
    """Text without white space: words read back from a PDF may come apart or together."""
    return re.sub(r"\s+", "", text)


@pytest.fixture(scope="module")
def kit_de(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit-de")
    result = run("build", "1860", "--lang", "de", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(out / "1860-kit.pdf"))
    pages = [squeeze(page.extract_text() or "") for page in reader.pages]
    return out, reader, pages


@pytest.mark.parametrize("label", ENGLISH)
def test_german_kit_prints_no_english_label_of_pnp(kit_de, label):
    _, _, pages = kit_de
    found = [n + 1 for n, text in enumerate(pages) if squeeze(label) in text]
    assert not found, f"'{label}' is printed in English on page(s) {found} of the German kit"


def test_german_kit_prints_german_labels(kit_de):
    _, _, pages = kit_de
    every = "".join(pages)
    missing = [label for label in GERMAN if squeeze(label) not in every]
    assert not missing, missing


def test_game_names_stay_as_the_data_gives_them_and_texts_print_in_german(kit_de):
    """Company and private names print unchanged; a private's rule text prints in the
    German the data gives it (tests/test_data_language.py checks every text)."""
    _, _, pages = kit_de
    every = "".join(pages)
    game = load_game("1860")
    for text in [c.name for c in game.companies] + [p.name for p in game.privates]:
        assert squeeze(text) in every, text
    rule = game.privates[-1].text
    assert squeeze(rule.translations["de"]) in every and squeeze(str(rule)) not in every


def test_bookmarks_pdf_title_and_index_are_german(kit_de):
    out, reader, _ = kit_de
    titles = [item.title for item in reader.outline if not isinstance(item, list)]
    assert set(BOOKMARKS_DE) <= set(titles), titles
    assert reader.metadata.title == "1860: Spielmaterial zum Ausdrucken"
    index = (out / "index.md").read_text()
    assert index.startswith("# 1860: Spielmaterial zum Ausdrucken")
    assert "| Bestandteil | Teile | erwartet | Seiten | Datei |" in index and "| Spielerkarten | 11 | 11 |" in index
    assert "print kit" not in index and "| component |" not in index


def test_counts_say_one_thing_or_many():
    en, de = messages("en"), messages("de")
    assert en.count("aids.tiles", 1) == "1 tile" and en.count("aids.tiles", 3) == "3 tiles"
    assert de.count("kit.pages", 1) == "1 Seite" and de.count("kit.pages", 2) == "2 Seiten"
    assert en.count("sections.skipped", 1).startswith("1 section with nothing on it is")


def test_flotation_translation_must_name_known_facts(game_copy):
    """A flotation step whose German names a fact the card does not know stops with
    the file, the field and the language (exit 2), not a card that cannot be filled in."""
    folder = game_copy("1860")
    path = folder / "companies.yaml"
    text = path.read_text()
    marker = 'de: "Den Börsenmarker der {symbol} auf'
    assert marker in text
    path.write_text(text.replace(marker, 'de: "Den Börsenmarker der {kürzel} auf'))
    result = run("player-cards", str(folder), "--lang", "de", "--out", folder / "out")
    assert result.exit_code == 2, result.output
    assert "companies.yaml" in result.output and "flotation: steps[3].de" in result.output
    assert "unknown placeholder {kürzel}" in result.output and "Traceback" not in result.output
