"""The solver panel: watch a planner work on a puzzle, then see its plan on the map.

    panel = kit.widgets.solve(puzzle)   # an 80-day, five-round or four-week puzzle, a game's
    panel                               # state, or an orienteering instance

The puzzle's assumptions and limits are controls, made from the options each game planner
declares (`OPTIONS` beside its `standard_puzzle`: the side, the Traveller, the days of an
Explore, the last day and the seed for the 80-day planner; the travellers' set, the edition and
the seed for the five-round one; the deal and the Bucket Lists to claim for the four-week one),
the travel budget of an orienteering instance, the time limit and the workers for all. Solve
runs the planner on a thread of its own, so the notebook stays responsive; every improving plan
the planner streams (`on_solution`) is shown at once, in the status line and on the chart of the
best score and the bound over time (a small SVG drawn here: a plotting library's picture was
too slow to redraw at every plan), and the progress bar follows the time limit. Stop stops the
planner as Ctrl-C would (`kit.solve.plan.interrupt`) and keeps the best plan found so far. Then
the plan is drawn: on the board (the route with its step numbers; a step slider moves the pawn
along it), as a timeline chart (days or rounds across, a bar per step, a row per kind of
action), in words, and as its score sheet beside the greedy bot's on the same puzzle. An
orienteering instance is drawn as its points and the route, with the budget used.

Widgets are changed from the planner's threads: every change goes through one lock (`_lock`),
and a search's callbacks are dropped once another search has started."""

from __future__ import annotations

import dataclasses
import math
import threading
import time
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import ipywidgets
import networkx as nx

from kit.core import KitError, Option, State, limits, pools
from kit.core.options import Whole, check_options
from kit.games import GAMES
from kit.solve.plan import INFEASIBLE, Interrupted, Plan, Step, interrupt
from kit.solve.position import puzzle_from
from kit.solve.puzzle import Puzzle
from kit.widgets.board import Board
from kit.widgets.picture import AUTO
from kit.widgets.pieces import Piece
from kit.widgets.plans import (
    Answer,
    PlanStep,
    PlanWalk,
    bound_words,
    chart_svg,
    current_css,
    days,
    sheet_rows,
    sheets_html,
    steps_html,
    summary,
    walk_plan,
)
from kit.widgets.views import PANEL_CSS, escape, view_for

if TYPE_CHECKING:
    from kit.solve.amazing_journey import Puzzle as AmazingJourneyPuzzle
    from kit.solve.four_weeks import Puzzle as FourWeeksPuzzle
    from kit.solve.timeless_journeys import Puzzle as TimelessJourneysPuzzle

TICK = 0.25
"""Seconds between two moves of the progress bar while a planner runs."""

OnSolution = Callable[[int, float, float], None]


# --- running a planner in the background ----------------------------------------------------
class Background:
    """One planner run on a thread of its own: `work(on_solution)` is the planner's call;
    `done(outcome, stopped, error)` is called on that thread when it ends (`outcome` the
    planner's answer, or the best plan so far when stopped). `stop()` interrupts it as Ctrl-C
    would; a stop that comes as the planner returns changes nothing."""

    def __init__(
        self,
        work: Callable[[], Any],
        done: Callable[[Background, Any, bool, BaseException | None], None],
    ) -> None:
        self.work, self.done = work, done
        self.began = time.perf_counter()
        self.finished = threading.Event()
        self.running = False
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, name="kit-planner", daemon=True)

    def start(self) -> None:
        self.running = True
        self.thread.start()

    def stop(self) -> bool:
        """Stop the planner; whether it was still running."""
        with self.lock:
            return self.running and interrupt(self.thread)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the planner has ended and its answer is drawn; whether it has."""
        return self.finished.wait(timeout)

    def _run(self) -> None:
        outcome: Any = None
        stopped = False
        error: BaseException | None = None
        try:
            try:
                outcome = self.work()
            except Interrupted as stop:
                outcome, stopped = stop.plan, True
            except KeyboardInterrupt:
                stopped = True
            except Exception as failure:  # shown in the panel: the notebook goes on
                error = failure
            finally:
                with self.lock:
                    self.running = False
        except KeyboardInterrupt:  # a Stop that came just as the planner returned
            stopped = True
        try:
            self.done(self, outcome, stopped, error)
        finally:
            self.finished.set()


# --- the planners ---------------------------------------------------------------------------
class Planner:
    """What the panel needs of one planner: its controls, the puzzle they make, the call that
    solves it and the answer drawn from the result."""

    title = ""
    unit = "day"  # what the timeline chart's axis counts
    time_limit = 10.0
    workers = 2

    def __init__(self) -> None:
        self.controls: list[ipywidgets.Widget] = []

    def puzzle(self) -> Any:
        """The puzzle the controls describe; `KitError` or `ValueError` saying what is wrong."""
        raise NotImplementedError

    def run(self, puzzle: Any, time_limit: float, workers: int, on_solution: OnSolution) -> Any:
        raise NotImplementedError

    def answer(self, puzzle: Any, result: Any, stopped: bool) -> Answer:
        raise NotImplementedError

    def map_widget(self) -> ipywidgets.Widget:
        raise NotImplementedError

    def show_step(self, answer: Answer | None, step: int) -> None:
        raise NotImplementedError


def option_control(
    option: Option, value: Any, choices: Sequence[str] = (), most: int | None = None
) -> ipywidgets.Widget:
    """The control of one of a puzzle's options (`kit.core.options.Option`), showing `value`:
    a menu of the option's choices (or of `choices`, the puzzle's own: its Travellers), a box
    for a whole number (within the option's range, `most` at the highest where the puzzle
    sets it), or a line of text read as the command line reads it (a list shown as "3, 2")."""
    look = {
        "description": option.label,
        "tooltip": option.help,
        "style": {"description_width": "auto"},
    }
    menu = tuple(choices) or option.choices
    if menu:
        return ipywidgets.Dropdown(options=menu, value=value, **look)
    if isinstance(option.check, Whole) and option.check.low is not None:
        high = most if most is not None else option.check.high
        if high is not None:
            return ipywidgets.BoundedIntText(value, min=option.check.low, max=high, **look)
    if isinstance(value, int):
        return ipywidgets.IntText(value, **look)
    shown = ", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
    return ipywidgets.Text(shown, **look)


def control_value(option: Option, control: ipywidgets.Widget) -> Any:
    """The value of an option's control, checked as the option checks it (`KitError` naming
    the control by its label and saying what it may hold)."""
    try:
        if isinstance(control, ipywidgets.Text):
            return option.from_text(control.value)
        return option.value(control.value)
    except KitError as error:
        problem = str(error).removeprefix(f"option {option.name!r}: ")
        raise KitError(f"{option.label}: {problem}") from None


class GamePlanner(Planner):
    """A game's planner: its puzzle's options as controls (the planner's `OPTIONS`, those with
    a label), the plan drawn on the game's board, the pawn at the slider's step. `run` needs
    no panel: the play panel's advisor calls it too."""

    def __init__(self, puzzle: Puzzle) -> None:
        super().__init__()
        self.original = puzzle
        self.options, self.standard = self.declared()
        self.player = puzzle.player
        state = puzzle.position
        # A board of one's own (the `content` option) is not the map the outlines are for.
        outline = None if state.game.options.get("content") else AUTO
        pieces = view_for(state.game).pieces(state.observation(self.player))
        self.board = Board(state.game.board(), outline=outline, pieces=pieces)
        self.made = check_options(self.options, self.made_with(puzzle))
        choices, most = self.limits(puzzle)
        self.inputs = {
            option.name: option_control(
                option, self.made[option.name], choices.get(option.name, ()), most.get(option.name)
            )
            for option in self.options
            if option.label is not None
        }
        self.controls = list(self.inputs.values())

    def declared(self) -> tuple[Sequence[Option], Callable[..., Puzzle]]:
        """The planner's `OPTIONS` and its `standard_puzzle` (imported when a panel needs
        them: the planners' modules load OR-Tools)."""
        raise NotImplementedError

    def made_with(self, puzzle: Any) -> dict[str, Any]:
        """The options `puzzle` stands for: the controls' first values."""
        raise NotImplementedError

    def limits(self, puzzle: Any) -> tuple[dict[str, Sequence[str]], dict[str, int]]:
        """The puzzle's own choices and highest values of some options (its Travellers)."""
        return {}, {}

    def map_widget(self) -> ipywidgets.Widget:
        return self.board

    def values(self) -> dict[str, Any]:
        """The options as the controls give them, checked; the others as the puzzle has them."""
        given = {
            option.name: control_value(option, self.inputs[option.name])
            for option in self.options
            if option.name in self.inputs
        }
        return {**self.made, **given}

    def puzzle(self) -> Puzzle:
        """The puzzle given while the controls are as it was made, else the standard puzzle of
        their options."""
        values = self.values()
        return self.original if values == self.made else self.standard(**values)

    @staticmethod
    def run(puzzle: Any, time_limit: float, workers: int, on_solution: OnSolution) -> Any:
        raise NotImplementedError

    def answer(self, puzzle: Any, result: Any, stopped: bool) -> Answer:
        plan: Plan = result
        start = puzzle.before(plan.history)
        walked = walk_plan(start, plan, self.player, self.group, self.when)
        return Answer(
            plan.status,
            plan.objective,
            plan.bound,
            plan.solve_time,
            stopped,
            walked,
            sheet_rows(plan.sheet),
            sheet_rows(puzzle.greedy_sheet()),
            plan.assumptions,
            unit=self.unit,
        )

    def group(self, step: Step) -> str:
        """The part of the plan a step belongs to, where the plan reads in parts ("")."""
        return ""

    def when(self, step: Step) -> str:
        """When a step is taken, in words."""
        return days(step)

    def show_step(self, answer: Answer | None, step: int) -> None:
        if answer is None:
            self.board.highlight = []
            return
        self.board.pieces = list(answer.walk.pieces_at(step))
        self.board.highlight = answer.walk.route(step)


class AmazingJourneyPlanner(GamePlanner):
    """The 80-day planner (`kit.solve.amazing_journey`): side, Traveller, Explore days, last day,
    seed. In a game of several players, the side, the Traveller and the seed are the game's."""

    title = "The 80-day planner"

    def __init__(self, puzzle: AmazingJourneyPuzzle) -> None:
        super().__init__(puzzle)
        self.original: AmazingJourneyPuzzle = puzzle
        for name in ("side", "traveller", "seed"):
            self.inputs[name].disabled = puzzle.position.game.num_players != 1

    def declared(self) -> tuple[Sequence[Option], Callable[..., Puzzle]]:
        from kit.solve.amazing_journey.puzzle import OPTIONS, standard_puzzle

        return OPTIONS, standard_puzzle

    def made_with(self, puzzle: AmazingJourneyPuzzle) -> dict[str, Any]:
        game, traveller = puzzle.position.game, puzzle.traveller
        return {
            "side": game.options["side"],
            "traveller": (traveller or puzzle.content.travellers[0]).name,
            "explore": puzzle.durations,
            "days": puzzle.limit,
            "seed": game.seed or 0,
            "board": game.options.get("content"),
        }

    def limits(
        self, puzzle: AmazingJourneyPuzzle
    ) -> tuple[dict[str, Sequence[str]], dict[str, int]]:
        names = [traveller.name for traveller in puzzle.content.travellers]
        return {"traveller": names}, {"days": puzzle.most_days}

    def puzzle(self) -> Puzzle:
        """The same position under other assumptions (Explore days, last day) while the deal
        is the same (side, Traveller, seed), else the standard puzzle of the options."""
        from kit.solve.amazing_journey import Puzzle as AmazingJourneyPuzzle

        values, old = self.values(), self.original
        if any(values[name] != self.made[name] for name in ("side", "traveller", "seed")):
            return self.standard(**values)
        return AmazingJourneyPuzzle(
            old.position, old.player, values["explore"], values["days"], old.revealed
        )

    @staticmethod
    def run(puzzle: Any, time_limit: float, workers: int, on_solution: OnSolution) -> Any:
        from kit.solve.amazing_journey import solve

        return solve(puzzle, time_limit=time_limit, workers=workers, on_solution=on_solution)


class TimelessJourneysPlanner(GamePlanner):
    """The five-round planner (`kit.solve.timeless_journeys`): the travellers' set, the edition and
    the seed."""

    title = "The five-round planner"
    unit = "round"
    time_limit = 20.0

    def group(self, step: Step) -> str:
        """The plan reads round by round."""
        from kit.timeless_journeys.actions import roman

        return f"round {roman(step.day - 1)}"

    def when(self, step: Step) -> str:
        """The round heads the steps; the note says which play of it."""
        return ""

    def declared(self) -> tuple[Sequence[Option], Callable[..., Puzzle]]:
        from kit.solve.timeless_journeys.puzzle import OPTIONS, standard_puzzle

        return OPTIONS, standard_puzzle

    def made_with(self, puzzle: TimelessJourneysPuzzle) -> dict[str, Any]:
        from kit.solve.timeless_journeys.puzzle import SETS

        options = puzzle.position.game.options
        chosen = "intro" if options["mode"] == "intro" else "".join(options["travellers"] or ())
        return {
            "travellers": chosen if chosen in SETS else "intro",
            "edition": options["edition"],
            "seed": puzzle.seed,
        }

    @staticmethod
    def run(puzzle: Any, time_limit: float, workers: int, on_solution: OnSolution) -> Any:
        from kit.solve.timeless_journeys import solve

        return solve(puzzle, time_limit=time_limit, workers=workers, on_solution=on_solution)


class FourWeeksPlanner(GamePlanner):
    """The four-week planner (`kit.solve.four_weeks`): the deal and the Bucket Lists to
    claim."""

    title = "The four-week planner"

    def group(self, step: Step) -> str:
        """The plan reads week by week."""
        per_week = self.original.content.rules.days_per_week
        return f"week {max(0, step.day - 1) // per_week + 1}"

    def __init__(self, puzzle: FourWeeksPuzzle) -> None:
        super().__init__(puzzle)
        self.original: FourWeeksPuzzle = puzzle

    def declared(self) -> tuple[Sequence[Option], Callable[..., Puzzle]]:
        from kit.solve.four_weeks.puzzle import OPTIONS, standard_puzzle

        return OPTIONS, standard_puzzle

    def made_with(self, puzzle: FourWeeksPuzzle) -> dict[str, Any]:
        regions = puzzle.content.regions
        return {
            "seed": puzzle.seed,
            "claims": [regions[region].code for region in puzzle.claims],
            "content": puzzle.position.game.options.get("content"),
        }

    @staticmethod
    def run(puzzle: Any, time_limit: float, workers: int, on_solution: OnSolution) -> Any:
        from kit.solve.four_weeks import solve

        return solve(puzzle, time_limit=time_limit, workers=workers, on_solution=on_solution)


class Orienteering(Planner):
    """The orienteering planner (`kit.solve.orienteering`): the travel budget. The map is the
    instance's points on a board of their own (the start and the end marked apart, each point's
    score beside it, green once collected) and the route; the greedy yardstick is
    `heuristic_route`."""

    title = "The orienteering planner"
    unit = "distance"

    def __init__(self, instance: Any) -> None:
        super().__init__()
        self.original = instance
        self.budget = ipywidgets.BoundedFloatText(
            instance.tmax, min=0, max=1e9, description="travel budget"
        )
        self.controls = [self.budget]
        self.instance = instance
        self.board = Board(points_graph(instance), outline=None)
        self.board.pieces = list(points_pieces(instance, ()))

    def puzzle(self) -> Any:
        if self.budget.value == self.original.tmax:
            return self.original
        return dataclasses.replace(self.original, tmax=float(self.budget.value))

    def run(self, puzzle: Any, time_limit: float, workers: int, on_solution: OnSolution) -> Any:
        from kit.solve.orienteering import solve

        self.instance = puzzle
        return solve(puzzle, time_limit=time_limit, workers=workers, on_solution=on_solution)

    def answer(self, puzzle: Any, result: Any, stopped: bool) -> Answer:
        from kit.solve.orienteering import heuristic_route

        indices = list(result.indices)
        names = [str(puzzle.label(i)) for i in indices]
        steps, at = [], 0.0
        for number, (a, b) in enumerate(pairwise(indices), start=1):
            leg = puzzle.distances[a][b] / puzzle.scale
            text = f"to {names[number]} (+{puzzle.scores[b]})"
            pieces = points_pieces(puzzle, names[: number + 1])
            where = (names[number],)
            when = f"at {at:g} to {at + leg:g}"
            steps.append(PlanStep(number, text, "travel", names[number], where, pieces, at,
                                  at + leg, "", when))  # fmt: skip
            at += leg
        start = names[0] if names else ""
        walked = PlanWalk(start, points_pieces(puzzle, names[:1]), tuple(steps), None)
        greedy = heuristic_route(puzzle)
        g_score, g_length = puzzle.evaluate(greedy) if greedy else (0, 0)
        score, length = (result.objective, result.length) if indices else (None, 0.0)
        rows = (
            ("Points visited", str(max(0, len(indices) - 2))),
            ("Length", f"{length:g} of {puzzle.tmax:g}"),
            ("Total", str(score or 0)),
        )
        greedy_rows = (
            ("Points visited", str(max(0, len(greedy) - 2))),
            ("Length", f"{g_length / puzzle.scale:g} of {puzzle.tmax:g}"),
            ("Total", str(g_score)),
        )
        return Answer(
            result.status,
            score,
            result.bound,
            result.solve_time,
            stopped or result.interrupted,
            walked,
            rows,
            greedy_rows,
            (result.message,) if result.message else (),
            f"{length:g} of {puzzle.tmax:g} ({length / puzzle.tmax:.0%})" if puzzle.tmax else "",
            self.unit,
        )

    def map_widget(self) -> ipywidgets.Widget:
        return self.board

    def show_step(self, answer: Answer | None, step: int) -> None:
        if answer is None:
            self.board.highlight = []
            self.board.pieces = list(points_pieces(self.instance, ()))
            return
        self.board.pieces = list(answer.walk.pieces_at(step))
        self.board.highlight = answer.walk.route(step)


def points_graph(instance: Any) -> nx.Graph:
    """An orienteering instance's points as a board: each at its coordinates (north up; round a
    circle when the instance has none), the start and the end marked apart."""
    graph = nx.Graph(name=instance.name)
    for point in range(instance.n):
        if instance.coords:
            x, y = instance.coords[point]
        else:
            x, y = (
                math.cos(2 * math.pi * point / instance.n),
                math.sin(2 * math.pi * point / instance.n),
            )
        role = "start" if point == instance.start else "end" if point == instance.end else "point"
        graph.add_node(str(instance.label(point)), pos=(x, -y), region=role)
    return graph


def points_pieces(instance: Any, route: Sequence[str]) -> tuple[Piece, ...]:
    """Each point's score beside it (a note while it waits, a green marker once the route has
    collected it) and the traveller's pawn where the route has reached."""
    visited = set(route)
    pieces = []
    for point in range(instance.n):
        name, score = str(instance.label(point)), instance.scores[point]
        if score and name in visited:
            pieces.append(
                Piece(name, "marker", str(score), "#1a9850", f"{score} points, collected")
            )
        elif score:
            pieces.append(Piece(name, "note", str(score), "", f"{score} points"))
    if route:
        pieces.append(Piece(route[-1], "pawn", "", "#d62728", "the traveller"))
    return tuple(pieces)


SOLVE_CSS = """
.kit-solve .kit-plan ol { margin: 2px 0 6px 0; }
.kit-solve .kit-part { font-weight: bold; margin-top: 6px; }
.kit-solve .kit-step { font-size: 14px; padding-top: 4px; }
.kit-solve .kit-sheets td, .kit-solve .kit-sheets th { padding: 1px 14px 1px 0; }
"""
CHART = (340, 170, 44, 12, 10, 30)
"""The progress chart's width and height and its margins (left, right, top, bottom), pixels."""


def progress_svg(found: Sequence[tuple[float, int, float]], limit: float) -> str:
    """The best score and the bound over the seconds of the search, as a small SVG drawn here:
    it is redrawn while the planner runs, and a text of a few hundred bytes made in a tenth of a
    millisecond keeps up where a plotting library's picture takes a tenth of a second or more
    (on a machine the planner keeps busy)."""
    width, height, left, right, top, bottom = CHART
    span = max(limit, max((t for t, _, _ in found), default=0.0)) or 1.0
    bounds = [b for _, _, b in found if not math.isinf(b)]
    values = [s for _, s, _ in found] + bounds
    low, high = (min(values), max(values)) if values else (0, 1)
    if high == low:
        low, high = low - 1, high + 1

    def x(t: float) -> float:
        return left + (width - left - right) * t / span

    def y(v: float) -> float:
        return height - bottom - (height - top - bottom) * (v - low) / (high - low)

    def steps(points: Sequence[tuple[float, float]], style: str) -> str:
        if not points:
            return ""
        path = f"M{x(points[0][0]):.1f} {y(points[0][1]):.1f}"
        for (_, before), (t, v) in pairwise(points):
            path += f"H{x(t):.1f}V{y(v):.1f}" if v != before else f"H{x(t):.1f}"
        path += f"H{x(span):.1f}"
        return f'<path d="{path}" fill="none" {style}/>'

    best = steps([(t, s) for t, s, _ in found], 'stroke="#0072b2" stroke-width="2"')
    bound = steps(
        [(t, b) for t, _, b in found if not math.isinf(b)],
        'stroke="#d55e00" stroke-width="1.5" stroke-dasharray="5 3"',
    )
    base, right_end = height - bottom, width - right
    ticks = "".join(
        f'<text x="{x(t):.1f}" y="{base + 13}" text-anchor="middle">{t:g}</text>'
        for t in (0, round(span / 2, 1), round(span, 1))
    )
    ticks += "".join(
        f'<text x="{left - 4}" y="{y(v) + 4:.1f}" text-anchor="end">{v:g}</text>'
        for v in ((low, high) if values else ())
    )
    legend = (
        f'<text x="{left + 6}" y="{top + 13}" fill="#0072b2">best plan</text>'
        f'<text x="{left + 76}" y="{top + 13}" fill="#d55e00">limit (proven)</text>'
    )
    return (
        f'<svg class="kit-progress" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" font-family="Helvetica, Arial, sans-serif" font-size="11">'
        f'<rect x="{left}" y="{top}" width="{right_end - left}" height="{base - top}" '
        f'fill="#fafafa" stroke="#999"/>{best}{bound}{ticks}{legend}'
        f'<text x="{(left + right_end) / 2}" y="{height - 2}" text-anchor="middle">seconds'
        "</text></svg>"
    )


def planner_for(puzzle_or_state: Any) -> Planner:
    """The planner of a puzzle, of a game's state (a solo puzzle from it), or of an
    orienteering instance."""
    from kit.solve.orienteering import OPInstance

    if isinstance(puzzle_or_state, OPInstance):
        return Orienteering(puzzle_or_state)
    if isinstance(puzzle_or_state, State):
        return game_planner(puzzle_or_state.game.name)(puzzle_from(puzzle_or_state))
    module = type(puzzle_or_state).__module__
    for game in GAMES.values():  # a game's puzzles are of its planner's package
        if module == game.planner or module.startswith(f"{game.planner}."):
            return game.solver_class()(puzzle_or_state)
    raise KitError(
        f"no planner for {type(puzzle_or_state).__name__}: give an 80-day, five-round or "
        "four-week puzzle, a game's state, or an orienteering instance (OPInstance)"
    )


def game_planner(name: str) -> type[GamePlanner]:
    """The planner of the game `name` (its record's `solver`, `kit.games`)."""
    if name not in GAMES:
        raise KitError(f"no planner plans the game {name!r}; the planners plan {', '.join(GAMES)}")
    return GAMES[name].solver_class()


# --- the panel ------------------------------------------------------------------------------
class SolvePanel(ipywidgets.VBox):  # type: ignore[misc]  # ipywidgets has no types
    """The solver panel (see the module docstring). For code and tests:

    - `planner`: the planner's part (`controls`, `board` for a game);
    - `solve_button`, `stop_button`, `time_limit`, `workers`, `progress`, `step` (the slider);
    - `found`: every improving plan streamed so far, as (seconds, score, bound);
    - `result`: what the planner returned (a `Plan`, an `OPResult`), `answer` as drawn;
    - `message`: what the panel says (the status, why a Solve was refused);
    - `wait(timeout)`: until the running search has ended and its plan is drawn;
    - `shown`: for each streamed plan, the moment the planner found it and the moment the panel
      showed it (`time.perf_counter()`), for the benchmark."""

    def __init__(self, planner: Planner) -> None:
        pools.warm()  # the planners' helpers start at once on the first Solve
        self.planner = planner
        self._lock = threading.RLock()
        self.job: Background | None = None
        self.found: list[tuple[float, int, float]] = []
        self.shown: list[tuple[float, float]] = []
        self.result: Any = None
        self.answer: Answer | None = None
        self._limit = planner.time_limit
        self._drawn = 0  # how many of `found` the chart shows
        self._searching = False  # until the search's answer is drawn
        wide = {"description_width": "auto"}
        # The boxes hold what `kit.core.limits` allows: workers up to this machine's cores.
        self.time_limit = ipywidgets.BoundedFloatText(
            planner.time_limit,
            min=0.1,
            max=limits.MOST_SECONDS,
            description="time limit (s)",
            style=wide,
        )
        self.workers = ipywidgets.BoundedIntText(
            min(planner.workers, limits.cores()),
            min=1,
            max=limits.cores(),
            description="workers",
            style=wide,
            tooltip=f"processes and threads, up to this machine's {limits.cores()} cores",
        )
        self.solve_button = ipywidgets.Button(description="Solve", icon="play")
        self.stop_button = ipywidgets.Button(description="Stop", icon="stop", disabled=True)
        self.progress = ipywidgets.FloatProgress(0.0, min=0.0, max=1.0, description="search")
        self._status = ipywidgets.HTML()
        self._message_text = ""
        self.chart = ipywidgets.HTML(progress_svg([], self._limit))
        self.step = ipywidgets.IntSlider(
            0, min=0, max=0, description="step", disabled=True, continuous_update=True,
            layout=ipywidgets.Layout(flex="1 1 300px"),
        )  # fmt: skip
        self._step_text = ipywidgets.HTML(layout=ipywidgets.Layout(flex="2 1 300px"))
        self._current = ipywidgets.HTML()  # the style of the current step (`current_css`)
        self._scope = f"kit-solve-{id(self):x}"
        self.timeline = ipywidgets.HTML()
        self._plan = ipywidgets.HTML()
        self._sheets = ipywidgets.HTML()
        self.solve_button.on_click(self._solve)
        self.stop_button.on_click(self._stop)
        self.step.observe(self._stepped, "value")
        super().__init__(self._layout(), layout=ipywidgets.Layout(width="100%"))
        self.add_class("kit-solve").add_class(self._scope)

    @property
    def message(self) -> str:
        return self._message_text

    def _layout(self) -> list[ipywidgets.Widget]:
        heading = ipywidgets.HTML(
            f"<style>{PANEL_CSS}{SOLVE_CSS}</style>"
            f"<h3 style='margin:4px 0'>{escape(self.planner.title)}</h3>"
        )
        wrap = ipywidgets.Layout(flex_flow="row wrap")
        controls = ipywidgets.HBox(
            [*self.planner.controls, self.time_limit, self.workers], layout=wrap
        )
        buttons = ipywidgets.HBox([self.solve_button, self.stop_button, self.progress])
        map_part = self.planner.map_widget()
        map_part.layout.flex = "3 1 520px"
        side = ipywidgets.VBox(
            [self._status, self.chart],
            layout=ipywidgets.Layout(flex="2 1 340px", padding="0 0 0 8px", min_width="0"),
        )
        self._plan.layout = ipywidgets.Layout(
            flex="3 1 440px", max_height="340px", overflow="auto", min_width="0"
        )
        self._sheets.layout = ipywidgets.Layout(flex="2 1 300px", min_width="0")
        return [
            heading,
            controls,
            buttons,
            ipywidgets.HBox([map_part, side], layout=wrap),
            ipywidgets.HBox([self.step, self._step_text, self._current], layout=wrap),
            self.timeline,
            ipywidgets.HBox([self._plan, self._sheets], layout=wrap),
        ]

    # --- a search --------------------------------------------------------------------------
    def _solve(self, _: object = None) -> None:
        with self._lock:
            if self.job is not None and not self.job.finished.is_set():
                self._say("refused: a search is running; Stop it first", error=True)
                return
            try:
                puzzle = self.planner.puzzle()
            except (KitError, ValueError) as error:
                self._say(f"refused: {error}; nothing changed", error=True)
                return
            limit, workers = float(self.time_limit.value), int(self.workers.value)
            self._limit = limit
            self.found, self.shown = [], []
            self.result, self.answer, self._drawn = None, None, 0
            job: Background

            def work() -> Any:
                return self.planner.run(
                    puzzle, limit, workers, lambda *found: self._found(job, *found)
                )

            def done(ended: Background, result: Any, stopped: bool, error: Any) -> None:
                self._finished(ended, puzzle, result, stopped, error)

            job = Background(work, done)
            self.job, self._searching = job, True
            self.solve_button.disabled, self.stop_button.disabled = True, False
            self.progress.value, self.progress.bar_style = 0.0, ""
            self.chart.value = progress_svg([], limit)
            self._show(None)
            self._say("searching...")
            job.start()
            threading.Thread(target=self._ticker, args=(job,), daemon=True).start()

    def _stop(self, _: object = None) -> None:
        job = self.job
        if job is None or job.finished.is_set():
            self._say("refused: no search is running", error=True)
        elif job.stop():
            self._say("stopping: the best plan so far follows")

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the search has ended and its answer is drawn; whether it has."""
        job = self.job
        return job is None or job.wait(timeout)

    def _found(self, job: Background, score: int, bound: float, elapsed: float) -> None:
        """An improving plan, streamed by the planner on one of its threads."""
        heard = time.perf_counter()
        with self._lock:
            if job is not self.job:
                return
            self.found.append((elapsed, score, bound))
            proof = bound_words(score, bound, False)
            self._say(f"best so far: a plan scoring {score}; {proof} ({elapsed:.1f} s)")
            self._draw_chart()
            self.shown.append((heard, time.perf_counter()))

    def _ticker(self, job: Background) -> None:
        """The progress bar, moved on while the search runs."""
        while not job.finished.wait(TICK):
            with self._lock:
                if job is not self.job or not self._searching:
                    return
                self.progress.value = min(1.0, (time.perf_counter() - job.began) / self._limit)

    def _draw_chart(self) -> None:
        if self._drawn != len(self.found):
            self._drawn = len(self.found)
            self.chart.value = progress_svg(self.found, self._limit)

    def _finished(
        self, job: Background, puzzle: Any, result: Any, stopped: bool, error: BaseException | None
    ) -> None:
        answer = None
        # An infeasible result has no plan to draw: its own words say why (the earliest day a
        # goal can be reached, an orienteering instance's shortest way and budget).
        infeasible = result is not None and result.status == INFEASIBLE
        if error is None and result is not None and not infeasible:
            try:
                answer = self.planner.answer(puzzle, result, stopped)
            except Exception as failure:  # shown in the panel
                error = failure
        with self._lock:
            if job is not self.job:
                return
            self._searching = False
            self.solve_button.disabled, self.stop_button.disabled = False, True
            self.progress.value = 1.0
            self.progress.bar_style = "warning" if stopped else "success"
            score, bound = (None, None) if result is None else (result.objective, result.bound)
            if score is not None and bound is not None and self.found:
                seconds = max(time.perf_counter() - job.began, self.found[-1][0])
                self.chart.value = progress_svg([*self.found, (seconds, score, bound)], self._limit)
            else:
                self._draw_chart()
            self.result, self.answer = result, answer
            if error is not None:
                self._say(f"the planner failed: {error}", error=True)
            elif result is None:
                self._say("stopped before any plan was found" if stopped else "no plan found")
            elif answer is None:
                self._say(str(result).splitlines()[0])
            else:
                self._say(summary(answer))
            self._show(answer)

    # --- the plan ----------------------------------------------------------------------------
    def _show(self, answer: Answer | None) -> None:
        """Draw the plan on the map, the timeline chart, the steps and the score sheets."""
        count = len(answer.steps) if answer else 0
        self.step.max, self.step.value = max(0, count), 0
        self.step.disabled = count == 0
        self.planner.show_step(answer, 0)
        if answer is None:
            self.timeline.value = self._plan.value = self._sheets.value = ""
            self._step_text.value = self._current.value = ""
            return
        self._sheets.value = sheets_html(answer)
        self.timeline.value = chart_svg(answer.steps, answer.unit)
        self._plan.value = steps_html(answer)
        self._draw_step(answer, 0)

    def _draw_step(self, answer: Answer, step: int) -> None:
        """The plan at slider position `step`: the pawn after that step, the step standing out
        on the map, the chart and the list, and its words beside the slider."""
        self.planner.show_step(answer, step)
        self._current.value = current_css(self._scope, step)
        if step:
            shown = answer.steps[step - 1]
            words = f"step {step} of {len(answer.steps)}: {shown.when} {shown.text}".strip()
        else:
            words = f"the start: {answer.walk.place}" if answer.walk.place else "the start"
        self._step_text.value = f"<div class='kit-step'>{escape(words)}</div>"

    def _stepped(self, change: dict[str, Any]) -> None:
        with self._lock:
            if self.answer is not None:
                self._draw_step(self.answer, int(change["new"]))

    def _say(self, text: str, error: bool = False) -> None:
        self._message_text = text
        style = "color:#b2182b" if error else ""
        self._status.value = f"<div class='kit-solve-status' style='{style}'>{escape(text)}</div>"


def solve(puzzle_or_state: Any) -> SolvePanel:
    """The solver panel of an 80-day, five-round or four-week puzzle, of a game's state (the
    planner's puzzle for the player to move, face-down things left face down), or of an
    orienteering instance (`OPInstance`)."""
    return SolvePanel(planner_for(puzzle_or_state))


__all__ = [
    "Answer",
    "Background",
    "GamePlanner",
    "Planner",
    "SolvePanel",
    "game_planner",
    "planner_for",
    "solve",
]
