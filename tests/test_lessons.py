"""The lessons' exercise checker answers in words (never a traceback) and never writes out the
expected answer in reply to a wrong one; a picture shows as an image."""

import base64
import random

import pytest

import kit
from kit.amazing_journey.bots import GreedyBot
from kit.core import KitError
from kit.core.bots import RandomBot
from kit.lessons import Exercise, check_bot, check_function, image
from kit.widgets import board_svg

DAY = Exercise("the day the Second checkpoint opens", expected=40, hints={38: "count from 0"})


def test_no_answer_yet_says_what_to_write():
    feedback = DAY.check(None)
    assert feedback.right is None and not feedback
    assert str(feedback) == (
        "Not answered yet: replace None with the day the Second checkpoint opens."
    )


def test_a_right_answer_says_so():
    feedback = DAY.check(40)
    assert feedback.right and str(feedback) == "Right: 40 is the day the Second checkpoint opens."


def test_a_wrong_number_says_which_way_and_hides_the_answer():
    assert str(DAY.check(45)) == (
        "Not yet: 45 is not the day the Second checkpoint opens.\nIt is too high."
    )
    assert "40" not in str(DAY.check(45))
    assert DAY.check(38).lines[1:] == ("It is too low.", "Hint: count from 0.")


def test_a_wrong_kind_of_answer_is_said_in_words():
    feedback = DAY.check("forty")
    assert feedback.right is False
    assert str(feedback) == (
        "Not yet: the day the Second checkpoint opens is a whole number, not a text like 'forty'."
    )


def test_a_number_within_close_is_right():
    share = Exercise("the share", expected=1 / 3, close=0.01)
    assert share.check(0.33).right and not share.check(0.3).right


def test_a_quiz_refuses_an_answer_outside_its_choices_and_ignores_case():
    quiz = Exercise(
        "how long a Plan takes", expected="2 days", choices=["1 day", "2 days"], why="it waits"
    )
    assert str(quiz.check("3 days")) == "'3 days' is not one of the choices: '1 day', '2 days'."
    assert str(quiz.check(" 2 Days")) == "Right: ' 2 Days' is how long a Plan takes (it waits)."
    assert str(quiz.check("1 day")) == "Not yet: '1 day' is not how long a Plan takes."


def test_a_collection_says_what_does_not_belong_and_how_many_are_missing():
    cities = Exercise("the cities", expected={"Paris", "Rome", "Cairo"})
    assert cities.check({"Paris", "Oslo"}).lines[1:] == (
        "These do not belong: 'Oslo'.",
        "2 item(s) are missing.",
    )
    route = Exercise("the route", expected=["London", "Paris", "Rome"])
    assert route.check(["London", "Rome", "Paris"]).lines[1] == (
        "The items are right, the order is not."
    )


def test_expected_may_be_worked_out_when_checked():
    calls = []
    lazy = Exercise("the answer", expected=lambda: calls.append(1) or 7)
    assert calls == [] and lazy.check(7).right and calls == [1]
    assert not lazy.check(8).right and calls == [1]  # worked out once


def test_check_function_reports_the_first_failing_case_and_what_was_raised():
    cases = [((1,), 1), ((2,), 3), ((3,), 9)]
    assert check_function(None, cases).right is None
    assert (
        str(check_function(3, cases))
        == "Not yet: the function should be a function; this is a whole number."
    )

    def wrong(n):
        return n * n

    assert (
        str(check_function(wrong, cases))
        == "Not yet: wrong(2) gave 4, which is not right.\nIt is too high."
    )

    def broken(n):
        return {1: 1}[n]

    assert str(check_function(broken, cases)) == "Not yet: broken(2) raised KeyError: 2."
    assert str(check_function(lambda n: [0, 1, 3, 9][n], cases)) == (
        "Right: the function gives the right result in all 3 cases."
    )


def test_check_bot_passes_a_bot_whose_win_rate_is_above_one_half_with_confidence():
    feedback = check_bot(GreedyBot(0, 0).choose, against="random", games=20, seed=3)
    assert feedback.right is True
    assert feedback.lines == (
        "Right: your bot won 20 of 20 games against the random bot (100%).",
        "With 95% confidence its win rate lies between 84% and 100% (the Wilson interval): all "
        "of it above one half, so it beats the random bot, and not by the luck of a few games.",
    )


def test_check_bot_fails_a_random_bot_that_wins_more_than_half_by_luck():
    """On seed 0 the kit's random bot wins 34 of 60 games against another: more than half,
    and still not shown to be better, since the interval reaches below one half."""
    feedback = check_bot(RandomBot(0).choose, against="random", games=60, seed=0)
    assert feedback.right is False
    assert feedback.lines[:2] == (
        "Not yet: your bot won 34 of 60 games against the random bot (57%).",
        "With 95% confidence its win rate lies between 44% and 68% (the Wilson interval): it "
        "reaches one half, so these games do not show that it is better than the random bot; a "
        "bot no better than the random bot wins as many now and then, by luck.",
    )
    assert feedback.lines[2].startswith("Hint: ")


def test_check_bot_says_a_worse_bot_is_worse():
    feedback = check_bot(RandomBot(1).choose, against="greedy", games=6, seed=1)
    assert feedback.right is False
    assert feedback.lines[0] == "Not yet: your bot won 0 of 6 games against the greedy bot (0%)."
    assert feedback.lines[1] == (
        "With 95% confidence its win rate lies between 0% and 39% (the Wilson interval): all of "
        "it below one half, so the greedy bot is the better player."
    )


def test_check_bot_names_an_illegal_action_or_an_error_in_words():
    def lost(state):
        return "fly to the moon"

    def crashes(state):
        if len(state.history) > 3:
            raise ValueError("no idea")
        return random.Random(len(state.history)).choice(state.legal_actions())

    assert check_bot(lost, games=4, seed=2).lines == (
        "Not yet: your bot chose an action the rules do not allow (game 1, seed 2): 'fly to the "
        "moon': it is not among the legal actions in this state.",
        "4 of 4 games stopped so: a bot returns one of state.legal_actions().",
    )
    feedback = check_bot(crashes, games=3, seed=5)
    assert feedback.right is False
    assert feedback.lines == (
        "Not yet: your bot raised ValueError: no idea (game 1, seed 5).",
        "3 of 3 games stopped so.",
    )
    assert "Traceback" not in str(feedback)


def test_check_bot_without_a_function_says_what_to_give():
    assert check_bot(None).right is None
    assert str(check_bot(None)) == "Not answered yet: write your bot and give the function here."
    assert (
        str(check_bot(3)) == "Not yet: a bot is a function choose(state); this is a whole number."
    )


def test_image_is_an_img_of_the_svg_with_its_size_and_title():
    svg = board_svg(kit.load("four_weeks").board(), title="Europe")
    shown = image(svg)._repr_html_()
    assert shown.startswith('<img src="data:image/svg+xml;base64,')
    data = shown.split("base64,")[1].split('"')[0]
    assert base64.b64decode(data).decode() == svg
    assert 'alt="Europe"' in shown and "<svg" not in shown
    with pytest.raises(KitError, match="takes the text of an SVG picture, not a whole number"):
        image(3)
