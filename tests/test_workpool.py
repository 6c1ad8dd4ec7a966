"""The drawing pool's forked workers (`pnp.workpool`): answers, errors, a dying worker,
shutting down."""

import os
import signal
import threading

import pytest

from pnp.errors import PnpError
from pnp.workpool import CancelledJob, ForkPool, RemoteTraceback, WorkerDied

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork")


def fail(message):
    raise PnpError(message)


def unpicklable():
    return threading.Lock()


def inherited():
    return INHERITED


def pid_after(seconds):
    import time

    time.sleep(seconds)  # long enough for the other worker to take the next job
    return os.getpid()


INHERITED = ["set before the fork"]


def test_jobs_run_in_forked_workers_that_see_what_was_set_before_and_end_after():
    pool = ForkPool(2)
    INHERITED.append("late")
    try:
        answers = [pool.submit(pow, 2, n) for n in range(20)]
        assert [f.result() for f in answers] == [2 ** n for n in range(20)]
        assert pool.submit(inherited).result() == ["set before the fork", "late"]
        pids = {pool.submit(os.getpid).result() for _ in range(4)}
        assert os.getpid() not in pids and pids <= set(pool.pids) and len(pool.pids) == 2
    finally:
        INHERITED.remove("late")
        pool.shutdown()
    for pid in pool.pids:  # exited and reaped
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
    with pytest.raises(RuntimeError):
        pool.submit(os.getpid)


def pid_once(flag):
    """This worker's pid, once the test has made `flag` (it waits up to 60 s)."""
    import time

    deadline = time.monotonic() + 60
    while not os.path.exists(flag) and time.monotonic() < deadline:
        time.sleep(0.01)
    return os.getpid()


def test_a_job_goes_to_the_worker_that_is_free(tmp_path):
    flag = tmp_path / "go"
    pool = ForkPool(2)
    try:
        held = pool.submit(pid_once, str(flag))  # one worker held until the flag is made
        quick = [pool.submit(os.getpid) for _ in range(5)]
        pids = {f.result(timeout=60) for f in quick}  # all on the other worker meanwhile
        flag.touch()
        assert len(pids) == 1 and held.result(timeout=60) not in pids
    finally:
        flag.touch()
        pool.shutdown()


def test_a_jobs_error_is_raised_by_result_with_the_workers_traceback():
    pool = ForkPool(1)
    try:
        future = pool.submit(fail, "no such tile")
        with pytest.raises(PnpError, match="no such tile") as caught:
            future.result()
        assert isinstance(caught.value.__cause__, RemoteTraceback)
        assert "in fail" in str(caught.value.__cause__)
        with pytest.raises(RuntimeError, match="could not be sent back"):
            pool.submit(unpicklable).result()
        assert pool.submit(pow, 3, 2).result() == 9  # the pool goes on
    finally:
        pool.shutdown()


def test_a_worker_that_dies_breaks_the_pool_and_every_unfinished_job_fails():
    pool = ForkPool(2)
    try:
        assert pool.submit(pow, 2, 2).result() == 4
        os.kill(pool.pids[0], signal.SIGKILL)
        futures = [pool.submit(pid_after, 0.2) for _ in range(6)]
        errors = 0
        for future in futures:
            try:
                future.result(timeout=30)
            except WorkerDied:
                errors += 1
        assert errors >= 1
        assert all(f.done() for f in futures)
    finally:
        pool.shutdown()


def started_then_pid(flag, seconds):
    open(flag, "w").close()
    return pid_after(seconds)


def test_shutting_down_with_cancel_drops_the_jobs_not_started(tmp_path):
    import time

    pool = ForkPool(1)
    flag = tmp_path / "started"
    running = pool.submit(started_then_pid, str(flag), 0.5)
    waiting = [pool.submit(os.getpid) for _ in range(3)]
    deadline = time.monotonic() + 20
    while not flag.exists() and time.monotonic() < deadline:  # the first job is on the worker
        time.sleep(0.01)
    pool.shutdown(wait=True, cancel_futures=True)
    assert running.result() == pool.pids[0]
    for future in waiting:
        with pytest.raises(CancelledJob):
            future.result()
