"""The lessons run top to bottom with nothing broken on the page, and the lessons' exercise
checker answers in words (never a traceback) and never writes out the expected answer in reply
to a wrong one; a picture shows as an image."""

import base64
import math
import random
import re
from fractions import Fraction
from functools import cache
from pathlib import Path

import ipywidgets
import nbformat
import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbclient import NotebookClient

import kit
from kit.amazing_journey.bots import GreedyBot
from kit.core import KitError
from kit.core.bots import RandomBot
from kit.core.errors import shown
from kit.lessons import Exercise, check_bot, check_function, image
from kit.widgets import board_svg

NOTEBOOKS = sorted((Path(__file__).parents[1] / "notebooks").glob("*.ipynb"))
CELL_SECONDS = 600  # a cell that hangs fails after this long (no duration is asserted)
FIGURE_AS_TEXT = re.compile(r"<(\w+ size \d+x\d+ with \d+ Axes|matplotlib\.\w+)")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SOLUTION = re.compile(
    r"^(Optimal: |- the optimal (route|journey|plan): |- the optimum collects )", re.M
)


def run(path: Path) -> nbformat.NotebookNode:
    """The notebook run top to bottom in a fresh kernel, in its own folder (as a reader runs it)."""
    notebook = nbformat.read(path, as_version=4)
    where = {"metadata": {"path": str(path.parent)}}
    NotebookClient(notebook, timeout=CELL_SECONDS, kernel_name="python3", resources=where).execute()
    return notebook


@cache
def widget_names() -> frozenset[str]:
    """The class names of every widget the kit shows (their text stands in for them when a
    widget does not display: `PuzzlePanel(children=(...))`)."""
    import kit.widgets  # noqa: F401 - its widgets are subclasses of ipywidgets.Widget

    found, todo = set(), [ipywidgets.Widget]
    while todo:
        kind = todo.pop()
        found.add(kind.__name__)
        todo += kind.__subclasses__()
    return frozenset(found)


def faults(notebook: nbformat.NotebookNode) -> list[str]:
    """What a reader of the run notebook would see broken, cell by cell: an error, a traceback,
    a figure shown as its text (`<Figure size 1000x380 with 2 Axes>`), a widget shown as its
    text (no widget view in its output), or a puzzle's solution that the page keeps back."""
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    return [
        f"code cell {number} ({cell.source.splitlines()[0][:40]!r}): {fault}"
        for number, cell in enumerate(code, 1)
        for fault in map(fault_of, cell.get("outputs", []))
        if fault
    ]


def fault_of(output: nbformat.NotebookNode) -> str:
    """What is broken in one output, or ''."""
    data = output.get("data", {})
    text = output.get("text", "") + data.get("text/plain", "")
    shown = repr(text.strip()[:40])
    named = re.match(r"(\w+)\(", text)
    if output.output_type == "error":
        return f"{output.ename}: {output.evalue}"
    if "Traceback (most recent call last)" in text:
        return "a traceback"
    if FIGURE_AS_TEXT.search(text) and not any(kind.startswith("image/") for kind in data):
        return f"a figure shown as text, {shown}"
    if named and named[1] in widget_names() and WIDGET_VIEW not in data:
        return f"a widget shown as text, {shown}"
    solution = SOLUTION.search(text)
    return f"a solution given away, {solution[0]!r}" if solution else ""


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_notebook_runs_with_nothing_broken_on_the_page(path):
    found = faults(run(path))
    assert not found, f"{path.name}:\n" + "\n".join(found)


def output(kind: str, **fields) -> nbformat.NotebookNode:
    """One output of a code cell, as a kernel gives it."""
    return nbformat.v4.new_output(kind, **fields)


def notebook_of(*outputs) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell("report.plot()")
    cell.outputs = list(outputs)
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A lesson"), cell])


@pytest.mark.parametrize(
    ("shown", "fault"),
    [
        (
            output("error", ename="KitError", evalue="no such city", traceback=[]),
            "KitError: no such city",
        ),
        (
            output("stream", name="stderr", text="Traceback (most recent call last):\n  ..."),
            "a traceback",
        ),
        (  # lesson 8's tournament plot as it came out before it became an image
            output("execute_result", data={"text/plain": "<Figure size 1000x380 with 2 Axes>"}),
            "a figure shown as text, '<Figure size 1000x380 with 2 Axes>'",
        ),
        (
            output("execute_result", data={"text/plain": "[<matplotlib.lines.Line2D at 0x7f>]"}),
            "a figure shown as text, '[<matplotlib.lines.Line2D at 0x7f>]'",
        ),
        (
            output("display_data", data={"text/plain": "VBox(children=(HTML(value='x'),))"}),
            "a widget shown as text, \"VBox(children=(HTML(value='x'),))\"",
        ),
        (  # lesson 8's medium puzzle, checked against its own optimum and printed
            output(
                "stream",
                name="stdout",
                text="Optimal: 28 points, as many as the proven optimum.\n- you collect 28 ...",
            ),
            "a solution given away, 'Optimal: '",
        ),
    ],
    ids=["error", "traceback", "figure", "artist", "widget", "solution"],
)
def test_a_broken_output_is_found_and_named(shown, fault):
    assert faults(notebook_of(shown)) == [f"code cell 1 ('report.plot()'): {fault}"]


def test_outputs_that_show_well_are_not_faults():
    figure = {"image/png": "iVBORw0KGgo=", "text/plain": "<Figure size 1000x380 with 2 Axes>"}
    widget = {WIDGET_VIEW: {"model_id": "1f"}, "text/plain": "PuzzlePanel(children=(...))"}
    verdict = "Legal, 0 points: 28 short of the proven optimum, 28.\n- better exists"
    shown = [
        output("display_data", data=figure),
        output("execute_result", data=widget, execution_count=1),
        output("stream", name="stdout", text=verdict),
    ]
    assert faults(notebook_of(*shown)) == []


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


NAN_LINE = (
    "It is not a number (NaN), neither high nor low: a calculation with no answer (inf - inf, "
    "0 * inf, numpy's 0 / 0 or mean of nothing) gave it."
)


@settings(max_examples=200, deadline=None)
@given(
    answer=st.floats(allow_nan=True, allow_infinity=True)
    | st.integers(-(10**5000), 10**5000)
    | st.sampled_from([10**5000, -(10**400), numpy.float64("nan"), numpy.int64(41)]),
    expected=st.integers(-100, 100) | st.floats(-100, 100),
)
def test_every_number_gets_a_reply_that_is_true_for_it(answer, expected):
    feedback = Exercise("the day", expected=expected).check(answer)
    said = shown(answer)
    if answer != answer:  # NaN: neither too high nor too low
        assert feedback.lines == (f"Not yet: {said} is not the day.", NAN_LINE)
    elif answer == expected:
        assert feedback.lines == (f"Right: {said} is the day.",)
    else:
        way = "It is too high." if answer > expected else "It is too low."
        assert feedback.lines == (f"Not yet: {said} is not the day.", way)


def test_a_number_of_any_kind_is_a_number_and_other_kinds_are_named():
    assert DAY.check(numpy.int64(40)).right and DAY.check(Fraction(80, 2)).right
    assert DAY.check(40.0).right and Exercise("x", expected=math.inf).check(math.inf).right
    assert str(DAY.check(40 + 0j)) == (
        "Not yet: the day the Second checkpoint opens is a whole number, not a complex like "
        "(40+0j)."
    )
    assert str(DAY.check(numpy.array([40]))) == (
        "Not yet: the day the Second checkpoint opens is a whole number, not a ndarray like "
        "array([40])."
    )
    assert str(DAY.check(True)) == (
        "Not yet: the day the Second checkpoint opens is a whole number, not True or False like "
        "True."
    )


def test_a_function_that_gives_nan_is_told_so():
    assert check_function(lambda n: math.nan, [((1,), 1)]).lines == (
        "Not yet: <lambda>(1) gave nan, which is not right.",
        NAN_LINE,
    )
    assert check_function(lambda n: 10**5000, [((1,), 1)]).lines == (
        "Not yet: <lambda>(1) gave <a number of about 5001 digits>, which is not right.",
        "It is too high.",
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
