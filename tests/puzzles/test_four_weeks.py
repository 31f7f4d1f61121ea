"""Four-week puzzles (`kit.puzzles.four_weeks`): a route of plays against the four-week planner's
plan, on the tests' tiny content (one week of three days, where CP-SAT proves the optimum, 31
in deal 1, as the exhaustive search does in test_four_weeks_planner.py) and on the full four
weeks (a best known plan with its bound)."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import pytest

from kit.puzzles import PuzzleError, Refused, WeeksPuzzle, check, weeks_puzzle
from kit.puzzles.verdict import limit_words
from kit.solve.four_weeks import greedy_game
from kit.solve.plan import FEASIBLE

TINY = str(Path(__file__).parents[1] / "data" / "tiny_four_weeks")

TINY_SECONDS = 60.0
"""The tiny deal's time limit: its refining ends by itself (no better game for a while; 2 to 4
s on a busy machine) well before its share of it, so the model starts from the same game and,
on one thread, proves the same plan on any machine. With less, a busy machine cuts the
refining short and CP-SAT may prove another of the 31-point plans."""

OPTIMUM = (
    "start in AAA for free",
    "visit AAA2 (A museum) spending 1 Excitement",
    "take the weekday bonus first",
    "attend A games in AAA paying 1 Energy",
    "fly to CCC for 4 Coins",
    "rest: discard 1 card and spend 1 day for 2 Energy, 1 Excitement",
    "discard CCC1 (C castle)",
    "attend C feast in CCC paying 1 Excitement",
    "take the train to BBB for 1 Energy",
    "visit BBB2 (B club)",
    "take the weekday bonus first",
    "use the Local tile in BBB paying 1 Energy",
)

# Two other plans of 31 points: a Festival in AAA, Rest in BBB, two days in CCC's castle; and
# Plan in BBB, then CCC's lake with its Bucket List and Festival.
OTHER_OPTIMA = (
    (
        "start in AAA for free",
        "visit AAA2 (A museum) spending 1 Excitement",
        "take the weekday bonus first",
        "attend A games in AAA paying 1 Energy",
        "take the train to BBB for 1 Energy",
        "rest: discard 1 card and spend 1 day for 2 Energy, 1 Excitement",
        "discard BBB2 (B club)",
        "use the Local tile in BBB paying 1 Energy",
        "take the train to CCC for 1 Energy",
        "visit CCC1 (C castle) spending 2 Excitement",
    ),
    (
        "start in AAA for free",
        "visit AAA2 (A museum) spending 1 Excitement",
        "take the weekday bonus first",
        "end the turn",
        "fly to BBB for 4 Coins",
        "plan: discard 1 card and spend 1 day for 3 cards drawn, 1 Insider Tip",
        "discard BBB2 (B club)",
        "use the Local tile in BBB paying 1 Energy",
        "take the train to CCC for 1 Energy",
        "visit CCC2 (C lake)",
        "claim the Bucket List of CCC for 4 points",
        "attend C feast in CCC paying 1 Excitement",
    ),
)

# The optimum without the Festival in CCC: the turn ended instead.
NO_FESTIVAL = [*OPTIMUM[:7], "end the turn", *OPTIMUM[8:]]


@cache
def tiny() -> WeeksPuzzle:
    return weeks_puzzle(1, content=TINY, time_limit=TINY_SECONDS)


def test_a_tiny_deal_is_proven_and_its_optimum_accepted() -> None:
    puzzle = tiny()
    assert puzzle.proven and puzzle.score == puzzle.bound == 31
    assert puzzle.route == OPTIMUM
    verdict = check(puzzle, puzzle.route)
    assert verdict.accepted and verdict.score == 31
    assert verdict.headline == "Optimal: 31 points, as many as the proven optimum."
    # The plan's history, chance outcomes named, is accepted too, and so is another optimum.
    assert check(puzzle, puzzle.best.history).accepted
    for other in OTHER_OPTIMA:
        assert check(puzzle, other).accepted and check(puzzle, other).score == 31


def test_check_explains_a_worse_route_line_by_line_on_the_score_sheet() -> None:
    verdict = check(tiny(), NO_FESTIVAL)
    assert verdict.legal and not verdict.accepted and verdict.score == 27
    assert verdict.headline == "Legal, 27 points: 4 short of the proven optimum, 31."
    assert verdict.lines[:3] == (
        "Festivals: you 2 (-), the optimum 6 (-)",
        "Leftover resources: you 1 (7 coins/energy/excitement/locals at 4 a point), the "
        "optimum 1 (6 coins/energy/excitement/locals at 4 a point)",
        "your route leaves the optimum at play 8: you end the turn, the optimum attend C feast "
        "in CCC paying 1 Excitement",
    )
    assert verdict.lines[3:] == ("better exists: press Show solution to see the optimum",)
    shown = check(tiny(), NO_FESTIVAL, reveal=True)
    assert shown.lines == (*verdict.lines[:3], "the optimum: " + "; ".join(OPTIMUM))


def test_check_refuses_an_illegal_or_unfinished_route_with_the_engine_s_reason() -> None:
    verdict = check(tiny(), ["start in AAA for free", "fly to CCC for 4 Coins"])
    assert not verdict.legal and verdict.score is None
    assert verdict.lines == (
        "play 2, fly to CCC for 4 Coins: 'fly to CCC for 4 Coins': travel comes first in a "
        "turn; player 0 is at the Activity step",
    )
    verdict = check(tiny(), OPTIMUM[:4])
    assert verdict.lines == (
        "the route stops before the game ends: day 1 of 3 spent, 2 left; week 1, Tue: Travel "
        "step; in AAA",
    )


def test_the_walk_refuses_a_play_or_a_region_with_the_reason_and_changes_nothing() -> None:
    walk = tiny().walk()
    walk.take("start in BBB for free")
    before = (list(walk.route), walk.status(), walk.plays())
    with pytest.raises(Refused, match="CCC1 is in CCC, the pawn is in BBB"):
        walk.options("CCC")
    with pytest.raises(Refused, match="travel comes first in a turn"):
        walk.take("take the train to CCC for 1 Energy")
    with pytest.raises(Refused, match=r"'XYZ' is not a region of the map \(AAA, BBB, CCC\)"):
        walk.options("XYZ")
    assert (list(walk.route), walk.status(), walk.plays()) == before
    assert walk.status() == [
        "day 0 of 3 spent, 3 left; week 1, Mon: Activity step; in BBB",
        "resources: 4 Coins, 2 Energy, 1 Excitement, 0 Locals",
        "hand: AAA2 (A museum), CCC1 (C castle)",
        "score so far 1",
    ]


def test_a_plan_not_proven_is_said_so_with_its_bound() -> None:
    """The verdict's words for a best known plan: the tiny optimum as if the planner had
    stopped before proving it, with a bound of 34."""
    puzzle = tiny()
    unproven = dataclasses.replace(puzzle.best, status=FEASIBLE, bound=34.0)
    known = WeeksPuzzle(1, puzzle.puzzle, unproven)
    assert not known.proven and known.bound == 34
    assert check(known, OPTIMUM).headline == (
        "As good as the best known: 31 points against the best known plan, 31 (not proven "
        "optimal: no plan scores more than 34)."
    )
    verdict = check(known, NO_FESTIVAL)
    assert verdict.headline == (
        "Legal, 27 points: 4 short of the best known plan, 31 (not proven optimal: no plan "
        "scores more than 34)."
    )
    assert verdict.lines[0] == "Festivals: you 2 (-), the best known plan 6 (-)"


def test_a_plan_with_no_bound_proven_claims_none() -> None:
    """A planner stopped before CP-SAT bounded anything: the plan's score is no limit (another
    route may score more), and nothing says it is."""
    puzzle = tiny()
    unbounded = dataclasses.replace(puzzle.best, status=FEASIBLE, bound=None)
    known = WeeksPuzzle(1, puzzle.puzzle, unbounded)
    assert not known.proven and known.bound is None
    assert known.proof.endswith("not proven optimal: no upper limit proven")
    assert check(known, NO_FESTIVAL).headline == (
        "Legal, 27 points: 4 short of the best known plan, 31 (not proven optimal: no upper "
        "limit proven)."
    )


@pytest.mark.slow
def test_the_full_four_weeks_give_a_best_known_plan_and_its_bound() -> None:
    """Deal 1 of the full game within 10 s: not proven (the gap is wide), and the greedy bot's
    game, checked as a route with its chance named, is legal and scored as the engine scores
    it. (How its score compares with the plan's depends on how much the planner did in 10 s:
    on a busy machine it may be more.)"""
    puzzle = weeks_puzzle(1)
    assert not puzzle.proven and (puzzle.bound is None or puzzle.bound >= puzzle.score)
    assert f"not proven optimal: {limit_words(puzzle.bound)}" in puzzle.proof
    game = greedy_game(puzzle.puzzle, 0, False)
    history = [str(a) for a in game.history[len(puzzle.puzzle.position.history) :]]
    verdict = check(puzzle, history)
    assert verdict.legal and verdict.score == game.scores()[0].total
    assert f"(not proven optimal: {limit_words(puzzle.bound)})" in verdict.headline


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(PuzzleError, match="a seed is a whole number from 0 to"):
        weeks_puzzle("1")  # type: ignore[arg-type]
    with pytest.raises(PuzzleError, match="four-week deal 1: No plan: the puzzle is infeasible"):
        weeks_puzzle(1, content=TINY, claims=["AAA"])
