"""`solve`: the parts put together, within a time limit, with Ctrl-C keeping the best plan.

The event searches (`search.py`) come first, for `SEARCH_SHARE` of the time (all but
`MODEL_SECONDS` of a long limit): with two workers a second search starts in its own process at
once (its plans are streamed as it finds them), the valid upper bound (`bound.py`) is computed
in a third, and this process runs its own search; on the reference board their plans are the
best of all the parts. Every plan is streamed with the bound once it is known and returned with
it (the better of it and the model's own bound when the model proves one). Then come a few
hundred randomised greedy journeys held to the plan's assumptions (mapped onto the network's
arcs, scored by a model over those arcs alone, replayed); the better of the two plans is the one
the model improves. On a small network (tiny boards, late positions) CP-SAT then looks on the
whole network for a better plan only, so that finding none proves the first one optimal. On the
reference board the plan is improved one window of `WINDOW_DAYS` days at a time (`_windows`)."""

from __future__ import annotations

import dataclasses
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.context import BaseContext
from typing import Any

from kit.core import limits, pools
from kit.core.rng import MASK
from kit.solve.amazing_journey.baseline import SLACKS, greedy_game
from kit.solve.amazing_journey.board import Board
from kit.solve.amazing_journey.bound import upper_bound
from kit.solve.amazing_journey.model import Model, new_solver, path_of
from kit.solve.amazing_journey.network import Arc, Network, NetworkStopped
from kit.solve.amazing_journey.puzzle import Puzzle
from kit.solve.amazing_journey.replay import Choices, verified
from kit.solve.amazing_journey.search import Helper, Journeyed, Search
from kit.solve.plan import (
    FEASIBLE,
    INFEASIBLE,
    OPTIMAL,
    UNKNOWN,
    Interrupted,
    OutOfTime,
    Plan,
    check_stop,
    run_solver,
    wait_for,
)

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - the exhaustive search still works
    cp_model = None  # type: ignore[assignment]

OnSolution = Callable[[int, float, float], None]
"""Progress callback: `(score, bound, elapsed_seconds)` for every improving plan."""

MODEL_SECONDS_PER_ARC = 2e-5
"""About the time to build the CP-SAT model, per arc, on the reference board
(`benchmarks/RESULTS.md`)."""

PRESOLVE_SECONDS_PER_ARC = 6e-5
"""About the time CP-SAT's presolve takes per arc on the reference board: it does not stop at
the time limit, so it is skipped when the time left is shorter."""

BOUND_SHARE = 0.1
"""The share of the time limit that the bound's tree search (`branch.py`) and prices
(`lagrange.py`) may take, after its relaxed journey (which cannot be stopped), when it runs
before the search (one worker); in a process of its own beside the searches, all but
`SEARCH_FIRST_SECONDS` of the limit when that is more."""

SEARCH_FIRST_SECONDS = 15.0
"""What the bound's process, running beside the searches, leaves them of the limit: it takes
all but this many seconds when that is more than `BOUND_SHARE` of the limit (`_bound_seconds`).
At short limits the searches want the two cores to themselves; at long ones a third process
costs the plans little and brings the bound down by several points (`benchmarks/RESULTS.md`,
Sharing the time)."""

SEARCH_SHARE = 0.7
"""The share of the time limit the event searches (`search.py`) may take, from the start: the
second worker's from the first moment, the planner's own once the bound is computed; all but
`MODEL_SECONDS` of a longer limit (`_search_seconds`)."""

MODEL_SECONDS = 10.0
"""What the event searches leave the network, the greedy journeys and the model's windows of a
long limit, when that is less than the rest of `SEARCH_SHARE` of it: at long limits the final
plans come from the searches, and the windows only settle them (`benchmarks/RESULTS.md`,
Sharing the time)."""

FIRST_PLAN_SHARE = 0.3
"""The share of the time left once the network is built that the randomised greedy journeys
may take (see `_first_plan`); up to half while none of them fits the model."""

FIRST_PLAN_SECONDS = 5.0
"""The most time the model over one greedy journey's arcs may take (it takes milliseconds on
the reference board: the limit is for the largest networks)."""

WHOLE_MODEL_ARCS = 20_000
"""Above this many arcs, CP-SAT on the whole network finds nothing in seconds (its bound stays
far above any plan): the plan is improved window by window instead (`_windows`)."""

WINDOW_DAYS = 8
"""The stretch of days one window may change."""

WINDOW_SECONDS = 3.0
"""The most time one window's search may take."""

WINDOW_MIN_SECONDS = 1.0
"""No window is started with less time left than this (building its model takes about half)."""


@dataclass
class _Found:
    """The best replay-verified plan of a search so far, for an interrupted search."""

    began: float
    plan: Plan | None = None
    bound: float = math.inf  # a valid upper bound (`bound.upper_bound`) once computed
    helped: _Searched | None = None  # the best journey of the helper's search, replayed
    lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)
    bounding: _Bounding | None = None  # the bound, computed in a process of its own

    def stop_bounding(self, deadline: float | None) -> None:
        """Wait for the bound until `deadline` (None: until it comes), then give it up."""
        if self.bounding is not None:
            self.bounding.wait(deadline)
            self.bounding = None

    def keep(self, plan: Plan) -> Plan:
        with self.lock:
            if self.plan is None or (plan.objective or 0) >= (self.plan.objective or 0):
                self.plan = plan
        return plan

    def offer(self, plan: Plan, on_solution: OnSolution | None) -> bool:
        """Keep and stream `plan` if it scores more than the best so far (the two searches
        find plans at the same time)."""
        with self.lock:
            if self.plan is not None and _score(plan) <= _score(self.plan):
                return False
            self.plan = plan
            if on_solution:
                on_solution(_score(plan), self.bound, _since(self.began))
        return True

    def taker(self, puzzle: Puzzle, on_solution: OnSolution | None) -> Callable[[Journeyed], None]:
        """What the helper's journeys are handed to: replayed here (`verified`), kept and
        streamed if they improve."""

        def take(journey: Journeyed) -> None:
            plan = verified(
                puzzle, journey.arcs, journey.choices, journey.score, FEASIBLE, None, self.began
            )
            if self.offer(plan, on_solution):
                self.helped = _Searched(journey.arcs, journey.choices, plan)

        return take

    def interrupted(self) -> Interrupted:
        if self.plan is None:
            return Interrupted(None)
        return Interrupted(_bounded(_restamp(self.plan, FEASIBLE, None, self.began), self.bound))


class _Bounding(pools.Helper):
    """The bound (`bound.upper_bound`) computed in a process of its own while both searches run,
    instead of before this process's search: its seconds no longer add to the others', so a
    short limit is kept unless the bound alone takes longer. It cannot be stopped in the
    middle, so `solve` waits for it (a plan always comes with its bound); Ctrl-C gives it up.
    The bound is set on `found` as soon as it comes, and streamed with the plans after it."""

    def __init__(
        self,
        puzzle: Puzzle,
        found: _Found,
        time_limit: float,
        deadline: float,
        context: BaseContext,
    ) -> None:
        self.found = found
        super().__init__(_bound_of, (puzzle, time_limit, deadline), self._take, context)

    def _take(self, ceiling: int | None) -> None:
        if ceiling is not None:
            with self.found.lock:
                self.found.bound = ceiling

    def wait(self, deadline: float | None) -> None:
        """Wait for the bound until `deadline` (None: until it comes), then give it up;
        raises what the bound raised."""
        wait_for(self, None if deadline is None else _left(deadline))
        self.stop()


def _bound_of(puzzle: Puzzle, time_limit: float, deadline: float, send: pools.Send) -> None:
    """The body of the bound's process (`kit.core.pools.Helper`): the bound on a board of the
    planner's `deadline` (None if its tables are not made by then); a bug in the bound is
    raised again by the planner."""
    try:
        ceiling = upper_bound(puzzle, board=Board(puzzle, deadline), time_limit=time_limit)
    except OutOfTime:
        ceiling = None
    send(ceiling)


def _bound(puzzle: Puzzle, board: Board, time_limit: float) -> int | None:
    """`bound.upper_bound` on `board`, None (no bound) if its deadline came first."""
    try:
        return upper_bound(puzzle, board=board, time_limit=time_limit)
    except OutOfTime:
        return None


@dataclass(frozen=True)
class _Journey:
    """A verified journey of the search: its arcs in the network, its choices, and the
    engine's replay of it."""

    path: list[int]
    choices: Choices
    plan: Plan


class _Progress(cp_model.CpSolverSolutionCallback if cp_model else object):  # type: ignore[misc]
    """Reports each improving plan to `on_solution(score, bound, elapsed)`."""

    def __init__(self, on_solution: OnSolution | None, began: float) -> None:
        super().__init__()
        self.on_solution, self.began = on_solution, began

    def on_solution_callback(self) -> None:
        if self.on_solution:
            self.on_solution(
                round(self.objective_value), self.best_objective_bound, _since(self.began)
            )


def solve(
    puzzle: Puzzle,
    time_limit: float = 10.0,
    workers: int = 2,
    on_solution: OnSolution | None = None,
    seed: int = 1,
    starts: int = 512,
) -> Plan:
    """The best plan for `puzzle` within `time_limit` seconds on `workers` threads, replayed and
    scored by the engine. An impossible puzzle gives an infeasible `Plan` with the earliest day
    the journey could end (`earliest`).

    Ctrl-C (a KeyboardInterrupt) stops the search at once and raises `Interrupted` with the
    best replay-verified plan found so far.

    The time is shared out against one deadline, `time_limit` seconds after the call, and each
    stage is given a share of the time left when it starts, never more:

    1. the event searches until `SEARCH_SHARE` of the limit (all but `MODEL_SECONDS` of a
       long one): with `workers` above 1 the second one in its own process from the start,
       the bound (`bound.upper_bound`: milliseconds on a tiny board, one to two seconds on the
       reference board that cannot be stopped and are spent whatever the limit, then its tree
       search and prices for `_bound_seconds` of the limit) in another, and this process's
       own search; with one worker, the bound first (for `BOUND_SHARE` of the limit), then
       the search;
    2. the network (seconds on the largest boards; it stops at the deadline, and the plan of
       the searches is then the answer), then the greedy journeys, started until
       `FIRST_PLAN_SHARE` of the time left after the network has passed (half of it while none
       fits the model), each scored by a model over its own arcs for at most
       `FIRST_PLAN_SECONDS` and the time left;
    3. the model, until the deadline: one window at a time on a large network (each at most
       `WINDOW_SECONDS` and the time left, none started with less than `WINDOW_MIN_SECONDS`),
       or the whole network; the earliest end of an impossible puzzle in the time left.

    So `solve` returns within the limit, but for the model building or a replay running on
    past it (tenths of a second): every stage keeps the deadline, the board's and the bound's
    tables included (a bound not made by then is none). The event search goes on past its
    share of the limit until its first journey ends (under a second on the reference board on
    a quiet machine), but not past the limit: a machine too busy to end one journey by then
    gets no plan ("unknown"). A stage that finds no time left is skipped, with the best
    verified plan kept. `time_limit` and `workers` are checked by `kit.core.limits`
    (`KitError`)."""
    time_limit, workers = limits.time_limit(time_limit), limits.workers(workers)
    began = time.perf_counter()
    found = _Found(began)
    try:
        plan = _search(puzzle, time_limit, workers, on_solution, seed, starts, found)
    except Interrupted:
        found.stop_bounding(began)
        raise
    except KeyboardInterrupt:
        found.stop_bounding(began)
        raise found.interrupted() from None
    except BaseException:
        found.stop_bounding(began)
        raise
    found.stop_bounding(None)  # a plan always comes with its bound
    best = found.plan
    if best is not None and _score(best) > _score(plan):
        plan = _restamp(best, FEASIBLE, None, began)  # the model could not follow the search
    return _bounded(plan, found.bound)


def _search_seconds(time_limit: float) -> float:
    """The time the event searches may take from the start: `SEARCH_SHARE` of the limit, or
    all but `MODEL_SECONDS` of it when that is more."""
    return max(SEARCH_SHARE * time_limit, time_limit - MODEL_SECONDS)


def _bound_seconds(time_limit: float) -> float:
    """The time the bound's process may take after its relaxed journey: `BOUND_SHARE` of the
    limit, or all but `SEARCH_FIRST_SECONDS` of it when that is more."""
    return max(BOUND_SHARE * time_limit, time_limit - SEARCH_FIRST_SECONDS)


def _bounded(plan: Plan, bound: float) -> Plan:
    """`plan` with the better of its own bound and `bound` (optimal when it meets it)."""
    if plan.objective is None or math.isinf(bound):
        return plan
    if plan.bound is not None and plan.bound <= bound:
        return plan
    status = OPTIMAL if plan.objective >= bound else plan.status
    return dataclasses.replace(plan, bound=bound, status=status)


def _search(
    puzzle: Puzzle,
    time_limit: float,
    workers: int,
    on_solution: OnSolution | None,
    seed: int,
    starts: int,
    found: _Found,
) -> Plan:
    """`solve`'s search; every verified plan goes to `found`."""
    began = found.began
    try:
        board = Board(puzzle, deadline=began + time_limit)  # every stage keeps the deadline
    except OutOfTime:
        return Plan(UNKNOWN, (), None, None, None, _since(began), puzzle.assumptions())
    if board.finish_day(board.start_stage, board.start_city, board.start_day) > board.limit:
        return _infeasible(puzzle, began, _left(began + time_limit), workers)  # even relaxed
    searched = _searches(board, time_limit, workers, on_solution, seed, found)
    try:
        network = Network(puzzle, deadline=began + time_limit)
    except NetworkStopped:
        if searched is not None:
            return _restamp(searched.plan, FEASIBLE, None, began)
        return Plan(UNKNOWN, (), None, None, None, _since(began), puzzle.assumptions())
    if network.start not in network.alive:
        return _infeasible(puzzle, began, _left(began + time_limit), workers)
    return _network_search(network, searched, time_limit, workers, on_solution, seed, starts, found)


def _searches(
    board: Board,
    time_limit: float,
    workers: int,
    on_solution: OnSolution | None,
    seed: int,
    found: _Found,
) -> _Searched | None:
    """The event searches' best plan: this process's, and with a second worker the helper's
    (`Helper`) while the bound is computed in a process of its own (`_Bounding`); else the
    bound first, here."""
    puzzle, began = board.puzzle, found.began
    search_end = _search_seconds(time_limit)
    helper = None
    halt = threading.Event()
    context = pools.context()  # one start method for both processes
    if workers > 1 and search_end > 0:
        take = found.taker(puzzle, on_solution)
        helper = Helper(puzzle, seed, began, search_end, take, halt, context, board.deadline)
    try:
        if helper is not None:
            found.bounding = _Bounding(
                puzzle, found, _bound_seconds(time_limit), board.deadline, context
            )
        else:
            ceiling = _bound(puzzle, board, BOUND_SHARE * time_limit)
            if ceiling is not None:
                found.bound = ceiling
        searched = _event_search(board, search_end, on_solution, found, seed, halt)
        if helper is not None:
            helper.wait(search_end - _since(began))
    finally:
        if helper is not None:
            helper.stop()
    helped = found.helped
    if helped is not None and (searched is None or _score(helped.plan) > _score(searched.plan)):
        searched = helped
    return searched


def _network_search(
    network: Network,
    searched: _Searched | None,
    time_limit: float,
    workers: int,
    on_solution: OnSolution | None,
    seed: int,
    starts: int,
    found: _Found,
) -> Plan:
    """The search on the network from the event searches' best plan (`searched`) or the
    first plan found there: window by window on a large network, else the whole model."""
    began = found.began
    built = _since(began)  # the network takes seconds on the largest boards
    share = built + FIRST_PLAN_SHARE * (time_limit - built)
    deadline = began + time_limit
    first = _first_plan(network, seed, starts, deadline, share, (built + time_limit) / 2, found)
    if searched is not None and (first is None or _score(searched.plan) > _score(first.plan)):
        path = network.locate(searched.arcs)
        if path:
            first = _Journey(path, searched.choices, searched.plan)
        elif first is None:
            return _restamp(searched.plan, FEASIBLE, None, began)  # the model cannot follow it
    elif first is not None and on_solution:
        on_solution(first.plan.objective or 0, found.bound, _since(began))
    if first is not None:
        if len(network.arcs) > WHOLE_MODEL_ARCS:
            best, settled = _windows(network, first, time_limit, workers, on_solution, found)
            plan = _restamp(best.plan, FEASIBLE, None, began)
            if settled:
                proven = f"no change within any {WINDOW_DAYS} days in a row scores more"
                plan = dataclasses.replace(plan, proven=proven)
            return plan
        if _left(deadline) < 3 * MODEL_SECONDS_PER_ARC * len(network.arcs):
            return _restamp(first.plan, FEASIBLE, None, began)  # no time to build and search
    return _model_search(network, first, deadline, workers, on_solution, found)


def _model_search(
    network: Network,
    first: _Journey | None,
    deadline: float,
    workers: int,
    on_solution: OnSolution | None,
    found: _Found,
) -> Plan:
    """CP-SAT on the whole network until `deadline`, for a plan better than `first` (when
    there is one)."""
    puzzle, began = network.puzzle, found.began
    model = Model(network)
    if first is None:
        model.hint(network.simple_path())
    else:
        model.better_than(first.plan.objective or 0)
    left = _left(deadline)
    if left <= 0:  # building the model took the time left
        if first is None:
            return Plan(UNKNOWN, (), None, None, None, _since(began))
        return _restamp(first.plan, FEASIBLE, None, began)
    solver = new_solver(left, workers)
    # CP-SAT's presolve overruns short time limits on large networks: skip it then.
    solver.parameters.cp_model_presolve = left >= PRESOLVE_SECONDS_PER_ARC * len(network.arcs)
    status, interrupted = run_solver(solver, model.model, _Progress(on_solution, began))
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        if interrupted:
            raise KeyboardInterrupt
        return _unsolved(puzzle, first, solver, status, deadline, workers, began)
    verdict = OPTIMAL if status == cp_model.OPTIMAL else FEASIBLE
    solution = model.solution(solver)
    plan = found.keep(
        verified(
            puzzle, path_of(network, solution.arcs), solution.choices, solution.objective,
            verdict, solver.best_objective_bound, began,
        )
    )  # fmt: skip
    if interrupted:
        raise KeyboardInterrupt
    return plan


def _unsolved(
    puzzle: Puzzle,
    first: _Journey | None,
    solver: Any,
    status: Any,
    deadline: float,
    workers: int,
    began: float,
) -> Plan:
    """The plan when CP-SAT found none better than `first`: `first` optimal when none is,
    with the solver's bound when it has one; else infeasible or unknown."""
    if first is not None and status == cp_model.INFEASIBLE:
        return _restamp(first.plan, OPTIMAL, first.plan.objective, began)  # none is better
    if first is not None:
        bound = solver.best_objective_bound
        proven = bound >= (first.plan.objective or 0) + 1  # else stopped before any bound
        return _restamp(first.plan, FEASIBLE, bound if proven else None, began)
    if status == cp_model.INFEASIBLE:
        return _infeasible(puzzle, began, _left(deadline), workers)
    return Plan(UNKNOWN, (), None, None, solver.best_objective_bound, _since(began))


@dataclass(frozen=True)
class _Searched:
    """The event search's best plan, with its actions and choices for the model."""

    arcs: list[Arc]
    choices: Choices
    plan: Plan


def _event_search(
    board: Board,
    until: float,
    on_solution: OnSolution | None,
    found: _Found,
    seed: int,
    halt: threading.Event,
) -> _Searched | None:
    """The event search's best plan by `until` seconds after `found.began` (every improving
    one streamed and kept in `found`; it stops early once `halt` is set), or None if it found
    none. Its first beam runs on past `until` until a journey ends (`Search.run`), so a
    plan comes on a busy machine too; a share of nothing (`until` 0) is no search."""
    if until <= 0:
        return None
    search = Search(board.puzzle, found.began, seed - 1, halt, board)

    def improved(plan: Plan) -> None:
        found.offer(plan, on_solution)

    search.run(until, improved)
    if search.best is None or search.best_journey is None:
        return None
    journey = search.best_journey
    return _Searched(journey.arcs(), search.scorer.choices(journey.tokens), search.best)


def _score(plan: Plan) -> int:
    return plan.objective or 0


def _windows(
    network: Network,
    best: _Journey,
    time_limit: float,
    workers: int,
    on_solution: OnSolution | None,
    found: _Found,
) -> tuple[_Journey, bool]:
    """Improve the journey `best` one stretch of days at a time: CP-SAT keeps the plan outside
    a window of `WINDOW_DAYS` days and may change everything inside it (the score still counts
    the whole journey), asking only for a better plan. Windows slide from the end of the
    journey to its start, half a window at a time, and again from the end while one of them
    improves and time is left. Returns the best journey and whether a whole pass proved that no
    window holds a better one."""
    began = found.began
    first_day = network.keys[network.start].day
    settled = False
    while not settled:
        settled = True
        high = network.arcs[best.path[-1]].end
        while high > first_day:
            left = time_limit - _since(began)
            if left < WINDOW_MIN_SECONDS:
                return best, False
            low = max(first_day, high - WINDOW_DAYS)
            keep = set(best.path)
            subset = [
                n
                for n, arc in enumerate(network.arcs)
                if n in keep or arc.start >= low and arc.end <= high
            ]
            model = Model(network.restricted(subset))
            model.hint([i for i, n in enumerate(subset) if n in keep])
            model.better_than(best.plan.objective or 0)
            left = time_limit - _since(began)  # building the model took some of it
            if left <= 0:
                return best, False
            solver = new_solver(min(left, WINDOW_SECONDS), workers)
            status, interrupted = run_solver(solver, model.model)
            settled = settled and status == cp_model.INFEASIBLE
            if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                solution = model.solution(solver)
                path = [subset[i] for i in solution.arcs]
                plan = verified(
                    network.puzzle, path_of(network, path), solution.choices,
                    solution.objective, FEASIBLE, None, began,
                )  # fmt: skip
                best = _Journey(path, solution.choices, found.keep(plan))
                if on_solution:
                    on_solution(solution.objective, found.bound, _since(began))
            if interrupted:
                raise KeyboardInterrupt
            high -= WINDOW_DAYS // 2
    return best, True


def _first_plan(
    network: Network,
    seed: int,
    starts: int,
    deadline: float,
    budget: float = math.inf,
    most: float = math.inf,
    found: _Found | None = None,
) -> _Journey | None:
    """The best of `starts` greedy journeys (bot seeds from `seed`; held to the plan's Ticket
    assumption) as a verified journey, or None when the model can follow none of them. The
    bot's ties and the engine's draws differ by seed, and so do the journeys; no new one is
    started after `budget` seconds (a slow machine then tries fewer), or, while the model can
    follow none of them yet, after `most` seconds (both counted from `found.began`, or from
    now without it). The five best by the engine's score (more if none of them fits the model)
    are scored by a model over their arcs alone (which picks the tokens kept and the Objectives
    played), each for at most `FIRST_PLAN_SECONDS` and the time left until `deadline`, none
    once it has passed; the best is replayed. Ctrl-C ends the greedy
    journeys: the best of those played is still scored and replayed (into `found`), then the
    interrupt goes on."""
    began = found.began if found else time.perf_counter()
    journeys: dict[tuple[int, ...], int] = {}
    interrupted = False
    try:
        for bot_seed in range(seed, seed + starts):
            check_stop()
            if _since(began) > (budget if journeys else most):
                break
            slack = SLACKS[bot_seed % len(SLACKS)]
            bot = bot_seed & MASK  # a seed (kit.core.rng) from any search seed
            game = greedy_game(network.puzzle, bot, planned=True, slack=slack)
            steps = game.steps(network.puzzle)
            path = tuple(network.locate(steps)) if steps is not None else ()
            if path:
                journeys[path] = game.score
    except KeyboardInterrupt:
        interrupted = True
    best: tuple[list[int], Any] | None = None
    for rank, path in enumerate(sorted(journeys, key=lambda p: journeys[p], reverse=True)):
        if rank >= 5 and best is not None:
            break
        model = Model(network.restricted(path))
        left = _left(deadline)
        if left <= 0:
            break
        solver = new_solver(min(FIRST_PLAN_SECONDS, left), 1)
        status, stopped = run_solver(solver, model.model)
        interrupted = interrupted or stopped
        if status != cp_model.OPTIMAL:
            continue
        solution = model.solution(solver)
        if best is None or solution.objective > best[1].objective:
            best = (list(path), solution)
    journey = None
    if best is not None:
        arcs, solution = best
        plan = verified(
            network.puzzle, [network.arcs[n] for n in arcs], solution.choices,
            solution.objective, FEASIBLE, None, began,
        )  # fmt: skip
        journey = _Journey(arcs, solution.choices, found.keep(plan) if found else plan)
    if interrupted:
        raise KeyboardInterrupt
    return journey


def _restamp(plan: Plan, status: str, bound: float | None, began: float) -> Plan:
    """`plan` with the planner's verdict on it, its bound and the total time."""
    return dataclasses.replace(plan, status=status, bound=bound, solve_time=_since(began))


@dataclass(frozen=True)
class EarliestEnd:
    """The earliest day a journey can end: `day` is the earliest found (None if the time ran
    out before any was), and no journey ends before `bound` (proven). When the two differ the
    solver ran out of time in between."""

    day: int | None
    bound: int

    @property
    def proven(self) -> bool:
        return self.day is not None and self.bound >= self.day

    def __str__(self) -> str:
        if self.day is None:
            return f"no day found in the time limit (none before day {self.bound})"
        if self.proven:
            return f"day {self.day}"
        return f"day {self.day} (none before day {self.bound}; the days between are not ruled out)"


def earliest_end(puzzle: Puzzle, time_limit: float = 10.0, workers: int = 2) -> EarliestEnd | None:
    """The earliest day the journey can end (ignoring the score), or None if it cannot end
    within three loops of the Timeline. A journey by departures alone bounds the horizon; the
    min-days model then uses Tickets and powers where they help. No journey ends before the
    Final checkpoint's activation day, so a plain journey ending on it needs no model. If the
    time runs out first, the day found (if any) comes with the bound proven so far: building
    the networks takes seconds on the reference board, and they too stop at `time_limit`
    (checked by `kit.core.limits`, as `workers`)."""
    return _earliest_end(puzzle, limits.time_limit(time_limit), limits.workers(workers))


def _earliest_end(puzzle: Puzzle, time_limit: float, workers: int) -> EarliestEnd | None:
    """`earliest_end` within what is left of the planner's time (none at all: the answer from
    what can be known at once)."""
    began = time.perf_counter()
    deadline = began + time_limit
    tables = puzzle.tables
    floor = max(puzzle.position.day[puzzle.player], tables.board.checkpoints[-1].activation)
    horizon = max(puzzle.limit, 3 * tables.length)
    try:
        network = Network(puzzle, limit=horizon, deadline=deadline)
    except NetworkStopped:
        return EarliestEnd(None, floor)
    if network.start not in network.alive:
        return None
    plain = network.simple_path()
    end = network.arcs[plain[-1]].end if plain else None
    if end is not None:
        if end <= floor or _since(began) >= time_limit:
            return EarliestEnd(end, min(floor, end))
        try:
            network = Network(puzzle, limit=end, deadline=deadline)
        except NetworkStopped:
            return EarliestEnd(end, floor)
    model = Model(network, minimize_days=True)
    model.hint(network.simple_path())
    left = _left(deadline)
    if left <= 0 and end is not None:
        return EarliestEnd(end, floor)
    solver = new_solver(left, workers)
    solver.parameters.cp_model_presolve = left >= PRESOLVE_SECONDS_PER_ARC * len(network.arcs)
    status, interrupted = run_solver(solver, model.model)
    if interrupted:
        raise KeyboardInterrupt
    return _earliest(status, solver, end, floor)


def _earliest(status: int, solver: Any, plain: int | None, floor: int) -> EarliestEnd | None:
    """The min-days solve's answer: the day found and the bound proven (at least `floor`),
    the `plain` journey's end if the solver found none better in time."""
    if status == cp_model.OPTIMAL:
        day = round(solver.objective_value)
        return EarliestEnd(day, day)
    if status == cp_model.INFEASIBLE:
        return None
    day = round(solver.objective_value) if status == cp_model.FEASIBLE else plain
    if day is None:
        return None
    bound = max(floor, math.ceil(solver.best_objective_bound - 1e-6))
    return EarliestEnd(day, min(bound, day))


def _infeasible(puzzle: Puzzle, began: float, time_limit: float, workers: int) -> Plan:
    earliest = _earliest_end(puzzle, time_limit, workers)
    return Plan(
        INFEASIBLE, (), None, None, None, _since(began), puzzle.assumptions(),
        earliest.day if earliest else None,
        earliest_bound=earliest.bound if earliest and not earliest.proven else None,
    )  # fmt: skip


def _since(began: float) -> float:
    return time.perf_counter() - began


def _left(deadline: float) -> float:
    """The seconds left until `deadline`, none once it has passed."""
    return max(0.0, deadline - time.perf_counter())
