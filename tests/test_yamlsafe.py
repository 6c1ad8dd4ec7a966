"""pnp's YAML loader (`pnp.yamlsafe.Loader`) gives exactly what PyYAML's safe loader
gives, also for a scalar whose tag it has resolved before (`Loader.resolve` keeps them)."""

from pathlib import Path

import pytest

from pnp.yamlsafe import Loader, yaml

ROOT = Path(__file__).resolve().parents[1]

AWKWARD = """
plain: [1, 0, 007, 0o17, 0x1F, 1_000, -3, +4, 1.5, .5, 1e3, .inf, -.Inf, .nan, 12:30:00]
words: [yes, No, on, OFF, true, False, null, Null, ~, '', "", y, n]
quoted: ['1', "0x1F", 'true', "null", '~', '2001-12-14']
dates: [2001-12-14, 2001-12-14t21:59:43.10-05:00, 2001-12-14 21:59:43.10]
keys: {1: a, false: b, null: c, 1.5: d, "1": e}
block: |
  007
folded: >
  true
"""


def same(text: str) -> None:
    expected = yaml.load(text, Loader=yaml.SafeLoader)
    for _ in range(2):  # the second time, every scalar's tag comes from what was kept
        got = yaml.load(text, Loader=Loader)
        assert repr(got) == repr(expected)  # repr: nan equals nothing, and 1 == True


def test_awkward_scalars_load_as_pyyaml_loads_them():
    same(AWKWARD)
    same("[007, '007', 0o17, 1_0, true, 'true']")  # the same texts, quoted and plain, in another document


@pytest.mark.parametrize("folder", ["data", "templates"])
def test_every_yaml_file_of_the_repository_loads_as_pyyaml_loads_it(folder):
    files = sorted((ROOT / folder).rglob("*.yaml"))
    assert files
    for path in files:
        same(path.read_text(encoding="utf-8"))


def test_a_subclass_with_its_own_implicit_resolver_gets_its_own_tags():
    """The tags kept are the loader class's: a subclass that resolves a text otherwise
    does not get the tag its base kept for it."""
    import re

    class Words(Loader):
        pass

    Words.add_implicit_resolver("!hello", re.compile(r"^hello$"), list("h"))
    Words.add_constructor("!hello", lambda loader, node: "HELLO")
    assert yaml.load("[hello]", Loader=Loader) == ["hello"]  # kept for Loader
    assert yaml.load("[hello]", Loader=Words) == ["HELLO"]
    assert yaml.load("[hello]", Loader=Loader) == ["hello"]


def plain(text: str, longest: int = 10) -> bool:
    loader = Loader(text)
    loader.plain_length = longest
    try:
        loader.get_single_data()
    finally:
        loader.dispose()
    return loader.all_plain


@pytest.mark.parametrize("text, expected", [
    ("a: [b, 1, -2, 1.5, true, null]\n", True),  # numbers from PyYAML's own constructor hold no text
    ("a: [b, {c: d}]\nshared: &x [e]\nagain: *x\n", True),
    ("a: bbbbbbbbbbb\n", False),  # longer than the limit
    ("bbbbbbbbbbb: a\n", False),  # keys too
    ("a: é\n", False),  # not ASCII
    ("a: \"b\\tc\"\n", False),  # not printable
    ("a: !!str 5\n", True),  # a text tagged as text is still just the text
    ("a: !!binary aGk=\n", False),  # anything else PyYAML constructs: checked the long way
    ("a: 2001-12-14\n", False),  # a date: checked the long way
    ("<<: {a: b}\nc: d\n", False),  # a merge: PyYAML's constructor
])
def test_the_loader_says_whether_every_text_is_plain(text, expected):
    """`all_plain` lets pnp.yamlfile skip its walk of the texts (`check_text`), so it is
    true only when every text, key or value, passes that walk's first test."""
    assert plain(text) is expected


def test_without_a_length_no_document_is_plain():
    assert plain("a: b\n", longest=0) is False
