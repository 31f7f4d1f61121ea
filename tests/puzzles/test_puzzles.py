"""Generated puzzles (`kit.puzzles`): solvable for many seeds at every difficulty, their stored
optimum proven and confirmed by the planners, the same puzzle from the same seed, and `check`
accepting the optimum, refusing an illegal route naming the step and why, and explaining a
worse one line by line."""

from __future__ import annotations

import json
from functools import cache

import pytest

import kit
from kit.puzzles import (
    DIFFICULTIES,
    JourneyPuzzle,
    PuzzleError,
    Refused,
    check,
    generate,
    journey_puzzle,
    points_puzzle,
)
from kit.puzzles.amazing_journey import LAKES
from kit.puzzles.amazing_journey import LEVELS as JOURNEY_LEVELS
from kit.puzzles.points import LEVELS as POINT_LEVELS
from kit.solve.amazing_journey import solve as plan_journey
from kit.solve.orienteering import solve as plan_points

# 80-day puzzles take a second or more each to prove: a few seeds per difficulty.
JOURNEY_SEEDS = {"easy": (0, 1, 3), "medium": (2,), "hard": (3,)}


@cache
def journey(seed: int, difficulty: str) -> JourneyPuzzle:
    return journey_puzzle(seed, difficulty)


@pytest.mark.slow
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_orienteering_puzzles_are_proven_and_their_optimum_accepted(difficulty: str) -> None:
    level = POINT_LEVELS[difficulty]
    for seed in range(15):
        puzzle = points_puzzle(seed, difficulty)
        instance = puzzle.instance
        assert instance.n == level.points + 2
        assert puzzle.places[:2] == ("Start", "Finish")
        # Proven twice: the exact search over every set of points, and the CP-SAT planner.
        assert puzzle.optimum.is_optimal and puzzle.planner.is_optimal
        assert puzzle.planner.objective == puzzle.optimum.objective == puzzle.planner.bound
        # Not trivial: at least two points, and not all of them.
        assert 2 <= len(puzzle.optimum.route) - 2 < level.points
        for route in (puzzle.optimum.route, puzzle.planner.route):
            verdict = check(puzzle, [str(place) for place in route])
            assert verdict.accepted and verdict.score == puzzle.optimum.objective
        assert points_puzzle(seed, difficulty) == puzzle


def test_the_same_seed_gives_the_same_orienteering_puzzle_and_another_seed_another() -> None:
    first, again = generate("orienteering", 7, "medium"), generate("orienteering", 7, "medium")
    assert first == again and first.optimum.route == again.optimum.route
    assert first.instance.scores == again.instance.scores
    assert generate("orienteering", 8, "medium") != first
    assert generate("orienteering", 7, "hard") != first


def test_the_orienteering_optimum_is_the_planners_own_answer_from_scratch() -> None:
    puzzle = points_puzzle(3, "easy")
    fresh = plan_points(puzzle.instance, time_limit=30, workers=1)
    assert fresh.is_optimal and fresh.objective == puzzle.optimum.objective == 15


def test_check_explains_a_worse_orienteering_route_line_by_line() -> None:
    puzzle = points_puzzle(3, "easy")
    assert puzzle.optimum.route == ("Start", "D", "F", "B", "A", "Finish")
    assert [puzzle.score_of(p) for p in "ABCDEF"] == [6, 1, 5, 3, 6, 5]
    verdict = check(puzzle, ["Start", "A", "Finish"])
    assert verdict.legal and not verdict.accepted and verdict.score == 6
    length = puzzle.leg("Start", "A") + puzzle.leg("A", "Finish")
    assert f"{length:.2f}" == "15.76"
    detour = length - puzzle.leg("Start", "Finish")
    assert f"{detour:.2f}" == "5.91" and f"{6 / detour:.2f}" == "1.02"
    assert verdict.lines == (
        "you collect 6 points: A 6",
        "budget used 15.76 of 34: 18.24 left",
        "of your points, those worth least for the distance they add to the route: A (6 points "
        "for 5.91 more: 1.02 a unit)",
        "4 of the points you leave out would still fit into your route within the budget",
        "better exists: press Show solution to see the optimal route",
    )
    assert verdict.headline == "Legal, 6 points: 9 short of the proven optimum, 15."
    assert not any(place in str(verdict) for place in "DFB")  # the optimum's points unnamed
    # Asked for, the solution: what the optimum collects, where, and its budget.
    assert check(puzzle, ["Start", "A", "Finish"], reveal=True).lines[4:] == (
        "the optimum collects 15: D 3, F 5, B 1, A 6",
        "the optimum visits D, F, B, which you miss: 9 points",
        "budget used: yours 15.76, the optimum's 30.72, of 34",
        "the optimal route: Start → D → F → B → A → Finish",
    )
    # E scores as much as A but lies elsewhere: a route through it leaves out what the
    # optimum collects and visits a point it leaves out.
    other = check(puzzle, ["Start", "E", "Finish"], reveal=True)
    assert other.score == 6
    assert "you visit E, which the optimum leaves out: 6 points" in other.lines


def test_check_names_the_points_worth_least_for_their_detour_and_those_that_still_fit() -> None:
    """D lies almost on the way from Start to F (0.3 more for 3 points); F costs 3.35 more for
    its 5: F is the one worth least. With 6.58 of the budget left, two of A, B, C, E fit in."""
    puzzle = points_puzzle(3, "easy")
    verdict = check(puzzle, ["Start", "D", "F", "Finish"])
    assert verdict.lines[1:4] == (
        "budget used 27.42 of 34: 6.58 left",
        "of your points, those worth least for the distance they add to the route: F (5 points "
        "for 3.35 more: 1.49 a unit), D (3 points for 0.3 more: 10.06 a unit)",
        "2 of the points you leave out would still fit into your route within the budget",
    )
    added = puzzle.leg("D", "F") + puzzle.leg("F", "Finish") - puzzle.leg("D", "Finish")
    assert f"{added:.2f}" == "3.35"
    fits = [
        place
        for place in "ABCE"
        if any(
            27.42 - puzzle.leg(a, b) + puzzle.leg(a, place) + puzzle.leg(place, b) <= 34
            for a, b in [("Start", "D"), ("D", "F"), ("F", "Finish")]
        )
    ]
    assert len(fits) == 2
    assert "the optimal route" not in " ".join(verdict.lines[:-1])


def test_check_refuses_an_illegal_orienteering_route_naming_the_step() -> None:
    puzzle = points_puzzle(3, "easy")

    def why(route: list[str]) -> str:
        verdict = check(puzzle, route)
        assert not verdict.legal and verdict.score is None and len(verdict.lines) == 1
        return verdict.lines[0]

    assert why(["A", "Finish"]) == "step 1: the route starts at Start, not at 'A'"
    assert why([]) == "step 1: the route starts at Start, not at nothing"
    assert why(["Start", "A", "A", "Finish"]) == (
        "step 3, A: A is already on the route (step 2): each point counts once"
    )
    assert why(["Start", "Z"]).startswith("step 2, Z: 'Z' is not a point of this puzzle (Start")
    assert why(["Start", "D", "F"]) == "the route stops at F after step 3: it must end at Finish"
    assert why(["Start", "Finish", "A"]) == "step 3, A: the route has already ended at Finish"
    every = ["Start", *"ABCDEF", "Finish"]
    used = sum(puzzle.leg(a, b) for a, b in zip(every, every[1:], strict=False))
    assert used > puzzle.budget
    assert why(every).endswith(", over the budget of 34")


def test_the_walk_refuses_a_point_with_no_way_to_the_finish_and_changes_nothing() -> None:
    puzzle = points_puzzle(3, "easy")
    walk = puzzle.walk()
    walk.take("A")
    # C is within the budget from the Start, but the Finish is out of reach from it.
    legs = [puzzle.leg("Start", "A"), puzzle.leg("A", "C"), puzzle.leg("C", "Finish")]
    assert [round(leg, 2) for leg in legs] == [8.54, 15.81, 23.02]
    with pytest.raises(Refused) as error:
        walk.take("C")
    assert str(error.value) == (
        "from C the Finish is 23.02 away: 47.38 in all, over the budget of 34, so the route "
        "could not end"
    )
    assert walk.route == ["Start", "A"]
    assert walk.status() == [
        "route: Start → A (at A)",
        "budget used 8.54 of 34, 25.46 left",
        "score 6",
    ]


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_eighty_day_puzzles_are_proven_and_their_optimum_accepted(difficulty: str) -> None:
    level = JOURNEY_LEVELS[difficulty]
    for seed in JOURNEY_SEEDS[difficulty]:
        puzzle = journey(seed, difficulty)
        assert puzzle.optimum.is_optimal and puzzle.optimum.bound == puzzle.score
        assert puzzle.limit == level.days and len(puzzle.puzzle.durations) == level.dice
        assert puzzle.optimum.earliest is not None and puzzle.optimum.earliest <= level.days
        # The plan's history (chance outcomes named) and the player's actions alone.
        for route in (puzzle.optimum.history, puzzle.route):
            verdict = check(puzzle, route)
            assert verdict.accepted and verdict.score == puzzle.score, verdict
        # The engine itself scores the plan as stored.
        final = puzzle.puzzle.replay(puzzle.optimum.history)
        assert final.scores()[0].total == puzzle.score


def test_the_same_seed_gives_the_same_eighty_day_puzzle() -> None:
    first = journey(0, "easy")
    again = journey_puzzle(0, "easy")
    assert first == again and first.route == again.route
    assert dict(first.setup) == {
        "traveller": "Wolfgang",
        "die": "3",
        "tickets": "secret",
        "objectives": "nature, party",
        "Cove": "B2",
        "Dune": "B1",
        "Fen": "B3",
        "Ford": "A2",
        "Mill": "A1",
    }
    assert first.score == 11
    assert journey(1, "easy") != first


def test_the_eighty_day_planner_agrees_with_the_stored_optimum() -> None:
    puzzle = journey(0, "easy")
    plan = plan_journey(puzzle.puzzle, time_limit=30, workers=2)
    assert plan.is_optimal and plan.objective == puzzle.score
    assert check(puzzle, plan.history).accepted


def test_check_explains_a_worse_journey_by_its_score_sheet() -> None:
    puzzle = journey(0, "easy")
    late = [
        "refresh",
        "take the T1 train to Mill",
        "refresh",
        "take the T1 train to Ford",
        "take the T1 train to Mill",
        "take the X1 secret route to Dune by Wolfgang's power",
        "take the X1 secret route to Mill by Wolfgang's power",
        "take the T1 train to Home",
    ]
    verdict = check(puzzle, late)
    assert verdict.legal and not verdict.accepted and verdict.score == 10
    assert verdict.lines[:3] == (
        "Checkpoints: you 10 (3 of 3 completed), the optimum 11 (3 of 3 completed)",
        "Second checkpoint in Dune: you on day 8 (3 points), the optimum on day 7 (4 points)",
        "home on day 10; the optimum on day 10",
    )
    assert verdict.lines[3] == "better exists: press Show solution to see the optimal journey"
    assert "plan;" not in str(verdict)
    shown = check(puzzle, late, reveal=True)
    assert shown.lines[:3] == verdict.lines[:3]
    assert shown.lines[3] == "the optimal journey: " + "; ".join(puzzle.route)
    assert shown.lines[3].startswith("the optimal journey: take the T1 train to Mill; plan;")


def test_check_refuses_an_illegal_or_unfinished_journey_naming_the_step() -> None:
    puzzle = journey(0, "easy")
    verdict = check(puzzle, ["take the T1 train to Mill", "take the T1 train to Home"])
    assert verdict.lines == (
        "step 2, take the T1 train to Home: 'take the T1 train to Home': no train departs on "
        "day 2 of the Timeline",
    )
    verdict = check(puzzle, ["take the T1 train to Mill", "plan"])
    assert verdict.lines == (
        "the journey has not ended: after step 2 you are in Mill on day 4; it ends at Home "
        "(the Final checkpoint) by day 10",
    )
    assert not verdict.legal and verdict.headline.startswith("Refused")


def test_the_journey_walk_refuses_a_step_past_the_day_limit_and_changes_nothing() -> None:
    puzzle = journey(0, "easy")
    walk = puzzle.walk()
    for name in ["take the T1 train to Mill", "plan", "take the T1 train to Ford"]:
        walk.take(name)
    assert walk.day == 6 and walk.place == "Ford"
    assert walk.status() == [
        "day 6 of 10, 4 days left, in Ford",
        "tickets: 1 bus, 1 secret",
        "tokens on the map: Mill A1 (food), Ford A2 (souvenir 2), Cove B2 (cursed souvenir), "
        "Dune B1 (culture), Fen B3 (food)",
        "score so far 2",  # the First checkpoint on day 6: its second bar
    ]
    with pytest.raises(Refused, match="no action takes you to Fen from Ford on day 6"):
        walk.options("Fen")
    walk.take("plan")  # two days: day 8; an Explore of 3 days would end on day 11
    with pytest.raises(Refused) as error:
        walk.take("explore Ford")
    assert str(error.value) == (
        "explore Ford would bring you to day 11, past the puzzle's limit of day 10"
    )
    assert walk.day == 8 and walk.route[-1] == "plan" and len(walk.states) == 5


def test_a_journey_on_the_lakes_saves_naming_the_lakes_and_loads_back() -> None:
    puzzle = journey(0, "easy")
    walk = puzzle.walk()
    for name in puzzle.route[:6]:  # to Mill with any 2 Tickets, both discards answered
        walk.take(name)
    text = walk.state.to_json()
    assert json.loads(text)["options"] == {
        "players": 1,
        "seed": 1,
        "side": "regular",
        "travellers": ["Wolfgang Entdecker"],
        "content": LAKES,
    }
    again = kit.load_json(text)
    assert again == walk.state and again.day == [7] and walk.place == "Mill"
    assert again.game.content.board.cities[again.pos[0]].name == "Mill"
    for name in puzzle.route[6:]:
        walk.take(name)
    done = kit.load_json(walk.state.to_json())
    assert done.is_terminal and done.scores()[0].total == puzzle.score == 11


def test_bad_arguments_are_refused_with_the_choices() -> None:
    with pytest.raises(PuzzleError, match="difficulty 'brutal' is unknown; choose one of easy"):
        generate("orienteering", 1, "brutal")
    with pytest.raises(PuzzleError, match="kind 'sudoku' is unknown; choose one of orienteering"):
        generate("sudoku")
    with pytest.raises(
        PuzzleError, match=r"a seed is a whole number from 0 to 2\*\*64 - 1 \(\d+\), not '3'"
    ):
        points_puzzle("3")  # type: ignore[arg-type]
    with pytest.raises(PuzzleError, match="a route is a list of steps, not one text: 'Start'"):
        check(points_puzzle(0), "Start")
    with pytest.raises(PuzzleError, match="not a puzzle of kit.puzzles"):
        check("a puzzle", [])  # type: ignore[arg-type]
