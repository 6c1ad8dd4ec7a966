"""The command line's commands of pnp/commands/ load when run or listed (`pnp.commands.lazy`),
and the drawing workers' first uses are done ahead by name (`pnp.first_uses`)."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from pnp import first_uses
from pnp.build import KIT
from pnp.cli import main


def test_starting_the_cli_imports_no_lazy_command():
    code = ("import sys, pnp.cli; "
            "print(sorted(m for m in sys.modules if m.startswith(('pnp.commands.', 'pnp.importers'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert eval(out) == ["pnp.commands.common", "pnp.commands.lazy", "pnp.commands.plain"]  # helpers, no command


def test_help_lists_every_command_with_its_help():
    out = CliRunner().invoke(main, ["--help"]).output
    listed = [line.split()[0] for line in out.split("Commands:")[1].splitlines() if line.strip()]
    assert listed == sorted(listed)
    assert set(main.lazy) <= set(listed) and len(listed) == len(set(main.commands) | set(main.lazy))
    assert "A game's complete print kit" in out and "Convert other tools' data" in out
    sub = CliRunner().invoke(main, ["import", "--help"]).output
    assert "18xx.games" in sub and "tile-code" in sub


def test_a_lazy_command_runs():
    result = CliRunner().invoke(main, ["build", "--help"])
    assert result.exit_code == 0 and "--only" in result.output
    assert CliRunner().invoke(main, ["no-such-command"]).exit_code == 2


def test_every_first_use_names_what_exists():
    keys = {key for key, _ in KIT}
    assert set(first_uses.BY_COMPONENT) <= keys
    for use in [*first_uses.EVERY_WORKER, *(u for uses in first_uses.BY_COMPONENT.values() for u in uses)]:
        first_uses.done(use)  # imports the module, calls the function: raises when either is gone
    assert sys.modules["pnp.geometry.double_double"]


def test_glyph_boxes_of_every_common_face():
    from pnp.draw import pdffonts

    for face in pdffonts.COMMON:
        pdffonts.warm_up(face)  # raises if pdffonts' face API changes
        got = pdffonts.face_for("DejaVu Sans Condensed" if face[0] else "DejaVu Sans", face[1], face[2])
        bearing, width = got.ink(pdffonts.PRINTABLE)
        assert width > 10  # 95 glyphs: tens of em wide


def test_warm_up_while_stops_when_the_game_has_loaded(monkeypatch):
    from pnp import kit_jobs

    steps = []
    monkeypatch.setattr(first_uses, "done", steps.append)
    monkeypatch.setattr(first_uses, "by_component", lambda key: steps.append(key))
    kit_jobs.warm_up_while(lambda: False)
    assert steps == []
    kit_jobs.warm_up_while(lambda: True)
    assert steps[:len(first_uses.EVERY_WORKER)] == list(first_uses.EVERY_WORKER)
    assert "tiles" in steps and "shares" in steps
