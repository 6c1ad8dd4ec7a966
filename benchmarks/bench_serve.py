"""Benchmark: `pnp serve`'s edit-to-page time. One tile's revenue is changed on disk and
the clock runs until the page has it.

    python benchmarks/bench_serve.py [--game 1860] [--runs 10] [--browser]

A copy of GAME is served on a free port. For each run, one city's revenue in the game's
own tiles (tiles.yaml) is rewritten, and the time is taken from the write to (a) the
server-sent event saying the tiles were redrawn, read from the same /events stream the
page listens to, plus fetching the new drawing and finding the new revenue in it; and,
with --browser, (b) the open page in headless Chromium having swapped in and drawn the
new image. Prints each run and the median (target: under 0.5 s). Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from servetools import free_port, wait_for, all_built  # noqa: E402

CITY = re.compile(r"(stops: \[\{city: )(\d+)(\}\])")


class Events:
    """The server's event stream, read in a thread: each event with the time it arrived."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.conn.request("GET", "/events")
        self.response = self.conn.getresponse()
        self.events: list[tuple[float, dict]] = []
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            for raw in self.response:
                line = raw.decode().strip()
                if line.startswith("data: "):
                    with self.cond:
                        self.events.append((time.perf_counter(), json.loads(line[6:])))
                        self.cond.notify_all()
        except (OSError, ValueError):
            pass

    def wait(self, since: int, match, timeout: float = 30) -> float:
        deadline = time.perf_counter() + timeout
        with self.cond:
            while True:
                for t, event in self.events[since:]:
                    if match(event):
                        return t
                if not self.cond.wait(deadline - time.perf_counter()):
                    raise TimeoutError("no matching event")


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.read()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="1860")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--browser", action="store_true", help="also time the page in headless Chromium")
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    from pnp.load import resolve_game

    work = Path(tempfile.mkdtemp(prefix="pnp-bench-serve-"))
    folder = work / args.game
    shutil.copytree(resolve_game(args.game), folder)
    tiles = folder / "tiles.yaml"
    text = tiles.read_text(encoding="utf-8")
    match = CITY.search(text)
    if not match:
        raise SystemExit(f"{tiles}: no one-city tile of the game's own to change")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(work / "serve.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", str(folder), "--port", str(port)], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=log, stderr=subprocess.STDOUT)
    browser = None
    try:
        t0 = time.perf_counter()
        wait_for(lambda: proc.poll() is None and all_built(base), 300, "the first build")
        print(f"{args.game}: first build of every preview {time.perf_counter() - t0:.1f} s")
        events = Events(port)
        page = None
        if args.browser:
            from playwright.sync_api import sync_playwright

            browser_ctx = sync_playwright().start()
            browser = (browser_ctx, browser_ctx.chromium.launch(
                executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                      "--disable-component-update", "--no-first-run", "--disable-sync"]))
            page = browser[1].new_page(viewport={"width": 1200, "height": 900})
            page.goto(base + "/")
            page.wait_for_selector("body[data-live]")
        sse_times, page_times, parts = [], [], []
        for run in range(args.runs):
            revenue = 100 + 10 * run  # a new value each run
            new_text = text[:match.start()] + f"{match.group(1)}{revenue}{match.group(3)}" + text[match.end():]
            seen = len(events.events)
            start = time.perf_counter()
            tiles.write_text(new_text, encoding="utf-8")
            events.wait(seen, lambda e: e.get("type") == "update" and e.get("key") == "tiles")
            event = next(e for _, e in events.events[seen:] if e.get("type") == "update" and e.get("key") == "tiles")
            changed = [n for n, v in enumerate(event["versions"]) if v == event["version"]]  # what the page reloads
            found = any(f">{revenue}<".encode() in get(f"{base}/svg/tiles/{n}") for n in changed)
            sse = time.perf_counter() - start
            if not found:
                raise SystemExit(f"run {run + 1}: the redrawn tiles do not show {revenue}")
            sse_times.append(sse)
            status = next(e for _, e in events.events[seen:] if e.get("type") == "status")
            parts.append((status["load_ms"], event["build_ms"]))
            line = (f"run {run + 1:2d}: revenue -> {revenue}: {len(changed)} of {len(event['versions'])} tile pages "
                    f"redrawn; event + drawing {sse * 1000:6.0f} ms")
            if page is not None:
                page.wait_for_function(
                    """v => { const imgs = [...document.querySelectorAll('.card[data-key="tiles"] img.page')]
                        .filter(i => i.src.endsWith('.' + v));
                        return imgs.length > 0 && imgs.every(i => i.complete && i.naturalWidth > 0); }""",
                    arg=event["version"], timeout=30_000)
                page_times.append(time.perf_counter() - start)
                line += f"; page redrawn {page_times[-1] * 1000:6.0f} ms"
            print(line)
            # a designer looks before saving again: let the slower previews finish
            events.wait(seen, lambda e: e.get("type") == "building" and not e.get("busy"))
        print(f"load average while measuring: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
              f"on {os.cpu_count()} cores")
        print(f"median edit-to-page time over {args.runs} runs (event + drawing): "
              f"{statistics.median(sse_times) * 1000:.0f} ms (target < 500 ms)")
        print(f"of which, in the server (median): loading the game {statistics.median(p[0] for p in parts):.0f} ms, "
              f"drawing the tiles {statistics.median(p[1] for p in parts):.0f} ms")
        if page_times:
            print(f"median edit-to-page time in Chromium: {statistics.median(page_times) * 1000:.0f} ms")
    finally:
        if browser:
            browser[1].close()
            browser[0].stop()
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
