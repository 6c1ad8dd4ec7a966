"""What a fresh interpreter imports: for the tests that keep start-up light."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported_after(code: str) -> set[str]:
    """The names in `sys.modules` after a new Python process runs `code` in the project root."""
    script = f"import sys; {code}; import json; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return set(json.loads(out))
