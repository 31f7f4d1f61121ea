"""The kit's own processes: SIGTERM and SIGHUP end every process a command started, as Ctrl-C
does (the best plan kept, no traceback, exit 128 plus the signal); a helper whose parent was
killed ends by itself; and every planner's helpers and a tournament work with the `spawn` start
method (where `fork` is not available or not safe)."""

from __future__ import annotations

import contextlib
import gc
import multiprocessing.queues
import os
import signal
import struct
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from kit.core import KitError, pools
from kit.solve import amazing_journey, four_weeks, timeless_journeys
from kit.solve.amazing_journey.replay import verified
from kit.solve.amazing_journey.search import Helper, Journeyed
from kit.solve.four_weeks.planner import _Refining
from kit.tournament import tournament
from tests.solve.amazing_journey.test_search import tiny
from tests.test_cli import start, wait_for

try:
    import psutil
except ImportError:  # pragma: no cover - the /proc fallback below
    psutil = None

GONE = (OSError, ValueError, *((psutil.Error,) if psutil is not None else ()))
"""What asking about a process that has ended raises."""

PLANNED = r"s: a plan scoring \d+"
"""A planner command's progress line: a plan is in hand."""

COMMANDS = {
    "timeless-journeys": (["solve", "timeless-journeys", "--time-limit", "600"], PLANNED),
    "four-weeks": (["solve", "four-weeks", "--time-limit", "600"], PLANNED),
    "amazing-journey": (["solve", "amazing-journey", "--time-limit", "600"], PLANNED),
    "tournament": (
        ["tournament", "four-weeks", "--games", "100000", "--workers", "2"],
        r"\| +[1-9]\d*/100000",
    ),
}


def descendants(pid: int) -> list[int]:
    """The processes `pid` started, and theirs (psutil where installed, else /proc)."""
    if psutil is not None:
        return [child.pid for child in psutil.Process(pid).children(recursive=True)]
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and alive(int(entry.name)):
            stat = (entry / "stat").read_text()
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = [], [pid]
    while frontier:
        children = [child for child, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie, ended but not yet reaped, does not)."""
    try:
        if psutil is not None:
            return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except GONE:
        return False


def left_running(pids: list[int], wait: float = 60.0) -> list[int]:
    """Those of `pids` still running after up to `wait` seconds (a safety net for a loaded
    machine: they end within moments)."""
    deadline = time.monotonic() + wait
    while (running := [pid for pid in pids if alive(pid)]) and time.monotonic() < deadline:
        time.sleep(0.1)
    return running


def started(name: str) -> tuple[object, list[int]]:
    """A command running with its helpers or workers at work, and their process ids."""
    argv, ready = COMMANDS[name]
    process = start(*argv)
    wait_for(process, ready, "stderr")
    deadline = time.monotonic() + 120
    while not (helpers := descendants(process.pid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert helpers, f"{name} started no process"
    return process, helpers


@pytest.mark.parametrize(
    ("name", "sig"),
    [
        ("timeless-journeys", signal.SIGTERM),
        ("four-weeks", signal.SIGTERM),
        ("amazing-journey", signal.SIGHUP),
        ("tournament", signal.SIGTERM),
        ("tournament", signal.SIGHUP),
    ],
)
@pytest.mark.slow
def test_sigterm_and_sighup_end_every_process_of_a_command(name, sig):
    process, helpers = started(name)
    process.send_signal(sig)
    out, err = (text.decode() for text in process.communicate(timeout=300))
    assert process.returncode == 128 + sig
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert left_running(helpers) == []
    stopped = signal.Signals(sig).name
    if name == "tournament":
        assert out.startswith(f"stopped by {stopped} after ") and "head to head" in out
    else:
        assert " plan scoring " in out.splitlines()[0]
        assert "interrupted: the best replay-verified plan found so far\n" in err


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_helpers_of_a_killed_command_end_by_themselves(name):
    process, helpers = started(name)
    process.kill()  # SIGKILL: the command can end nothing
    process.communicate(timeout=60)
    assert left_running(helpers) == []


# --- the start method -------------------------------------------------------------------------
def test_the_start_method_is_fork_only_where_it_is_safe(monkeypatch):
    monkeypatch.delenv(pools.START_METHOD, raising=False)
    assert pools.start_method() in ("fork", "forkserver", "spawn")
    if threading.active_count() == 1 and os.name == "posix":
        assert pools.start_method() == "fork"
        linux = sys.platform
        monkeypatch.setattr(sys, "platform", "darwin")  # macOS: fork is not safe, threads or not
        assert pools.start_method() == "forkserver"
        monkeypatch.setattr(sys, "platform", linux)
    other = threading.Event()
    thread = threading.Thread(target=other.wait, daemon=True)
    thread.start()
    try:
        assert pools.start_method() == "forkserver"  # a kernel's threads, a panel's search
    finally:
        other.set()
        thread.join()
    monkeypatch.setenv(pools.START_METHOD, "spawn")
    assert pools.start_method() == "spawn"
    monkeypatch.setenv(pools.START_METHOD, "vfork")
    with pytest.raises(KitError, match="KIT_START_METHOD='vfork' is not a start method of"):
        pools.start_method()


@pytest.fixture
def spawn(monkeypatch):
    """The kit's processes started as where `fork` is not available (Windows, macOS)."""
    monkeypatch.setenv(pools.START_METHOD, "spawn")


@pytest.mark.slow
def test_the_five_round_planners_other_searches_run_when_spawned(spawn):
    puzzle = timeless_journeys.standard_puzzle("intro", "en")
    plan = timeless_journeys.solve(puzzle, time_limit=5, workers=2)  # waits for the spawned search
    assert plan.objective is not None and plan.sheet is not None
    assert plan.objective == plan.sheet.total


@pytest.mark.slow
def test_the_four_week_refining_processes_send_their_games_when_spawned(spawn):
    puzzle = four_weeks.standard_puzzle(1)
    refining = _Refining(puzzle, 2.0, 2)
    games = refining.finish()
    assert len(games) >= 2  # each process's best game at least
    for history, score in games:
        assert puzzle.replay(history).scores()[0].total == score


@pytest.mark.slow
def test_the_eighty_day_helper_and_bound_run_when_spawned(spawn):
    puzzle = tiny("Paulo")
    got: list[Journeyed] = []
    helper = Helper(puzzle, 1, time.perf_counter(), 120.0, got.append)
    waited = time.monotonic()
    while not got and time.monotonic() < waited + 120:
        time.sleep(0.05)
    helper.stop()
    assert got and not helper.process.is_alive()
    best = got[-1]
    assert verified(puzzle, best.arcs, best.choices, best.score, "feasible", None, 0.0)
    plan = amazing_journey.solve(puzzle, time_limit=5, workers=2)  # the bound from its process
    assert plan.status == "optimal" and plan.bound == plan.objective


def test_a_tournament_plays_on_spawned_workers(spawn):
    spawned = tournament("four_weeks", ["greedy", "random"], games=6, seed=2, workers=2)
    here = tournament("four_weeks", ["greedy", "random"], games=6, seed=2, workers=1)
    assert spawned.failures == () and spawned.results == here.results


def half_a_result(sent: str) -> None:
    """A worker ended while it writes its result: the start of a long message (its length and
    a few of its bytes) on the pool's result pipe, then nothing more until it is ended."""
    queue = next(o for o in gc.get_objects() if isinstance(o, multiprocessing.queues.SimpleQueue))
    os.write(queue._writer.fileno(), struct.pack("!i", 1_000_000) + b"partial")
    Path(sent).touch()
    time.sleep(600)


def test_a_pool_ended_while_a_worker_writes_its_result_shuts_down(tmp_path):
    """The pool's thread, left reading the rest of a result that will never come, is freed when
    the pool is ended at once: `close` returns, where it used to wait for ever."""
    sent = tmp_path / "sent"
    pool = pools.process_pool(1)
    pool.submit(half_a_result, str(sent))
    deadline = time.monotonic() + 120
    while not sent.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sent.exists()
    closing = threading.Thread(target=pools.close, args=(pool,), kwargs={"at_once": True})
    closing.daemon = True  # a pool that never shuts down must not hold the tests' end
    closing.start()
    closing.join(120)
    assert not closing.is_alive(), "the pool's shutdown waits for ever"


def test_a_fork_server_starts_processes_with_the_planners_imported(monkeypatch):
    """As a forked process has them: a planner's helper in a notebook's panel does not spend a
    second or two of its time limit importing the kit."""
    monkeypatch.setenv(pools.START_METHOD, "forkserver")
    imported = f"[name in __import__('sys').modules for name in {pools.PRELOAD!r}]"
    with ProcessPoolExecutor(1, mp_context=pools.context()) as pool:
        assert pool.submit(eval, imported).result() == [True] * len(pools.PRELOAD)


@pytest.mark.slow
def test_a_solver_panel_starts_the_fork_server_before_its_first_solve():
    """Where the planners' helpers start from a fork server (a notebook's kernel), a solver
    panel starts it when it is made, so the first Solve's helpers start at once."""
    script = (
        "import sys, threading\n"
        "from kit.solve.amazing_journey import standard_puzzle\n"
        "from kit.widgets import solve\n"
        "panel = solve(standard_puzzle('regular', 'Paulo', 3))\n"
        "print('made', flush=True)\n"
        "sys.stdin.read()\n"
    )
    environment = {**os.environ, pools.START_METHOD: "forkserver"}
    with subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=environment,
    ) as process:
        try:
            assert process.stdout is not None and process.stdout.readline() == "made\n"
            deadline = time.monotonic() + 120
            while not (server := fork_servers(descendants(process.pid))) and (
                time.monotonic() < deadline
            ):
                time.sleep(0.1)  # (its resource tracker may come first)
            assert len(server) == 1
        finally:
            process.communicate("")


def fork_servers(pids: list[int]) -> list[int]:
    """Those of `pids` that run a fork server (by their command line)."""
    servers = []
    for pid in pids:
        with contextlib.suppress(*GONE):
            if b"multiprocessing.forkserver" in Path(f"/proc/{pid}/cmdline").read_bytes():
                servers.append(pid)
    return servers
