"""The exhaustive search: the game's last discards are judged by the cards kept, not tried one
by one, and give what the engine's own discards give; discards in any order are one position."""

from __future__ import annotations

import pytest

from kit.core.bots import RandomBot
from kit.solve.timeless_journeys import Puzzle, exact_search, greedy_game, standard_puzzle
from kit.solve.timeless_journeys.exact import best_kept, full_key, last_discards
from kit.solve.timeless_journeys.puzzle import SETS
from kit.solve.timeless_journeys.search import position_at
from kit.timeless_journeys import scoring
from kit.timeless_journeys.state import TimelessState


def at_last_discards(puzzle: Puzzle, seed: int) -> TimelessState | None:
    """The position of a random game's last discards, if it has any (more cards than the
    hand limit at the end)."""
    state, bot = puzzle.state(), RandomBot(seed, 0)
    while not state.is_terminal:
        if state.is_chance_node:
            puzzle.advance(state)
        elif last_discards(state):
            return state
        else:
            state.apply(bot.choose(state))
    return None


def every_discard(state: TimelessState) -> int:
    """The best final score over every order of the engine's discards."""
    if state.is_terminal:
        return scoring.total(state, 0)
    best = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        best = max(best, every_discard(child))
    return best


@pytest.mark.parametrize("name", SETS)
@pytest.mark.parametrize("edition", ["en", "ja"])
def test_the_last_discards_keep_what_the_engines_discards_score_best(name, edition):
    puzzle, found = standard_puzzle(name, edition), 0
    for seed in range(1, 30):
        state = at_last_discards(puzzle, seed)
        if state is None:
            continue
        score, kept = best_kept(state)
        assert score == every_discard(state)
        assert len(kept) == state.content.rules.hand_limit < len(state.hand[0])
        final = state.clone()
        final.hand[0] = list(kept)
        assert scoring.total(final, 0) == score
        found += 1
        if found == 3:
            return
    pytest.fail("fewer than three random games end with more cards than the hand limit")


def test_a_hand_with_cards_that_count_the_others_is_judged_by_every_way_to_keep_it():
    # a hand-dependent card (the Advanced Card or Different icon) in a random game's last hand
    for name in SETS:
        puzzle = standard_puzzle(name, "en")
        for seed in range(1, 60):
            state = at_last_discards(puzzle, seed)
            if state is None:
                continue
            cards = [state.content.advanced.get(c) for c in state.hand[0]]
            if any(c and c.vp_for and c.vp_for.name in scoring.BY_HAND for c in cards):
                assert best_kept(state)[0] == every_discard(state)
                return
    pytest.fail("no random game ends with a card that counts the others in hand")


def test_discards_in_either_order_reach_one_position():
    puzzle = standard_puzzle("intro", "en")
    limit = puzzle.state().content.rules.hand_limit
    games = (at_last_discards(puzzle, seed) for seed in range(1, 60))
    state = next(s for s in games if s is not None and len(s.hand[0]) >= limit + 2)
    first, second = state.legal_actions()[:2]
    ways = []
    for order in ((first, second), (second, first)):
        child = state.clone()
        for action in order:
            child.apply(action)
        ways.append(child)
    assert ways[0].box == ways[1].box == sorted(ways[0].box)
    assert full_key(ways[0]) == full_key(ways[1])


def test_the_search_plans_the_last_discards_it_judged():
    # round V's last play of intro's first greedy game (the planner test's position): the
    # plan's discards keep the cards the optimum counts, and replay to it
    start = standard_puzzle("intro", "en", 1)
    puzzle = start.at(position_at(start, greedy_game(start, 1).history, 28))
    plan = exact_search(puzzle)
    assert plan.objective == 42
    assert puzzle.replay(plan.history).scores()[0].total == 42
    assert any(step.startswith("discard") for step in plan.history)
