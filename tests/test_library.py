"""The standard tile library read only as far as a game needs (pnp/library.py): the same
tiles as reading every file whole, only the named ones read, and every problem reported
as reading the whole file reports it."""

from __future__ import annotations

import shutil

import pytest

from pnp.errors import DataError
from pnp.library import Library, full_library, library
from pnp.load import load_game, tile_library
from pnp.resources import data_dir
from pnp.yamlfile import read_yaml, with_line

TILES = data_dir() / "tiles"


@pytest.fixture
def folder(tmp_path):
    target = tmp_path / "tiles"
    shutil.copytree(TILES, target)
    return target


def message(fn) -> str:
    with pytest.raises(DataError) as caught:
        fn()
    return str(with_line(caught.value))


def test_the_index_holds_the_same_tiles_in_the_same_order_as_whole_files():
    whole = full_library(TILES)
    lazy = Library(TILES)
    assert list(lazy.entries) == list(whole)  # every file in the converter's shape: none read whole
    assert not lazy.whole and not lazy.tiles
    for tile_id in list(whole)[::7]:
        assert lazy[tile_id] == whole[tile_id]
    assert not lazy.whole
    everything = lazy.all()
    assert list(everything) == list(whole) and everything == whole


def test_loading_a_game_reads_only_the_library_tiles_its_manifest_names():
    library.cache_clear()  # a fresh process: nothing read yet
    game = load_game("1860")
    own = {str(t["id"]) for t in read_yaml(data_dir() / "games" / "1860" / "tiles.yaml").get("tiles") or []}
    named = {e.tile.id for e in game.manifest} - own
    assert len(named) >= 10
    assert set(library(TILES).tiles) == named
    assert len(named) < len(library(TILES).entries) / 10


def test_tile_library_is_every_tile_checked():
    assert tile_library() == full_library(TILES)


def break_tile(folder, name: str, tile_id: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    start = text.index(f'  - id: "{tile_id}"\n')
    end = text.index("  - id:", start + 1)
    assert old in text[start:end]
    path.write_text(text[:start] + text[start:end].replace(old, new, 1) + text[end:], encoding="utf-8")


@pytest.mark.parametrize("old, new", [
    ("color: yellow", "color: navy"),  # a field the model refuses
    ("color: yellow", "color: yellow\n    color: green"),  # a duplicate key, found by the YAML reader
    ("track:", "track: [\n  - broken"),  # YAML that does not parse
    ("color: yellow", "color: \"yellow\\u0007\""),  # a control character
])
def test_a_broken_tile_reports_what_reading_its_whole_file_reports(folder, old, new):
    break_tile(folder, "yellow.yaml", "57", old, new)
    lazy = message(lambda: Library(folder)["57"])
    whole = message(lambda: full_library(folder))
    assert lazy == whole and "yellow.yaml:" in lazy


def test_a_tile_not_asked_for_is_not_read(folder):
    break_tile(folder, "yellow.yaml", "57", "color: yellow", "color: navy")
    lazy = Library(folder)
    assert lazy["58"].id == "58"  # the broken 57 is not read ...
    assert "yellow.yaml" in message(lazy.all)  # ... until every tile is asked for


def test_an_id_in_two_files_is_the_error_it_always_was(folder):
    text = (folder / "gray.yaml").read_text(encoding="utf-8")
    (folder / "gray.yaml").write_text(text + '  - id: "57"\n    color: gray\n', encoding="utf-8")
    assert message(lambda: Library(folder)) == message(lambda: full_library(folder))
    assert "duplicate tile id '57'" in message(lambda: Library(folder))


@pytest.mark.parametrize("shape", [
    lambda text: text.replace("\n  - ", "\n- ").replace("\n    ", "\n  "),  # items not indented
    lambda text: text.replace('  - id: "57"', '  - id: "5\\u0037"'),  # an id with an escape
    lambda text: text.replace('  - id: "57"', "  - id: 57"),  # a plain id YAML reads as a number
    lambda text: text + "notes: kept by hand\n",  # another top-level key
    lambda text: text.replace('  - id: "57"', '  - id: "57"  # a comment'),  # more on the first line
])
def test_a_file_in_another_shape_is_read_whole(folder, shape):
    path = folder / "yellow.yaml"
    path.write_text(shape(path.read_text(encoding="utf-8")), encoding="utf-8")
    try:
        whole = full_library(folder)
    except DataError as exc:
        assert message(lambda: Library(folder)["5"]) == str(with_line(exc))
        return
    lazy = Library(folder)
    assert path in lazy.whole
    assert lazy.all() == whole
