"""A plan as the panels draw it: one walk of the engine's replay, read by everything that shows it.

A planner's `Plan` says where each of its steps ends in its history (`Step.upto`) and what kind
of step it is (`Step.kind`). `walk_plan` plays the history in the game's engine from the plan's
start and cuts it there, so the list of steps, the route and its numbers on the map, the step
slider, the pawn and the timeline chart all read the same steps: step k of the list is the k-th
stop on the map, the pawn at slider position k stands where the engine puts the traveller after
step k, and bar k sits in the row of step k's kind. Nothing that draws a plan counts actions.

The route follows what the engine did between two stops: every place the traveller, marker or
pawn stood on after each action, and the cities a journey passes without stopping (a ship from
Tokyo to San Francisco calls at Honolulu; `View.legs`), so it is drawn along the board's own
routes, across the map's edge where they cross it."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from kit.core import IllegalAction, ScoreSheet, State
from kit.solve.plan import OPTIMAL, Plan, PlanError, Step
from kit.widgets.highlight import Route
from kit.widgets.labels import text_width
from kit.widgets.picture import FONT, _e, _n
from kit.widgets.pieces import Piece
from kit.widgets.sizes import NORMAL, PANEL_WIDTH
from kit.widgets.views import escape, view_for


@dataclass(frozen=True)
class PlanStep:
    """One step of a plan as drawn: numbered as in the list (from 1), its actions in words, its
    kind (the chart's row), where the player stands after it ("" while off the board), every
    place passed since the step before (`path`, this step's place last; only it where nothing
    moved), the pieces on the map after it as the player sees them, its start and end on the
    timeline (days, rounds), the part of the plan it belongs to (`group`: "round II", "week 3",
    or ""), when it is taken in words ("day 4-6") and the planner's note on it."""

    number: int
    text: str
    kind: str
    place: str
    path: tuple[str, ...]
    pieces: tuple[Piece, ...]
    start: float
    end: float
    group: str = ""
    when: str = ""
    note: str = ""


@dataclass(frozen=True)
class PlanWalk:
    """A plan walked in the engine: where the player stands before the first step and the map
    then (`place`, `pieces`), each step (`steps`), and the engine's state at the end."""

    place: str
    pieces: tuple[Piece, ...]
    steps: tuple[PlanStep, ...]
    final: Any  # the engine's state at the end (a game's), or None

    def places(self) -> tuple[str, ...]:
        """Where the player stands at the start and after each step (the slider's places)."""
        return (self.place, *(step.place for step in self.steps))

    def pieces_at(self, step: int) -> tuple[Piece, ...]:
        """The map at slider position `step` (0: the start)."""
        return self.steps[step - 1].pieces if step else self.pieces

    def route(self, current: int = -1) -> Route:
        """The plan as the board highlights it: every place passed, step k's stop numbered k,
        step `current` standing out (0: the start; -1: none), the legs coloured by group."""
        places: list[str] = [self.place] if self.place else []
        stops: list[int] = []
        for step in self.steps:
            for place in step.path:
                if place and (not places or places[-1] != place):
                    places.append(place)
            stops.append(len(places) - 1 if places else -1)
        groups = tuple(step.group for step in self.steps) if any(s.group for s in self) else ()
        return Route(tuple(places), tuple(stops), current, groups)

    def __iter__(self) -> Iterator[PlanStep]:
        return iter(self.steps)


def walk_plan(
    start: State,
    plan: Plan,
    player: int,
    group: Callable[[Step], str] | None = None,
    when: Callable[[Step], str] | None = None,
) -> PlanWalk:
    """Play `plan.history` on `start` (a fresh state at the plan's start, played on in place)
    and cut it at each step's end (`Step.upto`); `group(step)` names the part of the plan a
    step belongs to, if the plan reads in parts, and `when(step)` says when it is taken (by
    default in the plan's unit: "day 4-6"). A history the engine refuses, or steps that do not
    end in order within it, raise `PlanError`: a plan drawn wrong is never shown."""
    view = view_for(start.game)
    state = start
    seen = state.observation(player)
    here = view.place_of(seen, player)
    first = (here, tuple(view.pieces(seen)))
    steps: list[PlanStep] = []
    done = 0
    for number, step in enumerate(plan.steps, start=1):
        if not done <= step.upto <= len(plan.history):
            raise PlanError(f"step {number} of the plan ends at action {step.upto}, out of order")
        path, begun = [here], len(state.history)
        for name in plan.history[done : step.upto]:
            try:
                state.apply(name)
            except IllegalAction as error:
                raise PlanError(f"the engine refuses the plan's action {name!r}: {error}") from None
            actions = state.history[begun:]
            there = view.place_of(state.observation(player), player)
            if there and there != path[-1]:
                path += view.legs(actions, path[-1], there) if path[-1] else [there]
        done = step.upto
        seen = state.observation(player)
        here = view.place_of(seen, player) or here
        steps.append(
            PlanStep(
                number,
                " + ".join(step.actions),
                step.kind,
                here,
                tuple(p for p in path if p) or ((here,) if here else ()),
                tuple(view.pieces(seen)),
                float(step.day),
                float(step.end),
                group(step) if group else "",
                when(step) if when else days(step),
                step.note,
            )
        )
    return PlanWalk(first[0], first[1], tuple(steps), state)


def days(step: Step) -> str:
    """When a step is taken, in days: "day 4" or "days 4-6"."""
    if step.end > step.day:
        return f"days {step.day}–{step.end}"
    return f"day {step.day}"


# --- what the panels show of a plan ----------------------------------------------------------
@dataclass(frozen=True)
class Answer:
    """A planner's answer as a panel shows it: its status, score, bound and time, whether it
    was stopped, the plan walked in the engine (`walk`: the list, the map, the slider and the
    chart read its steps), the score sheets of the plan and of the greedy bot as rows (label,
    points), what the plan assumes, the budget used (orienteering) and what the timeline
    counts (`unit`)."""

    status: str
    score: int | None
    bound: float | None
    seconds: float
    stopped: bool
    walk: PlanWalk
    sheet: tuple[tuple[str, str], ...]
    greedy: tuple[tuple[str, str], ...]
    notes: tuple[str, ...] = ()
    used: str = ""
    unit: str = "day"

    @property
    def steps(self) -> tuple[PlanStep, ...]:
        return self.walk.steps


def sheet_rows(sheet: ScoreSheet | None) -> tuple[tuple[str, str], ...]:
    """A score sheet as rows (label, points and detail), its total last."""
    if sheet is None:
        return ()
    rows = [
        (line.label, f"{line.points}" + (f" ({line.detail})" if line.detail else ""))
        for line in sheet.lines
    ]
    return (*rows, ("Total", str(sheet.total)))


def bound_words(score: int | None, bound: float | None, optimal: bool) -> str:
    """What a bound says, in words a student reads: "no plan can score more than 92
    (proven)"; "the best possible (proven)" once the plan reaches it."""
    if bound is None or math.isinf(bound):
        return "no upper limit proven yet"
    if optimal or (score is not None and score >= bound):
        return "the best possible: no plan can score more (proven)"
    return f"no plan can score more than {bound:g} (proven)"


def summary(answer: Answer) -> str:
    """The plan in one line: its score, what the bound proves, the time, whether stopped; or
    that no plan was found in that time."""
    proof = bound_words(answer.score, answer.bound, answer.status == OPTIMAL)
    if answer.score is None:
        stopped = "stopped " if answer.stopped else ""
        return f"no plan found: {stopped}after {answer.seconds:.1f} s; {proof}"
    stopped = "stopped: the best plan so far, " if answer.stopped else ""
    return f"{stopped}a plan scoring {answer.score}; {proof} ({answer.seconds:.1f} s)"


@dataclass(frozen=True)
class Bar:
    """One step of a plan on the timeline chart: from `start` to `end` (days, rounds or
    distance) in the row of its `kind`, numbered as on the map."""

    number: int
    start: float
    end: float
    kind: str
    label: str


def bars_of(steps: Sequence[PlanStep]) -> tuple[Bar, ...]:
    """The steps as bars, each in the row of its kind: a step over days from its day to its
    end; steps that take no time share the unit after their day, side by side (the plays of
    one round, Wolfgang's free moves of one day)."""
    instant: dict[float, int] = {}
    for step in steps:
        if step.end <= step.start:
            instant[step.start] = instant.get(step.start, 0) + 1
    seen: dict[float, int] = {}
    bars = []
    for step in steps:
        if step.end > step.start:
            start, end = step.start, step.end
        else:
            share = 1 / instant[step.start]
            start = step.start + share * seen.get(step.start, 0)
            end = start + share
            seen[step.start] = seen.get(step.start, 0) + 1
        bars.append(Bar(step.number, start, end, step.kind, step.text))
    return tuple(bars)


CHART_WIDTH = PANEL_WIDTH - 30
BAR_COLOURS = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7")


def chart_svg(steps: Sequence[PlanStep], unit: str) -> str:
    """The plan's steps as bars over the days (rounds, distance), a row per kind of step, each
    bar numbered as on the map where its number fits (its hover text always names it). Every
    bar carries its step (`data-step`) and its row's kind (`data-kind`), so what the chart shows
    can be read back, and a style outlines the current one (`current_css`)."""
    bars = bars_of(steps)
    if not bars:
        return ""
    size = NORMAL.text
    kinds = list(dict.fromkeys(bar.kind for bar in bars))
    left = max(text_width(kind, size) for kind in kinds) + 16
    row, top, bottom = size + 13, 8, size + 22
    width = CHART_WIDTH
    height = top + row * len(kinds) + bottom
    low = min(bar.start for bar in bars)
    span = max(bar.end for bar in bars) - low or 1.0

    def x(value: float) -> float:
        return left + (width - left - 10) * (value - low) / span

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="kit-chart" width="{width}" '
        f'height="{_n(height)}" viewBox="0 0 {width} {_n(height)}" font-family="{FONT}" '
        f'font-size="{_n(size)}" role="img" aria-label="the plan over the {unit}s">'
    ]
    for index, kind in enumerate(kinds):
        y = top + row * index
        parts.append(
            f'<text x="{_n(left - 8)}" y="{_n(y + row / 2 + size * 0.36)}" text-anchor="end">'
            f"{_e(kind)}</text>"
        )
        parts.append(
            f'<path d="M{_n(left)} {_n(y + row)}H{width - 10}" stroke="#ddd" stroke-width="1"/>'
        )
    for bar in bars:
        index = kinds.index(bar.kind)
        y, x0, x1 = top + row * index + 3, x(bar.start), x(bar.end)
        colour = BAR_COLOURS[index % len(BAR_COLOURS)]
        outline = ' stroke="#333" stroke-width="0.6"'
        number = str(bar.number)
        fits = text_width(number, size) + 3 <= x1 - x0
        parts.append(
            f'<g data-step="{bar.number}" data-kind="{_e(bar.kind)}"><title>step {bar.number}: '
            f"{_e(bar.label)}</title>"
            f'<rect x="{_n(x0)}" y="{_n(y)}" width="{_n(max(1.0, x1 - x0))}" '
            f'height="{_n(row - 6)}" fill="{colour}"{outline}/>'
            + (
                f'<text x="{_n((x0 + x1) / 2)}" y="{_n(y + (row - 6) / 2 + size * 0.36)}" '
                f'text-anchor="middle">{number}</text>'
                if fits
                else ""
            )
            + "</g>"
        )
    base = top + row * len(kinds)
    for value in _ticks(low, low + span):
        parts.append(
            f'<text x="{_n(x(value))}" y="{_n(base + size + 4)}" text-anchor="middle">'
            f"{value:g}</text>"
        )
    parts.append(
        f'<text x="{_n((left + width) / 2)}" y="{_n(height - 4)}" text-anchor="middle" '
        f'fill="#444">{_e(unit)}s</text></svg>'
    )
    return "".join(parts)


def _ticks(low: float, high: float) -> list[float]:
    """A few round numbers from `low` to `high` for the chart's axis."""
    span = high - low
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000) if span / s <= 10)
    first = math.ceil(low / step) * step
    return [first + step * k for k in range(int((high - first) // step) + 1)]


def steps_html(answer: Answer) -> str:
    """The steps, numbered as on the map and grouped by part (round, week) where the plan reads
    in parts, each carrying its number (`data-step`: `current_css` makes the current one stand
    out); then what the plan assumes."""
    parts = ["<div class='kit-plan'><b>The plan</b>"]
    group = None
    opened = False
    for step in answer.steps:
        if step.group != group or not opened:
            if opened:
                parts.append("</ol>")
            group = step.group
            if group:
                parts.append(f"<div class='kit-part'>{escape(group.capitalize())}</div>")
            parts.append(f"<ol start='{step.number}'>")
            opened = True
        when = f"<span class='kit-muted'>{escape(step.when)}</span> " if step.when else ""
        note = f" <span class='kit-muted'>[{escape(step.note)}]</span>" if step.note else ""
        parts.append(f"<li data-step='{step.number}'>{when}{escape(step.text)}{note}</li>")
    if opened:
        parts.append("</ol>")
    if answer.notes:
        notes = "".join(f"<li>{escape(note)}</li>" for note in answer.notes)
        parts.append(f"<div class='kit-muted'>assumes:</div><ul class='kit-muted'>{notes}</ul>")
    parts.append("</div>")
    return "".join(parts)


def current_css(scope: str, step: int) -> str:
    """The style that makes step `step` stand out in the chart and the list of the panel marked
    `scope` (a class of its own): a few bytes a step, where drawing the chart and the list again
    would send them whole."""
    if not step:
        return ""
    return (
        f"<style>.{scope} .kit-chart g[data-step='{step}'] rect {{ stroke: #111; "
        f"stroke-width: 2.5; }} .{scope} .kit-plan li[data-step='{step}'] {{ font-weight: bold; "
        "background: #fde0ef; }</style>"
    )


def sheets_html(answer: Answer) -> str:
    """The plan's score sheet beside the greedy bot's, line by line."""
    greedy = dict(answer.greedy)
    labels = [label for label, _ in answer.sheet]
    labels += [label for label, _ in answer.greedy if label not in labels]
    plan = dict(answer.sheet)
    rows = "".join(
        f"<tr><td>{escape(label)}</td><td>{escape(plan.get(label, ''))}</td>"
        f"<td>{escape(greedy.get(label, ''))}</td></tr>"
        for label in labels
    )
    return (
        "<table class='kit-table kit-sheets'><caption>Score sheets</caption>"
        f"<tr><th></th><th>plan</th><th>greedy bot</th></tr>{rows}</table>"
    )
