"""What the lessons in `notebooks/` share: an exercise checker that answers in words, and a
board picture that shows in any notebook.

    from kit.lessons import Exercise, image
    exercise = Exercise("the day the Second checkpoint opens", expected=40)
    exercise.check(None)    # Not answered yet: ...
    exercise.check(38)      # Not yet: 38 is too early ...
    exercise.check(40)      # Right: ...

    quiz = Exercise("how long a Plan takes", expected="2 days", choices=["1 day", "2 days"],
                    why="a Plan waits two days and draws a Ticket")
    image(board_svg(graph))  # the picture as an image, even in an untrusted notebook
    check_bot(my_bot, against="random", games=60, seed=7)  # won 43 of 60 ... (the interval)

A checker never raises on a student's answer: a wrong type, a function that fails, a list with
items missing are all said in words, with what is right or wrong and why, and the expected
value is never written out in a reply to a wrong answer (the solution stays the student's to
find). `Feedback.right` is what a test or a hidden solution cell asserts."""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from kit.core import KitError
from kit.core.errors import shown
from kit.core.state import Game
from kit.tournament import Tournament, tournament
from kit.tournament.run import Entrant
from kit.widgets.picture import image_html, svg_label

NOT_ANSWERED = (None, Ellipsis)
"""What an exercise's answer cell holds before the student writes anything."""


@dataclass(frozen=True, slots=True)
class Feedback:
    """The checker's reply: `right` (None while nothing is answered), and its lines in words."""

    right: bool | None
    lines: tuple[str, ...]

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def __bool__(self) -> bool:
        return self.right is True

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


@dataclass(frozen=True)
class Exercise:
    """An exercise with one right answer: `what` names it in words ("the earliest day for the
    Second checkpoint"); `expected` is the answer (a value, or a function of no argument that
    works it out when first checked); `choices` the answers a quiz offers; `why` the reason,
    said once the answer is right; `hints` maps a known wrong answer to what it misses
    (`{38: "the checkpoint counts only from its opening day"}`); `close` is how far off a
    number may be and still be right (0 by default)."""

    what: str
    expected: Any
    choices: Sequence[Any] = ()
    why: str = ""
    hints: dict[Any, str] = field(default_factory=dict)
    close: float = 0

    @cached_property
    def answer(self) -> Any:
        """The expected answer (worked out by `expected()` if it is a function, once)."""
        return self.expected() if callable(self.expected) else self.expected

    def check(self, answer: Any) -> Feedback:
        """What is right or wrong with `answer`, and why, in words."""
        if _unanswered(answer):
            return Feedback(None, (f"Not answered yet: replace None with {self.what}.",))
        if self.choices and not any(_same(answer, choice) for choice in self.choices):
            offered = ", ".join(repr(choice) for choice in self.choices)
            return Feedback(False, (f"{shown(answer)} is not one of the choices: {offered}.",))
        expected = self.answer
        wrong_kind = _kind_problem(answer, expected)
        if wrong_kind:
            return Feedback(False, (f"Not yet: {self.what} is {wrong_kind}.",))
        if _same(answer, expected, self.close):
            because = f" ({self.why})" if self.why else ""
            return Feedback(True, (f"Right: {shown(answer)} is {self.what}{because}.",))
        lines = [f"Not yet: {shown(answer)} is not {self.what}."]
        lines += _differences(answer, expected)
        hint = next((text for key, text in self.hints.items() if _same(answer, key)), "")
        if hint:
            lines.append(f"Hint: {hint}.")
        return Feedback(False, tuple(lines))


def check_function(
    function: Any, cases: Iterable[tuple[tuple[Any, ...], Any]], *, what: str = "the function"
) -> Feedback:
    """Try `function` on `cases`, pairs of (arguments, expected result): right when every case
    gives its result; else the first case that does not, with what came back or what was raised
    (as words, not a traceback)."""
    if _unanswered(function):
        return Feedback(None, (f"Not answered yet: write {what} and give it here.",))
    if not callable(function):
        return Feedback(False, (f"Not yet: {what} should be a function; this is {_a(function)}.",))
    cases = list(cases)
    for args, expected in cases:
        call = f"{getattr(function, '__name__', 'function')}({', '.join(map(repr, args))})"
        try:
            got = function(*args)
        except Exception as error:  # the student's code: say what it raised, in words
            return Feedback(False, (f"Not yet: {call} raised {type(error).__name__}: {error}.",))
        if not _same(got, expected):
            return Feedback(
                False,
                (
                    f"Not yet: {call} gave {shown(got)}, which is not right.",
                    *_differences(got, expected),
                ),
            )
    return Feedback(True, (f"Right: {what} gives the right result in all {len(cases)} cases.",))


YOURS = "your bot"


def check_bot(
    bot: Any,
    *,
    against: Entrant = "random",
    game: Game | str = "amazing_journey",
    games: int = 60,
    seed: int = 0,
) -> Feedback:
    """Whether `bot`, a function `choose(state) -> action`, beats `against` (a bot of the
    game's `BOTS` by name, or a function) at `game`: a seeded tournament of `games` games
    (`kit.tournament`, seats rotating, game `i` of seed `seed + i`), judged by the 95 % Wilson
    interval of its win rate (a shared first place counts as a part of a win). It beats the
    other bot when the whole interval lies above one half: a bot no better than the other wins
    about half the games, and on a lucky seed more than half of a few, but seldom so many that
    the interval clears one half. An action the rules refuse or an error of the bot is named
    in words, with the game it happened in."""
    if _unanswered(bot):
        return Feedback(None, ("Not answered yet: write your bot and give the function here.",))
    if not callable(bot):
        return Feedback(False, (f"Not yet: a bot is a function choose(state); this is {_a(bot)}.",))
    other = f"the {against} bot" if isinstance(against, str) else "the other bot"
    label = against if isinstance(against, str) and against != YOURS else "other"
    played = tournament(game, {YOURS: bot, label: against}, games=games, seed=seed, workers=1)
    if played.failures:
        failure = played.failures[0]
        kind, _, why = failure.error.partition(": ")
        where = f"(game {failure.index + 1}, seed {failure.seed})"
        stopped = f"{len(played.failures)} of {games} games stopped so"
        if kind == "IllegalAction":
            lines = (
                f"Not yet: your bot chose an action the rules do not allow {where}: {why}.",
                f"{stopped}: a bot returns one of state.legal_actions().",
            )
        else:
            lines = (f"Not yet: your bot raised {failure.error} {where}.", f"{stopped}.")
        return Feedback(False, lines)
    if played.interrupted:
        return Feedback(
            None,
            (f"Not judged: stopped by Ctrl-C after {len(played.results)} of {games} games.",),
        )
    return _judged(played, other)


def _judged(played: Tournament, other: str) -> Feedback:
    """The tournament's verdict on the student's bot, in words, with its interval."""
    rate = played.win_rates()[YOURS]
    wins = f"{rate.value * rate.games:.1f}".removesuffix(".0")
    lines = [
        f"your bot won {wins} of {rate.games} games against {other} ({rate.value:.0%}).",
        f"With 95% confidence its win rate lies between {rate.low:.0%} and {rate.high:.0%} "
        "(the Wilson interval)",
    ]
    if rate.low > 0.5:
        lines[0] = f"Right: {lines[0]}"
        lines[1] += (
            f": all of it above one half, so it beats {other}, and not by the luck of a few games."
        )
        return Feedback(True, tuple(lines))
    lines[0] = f"Not yet: {lines[0]}"
    if rate.high < 0.5:
        lines[1] += f": all of it below one half, so {other} is the better player."
    else:
        lines[1] += (
            f": it reaches one half, so these games do not show that it is better than "
            f"{other}; a bot no better than {other} wins as many now and then, by luck."
        )
    lines.append(
        "Hint: more games do not make a bot better; watch which actions win a game (the "
        "tournament's report), and prefer them."
    )
    return Feedback(False, tuple(lines))


def _unanswered(answer: Any) -> bool:
    return any(answer is blank for blank in NOT_ANSWERED)


def _same(a: Any, b: Any, close: float = 0) -> bool:
    """Equal answers: numbers within `close` (NaN is NaN, and a number too large for a float
    is compared exactly), texts regardless of case and spaces at the ends, other values by ==."""
    if _number(a) and _number(b):
        if a == b or (_nan(a) and _nan(b)):
            return True
        try:
            return bool(abs(a - b) <= close)
        except OverflowError:  # 10**400 - 0.5: far apart
            return False
    if isinstance(a, str) and isinstance(b, str):
        return a.strip().lower() == b.strip().lower()
    try:
        return bool(a == b)
    except Exception:  # a value whose == fails is not the answer
        return False


def _number(value: Any) -> bool:
    """A real number of any kind (a numpy number, a Fraction), not True or False."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _nan(value: Any) -> bool:
    """Not a number: what 0 * inf or a mean of nothing gives; it is neither high nor low."""
    return bool(value != value)  # the one number unequal to itself


def _a(value: Any) -> str:
    """The kind of a value in words: 'a text', 'a whole number', 'a list', ..."""
    if isinstance(value, bool):
        return "True or False"
    names: dict[type, str] = {numbers.Integral: "a whole number", numbers.Real: "a number"}
    names |= {str: "a text", list: "a list"}
    names |= {tuple: "a tuple", set: "a set", dict: "a dictionary"}
    for kind, name in names.items():
        if isinstance(value, kind):
            return name
    other = type(value).__name__
    return f"{'an' if other[0].lower() in 'aeiou' else 'a'} {other}"


def _kind_problem(answer: Any, expected: Any) -> str:
    """Why `answer` cannot be right whatever its value ('a whole number, not a text'), or ''."""
    if _number(answer) and _number(expected):
        return ""
    if _a(answer) == _a(expected):
        return ""
    if isinstance(answer, list | tuple | set) and isinstance(expected, list | tuple | set):
        return ""
    return f"{_a(expected)}, not {_a(answer)} like {shown(answer)}"


def _differences(answer: Any, expected: Any) -> list[str]:
    """What is wrong, without giving the answer away: too high or too low for a number, how many
    items are missing and which do not belong for a collection."""
    if _number(answer) and _number(expected):
        if _nan(answer):
            return [
                "It is not a number (NaN), neither high nor low: a calculation with no answer "
                "(inf - inf, 0 * inf, numpy's 0 / 0 or mean of nothing) gave it."
            ]
        return ["It is too high." if answer > expected else "It is too low."]
    if isinstance(answer, list | tuple | set) and isinstance(expected, list | tuple | set):
        lines = []
        extra = [item for item in answer if not any(_same(item, e) for e in expected)]
        missing = [item for item in expected if not any(_same(item, a) for a in answer)]
        if extra:
            lines.append(f"These do not belong: {', '.join(map(repr, extra))}.")
        if missing:
            lines.append(f"{len(missing)} item(s) are missing.")
        if not extra and not missing and isinstance(expected, list | tuple):
            if len(answer) != len(expected):
                lines.append(f"It has {len(answer)} items where {len(expected)} are needed.")
            else:
                lines.append("The items are right, the order is not.")
        return lines
    return []


@dataclass(frozen=True, slots=True)
class Image:
    """An SVG picture shown as an image (`kit.widgets.picture.image_html`), so it shows in
    JupyterLab whether or not the notebook is trusted, in exported HTML and on Voila pages, with
    `alt` saying what it shows."""

    svg: str
    alt: str = "a picture"

    def _repr_html_(self) -> str:
        return image_html(self.svg, self.alt)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(f"<picture: {self.alt}>")


def image(svg: str, alt: str = "") -> Image:
    """`svg` (a picture of `kit.widgets.board_svg` or `timeline_svg`) as an image for a cell's
    last line; `alt` says what it shows, for readers who cannot see it."""
    if not isinstance(svg, str) or not svg.lstrip().startswith("<svg"):
        raise KitError(f"image() takes the text of an SVG picture, not {_a(svg)}")
    return Image(svg, alt or svg_label(svg))


__all__ = ["Exercise", "Feedback", "Image", "check_bot", "check_function", "image"]
