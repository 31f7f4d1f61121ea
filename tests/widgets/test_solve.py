"""The solver panel and the play panel's advisor, headless: driven by their buttons and
controls; every check is on the planner's plan behind them (its score, its steps, the engine's
replay of its history) and on what the panel draws of it."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

import kit
from kit.solve.eighty_days import Puzzle, greedy_score, standard_puzzle
from kit.solve.five_rounds import standard_puzzle as tour_puzzle
from kit.solve.five_rounds import upper_bound as tour_bound
from kit.solve.four_weeks import standard_puzzle as weeks_puzzle
from kit.solve.orienteering import read_op_file
from kit.solve.plan import Plan
from kit.widgets import SolvePanel, play, solve
from kit.widgets.plans import bars_of
from tests.test_eighty_days import tiny
from tests.test_five_rounds import tiny as last_turn

DATA = Path(__file__).parents[1] / "data"
OP_FILE = DATA / "op-tsiligirides" / "set-1" / "tsiligirides_problem_1_budget_15.txt"


def solved(panel: SolvePanel, limit: float) -> SolvePanel:
    panel.time_limit.value = limit
    panel.solve_button.click()
    assert panel.wait(120), "the search did not end"
    return panel


def pawn(panel: SolvePanel) -> str:
    (piece,) = [p for p in panel.planner.board.pieces if p.kind == "pawn"]
    return piece.place


def test_solve_streams_progress_then_shows_exactly_the_planners_plan() -> None:
    puzzle = tiny("Wolfgang", 3)  # its optimum is 15 (the exhaustive search's)
    panel = solved(solve(puzzle), 5)
    plan = panel.result
    assert isinstance(plan, Plan) and plan.objective == 15 and plan.status == "optimal"
    scores = [score for _, score, _ in panel.found]
    assert scores and scores == sorted(scores) and scores[-1] == 15
    assert panel.progress.value == 1.0 and panel.chart.value.startswith("<svg")
    assert panel.message.startswith(
        "a plan scoring 15; the best possible: no plan can score more (proven)"
    )
    answer = panel.answer
    assert [step.text for step in answer.steps] == [" + ".join(s.actions) for s in plan.steps]
    assert [bar.number for bar in bars_of(answer.steps)] == list(range(1, len(plan.steps) + 1))
    assert [(bar.start, bar.end) for bar in bars_of(answer.steps)][:2] == [
        (plan.steps[0].day, plan.steps[0].end),
        (plan.steps[1].day, plan.steps[1].end),
    ]
    # The route: the start ringed, then where each step leaves the pawn, as the engine has it.
    final = puzzle.replay(plan.history)
    assert final.scores()[0].total == 15
    places = answer.walk.places()
    assert panel.planner.board.highlight == answer.walk.route(0)
    assert len(places) == len(plan.steps) + 1
    assert places[0] == places[-1] == "Home"  # back home by the Final checkpoint
    for number, step in enumerate(plan.steps, start=1):
        if step.actions[-1].startswith("take the"):  # a move: the pawn is where it went
            assert step.actions[-1].split(" to ")[1].split(" ")[0] == places[number]
    panel.step.value = 3
    assert pawn(panel) == places[3] and panel.planner.board.highlight.current == 3
    assert dict(answer.sheet)["Total"] == "15"
    assert dict(answer.greedy)["Total"] == str(greedy_score(puzzle))
    assert panel.timeline.value.startswith("<svg") and 'data-step="3"' in panel.timeline.value


def test_stop_keeps_the_best_plan_so_far() -> None:
    puzzle = standard_puzzle("regular", "Paulo", 3)
    panel = solve(puzzle)
    panel.time_limit.value = 120
    panel.solve_button.click()
    deadline = time.monotonic() + 90
    while not panel.found and time.monotonic() < deadline:
        time.sleep(0.1)
    assert panel.found, "no plan was streamed"
    panel.solve_button.click()
    assert panel.message == "refused: a search is running; Stop it first"
    panel.stop_button.click()
    assert panel.wait(60), f"Stop did not stop the planner: {panel.message}"
    plan = panel.result
    assert isinstance(plan, Plan) and plan.status == "feasible"
    assert plan.objective == max(score for _, score, _ in panel.found)
    assert puzzle.replay(plan.history).scores()[0].total == plan.objective
    assert panel.answer.stopped and panel.message.startswith("stopped: the best plan so far")
    assert len(panel.answer.steps) == len(plan.steps)
    assert panel.progress.bar_style == "warning" and not panel.solve_button.disabled


def test_a_refused_control_changes_nothing() -> None:
    panel = solve(tiny("Wolfgang", 3))
    panel.planner.explore.value = "7"
    panel.solve_button.click()
    assert panel.message == (
        "refused: Explore durations must be among [2, 3, 4], got (7,); nothing changed"
    )
    assert panel.job is None and panel.result is None
    panel.stop_button.click()
    assert panel.message == "refused: no search is running"


def test_the_controls_make_the_puzzle_solved() -> None:
    panel = solve(tiny("Wolfgang", 3))
    panel.planner.days.value = 13
    panel.planner.explore.value = "2"
    made = panel.planner.puzzle()
    assert isinstance(made, Puzzle) and made.limit == 13 and made.durations == (2,)
    (hendrika,) = [name for name in panel.planner.traveller.options if "Hendrika" in name]
    panel.planner.traveller.value = hendrika
    assert panel.planner.puzzle().traveller.name.startswith("Hendrika")
    # A game's state: the puzzle of the player to move, whose side and Traveller are the game's.
    state = kit.load("amazing_journey", players=2, seed=3).new_game()
    state.resolve_chance()
    game = solve(state)
    assert game.planner.side.disabled and game.planner.traveller.disabled
    made = game.planner.puzzle()
    assert made.player == state.current_player and not made.revealed


def test_the_orienteering_panel_draws_the_points_and_the_route_with_the_budget_used() -> None:
    instance = read_op_file(OP_FILE)  # Tsiligirides set 1, Tmax 15: the optimum is 45
    panel = solved(solve(instance), 10)
    result = panel.result
    assert result.score == 45 and result.optimal
    answer = panel.answer
    places = answer.walk.places()
    assert places == tuple(str(label) for label in result.route)
    assert places[0] == "0" and places[-1] == "1"
    assert answer.used == f"{result.length:g} of 15 ({result.length / 15:.0%})"
    assert sum(s.end - s.start for s in answer.steps) == pytest.approx(result.length)
    assert dict(answer.sheet)["Total"] == "45"
    board = panel.planner.board
    assert set(board.picture.places) == {str(i) for i in range(instance.n)}
    panel.step.value = 2
    assert [p.place for p in board.pieces if p.kind == "pawn"] == [places[2]]
    assert board.highlight.current == 2


@pytest.mark.parametrize("game", ["four_weeks", "timeless_journeys"])
def test_the_other_game_planners_plans_on_their_boards(game: str) -> None:
    if game == "four_weeks":
        puzzle = weeks_puzzle(1, content=str(DATA / "tiny_four_weeks"))
    else:
        puzzle = tour_puzzle("intro", "en", 1)
    panel = solved(solve(puzzle), 4)
    plan = panel.result
    assert isinstance(plan, Plan) and panel.answer.score == plan.objective
    assert len(panel.answer.steps) == len(plan.steps)
    assert puzzle.replay(plan.history).scores()[0].total == plan.objective
    places = panel.answer.walk.places()
    assert len(places) == len(plan.steps) + 1
    assert set(places) - {""} <= {str(node) for node in puzzle.position.game.board()}
    if game == "timeless_journeys":  # the panel shows the five-round bound, in words
        assert plan.bound == tour_bound(puzzle) and plan.objective <= plan.bound
        proof = f"a plan scoring {plan.objective}; no plan can score more than {plan.bound:g}"
        assert panel.message.startswith(proof) and "(proven)" in panel.message


def test_advise_highlights_the_planners_first_step() -> None:
    position = tiny("Wolfgang", 3).position
    panel = play(position, seat=0)
    panel.advisor.time_limit.value = 2
    panel.advisor.button.click()
    assert panel.advisor.wait(60)
    plan = panel.advisor.plan
    assert isinstance(plan, Plan) and plan.objective is not None
    first = plan.steps[0].actions[0]
    (advised,) = [b for b in panel.action_buttons if b.button_style == "success"]
    assert advised.description == first
    assert panel.board.highlight == panel.advisor.route.at(0)
    assert len(panel.advisor.route.stops) == len(plan.steps)
    assert panel.advisor.message.startswith(f"advice: {first} (a plan scoring {plan.objective}")
    # The advice was made from what player 0 sees: the face-down tokens stayed face down.
    assert plan.assumptions == Puzzle.from_state(position).assumptions()
    advised.click()
    assert panel.board.highlight == [] and not any(b.button_style for b in panel.action_buttons)
    assert panel.advisor.button.description == "Re-plan"
    assert panel.advisor.message == "the position changed: Re-plan for new advice"
    # With "after each move" ticked, a move brings new advice for the new position.
    panel.advisor.auto.value = True
    panel.advisor.button.click()
    assert panel.advisor.wait(60) and panel.advisor.first
    step = len(panel.state.history)
    (advised,) = [b for b in panel.action_buttons if b.button_style == "success"]
    advised.click()
    assert panel.advisor.wait(60)
    assert panel.advisor.step == len(panel.state.history) > step
    (advised,) = [b for b in panel.action_buttons if b.button_style == "success"]
    assert advised.description == panel.advisor.plan.steps[0].actions[0]


def test_advise_on_a_grand_tours_last_turn_gives_the_proven_best() -> None:
    # the last play of the intro puzzle's first greedy game: the five-round planner searches
    # every way to play it, so the advice is the optimum (42, as the exhaustive search finds)
    panel = play(last_turn(tour_puzzle("intro", "en"), 28).position.clone(), seat=0)
    panel.advisor.time_limit.value = 60
    panel.advisor.button.click()
    assert panel.advisor.wait(120)
    plan = panel.advisor.plan
    assert plan.status == "optimal" and plan.objective == plan.bound == 42
    first = plan.steps[0].actions[0]
    (advised,) = [b for b in panel.action_buttons if b.button_style == "success"]
    assert advised.description == first
    assert panel.advisor.message.startswith(f"advice: {first} (a plan scoring 42, optimal;")


def test_advise_says_where_a_planner_cannot_start() -> None:
    weeks = play(kit.load("four_weeks", players=2, seed=3).new_game())
    weeks.advisor.button.click()
    assert weeks.advisor.message.startswith(
        "no advice here: the four-week planner cannot start from a game's position"
    )
    tour = play(kit.load("timeless_journeys", players=2, seed=3).new_game(), seat=0)
    tour.advisor.button.click()
    assert "the five-round planner plans solo games" in tour.advisor.message
    assert weeks.advisor.job is None and tour.advisor.job is None


def advised_under_lock(panel: Any) -> bool:
    """Whether the advice is shown: read under the panel's lock, which the advisor's thread
    holds from setting the advice to drawing it on the buttons."""
    with panel._lock:
        return bool(panel.advisor.first)


def test_a_move_while_the_advisor_plans_drops_its_stale_advice(monkeypatch) -> None:
    """The planner is held until a move is made on the panel (the planner's answer is then for
    the position before it): the panel stays consistent, the stale advice is not shown for the
    new position, and with "after each move" the advisor plans again for the new one. While the
    test holds the panel's lock, the advisor's thread waits to draw."""
    from kit.widgets.solve import EightyDays

    planning, moved = threading.Event(), threading.Event()
    run = EightyDays.run

    def held(*args: Any) -> Any:
        planning.set()
        assert moved.wait(60)
        return run(*args)

    monkeypatch.setattr(EightyDays, "run", staticmethod(held))
    panel = play(tiny("Wolfgang", 3).position, seat=0)
    panel.advisor.time_limit.value = 2
    panel.advisor.button.click()
    assert planning.wait(60)
    panel.advisor.button.click()
    assert panel.advisor.message == "the advisor is planning already"
    panel.action_buttons[0].click()  # a move while the advisor plans
    step = len(panel.state.history)
    assert panel.advisor.message == (
        "the position changed while the advisor plans: its advice will be dropped"
    )
    with panel._lock:
        moved.set()
        assert not panel.advisor.wait(1.0)  # its answer waits for the lock
    assert panel.advisor.wait(60)
    assert panel.advisor.message == (
        "the position changed while the advisor planned: its advice is dropped"
    )
    assert panel.advisor.first == "" and panel.advisor.plan is None
    assert panel.board.highlight == [] and not any(b.button_style for b in panel.action_buttons)
    assert not panel.advisor.button.disabled
    # The panel is as the move left it: the log, the slider and the buttons at the new step.
    assert len(panel.state.history) == step == len(panel.logbook.lines) == panel.replay.max
    assert [b.description for b in panel.action_buttons] == [
        str(a) for a in panel.state.legal_actions()
    ]
    # With "after each move" ticked, a move while planning brings advice for the new position.
    panel.advisor.auto.value = True
    moved.clear()
    planning.clear()
    panel.advisor.button.click()
    assert planning.wait(60)
    panel.action_buttons[0].click()
    moved.set()
    deadline = time.monotonic() + 60
    while not advised_under_lock(panel) and time.monotonic() < deadline:
        panel.advisor.wait(1)
    assert panel.advisor.history == panel.state.history and panel.advisor.first
    (advised,) = [b for b in panel.action_buttons if b.button_style == "success"]
    assert advised.description == panel.advisor.plan.steps[0].actions[0]
