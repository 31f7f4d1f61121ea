"""The 80-day planner's upper bounds: never below the exhaustive optimum on the tiny board and on
random placements of its tokens, the tree search equal to it where its relaxation is exact, valid
whenever its time runs out, and the score sheet by counts as the rules' tables give it."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from kit.solve.amazing_journey import bound, exact_search, standard_puzzle
from kit.solve.amazing_journey.board import Board
from kit.solve.amazing_journey.branch import Branch
from kit.solve.amazing_journey.lagrange import KEPT_PRIZES, SCALE, Completion, Lagrange
from kit.solve.amazing_journey.puzzle import Puzzle
from kit.solve.amazing_journey.relax import HAND, Prizes, explore_table
from kit.solve.plan import INFEASIBLE
from tests.solve.amazing_journey.test_planner import PLACEMENT, tiny

TRAVELLERS = ["Paulo", "Lisette", "Catalina", "Buck", "Carlo", "Yuki", "Wolfgang", "Hendrika"]

SPUR = Path(__file__).parents[2] / "data" / "spur_journey"

STEPS_SECONDS = 600.0
"""The seconds given to the prices run for a count of steps (`most_steps`): the count ends
them, with the same bound on any machine; the seconds only stop a run that would hang."""


def spur(traveller: str) -> Puzzle:
    """A puzzle on the spur board (tests/data/spur_journey): the First and Second checkpoints
    completed, in Sands on day 5 with the power fresh and no Ticket, Explores of 2 days, the
    journey to end by day 13; the only token lies in Far, a train ride from Home, whose Final
    checkpoint is active from day 8."""
    return standard_puzzle(
        "regular", traveller, 2, 1, 13, SPUR, tickets=[["train"]], objectives=[["food", "party"]],
        actions=[
            "take the B1 bus to Quay", "take the T1 train to Sands with a train ticket", "refresh",
            "refresh",
        ],
    )  # fmt: skip


def _shuffled(draw: random.Random) -> dict[str, str]:
    """The tiny board's tokens shuffled within their regions."""
    placement = {}
    for region in ("A", "B"):
        cities = [c for c, t in PLACEMENT.items() if t[0] == region]
        tokens = draw.sample([PLACEMENT[c] for c in cities], len(cities))
        placement |= dict(zip(cities, tokens, strict=True))
    return placement


def _cases() -> list[tuple[str, int, int, dict[str, str]]]:
    """Every Traveller on the tiny board, then random placements and dice, by day 10 (the
    exhaustive search takes seconds by day 12)."""
    draw = random.Random(7)
    cases = [(t, 2 + n % 3, 10, PLACEMENT) for n, t in enumerate(TRAVELLERS)]
    for _ in range(2):
        cases.append((draw.choice(TRAVELLERS), draw.choice((2, 3, 4)), 10, _shuffled(draw)))
    return cases


@pytest.mark.parametrize(("traveller", "explore", "days", "placement"), _cases())
def test_the_bounds_are_never_below_the_exhaustive_optimum(traveller, explore, days, placement):
    # The three bounds, the tree search stopped at once (its bound is then the root's), the
    # prices after a few steps, and the tree with them as its completion: a plan never makes
    # more Explores than the relaxation allows, nor scores more than any bound.
    puzzle = tiny(traveller, explore, days=days, placement=placement)
    exact = exact_search(puzzle)
    board = Board(puzzle)
    counted = bound.counted_bound(puzzle, board)
    tree = bound.upper_bound(puzzle, board)
    stopped = Branch(puzzle, board).run(time_limit=0)
    most = bound.most_explores(board)
    lagrange = Lagrange(puzzle, most or 0, board)
    priced = lagrange.run(STEPS_SECONDS, most_steps=12).bound
    completed = Branch(puzzle, board).run(60, completion=Completion(lagrange)).bound
    if exact.status == INFEASIBLE:
        assert tree is None or tree <= (counted or 0)
        return
    explores = sum(name.startswith("explore") for name in exact.history)
    assert most is not None and most >= explores
    assert counted is not None and tree is not None and stopped.bound is not None
    assert counted >= tree >= exact.objective
    assert stopped.bound >= tree and not stopped.closed
    assert priced is not None and counted >= priced >= exact.objective
    assert completed is not None and completed >= exact.objective


@pytest.mark.parametrize(
    ("traveller", "explore", "days", "optimum"),
    [
        ("Wolfgang", 3, 12, 15), ("Wolfgang", 2, 12, 18), ("Paulo", 3, 12, 12), ("Buck", 2, 12, 10),
        ("Paulo", 2, 12, 16), ("Yuki", 2, 12, 14), ("Yuki", 4, 12, 15),
    ],
)  # fmt: skip
def test_the_tree_search_proves_the_tiny_board_s_optimum(traveller, explore, days, optimum):
    # The exhaustive optima (`exact_search`; test_eighty_days.py asserts the first four), where
    # the counting bound is 21 to 24; the tree closes every node. Paulo's needs the starting
    # Ticket's type (a bus), Yuki's the step back as a move of the sweep.
    puzzle = tiny(traveller, explore, days=days)
    found = Branch(puzzle).run(time_limit=60)
    assert (found.bound, found.closed) == (optimum, True)
    assert bound.counted_bound(puzzle, Board(puzzle)) >= optimum + 3


@pytest.mark.parametrize(
    ("traveller", "explore", "days", "optimum"),
    [("Wolfgang", 3, 12, 15), ("Paulo", 2, 12, 16), ("Yuki", 4, 12, 15), ("Buck", 2, 12, 10)],
)
def test_the_prices_as_the_tree_s_completion_keep_its_optimum(traveller, explore, days, optimum):
    # With the prices of a few steps bounding every node (`Completion`, which keeps them all
    # here), the tree still closes at the exhaustive optimum: no node on the way to it is cut,
    # and the root's completion is no more than the prices' own bound.
    puzzle = tiny(traveller, explore, days=days)
    board = Board(puzzle)
    lagrange = Lagrange(puzzle, bound.most_explores(board) or 0, board)
    # fewer steps if the journey and the sheet agree
    dual = lagrange.run(STEPS_SECONDS, most_steps=KEPT_PRIZES)
    completion, priced = Completion(lagrange), dual.bound
    assert priced is not None and len(completion.kept) == dual.steps
    found = Branch(puzzle, board).run(time_limit=60, completion=completion)
    assert (found.bound, found.closed) == (optimum, True)
    assert exact_search(puzzle).objective == optimum
    root = Branch(puzzle, board).run(time_limit=0, completion=completion).bound
    assert root is not None and optimum <= root <= priced


@pytest.mark.slow
def test_the_prices_bring_the_reference_board_s_tree_lower():
    # On the 50-day puzzle (plans of 40, counting bound 64), the root of the tree with the
    # prices of three steps as its completion is no higher than the prices' bound, where the
    # tree's own root is at the counting bound's level.
    puzzle = standard_puzzle("regular", "Paulo", 3, days=50)
    board = Board(puzzle)
    lagrange = Lagrange(puzzle, bound.most_explores(board) or 0, board)
    priced = lagrange.run(STEPS_SECONDS, most_steps=3).bound
    branch = Branch(puzzle, board)
    plain = branch.run(time_limit=0).bound
    root = branch.run(time_limit=0, completion=Completion(lagrange, floor=40)).bound
    assert priced is not None and plain is not None and root is not None
    assert 40 <= root <= priced < plain


def test_no_journey_of_the_tree_ends_in_time_on_an_impossible_puzzle():
    # Lisette cannot end by day 12 on the tiny board (the exhaustive search agrees, see
    # test_eighty_days.py); the counting bound's relaxation still finds a journey.
    puzzle = tiny("Lisette", 3, days=12)
    assert bound.counted_bound(puzzle, Board(puzzle)) == 21
    assert bound.upper_bound(puzzle) is None


def test_a_floor_drops_what_cannot_beat_a_plan():
    # Given a real plan's score, the search returns that score when nothing beats it.
    puzzle = tiny("Wolfgang", 3)
    assert Branch(puzzle).run(time_limit=60, floor=15).bound == 15
    assert bound.upper_bound(puzzle, time_limit=60, floor=15) == 15  # closes in a second


def test_the_reference_board_s_bound_only_falls_with_time():
    # The tree search starts from the counting bound's relaxation and only lowers it: stopped
    # at once it is the root's optimism, near the counting bound; given seconds, lower.
    puzzle = standard_puzzle("regular", "Paulo", 3, days=50)
    board = Board(puzzle)
    branch = Branch(puzzle, board)
    counted = bound.counted_bound(puzzle, board, branch.table)
    root = branch.run(time_limit=0).bound
    later = branch.run(time_limit=1).bound
    assert counted == 64 and root is not None and later is not None
    assert counted >= root >= later >= 40  # a plan of the planner scores 40


def test_yuki_passes_through_the_final_s_city_before_its_day():
    # Yuki steps back to day 4 in Sands for the Long bus to Home, which arrives on day 7,
    # before the Final's activation: it is not completed, and she takes the day-7 train to
    # Far, explores it and is back on day 13 (bar 3): 14 points, against 12 for the Final on
    # day 8. The relaxation's stopped clock is on day 8 in Home: were the Final completed
    # there at once, no relaxed journey would reach Far, and every bound would be 12.
    puzzle = spur("Yuki")
    exact = exact_search(puzzle)
    assert exact.objective == 14
    state = puzzle.replay(exact.history[:2])
    assert exact.history[0] == "move back 1 day by Yuki's power"
    assert (state.pos[0], state.day[0], state.stage[0], state.finish[0]) == (0, 7, 2, -1)
    board = Board(puzzle)
    assert bound.most_explores(board) == 1
    assert bound.counted_bound(puzzle, board) == 16  # a food Experience with its Objective
    assert Lagrange(puzzle, 1, board).run(STEPS_SECONDS, most_steps=12).bound == 14
    assert bound.upper_bound(puzzle, board, time_limit=60) == 14  # closes at once


def test_the_bound_s_score_sheet_by_counts():
    # With any number of tokens, the reference board's sheet reaches the rules' largest one,
    # 102 with the checkpoints' best bars (3 + 4 + 5); one token is at best a 3-point Souvenir
    # in a new region that an Objective cannot match; three: a row, three regions, both
    # Objectives (Experiences of the hand's types).
    puzzle = standard_puzzle("regular", "Paulo", 3, seed=1)
    assert bound.sheet_bound(puzzle, 100) + 3 + 4 + 5 == 102
    assert bound.sheet_bound(puzzle, 1) == 3 + 2 + 1
    assert bound.sheet_bound(puzzle, 3) == 9 + 1 + 6 + 2
    assert bound.sheet_bound(puzzle, 0) == 0


@pytest.mark.parametrize(
    ("puzzle", "seed"),
    [
        (lambda: tiny("Carlo", 3, days=12), 1),
        (lambda: tiny("Yuki", 2, days=12), 2),
        (lambda: spur("Yuki"), 1),
        (lambda: standard_puzzle("fast", "Yuki", 3, days=50), 3),
    ],
)
@pytest.mark.slow
def test_the_prices_read_back_a_journey_and_a_set_that_make_their_value(puzzle, seed):
    # With random prizes, the journey read back from the relaxation's table collects exactly
    # its value R, and the set read back from the sheet's programme, scored by the engine's
    # scorer minus its prizes, is exactly Q for its profile.
    puzzle = puzzle()
    board = Board(puzzle)
    priced = Lagrange(puzzle, bound.most_explores(board) or 0, board)
    prize = np.zeros(board.n)
    prize[priced.cities] = np.random.default_rng(seed).uniform(0, 5, len(priced.cities))
    found = priced.evaluate(prize, None)
    assert found is not None
    units = np.round(prize * SCALE).astype(int)
    values = explore_table(board, Prizes(units, priced.bars))
    start = (board.start_stage, board.start_day, board.start_city, int(board.start_fresh), 0)
    start += (min(sum(board.start_tickets), HAND), 0)
    explored, collected = priced._route(values, Prizes(units, priced.bars), units, start)
    assert collected == values[start] and explored.sum() >= 1
    by_profile, wanted = priced.sheet.best(units)
    profile = np.unravel_index(int(np.argmax(by_profile)), by_profile.shape)
    tokens = [board.token[c] for c in np.flatnonzero(wanted)]
    assert len(tokens) == profile[-1]  # the profile's last count: the tokens kept
    assert by_profile[profile] == SCALE * priced.scorer.partial(tokens) - units @ wanted


@pytest.mark.slow
def test_the_prices_lower_the_reference_board_s_bound():
    # On a 50-day puzzle the counting bound is 64 (see above); a few steps of the prices take
    # it lower, never below a plan of the planner (40).
    puzzle = standard_puzzle("regular", "Paulo", 3, days=50)
    board = Board(puzzle)
    lagrange = Lagrange(puzzle, bound.most_explores(board) or 0, board)
    found = lagrange.run(STEPS_SECONDS, most_steps=3).bound
    assert found is not None and 40 <= found < 64
