"""Start-up imports only what every command needs: the heavy libraries and pnp's models
and drawing modules are imported by the work that uses them (issue 12's import target;
the time itself is measured by benchmarks/bench_targets.py, never here)."""

from __future__ import annotations

import pytest
from fresh import imported_after

# What `import pnp.cli, pnp.build, pnp.load, pnp.templates` must not import.
LATER = ("msgspec", "yaml", "cairocffi", "cairosvg", "numpy", "shapely", "pypdf", "svgwrite", "reportlab",
         "fontTools", "ezdxf", "multiprocessing", "concurrent.futures", "pnp.model", "pnp.draw.nodes", "pnp.pdf",
         "pnp.components", "pnp.render.svg", "pnp.sheets")


def test_starting_pnp_imports_no_heavy_library_nor_the_models():
    modules = imported_after("import pnp.cli, pnp.build, pnp.load, pnp.templates")
    early = sorted(m for m in modules if any(m == name or m.startswith(name + ".") for name in LATER))
    assert early == []
    assert "click" in modules and "pnp.commands.common" in modules  # the commands are all registered


def test_loading_a_game_imports_the_models_but_draws_nothing():
    modules = imported_after("from pnp.load import load_game; load_game('1860')")
    assert {"msgspec", "yaml", "pnp.model.game", "pnp.model.tile", "pnp.library"} <= modules
    drawing = sorted(m for m in modules if m.split(".")[0] in ("cairocffi", "pypdf", "svgwrite", "numpy", "shapely")
                     or m in ("pnp.pdf", "pnp.render.svg"))
    assert drawing == []


def test_choosing_a_kits_components_imports_none_of_their_builders():
    """`pnp build` finds which builders exist without importing them; it imports only
    those of the components the game has (1860 has no map sections)."""
    modules = imported_after("from pnp.build import kit_components; from pnp.load import load_game; "
                             "kit_components(load_game('1860'))")
    assert sorted(m for m in modules if m.startswith("pnp.components.")) == []
    modules = imported_after("from pnp.build import kit_components; from pnp.load import load_game; "
                             "from pnp.kit_jobs import warm_up; from pnp.commands.common import print_options; "
                             "g = load_game('1860'); warm_up(kit_components(g), print_options(g, 'a4', 'default'))")
    assert "pnp.components.tiles" in modules and "pnp.components.sections" not in modules


def test_measuring_text_reads_the_fonts_without_a_font_library():
    """Text is measured with the DejaVu faces' own tables (pnp.fontmetrics); reportlab is
    only the fallback's, when DejaVu is not installed."""
    from pnp.text import face_metrics

    if face_metrics("regular") is None:
        pytest.skip("the DejaVu fonts are not installed")
    modules = imported_after("from pnp.text import text_width; from pnp.glyphs import unprintable; "
                             "text_width('Berlin', 10, 'bold'); unprintable('中')")
    assert "pnp.fontmetrics" in modules
    assert sorted(m for m in modules if m.split(".")[0] in ("reportlab", "fontTools")) == []
