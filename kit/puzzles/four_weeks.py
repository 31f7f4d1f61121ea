"""Four-week puzzles: a route of plays for a solo game of the four-week Europe game, its chance
fixed (`kit.solve.four_weeks.Puzzle`: the deck's order and the Festivals of each week known).

`weeks_puzzle(seed, content)` deals one (`kit.solve.four_weeks.standard_puzzle`) and plans it
with the four-week planner (`kit.solve.four_weeks.solve`) within a time limit. On a small
content (one week of a few days, a hand of two) CP-SAT proves its plan optimal within a second;
on the full four weeks the plan is the best the planner found in the time, not proven optimal:
its bound (the most any plan can score, as far as the planner proved) is kept with it and said
wherever a route is compared with it. The plan keeps to the planner's conventions (see
`kit.solve.four_weeks.planner`); a student's route need not, and may score more.

`WeeksWalk` is a route of plays in progress, a play at a time: each play is one of the
player's legal actions (a region to start in or travel to, a card to visit, an activity, an
answer, an Extra, the end of the turn), the chance after it resolved in the puzzle's order. A
play the engine refuses is refused with the engine's reason and changes nothing.
`check_weeks` judges a whole route against the plan, score sheet line by line."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from kit.core import IllegalAction, ScoreSheet
from kit.core.words import plural
from kit.four_weeks.actions import FourWeeksAction
from kit.four_weeks.effects import amount
from kit.four_weeks.state import FourWeeksState
from kit.puzzles.verdict import (
    PuzzleError,
    Refused,
    Verdict,
    departure,
    limit_words,
    on_request,
    puzzle_seed,
    scored_lines,
    sheet_lines,
)
from kit.puzzles.walk import EngineWalk, players_steps
from kit.solve.four_weeks import Puzzle, solve, standard_puzzle
from kit.solve.plan import Plan

TIME_LIMIT = 10.0
"""The planner's seconds for a puzzle's plan (a small content is proven well within it)."""


@dataclass(frozen=True)
class WeeksPuzzle:
    """A four-week puzzle and its plan (see the module's docstring): the planner's `puzzle`
    (the deal, chance fixed) and `best`, the planner's plan, proven optimal or not."""

    seed: int
    puzzle: Puzzle = field(repr=False)
    best: Plan = field(compare=False, repr=False)

    @property
    def proven(self) -> bool:
        return self.best.is_optimal

    @property
    def score(self) -> int:
        assert self.best.objective is not None
        return self.best.objective

    @property
    def bound(self) -> int | None:
        """The most any plan can score, as far as the planner proved (the score when proven;
        None when the planner proved no bound in its time: the plan's own score is no bound,
        another route may score more)."""
        if self.proven:
            return self.score
        if self.best.bound is None:
            return None
        return math.floor(self.best.bound + 1e-6)

    @property
    def route(self) -> tuple[str, ...]:
        """The plan as the player's plays (its history without the chance outcomes)."""
        return players_steps(self.puzzle.state(), self.best.history)

    @property
    def proof(self) -> str:
        if self.proven:
            return f"{self.score} points, proven optimal by CP-SAT ({self.best.solve_time:.1f} s)"
        return (
            f"{self.score} points, the best plan the planner found in "
            f"{self.best.solve_time:.1f} s; not proven optimal: {limit_words(self.bound)}"
        )

    def describe(self) -> str:
        rules = self.puzzle.content.rules
        weeks = plural(rules.weeks, "week", "weeks")
        days = plural(rules.days_per_week, "day", "days")
        return (
            f"four-week puzzle, deal {self.seed}: {weeks} of {days}, a hand of "
            f"{rules.hand_size}; " + "; ".join(self.puzzle.assumptions()[:2])
        )

    def walk(self) -> WeeksWalk:
        return WeeksWalk(self)


def weeks_puzzle(
    seed: int = 1,
    content: str | None = None,
    time_limit: float = TIME_LIMIT,
    claims: Sequence[str] = (),
    workers: int = 1,
) -> WeeksPuzzle:
    """The solo deal `seed` of the four-week game on `content` (a folder of the four files of
    `seeds/four_weeks/`, or the game's own), planned within `time_limit` seconds on `workers`
    threads; `claims` are region codes whose Bucket List a route must claim. A proven plan's
    score is the same on every run and machine, but not always the plan: the planner's first
    stage refines greedy plans for a share of the time, and CP-SAT may prove another plan of
    the same score from where a slower machine's refining stopped (and the verdicts' lines
    change with it). A deal no route can meet, or one with no plan found in the time, is
    refused with the reason."""
    puzzle = standard_puzzle(puzzle_seed(seed), content=content, claims=claims)
    best = solve(puzzle, time_limit=time_limit, workers=workers)
    if best.objective is None:
        raise PuzzleError(f"four-week deal {seed}: {best}")
    return WeeksPuzzle(seed, puzzle, best)


class WeeksWalk(EngineWalk[FourWeeksState]):
    """A route of plays in progress from the puzzle's start (see the module's docstring).
    `route` is the plays so far (action names); `take(name)` plays one and the chance after
    it, or raises `Refused` with the engine's reason, changing nothing."""

    def __init__(self, puzzle: WeeksPuzzle) -> None:
        start = puzzle.puzzle.state()
        puzzle.puzzle.settle(start)
        super().__init__(start)
        self.puzzle = puzzle

    @property
    def place(self) -> str:
        here = self.state.pos[0]
        return self.state.game.content.regions[here].code if here >= 0 else ""

    def options(self, place: str) -> list[str]:
        """The plays a click on the region `place` may mean (a start or a travel there, a card
        of it to visit, an Extra there); refused with the engine's reason when there are none."""
        if self.finished:
            raise Refused("the four weeks are over: Check the route, or take plays back")
        here = [str(a) for a in self.legal() if a.place == place]
        if here:
            return here
        codes = [r.code for r in self.state.game.content.regions]
        if place not in codes:
            raise Refused(f"{place!r} is not a region of the map ({', '.join(codes)})")
        why = self._why_not(codes.index(place))
        regions = sorted({str(a.place) for a in self.legal() if a.place})
        shown = f" (the regions of your plays now: {', '.join(regions)})" if regions else ""
        raise Refused(f"no play of yours concerns {place} now: {why}{shown}")

    def _why_not(self, region: int) -> str:
        """The engine's reason against the play a click on `region` would most likely mean:
        the train there (or the plane) at the Travel step, else a play of the region of a kind
        now legal (a card of it to visit at the Activity step), else the question now due."""
        state, table = self.state, self.state.game.actions
        here, kinds = state.pos[0], {a.kind for a in self.legal()}
        if "activity" in kinds:
            kinds.add("visit")  # the Activity step with no card to visit
        wanted: list[FourWeeksAction] = []
        if "travel" in kinds and here >= 0:
            wanted += [t for t in table.train[here] if t.region == region]
            wanted.append(table.fly[region])
        code = state.game.content.regions[region].code
        plays = [a for a in table.by_name.values() if a.place == code and a.kind in kinds]
        hand = state.hands[0]
        wanted += sorted(plays, key=lambda a: getattr(a, "card", None) not in hand)  # held first
        for action in wanted:
            try:
                state.clone().apply(action)
            except IllegalAction as error:
                return str(error)
        return f"the question now is {state.question()}"

    def take(self, name: str) -> None:
        if self.finished:
            raise Refused("the four weeks are over: Check the route, or take plays back")
        action = self.chosen(name, "plays")
        after = self.state.clone()
        self.puzzle.puzzle.play(after, action)
        self.route.append(name)
        self._states.append(after)

    def sheet(self) -> ScoreSheet:
        return self.state.scores()[0]

    def status(self) -> list[str]:
        """The running figures: the day of the calendar and the step, the resources and free
        trips held, the hand, the score so far by the score sheet."""
        state = self.state
        rules = state.game.content.rules
        total = rules.weeks * rules.days_per_week
        spent = state.lengths()[0]
        if self.finished:
            when = f"the {plural(total, 'day', 'days')} are over"
        else:
            when = str(state.observation(0)["phase"]).replace("player 0's ", "")
        where = f"in {self.place}" if self.place else "the pawn not placed yet"
        held = ", ".join(amount(n, r) for r, n in enumerate(state.res[0]))
        if state.tickets[0]:
            held += ", " + plural(state.tickets[0], "free trip", "free trips")
        cards = state.game.content.locations
        hand = ", ".join(cards[c].title for c in state.hands[0]) or "empty"
        return [
            f"day {spent} of {total} spent, {total - spent} left; {when}; {where}",
            f"resources: {held}",
            f"hand: {hand}",
            f"score so far {self.sheet().total}",
        ]


def _visited(state: FourWeeksState) -> str:
    cards = state.game.content.locations
    return ", ".join(cards[c].title for c in sorted(state.visited[0])) or "none"


def check_weeks(puzzle: WeeksPuzzle, route: Sequence[str], *, reveal: bool = False) -> Verdict:
    """Judge a whole route of plays from the puzzle's start: the chance outcomes may be named
    too (as in a plan's history) and must be the puzzle's. Refused naming the play and the
    engine's reason; accepted when it scores as much as the plan; else the score sheets
    compared line by line, the Locations visited and where the route leaves the plan; with
    `reveal` the plan itself, which is shown only when asked for."""
    best_score, proven = puzzle.score, puzzle.proven
    bound = None if proven else puzzle.bound
    name = "the optimum" if proven else "the best known plan"
    solution = [f"{name}: " + "; ".join(puzzle.route)]

    def verdict(legal: bool, accepted: bool, score: int | None, lines: list[str]) -> Verdict:
        return Verdict(legal, accepted, score, best_score, tuple(lines), proven, bound)

    walk = WeeksWalk(puzzle)
    refused = walk.follow(route, "play")
    if refused is not None:
        return verdict(False, False, None, [refused, *(solution if reveal else [])])
    if not walk.finished:
        status = walk.status()[0]
        stops = f"the route stops before the game ends: {status}"
        return verdict(False, False, None, [stops, *(solution if reveal else [])])
    sheet = walk.sheet()
    if sheet.total >= best_score:
        lines = scored_lines(sheet)
        if sheet.total > best_score:
            lines.append(
                f"{sheet.total - best_score} more than {name}, which keeps to the planner's "
                "conventions"
            )
        return verdict(True, True, sheet.total, lines)
    best = puzzle.best.sheet
    assert best is not None
    lines = sheet_lines(sheet, best, name)
    plan = WeeksWalk(puzzle)
    for play in puzzle.route:
        plan.take(play)
    if _visited(walk.state) != _visited(plan.state):
        lines.append(
            f"Locations visited: you {_visited(walk.state)}; {name} {_visited(plan.state)}"
        )
    lines += departure(walk.route, puzzle.route, name, "play", name)
    lines += solution if reveal else [on_request(name)]
    return verdict(True, False, sheet.total, lines)
