"""The exhaustive search over engine states, for tiny puzzles (the last plays of a game): every
legal action of every position, positions reached twice by different orders solved once. It
shares nothing with the planner's search but the engine and the puzzle, so the tests hold the
planner's search and bound to its optimum.

Its key tells positions apart by every attribute of the state but the way there (the history,
the caches), so two positions it merges are the same position: the optimum is exact. The game's
last discards, down to the hand limit before the final scoring, are not tried one by one: only
the cards kept count (`best_kept`). They were nineteen positions in twenty of a search over the
last two plays; without them the last play of 30 greedy games takes 2 s instead of 110 s.
It is exponential in the plays left: one round's end, or its last play or two, is what it
solves in seconds; the last three take 20 s to minutes. A turn with no end (an edition whose
Dickens has no limit per turn and a city reward of at least his price, which pays for the next
exploration) is refused."""

from __future__ import annotations

import io
import math
import pickle
import time
from collections import Counter
from itertools import combinations
from typing import Any

from kit.solve.plan import OPTIMAL, Plan, past
from kit.solve.timeless_journeys.puzzle import Puzzle
from kit.solve.timeless_journeys.replay import verified
from kit.timeless_journeys import scoring
from kit.timeless_journeys.phases import HandLimit
from kit.timeless_journeys.state import TimelessState

IGNORED = frozenset(
    {"history", "fixed", "_pending", "_legal_cache", "_sampled", "current_player"}
    | {"content", "edition", "game"}
)
"""The attributes that do not make a position: the way there, caches, the game shared by all."""


def full_key(state: TimelessState) -> bytes:
    """Every attribute of the position, pickled: the lists as they are (pickling them is
    far quicker than making tuples of them), each dict's items in the order of their keys,
    and without pickle's memo, which would tell equal strings apart by their identity. Equal
    keys are equal positions, and equal positions have equal keys."""
    found = io.BytesIO()
    pickler = pickle.Pickler(found, pickle.HIGHEST_PROTOCOL)
    pickler.fast = True  # no memo: a value is pickled the same wherever it is
    pickler.dump(
        [
            (name, sorted(value.items()) if isinstance(value, dict) else value)
            for name, value in sorted(state.__dict__.items())
            if name not in IGNORED
        ]
    )
    return found.getvalue()


def exact_search(puzzle: Puzzle, limit: int = 200_000, deadline: float = math.inf) -> Plan:
    """The optimal plan of a tiny puzzle, replayed in the engine; `limit` positions at most,
    and done by `deadline` (a `time.perf_counter()` instant): else `ValueError`, the puzzle
    is not tiny. Ctrl-C, or Stop (`kit.solve.plan.interrupt`), raises KeyboardInterrupt."""
    began = time.perf_counter()
    best: dict[bytes, tuple[int, int]] = {}  # a position's best final score, and its action
    judged: dict[Any, tuple[int, tuple[str, ...]]] = {}  # the last discards (`best_kept`)

    def solve(state: TimelessState) -> int:
        """The best final score from `state`, kept with the index of the action that leads
        to it (the positions are let go: a search keeps hundreds of thousands). `state` is
        the search's own: its last action is played on it, not on a copy."""
        if state.is_terminal:
            return scoring.total(state, 0)
        if last_discards(state):
            return best_kept(state, judged)[0]
        key = full_key(state)
        if key in best:
            return best[key][0]
        if len(best) >= limit:
            raise ValueError(f"more than {limit} positions: the puzzle is not tiny")
        if past(deadline):  # Stop is asked here too
            raise ValueError(f"not solved in time ({len(best)} positions): the puzzle is not tiny")
        found = (-math.inf, -1)
        actions = state.legal_actions()
        for index, action in enumerate(actions):
            child = state if index == len(actions) - 1 else state.clone()
            child.apply(action)
            puzzle.advance(child)
            score = solve(child)
            if score > found[0]:
                found = (score, index)
        assert found[1] >= 0, "a position that is not over has a legal action"
        best[key] = (int(found[0]), found[1])
        return int(found[0])

    try:
        score = solve(puzzle.state())
    except RecursionError:
        raise ValueError(
            "the puzzle is not tiny: a turn can go on without end (a loop of actions that "
            "gains more than it costs)"
        ) from None
    start = final = puzzle.state()
    while not final.is_terminal:  # the best actions, position after position
        if last_discards(final):
            keep = Counter(best_kept(final, judged)[1])
            hand = final.hand[0]
            extra = next(c for c in hand if keep[c] < hand.count(c))
            action = next(a for a in final.legal_actions() if a.args == (extra,))
        else:
            action = final.legal_actions()[best[full_key(final)][1]]
        final = _child(puzzle, final, action)
    history = [str(action) for action in final.history[len(start.history) :]]
    return verified(puzzle, history, score, OPTIMAL, score, began)


def last_discards(state: TimelessState) -> bool:
    """Whether all that is left of the game is its last discards down to the hand limit (the
    last round's, then the final scoring): those the search does not try one by one, since
    only the cards kept count (`best_kept`), not the order of the discards."""
    stack = state.stack
    return len(stack) == 1 and isinstance(stack[0], HandLimit) and not state.is_chance_node


def best_kept(
    state: TimelessState, known: dict[Any, tuple[int, tuple[str, ...]]] | None = None
) -> tuple[int, tuple[str, ...]]:
    """The best final score of the last discards (`last_discards`) and the cards kept for it.
    The cards played are back in the hand: only the Advanced cards' VP depend on the cards
    kept, and only a card that counts the others held (`scoring.BY_HAND`) is worth more or
    less for the cards kept with it. Without one, the cards worth the most are kept; with one,
    each way to keep the hand limit's worth of the hand is scored, once for each hand and
    worth of its other cards (`known`: a search's last discards share them)."""
    player, limit = state.stack[0].player, state.content.rules.hand_limit
    hand, advanced = state.hand[player], state.content.advanced
    counting = {
        c
        for c in hand
        if (card := advanced.get(c)) and card.vp_for and card.vp_for.name in scoring.BY_HAND
    }
    worth = {
        c: scoring.card_vp(state, player, advanced[c]) if c in advanced else 0
        for c in hand
        if c not in counting
    }
    try:  # the hands are tried on the position itself (far quicker than on a copy)
        state.hand[player] = []
        rest = scoring.total(state, player)
        if not counting:
            best = tuple(sorted(sorted(hand, key=lambda c: -worth[c])[:limit]))
            return rest + sum(worth[c] for c in best), best
        known = {} if known is None else known
        key = (tuple(hand), tuple(worth.values()))
        if key not in known:
            found: tuple[int, tuple[str, ...]] = (-1, ())
            for kept in dict.fromkeys(combinations(hand, limit)):  # copies: once
                state.hand[player] = list(kept)
                score = sum(
                    scoring.card_vp(state, player, advanced[c]) if c in counting else worth[c]
                    for c in kept
                )
                if score > found[0]:
                    found = (score, kept)
            known[key] = found
        value, kept = known[key]
        return rest + value, kept
    finally:
        state.hand[player] = hand


def _child(puzzle: Puzzle, state: TimelessState, action: Any) -> TimelessState:
    """The position after `action`, and the reveals the puzzle fixes."""
    child = state.clone()
    child.apply(action)
    puzzle.advance(child)
    return child
