"""docs/tutorial.md works as written: every command in it is run, and every edit it
shows is made to the files it names, in order, in a fresh folder."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from servetools import ROOT, get, served, state

TUTORIAL = ROOT / "docs" / "tutorial.md"
BLOCK = re.compile(r"^```(sh|yaml)\n(.*?)^```", re.S | re.M)
WHERE = re.compile(r"^# (?P<file>\S+), (?:at the end|after the line `(?P<anchor>[^`]+)`)$")


def steps():
    """('sh', command) and ('yaml', file, anchor or None, text) in the tutorial's order."""
    for kind, body in BLOCK.findall(TUTORIAL.read_text(encoding="utf-8")):
        if kind == "sh":
            for line in body.splitlines():
                if line.strip():
                    yield ("sh", line.strip())
        else:
            first, _, text = body.partition("\n")
            match = WHERE.match(first)
            assert match, f"a YAML block of the tutorial must say where it goes: {first!r}"
            yield ("yaml", match["file"], match["anchor"], text)


def apply_edit(path: Path, anchor: str | None, text: str) -> None:
    old = path.read_text(encoding="utf-8")
    if anchor is None:
        new = old.rstrip("\n") + "\n" + text
    else:
        lines = old.splitlines(keepends=True)
        at = next(i for i, line in enumerate(lines) if line.split("#")[0].strip() == anchor)
        new = "".join(lines[:at + 1]) + text + "".join(lines[at + 1:])
    path.write_text(new, encoding="utf-8")


def pnp(args: list[str], cwd: Path) -> str:
    result = subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd, capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=600)
    assert result.returncode == 0, f"pnp {' '.join(args)}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def test_every_command_and_edit_of_the_tutorial_works(tmp_path):
    ran = []
    for step in steps():
        if step[0] == "yaml":
            _, file, anchor, text = step
            apply_edit(tmp_path / file, anchor, text)
            ran.append(f"edit {file}")
            continue
        args = shlex.split(step[1])
        assert args[0] == "pnp", step
        if args[1] == "serve":  # runs until stopped: start it, look at the page, stop it
            with served(tmp_path / args[2]) as base:
                page = get(f"{base}/").decode()
                shown = {p["key"]: p for p in state(base)["previews"]}
                assert state(base)["error"] is None
                assert {"tiles", "map", "shares", "charters", "trains"} <= set(shown)
                assert 'data-key="tiles"' in page
        else:
            output = pnp(args[1:], tmp_path)
            if args[1] == "validate":
                assert "data is valid" in output
        ran.append(" ".join(args[:2]))
    assert ran[0] == "pnp new" and ran[-1] == "pnp build"
    assert {"pnp serve", "pnp map", "pnp tiles", "edit mygame/map.yaml", "edit mygame/companies.yaml"} <= set(ran)
    assert "9 distinct tiles" in pnp(["validate", "mygame"], tmp_path)
    kit = tmp_path / "output" / "mygame" / "mygame-kit.pdf"
    assert kit.is_file() and kit.read_bytes().startswith(b"%PDF")
    charters = (tmp_path / "output" / "mygame" / "index.md").read_text(encoding="utf-8")
    assert re.search(r"\| Charters \| 3 \|", charters), charters
