"""`solve`: refined greedy games, then the model solved from the best of them, within a time
limit; the best plan of either, played in the engine.

The first `ROLLOUT_SHARE` of the time, each worker's process refines greedy games of its own
seed (`baseline.refined_game`) and sends back each better game it finds, which is replayed in
the engine before it counts. The best of them, made a solution of the model (`follow`: the
game's choices fixed, CP-SAT completes the rest), is given to CP-SAT as a whole solution, and
CP-SAT searches from it for the rest of the time; a plan is never worse than that game. Every
solution becomes engine actions (`play_solution`), played from `puzzle.state()` with the
puzzle's chance; the engine's final score must equal the model's objective, else `PlanError`
(a bug of the model, never a result). Ctrl-C (or `kit.solve.plan.interrupt`) stops the search,
refining or solving, and the best plan found so far is returned as a feasible plan."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from queue import Empty, SimpleQueue
from typing import Any

from kit.core import IllegalAction, limits, pools
from kit.four_weeks.actions import FourWeeksAction
from kit.four_weeks.content import ACTIVITIES
from kit.four_weeks.frames import (
    ACTIVITY,
    EXTRAS,
    TRAVEL,
    ActivityDiscards,
    EffectOrder,
    WeekEndDiscards,
)
from kit.four_weeks.rules import BUCKET, FESTIVAL, LOCAL
from kit.four_weeks.state import FourWeeksState
from kit.solve.four_weeks.baseline import refined_game
from kit.solve.four_weeks.model import (
    FLY,
    SKIP,
    STAY,
    TRAIN,
    TRIP,
    VISIT,
    Model,
    Solution,
    Turn,
    new_solver,
    parts,
    turns_of,
)
from kit.solve.four_weeks.puzzle import Puzzle
from kit.solve.four_weeks.replay import steps_of
from kit.solve.plan import (
    FEASIBLE,
    INFEASIBLE,
    OPTIMAL,
    UNKNOWN,
    Interrupted,
    Plan,
    PlanError,
    Step,
    check_stop,
    run_solver,
)

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover
    cp_model = None  # type: ignore[assignment]

ROLLOUT_SHARE = 0.5
"""The share of the time limit spent refining greedy games (`baseline.refined_game`), one on
each worker's process, before the model's search takes the rest."""

FOLLOW_SECONDS = 4.0
"""The most time that making the refined game a solution of the model may take (half the time
left at most)."""

OnSolution = Callable[[int, float, float], None]
"""Progress callback: `(score, bound, elapsed_seconds)` for every improving plan (the bound is
infinite while the games are refined, before the model's search)."""


class _Best:
    """The best plan found so far, as its history and score, each claim replayed in the engine
    first (`PlanError` if it scores otherwise or misses the puzzle's goals); every better one
    is told to `on_solution`."""

    def __init__(self, puzzle: Puzzle, began: float, on_solution: OnSolution | None) -> None:
        self.puzzle, self.began, self.on_solution = puzzle, began, on_solution
        self.history: tuple[str, ...] = ()
        self.score: int | None = None

    def offer(self, history: tuple[str, ...], score: int) -> None:
        if self.score is not None and score <= self.score:
            return
        final = self.puzzle.replay(history)
        if final.scores()[0].total != score or not final.is_terminal:
            raise PlanError(f"the refined game claims {score}, the engine scores it otherwise")
        if not self.puzzle.met(final):
            raise PlanError("the refined game misses the puzzle's goals")
        self.history, self.score = history, score
        self.tell(score, math.inf)

    def tell(self, score: int, bound: float) -> None:
        if self.on_solution is not None:
            self.on_solution(score, bound, time.perf_counter() - self.began)

    def plan(self, bound: float | None) -> Plan | None:
        """The best game as a plan (None if there is none); optimal when it meets `bound`."""
        if self.score is None:
            return None
        status = OPTIMAL if bound is not None and self.score >= bound else FEASIBLE
        final = self.puzzle.replay(self.history)
        return Plan(
            status,
            steps_of(self.puzzle, self.history),
            final.scores()[0],
            self.score,
            bound,
            time.perf_counter() - self.began,
            _assumptions(self.puzzle),
            history=self.history,
        )


class _Progress(cp_model.CpSolverSolutionCallback if cp_model else object):  # type: ignore[misc]
    """Reports each solution better than the best plan so far."""

    def __init__(self, best: _Best) -> None:
        super().__init__()
        self.best = best

    def on_solution_callback(self) -> None:
        score = int(round(self.objective_value))
        if self.best.score is None or score > self.best.score:
            self.best.tell(score, self.best_objective_bound)


def solve(
    puzzle: Puzzle,
    time_limit: float = 10.0,
    workers: int = 2,
    on_solution: OnSolution | None = None,
) -> Plan:
    """The best plan found within `time_limit` seconds on `workers` processes and threads,
    replayed by the engine: the first `ROLLOUT_SHARE` of the time the best of refined greedy
    games (`baseline.refined_game`, one search per worker), then CP-SAT from that game for the
    rest; "optimal" when proven. A puzzle no plan can meet is "infeasible". Ctrl-C (or
    `kit.solve.plan.interrupt`) stops the search and raises `Interrupted` with the best plan
    found so far, replayed. `time_limit` and `workers` are checked by `kit.core.limits`
    (`KitError`)."""
    time_limit, workers = limits.time_limit(time_limit), limits.workers(workers)
    began = time.perf_counter()
    deadline = began + time_limit
    best = _Best(puzzle, began, on_solution)
    refining = _Refining(puzzle, ROLLOUT_SHARE * time_limit, workers)
    model, hint = _refined(puzzle, refining, best, deadline, workers)
    if hint is not None:
        model.hint_solution(hint[0])
    solver = new_solver(max(0.1, deadline - time.perf_counter()), workers)
    status, interrupted = run_solver(solver, model.m, _Progress(best))
    if status == cp_model.INFEASIBLE:
        infeasible = _infeasible(puzzle, best, began)
        if infeasible is not None:
            return infeasible
    plan = _solved(puzzle, model, solver, status, best, began)
    if interrupted:
        raise Interrupted(plan)
    if plan is None:
        return Plan(UNKNOWN, (), None, None, None, time.perf_counter() - began)
    return plan


def _refined(
    puzzle: Puzzle, refining: _Refining, best: _Best, deadline: float, workers: int
) -> tuple[Model, tuple[dict[int, int], int] | None]:
    """The model, and the best refined game offered to `best` as a solution of it (`follow`:
    None without one). Ctrl-C (or `kit.solve.plan.interrupt`) stops the refining and raises
    `Interrupted` with the best game so far; any other error ends the refining processes
    too."""
    try:
        model = Model(puzzle)
        while not refining.done():
            for history, score in refining.poll(0.1):
                best.offer(history, score)
            check_stop()
        for history, score in refining.finish():
            best.offer(history, score)
        hint = None
        left = deadline - time.perf_counter()
        if best.score is not None:
            game = puzzle.replay(best.history)
            hint = follow(puzzle, model, game, max(0.1, min(left / 2, FOLLOW_SECONDS)), workers)
    except KeyboardInterrupt:
        for history, score in refining.finish(stop=True):
            best.offer(history, score)
        raise Interrupted(best.plan(None)) from None
    except BaseException:  # a refined game the engine refused: its processes end too
        refining.finish(stop=True)
        raise
    return model, hint


def _infeasible(puzzle: Puzzle, best: _Best, began: float) -> Plan | None:
    """The plan when the model has no solution: "infeasible" without a refined game; None
    (the refined game stands) when that game drew past the deck's order, as the model never
    does; else `PlanError` (the engine played a game the model says cannot be)."""
    if best.score is not None:
        if puzzle.within_order(best.history):
            raise PlanError(f"the model has no solution, yet the engine played one of {best.score}")
        return None  # the refined game drew past the deck's order, as the model never does
    elapsed = time.perf_counter() - began
    return Plan(INFEASIBLE, (), None, None, None, elapsed, _assumptions(puzzle))


def _solved(
    puzzle: Puzzle, model: Model, solver: Any, status: Any, best: _Best, began: float
) -> Plan | None:
    """The plan of the solver's solution, played in the engine, when it scores at least the
    best refined game; else that game's (None without one), with the model's bound where it
    holds."""
    found = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    bound = solver.best_objective_bound if found else None
    if found and (best.score is None or solver.objective_value >= best.score):
        objective = int(round(solver.objective_value))
        state, steps = play_solution(puzzle, model.solution(solver.value, objective))
        return Plan(
            OPTIMAL if status == cp_model.OPTIMAL else FEASIBLE,
            tuple(steps),
            state.scores()[0],
            objective,
            bound,
            time.perf_counter() - began,
            _assumptions(puzzle),
            history=_history(puzzle, state),
        )
    # the search did not get past the refined game in time
    if best.score is not None and not puzzle.within_order(best.history):
        bound = None  # the model's bound holds only for plans within the deck's order
    return best.plan(bound)


class _Refining:
    """`baseline.refined_game` in `workers` processes of the kit's own (`kit.core.pools.Helper`),
    each with its own seed, for `seconds`: the better games each finds are sent back as they
    come (`poll`), the last of them its best. The processes ignore Ctrl-C; their caller stops
    them (`finish`)."""

    def __init__(self, puzzle: Puzzle, seconds: float, workers: int) -> None:
        start = pools.context()  # one start method for all, picked before any reading thread
        self.found: SimpleQueue[Refined] = SimpleQueue()
        self.stop = start.Event()
        self.helpers = [
            pools.Helper(_refine, (puzzle, seed, seconds, self.stop), self.found.put, start)
            for seed in range(workers)
        ]

    def done(self) -> bool:
        return not any(helper.is_alive() for helper in self.helpers)

    def poll(self, timeout: float) -> list[Refined]:
        """The games sent back within `timeout` seconds (waiting for the first only)."""
        games = []
        try:
            games.append(self.found.get(timeout=timeout))
            while True:
                games.append(self.found.get_nowait())
        except Empty:
            return games

    def finish(self, stop: bool = False) -> list[Refined]:
        """The games sent back and not yet polled, once every process has ended. When `stop`,
        the processes are asked to end at once and given `STOP_SECONDS`, then ended, and what
        went wrong in them is not raised (the caller is stopping: its best game so far is what
        counts); else the first error of a process, or of a game sent, is raised."""
        if stop:
            self.stop.set()
        end = time.perf_counter() + STOP_SECONDS
        failures = []
        for helper in self.helpers:
            helper.join(max(0.0, end - time.perf_counter()) if stop else None)
        for helper in self.helpers:
            try:
                helper.stop()
            except Exception as error:
                failures.append(error)
        if failures and not stop:
            raise failures[0]
        return self.poll(0.0)


STOP_SECONDS = 5.0
"""How long the refining processes, asked to stop, may take to send their best game back."""


Refined = tuple[tuple[str, ...], int]
"""A game sent back: its history from the puzzle's start and its score."""


def _refine(puzzle: Puzzle, seed: int, seconds: float, stop: Any, send: pools.Send) -> None:
    """A refining process's search (`kit.core.pools.Helper`): each better game sent as it is
    found, until `seconds` have passed or the event `stop` is set."""

    def better(game: FourWeeksState) -> None:
        send((_history(puzzle, game), game.scores()[0].total))

    refined_game(puzzle, seed, seconds, stop.is_set, better)


def _history(puzzle: Puzzle, state: FourWeeksState) -> tuple[str, ...]:
    """A game's action names from the puzzle's start (chance outcomes included)."""
    return tuple(str(a) for a in state.history[len(puzzle.position.history) :])


def follow(
    puzzle: Puzzle, model: Model, game: FourWeeksState, seconds: float, workers: int
) -> tuple[dict[int, int], int] | None:
    """A game played from the puzzle's start as a solution of the model (its choices fixed on
    a copy of the model, the rest solved for): the values of all the variables and the score,
    or None when the model cannot follow it (a card visited that the deck's order does not
    hold, or no solution within `seconds`). A stop (Ctrl-C) meanwhile is raised again as
    KeyboardInterrupt."""
    history = [str(a) for a in game.history[len(puzzle.position.history) :]]
    turns, drops = turns_of(puzzle, history)
    if any(turn.card not in model.cards for turn in turns if turn.activity == VISIT):
        return None
    fixed = model.m.clone()
    model.hint(turns, drops, model=fixed)
    hints = fixed.proto.solution_hint
    for index, value in zip(hints.vars, hints.values, strict=True):
        fixed.add(fixed.get_int_var_from_proto_index(index) == value)
    fixed.clear_hints()  # type: ignore[no-untyped-call]
    solver = new_solver(seconds, workers)
    solver.parameters.stop_after_first_solution = True
    status, stopped = run_solver(solver, fixed)
    if stopped:
        raise KeyboardInterrupt
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    count = len(fixed.proto.variables)
    values = {i: solver.value(fixed.get_int_var_from_proto_index(i)) for i in range(count)}
    return values, int(round(solver.objective_value))


def _assumptions(puzzle: Puzzle) -> tuple[str, ...]:
    return (
        *puzzle.assumptions(),
        "a weekday bonus without a payment is taken before the card's effect",
        "a turn's Extras come in the order Bucket List, Local tile, Festival",
        "Write, Rest and Plan discard cards never visited",
        "the plan draws no more cards than the deck's order holds",
    )


def play_solution(puzzle: Puzzle, solution: Solution) -> tuple[FourWeeksState, list[Step]]:
    """Play a solution's turns in the engine from `puzzle.state()`: the final state and the
    plan's steps (`steps_of`). The part of a turn already played (a puzzle's turn under way)
    is passed over. The engine's score must be the solution's objective (`PlanError` if
    not)."""
    playing = _Playing(puzzle, solution)
    state = playing.state
    playing.week_end(puzzle.start.week * playing.per_week)
    for turn in solution.turns:
        playing.turn(turn)
        playing.extras(turn)
        playing.week_end(turn.day)
    if not state.is_terminal:
        raise PlanError("the plan's turns end before the game does")
    score = state.scores()[0].total
    if score != solution.objective:
        raise PlanError(f"the engine scores the plan {score}, the model {solution.objective}")
    return state, list(steps_of(puzzle, _history(puzzle, state)))


class _Playing:
    """A solution being played in the engine from `puzzle.state()` (`play_solution`), one
    turn at a time; each action the engine lacks or refuses is a `PlanError` naming the day."""

    def __init__(self, puzzle: Puzzle, solution: Solution) -> None:
        self.puzzle = puzzle
        self.solution = solution
        self.state = puzzle.state()
        puzzle.settle(self.state)
        self.table = self.state.game.actions
        self.per_week = puzzle.content.rules.days_per_week

    def play(self, action: FourWeeksAction | None, what: str, day: int) -> None:
        if action is None:
            raise PlanError(f"day {day + 1}: the engine has no action to {what}")
        try:
            self.puzzle.play(self.state, action)
        except IllegalAction as error:
            raise PlanError(f"day {day + 1}: {error}") from None

    def week_end(self, day: int) -> None:
        """The discards and the hand kept at a week's end, when the engine asks for them."""
        state = self.state
        if isinstance(state.decision, WeekEndDiscards):
            for _ in range(self.solution.drops[state.week]):
                self.play(_spare(state, self.solution), "discard at the week's end", day)
            self.play(self.table.keep, "keep the hand", day)

    def turn(self, turn: Turn) -> None:
        """A turn's travel and Activity, the part not played yet (a puzzle's turn under
        way), with the order of a visit's effect and bonus and its discards."""
        state, table, day = self.state, self.table, turn.day
        if state.step == TRAVEL and state.decision is None:
            self.play(_travel(state, turn), "travel", day)
        if state.step == ACTIVITY and state.decision is None:
            self.play(_activity(state, turn), turn.activity, day)
        if isinstance(state.decision, EffectOrder):
            card = self.puzzle.content.locations[turn.card]
            first = parts(card, turn.day % self.per_week)[0] is card.bonus
            self.play(table.order[first], "order the effect and the bonus", day)
        while isinstance(state.decision, ActivityDiscards):
            self.play(_spare(state, self.solution), "discard", day)

    def extras(self, turn: Turn) -> None:
        """A turn's Extras not used yet, then its end."""
        state, table, day, r = self.state, self.table, turn.day, turn.region
        if turn.claim and not state.extras & BUCKET:
            self.play(table.claim[r], "claim the Bucket List", day)
        if turn.local and not state.extras & LOCAL:
            self.play(table.local[r], "use the Local tile", day)
        if turn.festival is not None and not state.extras & FESTIVAL:
            self.play(table.attend[turn.festival], "attend the Festival", day)
        if state.current_player == 0 and state.step == EXTRAS and state.decision is None:
            self.play(table.end_turn, "end the turn", day)


def _spare(state: FourWeeksState, solution: Solution) -> FourWeeksAction | None:
    """A card in hand that the plan never visits, the first in the hand, to discard."""
    spare = [c for c in state.hands[0] if c not in solution.visited]
    return state.game.actions.discard[spare[0]] if spare else None


def _travel(state: FourWeeksState, turn: Turn) -> FourWeeksAction | None:
    table, r = state.game.actions, turn.region
    here = state.pos[0]
    if turn.travel == "start":
        return table.start[r]
    if turn.travel == STAY:
        return table.stay[r]
    if turn.travel == TRAIN:
        return next((t for t in table.train[here] if t.region == r), None)
    if turn.travel == FLY:
        return table.fly[r]
    assert turn.travel == TRIP
    return table.ticket[r]


def _activity(state: FourWeeksState, turn: Turn) -> FourWeeksAction:
    table = state.game.actions
    if turn.activity == VISIT:
        return table.visit[turn.card][turn.excitement]
    if turn.activity == SKIP:
        return table.skip
    return table.activity[ACTIVITIES.index(turn.activity)]
