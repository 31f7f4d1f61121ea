"""The puzzle panel, headless: driven by the board's clicks as the browser sends them
(`_handle_msg`), its buttons and `board.selected`; every check is on the route behind it, the
figures and the verdict it shows, or on what it sends to the browser."""

from __future__ import annotations

import html as html_lib
import re
from functools import cache

import pytest

from kit.core import KitError
from kit.puzzles import (
    JourneyPuzzle,
    JourneyWalk,
    PointsPuzzle,
    journey_puzzle,
    points_puzzle,
)
from kit.widgets import PuzzlePanel, puzzle
from kit.widgets.traffic import recorded
from tests.puzzles.test_four_weeks import tiny as week  # one week of three days, 31 proven
from tests.puzzles.test_timeless_journeys import easy as tour  # the last turn, 77 proven


@cache
def orienteering() -> PointsPuzzle:
    return points_puzzle(3, "easy")  # optimum 15: Start, D, F, B, A, Finish


@cache
def journey() -> JourneyPuzzle:
    return journey_puzzle(0, "easy")  # Wolfgang, home by day 10, optimum 11


def click(panel: PuzzlePanel, place: str) -> None:
    """What the browser sends when a place of the panel's map is clicked."""
    panel.board._handle_msg(
        {
            "content": {
                "data": {"method": "update", "state": {"selected": place}, "buffer_paths": []}
            },
            "buffers": [],
        }
    )


def shown(panel: PuzzlePanel) -> str:
    """The panel's text as the page shows it: status, message, verdict (tags dropped)."""
    html = panel._status.value + panel._message.value + panel._verdict.value
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", html))


def test_clicks_build_the_route_with_the_running_budget_and_score() -> None:
    panel = puzzle(orienteering())
    assert panel.status == ["route: Start (at Start)", "budget used 0 of 34, 34 left", "score 0"]
    click(panel, "A")
    assert panel.walk.route == ["Start", "A"]
    assert panel.status == [
        "route: Start → A (at A)",
        "budget used 8.54 of 34, 25.46 left",
        "score 6",
    ]
    assert panel.board.highlight == ["Start", "A"]
    assert panel.message == "step 1: A"
    # The collected point's score is a green marker now, the others notes.
    kinds = {piece.place: piece.kind for piece in panel.board.pieces}
    assert kinds == {"A": "marker", "B": "note", "C": "note", "D": "note", "E": "note", "F": "note"}
    click(panel, "A")  # a second click on the same place is a click again
    assert panel.message.startswith("refused: A is already on the route")


def test_a_refused_click_changes_nothing_and_says_why() -> None:
    panel = puzzle(orienteering())
    click(panel, "A")
    before = (list(panel.walk.route), panel.status, list(panel.board.highlight))
    with recorded() as messages:
        click(panel, "C")
    assert panel.message == (
        "refused: from C the Finish is 23.02 away: 47.38 in all, over the budget of 34, so the "
        "route could not end; nothing changed"
    )
    assert (list(panel.walk.route), panel.status, list(panel.board.highlight)) == before
    assert "over the budget of 34" in shown(panel)
    # Only the message went to the page: no pieces, no highlight.
    assert not any("spots" in m.text or "_highlight_svg" in m.text for m in messages)


def test_check_accepts_the_optimum_and_explains_a_worse_route() -> None:
    panel = puzzle(orienteering())
    for place in ["D", "F", "B", "A", "Finish"]:
        click(panel, place)
    assert panel.walk.finished and panel.status[2] == "score 15"
    panel.check_button.click()
    assert panel.verdict is not None and panel.verdict.accepted
    assert "Optimal: 15 points, as many as the proven optimum." in shown(panel)
    panel.reset_button.click()
    assert panel.walk.route == ["Start"] and panel.verdict is None and shown(panel).count("15") == 0
    for place in ["A", "Finish"]:
        click(panel, place)
    panel.check_button.click()
    verdict = panel.verdict
    assert verdict is not None and verdict.legal and not verdict.accepted
    text = shown(panel)
    assert "Legal, 6 points: 9 short of the proven optimum, 15." in text
    assert "budget used 15.76 of 34: 18.24 left" in text
    assert "A (6 points for 5.91 more: 1.02 a unit)" in text
    assert "better exists: press Show solution to see the optimal route" in text
    assert "Start → D" not in text and "the optimum visits" not in text
    # Show solution: the same verdict, the optimal route named; a step clears it.
    panel.solution_button.click()
    text = shown(panel)
    assert panel.verdict is not None and panel.verdict.lines[-1] == (
        "the optimal route: Start → D → F → B → A → Finish"
    )
    assert "the optimum visits D, F, B, which you miss: 9 points" in text
    assert "budget used: yours 15.76, the optimum's 30.72, of 34" in text
    panel.undo_button.click()
    assert panel.verdict is None and "Start → D → F" not in shown(panel)


def test_check_of_an_unfinished_route_says_where_it_must_end() -> None:
    panel = puzzle(orienteering())
    click(panel, "D")
    panel.check_button.click()
    assert panel.verdict is not None and not panel.verdict.legal
    assert "the route stops at D after step 2: it must end at Finish" in shown(panel)


def test_undo_takes_back_the_last_step_and_reset_all() -> None:
    panel = puzzle(orienteering())
    for place in ["D", "F"]:
        click(panel, place)
    panel.undo_button.click()
    assert panel.walk.route == ["Start", "D"] and panel.message == "took back: F"
    assert panel.board.highlight == ["Start", "D"]
    panel.reset_button.click()
    panel.undo_button.click()
    assert panel.message == "refused: there is no step to take back; nothing changed"
    assert panel.walk.route == ["Start"]


def test_an_eighty_day_route_by_clicks_and_choices() -> None:
    panel = puzzle(journey())
    pawn = [p.place for p in panel.board.pieces if p.kind == "pawn"]
    assert pawn == ["Home"]
    assert {p.place: p.label for p in panel.board.pieces if p.kind == "flag"} == {
        "Ford": "2",
        "Dune": "5",
        "Home": "8",
    }
    click(panel, "Cove")
    assert panel.message == (
        "refused: no action takes you to Cove from Home on day 0 (you can travel to Fen, Mill); "
        "nothing changed"
    )
    assert panel.walk.route == []
    click(panel, "Mill")  # one way there: taken at once
    assert panel.walk.route == ["take the T1 train to Mill"]
    assert panel.status == [
        "day 2 of 10, 8 days left, in Mill",
        "tickets: 1 secret",
        "tokens on the map: Mill A1 (food), Ford A2 (souvenir 2), Cove B2 (cursed souvenir), "
        "Dune B1 (culture), Fen B3 (food)",
        "score so far 0",
    ]
    click(panel, "Mill")  # the pawn's own city: the Explore and the waits to choose from
    assert [b.description for b in panel.choice_buttons] == [
        "explore Mill",
        "refresh",
        "refresh and redraw the objectives",
        "plan",
    ]
    next(b for b in panel.choice_buttons if b.description == "plan").click()
    assert panel.walk.route == ["take the T1 train to Mill", "plan"]
    assert panel.status[0] == "day 4 of 10, 6 days left, in Mill"
    assert panel.board.highlight == ["Home", "Mill"]
    assert panel.timeline is not None and "day 4" in panel.timeline.svg()


def test_check_accepts_the_optimal_journey_and_explains_a_late_one() -> None:
    best = journey()
    panel = puzzle(best)
    for name in best.route:  # the plan's own actions, by clicks on the map and the buttons
        place, steps = _place_of(panel, name), len(panel.walk.route)
        if place:
            click(panel, place)
        if len(panel.walk.route) == steps:  # several ways there, an answer or a power
            next(b for b in panel.choice_buttons if b.description == name).click()
        assert panel.walk.route[-1] == name
    assert panel.walk.route == list(best.route)
    assert panel.walk.finished and panel.status[0] == "day 10 of 10, 0 days left, home on day 10"
    panel.check_button.click()
    assert panel.verdict is not None and panel.verdict.accepted and panel.verdict.score == 11
    panel.undo_button.click()  # the last travel home taken back: the verdict goes too
    assert panel.verdict is None and not panel.walk.finished


def _place_of(panel: PuzzlePanel, name: str) -> str:
    """The place of the legal action called `name` ("" for one that concerns none)."""
    walk = panel.walk
    assert isinstance(walk, JourneyWalk)
    action = next(a for a in walk.legal() if str(a) == name)
    return str(action.place or "")


def test_a_journey_step_past_the_day_limit_is_refused_with_the_reason() -> None:
    panel = puzzle(journey())
    click(panel, "Mill")
    click(panel, "Mill")
    next(b for b in panel.choice_buttons if b.description == "plan").click()
    click(panel, "Ford")
    next(b for b in panel.choice_buttons if b.description == "take the T1 train to Ford").click()
    click(panel, "Ford")
    next(b for b in panel.choice_buttons if b.description == "plan").click()
    assert panel.status[0] == "day 8 of 10, 2 days left, in Ford"
    click(panel, "Ford")
    next(b for b in panel.choice_buttons if b.description == "explore Ford").click()
    assert panel.message == (
        "refused: explore Ford would bring you to day 11, past the puzzle's limit of day 10; "
        "nothing changed"
    )
    assert panel.status[0] == "day 8 of 10, 2 days left, in Ford" and len(panel.walk.route) == 4


def test_the_panel_refuses_what_is_not_a_puzzle() -> None:
    with pytest.raises(KitError, match="not a puzzle of kit.puzzles"):
        puzzle("a route")  # type: ignore[arg-type]


def press(panel: PuzzlePanel, play: str) -> None:
    """Click the button offering `play`."""
    button = next(b for b in panel.choice_buttons if b.description == play)
    button.click()


def test_a_four_week_route_by_clicks_and_plays_with_the_running_figures() -> None:
    panel = puzzle(week())
    assert [b.description for b in panel.choice_buttons] == [
        "start in AAA for free",
        "start in BBB for free",
        "start in CCC for free",
    ]
    click(panel, "AAA")
    assert panel.walk.route == ["start in AAA for free"]
    assert panel.board.highlight == ["AAA"]
    assert ("AAA", "pawn") in {(p.place, p.kind) for p in panel.board.pieces}
    press(panel, "visit AAA2 (A museum) spending 1 Excitement")
    press(panel, "take the weekday bonus first")
    # A museum takes 2 days, 1 with the Excitement spent; its Monday bonus gives that back,
    # its effect 4 points and a card drawn: BBB2, the first of the deal's deck.
    assert panel.status == [
        "day 1 of 3 spent, 2 left; week 1, Tue: Extras step; in AAA",
        "resources: 4 Coins, 2 Energy, 1 Excitement, 0 Locals",
        "hand: BBB2 (B club), CCC1 (C castle)",
        "score so far 6",
    ]
    assert "day 1 of 3 spent" in shown(panel)


def test_a_refused_four_week_click_changes_nothing_and_says_why() -> None:
    panel = puzzle(week())
    click(panel, "BBB")
    before = (list(panel.walk.route), panel.status, list(panel.board.highlight))
    buttons = [b.description for b in panel.choice_buttons]
    with recorded() as messages:
        click(panel, "CCC")
    assert panel.message == (
        "refused: no play of yours concerns CCC now: visit CCC1 (C castle): CCC1 is in CCC, the "
        "pawn is in BBB; nothing changed"
    )
    assert (list(panel.walk.route), panel.status, list(panel.board.highlight)) == before
    assert [b.description for b in panel.choice_buttons] == buttons
    assert not any("spots" in m.text or "_highlight_svg" in m.text for m in messages)


def test_check_accepts_the_four_week_optimum_and_explains_a_worse_route() -> None:
    panel = puzzle(week())
    for play in week().route:
        press(panel, play)
    assert panel.walk.finished and panel.status[-1] == "score so far 31"
    panel.check_button.click()
    assert panel.verdict is not None and panel.verdict.accepted
    assert "Optimal: 31 points, as many as the proven optimum." in shown(panel)
    # Take back the last play, end the last turn without the Local tile.
    panel.undo_button.click()
    assert (
        panel.verdict is None
        and panel.message == "took back: use the Local tile in BBB paying 1 Energy"
    )
    press(panel, "end the turn")
    panel.check_button.click()
    text = shown(panel)
    assert "Legal, 29 points: 2 short of the proven optimum, 31." in text
    assert "Local tiles: you 0 (-), the optimum 2 (-)" in text
    assert (
        "your route leaves the optimum at play 12: you end the turn, the optimum use the Local "
        "tile in BBB paying 1 Energy"
    ) in text
    panel.reset_button.click()
    assert panel.walk.route == [] and panel.board.highlight == []


def test_the_buttons_stand_beside_the_map_under_the_running_figures() -> None:
    """The map and the controls share a row that wraps only on a narrow page; in the controls the
    buttons come right after the figures, before the choices and the verdict that grow."""
    panel = puzzle(journey())
    row = panel.children[1]
    board, controls = row.children
    assert board is panel.board and row.layout.flex_flow == "row wrap"
    assert [child.layout.flex for child in row.children] == ["1 1 520px", "0 1 360px"]
    figures, buttons, message, question, choices, verdict = controls.children
    assert figures is panel._status and verdict is panel._verdict and choices is panel._choices
    names = [button.description for button in buttons.children]
    assert names == ["Undo", "Reset", "Check", "Show solution"]


def test_a_large_panel_draws_its_map_and_its_controls_a_third_larger() -> None:
    panel = puzzle(orienteering(), size="large")
    assert panel.sizes.name == panel.board.sizes.name == "large"
    assert "kit-size-large" in panel._dom_classes
    assert ".kit-size-large .kit-puzzle-controls { zoom: 1.333; }" in panel.children[0].value
    assert "kit-size-normal" in puzzle(orienteering())._dom_classes


def test_an_unknown_size_is_refused_with_the_sizes_there_are() -> None:
    with pytest.raises(KitError, match="size 'huge' is unknown; the panels draw normal, large"):
        puzzle(orienteering(), size="huge")


def test_a_grand_tour_route_by_buttons_and_clicks_with_the_player_s_area() -> None:
    panel = puzzle(tour())
    heading = html_lib.unescape(panel.children[0].value)
    assert "Grand Tour puzzle, easy, seed 0: the last turn of a solo game" in heading
    assert "revealed in a fixed order (shuffled by seed 68)" in heading
    # The Player marker in Torino, with Dickens; the hand with each card's effect, and the
    # market on the table, under the map.
    assert ("Torino", "pawn", "0") in {(p.place, p.kind, p.label) for p in panel.board.pieces}
    assert ("Torino", "traveller", "CD") in {(p.place, p.kind, p.label) for p in panel.board.pieces}
    area = html_lib.unescape(panel.area.value if panel.area else "")
    assert "card 22: Take an Idea of your choice, or write in a Journal." in area
    assert "Market, Level I" in area
    assert (
        "On the map: FT a Favour tile; Fr a Friend tile; L a Letter marker; C a café marker; a "
        "star, a Famous Traveller (MT Mark Twain, LB Lady Blessington, CD Charles Dickens); a "
        "number on a token, the face-down Exploration tiles left; a pawn, a Player marker (its "
        "player's number)"
    ) in area
    buttons = {b.description: b.tooltip for b in panel.choice_buttons}
    assert list(buttons) == [
        *(
            f"play card {card} face {side}"
            for card in ("15", "22", "29")
            for side in ("up", "down")
        ),
        "pay 2 coins to explore in Torino with Charles Dickens",
    ]
    assert buttons["play card 29 face down"] == "card 29: Buy a market card paying 2 coins less."
    press(panel, "play card 22 face up")
    press(panel, "activate card 22")
    press(panel, "write in a Journal")
    press(panel, "write an Art idea in Journal A3")
    assert "2 Art, 1 History, 1 Philosophy" in panel.status[1]
    click(panel, "Torino")  # the marker's city: Dickens explores it
    assert panel.walk.route[-1] == "pay 2 coins to explore in Torino with Charles Dickens"
    assert panel.message == "step 5: pay 2 coins to explore in Torino with Charles Dickens"
    click(panel, "Torino")
    for play in tour().route[6:]:
        press(panel, play)
    assert panel.walk.finished and panel.board.highlight == ["Torino"]
    assert panel.status[-1] == "the score if the game ended now: 77 VP"
    panel.check_button.click()
    assert "Optimal: 77 VP, as many as the proven optimum." in shown(panel)


def test_a_refused_grand_tour_click_changes_nothing_and_says_why() -> None:
    panel = puzzle(tour())
    before = (list(panel.walk.route), panel.status, [b.description for b in panel.choice_buttons])
    click(panel, "Roma")
    assert panel.message == (
        "refused: no action of yours concerns Roma now; the question is which card to play, "
        "face up or face down (the cities of your actions now: Torino); nothing changed"
    )
    after = (list(panel.walk.route), panel.status, [b.description for b in panel.choice_buttons])
    assert after == before
