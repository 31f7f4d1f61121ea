"""Stop, as a panel's button asks it (`kit.solve.plan.interrupt`): every planner running on a
thread of its own stops within moments of being asked and hands back the best plan streamed so
far, as on Ctrl-C; a thread that was not asked goes on."""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kit.solve import amazing_journey, four_weeks, timeless_journeys
from kit.solve.orienteering import read_op_file
from kit.solve.orienteering import solve as solve_op
from kit.solve.plan import Interrupted, interrupt, past, wait_for

Streamed = list[int]
SLOW_TO_PROVE = Path(__file__).parents[1] / "data" / "op-chao" / "set-66" / "chao_set_66_1_065.txt"


def _eighty_days(streamed: Streamed) -> Any:
    puzzle = amazing_journey.standard_puzzle("regular", "Paulo", 3)
    return amazing_journey.solve(puzzle, 300, 2, lambda s, b, t: streamed.append(s))


def _five_rounds(streamed: Streamed) -> Any:
    puzzle = timeless_journeys.standard_puzzle("D", "en")
    return timeless_journeys.solve(puzzle, 300, 2, lambda s, b, t: streamed.append(s))


def _four_weeks(streamed: Streamed) -> Any:
    puzzle = four_weeks.standard_puzzle(3)
    return four_weeks.solve(puzzle, 300, 2, lambda s, b, t: streamed.append(s))


def _orienteering(streamed: Streamed) -> Any:
    instance = read_op_file(SLOW_TO_PROVE)
    return solve_op(instance, time_limit=300, on_solution=lambda s, b, t: streamed.append(s))


@pytest.mark.parametrize(
    "planner", [_eighty_days, _five_rounds, _four_weeks, _orienteering], ids=lambda f: f.__name__
)
@pytest.mark.slow
def test_stop_ends_the_planner_with_its_best_plan(planner: Callable[[Streamed], Any]) -> None:
    streamed: Streamed = []
    outcome: dict[str, Any] = {}
    before = set(multiprocessing.active_children())

    def run() -> None:
        try:
            outcome["answer"] = planner(streamed)
        except BaseException as stop:
            outcome["answer"] = stop

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while not streamed and time.monotonic() < deadline:
        time.sleep(0.05)
    assert streamed, "no plan was streamed"
    assert interrupt(thread)
    thread.join(60)
    assert not thread.is_alive(), "Stop did not stop the planner"
    # nor did it leave a helper process searching on to the time limit
    deadline = time.monotonic() + 10
    while (left := set(multiprocessing.active_children()) - before) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not left, "a helper process runs on"
    answer = outcome["answer"]
    if isinstance(answer, Interrupted):
        assert answer.plan is not None and answer.plan.objective == max(streamed)
    else:  # the orienteering solver reports a stop in its result
        assert answer.interrupted and answer.objective == max(streamed)
    assert not interrupt(thread)  # it has ended


def test_only_the_thread_asked_stops() -> None:
    asked, other = threading.Event(), threading.Event()
    seen: dict[str, str] = {}

    def watch(name: str, go: threading.Event) -> None:
        go.wait()
        try:
            while not past(time.perf_counter() + 5):
                time.sleep(0.01)
                if name == "other" and "asked" in seen:
                    seen[name] = "went on"
                    return
        except KeyboardInterrupt:
            seen[name] = "stopped"

    threads = {
        name: threading.Thread(target=watch, args=(name, go), daemon=True)
        for name, go in (("asked", asked), ("other", other))
    }
    for thread in threads.values():
        thread.start()
    assert interrupt(threads["asked"])
    asked.set()
    threads["asked"].join(5)
    other.set()
    threads["other"].join(5)
    assert seen == {"asked": "stopped", "other": "went on"}


def test_a_wait_is_cut_short_by_stop() -> None:
    sleeper = threading.Thread(target=time.sleep, args=(30,), daemon=True)
    sleeper.start()
    outcome: list[str] = []

    def waiter() -> None:
        try:
            wait_for(sleeper)
            outcome.append("waited")
        except KeyboardInterrupt:
            outcome.append("stopped")

    thread = threading.Thread(target=waiter, daemon=True)
    thread.start()
    time.sleep(0.2)
    assert interrupt(thread)
    thread.join(5)
    assert outcome == ["stopped"] and sleeper.is_alive()
