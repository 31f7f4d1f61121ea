"""The exhaustive search: the optimum by depth-first search over engine states, for tiny puzzles
(one week, a few cards; see tests/data/tiny_four_weeks).

It knows nothing of the model: it tries the engine's own legal actions (memoised on the state),
so it is the reference the model is tested against. It plays by the plan's conventions, the
choices the model makes for a plan (see `model.py`): a weekday bonus without a payment before
the card's effect, a turn's Extras in the order Bucket List, Local tile, Festival, and the deck
never drawn past its end. A play that misses the puzzle's goal (its `claims`) does not count."""

from __future__ import annotations

import time

from kit.core import KitError
from kit.four_weeks.actions import Claim, Draw, FourWeeksAction, Order, UseLocal
from kit.four_weeks.frames import EffectOrder
from kit.four_weeks.rules import FESTIVAL, LOCAL
from kit.four_weeks.state import FourWeeksState
from kit.solve.four_weeks.model import parts
from kit.solve.four_weeks.puzzle import Puzzle
from kit.solve.four_weeks.replay import steps_of
from kit.solve.plan import INFEASIBLE, OPTIMAL, Plan

MAX_STATES = 2_000_000
"""The exhaustive search gives up beyond this many states (the puzzle is not tiny)."""

Key = tuple[object, ...]

NONE = -(10**9)
"""The value of a play that misses the puzzle's goal."""


def exact_search(puzzle: Puzzle, max_states: int = MAX_STATES) -> Plan:
    """The best final score over every play of the puzzle by the plan's conventions."""
    began = time.perf_counter()
    start = puzzle.state()
    puzzle.settle(start)
    first = len(puzzle.position.history)
    memo: dict[Key, tuple[int, FourWeeksAction | None]] = {}

    def best(state: FourWeeksState) -> int:
        if state.is_terminal:
            return state.scores()[0].total if puzzle.met(state) else NONE
        key = _key(state)
        if key in memo:
            return memo[key][0]
        if len(memo) >= max_states:
            raise KitError(f"the exact search stops at {max_states} states: the puzzle is not tiny")
        top, chosen = NONE, None
        for action in allowed(state):
            child = state.clone()
            puzzle.play(child, action)
            if _draws(child, first) > len(puzzle.deck):
                continue  # the deck drawn past its end
            value = best(child)
            if value > top:
                top, chosen = value, action
        memo[key] = (top, chosen)
        return top

    score = best(start)
    if score == NONE:
        return Plan(INFEASIBLE, (), None, None, None, time.perf_counter() - began,
                    puzzle.assumptions())  # fmt: skip
    # follow the memo's best actions from the start
    state = start
    while not state.is_terminal:
        action = memo[_key(state)][1]
        assert action is not None
        puzzle.play(state, action)
    sheet = state.scores()[0]
    history = tuple(str(a) for a in state.history[first:])
    return Plan(OPTIMAL, steps_of(puzzle, history), sheet, score, score,
                time.perf_counter() - began, puzzle.assumptions(), history=history)  # fmt: skip


def allowed(state: FourWeeksState) -> list[FourWeeksAction]:
    """The legal actions the plan's conventions allow."""
    actions: tuple[FourWeeksAction, ...] = state.legal_actions()
    decision = state.decision
    if isinstance(decision, EffectOrder):
        card = state.game.content.locations[decision.card]
        first = parts(card, decision.weekday)[0] is card.bonus
        return [a for a in actions if isinstance(a, Order) and a.bonus_first == first]
    chosen = []
    for action in actions:
        if isinstance(action, Claim) and state.extras & (LOCAL | FESTIVAL):
            continue
        if isinstance(action, UseLocal) and state.extras & FESTIVAL:
            continue
        chosen.append(action)
    return chosen


def _draws(state: FourWeeksState, first: int) -> int:
    return sum(isinstance(a, Draw) for a in state.history[first:])


def _key(state: FourWeeksState) -> Key:
    """What decides the rest of a solo game (the history and the caches left out; the deck's
    order is the puzzle's, so its size says what it holds)."""
    return (
        state.week,
        state.step,
        repr(state.decision),
        tuple(state.res[0]),
        tuple(state.pts[0]),
        state.income[0],
        state.pos[0],
        state.day[0],
        tuple(state.calendar[0]),
        state.insider[0],
        tuple(state.hands[0]),
        tuple(sorted(state.visited[0])),
        tuple(state.tags[0]),
        state.tickets[0],
        len(state.deck),
        tuple(state.discard),
        state.owed[0],
        tuple(state.festivals),
        state.used_local[0],
        state.used_festival[0],
        tuple(state.buckets),
        state.extras,
    )
