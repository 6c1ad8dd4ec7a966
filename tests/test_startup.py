"""Start-up imports only what every command needs: the heavy libraries and pnp's models
and drawing modules are imported by the work that uses them (issue 12's import target;
the time itself is measured by benchmarks/bench_targets.py, never here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# What `import pnp.cli, pnp.build, pnp.load, pnp.templates` must not import.
LATER = ("pydantic", "yaml", "cairocffi", "cairosvg", "numpy", "shapely", "pypdf", "svgwrite", "reportlab",
         "fontTools", "ezdxf", "multiprocessing", "concurrent.futures", "pnp.model", "pnp.draw.nodes", "pnp.pdf",
         "pnp.components", "pnp.render.svg", "pnp.sheets")


def imported_after(code: str) -> set[str]:
    script = f"import sys; {code}; import json; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return set(json.loads(out))


def test_starting_pnp_imports_no_heavy_library_nor_the_models():
    modules = imported_after("import pnp.cli, pnp.build, pnp.load, pnp.templates")
    early = sorted(m for m in modules if any(m == name or m.startswith(name + ".") for name in LATER))
    assert early == []
    assert "click" in modules and "pnp.commands.common" in modules  # the commands are all registered


def test_loading_a_game_imports_the_models_but_draws_nothing():
    modules = imported_after("from pnp.load import load_game; load_game('1860')")
    assert {"pydantic", "yaml", "pnp.model.game", "pnp.model.tile", "pnp.library"} <= modules
    drawing = sorted(m for m in modules if m.split(".")[0] in ("cairocffi", "pypdf", "svgwrite", "numpy", "shapely")
                     or m in ("pnp.pdf", "pnp.render.svg"))
    assert drawing == []
