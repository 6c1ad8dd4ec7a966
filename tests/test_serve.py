"""`pnp serve` as a server: saving a file rebuilds only what it affects, errors show with
file and line and clear when fixed, and a deleted file, a renamed game folder and a
burst of saves are handled without a restart. (The page itself: test_serve_browser.py.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.new import new_game
from servetools import get, served, state, wait_for

pytest.importorskip("uvicorn", reason="pnp serve needs starlette, uvicorn and watchfiles: pip install .")

WAIT = 60  # s: the longest any single change may take to show on this shared machine


@pytest.fixture
def game(tmp_path) -> Path:
    return new_game("servetest", out=tmp_path / "servetest")


def previews(base: str) -> dict[str, dict]:
    return {p["key"]: p for p in state(base)["previews"]}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def version_above(base: str, key: str, version: int):
    p = previews(base).get(key)
    return p if p and p["version"] > version and not p["error"] else None


def test_the_page_lists_every_component_with_its_pages_and_pdfs(game):
    with served(game) as base:
        shown = previews(base)
        for key in ("tiles", "map", "market", "shares", "charters", "trains", "tokens", "tile_manifest",
                    "upgrade_chart"):
            assert shown[key]["pages"] >= 1 and shown[key]["error"] is None, key
        page = get(f"{base}/").decode()
        assert page.count('class="card"') == len(shown)
        assert "/pdf/tiles/0" in page and "/svg/map/0" in page
        assert get(f"{base}/svg/tiles/0").startswith(b"<svg")
        assert get(f"{base}/pdf/tiles/0").startswith(b"%PDF")


def test_saving_a_tile_rebuilds_what_shows_tiles_and_nothing_else(game):
    with served(game) as base:
        before = previews(base)
        assert b">50<" in get(f"{base}/svg/tiles/0") and b">90<" not in get(f"{base}/svg/tiles/0")
        edit(game / "tiles.yaml", "stops: [{city: 50, slots: 2}]", "stops: [{city: 90, slots: 2}]")
        wait_for(lambda: version_above(base, "tiles", before["tiles"]["version"]), WAIT, "the tiles to be redrawn")
        assert b">90<" in get(f"{base}/svg/tiles/0")
        wait_for(lambda: version_above(base, "tile_manifest", before["tile_manifest"]["version"]), WAIT,
                 "the tile manifest to be redrawn")
        after = previews(base)
        for key in ("shares", "charters", "trains", "tokens", "market"):
            assert after[key]["builds"] == before[key]["builds"], key  # not rebuilt
            assert after[key]["version"] == before[key]["version"], key


def test_a_data_error_shows_file_line_and_field_beside_the_last_good_preview_and_clears(game):
    with served(game) as base:
        before = previews(base)
        edit(game / "map.yaml", "stops: [{town: 10}]", "stops: [{town: 10, slotz: 2}]")
        s = wait_for(lambda: (s := state(base))["error"] and s, WAIT, "the error to show")
        assert s["error"].startswith("pnp: error: ") and "map.yaml" in s["error"] and "slotz" in s["error"]
        shown = previews(base)
        assert shown["map"]["error"] == s["error"] and shown["map"]["pages"] == before["map"]["pages"] >= 1
        assert get(f"{base}/svg/map/0").startswith(b"<svg")  # the last good drawing stays
        assert shown["trains"]["error"] is None  # trains do not read the map
        edit(game / "map.yaml", "slotz: 2}", "}")
        wait_for(lambda: state(base)["error"] is None and previews(base)["map"]["error"] is None, WAIT,
                 "the error to clear")


def test_a_yaml_syntax_error_names_the_line(game):
    with served(game) as base:
        edit(game / "trains.yaml", "price: 180", "price: [180")
        s = wait_for(lambda: (s := state(base))["error"] and s, WAIT, "the error to show")
        assert "trains.yaml:" in s["error"] and "YAML syntax error" in s["error"]
        line = s["error"].split("trains.yaml:")[1].split(":")[0]
        assert line.isdigit() and int(line) > 1


def test_a_deleted_file_and_a_renamed_game_folder_need_no_restart(game, tmp_path):
    with served(game) as base:
        keep = (game / "trains.yaml").read_text(encoding="utf-8")
        (game / "trains.yaml").unlink()
        wait_for(lambda: state(base)["error"] or "trains" not in previews(base), WAIT,
                 "the page to notice trains.yaml is gone")
        (game / "trains.yaml").write_text(keep, encoding="utf-8")
        wait_for(lambda: state(base)["error"] is None and "trains" in previews(base), WAIT, "trains to come back")

        renamed = tmp_path / "renamed"
        shutil.move(game, renamed)
        wait_for(lambda: (s := state(base))["folder"] == str(renamed.resolve()) and s["error"] is None, WAIT,
                 "the server to follow the renamed folder")
        tiles = previews(base)["tiles"]["version"]
        edit(renamed / "tiles.yaml", "{city: 50, slots: 2}", "{city: 60, slots: 2}")
        wait_for(lambda: version_above(base, "tiles", tiles), WAIT, "a change in the renamed folder to show")
        assert b">60<" in get(f"{base}/svg/tiles/0")


def test_a_burst_of_saves_ends_in_the_last_one_without_a_rebuild_each(game):
    with served(game) as base:
        before = previews(base)["tiles"]["builds"]
        path = game / "tiles.yaml"
        text = path.read_text(encoding="utf-8")
        for revenue in range(51, 71):
            path.write_text(text.replace("{city: 50, slots: 2}", f"{{city: {revenue}, slots: 2}}"), encoding="utf-8")
        wait_for(lambda: b">70<" in get(f"{base}/svg/tiles/0"), WAIT, "the last save to show")
        builds = previews(base)["tiles"]["builds"] - before
        assert 1 <= builds < 20, builds
