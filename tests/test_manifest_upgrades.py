"""A manifest's upgrades are worked out when first asked for (`pnp.upgrades.ManifestUpgrades`),
not when the game loads: `pnp tiles` never shows them. Asked for, they are what deriving
every tile at once among the manifest's tiles gives, each tile derived once."""

from __future__ import annotations

import pytest

from calls import tile_ids_passed
from conftest import run
from pnp import upgrades
from pnp.load import load_game


@pytest.fixture
def derived(monkeypatch) -> list[str]:
    """The ids of the tiles `derive_upgrades` is called for."""
    return tile_ids_passed(monkeypatch, upgrades, "derive_upgrades")


@pytest.mark.parametrize("game_name", ["1860", "1851", "18xy"])
def test_upgrades_are_derived_when_first_asked_for(game_name, derived):
    game = load_game(game_name)
    assert derived == []
    as_loaded = [e.tile for e in game.manifest]
    eager = {e.tile.id: upgrades.derive_upgrades(e.tile, as_loaded) for e in game.manifest}
    derived.clear()
    first = {e.tile.id: e.upgrades for e in reversed(game.manifest)}  # in another order than loaded
    again = {e.tile.id: e.upgrades for e in game.manifest}
    assert first == again == eager
    assert sorted(derived) == sorted(e.tile.id for e in game.manifest)  # each once
    assert any(first.values())


def test_pnp_tiles_derives_no_upgrade(derived, tmp_path):
    result = run("tiles", "1860", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "139 tiles on 5 pages" in result.output
    assert derived == []


def test_a_pickled_manifest_keeps_its_upgrades_not_its_memo():
    import pickle

    game = load_game("1851")
    first = game.manifest[0]
    found = first.upgrades
    copy = pickle.loads(pickle.dumps(game.manifest))
    memo = copy[0].upgrades_of
    assert memo.found == {first.tile.id: found} and memo.routes.links == {}
    assert [e.upgrades for e in copy] == [e.upgrades for e in game.manifest]
