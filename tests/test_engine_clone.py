"""A clone of the 18xx.games repository keeps a game in more files than the reference
folder does (tiles.rb, trains.rb, scenarios.rb beside meta/map/entities/game): a small
synthetic clone, written here in the engine's layout, checks that every one of them is
read, that constants come from the module that is included, and that a train count the
game's `num_trains` takes from a scenario constant in another file is read."""

from __future__ import annotations

from pathlib import Path

import yaml

from conftest import run

BASE = """\
module Engine
  module Game
    class Base
      BANK_CASH = 12_000
      CURRENCY_FORMAT_STR = '$%s'

      def init_optional_rules(optional_rules)
        optional_rules
      end

      def num_trains(train)
        train[:num]
      end
    end
  end
end
"""

META = """\
module Engine
  module Game
    module Meta
      DEV_STAGE = :prealpha
      GAME_TITLE = nil
    end
  end
end
"""

TILE = """\
module Engine
  module Config
    module Tile
      YELLOW = {
        '7' => 'path=a:0,b:1',
        '8' => 'path=a:0,b:2',
      }.freeze
    end
  end
end
"""

FILES = {
    "meta.rb": """\
module Engine
  module Game
    module G18Clone
      module Meta
        include Game::Meta

        DEV_STAGE = :production
        GAME_TITLE = '18Clone'
        GAME_DESIGNER = 'A. Tester'
        PLAYER_RANGE = [2, 4].freeze
      end
    end
  end
end
""",
    "map.rb": """\
module Engine
  module Game
    module G18Clone
      module Map
        LAYOUT = :flat
        LOCATION_NAMES = { 'B2' => 'Alpha', 'C3' => 'Beta' }.freeze
        HEXES = {
          white: {
            %w[A1 A3 B4] => '',
            ['B2'] => 'city=revenue:0',
            ['C3'] => 'city=revenue:0',
          },
          red: { ['C1'] => 'offboard=revenue:yellow_20|brown_40;path=a:0,b:_0' },
        }.freeze
      end
    end
  end
end
""",
    "entities.rb": """\
module Engine
  module Game
    module G18Clone
      module Entities
        COMPANIES = [{ name: 'Ferry', sym: 'F', value: 20, revenue: 5, desc: 'A ferry.' }].freeze
        CORPORATIONS = [
          { sym: 'AR', name: 'Alpha Rail', tokens: [0, 40], coordinates: 'B2', color: '#112233' },
          { sym: 'BR', name: 'Beta Rail', tokens: [0, 40, 100], coordinates: 'C3', color: :red },
        ].freeze
      end
    end
  end
end
""",
    "tiles.rb": """\
module Engine
  module Game
    module G18Clone
      module Tiles
        TILES = {
          '7' => 3,
          '8' => 4,
          'X1' => { 'count' => 2, 'color' => 'green', 'code' => 'city=revenue:30;path=a:0,b:_0;label=X' },
        }.freeze
      end
    end
  end
end
""",
    "trains.rb": """\
module Engine
  module Game
    module G18Clone
      module Trains
        TRAINS = [
          { name: '2', distance: 2, price: 80, rusts_on: '4' },
          { name: '3', distance: 3, price: 180 },
          { name: '4', distance: 4, price: 300, num: 2, discount: { '2' => 40 } },
        ].freeze
      end
    end
  end
end
""",
    "scenarios.rb": """\
module Engine
  module Game
    module G18Clone
      module Scenarios
        SCENARIOS = {
          '2' => { 'train_counts' => { '2' => 4, '3' => 3 } },
          '3+' => { 'train_counts' => { '2' => 6, '3' => 5 } },
        }.freeze
      end
    end
  end
end
""",
    "game.rb": """\
require_relative '../base'

module Engine
  module Game
    module G18Clone
      class Game < Game::Base
        include_meta(G18Clone::Meta)
        include Entities
        include Map
        include Tiles
        include Trains
        include Scenarios

        PHASES = [
          { name: '2', train_limit: 4, tiles: [:yellow], operating_rounds: 1 },
          { name: '3', on: '3', train_limit: 3, tiles: %i[yellow green], operating_rounds: 2 },
        ].freeze
        MARKET = [%w[50 60 70p 80 90 100]].freeze
        CERT_LIMIT = { 2 => 12, 3 => 9, 4 => 7 }.freeze
        STARTING_CASH = { 2 => 600, 3 => 400, 4 => 300 }.freeze

        def init_scenario(optional_rules)
          case @players.size
          when 2
            SCENARIOS['2']
          else
            SCENARIOS['3+']
          end
        end

        def init_optional_rules(optional_rules)
          optional_rules = super(optional_rules)
          @scenario = init_scenario(optional_rules)
          optional_rules
        end

        def num_trains(train)
          return train[:num] if train[:num]

          @scenario['train_counts'][train[:name]]
        end
      end
    end
  end
end
""",
}


def clone(root: Path) -> Path:
    games = root / "lib" / "engine" / "game"
    (games / "g_18_clone").mkdir(parents=True)
    (root / "lib" / "engine" / "config").mkdir(parents=True)
    (games / "base.rb").write_text(BASE, encoding="utf-8")
    (games / "meta.rb").write_text(META, encoding="utf-8")
    (root / "lib" / "engine" / "config" / "tile.rb").write_text(TILE, encoding="utf-8")
    for name, text in FILES.items():
        (games / "g_18_clone" / name).write_text(text, encoding="utf-8")
    return root


def _load(folder: Path, name: str):
    return yaml.safe_load((folder / name).read_text(encoding="utf-8"))


def test_a_clones_per_game_files_are_all_read(tmp_path):
    root = clone(tmp_path / "clone")
    out = tmp_path / "g"
    result = run("import", "18xx.games", root, "--game", "18clone", "--out", out)
    assert result.exit_code == 0, result.output
    tiles = _load(out, "tiles.yaml")
    assert tiles["manifest"] == {"7": 3, "8": 4, "X1": 2}  # tiles.rb, through config/tile.rb for 7 and 8
    trains = {t["name"]: t for t in _load(out, "trains.yaml")["trains"]}
    # trains.rb's trains; the 2 and 3 counted by num_trains from scenarios.rb: 4/6 and 3/5 by player count
    assert {n: t["count"] for n, t in trains.items()} == {"2": 6, "3": 5, "4": 2}
    assert "Cards for 2/3/4 players: 4/6/6." in trains["2"]["notes"]
    assert "Trade in a 2: 40 off." in trains["4"]["notes"]
    board = _load(out, "map.yaml")
    assert board["coordinates"]["orientation"] == "flat"
    assert sum(len([h["at"]] if isinstance(h["at"], str) else h["at"]) for h in board["hexes"]) == 6
    companies = _load(out, "companies.yaml")["companies"]
    assert [(c["symbol"], c.get("home")) for c in companies] == [("AR", "B2"), ("BR", "C3")]
    report = (out / "import-report.md").read_text(encoding="utf-8")
    assert "which is not in these files" not in report  # every included module was found

    kit = tmp_path / "kit"
    built = run("build", out, "--out", kit)
    assert built.exit_code == 0, built.output
    index = (kit / "index.md").read_text(encoding="utf-8")
    for row in ("| Tiles | 9 | 9 |", "| Map | 6 | 6 |", "| Charters | 2 | 2 |", "| Trains | 13 | 13 |"):
        assert row in index, row


def test_without_the_scenario_file_the_count_is_our_marked_choice(tmp_path):
    """The reference folder keeps four files a game: with scenarios.rb gone, the 2 and 3
    have no number the importer can read, and print one card per corporation, marked."""
    root = clone(tmp_path / "clone")
    (root / "lib/engine/game/g_18_clone/scenarios.rb").unlink()
    out = tmp_path / "g"
    assert run("import", "18xx.games", root, "--game", "18Clone", "--out", out).exit_code == 0
    data = _load(out, "trains.yaml")
    counts = {t["name"]: t["count"] for t in data["trains"]}
    assert counts == {"2": 2, "3": 2, "4": 2}
    assert data["decisions"]["counts"]["2"].startswith("our choice: one card per corporation (2)")
    assert "SCENARIOS" in data["decisions"]["counts"]["3"]
