"""The four-week planner: deals with their chance fixed, the greedy yardstick, and every plan
replayed and scored by the engine."""

from __future__ import annotations

import itertools
import math
import random
import re
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from ortools.sat.python import cp_model

from kit.core import KitError
from kit.core.bots import after, play
from kit.core.rng import SEED_RULE
from kit.four_weeks import FourWeeks, setup
from kit.four_weeks.bots import GreedyBot, determinize
from kit.four_weeks.frames import ACTIVITY, TRAVEL, WeekEndDiscards
from kit.solve.four_weeks import (
    Model,
    PlanError,
    Puzzle,
    calendar,
    calendar_days,
    greedy_game,
    greedy_score,
    main,
    play_solution,
    solve,
    standard_puzzle,
)
from kit.solve.four_weeks.baseline import refined_game
from kit.solve.four_weeks.exact import _key as exact_key
from kit.solve.four_weeks.exact import exact_search
from kit.solve.four_weeks.model import new_solver
from kit.solve.four_weeks.planner import follow
from kit.solve.four_weeks.replay import steps_of
from kit.solve.plan import FEASIBLE, INFEASIBLE, OPTIMAL, Interrupted, interrupt, run_solver

TINY = Path(__file__).parents[2] / "data" / "tiny_four_weeks"

REFINING_SECONDS = 3600.0
"""Seconds given to `refined_game` where a count of refinements (`tries`) ends it long before:
what it finds is then the same on any machine, however busy."""


def tries(count: int) -> Callable[[], bool]:
    """A `stop` for `refined_game` that ends it at its `count`-th question (it asks before
    each game and each refinement): a budget of work, not of seconds."""
    asked = itertools.count(1)
    return lambda: next(asked) > count


def planned_greedy_score(puzzle: Puzzle) -> int:
    """The score of the greedy bot's game by the plan's conventions: the planner's refining
    plays it first (seed 0), so every plan scores at least this, however short the time."""
    return greedy_game(puzzle, 0, planned=True).scores()[0].total


def ids(puzzle: Puzzle, cards: tuple[int, ...]) -> list[str]:
    return [puzzle.content.locations[c].id for c in cards]


def test_a_deal_fixes_the_hand_the_festivals_and_the_deck_order() -> None:
    puzzle = standard_puzzle(
        3, hand=["BRI1", "BRI5"], festivals=[["ITA"], ["Proms"]], deck=["FRA1"]
    )
    assert {"BRI1", "BRI5"} <= set(ids(puzzle, puzzle.hand))
    assert len(puzzle.hand) == 7 and len(puzzle.deck) == 43
    assert sorted(puzzle.cards) == list(range(50))
    assert ids(puzzle, puzzle.deck)[0] == "FRA1"
    names = [[puzzle.content.festivals[f].name for f in week] for week in puzzle.festivals]
    assert names[0][0] == "Venice Carnival" and names[1][0] == "Proms"
    assert all(len(week) == 2 for week in names)
    assert len({name for week in names for name in week}) == 8
    # the same seed deals the same puzzle
    again = standard_puzzle(3, hand=["BRI1", "BRI5"], festivals=[["ITA"], ["Proms"]], deck=["FRA1"])
    assert again == puzzle and again.hand == puzzle.hand


def test_the_puzzle_draws_in_its_order() -> None:
    puzzle = standard_puzzle(1)
    state = puzzle.state()
    hand = list(state.hands[0])
    for action in ("start in BRI for free", "write: discard 3 cards and spend 1 day for 1 "
                   "Income track step"):  # fmt: skip
        puzzle.play(state, action)
    for card in hand[:3]:
        puzzle.play(state, state.game.actions.discard[card])
    # the week goes on; at its end the hand of 4 is drawn up to 7 from the deck's order
    while state.week == 0:
        if state.decision is not None:
            puzzle.play(state, "keep the hand")
            continue
        step = ("stay in BRI", "skip the Activity and lose 1 day", "end the turn")[state.step]
        puzzle.play(state, step)
    assert state.hands[0] == sorted(hand[3:] + list(puzzle.deck[:3]))


def test_a_greedy_game_replays_to_the_same_score() -> None:
    puzzle = standard_puzzle(2)
    final = greedy_game(puzzle, 5)
    history = [str(a) for a in final.history[len(puzzle.position.history) :]]
    assert puzzle.replay(history).scores()[0].total == final.scores()[0].total
    best = max(greedy_game(puzzle, n).scores()[0].total for n in range(6))
    assert greedy_score(puzzle, 6) == best >= greedy_score(puzzle, 1)
    assert greedy_score(puzzle, 1) == greedy_game(puzzle, 0).scores()[0].total


def test_a_replay_refuses_what_the_engine_or_the_puzzle_does_not_allow() -> None:
    puzzle = standard_puzzle(2)
    with pytest.raises(PlanError, match="action 2 of the plan: 'visit BRI5"):
        puzzle.replay(["start in IBE for free", "visit BRI5 (British Museum)"])
    final = greedy_game(puzzle, 0)
    history = [str(a) for a in final.history[len(puzzle.position.history) :]]
    draw = next(i for i, name in enumerate(history) if name.startswith("player 0 draws"))
    other = next(
        f"player 0 draws {puzzle.content.locations[c].title}"
        for c in puzzle.deck
        if f"draws {puzzle.content.locations[c].title}" not in history[draw]
    )
    with pytest.raises(
        PlanError, match=f"action {draw + 1} of the plan: .* is not the puzzle's outcome"
    ):
        puzzle.replay([*history[:draw], other])


def test_the_model_follows_a_game_whose_rest_discards_a_card_plan_drew_that_week() -> None:
    """Deal 3's greedy game 33 (the best of fifty): in week 2 Plan draws ALP5 and Rest discards
    it before the week's end; the model follows the game to its score."""
    puzzle = standard_puzzle(3)
    model = Model(puzzle)
    game = greedy_game(puzzle, 33)
    history = [str(a) for a in game.history[len(puzzle.position.history) :]]
    drawn = history.index("player 0 draws ALP5 (Jungfrau Railway)")
    rest = next(i for i, name in enumerate(history) if i > drawn and name.startswith("rest:"))
    ends = next(i for i, name in enumerate(history) if i > drawn and name == "keep the hand")
    assert drawn < rest < history.index("discard ALP5 (Jungfrau Railway)") < ends
    followed = follow(puzzle, model, game, 30, 2)
    assert followed is not None and followed[1] == game.scores()[0].total == 117


def test_bad_puzzles_are_refused() -> None:
    with pytest.raises(KitError, match="solo game"):
        Puzzle(FourWeeks(players=2, seed=1).new_game(), (), ())
    started = setup(FourWeeks(players=1, seed=1), actions=["start in BRI for free"])
    with pytest.raises(KitError, match="starts at a Travel step or a week.s end"):
        Puzzle(started, tuple(started.deck), ((),) * 4)
    with pytest.raises(KitError, match="deck: 'BRI9'"):
        standard_puzzle(1, deck=["BRI9"])
    with pytest.raises(KitError, match="no Festival 'XYZ' is left for week 2"):
        standard_puzzle(1, festivals=[[], ["XYZ"]])


@pytest.mark.slow
def test_a_plan_replays_in_the_engine_to_the_models_score_from_the_best_greedy_game() -> None:
    """What holds however busy the machine: the plan replays to its score, is no worse than
    the first refined game, and is within its bound (none if CP-SAT found no solution in time).
    How good a plan a few seconds give is the benchmarks' question."""
    puzzle = standard_puzzle(1)
    plan = solve(puzzle, time_limit=12, workers=2)
    assert plan.status in (OPTIMAL, FEASIBLE)
    assert plan.sheet is not None and plan.sheet.total == plan.objective
    final = puzzle.replay(plan.history)
    assert final.is_terminal and final.scores()[0] == plan.sheet
    assert plan.objective is not None and plan.objective >= planned_greedy_score(puzzle)
    assert plan.bound is None or plan.bound >= plan.objective
    assert any("Bucket List, Local tile, Festival" in text for text in plan.assumptions)
    # the steps are the turns, day by day over the four weeks
    days = [step.day for step in plan.steps]
    assert days == sorted(days) and days[0] == 1 and plan.steps[-1].end == 28
    assert plan.steps[0].actions[0].startswith("start in ")


@pytest.mark.slow
def test_every_solution_of_the_model_replays_exactly() -> None:
    """Each improving solution of a short search from the planned greedy game, played in the
    engine, scores its objective (play_solution raises PlanError if not). The search stops
    after three solutions, so a loaded machine only makes it wait longer for them."""
    puzzle = standard_puzzle(4)
    model = Model(puzzle)
    first = follow(puzzle, model, greedy_game(puzzle, 0, planned=True), 60, 2)
    assert first is not None
    model.hint_solution(first[0])
    checked = []

    class Check(cp_model.CpSolverSolutionCallback):  # type: ignore[misc]
        def on_solution_callback(self) -> None:
            objective = int(round(self.objective_value))
            solution = model.solution(self.value, objective)
            state, _ = play_solution(puzzle, solution)
            checked.append(state.scores()[0].total == objective)
            if len(checked) == 3:
                self.stop_search()

    solver = new_solver(60, 2)
    run_solver(solver, model.m, Check())
    assert checked and all(checked)


@pytest.mark.parametrize(
    ("seed", "claims", "optimum"),
    [(1, (), 31), (2, (), 30), (2, ("CCC",), 29), (3, (), 30), (5, (), 30)],
)
@pytest.mark.slow
def test_the_model_s_optimum_is_the_exhaustive_search_s_on_a_tiny_week(
    seed: int, claims: tuple[str, ...], optimum: int
) -> None:
    """One week of three days, a hand of two, seven cards: every play by the plan's
    conventions, searched over engine states, against the model proven optimal. In deal 5 the
    best play discards for Rest a card that Plan has drawn the same week."""
    puzzle = standard_puzzle(seed, content=str(TINY), claims=claims)
    exact = exact_search(puzzle)
    plan = solve(puzzle, time_limit=60, workers=2)  # proven in < 1 s
    assert exact.status == plan.status == OPTIMAL
    assert exact.objective == plan.objective == optimum
    assert puzzle.replay(exact.history).scores()[0].total == optimum
    assert plan.sheet is not None and plan.sheet.total == optimum


@pytest.mark.slow
@pytest.mark.parametrize("seed", [6, 9])
def test_300_refinements_score_at_least_the_greedy_bot_s_best_of_100(seed: int) -> None:
    """The planner's first half, refining greedy games, given 300 refinements (a budget of
    work: a second or two, the same games on any machine): its game scores at least the best
    of 100 greedy plays of the deal (it passes them after 55 and 75). The planner's plan after
    4 s, whatever they gave, is no worse than the game its refining starts from and replays to
    its score sheet."""
    puzzle = standard_puzzle(seed)
    best_of_100 = greedy_score(puzzle, 100)
    refined = refined_game(puzzle, 0, REFINING_SECONDS, tries(300))
    assert refined is not None and refined.scores()[0].total >= best_of_100
    plan = solve(puzzle, time_limit=4, workers=2)
    assert plan.objective is not None and plan.objective >= planned_greedy_score(puzzle)
    final = puzzle.replay(plan.history)
    assert final.is_terminal and final.scores()[0] == plan.sheet
    assert plan.sheet is not None and plan.sheet.total == plan.objective
    assert plan.steps == steps_of(puzzle, plan.history)


def test_refining_starts_from_the_planned_greedy_game_and_only_improves() -> None:
    """Seed 0's first game is the greedy bot's by the plan's conventions; every better game
    told scores more than the one before, and the last is the one returned (100 refinements:
    the same games on any machine)."""
    puzzle = standard_puzzle(2)
    told: list[int] = []
    best = refined_game(
        puzzle, 0, REFINING_SECONDS, tries(100), lambda game: told.append(game.scores()[0].total)
    )
    assert best is not None and told[-1] == best.scores()[0].total
    assert told[0] == greedy_game(puzzle, 0, planned=True).scores()[0].total
    assert told == sorted(set(told)) and len(told) > 1
    history = [str(a) for a in best.history[len(puzzle.position.history) :]]
    assert puzzle.replay(history).scores()[0] == best.scores()[0]


@pytest.mark.parametrize(("seed", "claims", "optimum"), [(1, (), 31), (2, ("CCC",), 29)])
def test_a_refined_game_of_a_tiny_week_meets_the_goals_within_the_optimum(
    seed: int, claims: tuple[str, ...], optimum: int
) -> None:
    """On the tiny week the refining ends by itself (no better game for a while) with a game
    that claims the Bucket Lists asked, at most the proven optimum; none when the goal
    cannot be met."""
    puzzle = standard_puzzle(seed, content=str(TINY), claims=claims)
    game = refined_game(puzzle, 0, 60)
    assert game is not None and puzzle.met(game)
    assert greedy_game(puzzle, 0, planned=True).scores()[0].total <= game.scores()[0].total
    assert game.scores()[0].total <= optimum
    assert refined_game(standard_puzzle(1, content=str(TINY), claims=["AAA"]), 0, 60) is None


@pytest.mark.slow
def test_a_stop_while_games_are_refined_returns_the_best_game_so_far() -> None:
    """Stop (the panel's button) during the first half, the refining: the planner ends with
    the best refined game streamed, replayed, without a bound (CP-SAT has not begun)."""
    puzzle = standard_puzzle(3)
    streamed: list[tuple[int, float]] = []
    outcome: dict[str, BaseException] = {}

    def run() -> None:
        try:
            solve(puzzle, 300, 2, lambda score, bound, _: streamed.append((score, bound)))
        except BaseException as stop:
            outcome["stop"] = stop

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while len(streamed) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert interrupt(thread)
    thread.join(60)
    assert not thread.is_alive(), "Stop did not stop the planner"
    stop = outcome["stop"]
    assert isinstance(stop, Interrupted) and stop.plan is not None
    assert all(math.isinf(bound) for _, bound in streamed)
    plan = stop.plan
    assert plan.status == FEASIBLE and plan.bound is None
    assert plan.objective == max(score for score, _ in streamed)
    assert puzzle.replay(plan.history).scores()[0] == plan.sheet


@pytest.mark.slow
def test_an_impossible_bucket_list_is_reported_plainly() -> None:
    """AAA's Bucket List asks 2 food cards: in this deal they cannot be visited and the pawn
    brought back to AAA within the three days."""
    puzzle = standard_puzzle(1, content=str(TINY), claims=["AAA"])
    assert exact_search(puzzle).status == INFEASIBLE
    plan = solve(puzzle, time_limit=60, workers=2)  # proven in < 1 s
    assert plan.status == INFEASIBLE and plan.objective is None and not plan.history
    assert str(plan) == "No plan: the puzzle is infeasible; the goal cannot be reached at all."
    with pytest.raises(KitError, match="claims: no region 'XYZ'"):
        standard_puzzle(1, claims=["XYZ"])


@pytest.mark.slow
def test_the_command_prints_the_calendar_and_refuses_bad_arguments(capsys) -> None:
    # proven once the refining ends by itself (2 to 4 s on a busy machine): 60 s leave it that
    assert main(["--seed", "1", "--time-limit", "60", "--content", str(TINY)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("optimal plan scoring 31 (bound 31, gap 0.0%")
    assert "Week 1\n  Mon   1  " in out and "  Wed   3  " in out
    assert "Total                31" in out
    assert main(["--seed", "1", "--content", str(TINY), "--claim", "AAA"]) == 1
    assert capsys.readouterr().out.startswith("No plan: the puzzle is infeasible")
    for bad, says in (
        (
            ["--seed", "x"],
            re.escape(f"--seed: {SEED_RULE}, not 'x'"),
        ),
        (["--time-limit", "0"], "--time-limit: expected a number of seconds above 0"),
        (["--claim", "XYZ"], "claims: no region 'XYZ'"),
    ):
        with pytest.raises(KitError, match=says):
            main(bad)


def test_the_calendar_days_are_the_replayed_plan_day_by_day() -> None:
    """The tiny deal's optimal plan (the command's calendar above): one row per day, each
    turn's actions on the day it starts, the Day disc placed in the region it starts in."""
    puzzle = standard_puzzle(1, content=str(TINY))
    # Proven in < 1 s. One thread: the tiny deal has several 31-point plans, and two threads
    # do not always return the same one.
    plan = solve(puzzle, time_limit=60, workers=1)
    days = calendar_days(puzzle, plan)
    assert [(d.day, d.week, d.weekday, d.region, d.disc) for d in days] == [
        (1, 1, 0, "AAA", "AAA"),
        (2, 1, 1, "CCC", "CCC"),
        (3, 1, 2, "BBB", "BBB"),
    ]
    assert days[0].activity[:2] == (
        "start in AAA for free",
        "visit AAA2 (A museum) spending 1 Excitement",
    )
    assert days[2].held.startswith("3 Coins, 1 Energy")
    assert calendar_days(puzzle, replace(plan, sheet=None)) == []
    text = calendar(puzzle, plan)
    assert all(" + ".join(d.activity) in text for d in days)


def greedy_table(players: int, decisions: int, seed: int = 1, content: str | None = None):
    """A game of greedy players after `decisions` choices (chance by `seed`), at the next
    decision."""
    state = FourWeeks(players=players, seed=seed, content=content).new_game()
    bots = [GreedyBot(1, p) for p in range(players)]
    return play(state, bots, stop=after(decisions))


@pytest.mark.slow
def test_a_game_in_progress_is_planned_from_what_the_player_to_move_sees() -> None:
    # two players, week 2: player 1 has taken the train and is at the Activity step
    state = greedy_table(2, 32)
    assert (state.week, state.current_player, state.step) == (1, 1, ACTIVITY)
    puzzle = Puzzle.from_state(state, 1)
    position = puzzle.position
    assert position.game.num_players == 1 and position.current_player == 0
    assert (position.week, position.step, position.day) == (1, ACTIVITY, [state.day[1]])
    for name in ("hands", "res", "pts", "calendar", "visited", "tags", "pos"):
        assert getattr(position, name)[0] == getattr(state, name)[1]
    assert position.buckets == [-1 if p < 0 else 0 if p == 1 else 1 for p in state.buckets]
    # the turn under way is planned from its start: its Travel made, its cost paid
    assert puzzle.begun == (str(state.history[-1]),) == ("take the train to BAL for 1 Energy",)
    origin = puzzle.origin
    assert origin is not None and origin.step == TRAVEL
    assert origin.res[0][1] == position.res[0][1] + 1 == 2
    # the deck: as many cards as it holds, from those player 1 has not seen
    unseen = set(range(50)) - set(state.hands[1]) - set(state.discard)
    unseen -= {card for visited in state.visited for card in visited}
    assert len(position.deck) == len(state.deck) and set(position.deck) <= unseen
    assert puzzle.deck[: len(state.deck)] != tuple(sorted(state.deck))
    plan = solve(puzzle, time_limit=4, workers=2)
    assert plan.steps[0].actions[0] in [str(action) for action in state.legal_actions()]
    final = puzzle.replay(plan.history)
    assert final.is_terminal and final.scores()[0].total == plan.objective
    assert plan.objective >= planned_greedy_score(puzzle)
    assert (
        plan.assumptions[0]
        == "the other players take nothing more: from here the game is played alone"
    )


@pytest.mark.parametrize(
    ("seed", "actions", "decisions", "optimum"),
    [
        (1, (), 2, 30),  # player 1's first Travel step
        (1, (), 3, 29),  # player 1's Activity step, its pawn placed
        (1, (), 4, 22),  # player 1's Extras
        (1, (), 7, 17),  # player 0 discarding for Plan
        (22, ("start in AAA for free", "visit AAA2 (A museum) spending 1 Excitement"), 0, 36),
    ],
)
@pytest.mark.slow
def test_the_model_s_optimum_in_a_game_in_progress_is_the_exhaustive_search_s(
    seed: int, actions: tuple[str, ...], decisions: int, optimum: int
) -> None:
    """Two players on the tiny week, the player to move at a Travel step, inside a turn (the
    choices made fixed, the cards discarded never visited), or choosing the order of an effect
    and its weekday bonus (seed 22): the model proves the exhaustive search's optimum."""
    if actions:
        state = setup(FourWeeks(players=2, seed=seed, content=str(TINY)), actions=actions)
    else:
        state = greedy_table(2, decisions, seed, str(TINY))
    puzzle = Puzzle.from_state(state, 1)
    exact = exact_search(puzzle)
    plan = solve(puzzle, time_limit=60, workers=2)
    assert exact.status == plan.status == OPTIMAL
    assert exact.objective == plan.objective == optimum
    assert puzzle.replay(plan.history).scores()[0].total == optimum
    assert plan.history[0] in [str(action) for action in state.legal_actions()]


def test_what_the_player_to_move_cannot_see_does_not_change_the_puzzle() -> None:
    state = greedy_table(2, 52, seed=2)  # week 2's end: player 1 discards
    assert isinstance(state.decision, WeekEndDiscards) and state.current_player == 1
    # the other hand dealt again from the cards player 1 has not seen (the deck keeps the
    # rest, so its draws to come differ too)
    other = determinize(state, 1, random.Random(3))
    assert other.hands[0] != state.hands[0] and other.deck != state.deck
    seen, again = Puzzle.from_state(state, 4), Puzzle.from_state(other, 4)
    assert exact_key(seen.position) == exact_key(again.position)
    assert (seen.deck, seen.festivals) == (again.deck, again.festivals)
    assert seen.position.hands[0] == state.hands[1] and seen.origin is None
    # the week to come's Festivals are on display, the last week's a guess among those left
    assert seen.festivals[2] == tuple(state.festivals)
    assert set(seen.festivals[3]) <= set(state.festival_deck)
