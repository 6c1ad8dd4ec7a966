"""The preview page as a person uses it: Playwright drives Debian's headless Chromium
(installed by .ci/run). The page shows the previews, picks up a file saved on disk
without a reload and keeps its scroll position, shows a data error beside the last
good preview and clears it, and a second tab follows along."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pnp.new import new_game
from servetools import served

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is in the test extra: pip install '.[test]'")

CHROMIUM = os.environ.get("PNP_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
WAIT_MS = 60_000  # the longest any change may take to show on a shared CI machine

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).is_file(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run does)")


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def card(page, key: str):
    return page.locator(f'.card[data-key="{key}"]')


def images_loaded(page, key: str) -> int:
    """How many of the card's preview images the browser has drawn."""
    return page.evaluate("""key => [...document.querySelectorAll(`.card[data-key="${key}"] img.page`)]
        .filter(img => img.complete && img.naturalWidth > 0).length""", key)


def test_the_page_shows_the_previews_follows_saves_and_errors(browser, tmp_path):
    game = new_game("browsertest", out=tmp_path / "browsertest")
    with served(game) as base:
        page = browser.new_page(viewport={"width": 1200, "height": 800})
        page.goto(base + "/")
        page.wait_for_selector("body[data-live]", timeout=WAIT_MS)
        for key in ("tiles", "map", "market", "shares", "charters", "trains", "tokens", "tile_manifest",
                    "upgrade_chart"):
            assert card(page, key).count() == 1, key
            page.wait_for_function("key => document.querySelectorAll(`.card[data-key=\"${key}\"] img.page`).length"
                                   " > 0", arg=key, timeout=WAIT_MS)
            assert card(page, key).locator(".pdfs a").count() >= 1, key
        page.locator('.card[data-key="tiles"] img.page').first.scroll_into_view_if_needed()
        page.wait_for_function("() => document.querySelector('.card[data-key=\"tiles\"] img.page').naturalWidth > 0",
                               timeout=WAIT_MS)
        assert images_loaded(page, "tiles") >= 1

        # opens large
        page.locator('.card[data-key="map"] img.page').first.click()
        assert page.locator("#large").is_visible()
        page.keyboard.press("Escape")
        assert not page.locator("#large").is_visible()

        # a second tab
        other = browser.new_page()
        other.goto(base + "/")
        other.wait_for_selector("body[data-live]", timeout=WAIT_MS)

        # save a tile's new revenue: the open page redraws it where it is
        page.evaluate("window.scrollTo(0, 300)")
        scroll = page.evaluate("window.scrollY")
        version = int(card(page, "tiles").get_attribute("data-version"))
        tiles = game / "tiles.yaml"
        tiles.write_text(tiles.read_text().replace("{city: 50, slots: 2}", "{city: 90, slots: 2}"))
        for tab in (page, other):
            tab.wait_for_function("v => +document.querySelector('.card[data-key=\"tiles\"]').dataset.version > v",
                                  arg=version, timeout=WAIT_MS)
        src = card(page, "tiles").locator("img.page").first.get_attribute("src")
        assert ">90<" in page.evaluate("src => fetch(src).then(r => r.text())", src)
        assert page.evaluate("window.scrollY") == scroll

        # a data error shows, with file and line, beside the last good preview; fixing it clears it
        good = tiles.read_text()
        tiles.write_text(good.replace("{city: 90, slots: 2}", "{city: 90, slots: 2"))
        banner = page.locator("#game-error")
        banner.wait_for(state="visible", timeout=WAIT_MS)
        text = banner.inner_text()
        assert text.startswith("pnp: error: ") and "tiles.yaml:" in text and "YAML syntax error" in text
        assert card(page, "tiles").locator(".error").inner_text() == text
        assert card(page, "tiles").locator("img.page").count() >= 1  # the last good drawing stays
        other.locator("#game-error").wait_for(state="visible", timeout=WAIT_MS)
        tiles.write_text(good)
        banner.wait_for(state="hidden", timeout=WAIT_MS)
        card(page, "tiles").locator(".error").wait_for(state="hidden", timeout=WAIT_MS)
        other.locator("#game-error").wait_for(state="hidden", timeout=WAIT_MS)
        other.close()
        page.close()
