"""The drawing pool (`pnp.pdf.DocumentPool`) left by an exception (an error, or `pnp
build`'s SIGTERM/Ctrl-C handler raising SystemExit): its workers end at once."""

import os
import threading
from pathlib import Path

import pytest

from pnp.pdf import DocumentPool

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork")


def block_for_ever(started: str) -> None:
    Path(started).touch()
    threading.Event().wait()


def test_leaving_the_pool_by_an_exception_ends_its_running_workers_at_once(tmp_path):
    import time

    started = tmp_path / "started"
    seen: dict = {}

    def interrupted_build():
        try:
            with DocumentPool() as pool:
                if pool._pool is None:
                    seen["single"] = True
                    return
                seen["job"] = pool.call(block_for_ever, str(started))
                seen["workers"] = pool._pool.pids
                deadline = time.monotonic() + 60
                while not started.exists() and time.monotonic() < deadline:
                    time.sleep(0.01)
                raise SystemExit(143)  # as `pnp build`'s SIGTERM handler
        except SystemExit as exc:
            seen["exit"] = exc.code

    leaving = threading.Thread(target=interrupted_build, daemon=True)
    leaving.start()
    leaving.join(120)  # without the mend, __exit__ waits for the job for ever
    if seen.get("single"):
        pytest.skip("a single core: no workers")
    assert started.exists() and not leaving.is_alive() and seen["exit"] == 143
    assert seen["job"].done()
    for pid in seen["workers"]:  # killed and reaped: no longer this process's child
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
