"""What every planner of the kit returns: a `Result`, a `Plan` for the three games.

Every result, a game's plan or an orienteering route (`kit.solve.orienteering.OPResult`), has
a status in one vocabulary (`OPTIMAL`, `FEASIBLE`, `INFEASIBLE`, `UNKNOWN`), the objective of
what was found, the bound proven on it, the gap between them and the time spent.

A plan is a list of steps (each an engine action name with the day or round it starts on), the
score sheet the game's own engine gave when the plan was replayed, and that account of how good
it is. Planners build it only after the replay has confirmed the objective, so a `Plan` in hand
is always one the rules allow."""

from __future__ import annotations

import math
import signal
import sys
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from kit.core import IllegalAction, KitError, ScoreSheet, State

OPTIMAL = "optimal"
FEASIBLE = "feasible"
INFEASIBLE = "infeasible"
UNKNOWN = "unknown"


class Result:
    """What every planner returns: `status` (one of the four above: proven best, found, proven
    impossible, nothing found in the time), the `objective` of what was found (None, or 0 for
    a route, when nothing was), the `bound` proven on any objective (None: none) and the
    `solve_time` in seconds. Plans and routes are frozen dataclasses with these fields."""

    __slots__ = ()
    status: str
    objective: int | None
    bound: float | None
    solve_time: float

    @property
    def gap(self) -> float | None:
        """Relative distance between the objective and the bound (0.0 when proven optimal)."""
        if self.objective is None or self.bound is None:
            return None
        if self.bound == self.objective:
            return 0.0
        return abs(self.bound - self.objective) / max(1.0, abs(self.bound))

    @property
    def is_optimal(self) -> bool:
        return self.status == OPTIMAL

    @property
    def found(self) -> bool:
        """Whether there is a plan (a route): proven optimal or not."""
        return self.status in (OPTIMAL, FEASIBLE)

    @property
    def exit_status(self) -> int:
        """A planner command's exit status for it: 0 with a plan, 1 without."""
        return 0 if self.found else 1


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the plan: the engine action name(s) it stands for, the day (or round) it
    starts and ends on, and a short human note (what was collected, which checkpoint).

    The replay that builds a step also says what kind of step it is (`kind`: "travel",
    "explore", "Movement card", "end of round", ...: a timeline chart's row) and where it ends in
    the plan's history (`upto`: `Plan.history[:upto]` plays the plan from its start to the end
    of this step, the chance it leads to included). A picture of the plan cuts the history
    there, so it never has to count actions per step."""

    day: int
    end: int
    actions: tuple[str, ...]
    note: str = ""
    kind: str = field(kw_only=True)
    upto: int = field(kw_only=True)

    def when(self, unit: str = "day") -> str:
        """When the step is taken, in the plan's `unit`: "day  4-6 ", "round  2   "."""
        return f"{unit} {self.day:>2}" + (f"-{self.end:<2}" if self.end != self.day else "   ")

    def describe(self, unit: str = "day") -> str:
        """The step in one line: when, its actions and its note."""
        text = " + ".join(self.actions)
        return f"{self.when(unit)}  {text}" + (f"  [{self.note}]" if self.note else "")

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True, slots=True)
class Plan(Result):
    """A planner's answer. For an infeasible puzzle `steps` is empty, `sheet` is None and
    `earliest` says the first day (or round) the goal could be reached at all, if any; when the
    planner found that day without proving that none comes sooner (or found none before its
    time ran out), `earliest_bound` is the first day it did prove possible at the soonest.
    `unit` is what a step's `day` counts ("day", "round").
    `proven` states what else the planner proved about a plan short of optimal (say, that no
    change within a few days improves it)."""

    status: str
    steps: tuple[Step, ...]
    sheet: ScoreSheet | None
    objective: int | None
    bound: float | None
    solve_time: float
    assumptions: tuple[str, ...] = ()
    earliest: int | None = None
    history: tuple[str, ...] = field(default=(), repr=False)
    proven: str = ""
    earliest_bound: int | None = None
    unit: str = "day"

    def timeline(self) -> str:
        """The plan as a day-by-day timeline followed by the score sheet."""
        if self.status == INFEASIBLE:
            if self.earliest is None and self.earliest_bound is not None:
                when = (
                    "; no day the goal can be reached was found within the time limit, and "
                    f"none comes before day {self.earliest_bound}"
                )
            elif self.earliest is None:
                when = "; the goal cannot be reached at all"
            elif self.earliest_bound is not None and self.earliest_bound < self.earliest:
                when = (
                    f"; the goal can be reached on day {self.earliest}, and not before day "
                    f"{self.earliest_bound} (the days between are not ruled out)"
                )
            else:
                when = f"; the earliest the goal can be reached is day {self.earliest}"
            return f"No plan: the puzzle is infeasible{when}."
        if self.objective is None:
            bound = "" if self.bound is None else f" (the score cannot exceed {self.bound:g})"
            return f"No plan found within the time limit{bound}."
        gap = self.gap
        proof = "no bound proven" if gap is None else f"bound {self.bound:g}, gap {gap:.1%}"
        if self.proven:
            proof += f"; {self.proven}"
        rows = [f"{self.status} plan scoring {self.objective} ({proof}, {self.solve_time:.2f} s)"]
        rows += [f"  assumes {text}" for text in self.assumptions]
        rows += [f"  {step.describe(self.unit)}" for step in self.steps]
        if self.sheet is not None:
            rows.append(str(self.sheet))
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.timeline()


class OutOfTime(Exception):
    """A stage of a planner met the planner's deadline before it had anything to give (its
    tables grow with the puzzle's options: a long last day, a large board); the planner goes
    on with what the stages before it gave."""


class PlanError(KitError):
    """A plan the engine does not accept or scores differently from the planner: a bug, never
    a result."""


Played = TypeVar("Played", bound=State)


def replay_history(
    state: Played, history: Sequence[str], outcome: Callable[[Played], str] | None = None
) -> Played:
    """`state` after the plan's `history` (action names, as `Plan.history`), played on it in
    place; `outcome(state)` names the puzzle's chance outcome at a chance step, where the plan
    must name the same. Raises `PlanError` naming the first step refused."""
    for number, name in enumerate(history, start=1):
        if outcome is not None and state.is_chance_node and name != outcome(state):
            raise PlanError(
                f"action {number} of the plan: {name!r} is not the puzzle's outcome "
                f"({outcome(state)!r})"
            )
        try:
            state.apply(name)
        except IllegalAction as error:
            raise PlanError(f"action {number} of the plan: {error}") from None
    return state


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped the planner: `plan` is the best replay-verified plan found by then (None
    if there was none yet). It is a KeyboardInterrupt, so a script or a notebook cell stops as
    Ctrl-C asks, with the plan in hand."""

    def __init__(self, plan: Plan | None) -> None:
        super().__init__("the planner was interrupted")
        self.plan = plan


def interrupt(thread: threading.Thread) -> bool:
    """Ctrl-C for a planner running on `thread` instead of the main thread (a panel's Stop
    button): the planner is asked to stop, and it does at its next look at the clock
    (`past`), or within a tenth of a second when it waits on a solver (`run_solver`) or a
    helper (`wait_for`), raising `Interrupted` with the best plan so far as on Ctrl-C.

    The request is a flag the thread reads itself, not an exception thrown into it from
    outside: one thrown in lands at any step of Python, inside a finalizer (where it is only
    reported) or the middle of a lock's bookkeeping, and was now and then lost. Like one
    Ctrl-C, it is taken once: the planner's own wrapping up (giving up its helpers, keeping
    the best plan) is not stopped again. Returns whether the thread was still running."""
    if thread.ident is None or not thread.is_alive():
        return False
    _STOPPING.add(thread)
    return True


_STOPPING: weakref.WeakSet[threading.Thread] = weakref.WeakSet()


def take_stop() -> bool:
    """Whether `interrupt` has asked the current thread's planner to stop; the request is
    taken (a second look says no, unless it is asked again)."""
    if not _STOPPING:
        return False
    thread = threading.current_thread()
    if thread not in _STOPPING:
        return False
    _STOPPING.discard(thread)
    return True


def check_stop() -> None:
    """Raise KeyboardInterrupt, as Ctrl-C would, if the current thread was asked to stop."""
    if take_stop():
        raise KeyboardInterrupt


def past(deadline: float) -> bool:
    """Whether the clock has passed `deadline`: a planner's look at the clock, which is also
    where a stop asked by `interrupt` is raised (KeyboardInterrupt, as Ctrl-C)."""
    check_stop()
    return time.perf_counter() >= deadline


class Joinable(Protocol):
    """A thread or a process."""

    def join(self, timeout: float | None = None) -> None: ...

    def is_alive(self) -> bool: ...


def wait_for(worker: Joinable, timeout: float | None = None) -> None:
    """`worker.join(timeout)` (None: until it ends), a tenth of a second at a time, so that a
    stop asked by `interrupt` is raised within moments."""
    end = None if timeout is None else time.perf_counter() + timeout
    while worker.is_alive():
        check_stop()
        step = 0.1 if end is None else min(0.1, end - time.perf_counter())
        if step <= 0:
            return
        worker.join(step)


def show_progress(score: int, bound: float, elapsed: float) -> None:
    """A planner command's `on_solution`: one line on standard error per improving plan."""
    print(f"  {elapsed:6.2f} s: a plan scoring {score} ({bound_text(bound)})", file=sys.stderr)


def command_result(solve: Callable[[], Plan], text: Callable[[Plan], str] = str) -> int:
    """What a planner's command does with its solve: prints the plan as `text` makes it and
    returns the exit status (0 with a plan, 1 without); on Ctrl-C it prints the best plan
    found so far, or says there was none, and returns 130."""
    try:
        plan = solve()
    except KeyboardInterrupt as stop:
        found = stop.plan if isinstance(stop, Interrupted) else None
        if found is None:
            print("kit: interrupted before any plan was found", file=sys.stderr)
        else:
            print(text(found))
            print("interrupted: the best replay-verified plan found so far", file=sys.stderr)
        return 130
    print(text(plan))
    return plan.exit_status


def run_solver(solver: Any, model: Any, callback: Any = None) -> tuple[Any, bool]:
    """CP-SAT's `solver.solve(model, callback)`, run on a worker thread so that Ctrl-C (or
    interrupting a notebook's kernel) stops the search within moments and keeps the best
    solution found so far, which the solver then reports as usual. Returns the status and
    whether the search was interrupted.

    CP-SAT's own Ctrl-C handling (`catch_sigint_signal`, on by default) is turned off: its
    handler is set per thread, so a Ctrl-C that reaches another thread aborts the process
    (`std::bad_function_call`), and once a solve is over it resets Ctrl-C to the system
    default, which ends the process without a word."""
    solver.parameters.catch_sigint_signal = False
    outcome: dict[str, Any] = {}
    finished = threading.Event()

    def work() -> None:
        try:
            outcome["status"] = solver.solve(model, callback)
        except BaseException as error:  # handed to the caller's thread below
            outcome["error"] = error
        finally:
            finished.set()

    # The search's threads are started with Ctrl-C blocked, so that it always reaches this
    # thread, which waits on an Event: a Ctrl-C during Thread.join can mark a running thread
    # as finished (Python before 3.13).
    interrupted = False
    try:
        _start_deaf(threading.Thread(target=work, name="cp-sat", daemon=True))
    except KeyboardInterrupt:
        interrupted = True
    while not finished.is_set():
        try:
            finished.wait(0.1)
        except KeyboardInterrupt:
            interrupted = True
        interrupted = take_stop() or interrupted
        if interrupted:  # again and again: a stop asked before the search began is lost
            solver.stop_search()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["status"], interrupted


def _start_deaf(thread: threading.Thread) -> None:
    """Start `thread` (and the threads it starts) with SIGINT blocked, where the system can."""
    if not hasattr(signal, "pthread_sigmask"):
        thread.start()
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        thread.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def bound_text(bound: float | None) -> str:
    """A solver's bound in words: 'bound 52', or 'no bound yet' while it has none."""
    if bound is None or math.isinf(bound):
        return "no bound yet"
    return f"bound {bound:g}"
