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
docstring), and, with two rounds or fewer left, from the CP-SAT relaxation (`model`) where
it is lower; the gap between the plan and the bound is reported. Proofs come only where the
game is nearly over: with two turns left or fewer (`EXACT_TURNS`) the exhaustive search
(`exact.exact_search`) runs first, and its optimum, found within half the time, is the plan,
proven; it is also the optimum the tests hold the search to.

What the planner leaves out (also in every plan's assumptions): other players (it plans for
player 0 alone; in a game of several the others stand still, `observed`); chance, which it
takes as fixed by the puzzle (the order of every reveal); and a
plan is only as good as the games the search plays within the time limit. Each of `workers`
processes runs its own search from other greedy games; the first, in the calling process,
streams its better plans to `on_solution` (the others' only at the end) and answers Ctrl-C."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from contextlib import nullcontext

from kit.core import limits
from kit.core.pools import own_pool
from kit.solve.plan import FEASIBLE, OPTIMAL, Interrupted, Plan
from kit.solve.timeless_journeys.bound import turns_left, upper_bound
from kit.solve.timeless_journeys.exact import exact_search
from kit.solve.timeless_journeys.model import applies, model_bound
from kit.solve.timeless_journeys.puzzle import Puzzle
from kit.solve.timeless_journeys.replay import verified
from kit.solve.timeless_journeys.search import Search, Stopped, final_score
from kit.timeless_journeys.state import TimelessState

OnSolution = Callable[[int, float, float], None]
"""Called with the score, the bound and the seconds elapsed each time a better plan is found."""

EXACT_TURNS = 2
"""With at most this many turns left in the game (the one under way included), the planner
first tries the exhaustive search (`exact.exact_search`), whose optimum is a proof: the last
play and round V's end take a second or less; the last two plays of seven standard puzzles of
ten within 4 s, of the other three not within half a minute (`benchmarks/RESULTS.md`)."""

MODEL_ROUNDS = 2
"""With at most this many rounds left (the one under way included), the planner asks the
CP-SAT relaxation (`model`) for a bound too: there it bounds far below the count bound (on
round V it closes its own search in seconds); earlier its best bound within the time is above
it (`benchmarks/RESULTS.md`)."""

MODEL_SHARE = 0.25
"""The share of the time limit the relaxation may take."""

EXACT_POSITIONS = 200_000
"""The most positions that first try may keep before the search plans: about 2 KB each
(`exact.full_key`), 400 MB at most, and some 5,000 to 7,000 a second."""


def solve(
    puzzle: Puzzle,
    time_limit: float = 60.0,
    workers: int = 2,
    on_solution: OnSolution | None = None,
) -> Plan:
    """The best plan found within `time_limit` seconds (the first greedy games always
    finish) by `workers` searches of different seeds, each in its own process, replayed in
    the engine. `status` is "optimal" only when the plan meets the bound, or is the
    exhaustive search's optimum (two turns left or fewer); a puzzle without a finite bound (see
    `bound`) gets a plan with none. Ctrl-C (SIGTERM, SIGHUP, a panel's Stop) ends the other
    searches' processes at once and raises `Interrupted` with the best plan found so far.
    `time_limit` and `workers` are checked by `kit.core.limits` (`KitError`)."""
    time_limit, workers = limits.time_limit(time_limit), limits.workers(workers)
    began = time.perf_counter()
    proof = _exhaustive(puzzle, began + time_limit / 2)
    if proof is not None and proof.objective is not None:
        if on_solution is not None:
            on_solution(proof.objective, proof.objective, time.perf_counter() - began)
        return proof
    limit = min(upper_bound(puzzle), _modelled(puzzle, began, time_limit, workers))
    bound = None if math.isinf(limit) else int(limit)

    def found(score: int, elapsed: float) -> None:
        if on_solution is not None:
            on_solution(score, limit, elapsed)

    left = max(0.0, time_limit - (time.perf_counter() - began))
    best: tuple[tuple[str, ...], int] | None = None
    try:
        with own_pool(workers - 1) if workers > 1 else nullcontext() as pool:
            others = (
                []
                if pool is None
                else [pool.submit(_search, puzzle, seed, left) for seed in range(1, workers)]
            )
            try:
                final = Search(puzzle).run(left, found)
            except Stopped as stop:
                if stop.best is not None:
                    best = _history(puzzle, stop.best), final_score(stop.best)
                raise
            best = _history(puzzle, final), final_score(final)
            for other in others:
                history, score = other.result()
                if score > best[1]:
                    best = history, score
                    found(score, time.perf_counter() - began)
            return _plan(puzzle, best, bound, began)
    except KeyboardInterrupt:  # the other searches are ended (`own_pool`); the best is kept
        raise Interrupted(None if best is None else _plan(puzzle, best, bound, began)) from None


def _exhaustive(puzzle: Puzzle, deadline: float) -> Plan | None:
    """The exhaustive search's optimal plan when at most `EXACT_TURNS` turns are left and it
    ends by `deadline` within `EXACT_POSITIONS` positions; None otherwise (Ctrl-C meanwhile
    raises `Interrupted` with no plan)."""
    state = puzzle.state()
    rules = state.content.rules
    later = (rules.rounds - state.round - 1) * rules.plays_per_round
    if turns_left(state) + later > EXACT_TURNS:
        return None
    try:
        return exact_search(puzzle, EXACT_POSITIONS, deadline)
    except ValueError:  # not tiny after all: the search plans
        return None
    except KeyboardInterrupt:
        raise Interrupted(None) from None


def _modelled(puzzle: Puzzle, began: float, time_limit: float, workers: int) -> float:
    """The CP-SAT relaxation's bound (`model.model_bound`) when at most `MODEL_ROUNDS`
    rounds are left and the player is about to play a card, within `MODEL_SHARE` of the time
    limit (its own share, after an exhaustive search that did not end in time, so that the
    plan keeps the model's bound); infinite otherwise, and where the relaxation cannot read
    the content (Ctrl-C meanwhile raises `Interrupted` with no plan)."""
    state = puzzle.state()
    if state.content.rules.rounds - state.round > MODEL_ROUNDS or not applies(state):
        return math.inf
    left = min(time_limit * MODEL_SHARE, time_limit - (time.perf_counter() - began))
    if left <= 0:
        return math.inf
    try:
        found = model_bound(puzzle, left, workers)
    except KeyboardInterrupt:
        raise Interrupted(None) from None
    except ValueError:  # a content the relaxation cannot read (an effect that triggers itself)
        return math.inf
    return math.inf if found is None else found.bound


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
