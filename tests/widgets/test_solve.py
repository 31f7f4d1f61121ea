"""The solver panel, headless: driven by its buttons and controls; every check is on the
planner's plan behind it (its score, its steps, the engine's replay of its history) and on what
the panel draws of it. The play panel's advisor has its own tests (test_advice.py)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import kit
from kit.solve.amazing_journey import Puzzle, greedy_score, standard_puzzle
from kit.solve.four_weeks import standard_puzzle as weeks_puzzle
from kit.solve.orienteering import read_op_file
from kit.solve.plan import UNKNOWN, Plan
from kit.solve.timeless_journeys import standard_puzzle as tour_puzzle
from kit.solve.timeless_journeys import upper_bound as tour_bound
from kit.widgets import SolvePanel, solve
from kit.widgets.plans import bars_of
from tests.solve.amazing_journey.test_planner import tiny

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


@pytest.mark.slow
def test_solve_streams_progress_then_shows_exactly_the_planners_plan() -> None:
    puzzle = tiny("Wolfgang", 3)  # its optimum is 15 (the exhaustive search's)
    panel = solved(solve(puzzle), 90)  # proven in about 2 CPU seconds, and it stops then
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


@pytest.mark.slow
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
    panel.planner.inputs["explore"].value = "7"
    panel.solve_button.click()
    assert panel.message == (
        "refused: Explore durations must be among [2, 3, 4], got (7,); nothing changed"
    )
    assert panel.job is None and panel.result is None
    panel.stop_button.click()
    assert panel.message == "refused: no search is running"


def test_the_controls_make_the_puzzle_solved() -> None:
    panel = solve(tiny("Wolfgang", 3))
    panel.planner.inputs["days"].value = 13
    panel.planner.inputs["explore"].value = "2"
    made = panel.planner.puzzle()
    assert isinstance(made, Puzzle) and made.limit == 13 and made.durations == (2,)
    (hendrika,) = [name for name in panel.planner.inputs["traveller"].options if "Hendrika" in name]
    panel.planner.inputs["traveller"].value = hendrika
    assert panel.planner.puzzle().traveller.name.startswith("Hendrika")
    # A game's state: the puzzle of the player to move, whose side and Traveller are the game's.
    state = kit.load("amazing_journey", players=2, seed=3).new_game()
    state.resolve_chance()
    game = solve(state)
    assert game.planner.inputs["side"].disabled and game.planner.inputs["traveller"].disabled
    made = game.planner.puzzle()
    assert made.player == state.current_player and not made.revealed


def test_the_orienteering_panel_draws_the_points_and_the_route_with_the_budget_used() -> None:
    instance = read_op_file(OP_FILE)  # Tsiligirides set 1, Tmax 15: the optimum is 45
    panel = solved(solve(instance), 10)
    result = panel.result
    assert result.objective == 45 and result.is_optimal
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


@pytest.mark.slow
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


def test_a_search_that_finds_no_plan_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not "a plan scoring None": the panel says no plan was found, in how long, and nothing
    drawn claims a plan."""
    panel = solve(tiny("Wolfgang", 3))
    monkeypatch.setattr(panel.planner, "run", lambda *_: Plan(UNKNOWN, (), None, None, None, 2.5))
    panel = solved(panel, 3)
    assert panel.message == "no plan found: after 2.5 s; no upper limit proven yet"
    assert panel.answer is not None and panel.answer.steps == ()


def test_the_controls_are_the_options_the_planners_declare() -> None:
    """Each game planner's controls are its `OPTIONS` with a label, the values the puzzle was
    made with; a control changed makes the standard puzzle of the options, one refused says
    why in the option's words."""
    weeks = solve(weeks_puzzle(1, content=str(DATA / "tiny_four_weeks")))
    controls = weeks.planner.controls
    assert [(c.description, c.value) for c in controls] == [
        ("deal (seed)", 1),
        ("Bucket Lists to claim", ""),
    ]
    assert weeks.planner.puzzle() is weeks.planner.original
    weeks.planner.inputs["claims"].value = "AAA"
    made = weeks.planner.puzzle()
    assert (made.seed, made.claims, made.content.regions[made.claims[0]].code) == (1, (0,), "AAA")
    weeks.planner.inputs["seed"].value = -1
    weeks.solve_button.click()
    assert weeks.message.startswith("refused: deal (seed): a seed is a whole number from 0")
    assert weeks.message.endswith(", not -1; nothing changed") and weeks.job is None
    tour = solve(tour_puzzle("intro", "en", 1))
    assert [(c.description, c.value) for c in tour.planner.controls] == [
        ("travellers' set", "intro"),
        ("edition", "en"),
        ("seed", 1),
    ]
    tour.planner.inputs["travellers"].value = "C"
    assert tour.planner.puzzle().name == "historical set C, en edition, seed 1"
    journey = solve(tiny("Wolfgang", 3))
    journey.planner.inputs["explore"].value = "3, x"
    journey.solve_button.click()
    assert journey.message == (
        "refused: explore days: expected days separated by commas, got '3, x'; nothing changed"
    )
