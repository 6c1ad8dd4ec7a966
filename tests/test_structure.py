"""The house rules of the code: no module too long to read, the tile model free of the
tile-code parser (the parser builds the model), lengths read with their unit when data
loads (never in a renderer), one name per concept."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from conftest import run

PNP = Path(__file__).resolve().parent.parent / "pnp"
MAX_LINES = 450


def _modules():
    return sorted(PNP.rglob("*.py"))


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


def test_no_module_over_the_limit():
    long = {str(p.relative_to(PNP)): n for p in _modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_the_tile_model_does_not_import_the_tile_code_parser():
    assert not any(m.startswith("pnp.tilecode") for m in _imports(PNP / "model" / "tile.py"))
    assert "pnp.model.tile" in _imports(PNP / "tilecode.py")


def test_a_tile_code_is_read_by_the_loader_not_the_model():
    from pnp.model.convert import Invalid, validate
    from pnp.model.tile import Tile
    from pnp.tilecode import from_code

    tile = from_code("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3", id="57", color="yellow")
    assert [s.kind for s in tile.stops] == ["city"] and tile.exits() == (0, 3)
    with pytest.raises(Invalid, match="read when data loads"):
        validate(Tile, {"id": "57", "color": "yellow", "code": "city=revenue:20"})


HALT_741 = '  - id: "741"\n    color: yellow\n    stops: [{halt: £}]\n    track: [[0, s0, 1]]\n'


def test_a_tile_given_as_code_in_tiles_yaml_loads(game_copy):
    from pnp.load import load_game

    folder = game_copy("1860")
    path = folder / "tiles.yaml"
    original = path.read_text()
    assert HALT_741 in original

    def tile_741(code: str) -> None:
        path.write_text(original.replace(HALT_741, f'  - id: "741"\n    color: yellow\n    code: "{code}"\n'))

    tile_741("halt=symbol:£;path=a:0,b:_0;path=a:_0,b:1")
    tile = next(e.tile for e in load_game(folder).manifest if e.tile.id == "741")
    assert tile.stops[0].kind == "halt" and tile.exits() == (0, 1)
    tile_741("halt=symbol:£,slotz:2")
    result = run("validate", str(folder))
    assert result.exit_code == 2 and "tiles.yaml" in result.output and "slotz" in result.output, result.output


UNIT = re.compile(r"parse_length|\.endswith\(\s*[\"'](mm|in|cm|pt)[\"']")


def test_no_unit_strings_parsed_in_renderers():
    """Lengths are read with their unit when data and templates load (load*.py, templates.py,
    sheets/formats.py, the models' `Length` fields); what draws works in mm."""
    found = [f"{p.relative_to(PNP)}:{i}" for folder in ("render", "components") for p in (PNP / folder).rglob("*.py")
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if UNIT.search(line)]
    assert not found, found


def test_a_map_label_size_is_a_length_checked_by_validate(game_copy):
    folder = game_copy("1851")
    path = folder / "map.yaml"
    path.write_text(path.read_text().replace("size: 3.5mm}", "size: 3.5 furlongs}", 1))
    result = run("validate", str(folder))
    assert result.exit_code == 2, result.output
    assert "map.yaml" in result.output and "decorations.labels[0].size" in result.output, result.output


def test_one_name_per_concept():
    """Four different classes were once all called `Section` (18-XY's map pieces, a
    drawing's page sections, a PDF's bookmarked parts, a heading's group of flowing
    blocks); now each concept has its own name, and no two classes share one."""
    seen: dict[str, list[str]] = {}
    for p in _modules():
        for node in ast.parse(p.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and "Section" in node.name or isinstance(node, ast.ClassDef) \
                    and node.name in ("PdfPart", "BlockGroup"):
                seen.setdefault(node.name, []).append(str(p.relative_to(PNP)))
    assert "Section" not in seen
    assert {"MapSection", "PageSection", "PdfPart", "BlockGroup"} <= set(seen)
    assert all(len(where) == 1 for where in seen.values()), seen


def test_compose_means_putting_map_sections_together():
    """`compose` names one thing: putting 18-XY's map sections together (pnp/compose.py,
    `pnp compose`, the composed map). Laying pieces out on sheet pages is `draw_pages`."""
    users = [str(p.relative_to(PNP)) for p in _modules()
             if re.search(r"\bcompos(e|ed|ition)\b", p.read_text(encoding="utf-8"), re.I)]
    allowed = {"compose.py", "cli.py", "commands/compose.py", "commands/kit.py", "components/composed.py",
               "render/composed_map.py", "render/section_piece.py", "components/__init__.py", "components/sections.py",
               "model/section.py", "build.py", "kit_jobs.py",
               "serve/previews.py", "schema/files.py"}  # the preview and the schema of 18-XY's layouts
    assert set(users) <= allowed, sorted(set(users) - allowed)
