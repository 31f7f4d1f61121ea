"""Grand Tour puzzles (`kit.puzzles.timeless_journeys`): the last turn (or two) of a seeded
greedy game, its optimum proven by the exhaustive search; a route of actions checked against
it."""

from __future__ import annotations

import random
from functools import cache

import pytest

from kit.puzzles import (
    KINDS,
    PuzzleError,
    Refused,
    TourPuzzle,
    check,
    generate,
    tour_puzzle,
)
from kit.solve.timeless_journeys import greedy_game

OPTIMUM = (
    "play card 22 face up",
    "activate card 22",
    "write in a Journal",
    "write an Art idea in Journal A3",
    "pay 2 coins to explore in Torino with Charles Dickens",
    "take the city reward of Torino",
    "take 2 coins",
    "take card 01 (Level I) for free",
    "discard card 01 to the box",
)
"""Seed 0's optimal route (77 VP): card 22 writes an Art idea in Journal A3, then Dickens
explores Torino for 2 coins, whose city reward gives the 2 coins back."""


@cache
def easy() -> TourPuzzle:
    return tour_puzzle(0, "easy")  # set D, English, deal 68: greedy 76, optimum 77


def test_a_puzzle_is_the_last_turn_of_a_seeded_greedy_game_and_its_proven_optimum() -> None:
    puzzle = easy()
    assert "timeless_journeys" in KINDS and generate("timeless_journeys", 0, "easy") == puzzle
    assert (puzzle.game, puzzle.attempt, puzzle.greedy, puzzle.score) == (
        ("D", "en", 68),
        0,
        76,
        77,
    )
    assert puzzle.optimum.is_optimal and puzzle.route == OPTIMUM
    state = puzzle.puzzle.state()
    assert (state.round, len(state.played[0]), state.loc[0]) == (4, 4, "Torino")
    assert puzzle.walk().status() == [
        "round V, turn 5 of 5; the marker in Torino",
        "2 coins; Ideas: 3 Art, 1 History, 1 Philosophy",
        "the score if the game ended now: 73 VP",
    ]
    # The greedy bot from the puzzle's start scores what its whole game did: 1 VP short.
    assert greedy_game(puzzle.puzzle, 1).score == 76
    assert puzzle.describe() == (
        "Grand Tour puzzle, easy, seed 0: the last turn of a solo game (historical set D, "
        "English edition, deal 68), played so far by the greedy bot, which went on to score "
        "76 VP; finish with the most VP"
    )
    assert puzzle.proof.startswith("77 VP, proven by the exhaustive search")


def test_the_optimum_is_accepted_with_its_score_sheet() -> None:
    verdict = check(easy(), OPTIMUM)
    assert verdict.legal and verdict.accepted and verdict.score == 77
    assert verdict.headline == "Optimal: 77 VP, as many as the proven optimum."
    assert "A. Exploration tiles: 26 (8 tiles)" in verdict.lines


def test_the_greedy_bot_s_route_is_told_where_it_falls_short() -> None:
    puzzle = easy()
    route = greedy_game(puzzle.puzzle, 1).history
    verdict = check(puzzle, route)
    assert verdict.legal and not verdict.accepted and verdict.score == 76
    assert verdict.headline == "Legal, 76 VP: 1 short of the proven optimum, 77."
    assert verdict.lines == (
        "B. Travel Journals: you 0 (0 filled, 0 filled), the optimum 1 (1 filled, 0 filled)",
        "your route leaves the optimal one at action 1: you play card 29 face down, the optimum "
        "play card 22 face up",
        "better exists: press Show solution to see the optimal route",
    )
    shown = check(puzzle, route, reveal=True)
    assert shown.lines[-1] == "the optimal route: " + "; ".join(OPTIMUM)


def test_an_illegal_or_unfinished_route_is_refused_with_the_reason() -> None:
    refused = check(easy(), ["play card 99 face up"])
    assert not refused.legal and refused.lines[0].startswith(
        "action 1, play card 99 face up: 'play card 99 face up': it is not a possible answer now"
    )
    stops = check(easy(), OPTIMUM[:1])
    assert not stops.legal and stops.lines == (
        "the route stops before the game ends: round V, turn 5 of 5; the marker in Torino",
    )


def test_the_walk_refuses_with_the_reason_and_changes_nothing_and_takes_back() -> None:
    walk = easy().walk()
    with pytest.raises(Refused, match="no action of yours concerns Roma now; the question is "):
        walk.options("Roma")
    for nowhere in ("Atlantis", None):
        with pytest.raises(Refused, match=f"{nowhere!r} is not a city of the map"):
            walk.options(nowhere)  # type: ignore[arg-type]
    with pytest.raises(Refused, match="not a possible answer now"):
        walk.take("activate card 22")
    assert walk.route == [] and len(walk.states) == 1
    # Torino, where the marker stands, means its exploration with Dickens.
    assert walk.options("Torino") == ["pay 2 coins to explore in Torino with Charles Dickens"]
    for name in OPTIMUM[:5]:
        walk.take(name)
    assert walk.options("Torino") == ["take the city reward of Torino"]
    assert walk.undo() == OPTIMUM[4] and walk.route == list(OPTIMUM[:4])
    for name in OPTIMUM[4:]:
        walk.take(name)
    assert walk.finished and walk.sheet().total == 77
    assert walk.status()[0] == "the game is over; the marker in Torino"
    walk.reset()
    assert walk.route == [] and walk.state == easy().puzzle.state()


def test_no_random_or_greedy_route_beats_the_optimum() -> None:
    puzzle, scores = easy(), set()
    for seed in range(200):
        rng, walk = random.Random(seed), easy().walk()
        while not walk.finished:
            walk.take(rng.choice(walk.plays()))
        scores.add(walk.sheet().total)
    scores |= {greedy_game(puzzle.puzzle, seed).score for seed in range(1, 21)}
    assert max(scores) == 77 and min(scores) < 70


def test_a_medium_puzzle_has_the_greedy_bot_five_vp_short_or_more() -> None:
    puzzle = tour_puzzle(0, "medium")  # drawn and screened until attempt 10
    assert (puzzle.game, puzzle.attempt, puzzle.greedy, puzzle.score) == (
        ("intro", "en", 840),
        10,
        40,
        54,
    )
    assert puzzle.optimum.is_optimal and check(puzzle, puzzle.route).accepted
    bot = check(puzzle, greedy_game(puzzle.puzzle, 1).history)
    assert bot.legal and bot.score is not None and bot.score <= 49


def test_a_hard_puzzle_is_the_last_two_turns_with_the_greedy_bot_five_vp_short_or_more() -> None:
    puzzle = tour_puzzle(0, "hard")  # its first draw: 58 against 67
    assert generate("timeless_journeys", 0, "hard") == puzzle
    assert (puzzle.game, puzzle.attempt, puzzle.greedy, puzzle.score) == (
        ("B", "ja", 814),
        0,
        58,
        67,
    )
    assert puzzle.describe().startswith(
        "Grand Tour puzzle, hard, seed 0: the last two turns of a solo game (historical set B, "
        "Japanese edition, deal 814)"
    )
    assert puzzle.walk().status()[0] == "round V, turn 4 of 5; the marker in Torino"
    # card 43 takes Torino's reward twice, then the marker goes to Milano, where card 08's
    # conversation meets Lady Craven; the last discards keep the best eight cards
    assert puzzle.route[:2] == ("play card 43 face up", "activate card 43")
    assert puzzle.route.count("play card 08 face up") == 1
    assert puzzle.optimum.is_optimal and check(puzzle, puzzle.route).accepted
    bot = check(puzzle, greedy_game(puzzle.puzzle, 1).history)
    assert bot.legal and bot.score == 58 and not bot.accepted


def test_bad_arguments_are_refused_saying_why() -> None:
    with pytest.raises(PuzzleError, match="difficulty 'brutal' is unknown"):
        tour_puzzle(0, "brutal")
    with pytest.raises(PuzzleError, match="a seed is a whole number"):
        tour_puzzle(-1)
