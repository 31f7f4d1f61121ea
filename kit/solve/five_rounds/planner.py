"""`solve`: the five-round planner put together within a time limit.

The formulation, and why. A solo game of Timeless Journeys is 25 plays, and each play is a
chain of choices whose legality turns on nearly every rule of the game (categories played this
round, the cards of a chain and their order, the Experience slots, café slots taken, the hand
limit, a dozen travellers' abilities, two editions). A CP-SAT model over the 25 plays would
have to restate all of those rules a second time, and any rule it states differently makes
plans the engine refuses or scores differently. The planner searches the engine's own game
instead (`search`: the pilot method over whole turns, every turn's choices enumerated by the
engine), so each plan is legal by construction, and the replay (`verified`) checks that the
engine scores it as claimed. The price is that the search proves nothing: the plan's bound
comes from `bound.upper_bound`, a count of what each source of VP can give at most (see its
docstring), and the gap between them is reported; on tiny puzzles `exact.exact_search` gives
the optimum the tests hold the search to.

What the planner leaves out (also in every plan's assumptions): other players (it plans solo
games only); chance, which it takes as fixed by the puzzle (the order of every reveal); and a
plan is only as good as the games the search plays within the time limit. Each of `workers`
processes runs its own search from other greedy games; the first, in the calling process,
streams its better plans to `on_solution` (the others' only at the end) and answers Ctrl-C."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext

from kit.core.pools import end_workers
from kit.solve.five_rounds.bound import upper_bound
from kit.solve.five_rounds.puzzle import Puzzle
from kit.solve.five_rounds.search import Search, Stopped, at_stage_start, final_score, stage
from kit.solve.plan import FEASIBLE, OPTIMAL, Interrupted, Plan, PlanError, Step
from kit.timeless_journeys.actions import roman
from kit.timeless_journeys.state import TimelessState

OnSolution = Callable[[int, float, float], None]
"""Called with the score, the bound and the seconds elapsed each time a better plan is found."""


def solve(
    puzzle: Puzzle,
    time_limit: float = 60.0,
    workers: int = 2,
    on_solution: OnSolution | None = None,
) -> Plan:
    """The best plan found within `time_limit` seconds (the first greedy games always
    finish) by `workers` searches of different seeds, each in its own process, replayed in
    the engine. `status` is "optimal" only when the plan meets the bound; a puzzle
    without a finite bound (see `bound`) gets a plan with none."""
    if time_limit <= 0:
        raise ValueError(f"time_limit must be positive, got {time_limit}")
    began = time.perf_counter()
    limit = upper_bound(puzzle)
    bound = None if math.isinf(limit) else int(limit)

    def found(score: int, elapsed: float) -> None:
        if on_solution is not None:
            on_solution(score, limit, elapsed)

    with ProcessPoolExecutor(workers - 1) if workers > 1 else nullcontext() as pool:
        others = (
            []
            if pool is None
            else [pool.submit(_search, puzzle, seed, time_limit) for seed in range(1, workers)]
        )
        try:
            final = Search(puzzle).run(time_limit, found)
        except Stopped as stop:
            if pool is not None:  # the other searches would run on to their time limit
                end_workers(pool)
            if stop.best is None:
                raise Interrupted(None) from None
            claim = _history(puzzle, stop.best), final_score(stop.best)
            raise Interrupted(_plan(puzzle, claim, bound, began)) from None
        best = _history(puzzle, final), final_score(final)
        for other in others:
            history, score = other.result()
            if score > best[1]:
                best = history, score
                found(score, time.perf_counter() - began)
    return _plan(puzzle, best, bound, began)


def _search(puzzle: Puzzle, seed: int, time_limit: float) -> tuple[tuple[str, ...], int]:
    """One worker's search (in its own process): the history and score of its best game."""
    final = Search(puzzle, seed=seed).run(time_limit)
    return _history(puzzle, final), final_score(final)


def _history(puzzle: Puzzle, final: TimelessState) -> tuple[str, ...]:
    """The action names of a game from the puzzle's start."""
    return tuple(str(action) for action in final.history[len(puzzle.position.history) :])


def _plan(
    puzzle: Puzzle, claim: tuple[tuple[str, ...], int], bound: int | None, began: float
) -> Plan:
    """The plan of a game the search found (its history and the score the search counted),
    replayed: the engine must score it the same."""
    history, objective = claim
    status = OPTIMAL if bound is not None and objective >= bound else FEASIBLE
    return verified(puzzle, history, objective, status, bound, began)


def verified(
    puzzle: Puzzle,
    history: Sequence[str],
    objective: int,
    status: str,
    bound: float | None,
    began: float,
) -> Plan:
    """The plan of `history` (action names from the puzzle's start), replayed in the engine,
    which must score `objective`; `PlanError` otherwise."""
    final = puzzle.replay(history)
    sheet = final.scores()[0]
    if sheet.total != objective:
        raise PlanError(
            f"the planner claims {objective} points but the engine scores the plan {sheet.total}"
        )
    return Plan(
        status,
        steps(puzzle, history),
        sheet,
        objective,
        bound,
        time.perf_counter() - began,
        puzzle.assumptions(),
        history=tuple(history),
    )


def steps(puzzle: Puzzle, history: Sequence[str]) -> tuple[Step, ...]:
    """The plan as one step per play (its card, chain and choices) and one per round's end
    (travellers' rewards, market pick, hand limit), each with the round and the running VP;
    the reveals are left to the history."""
    state = puzzle.state()
    rows: list[Step] = []
    names: list[str] = []
    begun = _stage_name(state)
    for name in history:
        if not state.is_chance_node:
            names.append(name)
        state.apply(name)
        ended = at_stage_start(state) and not state.is_chance_node and names
        if ended and stage(state) > _stage_of(begun):
            rows.append(_row(begun, names, state))
            names, begun = [], _stage_name(state)
    if names:
        rows.append(_row(begun, names, state))
    return tuple(rows)


def _stage_name(state: TimelessState) -> tuple[int, int, str]:
    """The round, the stage and its words: 'play 3', 'end of round'."""
    plays = state.content.rules.plays_per_round
    if state.phase != "Action":
        return state.round, stage(state), "end of round"
    return state.round, stage(state), f"play {len(state.played[0]) + 1} of {plays}"


def _stage_of(begun: tuple[int, int, str]) -> int:
    return begun[1]


def _row(begun: tuple[int, int, str], names: list[str], after: TimelessState) -> Step:
    rnd, _, words = begun
    note = f"round {roman(rnd)}, {words}: {after.vp[0]} VP won, {final_score(after)} if it ended"
    return Step(rnd + 1, rnd + 1, tuple(names), note)
