"""`solve`: the model solved within a time limit, its best solution played in the engine.

The search starts from the best greedy game the model can follow (`first_solution`: the game's
choices fixed, CP-SAT completes the rest), given to CP-SAT as a whole solution; a plan is never
worse than that game. Every solution becomes engine actions (`play_solution`), played from
`puzzle.state()` with the puzzle's chance; the engine's final score must equal the model's
objective, else `PlanError` (a bug of the model, never a result). Ctrl-C stops the search and
the best solution found so far is returned as a feasible plan."""

from __future__ import annotations

import time
from collections.abc import Callable

from kit.core import IllegalAction
from kit.four_weeks.actions import FourWeeksAction
from kit.four_weeks.content import ACTIVITIES
from kit.four_weeks.effects import amount, plural
from kit.four_weeks.state import (
    EXTRAS,
    ActivityDiscards,
    EffectOrder,
    FourWeeksState,
    WeekEndDiscards,
)
from kit.solve.four_weeks.baseline import greedy_game
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

FIRST_PLAYS = 50
"""The greedy games the search may start from (the best one the model can follow)."""

FIRST_SECONDS = 4.0
"""The most time that completing one greedy game into a solution of the model may take
(half the time left at most)."""

OnSolution = Callable[[int, float, float], None]
"""Progress callback: `(score, bound, elapsed_seconds)` for every improving solution."""


class _Progress(cp_model.CpSolverSolutionCallback if cp_model else object):  # type: ignore[misc]
    """Reports each improving solution to `on_solution`."""

    def __init__(self, on_solution: OnSolution, began: float) -> None:
        super().__init__()
        self.on_solution, self.began = on_solution, began

    def on_solution_callback(self) -> None:
        score = int(round(self.objective_value))
        self.on_solution(score, self.best_objective_bound, time.perf_counter() - self.began)


def solve(
    puzzle: Puzzle,
    time_limit: float = 10.0,
    workers: int = 2,
    on_solution: OnSolution | None = None,
    plays: int = FIRST_PLAYS,
) -> Plan:
    """The best plan CP-SAT finds within `time_limit` seconds on `workers` threads, starting
    from the best of `plays` greedy games that the model can follow, replayed by the engine;
    "optimal" when proven. A puzzle no plan can meet is "infeasible". Ctrl-C stops the search
    and raises `Interrupted` with the best plan found so far, replayed."""
    began = time.perf_counter()
    deadline = began + time_limit
    model = Model(puzzle)
    first = first_solution(puzzle, model, deadline, workers, plays)
    if first is not None:
        model.hint_solution(first[0])
    solver = new_solver(max(0.1, deadline - time.perf_counter()), workers)
    callback = _Progress(on_solution, began) if on_solution else None
    status, interrupted = run_solver(solver, model.m, callback)
    elapsed = time.perf_counter() - began
    if status == cp_model.INFEASIBLE:
        return Plan(INFEASIBLE, (), None, None, None, elapsed, _assumptions(puzzle))
    found = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    bound = solver.best_objective_bound if found else None
    if found and (first is None or solver.objective_value >= first[1]):
        objective = int(round(solver.objective_value))
        solution = model.solution(solver.value, objective)
    elif first is not None:  # the search did not get past the greedy game in time
        values, objective = first
        solution = model.solution(lambda var: values[var.index], objective)
    else:
        return Plan(UNKNOWN, (), None, None, None, elapsed)
    state, steps = play_solution(puzzle, solution)
    plan = Plan(
        OPTIMAL if status == cp_model.OPTIMAL else FEASIBLE,
        tuple(steps),
        state.scores()[0],
        objective,
        bound,
        elapsed,
        _assumptions(puzzle),
        history=tuple(str(a) for a in state.history[len(puzzle.position.history) :]),
    )
    if interrupted:
        raise Interrupted(plan)
    return plan


def first_solution(
    puzzle: Puzzle, model: Model, deadline: float, workers: int, plays: int
) -> tuple[dict[int, int], int] | None:
    """The best greedy game the model can follow, as values of all the model's variables (the
    game's choices fixed on a copy of the model, the rest, resources and counts, solved for)
    and its score. The games are the bot's own and games by the plan's conventions (the order
    of a turn's Extras, of a card's effect and bonus), which the model can always follow."""
    games = sorted(
        (
            greedy_game(puzzle, number, planned)
            for number in range(plays)
            for planned in (False, True)
        ),
        key=lambda state: -state.scores()[0].total,
    )
    for game in games:
        check_stop()
        left = deadline - time.perf_counter()
        if left < FIRST_SECONDS:
            return None
        found = follow(puzzle, model, game, min(left / 2, FIRST_SECONDS), workers)
        if found is not None:
            return found
    return None


def follow(
    puzzle: Puzzle, model: Model, game: FourWeeksState, seconds: float, workers: int
) -> tuple[dict[int, int], int] | None:
    """A game played from the puzzle's start as a solution of the model (its choices fixed on
    a copy of the model, the rest solved for): the values of all the variables and the score,
    or None when the model cannot follow it (or not within `seconds`)."""
    history = [str(a) for a in game.history[len(puzzle.position.history) :]]
    fixed = model.m.clone()
    model.hint(*turns_of(puzzle, history), model=fixed)
    hints = fixed.proto.solution_hint
    for index, value in zip(hints.vars, hints.values, strict=True):
        fixed.add(fixed.get_int_var_from_proto_index(index) == value)
    fixed.clear_hints()  # type: ignore[no-untyped-call]
    solver = new_solver(seconds, workers)
    solver.parameters.stop_after_first_solution = True
    status, _ = run_solver(solver, fixed)
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
        "the deck is never drawn to its end (the discards are not shuffled back)",
    )


def play_solution(puzzle: Puzzle, solution: Solution) -> tuple[FourWeeksState, list[Step]]:
    """Play a solution's turns in the engine from `puzzle.state()`: the final state and the
    plan's steps. The engine's score must be the solution's objective (`PlanError` if not)."""
    state = puzzle.state()
    puzzle.settle(state)
    table = state.game.actions
    steps = []
    per_week = puzzle.content.rules.days_per_week
    for turn in solution.turns:
        names: list[str] = []

        def play(
            action: FourWeeksAction | None, what: str, names: list[str] = names, day: int = turn.day
        ) -> None:
            if action is None:
                raise PlanError(f"day {day + 1}: the engine has no action to {what}")
            try:
                puzzle.play(state, action)
            except IllegalAction as error:
                raise PlanError(f"day {day + 1}: {error}") from None
            names.append(str(action))

        play(_travel(state, turn), "travel")
        play(_activity(state, turn), turn.activity)
        if isinstance(state.decision, EffectOrder):
            card = puzzle.content.locations[turn.card]
            first = parts(card, turn.day % per_week)[0] is card.bonus
            play(table.order[first], "order the effect and the bonus")
        while isinstance(state.decision, ActivityDiscards):
            play(_spare(state, solution), "discard")
        r = turn.region
        if turn.claim:
            play(table.claim[r], "claim the Bucket List")
        if turn.local:
            play(table.local[r], "use the Local tile")
        if turn.festival is not None:
            play(table.attend[turn.festival], "attend the Festival")
        if state.current_player == 0 and state.step == EXTRAS and state.decision is None:
            play(table.end_turn, "end the turn")
        steps.append(Step(turn.day + 1, turn.end + 1, tuple(names), _held(state, r)))
        if isinstance(state.decision, WeekEndDiscards):
            week = state.week
            before = len(names)
            for _ in range(solution.drops[week]):
                play(_spare(state, solution), "discard at the week's end")
            play(table.keep, "keep the hand")
            steps.append(Step(turn.end + 1, turn.end + 1, tuple(names[before:]),
                              f"end of week {week + 1}"))  # fmt: skip
    if not state.is_terminal:
        raise PlanError("the plan's turns end before the game does")
    score = state.scores()[0].total
    if score != solution.objective:
        raise PlanError(f"the engine scores the plan {score}, the model {solution.objective}")
    return state, steps


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


def _held(state: FourWeeksState, region: int) -> str:
    """The region and what the player holds after a turn, for the calendar."""
    code = state.game.content.regions[region].code
    held = ", ".join(amount(n, r) for r, n in enumerate(state.res[0]))
    trips = f", {plural(state.tickets[0], 'free trip', 'free trips')}" if state.tickets[0] else ""
    return f"{code}; {held}{trips}"
