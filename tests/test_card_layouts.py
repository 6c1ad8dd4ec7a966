"""Card layouts are data (templates/layouts/*.yaml): read and checked when they load,
lengths in millimetres afterwards, errors naming the file and the field; and what
they say is what prints."""

from __future__ import annotations

import re
import shutil

import pytest

from pnp import card_layouts
from pnp.errors import DataError
from pnp.resources import templates_dir

KINDS = ("share", "private", "train", "card", "player_card", "charter")


@pytest.fixture
def layouts(tmp_path, monkeypatch):
    """A copy of templates/ whose layout files a test may edit."""
    folder = tmp_path / "templates"
    shutil.copytree(templates_dir(), folder)
    monkeypatch.setattr(card_layouts, "templates_dir", lambda: folder)
    card_layouts.card_layout.cache_clear()
    yield folder / "layouts"
    card_layouts.card_layout.cache_clear()


def edit(path, old, new):
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


def test_every_bundled_layout_loads():
    for kind in KINDS:
        layout = card_layouts.card_layout(kind)
        assert layout.sections, kind


def test_units_are_millimetres_after_loading():
    v = card_layouts.layout_values("share", "front", (67.5, 44.0))
    assert v.band == pytest.approx(min(67.5 * 0.25, 44 * 0.45))
    assert v.name_size == pytest.approx(3.6)
    assert v.main.x == pytest.approx(v.band + 3.0) and v.main.w == pytest.approx(67.5 - v.band - 6.0)


@pytest.mark.parametrize("old, new, field, problem", [
    ("name_size: 3.6mm", "name_size: 3.6 furlongs", "front.name_size", "cannot read"),
    ("badge: min(band - 3mm, height * 0.36)", "badge: min(band - 3, height * 0.36)", "front.badge",
     "adds a length and a plain number"),
    ("badge_x: band / 2", "badge_x: bandwidth / 2", "front.badge_x", "unknown name 'bandwidth'"),
    ("director_line: 0.7mm", "director_line: band * band", "front.director_line", "multiplies two lengths"),
    ("percent_size: 6.5mm", "percent_size: __import__('os')", "front.percent_size", "only numbers"),
    ("director_frame: {x: band + 1.4mm, y: 1.4mm, width: width - band - 2.8mm, height: height - 2.8mm}",
     "director_frame: {x: band + 1.4mm, y: 1.4mm, width: width - band - 2.8mm}", "front.director_frame", "missing height"),
    ("percent: {x: 1.5mm,", "percent: {x: 1.5,", "front.percent.x", "a box's x is a length"),
])
def test_a_bad_layout_is_a_data_error_naming_file_and_field(layouts, old, new, field, problem):
    edit(layouts / "share.yaml", old, new)
    with pytest.raises(DataError) as err:
        card_layouts.card_layout("share")
    message = str(err.value)
    assert "share.yaml" in message and field in message and problem in message, message


def test_a_bad_layout_stops_the_command_with_one_line(layouts, tmp_path):
    from conftest import run

    edit(layouts / "train.yaml", "price_size: 5mm", "price_size: 5 parsecs")
    result = run("trains", "1860", "--out", str(tmp_path / "out"))
    assert result.exit_code == 2 and "train.yaml" in result.output and "front.price_size" in result.output, \
        result.output
    assert "Traceback" not in result.output


def test_the_layout_decides_what_prints(layouts):
    """A larger percentage in the share layout prints larger."""
    from pnp.components import PrintOptions, shares
    from pnp.load import load_game
    from pnp.templates import paper, theme

    def percent_sizes():
        options = PrintOptions(paper=paper("a4"), style=theme("default"))
        component = shares.build(load_game("1860"), options)
        svg = next(text for name, text in component.svgs.items() if name.endswith("director.svg"))
        return {float(m) for m in re.findall(r'font-size="([\d.]+)"[^>]*>[^<]*\d+%<', svg)}

    before = percent_sizes()
    edit(layouts / "share.yaml", "percent_size: 6.5mm", "percent_size: 4mm")
    card_layouts.card_layout.cache_clear()
    after = percent_sizes()
    assert before != after and max(after) < max(before), (before, after)
