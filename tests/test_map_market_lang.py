"""`pnp map` and `pnp market` take `--lang` like the other component commands: the
map's legend and the market's titles print in German, read back from the PDF; an
unknown language is a one-line error with exit status 2."""

from __future__ import annotations

import re

from pypdf import PdfReader

from conftest import run


def text_of(pdf) -> str:
    return re.sub(r"\s+", "", " ".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages))


def test_map_lang_de_prints_the_legend_and_data_texts_in_german(tmp_path):
    result = run("map", "1860", "--lang", "de", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    text = text_of(tmp_path / "map.pdf")
    for german in ("Stadt:PlatzfürBahnhofsmarker", "Unpassierbare", "EisenbahnenaufderIsleofWight"):
        assert german in text
    for english in ("roomforstationtokens", "paysnorevenue", "RailwaysontheIsleofWight"):
        assert english not in text
    sections = text_of(tmp_path / "map-sections.pdf")
    assert "Seite1von" in sections and "page1of" not in sections


def test_market_lang_de_prints_its_titles_in_german(tmp_path):
    result = run("market", "1860", "--lang", "de", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    text = text_of(tmp_path / "market.pdf")
    assert "1860:Börse" in text and "StockMarket" not in text


def test_unknown_language_is_a_one_line_error(tmp_path):
    for command in ("map", "market"):
        result = run(command, "1860", "--lang", "xx", "--out", tmp_path)
        assert result.exit_code == 2
        assert "unknown language 'xx'" in result.output
        assert "Traceback" not in result.output
