"""The five-round planner's bound: never below a real game's score (the exhaustive optimum of
tiny puzzles, the planner's and the greedy bot's games of the standard puzzles, greedy and
random games from their mid-game positions, a turn half played included), and each of its terms
worth what counting by hand gives on a small case."""

from __future__ import annotations

import pytest

from kit.core.bots import RandomBot
from kit.solve.timeless_journeys import Puzzle, exact_search, greedy_game, solve, standard_puzzle
from kit.solve.timeless_journeys.bound import (
    CardYield,
    Yield,
    begin_most,
    chain_most,
    round_most,
    terms,
    upper_bound,
)
from kit.solve.timeless_journeys.search import at_stage_start, position_at, stage
from kit.timeless_journeys.bots import GreedyBot
from kit.timeless_journeys.state import TimelessState
from kit.timeless_journeys.travellers import MontaguReward, PaintingChoice

SETS = [(name, edition) for name in ("intro", "A", "B", "C", "D") for edition in ("en", "ja")]


def game_of(puzzle: Puzzle, bot: GreedyBot | RandomBot) -> tuple[list[TimelessState], int]:
    """Every decision position of the bot's game of `puzzle`, and its final score."""
    state, positions = puzzle.state(), []
    while not state.is_terminal:
        if state.is_chance_node:
            puzzle.advance(state)
            continue
        positions.append(state.clone())
        state.apply(bot.choose(state))
    return positions, state.scores()[0].total


@pytest.mark.parametrize(("name", "edition"), [("intro", "en"), ("D", "ja"), ("B", "en")])
def test_the_bound_is_above_the_exhaustive_optimum_of_tiny_puzzles(name, edition):
    puzzle = standard_puzzle(name, edition)
    history = greedy_game(puzzle, 1).history
    state = puzzle.state()
    for action in history:  # round V's end, and its last play
        if at_stage_start(state) and not state.is_chance_node and stage(state) >= 28:
            tiny = puzzle.at(state)
            if stage(state) == 29:
                assert upper_bound(tiny) >= exact_search(tiny).objective
            assert upper_bound(tiny) >= greedy_game(tiny, 1).score
        state.apply(action)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "edition"), SETS)
def test_the_bound_is_above_the_planners_and_the_greedy_bots_games(name, edition):
    puzzle = standard_puzzle(name, edition)
    bound = upper_bound(puzzle)
    best = max(greedy_game(puzzle, seed).score for seed in range(1, 6))
    plan = solve(puzzle, time_limit=0.5, workers=1)
    assert bound >= plan.objective >= greedy_game(puzzle, 1).score
    assert bound >= best
    assert plan.bound == bound and plan.gap == pytest.approx((bound - plan.objective) / bound)
    state = puzzle.state()  # and from the plan's own positions on, the plan's score
    for number, action in enumerate(plan.history):
        if not state.is_chance_node and number % 5 == 0:
            assert upper_bound(puzzle.at(state)) >= plan.objective
        state.apply(action)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "edition"), SETS)
def test_the_bound_is_above_the_rest_of_greedy_and_random_games_from_any_position(name, edition):
    puzzle = standard_puzzle(name, edition)
    for bot, every in [(GreedyBot(2, 0), 4), (GreedyBot(7, 0), 9), (RandomBot(3, 0), 9)]:
        positions, final = game_of(puzzle, bot)
        for position in positions[::every]:  # turns begun, chains half done, rounds' ends
            assert upper_bound(puzzle.at(position)) >= final


@pytest.mark.parametrize(
    ("name", "edition", "seed"), [("intro", "en", 2), ("B", "en", 5), ("D", "ja", 4)]
)
@pytest.mark.slow
def test_from_the_last_turn_on_the_bound_is_above_the_exhaustive_optimum_of_every_position(
    name, edition, seed
):
    # every position of a random game from its last turn on, questions within a turn and the
    # round's end included, where the bound comes within a few VP of the optimum
    puzzle = standard_puzzle(name, edition)
    bot, state, checked = RandomBot(seed, 0), puzzle.state(), 0
    while not state.is_terminal:
        if state.is_chance_node:
            puzzle.advance(state)
            continue
        if stage(state) >= 28:
            position = puzzle.at(state)
            assert upper_bound(position) >= exact_search(position).objective
            checked += 1
        state.apply(bot.choose(state))
    assert checked >= 5


def round_five_end(name: str, edition: str) -> tuple[Puzzle, TimelessState]:
    """The puzzle and the position of round V's end in the first greedy game of a set."""
    puzzle = standard_puzzle(name, edition)
    state = position_at(puzzle, greedy_game(puzzle, 1).history, 29)
    return puzzle.at(state), state


def test_at_the_last_round_end_held_tokens_count_nothing_and_montagus_reward_counts():
    puzzle, state = round_five_end("intro", "en")
    # No turn is left, so none of the five tokens still held can be placed: no meeting, no
    # Lost in Admiration reward (nor the tile, café, writes and retired card it could bring),
    # no majority, no Elective Affinities. Counting them made the bound 99. Lady Montagu's
    # reward is still to choose: her 3 VP count.
    assert sorted(state.exp[0]) == ["affinity", "affinity", "duel", "lost", "night"]
    assert any(isinstance(frame, MontaguReward) for frame in state.stack)
    found = {line: points for line, points in terms(puzzle).items() if points}
    assert found == {
        "VP won": 17,
        "travellers": 3,
        "A. Exploration": 1,
        "B. Journals": 1,
        "C. Advanced cards": 26,
    }
    assert upper_bound(puzzle) == 48 >= exact_search(puzzle).objective == 42


def test_a_painting_still_to_choose_counts():
    puzzle, state = round_five_end("B", "en")
    assert "lebrun" in state.where and not state.paintings[0]
    assert terms(puzzle)["Paintings"] == 0
    state.push(PaintingChoice(0))
    assert terms(puzzle.at(state))["Paintings"] == state.edition.lebrun_values[0]


def test_a_chain_counts_the_best_cards_first_and_each_later_play_again():
    # 2 cards of a category: the first (5) is activated twice, the second (2) once.
    assert chain_most([2, 5, 1], 2) == 5 * 2 + 2 * 1
    assert chain_most([2, 5, 1], 3) == 5 * 3 + 2 * 2 + 1 * 1
    # Beginning of turn, 5 plays left: the best card played first gives 4 times, the next 3.
    assert begin_most([1, 3], 2, 5) == 3 * 4 + 1 * 3


def test_a_rounds_plays_share_out_among_the_categories():
    state = standard_puzzle("intro").state()
    travel_a = CardYield("travel", Yield(vp=2), Yield(), Yield())
    travel_b = CardYield("travel", Yield(vp=1), Yield(), Yield())
    friend = CardYield("friendship", Yield(vp=3), Yield(), Yield())
    fest = CardYield("festivities", Yield(), Yield(vp=1), Yield(coins=3))
    cards = [travel_a, travel_b, friend, fest]
    # The travel pair 2 x 2 + 1, the friendship card 3, the festivities card played first
    # gives 1 VP at each of the 4 later turns; the fifth play face down.
    assert round_most(state, cards, [], 5, "vp") == 5 + 3 + 4
    # Coins: five face down (2 each), or four and the festivities card's end of round (3).
    assert round_most(state, cards, [], 5, "coins") == max(10, 8 + 3)
    # With the travel card of 2 VP already face up and 2 plays left: the other travel card
    # activates it again (2) and itself (1), and the friendship card gives 3.
    assert round_most(state, [travel_b, friend, fest], [travel_a], 2, "vp") == 2 + 1 + 3


def test_the_terms_of_the_introductory_puzzle_are_what_counting_by_hand_gives():
    puzzle = standard_puzzle("intro", "en")
    state = puzzle.state()
    assert state.side == "D" and sorted(state.where) == ["montagu", "montesquieu", "shelley"]
    found = terms(puzzle)
    # Meetings: one open slot a column a round (one player), five tokens. Side D's first
    # slots give VP: column 2 a conversation in rounds I and V (the best Favour's VP, 1),
    # column 3 1, 3, a letter (1), 2, 1; the best five: 3 + 2 + 1 + 1 + 1; the Duel of Honor
    # gives the best (3) again, Lost in Admiration (once, English) the best Gazette reward (3).
    assert found["meetings"] == 3 + 2 + 1 + 1 + 1 + 3 + 3
    # Café discussions: six markers on the best free slots (15, 15, 14, 14, 12, 12), each
    # with Montesquieu's 4.
    assert found["cafés"] == 15 + 15 + 14 + 14 + 12 + 12 + 6 * 4
    # Exploration: one tile a city, 8 tiles score 26; of the tiles dealt only Genova's
    # gives VP (2).
    assert state.city_tiles["Genova"] == ["Genova-3"]
    assert found["A. Exploration"] == 26 and found["tiles"] == 2
    # Both Journals full; at each round's end Mary Shelley's 12 written Ideas or Lady
    # Montagu's 3 VP, not both: the two are never in the same city on side D.
    assert found["B. Journals"] == 2 * 27
    cities = [column.cities for column in state.content.sides["D"].columns]
    shelley, montagu = (cities[state.travellers.index(t)] for t in ("shelley", "montagu"))
    assert all(a != b for a, b in zip(shelley, montagu, strict=True))
    assert found["travellers"] == 5 * max(12, 3)
    # The Level I cards the market shows in the five rounds (two a round), each retired for
    # 3 VP by the Favour FT12 on the board.
    assert "FT12" in state.favour.values()
    assert found["retired cards"] == 10 * 3
    assert found["D. Affinities"] == 6 and found["D. Majorities"] == 3 * 5
    assert sum(found.values()) == upper_bound(puzzle)
