"""The play panel's advisor in every game, headless: driven by its buttons; every check is on
the planner's plan behind the advice (its first action among the real position's, its replay
in its own puzzle, its assumptions) and on what the panel shows of it."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

import kit
from kit.four_weeks.bots import determinize as deal_weeks_again
from kit.four_weeks.frames import STEPS
from kit.solve.amazing_journey import Puzzle
from kit.solve.four_weeks.exact import _key as weeks_key
from kit.solve.plan import Plan
from kit.solve.position import puzzle_from
from kit.solve.timeless_journeys import standard_puzzle as tour_puzzle
from kit.solve.timeless_journeys.bound import turns_left
from kit.solve.timeless_journeys.exact import full_key
from kit.timeless_journeys.bots import GreedyBot
from kit.timeless_journeys.bots import determinize as deal_tour_again
from kit.timeless_journeys.phases import Turn
from kit.widgets import play, solve
from kit.widgets.views import escape
from tests.solve.amazing_journey.test_planner import tiny
from tests.solve.four_weeks.test_planner import greedy_table as weeks_table
from tests.solve.timeless_journeys.test_planner import greedy_table as tour_table
from tests.solve.timeless_journeys.test_planner import tiny as last_turn


def advised(state: Any, limit: float = 1.0) -> Any:
    """A panel playing the seat to move in `state`, once its advisor has advised."""
    panel = play(state, seat=state.current_player)
    panel.advisor.time_limit.value = limit
    panel.advisor.button.click()
    assert panel.advisor.wait(120), "the advisor did not answer"
    return panel


def check_advice(panel: Any) -> Plan:
    """The checks every advice passes: its first action is one of the position's legal
    actions and its button the one that stands out; the plan replays in its own puzzle (the
    game's, from what the player to move sees) to its score; its route is on the map and its
    assumptions are listed under it."""
    state, advisor = panel.state, panel.advisor
    plan = advisor.plan
    assert isinstance(plan, Plan) and plan.steps, advisor.message
    first = plan.steps[0].actions[0]
    assert advisor.first == first and first in [str(action) for action in state.legal_actions()]
    (button,) = [b for b in panel.action_buttons if b.button_style == "success"]
    assert button.description == first
    puzzle = puzzle_from(state)
    assert puzzle.replay(plan.history).scores()[0].total == plan.objective
    assumed = puzzle.assumptions()  # the plan's, then the planner's own conventions if any
    assert plan.assumptions[: len(assumed)] == assumed and assumed
    assert advisor.message.startswith(f"advice: {first} (a plan scoring {plan.objective}")
    assert "what the advice assumes" in advisor.text.value
    assert all(f"<li>{escape(text)}</li>" in advisor.text.value for text in plan.assumptions)
    assert panel.board.highlight == advisor.route.at(0)
    assert len(advisor.route.stops) == len(plan.steps)
    return plan


@pytest.mark.parametrize(
    ("players", "edition", "decisions"),
    [(2, "en", 0), (2, "ja", 60), (4, "ja", 0), (4, "en", 80)],
)
@pytest.mark.slow
def test_advise_in_a_grand_tour_of_several_players(
    players: int, edition: str, decisions: int
) -> None:
    """At the start (player 0's first play) and in the middle of the game (round II)."""
    state = tour_table(players, edition, decisions)
    plan = check_advice(advised(state))
    assert plan.assumptions[0].startswith("the other players take nothing more")
    assert "guess (by seed 4) among those out of the player's sight" in plan.assumptions[1]


@pytest.mark.parametrize(
    ("players", "decisions", "where"),
    [
        (1, 0, "Travel"),  # the first placement of the pawn
        (1, 17, "Activity"),  # week 2, the pawn where it went
        (2, 0, "Travel"),
        (2, 46, "WeekEndDiscards"),  # week 2's end: player 1 discards
        (2, 7, "ActivityDiscards"),  # week 1: player 0 discards for Plan
    ],
)
@pytest.mark.slow
def test_advise_in_the_four_week_game(players: int, decisions: int, where: str) -> None:
    state = weeks_table(players, decisions)
    assert (type(state.decision).__name__ if state.decision else STEPS[state.step]) == where
    plan = check_advice(advised(state, 3))  # half the time refines greedy games, half CP-SAT
    others = plan.assumptions[0].startswith("the other players take nothing more")
    assert others == (players > 1)
    assert any(
        text.startswith("the deck's order is a guess (by seed 1)") for text in plan.assumptions
    )


@pytest.mark.slow
def test_advise_highlights_the_planners_first_step() -> None:
    position = tiny("Wolfgang", 3).position
    panel = play(position, seat=0)
    panel.advisor.time_limit.value = 2
    panel.advisor.button.click()
    assert panel.advisor.wait(60)
    plan = panel.advisor.plan
    assert isinstance(plan, Plan) and plan.objective is not None
    first = plan.steps[0].actions[0]
    (advised_button,) = [b for b in panel.action_buttons if b.button_style == "success"]
    assert advised_button.description == first
    assert panel.board.highlight == panel.advisor.route.at(0)
    assert len(panel.advisor.route.stops) == len(plan.steps)
    assert panel.advisor.message.startswith(f"advice: {first} (a plan scoring {plan.objective}")
    # The advice was made from what player 0 sees: the face-down tokens stayed face down.
    assert plan.assumptions == Puzzle.from_state(position).assumptions()
    advised_button.click()
    assert panel.board.highlight == [] and not any(b.button_style for b in panel.action_buttons)
    assert panel.advisor.button.description == "Re-plan"
    assert panel.advisor.message == "the position changed: Re-plan for new advice"
    assert panel.advisor.text.value == (
        "<div class='kit-advice'>the position changed: Re-plan for new advice</div>"
    )
    # With "after each move" ticked, a move brings new advice for the new position.
    panel.advisor.auto.value = True
    panel.advisor.button.click()
    assert panel.advisor.wait(60) and panel.advisor.first
    step = len(panel.state.history)
    (advised_button,) = [b for b in panel.action_buttons if b.button_style == "success"]
    advised_button.click()
    assert panel.advisor.wait(60)
    assert panel.advisor.step == len(panel.state.history) > step
    (advised_button,) = [b for b in panel.action_buttons if b.button_style == "success"]
    assert advised_button.description == panel.advisor.plan.steps[0].actions[0]


def test_advise_on_a_grand_tours_last_turn_gives_the_proven_best() -> None:
    # the last play of the intro puzzle's first greedy game: the five-round planner searches
    # every way to play it, so the advice is the optimum (42, as the exhaustive search finds)
    panel = advised(last_turn(tour_puzzle("intro", "en"), 28).position.clone(), 60)
    plan = check_advice(panel)
    assert plan.status == "optimal" and plan.objective == plan.bound == 42
    assert panel.advisor.message.startswith(
        f"advice: {plan.history[0]} (a plan scoring 42; the best possible: no plan can score "
        "more (proven);"
    )


def last_play(players: int, edition: str) -> Any:
    """A greedy game of set C at round V's last play."""
    state = tour_table(players, edition, 0)
    bots = [GreedyBot(1, p) for p in range(players)]
    while True:
        top = state.stack[-1]
        if (
            state.round == 4
            and isinstance(top, Turn)
            and not top.started
            and turns_left(state) == 1
        ):
            return state
        if state.is_chance_node:
            state.apply(state.sample_chance())
        else:
            state.apply(bots[state.current_player].choose(state))


def test_the_advice_does_not_depend_on_what_the_player_cannot_see() -> None:
    """Two positions of a Grand Tour that differ only in what player 1 cannot see (the other
    player's hand and face-down cards, the cities' face-down tiles) get the same advice: the
    last play of the game, which the planner searches exhaustively."""
    state = last_play(2, "ja")
    other = deal_tour_again(state, 1, random.Random(2))
    assert state.current_player == 1 and other.city_tiles != state.city_tiles
    assert other.observation(1) == state.observation(1)
    # (the exhaustive search takes a fraction of a second, half of the limit at most)
    plans = [check_advice(advised(position, 60)) for position in (state, other)]
    assert plans[0].status == plans[1].status == "optimal"
    assert plans[0].history == plans[1].history and plans[0].objective == plans[1].objective
    assert full_key(puzzle_from(state).position) == full_key(puzzle_from(other).position)


@pytest.mark.slow
def test_the_four_week_advice_plans_the_same_game_whatever_the_player_cannot_see() -> None:
    """The other player's hand dealt again, the deck keeping the rest: the puzzle the advisor
    plans is the same, and so is the advice's score (player 1's last day of the game, which
    the planner proves)."""
    state = weeks_table(2, 95, seed=2)
    assert (state.week, state.day[1], state.current_player) == (3, 6, 1)
    other = deal_weeks_again(state, 1, random.Random(1))
    assert other.hands[0] != state.hands[0] and other.deck != state.deck
    puzzles = [puzzle_from(position) for position in (state, other)]
    assert weeks_key(puzzles[0].position) == weeks_key(puzzles[1].position)
    assert puzzles[0] == puzzles[1]
    # Proven within a second of CP-SAT once the refining ends by itself (a few seconds): the
    # generous limit leaves both on a busy machine.
    plans = [check_advice(advised(position, 60)) for position in (state, other)]
    assert plans[0].objective == plans[1].objective and plans[0].status == "optimal"


def journey_mid_action() -> Any:
    """A two-player 80-day game where player 1, in the middle of an action, is asked which
    Ticket to discard (random choices, seed 1)."""
    state = kit.load("amazing_journey", players=2, seed=1).new_game()
    rng = random.Random(1)
    while not (state.steps and state.current_player >= 0):
        if state.is_chance_node:
            state.apply(state.sample_chance())
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("over", "no advice: the game is over"),
        (
            "mid-action",
            "no advice here: plans start at the beginning of an action: answer the question of "
            "the action under way first",
        ),
        ("past", "no advice: an earlier position is on view: move the slider to the end"),
    ],
)
def test_where_no_advice_can_be_given_the_panel_says_why_and_nothing_changes(
    where: str, message: str
) -> None:
    if where == "over":
        panel = play(weeks_table(1, 10**6), seat=0)
    elif where == "mid-action":
        state = journey_mid_action()
        assert state.question() == "player 1: which Ticket to discard"
        panel = play(state, seat=1)
    else:
        panel = play(weeks_table(2, 3), seat=1)
        panel.replay.value = 1
    history, shown = list(panel.state.history), panel.replay.value
    panel.advisor.button.click()
    assert panel.advisor.message == message
    assert panel.advisor.job is None and panel.advisor.plan is None
    assert panel.state.history == history and panel.replay.value == shown
    assert panel.board.highlight == [] and not any(b.button_style for b in panel.action_buttons)


@pytest.mark.slow
def test_the_solver_panel_plans_a_game_in_progress_from_the_seat_to_move() -> None:
    for state in (tour_table(3, "en", 20), weeks_table(2, 20)):
        panel = solve(state)
        panel.time_limit.value = 2
        panel.solve_button.click()
        assert panel.wait(120)
        plan = panel.result
        puzzle = panel.planner.puzzle()
        assumed = puzzle.assumptions()
        assert puzzle == puzzle_from(state) and plan.assumptions[: len(assumed)] == assumed
        assert plan.history[0] in [str(action) for action in state.legal_actions()]
        assert puzzle.replay(plan.history).scores()[0].total == plan.objective
        assert len(panel.answer.walk.places()) == len(plan.steps) + 1


def advised_under_lock(panel: Any) -> bool:
    """Whether the advice is shown: read under the panel's lock, which the advisor's thread
    holds from setting the advice to drawing it on the buttons."""
    with panel._lock:
        return bool(panel.advisor.first)


@pytest.mark.slow
def test_a_move_while_the_advisor_plans_drops_its_stale_advice(monkeypatch) -> None:
    """The planner is held until a move is made on the panel (the planner's answer is then for
    the position before it): the panel stays consistent, the stale advice is not shown for the
    new position, and with "after each move" the advisor plans again for the new one. While the
    test holds the panel's lock, the advisor's thread waits to draw."""
    from kit.widgets.solve import AmazingJourneyPlanner

    planning, moved = threading.Event(), threading.Event()
    run = AmazingJourneyPlanner.run

    def held(*args: Any) -> Any:
        planning.set()
        assert moved.wait(60)
        return run(*args)

    monkeypatch.setattr(AmazingJourneyPlanner, "run", staticmethod(held))
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
    (advised_button,) = [b for b in panel.action_buttons if b.button_style == "success"]
    assert advised_button.description == panel.advisor.plan.steps[0].actions[0]
