"""Run `pnp serve` in a child process for a test, on a free port, and stop it after."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, timeout: float = 10) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read()


def state(base: str) -> dict:
    return json.loads(get(f"{base}/state"))


def wait_for(predicate, timeout: float, what: str, interval: float = 0.05):
    """Poll until predicate() is truthy; fail naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = predicate()
        except OSError:
            last = None
        if last:
            return last
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {what} (last: {last!r})")


def all_built(base: str):
    s = state(base)
    return s if s["previews"] and all(p["pages"] > 0 or p["error"] for p in s["previews"]) else None


@contextlib.contextmanager
def served(folder: Path, timeout: float = 120):
    """`pnp serve FOLDER` on a free port; yields its base URL once every preview is built.
    The server's output goes to serve.log beside the folder."""
    port = free_port()
    log = open(Path(folder).parent / "serve.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", str(folder), "--port", str(port)], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: proc.poll() is None and all_built(base), timeout, "the first build")
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=15)
        log.close()
