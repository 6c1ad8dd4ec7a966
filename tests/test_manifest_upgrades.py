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


def _keeps_by_sets(old_links: set[frozenset], new_links: set[frozenset]) -> bool:
    """The rule `covered_masks` answers, on the sets themselves: each pair of edges joined
    by track stays joined (by track, or within one stop's link), each stop's link lies
    within one new stop's."""
    new_stops = [s for s in new_links if "stop" in s]
    track_kept = all(link in new_links or any(link <= s for s in new_stops) for link in old_links if "stop" not in link)
    return track_kept and all(any(link <= s for s in new_stops) for link in old_links if "stop" in link)


def _random_links(rng) -> set[frozenset]:
    links = {frozenset(rng.sample(range(6), rng.choice((1, 2)))) for _ in range(rng.randrange(4))}
    links |= {frozenset({"stop", *rng.sample(range(6), rng.randrange(1, 5))}) for _ in range(rng.randrange(3))}
    return links


def test_masks_keep_routes_exactly_as_the_rules_on_sets():
    import random

    rng = random.Random(12)
    kept = 0
    for _ in range(20000):
        old, new = _random_links(rng), _random_links(rng)
        if rng.random() < 0.3:  # often a superset, so that both answers come up
            new |= old
        want = _keeps_by_sets(old, new)
        kept += want
        assert ({upgrades.link_mask(link) for link in old} <= upgrades.covered_masks(new)) == want, (old, new)
    assert 2000 < kept < 18000


@pytest.mark.parametrize("game_name", ["1860", "1851", "18xy"])
def test_every_tile_pair_upgrades_as_by_the_rules_on_sets(game_name):
    tiles = [e.tile for e in load_game(game_name).manifest]
    routes = upgrades.Routes()
    for old in tiles:
        for new in tiles:
            orientations = [(r, m) for m in ((False, True) if new.flippable else (False,))
                            for r in (range(6) if new.rotatable else (0,))]
            by_sets = any(all(_keeps_by_sets(upgrades.connections(old, gauge=g), upgrades.connections(new, r, m, g))
                              for g in ("standard", "narrow")) for r, m in orientations)
            assert upgrades._keeps_routes(old, new, routes) == by_sets, (old.id, new.id)
