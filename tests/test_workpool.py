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
        futures, errors = [], 0
        for _ in range(6):
            try:
                futures.append(pool.submit(pid_after, 0.2))
            except WorkerDied:  # the pool has seen the death already
                errors += 1
        for future in futures:
            try:
                future.result(timeout=30)
            except WorkerDied:
                errors += 1
        assert errors >= 1
        assert all(f.done() for f in futures)
    finally:
        pool.shutdown()


def started_then_pid(flag, go):
    """Makes `flag`, then answers this worker's pid once the test has made `go`."""
    open(flag, "w").close()
    wait_for(go)
    return os.getpid()


def test_shutting_down_with_cancel_drops_the_jobs_not_started(tmp_path):
    import time

    pool = ForkPool(1)
    flag, go = tmp_path / "started", tmp_path / "go"
    running = pool.submit(started_then_pid, str(flag), str(go))
    waiting = [pool.submit(os.getpid) for _ in range(3)]
    deadline = time.monotonic() + 20
    while not flag.exists() and time.monotonic() < deadline:  # the first job is on the worker
        time.sleep(0.01)
    try:  # the first job runs until the others are dropped, however slow the machine
        pool.shutdown(wait=False, cancel_futures=True)
    finally:
        go.touch()
    pool.shutdown(wait=True)
    assert running.result() == pool.pids[0]
    for future in waiting:
        with pytest.raises(CancelledJob):
            future.result()


def wait_for(path, seconds=60):
    """Wait (polling) until `path` exists; whether it does."""
    import time

    deadline = time.monotonic() + seconds
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.01)
    return os.path.exists(path)


def started_then_wait(started, go):
    open(started, "w").close()
    return wait_for(go)


def test_a_job_that_does_not_pickle_leaves_the_worker_to_the_next_one(tmp_path):
    started, go = tmp_path / "started", tmp_path / "go"
    pool = ForkPool(1)
    try:
        held = pool.submit(started_then_wait, str(started), str(go))
        assert wait_for(started)  # the worker is busy: the next two wait for it
        lost = pool.submit(lambda: 1)  # a lambda does not pickle
        after = pool.submit(pow, 2, 3)
        go.touch()
        assert held.result(timeout=60) is True
        with pytest.raises(Exception, match="lambda|pickle"):
            lost.result(timeout=60)
        assert after.result(timeout=60) == 8
    finally:
        go.touch()
        pool.shutdown()


def test_the_pool_works_with_descriptors_past_1023():
    """select.select refuses them (ValueError): the pool waits with poll."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1200:
        pytest.skip("fewer than 1200 files may be open")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1200), hard))
    opened = []
    try:
        while not opened or opened[-1] < 1030:
            opened.append(os.open(os.devnull, os.O_RDONLY))
        pool = ForkPool(1)
        try:
            assert pool.submit(pow, 2, 2).result(timeout=60) == 4
        finally:
            pool.shutdown()
    finally:
        for fd in opened:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_an_error_in_the_pools_own_thread_fails_every_job_and_later_submits(tmp_path):
    pool = ForkPool(1)

    def broken(worker):
        raise ValueError("the dispatcher's own bug")

    pool._receive = broken
    flag = tmp_path / "go"
    try:  # the first job answers once all are submitted (else the pool could break before the second)
        futures = [pool.submit(pid_once, str(flag))] + [pool.submit(pow, 2, n) for n in range(2)]
        flag.touch()
        for future in futures:
            with pytest.raises(WorkerDied, match="the dispatcher's own bug"):
                future.result(timeout=60)
        with pytest.raises(WorkerDied, match="the dispatcher's own bug"):
            pool.submit(pow, 2, 2)
    finally:
        flag.touch()
        pool.shutdown()


def data_error():
    from pnp.errors import DataError

    raise DataError("tiles.yaml", "57.code", "unknown key")


class Unbuildable:
    """Pickles, but its pickle fails to load (int("x"))."""

    def __reduce__(self):
        return int, ("x",)


def test_an_answer_that_cannot_be_rebuilt_here_fails_its_job_alone_with_its_message():
    pool = ForkPool(1)
    try:
        with pytest.raises(PnpError, match="tiles.yaml: 57.code: unknown key"):
            pool.submit(data_error).result(timeout=60)  # DataError(file, field, problem) does not unpickle
        with pytest.raises(RuntimeError, match="could not be rebuilt"):
            pool.submit(Unbuildable).result(timeout=60)
        assert pool.submit(pow, 2, 5).result(timeout=60) == 32  # the pool goes on
    finally:
        pool.shutdown()


def test_a_broken_pool_says_why_when_a_job_is_submitted():
    pool = ForkPool(1)
    try:
        assert pool.submit(pow, 2, 2).result(timeout=60) == 4
        os.kill(pool.pids[0], signal.SIGKILL)
        with pytest.raises(WorkerDied):
            pool.submit(pow, 2, 3).result(timeout=60)
        with pytest.raises(WorkerDied, match="killed or crashed|ended before it took a job"):
            pool.submit(pow, 2, 4)
    finally:
        pool.shutdown()


def failing_start():
    raise ValueError("the initializer failed")


def test_a_workers_own_failure_is_printed_before_it_exits(capfd):
    pool = ForkPool(1, initializer=failing_start)
    try:
        with pytest.raises(WorkerDied):
            pool.submit(pow, 2, 2).result(timeout=60)
    finally:
        pool.shutdown()
    err = capfd.readouterr().err
    assert "Traceback" in err and "ValueError: the initializer failed" in err


def test_workers_that_die_with_their_parent_outlive_the_thread_that_first_submitted():
    """PR_SET_PDEATHSIG kills a worker when the *thread* that forked it ends: the pool's
    own thread forks them, not the short-lived caller's."""
    from pnp.pdf import _start_worker

    pool = ForkPool(2, initializer=_start_worker, initargs=(os.getpid(),))
    answers, tid = [], []

    def first_use():
        tid.append(threading.get_native_id())
        answers.append(pool.submit(pow, 2, 2).result(timeout=60))

    try:
        thread = threading.Thread(target=first_use)
        thread.start()
        thread.join()
        task = f"/proc/self/task/{tid[0]}"
        if not os.path.exists("/proc/self/task"):
            pytest.skip("no /proc")
        import time

        deadline = time.monotonic() + 60
        while os.path.exists(task) and time.monotonic() < deadline:  # the thread has ended in the kernel too
            time.sleep(0.01)
        assert answers == [4] and not os.path.exists(task)
        assert [pool.submit(pow, 2, n).result(timeout=60) for n in range(4)] == [1, 2, 4, 8]
    finally:
        pool.shutdown()


def noting(flag, values):
    """Tells each value, then answers once the test has made `flag` (up to 60 s)."""
    from pnp.workpool import note

    for value in values:
        note(value)
    return pid_once(flag)


def test_a_job_tells_its_caller_notes_before_it_ends(tmp_path):
    import queue

    flag = tmp_path / "go"
    pool = ForkPool(1)
    try:
        future = pool.submit(noting, str(flag), [("tiles", 3), ("map", 1)])
        heard, done = queue.SimpleQueue(), queue.SimpleQueue()
        future.on_note(heard.put)
        assert [heard.get(timeout=60), heard.get(timeout=60)] == [("tiles", 3), ("map", 1)]
        assert not future.done()  # told while the job still runs
        future.add_done_callback(done.put)
        late = []
        future.on_note(late.append)  # a listener that comes late hears what was told already
        assert late == [("tiles", 3), ("map", 1)]
        flag.touch()
        pid = future.result(timeout=60)
        assert pid in pool.pids and done.get(timeout=60) is future  # (called just after the result is set)
        again = []
        future.add_done_callback(again.append)  # once done: at once
        assert again == [future] and done.empty()
        assert pool.submit(pow, 2, 3).result(timeout=60) == 8  # the worker goes on as before
    finally:
        flag.touch()
        pool.shutdown()


def test_a_note_outside_a_worker_is_nothing():
    from pnp.workpool import note

    note(("anything", 1))  # a job run where it was submitted (one core): no one to tell


class _LoadsNowhere:
    """Pickles, but its pickle fails to load."""

    def __reduce__(self):
        return (int, ("not a number",))


def noting_what_does_not_load(flag):
    from pnp.workpool import note

    note(_LoadsNowhere())
    return pid_once(flag)


def test_a_note_that_would_not_load_fails_its_job_and_the_next_job_gets_its_own_answer(tmp_path):
    flag = tmp_path / "go"
    flag.touch()
    pool = ForkPool(1)
    try:
        with pytest.raises(ValueError):
            pool.submit(noting_what_does_not_load, str(flag)).result(timeout=60)
        assert pool.submit(pow, 2, 5).result(timeout=60) == 32
    finally:
        pool.shutdown()
