"""The exhaustive search over engine states, for tiny puzzles (the last plays of a game): every
legal action of every position, positions reached twice by different orders solved once. It
shares nothing with the planner's search but the engine and the puzzle, so the tests hold the
planner's search and bound to its optimum.

Its key tells positions apart by every attribute of the state but the way there (the history,
the caches), so two positions it merges are the same position: the optimum is exact. It is
exponential in the plays left: one round's end, or its last play or two, is what it solves in
seconds. A turn with no end (an edition whose Dickens has no limit per turn and a city reward of
at least his price, which pays for the next exploration) is refused."""

from __future__ import annotations

import math
import time
from typing import Any

from kit.solve.plan import OPTIMAL, Plan, past
from kit.solve.timeless_journeys.puzzle import Puzzle
from kit.solve.timeless_journeys.replay import verified
from kit.timeless_journeys.state import TimelessState

IGNORED = frozenset(
    {"history", "fixed", "_pending", "_legal_cache", "_sampled", "current_player"}
    | {"content", "edition", "game"}
)
"""The attributes that do not make a position: the way there, caches, the game shared by all."""


def full_key(state: TimelessState) -> tuple[Any, ...]:
    """Every attribute of the position, as a hashable value."""
    return tuple(
        (name, _frozen(value))
        for name, value in sorted(state.__dict__.items())
        if name not in IGNORED
    )


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((key, _frozen(item)) for key, item in value.items()))
    return value


def exact_search(puzzle: Puzzle, limit: int = 200_000, deadline: float = math.inf) -> Plan:
    """The optimal plan of a tiny puzzle, replayed in the engine; `limit` positions at most,
    and done by `deadline` (a `time.perf_counter()` instant): else `ValueError`, the puzzle
    is not tiny. Ctrl-C, or Stop (`kit.solve.plan.interrupt`), raises KeyboardInterrupt."""
    began = time.perf_counter()
    best: dict[tuple[Any, ...], tuple[int, TimelessState]] = {}

    def solve(state: TimelessState) -> tuple[int, TimelessState]:
        """The best final score from `state` and its final state (each scored once: the
        score sheet is most of the cost of a leaf)."""
        if state.is_terminal:
            return _score(state), state
        key = full_key(state)
        if key in best:
            return best[key]
        if len(best) >= limit:
            raise ValueError(f"more than {limit} positions: the puzzle is not tiny")
        if past(deadline):  # Stop is asked here too
            raise ValueError(f"not solved in time ({len(best)} positions): the puzzle is not tiny")
        found: tuple[int, TimelessState] | None = None
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            puzzle.advance(child)
            final = solve(child)
            if found is None or final[0] > found[0]:
                found = final
        assert found is not None, "a position that is not over has a legal action"
        best[key] = found
        return found

    start = puzzle.state()
    try:
        score, final = solve(start)
    except RecursionError:
        raise ValueError(
            "the puzzle is not tiny: a turn can go on without end (a loop of actions that "
            "gains more than it costs)"
        ) from None
    history = [str(action) for action in final.history[len(start.history) :]]
    return verified(puzzle, history, score, OPTIMAL, score, began)


def _score(state: TimelessState) -> int:
    return state.scores()[0].total
