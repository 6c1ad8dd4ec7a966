"""The Ruby literal reader of `pnp import 18xx.games`: literals, constants across
modules and inheritance, and only its own errors on any input."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.importers.engine.ruby import Ref, RubyError, Sym, parse_value
from pnp.importers.engine.source import Source, Unresolved


def test_hashes_both_syntaxes_arrays_and_numbers():
    value = parse_value("{ 'a' => 1_000, b: [1, -2, 3.5, :x], \"c d\": nil, e: true, f: false }.freeze")
    assert value == {"a": 1000, "b": [1, -2, 3.5, "x"], "c d": None, "e": True, "f": False}
    assert isinstance(value["b"][3], Sym) and isinstance(next(iter(value)), str)


def test_word_lists_and_array_keys():
    value = parse_value("{ %w[A1 B2] => 'city', ['C3'] => 'town', %i[x y] => 1 }")
    assert value == {("A1", "B2"): "city", ("C3",): "town", ("x", "y"): 1}


def test_strings_escapes_continuation_and_adjacent_literals():
    text = "[\"tab\\there \\u00e9 \\\"q\\\"\", 'it''s', 'one '\\\n   'two', 'a\\'b\\\\c']"
    assert parse_value(text) == ["tab\there é \"q\"", "its", "one two", "a'b\\c"]


def test_heredocs_squiggly_and_dash():
    text = "[{ desc: <<~DESC, n: 1 },\n    first\n      indented\n  DESC\n <<-END]\nraw\n  END\n"
    assert parse_value(text) == [{"desc": "first\n  indented\n", "n": 1}, "raw\n"]


def test_bare_hash_in_array_and_merge_arguments():
    assert parse_value("[type: 'x', n: 2]") == [{"type": "x", "n": 2}]
    merged = parse_value("A.merge('k' => 1, j: 2)")
    assert merged.op == "merge" and merged.right == {"k": 1, "j": 2} and merged.left == Ref(("A",), 1)


def test_value_on_the_next_line_and_leading_dot():
    assert parse_value("\n  [1,\n 2]\n  .freeze\n") == [1, 2]


@pytest.mark.parametrize("text, problem", [
    ("(1..4).map { |x| x }", "range"),
    ("foo(1)", "foo"),
    ("[1, 2", "in an array"),
    ("\"a#{b + 1}\"", "interpolates"),
    ("A.map(&:to_s)", ".map"),
    ("[1] if x", "'if' after the value"),
    ("Set['a']", "'[' after the value"),
])
def test_code_is_refused_with_its_line(text, problem):
    with pytest.raises(RubyError) as error:
        parse_value("\n\n" + text)
    assert problem in str(error.value) and error.value.line >= 3


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_constants_resolve_through_modules_includes_and_parents(tmp_path):
    source = Source(tmp_path)
    source.read(_write(tmp_path, "base.rb", """
module Engine
  module Game
    class Base
      BANK_CASH = 12_000
      COLORS = { par: :red }.freeze
    end
  end
end
"""))
    source.read(_write(tmp_path, "parent.rb", """
module Engine
  module Game
    module GParent
      module Map
        TILES = { '1' => 2 }.freeze
      end

      class Game < Game::Base
        include Map
        MARKET = %w[10 20p].freeze
      end
    end
  end
end
"""))
    source.read(_write(tmp_path, "child.rb", """
module Engine
  module Game
    module GChild
      module Map
        LABEL = 'X'
        TILES = GParent::Map::TILES.merge('2' => 1).freeze
        CODE = "label=#{LABEL}"
      end

      class Game < GParent::Game
        include Map
        COLORS = Base::COLORS.merge(par: :yellow)
        def computed
          NOT_A_CONSTANT = 1
        end
        BAD = (1..3).to_a
      end
    end
  end
end
"""))
    child = source.modules["Engine::Game::GChild::Game"]

    def value(name):
        return source.value(source.lookup(child, name))

    assert value("TILES") == {"1": 2, "2": 1}
    assert value("MARKET") == ["10", "20p"]  # from the parent class
    assert value("BANK_CASH") == 12000  # from base.rb
    assert value("COLORS") == {"par": "yellow"}
    assert value("CODE") == "label=X"
    assert source.lookup(child, "NOT_A_CONSTANT") is None  # inside a method: not a constant of the class
    with pytest.raises(Unresolved) as error:
        value("BAD")
    assert error.value.line == 17 and error.value.file.name == "child.rb"


# --- any input: a value or our own error, never another exception ---------------------

TOKENS = list("{}[](),:=>'\"\\#%wi<~-_.+*&|?!@$ \n\tAZaz09eExob") + [
    "<<~X", "\nX\n", "%w[", "nil", "=>", "::", "#{", "\\u{", "0o", "1_0", "A::B", ".merge(", ".freeze"]
RUBYISH = st.lists(st.sampled_from(TOKENS), max_size=40).map("".join)


@settings(derandomize=True, max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RUBYISH)
def test_any_text_gives_a_value_or_a_ruby_error(text):
    try:
        parse_value(text)
    except RubyError as error:
        assert error.line >= 1


LITERALS = st.recursive(
    st.none() | st.booleans() | st.integers(-10**9, 10**9) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12)


def _ruby(value) -> str:
    if value is None:
        return "nil"
    if value is True or value is False:
        return str(value).lower()
    if isinstance(value, int):
        return f"{value:_}"
    if isinstance(value, str):
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"
    if isinstance(value, list):
        return "[" + ", ".join(_ruby(v) for v in value) + "]"
    return "{ " + ", ".join(f"{_ruby(k)} => {_ruby(v)}" for k, v in value.items()) + " }.freeze"


@settings(derandomize=True, max_examples=150, deadline=None)
@given(LITERALS)
def test_literals_read_back_as_written(value):
    assert parse_value(_ruby(value)) == value
