"""Plans drawn as planned: real plans of every planner (standard puzzles at short limits, the
tiny boards, the classroom's generated puzzles, orienteering benchmarks) and the advisor's are
walked step by step through the panel. At every position of the step slider the pawn stands
where the engine puts the traveller after that step (read from the engine's own state, not
from the panel's views), the map's current step is that one, the chart's bar of each step lies
in the row of the kind of action the engine took, the list numbers the steps as the map does,
and the last step ends where the engine's game ends. A journey that passes cities on its way
(a ship calling at Honolulu) is drawn through them, across the map's edge where its route
crosses it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from kit.core import State
from kit.four_weeks.actions import Activity, KeepHand, Skip, Visit
from kit.four_weeks.content import ACTIVITIES
from kit.puzzles import generate
from kit.puzzles.four_weeks import weeks_puzzle as weeks_puzzle_made
from kit.solve.amazing_journey import Puzzle, standard_puzzle
from kit.solve.four_weeks import standard_puzzle as weeks_puzzle
from kit.solve.orienteering import read_op_file
from kit.solve.plan import Plan, Step
from kit.solve.timeless_journeys import standard_puzzle as tour_puzzle
from kit.widgets import SolvePanel, play, solve
from kit.widgets.highlight import Route
from kit.widgets.plans import current_css, walk_plan
from tests.solve.amazing_journey.test_planner import tiny
from tests.solve.timeless_journeys.test_planner import tiny as tour_at

SVG_NS = "{http://www.w3.org/2000/svg}"
DATA = Path(__file__).parents[1] / "data"


ROOMY = 15.0
"""The time limit of an 80-day plan on a large board: on a quiet machine the first plan comes
within a second, but a busy one (the tests on two workers, beside a browser) can take three
before the board's tables are made and the first journey ends; the planner keeps its limit, so
what is walked is whatever it found, and a plan is there at any speed."""


def solved(panel: SolvePanel, limit: float) -> SolvePanel:
    panel.time_limit.value = limit
    panel.solve_button.click()
    assert panel.wait(180), "the search did not end"
    assert panel.answer is not None, panel.message
    return panel


def engine_place(state: State) -> str:
    """Where the engine has the solo player: the traveller's city, the Player marker's city,
    the pawn's region ("" before it is placed)."""
    name = state.game.name
    if name == "amazing_journey":
        return str(state.tables.board.cities[state.pos[0]].name)
    if name == "timeless_journeys":
        return str(state.loc[0])
    return state.game.content.regions[state.pos[0]].code if state.pos[0] >= 0 else ""


def engine_kind(before: State, after: State, step: Step, applied: list[Any]) -> str:
    """The kind of a step as the engine took it (`applied`: the engine's actions of the step,
    and the cards played as they reached the play area): an 80-day step's own action (its
    last); a Grand Tour play's card, by category face up, or "face down" (no card played: the
    round's end); a four-week turn's Activity (none: "travel"; the hand kept at the week's end:
    "end of week")."""
    name = before.game.name
    if name == "amazing_journey":
        return str(next(a for a in applied if str(a) == step.actions[-1]).kind)
    if name == "timeless_journeys":
        plays = [entry["played"] for entry in applied if isinstance(entry, dict)]
        if plays:
            card, up = plays[0]
            return f"{after.content.categories[card]} card" if up else "face down"
        return "end of round"
    if any(isinstance(a, KeepHand) for a in applied):
        return "end of week"
    for action in applied:
        if isinstance(action, Visit):
            return "visit"
        if isinstance(action, Skip):
            return "skip"
        if isinstance(action, Activity):
            return ACTIVITIES[action.activity]
    return "travel"


def chart_rows(svg: str) -> dict[int, str]:
    """The chart's bars: each step's row, read from the row's words at the bar's height."""
    root = ET.fromstring(svg)
    rows = {}
    labels = {
        round(float(t.get("y", 0))): t.text
        for t in root.iter(f"{SVG_NS}text")
        if t.get("text-anchor") == "end"
    }
    for bar in root.iter(f"{SVG_NS}g"):
        if bar.get("data-step"):
            rect = bar.find(f"{SVG_NS}rect")
            assert rect is not None
            middle = float(rect.get("y", 0)) + float(rect.get("height", 0)) / 2
            row = min(labels, key=lambda y: abs(y - middle))
            rows[int(bar.get("data-step", 0))] = str(labels[row])
            assert labels[row] == bar.get("data-kind")
    return rows


def walk_through(panel: SolvePanel, start: State, plan: Plan) -> None:
    """Move the step slider over the whole plan; at each position compare the panel with the
    engine after that step."""
    answer = panel.answer
    assert answer is not None
    steps = plan.steps
    assert [s.number for s in answer.steps] == list(range(1, len(steps) + 1))
    assert panel.step.max == len(steps)
    rows = chart_rows(panel.timeline.value)
    assert sorted(rows) == list(range(1, len(steps) + 1))
    board = panel.planner.board
    state = start.clone()
    done = 0
    for number, step in enumerate(steps, start=1):
        before, applied = state.clone(), []
        for name in plan.history[done : step.upto]:
            plays = len(getattr(state, "played", [[]])[0])
            state.apply(name)
            applied.append(state.history[-1])
            if len(getattr(state, "played", [[]])[0]) > plays:  # a Grand Tour's card played
                applied.append({"played": state.played[0][-1]})
        done = step.upto
        panel.step.value = number
        here = engine_place(state)
        pawns = [p.place for p in board.pieces if p.kind == "pawn" and p.label in ("0", "")]
        if state.game.name != "amazing_journey" or not state.is_terminal:
            assert pawns == [here], (number, step, pawns, here)
        route = board.highlight
        assert isinstance(route, Route) and route.current == number
        assert route.place_of(number) == here, (number, step)
        assert rows[number] == step.kind == engine_kind(before, state, step, applied), number
        assert f"step {number} of {len(steps)}" in panel._step_text.value
        assert panel._current.value == current_css(panel._scope, number)
        assert f"data-step='{number}'" in panel._plan.value
    assert done == len(plan.history) and state.is_terminal
    route = board.highlight
    assert isinstance(route, Route) and route.places[route.stops[-1]] == engine_place(state)
    assert route.places[-1] == engine_place(state)


@pytest.mark.slow
def test_the_issues_80_day_plan_is_drawn_as_planned() -> None:
    """The Regular side, Paulo, Explore 3 days: every step of the plan, to London."""
    puzzle = standard_puzzle("regular", "Paulo", 3)
    panel = solved(solve(puzzle), ROOMY)
    plan = panel.result
    walk_through(panel, puzzle.before(plan.history), plan)
    assert panel.answer.steps[-1].place == "London"


@pytest.mark.slow
@pytest.mark.parametrize(("traveller", "explore"), [("Wolfgang", 3), ("Hendrika", 2), ("Paulo", 4)])
def test_80_day_plans_on_the_tiny_board(traveller: str, explore: int) -> None:
    puzzle = tiny(traveller, explore)
    panel = solved(solve(puzzle), 3)
    walk_through(panel, puzzle.before(panel.result.history), panel.result)


def test_a_generated_80_day_puzzles_plan() -> None:
    made = generate("amazing_journey", seed=3, difficulty="medium")
    panel = solved(solve(made.puzzle), ROOMY)
    walk_through(panel, made.puzzle.before(panel.result.history), panel.result)


@pytest.mark.slow
@pytest.mark.parametrize(("travellers", "edition"), [("intro", "en"), ("D", "ja")])
def test_five_round_plans_read_round_by_round(travellers: str, edition: str) -> None:
    puzzle = tour_puzzle(travellers, edition)
    panel = solved(solve(puzzle), 3)
    walk_through(panel, puzzle.state(), panel.result)
    groups = [step.group for step in panel.answer.steps]
    assert groups[0] == "round I" and groups[-1] == "round V"
    assert panel._plan.value.count("<ol") == 5  # a list per round, under its name
    assert panel.planner.board.highlight.groups == tuple(groups)


@pytest.mark.slow
def test_a_five_round_plan_of_the_last_round() -> None:
    puzzle = tour_at(tour_puzzle("intro", "en"), 24)
    panel = solved(solve(puzzle), 3)
    walk_through(panel, puzzle.state(), panel.result)


@pytest.mark.slow
@pytest.mark.parametrize("content", [None, str(DATA / "tiny_four_weeks")])
def test_four_week_plans_week_by_week(content: Any) -> None:
    puzzle = weeks_puzzle(1, content=content)
    panel = solved(solve(puzzle), 3)
    start = puzzle.state()
    puzzle.settle(start)
    walk_through(panel, start, panel.result)
    assert {step.group for step in panel.answer.steps} <= {f"week {w}" for w in range(1, 5)}


@pytest.mark.slow
def test_a_generated_four_week_puzzles_plan() -> None:
    made = weeks_puzzle_made(2)
    panel = solved(solve(made.puzzle), 3)
    start = made.puzzle.state()
    made.puzzle.settle(start)
    walk_through(panel, start, panel.result)


@pytest.mark.parametrize(
    "file",
    [
        "op-tsiligirides/set-1/tsiligirides_problem_1_budget_15.txt",
        "op-tsiligirides/set-2/tsiligirides_problem_2_budget_30.txt",
    ],
)
def test_orienteering_routes_point_by_point(file: str) -> None:
    instance = read_op_file(DATA / file)
    panel = solved(solve(instance), 10)
    result, answer = panel.result, panel.answer
    names = [str(instance.label(i)) for i in result.indices]
    rows = chart_rows(panel.timeline.value)
    assert rows == {k: "travel" for k in range(1, len(names))}
    for k in range(len(names)):
        panel.step.value = k
        pawns = [p.place for p in panel.planner.board.pieces if p.kind == "pawn"]
        assert pawns == [names[k]]
        assert panel.planner.board.highlight.place_of(k) == names[k]
        collected = {p.place for p in panel.planner.board.pieces if p.kind == "marker"}
        assert collected == {n for n, i in zip(names[: k + 1], result.indices, strict=False)
                             if instance.scores[i]}  # fmt: skip
    assert answer.steps[-1].place == str(instance.label(instance.end))


@pytest.mark.slow
def test_a_journey_that_calls_at_a_city_is_drawn_through_it_across_the_maps_edge() -> None:
    """Take the S8 ship from Tokyo to San Francisco: it calls at Honolulu, beyond the map's
    edge, so the route leaves by the right side and comes back by the left."""
    puzzle = standard_puzzle("regular", "Paulo", 3)
    panel = solved(solve(puzzle), ROOMY)
    walked = walk_plan(puzzle.before(panel.result.history), panel.result, 0)
    sea = [s for s in walked.steps if "the S8 ship to San Francisco" in s.text]
    for step in sea:
        assert step.path[-3:] == ("Tokyo", "Honolulu", "San Francisco")
    route = walked.route()
    layout = panel.planner.board.picture
    for a, b in zip(route.places, route.places[1:], strict=False):
        if a != b:  # every leg joins two neighbours on the map, by the route travelled
            assert panel.planner.board.graph.has_edge(a, b), (a, b)
    assert frozenset(("Tokyo", "Honolulu")) in layout.crossings


def test_advice_is_drawn_as_planned() -> None:
    """The play panel's Advise: its route is the planner's plan walked in the engine, step by
    step, from the position on the board."""
    position = tiny("Wolfgang", 3).position
    panel = play(position, seat=0)
    panel.advisor.time_limit.value = 3
    panel.advisor.button.click()
    assert panel.advisor.wait(60)
    plan = panel.advisor.plan
    route = panel.board.highlight
    assert isinstance(route, Route) and route == panel.advisor.route.at(0)
    state = Puzzle.from_state(position).before(plan.history)
    done = 0
    for number, step in enumerate(plan.steps, start=1):
        for name in plan.history[done : step.upto]:
            state.apply(name)
        done = step.upto
        assert route.place_of(number) == engine_place(state), number
    assert route.places[-1] == engine_place(state) == "Home"
