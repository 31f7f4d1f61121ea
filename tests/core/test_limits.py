"""One rule for every planner's and the tournament's limits (`kit.core.limits`): a time limit is
a number of seconds above 0 and at most a week, workers a whole number from 1, more workers than
the machine's cores lowered to them with a note; and every planner keeps its time limit whatever
the puzzle's options (the 80-day planner's last day is bounded where it enters, and each of its
stages stops at the planner's deadline)."""

from __future__ import annotations

import contextlib
import io
import math
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kit.cli import main
from kit.core import KitError, limits
from kit.core.errors import shown
from kit.solve import amazing_journey, four_weeks, orienteering, timeless_journeys
from kit.solve.amazing_journey.board import Board
from kit.solve.amazing_journey.bound import upper_bound
from kit.solve.amazing_journey.relax import explore_table
from kit.solve.amazing_journey.search import Search
from kit.solve.plan import OutOfTime
from kit.timeless_journeys.bots import MctsBot
from kit.tournament import tournament
from tests.solve.amazing_journey.test_search import tiny

WEEK = 7 * 24 * 3600
SECONDS_RULE = "a number of seconds above 0 and at most 604800 (a week)"
WORKERS_RULE = "a whole number of at least 1"
OP_FILE = (
    Path(__file__).parents[1]
    / "data"
    / "op-tsiligirides"
    / "set-1"
    / "tsiligirides_problem_1_budget_50.txt"
)


@cache
def puzzles() -> dict[str, Any]:
    return {
        "timeless_journeys": timeless_journeys.standard_puzzle("intro", "en"),
        "four_weeks": four_weeks.standard_puzzle(1),
        "amazing_journey": tiny("Paulo"),
        "orienteering": orienteering.read_op_file(OP_FILE),
    }


def planners() -> dict[str, Callable[..., Any]]:
    """Every function of the kit that takes a time limit and workers, on a small puzzle."""
    p = puzzles()
    return {
        "timeless_journeys.solve": lambda **limits: timeless_journeys.solve(
            p["timeless_journeys"], **limits
        ),
        "four_weeks.solve": lambda **limits: four_weeks.solve(p["four_weeks"], **limits),
        "amazing_journey.solve": lambda **limits: amazing_journey.solve(
            p["amazing_journey"], **limits
        ),
        "amazing_journey.earliest_end": lambda **limits: amazing_journey.earliest_end(
            p["amazing_journey"], **limits
        ),
        "orienteering.solve": lambda **limits: orienteering.solve(p["orienteering"], **limits),
    }


NAMES = sorted(planners())

bad_seconds = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True).filter(lambda s: not 0 < s <= WEEK),
    st.integers().filter(lambda s: not 0 < s <= WEEK),
    st.booleans(),
    st.text(max_size=5),
    st.none(),
    st.complex_numbers(),
)
bad_workers = st.one_of(
    st.integers(max_value=0),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.complex_numbers(),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NAMES), value=bad_seconds)
@example(name="orienteering.solve", value=math.nan)  # was CP-SAT's "MODEL_INVALID"
@example(name="amazing_journey.solve", value=0)  # was a plan of status "unknown"
@example(name="four_weeks.solve", value=0)  # was ignored
@example(name="four_weeks.solve", value=-5)
@example(name="timeless_journeys.solve", value=math.inf)
@example(name="timeless_journeys.solve", value=True)
@example(name="amazing_journey.solve", value=WEEK + 1)
def test_every_planner_refuses_a_bad_time_limit_by_one_rule(name, value):
    with pytest.raises(KitError) as refused:
        planners()[name](time_limit=value, workers=1)
    assert str(refused.value) == f"time_limit must be {SECONDS_RULE}, not {shown(value)}"
    assert multiprocessing.active_children() == []  # nothing was started


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from([*NAMES, "tournament"]), value=bad_workers)
@example(name="timeless_journeys.solve", value=0)
@example(name="four_weeks.solve", value=True)
@example(name="amazing_journey.solve", value=2.0)
@example(name="orienteering.solve", value=-1)
@example(name="tournament", value=False)
def test_every_planner_and_the_tournament_refuse_bad_workers_by_one_rule(name, value):
    with pytest.raises(KitError) as refused:
        if name == "tournament":
            tournament("four_weeks", ["greedy", "random"], games=2, workers=value)
        else:
            planners()[name](time_limit=1.0, workers=value)
    assert str(refused.value) == f"workers must be {WORKERS_RULE}, not {shown(value)}"
    assert multiprocessing.active_children() == []


@given(value=bad_seconds.filter(lambda value: value is not None))  # None: no time limit
def test_a_bots_time_limit_follows_the_same_rule(value):
    with pytest.raises(KitError) as refused:
        MctsBot(1, 0, time_limit=value)
    assert str(refused.value) == f"time_limit must be {SECONDS_RULE}, not {shown(value)}"


@given(value=st.floats(min_value=1e-9, max_value=WEEK) | st.integers(1, WEEK))
def test_a_good_time_limit_is_kept_as_seconds(value):
    assert limits.time_limit(value) == float(value)


def test_more_workers_than_cores_are_lowered_to_them_with_a_note(monkeypatch):
    monkeypatch.setattr(limits, "cores", lambda: 2)
    assert limits.workers(2) == 2
    with pytest.warns(limits.Capped) as noted:
        assert limits.workers(1000) == 2
    assert [str(note.message) for note in noted] == [
        "workers=1000 is more than this machine's cores (2): 2 are used"
    ]
    monkeypatch.setattr(limits, "cores", lambda: 1)
    with pytest.warns(limits.Capped, match=r"workers=3 is more than this machine's cores \(1\)"):
        plan = amazing_journey.solve(tiny("Paulo"), time_limit=5, workers=3)
    assert plan.status == "optimal"  # planned on one worker: no helper process


def test_a_tournament_on_a_cluster_keeps_the_workers_it_is_told(monkeypatch, recwarn):
    monkeypatch.setattr(limits, "cores", lambda: 1)
    with ThreadPoolExecutor(2) as executor:
        played = tournament("four_weeks", ["greedy", "random"], games=4, executor=executor,
                            workers=1000)  # fmt: skip
    assert len(played.results) == 4 and not recwarn.list
    with pytest.warns(limits.Capped, match=r"workers=5 is more than this machine's cores \(1\)"):
        here = tournament("four_weeks", ["greedy", "random"], games=4, workers=5)
    assert here.results == played.results  # one core: played in this process


def test_the_command_prints_the_note_as_one_line(capsys, monkeypatch):
    monkeypatch.setattr(limits, "cores", lambda: 1)
    status = main(["solve", "amazing-journey", "--time-limit", "2", "--workers", "1000"])
    err = capsys.readouterr().err
    assert status in (0, 1)
    assert "kit: note: workers=1000 is more than this machine's cores (1): 1 are used\n" in err


@pytest.mark.parametrize(
    "planner", ["timeless-journeys", "four-weeks", "amazing-journey", "orienteering"]
)
@settings(max_examples=15, deadline=None)
@given(
    text=st.sampled_from(["nan", "inf", "-inf", "0", "-0.5", "1e400", "604801", "true", "x", ""])
    | st.floats(allow_nan=True).filter(lambda s: not 0 < s <= WEEK).map(repr)
)
def test_every_planner_command_refuses_a_bad_time_limit_by_one_rule(planner, text):
    args = [OP_FILE.as_posix()] if planner == "orienteering" else []
    refused = _refused(["solve", planner, *args, f"--time-limit={text}"])
    assert refused == f"argument --time-limit: expected {SECONDS_RULE}, got {shown(text)}"


@pytest.mark.parametrize(
    "command",
    [
        ["solve", "timeless-journeys"],
        ["solve", "four-weeks"],
        ["solve", "amazing-journey"],
        ["solve", "orienteering", OP_FILE.as_posix()],
        ["tournament", "four-weeks"],
    ],
    ids=lambda command: command[1],
)
@settings(max_examples=10, deadline=None)
@given(
    text=st.sampled_from(["0", "-3", "1.5", "two", "true", ""]) | st.integers(max_value=0).map(str)
)
def test_every_planner_command_and_the_tournament_refuse_bad_workers(command, text):
    refused = _refused([*command, f"--workers={text}"])
    assert refused == f"argument --workers: expected {WORKERS_RULE}, got {shown(text)}"


def _refused(argv: list[str]) -> str:
    """The one line a command refused `argv` with (exit status 2), without its usage hint."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(argv) == 2
    line = err.getvalue()
    assert line.count("\n") == 1
    return line.split(": ", 1)[1].rsplit(" (see `", 1)[0]


# --- every stage keeps the time limit, whatever the options -----------------------------------
@cache
def longest() -> amazing_journey.Puzzle:
    """The reference solo puzzle with the latest last day allowed (800 days)."""
    puzzle = amazing_journey.standard_puzzle()
    return amazing_journey.standard_puzzle(days=puzzle.most_days)


@given(days=st.integers().filter(lambda d: not 1 <= d <= 800) | st.booleans() | st.floats())
@example(days=100_000)
def test_the_last_day_of_an_80_day_puzzle_is_bounded_where_it_enters(days):
    with pytest.raises(KitError) as refused:
        amazing_journey.standard_puzzle(days=days)
    assert str(refused.value) == (
        "the last day must be a whole number from 1 to 800 (10 times the Timeline's 80 days), "
        f"not {shown(days)}"
    )


def test_the_command_refuses_a_last_day_past_the_bound(capsys):
    assert main(["solve", "amazing-journey", "--days", "100000", "--time-limit", "1"]) == 2
    assert capsys.readouterr().err == (
        "kit: the last day must be a whole number from 1 to 800 (10 times the Timeline's 80 "
        "days), not 100000\n"
    )


def test_the_solver_panels_boxes_hold_what_the_rules_allow(monkeypatch):
    from kit.widgets import solve

    monkeypatch.setattr(limits, "cores", lambda: 1)
    panel = solve(amazing_journey.standard_puzzle())
    assert (panel.time_limit.min, panel.time_limit.max) == (0.1, WEEK)
    assert (panel.workers.value, panel.workers.max) == (1, 1)  # two asked, one core
    panel.workers.value = 1000
    panel.time_limit.value = 1e9
    assert (panel.workers.value, panel.time_limit.value) == (1, WEEK)
    days = panel.planner.inputs["days"]  # type: ignore[attr-defined]
    assert days.max == 800
    days.value = 100_000
    assert panel.planner.puzzle().limit == 800


def test_every_table_of_the_80_day_planner_stops_at_its_deadline():
    """Deterministic: a deadline already passed stops each stage at its first look."""
    puzzle = longest()
    with pytest.raises(OutOfTime, match="a table of the board stopped at its deadline, on day 800"):
        Board(puzzle, deadline=time.perf_counter())
    board = Board(puzzle)
    board.deadline = time.perf_counter()
    with pytest.raises(OutOfTime, match="on day 800"):
        explore_table(board)  # the relaxed journey's table
    with pytest.raises(OutOfTime, match="on day 800"):
        upper_bound(puzzle, board)  # the bound, which took seconds whatever its limit
    search = Search(puzzle, board=board)
    assert search.run(0.001) is None  # the first beam no longer runs on until a journey ends
    assert search.steps <= 1


def test_the_80_day_planner_answers_within_its_limit_with_the_largest_puzzle():
    """The largest puzzle allowed, with a second: the answer comes, unproven (its tables
    alone took 10 s, and 20 s more for 100,000 days)."""
    plan = amazing_journey.solve(longest(), time_limit=1, workers=2)
    assert plan.status in ("unknown", "feasible") and plan.status != "optimal"
    assert multiprocessing.active_children() == []
