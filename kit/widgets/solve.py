"""The solver panel: watch a planner work on a puzzle, then see its plan on the map.

    panel = kit.widgets.solve(puzzle)   # an 80-day, five-round or four-week puzzle, a game's
    panel                               # state, or an orienteering instance

The puzzle's assumptions and limits are controls (the side, the Traveller, the days of an
Explore and the last day for the 80-day planner; the travellers' set and the edition for the
five-round one; the deal for the four-week one; the travel budget of an orienteering instance;
the time limit and the workers for all). Solve runs the planner on a thread of its own, so the
notebook stays responsive; every improving plan the planner streams (`on_solution`) is shown
at once, in the status line and on the chart of the best score and the bound over time (a
small SVG drawn here: a plotting library's picture took 0.2 s to redraw on a busy machine), and
the progress bar follows the time limit. Stop stops the planner as Ctrl-C would
(`kit.solve.plan.interrupt`) and keeps the best plan found so far. Then the plan is drawn: on
the board (the route with its step numbers; a step slider moves the pawn along it), as a
timeline chart (days or rounds across, a bar per step, a row per kind of action), in words,
and as its score sheet beside the greedy bot's on the same puzzle. An orienteering instance
is drawn as its points and the route, with the budget used.

Widgets are changed from the planner's threads: every change goes through one lock (`_lock`),
and a search's callbacks are dropped once another search has started."""

from __future__ import annotations

import dataclasses
import io
import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import ipywidgets
from matplotlib.figure import Figure

from kit.core import KitError, ScoreSheet, State
from kit.solve.plan import Interrupted, Plan, bound_text, interrupt
from kit.solve.position import puzzle_from
from kit.widgets.board import Board
from kit.widgets.picture import AUTO
from kit.widgets.pieces import Piece
from kit.widgets.views import PANEL_CSS, escape, view_for

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


# --- what the panel draws of a plan ---------------------------------------------------------
@dataclass(frozen=True)
class Bar:
    """One step of a plan on the timeline chart: from `start` to `end` (days, rounds or
    distance) in the row of its `kind`, numbered as on the map."""

    number: int
    start: float
    end: float
    kind: str
    label: str


@dataclass(frozen=True)
class Answer:
    """A planner's answer as the panel shows it.

    `route` is where the traveller stands at the start and after each step (the board's
    highlight: the start ringed, step k numbered k); `positions` the pieces on the map at the
    start and after each step (the step slider's); `sheet` and `greedy` the score sheets of
    the plan and of the greedy bot as rows (label, points)."""

    status: str
    score: int | None
    bound: float | None
    seconds: float
    stopped: bool
    steps: tuple[str, ...]
    route: tuple[str, ...]
    positions: tuple[tuple[Piece, ...], ...]
    bars: tuple[Bar, ...]
    sheet: tuple[tuple[str, str], ...]
    greedy: tuple[tuple[str, str], ...]
    notes: tuple[str, ...] = ()
    used: str = ""  # the budget used (orienteering)


def sheet_rows(sheet: ScoreSheet | None) -> tuple[tuple[str, str], ...]:
    if sheet is None:
        return ()
    rows = [
        (line.label, f"{line.points}" + (f" ({line.detail})" if line.detail else ""))
        for line in sheet.lines
    ]
    return (*rows, ("Total", str(sheet.total)))


@dataclass(frozen=True)
class Walk:
    """A plan's history played from its start: where the player stands and the pieces on the
    map before the first step and after each, and each step's first action's kind."""

    route: tuple[str, ...]
    positions: tuple[tuple[Piece, ...], ...]
    kinds: tuple[str, ...]
    final: State


def walk(start: State, plan: Plan, player: int) -> Walk:
    """Play `plan.history` from `start` (a fresh state) step by step: a step ends when as many
    of the player's actions as it names have been played and the next one is due (the chance
    they lead to is resolved in between)."""
    view = view_for(start.game)
    ends = []
    total = 0
    for step in plan.steps:
        total += len(step.actions)
        ends.append(total)
    state = start
    played = 0
    positions = [tuple(view.pieces(state.observation(player)))]
    places = [pawn_place(positions[0], player)]
    where = places[0]  # the place of the last action that names one
    kinds: list[str] = []

    def reached() -> None:
        positions.append(tuple(view.pieces(state.observation(player))))
        places.append(pawn_place(positions[-1], player) or where)

    for name in plan.history:
        decision = not state.is_chance_node
        if decision:
            while len(positions) <= len(ends) and played == ends[len(positions) - 1]:
                reached()
        state.apply(name)
        if decision:
            action = state.history[-1]
            kind = str(getattr(action, "kind", "action"))
            if len(kinds) < len(ends) and played == (ends[len(kinds) - 1] if kinds else 0):
                kinds.append(kind)
            elif kinds and kinds[-1] == "travel" and played < ends[len(kinds) - 1]:
                kinds[-1] = kind  # a step's main action is the first that is not a move
            where = str(getattr(action, "place", None) or where)
            played += 1
    while len(positions) <= len(plan.steps):
        reached()
    kinds += ["action"] * (len(plan.steps) - len(kinds))
    if not places[0] and len(places) > 1:  # no pawn on the map yet: it starts at step 1's place
        places[0] = places[1]
    route = tuple(places) if all(places) else ()
    return Walk(route, tuple(positions), tuple(kinds), state)


def pawn_place(pieces: Sequence[Piece], player: int) -> str:
    """The place of `player`'s pawn among `pieces` ("" if it is not on the map)."""
    return next((p.place for p in pieces if p.kind == "pawn" and p.label == str(player)), "")


def bars_of(steps: Sequence[Any], kinds: Sequence[str]) -> tuple[Bar, ...]:
    """The steps as bars: a step over days from its day to its end; steps that take no time
    share the unit after their day, side by side (the plays of one round, Wolfgang's free
    moves of one day)."""
    instant: dict[int, int] = {}
    for step in steps:
        if step.end <= step.day:
            instant[step.day] = instant.get(step.day, 0) + 1
    seen: dict[int, int] = {}
    bars = []
    for number, (step, kind) in enumerate(zip(steps, kinds, strict=True), start=1):
        if step.end > step.day:
            start, end = float(step.day), float(step.end)
        else:
            share = 1 / instant[step.day]
            start = step.day + share * seen.get(step.day, 0)
            end = start + share
            seen[step.day] = seen.get(step.day, 0) + 1
        bars.append(Bar(number, start, end, kind, " + ".join(step.actions)))
    return tuple(bars)


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


def dropdown(description: str, options: Any, value: Any) -> ipywidgets.Dropdown:
    return ipywidgets.Dropdown(
        description=description, options=options, value=value, style={"description_width": "auto"}
    )


class GamePlanner(Planner):
    """A game's planner: the plan is drawn on the game's board, the pawn at the slider's step.
    `run` and `start` need no panel: the play panel's advisor calls them too."""

    def __init__(self, state: State, player: int = 0) -> None:
        super().__init__()
        self.player = player
        # A board of one's own (the `content` option) is not the map the outlines are for.
        outline = None if state.game.options.get("content") else AUTO
        pieces = view_for(state.game).pieces(state.observation(player))
        self.board = Board(state.game.board(), outline=outline, pieces=pieces)

    def map_widget(self) -> ipywidgets.Widget:
        return self.board

    @staticmethod
    def start(puzzle: Any, plan: Plan) -> State:
        """The fresh state the plan's history is played from."""
        return puzzle.state()  # type: ignore[no-any-return]

    @staticmethod
    def run(puzzle: Any, time_limit: float, workers: int, on_solution: OnSolution) -> Any:
        raise NotImplementedError

    def greedy(self, puzzle: Any) -> ScoreSheet:
        raise NotImplementedError

    def answer(self, puzzle: Any, result: Any, stopped: bool) -> Answer:
        plan: Plan = result
        walked = walk(self.start(puzzle, plan), plan, self.player)
        return Answer(
            plan.status,
            plan.objective,
            plan.bound,
            plan.solve_time,
            stopped,
            tuple(str(step) for step in plan.steps),
            walked.route,
            walked.positions,
            bars_of(plan.steps, walked.kinds),
            sheet_rows(plan.sheet),
            sheet_rows(self.greedy(puzzle)),
            plan.assumptions,
        )

    def show_step(self, answer: Answer | None, step: int) -> None:
        if answer is None:
            self.board.highlight = []
            return
        self.board.pieces = list(answer.positions[step])
        self.board.highlight = list(answer.route)
        self.board.selected = answer.route[step] if answer.route else ""


class EightyDays(GamePlanner):
    """The 80-day planner (`kit.solve.eighty_days`): side, Traveller, Explore days, last day."""

    title = "The 80-day planner"

    def __init__(self, puzzle: Any) -> None:
        from kit.amazing_journey.content import SIDES

        super().__init__(puzzle.position, puzzle.player)
        self.original = puzzle
        game = puzzle.position.game
        solo = game.num_players == 1
        names = [t.name for t in puzzle.content.travellers]
        mine = puzzle.traveller.name if puzzle.traveller else names[0]
        self.side = dropdown("side", SIDES, game.options["side"])
        self.traveller = dropdown("Traveller", names, mine)
        self.side.disabled = self.traveller.disabled = not solo
        durations = sorted({result.days for _, result, _ in puzzle.tables.faces})
        self.explore = ipywidgets.Text(
            ", ".join(map(str, puzzle.durations)),
            description="explore days",
            tooltip=f"one of {durations} for every Explore, or the die's results in order",
            style={"description_width": "auto"},
        )
        self.days = ipywidgets.BoundedIntText(
            puzzle.limit, min=1, max=10 * puzzle.tables.length, description="day limit"
        )
        self.controls = [self.side, self.traveller, self.explore, self.days]

    def puzzle(self) -> Any:
        from kit.solve.eighty_days import Puzzle, standard_puzzle

        try:
            explore = tuple(int(part) for part in self.explore.value.replace(",", " ").split())
        except ValueError:
            raise KitError(f"explore days: {self.explore.value!r} is not whole numbers") from None
        days = int(self.days.value)
        old = self.original
        game = old.position.game
        if self.side.value == game.options["side"] and (
            old.traveller is None or self.traveller.value == old.traveller.name
        ):
            return Puzzle(old.position, old.player, explore, days, old.revealed)
        return standard_puzzle(
            self.side.value,
            self.traveller.value,
            explore,
            game.seed,
            days,
            game.options.get("content"),
        )

    @staticmethod
    def run(puzzle: Any, time_limit: float, workers: int, on_solution: OnSolution) -> Any:
        from kit.solve.eighty_days import solve

        return solve(puzzle, time_limit=time_limit, workers=workers, on_solution=on_solution)

    @staticmethod
    def start(puzzle: Any, plan: Plan) -> State:
        return puzzle.start(plan.history)  # type: ignore[no-any-return]

    def greedy(self, puzzle: Any) -> ScoreSheet:
        from kit.solve.eighty_days import greedy_game

        return greedy_game(puzzle).final.scores()[puzzle.player]  # type: ignore[no-any-return]


class FiveRounds(GamePlanner):
    """The five-round planner (`kit.solve.five_rounds`): the travellers' set and the edition."""

    title = "The five-round planner"
    unit = "round"
    time_limit = 20.0

    def __init__(self, puzzle: Any) -> None:
        from kit.solve.five_rounds import SETS
        from kit.timeless_journeys.content import EDITIONS

        super().__init__(puzzle.position)
        self.original = puzzle
        options = puzzle.position.game.options
        chosen = "intro" if options["mode"] == "intro" else "".join(options["travellers"] or ())
        self.set = dropdown("travellers' set", SETS, chosen if chosen in SETS else "intro")
        self.edition = dropdown("edition", tuple(EDITIONS), options["edition"])
        self.chosen = (self.set.value, self.edition.value)
        self.controls = [self.set, self.edition]

    def puzzle(self) -> Any:
        from kit.solve.five_rounds import standard_puzzle

        if (self.set.value, self.edition.value) == self.chosen:
            return self.original
        return standard_puzzle(self.set.value, self.edition.value, self.original.seed)

    @staticmethod
    def run(puzzle: Any, time_limit: float, workers: int, on_solution: OnSolution) -> Any:
        from kit.solve.five_rounds import solve

        return solve(puzzle, time_limit=time_limit, workers=workers, on_solution=on_solution)

    def greedy(self, puzzle: Any) -> ScoreSheet:
        from kit.solve.five_rounds import greedy_game

        return greedy_game(puzzle).final.scores()[0]


class FourWeeks(GamePlanner):
    """The four-week planner (`kit.solve.four_weeks`): the deal."""

    title = "The four-week planner"

    def __init__(self, puzzle: Any) -> None:
        super().__init__(puzzle.position)
        self.original = puzzle
        self.deal = ipywidgets.BoundedIntText(
            puzzle.seed, min=0, max=2**31, description="deal (seed)"
        )
        self.controls = [self.deal]

    def puzzle(self) -> Any:
        from kit.solve.four_weeks import standard_puzzle

        if self.deal.value == self.original.seed:
            return self.original
        content = self.original.position.game.options.get("content")
        return standard_puzzle(int(self.deal.value), content=content)

    @staticmethod
    def run(puzzle: Any, time_limit: float, workers: int, on_solution: OnSolution) -> Any:
        from kit.solve.four_weeks import solve

        return solve(puzzle, time_limit=time_limit, workers=workers, on_solution=on_solution)

    @staticmethod
    def start(puzzle: Any, plan: Plan) -> State:
        state = puzzle.state()
        puzzle.settle(state)
        return state  # type: ignore[no-any-return]

    def greedy(self, puzzle: Any) -> ScoreSheet:
        from kit.solve.four_weeks import greedy_game

        return greedy_game(puzzle).scores()[0]


class Orienteering(Planner):
    """The orienteering planner (`kit.solve.orienteering`): the travel budget. The map is the
    instance's points (sized by score) and the route, the budget used in its title; the
    greedy yardstick is `heuristic_route`."""

    title = "The orienteering planner"
    unit = "distance"

    def __init__(self, instance: Any) -> None:
        super().__init__()
        self.original = instance
        self.budget = ipywidgets.BoundedFloatText(
            instance.tmax, min=0, max=1e9, description="travel budget"
        )
        self.controls = [self.budget]
        self.picture = ipywidgets.Image(format="png", layout=ipywidgets.Layout(max_width="640px"))
        self.instance = instance
        self.shown: Answer | None = None

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
        legs = [puzzle.distances[a][b] / puzzle.scale for a, b in pairwise(indices)]
        bars, at = [], 0.0
        for number, (leg, point) in enumerate(zip(legs, indices[1:], strict=True), start=1):
            label = f"to {puzzle.label(point)} (+{puzzle.scores[point]})"
            bars.append(Bar(number, at, at + leg, "travel", label))
            at += leg
        greedy = heuristic_route(puzzle)
        g_score, g_length = puzzle.evaluate(greedy) if greedy else (0, 0)
        score, length = (result.score, result.length) if indices else (None, 0.0)
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
            result.status.lower(),
            score,
            result.bound,
            result.wall_time,
            stopped or result.interrupted,
            tuple(str(bar.label) for bar in bars),
            tuple(str(puzzle.label(i)) for i in indices),
            (),
            tuple(bars),
            rows,
            greedy_rows,
            (result.message,) if result.message else (),
            f"{length:g} of {puzzle.tmax:g} ({length / puzzle.tmax:.0%})" if puzzle.tmax else "",
        )

    def map_widget(self) -> ipywidgets.Widget:
        self.show_step(None, 0)
        return self.picture

    def show_step(self, answer: Answer | None, step: int) -> None:
        self.shown = answer
        self.picture.value = points_png(self.instance, answer, step)


def points_png(instance: Any, answer: Answer | None, step: int) -> bytes:
    """An orienteering instance's points (area by score), its start and end, and the route
    with its stops numbered, the stop at `step` ringed."""
    figure = Figure(figsize=(6.4, 4.8), dpi=80)
    axes = figure.add_subplot()
    coords = instance.coords or [
        (math.cos(2 * math.pi * i / instance.n), math.sin(2 * math.pi * i / instance.n))
        for i in range(instance.n)
    ]
    xs, ys = [c[0] for c in coords], [c[1] for c in coords]
    most = max(instance.scores) or 1
    sizes = [20 + 120 * score / most for score in instance.scores]
    axes.scatter(xs, ys, s=sizes, c="#9ecae1", edgecolors="#3182bd", zorder=2)
    for point in (instance.start, instance.end):
        axes.scatter([xs[point]], [ys[point]], s=160, marker="s", c="#e15759", zorder=3)
    title = f"{instance.name}: {instance.n} points, budget {instance.tmax:g}"
    if answer is not None and answer.route:
        number = {str(instance.label(i)): i for i in range(instance.n)}
        route = [number[place] for place in answer.route]
        axes.plot([xs[i] for i in route], [ys[i] for i in route], c="#d55e00", lw=2, zorder=1)
        for k, point in enumerate(route[1:-1], start=1):
            axes.annotate(str(k), (xs[point], ys[point]), xytext=(4, 4),
                          textcoords="offset points", fontsize=9)  # fmt: skip
        here = route[min(step, len(route) - 1)]
        axes.scatter([xs[here]], [ys[here]], s=320, facecolors="none", edgecolors="black", lw=2)
        title += f"; score {answer.score}, length {answer.used}"
    axes.set_title(title, fontsize=10)
    axes.set_aspect("equal", adjustable="datalim")
    axes.set_xticks([])
    axes.set_yticks([])
    return png(figure)


def png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", bbox_inches="tight")
    return buffer.getvalue()


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
        f'<text x="{left + 6}" y="{top + 12}" fill="#0072b2">best score</text>'
        f'<text x="{left + 80}" y="{top + 12}" fill="#d55e00">bound</text>'
    )
    return (
        f'<svg class="kit-progress" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" font-family="Helvetica, Arial, sans-serif" font-size="10">'
        f'<rect x="{left}" y="{top}" width="{right_end - left}" height="{base - top}" '
        f'fill="#fafafa" stroke="#999"/>{best}{bound}{ticks}{legend}'
        f'<text x="{(left + right_end) / 2}" y="{height - 2}" text-anchor="middle">seconds'
        "</text></svg>"
    )


def timeline_png(bars: Sequence[Bar], unit: str) -> bytes:
    """The plan's steps as bars over the days (rounds, distance), a row per kind of action."""
    kinds = list(dict.fromkeys(bar.kind for bar in bars))
    figure = Figure(figsize=(8, 0.6 + 0.45 * max(1, len(kinds))), dpi=80)
    axes = figure.add_subplot()
    palette = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7")
    for bar in bars:
        row = kinds.index(bar.kind)
        colour = palette[row % len(palette)]
        axes.barh(row, bar.end - bar.start, left=bar.start, height=0.6, color=colour,
                  edgecolor="black", lw=0.5)  # fmt: skip
        axes.text((bar.start + bar.end) / 2, row, str(bar.number), ha="center", va="center",
                  fontsize=7)  # fmt: skip
    axes.set_yticks(range(len(kinds)), kinds, fontsize=8)
    axes.invert_yaxis()
    axes.set_xlabel(unit, fontsize=8)
    axes.tick_params(axis="x", labelsize=8)
    return png(figure)


def planner_for(puzzle_or_state: Any) -> Planner:
    """The planner of a puzzle, of a game's state (a solo puzzle from it), or of an
    orienteering instance."""
    from kit.solve.orienteering import OPInstance

    if isinstance(puzzle_or_state, OPInstance):
        return Orienteering(puzzle_or_state)
    if isinstance(puzzle_or_state, State):
        return GAMES_PLANNERS[puzzle_or_state.game.name](puzzle_from(puzzle_or_state))
    module = type(puzzle_or_state).__module__
    for name, planner in PUZZLES.items():
        if module.startswith(name):
            return planner(puzzle_or_state)
    raise KitError(
        f"no planner for {type(puzzle_or_state).__name__}: give an 80-day, five-round or "
        "four-week puzzle, a game's state, or an orienteering instance (OPInstance)"
    )


PUZZLES: dict[str, Callable[[Any], Planner]] = {
    "kit.solve.eighty_days": EightyDays,
    "kit.solve.five_rounds": FiveRounds,
    "kit.solve.four_weeks": FourWeeks,
}
GAMES_PLANNERS: dict[str, type[GamePlanner]] = {
    "amazing_journey": EightyDays,
    "timeless_journeys": FiveRounds,
}


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
        self.time_limit = ipywidgets.BoundedFloatText(
            planner.time_limit, min=0.1, max=24 * 3600, description="time limit (s)", style=wide
        )
        self.workers = ipywidgets.BoundedIntText(
            planner.workers, min=1, max=64, description="workers", style=wide
        )
        self.solve_button = ipywidgets.Button(description="Solve", icon="play")
        self.stop_button = ipywidgets.Button(description="Stop", icon="stop", disabled=True)
        self.progress = ipywidgets.FloatProgress(0.0, min=0.0, max=1.0, description="search")
        self._status = ipywidgets.HTML()
        self._message_text = ""
        image = ipywidgets.Layout(align_self="flex-start", max_width="100%")
        self.chart = ipywidgets.HTML(progress_svg([], self._limit))
        self.step = ipywidgets.IntSlider(
            0, min=0, max=0, description="step", disabled=True, continuous_update=True,
            layout=ipywidgets.Layout(width="100%"),
        )  # fmt: skip
        self.timeline = ipywidgets.Image(format="png", layout=image)
        self._plan = ipywidgets.HTML()
        self._sheets = ipywidgets.HTML()
        self.solve_button.on_click(self._solve)
        self.stop_button.on_click(self._stop)
        self.step.observe(self._stepped, "value")
        super().__init__(self._layout(), layout=ipywidgets.Layout(width="100%"))
        self.add_class("kit-solve")

    @property
    def message(self) -> str:
        return self._message_text

    def _layout(self) -> list[ipywidgets.Widget]:
        heading = ipywidgets.HTML(
            f"<style>{PANEL_CSS}</style><h3 style='margin:4px 0'>{escape(self.planner.title)}</h3>"
        )
        wrap = ipywidgets.Layout(flex_flow="row wrap")
        controls = ipywidgets.HBox(
            [*self.planner.controls, self.time_limit, self.workers], layout=wrap
        )
        buttons = ipywidgets.HBox([self.solve_button, self.stop_button, self.progress])
        map_part = self.planner.map_widget()
        map_part.layout.flex = "3 1 560px"
        map_part.layout.max_width = "900px"
        side = ipywidgets.VBox(
            [self._status, self.chart, self._sheets],
            layout=ipywidgets.Layout(flex="2 1 340px", padding="0 0 0 8px"),
        )
        return [
            heading,
            controls,
            buttons,
            ipywidgets.HBox([map_part, side], layout=wrap),
            self.step,
            self.timeline,
            self._plan,
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
            self._say(f"best so far {score} ({bound_text(bound)}) after {elapsed:.2f} s")
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
        if error is None and result is not None and getattr(result, "status", "") != "infeasible":
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
            score, bound = getattr(result, "objective", getattr(result, "score", None)), None
            if result is not None:
                bound = result.bound
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
        count = len(answer.route) - 1 if answer and answer.route else 0
        self.step.max, self.step.value = max(0, count), 0
        self.step.disabled = count == 0
        self.planner.show_step(answer, 0)
        if answer is None:
            self.timeline.value = b""
            self._plan.value = self._sheets.value = ""
            return
        self.timeline.value = timeline_png(answer.bars, self.planner.unit)
        self._sheets.value = sheets_html(answer)
        self._plan.value = plan_html(answer)

    def _stepped(self, change: dict[str, Any]) -> None:
        with self._lock:
            if self.answer is not None:
                self.planner.show_step(self.answer, int(change["new"]))

    def _say(self, text: str, error: bool = False) -> None:
        self._message_text = text
        style = "color:#b2182b" if error else ""
        self._status.value = f"<div class='kit-solve-status' style='{style}'>{escape(text)}</div>"


def summary(answer: Answer) -> str:
    """The plan in one line: its status, score, bound and time, and whether it was stopped."""
    stopped = "stopped: the best plan so far, " if answer.stopped else ""
    bound = "" if answer.bound is None else f", {bound_text(answer.bound)}"
    return f"{stopped}{answer.status} plan scoring {answer.score}{bound} ({answer.seconds:.2f} s)"


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


def plan_html(answer: Answer) -> str:
    """The steps, numbered as on the map, and what the plan assumes."""
    steps = "".join(f"<li>{escape(step)}</li>" for step in answer.steps)
    notes = "".join(f"<li>{escape(note)}</li>" for note in answer.notes)
    return (
        f"<div class='kit-plan'><b>The plan</b><ol>{steps}</ol>"
        + (
            f"<div class='kit-muted'>assumes:</div><ul class='kit-muted'>{notes}</ul>"
            if notes
            else ""
        )
        + "</div>"
    )


def solve(puzzle_or_state: Any) -> SolvePanel:
    """The solver panel of an 80-day, five-round or four-week puzzle, of a game's state (the
    planner's puzzle for the player to move, face-down things left face down), or of an
    orienteering instance (`OPInstance`)."""
    return SolvePanel(planner_for(puzzle_or_state))


__all__ = [
    "GAMES_PLANNERS",
    "Answer",
    "Background",
    "GamePlanner",
    "Planner",
    "SolvePanel",
    "planner_for",
    "solve",
    "walk",
]
