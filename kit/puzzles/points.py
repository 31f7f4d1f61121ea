"""Orienteering puzzles: points on a grid with scores, a Start, a Finish and a travel budget.

`points_puzzle(seed, difficulty)` makes one: the difficulty sets how many points there are and
how much of a tour through all of them the budget allows; the seed sets where the points lie and
what they score. Each puzzle is proven when it is made: its optimum is computed by the exact
search over every set of points (`kit.solve.orienteering.brute_force`, Held-Karp), which is
deterministic, so the same seed gives the same puzzle and the same stored optimal route on any
machine; the CP-SAT planner (`kit.solve.orienteering.solve`) solves it too and must agree. A draw
whose optimum is trivial (every point, or fewer than two) is drawn again from the next attempt's
numbers, so the retries are as deterministic as the first draw.

`PointsWalk` is a route in progress, a step at a time, as a student builds it: a step that
revisits a point, breaks the budget or leaves no way to the Finish within it is refused with the
reason and changes nothing. `check_points` judges a whole route against the optimum: a worse
route is told how it falls short (its score, its budget, its points worth least for the distance
they add, whether a point left out still fits) and the optimal route only when asked for."""

from __future__ import annotations

import dataclasses
import math
import string
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from kit.puzzles.verdict import (
    PuzzleError,
    Refused,
    Verdict,
    attempt_random,
    checked_difficulty,
    length_text,
    on_request,
)
from kit.solve.orienteering import OPInstance, OPResult, brute_force, solve

GRID = 20
"""The points lie on the whole-number grid from 0 to `GRID` in each direction."""

MOST_ATTEMPTS = 50
PLANNER_SECONDS = 10.0
"""The CP-SAT planner's time to agree with the exact optimum (milliseconds on a quiet machine)."""


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty: how many points may be collected, and the budget as a share of the
    nearest-neighbour tour from the Start through every point to the Finish."""

    points: int
    share: float


LEVELS = {"easy": Level(6, 0.5), "medium": Level(9, 0.45), "hard": Level(12, 0.4)}
START, FINISH = "Start", "Finish"


@dataclass(frozen=True)
class PointsPuzzle:
    """An orienteering puzzle and its proven optimum (see the module's docstring): the
    `instance` (its labels are the places: "Start", "Finish", "A", "B", ...), the `optimum`
    (the exact search's route), the CP-SAT `planner`'s result, and the `attempt` that gave
    it. Two puzzles are equal when their seed, difficulty and instance are."""

    seed: int
    difficulty: str
    instance: OPInstance
    optimum: OPResult = field(compare=False, repr=False)
    planner: OPResult = field(compare=False, repr=False)
    attempt: int = 0

    @property
    def places(self) -> tuple[str, ...]:
        return tuple(str(label) for label in self.instance.labels or ())

    @property
    def start(self) -> str:
        return self.places[self.instance.start]

    @property
    def finish(self) -> str:
        return self.places[self.instance.end]

    @property
    def budget(self) -> float:
        return self.instance.tmax

    def index(self, place: str) -> int:
        """The point number of `place`; an unknown one is refused naming the places."""
        if place not in self.places:
            raise Refused(f"{place!r} is not a point of this puzzle ({', '.join(self.places)})")
        return self.places.index(place)

    def score_of(self, place: str) -> int:
        return self.instance.scores[self.index(place)]

    def position(self, place: str) -> tuple[float, float]:
        assert self.instance.coords is not None
        return self.instance.coords[self.index(place)]

    def leg(self, a: str, b: str) -> float:
        """The length of the leg from `a` to `b`, in the puzzle's units (as the solvers count
        it: scaled and rounded down)."""
        length = self.instance.distances[self.index(a)][self.index(b)]
        assert length is not None
        return length / self.instance.scale

    @property
    def proof(self) -> str:
        """How the optimum was proven, in words."""
        optional = self.instance.n - 2
        planner = (
            f"the CP-SAT planner agrees ({self.planner.objective} points, "
            f"bound {self.planner.bound:g})"
            if self.planner.is_optimal
            else f"the CP-SAT planner did not finish its proof ({self.planner.status})"
        )
        return (
            f"{self.optimum.objective} points, proven by the exact search over all 2^{optional} "
            f"sets of points; {planner}"
        )

    def describe(self) -> str:
        return (
            f"Orienteering puzzle, {self.difficulty}, seed {self.seed}: from {self.start} to "
            f"{self.finish} with a budget of {length_text(self.budget)}, "
            f"{self.instance.n - 2} points to collect"
        )

    def walk(self) -> PointsWalk:
        return PointsWalk(self)


def _tour(coords: Sequence[tuple[int, int]]) -> float:
    """The nearest-neighbour path from point 0 through every other point to point 1."""
    left = set(range(2, len(coords)))
    here, total = 0, 0.0
    while left:
        nearest = min(left, key=lambda j: (math.dist(coords[here], coords[j]), j))
        total += math.dist(coords[here], coords[nearest])
        left.remove(nearest)
        here = nearest
    return total + math.dist(coords[here], coords[1])


def _draw(difficulty: str, seed: int, attempt: int) -> OPInstance:
    level = LEVELS[difficulty]
    rng = attempt_random("orienteering", difficulty, seed, attempt)
    cells = rng.sample(range((GRID + 1) ** 2), level.points + 2)
    coords = [(cell % (GRID + 1), cell // (GRID + 1)) for cell in cells]
    scores = [0, 0] + [rng.randint(1, 9) for _ in range(level.points)]
    direct = math.dist(coords[0], coords[1])
    tmax = max(math.ceil(direct) + 1, round(_tour(coords) * level.share))
    instance = OPInstance.from_points(
        coords, scores, tmax, name=f"orienteering {difficulty} {seed}"
    )
    labels: tuple[Hashable, ...] = (START, FINISH, *string.ascii_uppercase[: level.points])
    return dataclasses.replace(instance, labels=labels)


def points_puzzle(seed: int = 0, difficulty: str = "easy") -> PointsPuzzle:
    """The orienteering puzzle of `seed` at `difficulty` ("easy": 6 points, "medium": 9,
    "hard": 12), with its optimum proven (see the module's docstring)."""
    checked_difficulty(difficulty)
    for attempt in range(MOST_ATTEMPTS):
        instance = _draw(difficulty, seed, attempt)
        optimum = brute_force(instance)
        visited = len(optimum.indices) - 2
        if optimum.is_optimal and 2 <= visited < instance.n - 2:
            planner = solve(instance, time_limit=PLANNER_SECONDS, workers=1)
            if planner.is_optimal and planner.objective != optimum.objective:
                raise PuzzleError(
                    f"{instance.name}: the planner proves {planner.objective} points and the "
                    f"exact search {optimum.objective}: a bug in one of them"
                )
            return PointsPuzzle(seed, difficulty, instance, optimum, planner, attempt)
    raise PuzzleError(
        f"no orienteering puzzle with a non-trivial optimum in {MOST_ATTEMPTS} attempts "
        f"for seed {seed} at {difficulty}"
    )


class PointsWalk:
    """A route in progress from the Start (see the module's docstring). `route` is the places
    so far; `take(place)` adds one or raises `Refused` saying why, changing nothing."""

    def __init__(self, puzzle: PointsPuzzle) -> None:
        self.puzzle = puzzle
        self.route: list[str] = [puzzle.start]

    @property
    def finished(self) -> bool:
        return self.route[-1] == self.puzzle.finish

    @property
    def length(self) -> float:
        return sum(self.puzzle.leg(a, b) for a, b in zip(self.route, self.route[1:], strict=False))

    @property
    def score(self) -> int:
        return sum(self.puzzle.score_of(place) for place in self.route)

    def _scaled(self, route: Sequence[str]) -> int:
        instance, index = self.puzzle.instance, self.puzzle.index
        legs = [
            instance.distances[index(a)][index(b)] for a, b in zip(route, route[1:], strict=False)
        ]
        return sum(leg or 0 for leg in legs)

    def refusal(self, place: str, *, ahead: bool = True) -> str:
        """Why `place` cannot come next ("" if it can). With `ahead`, a point from which the
        Finish is out of reach within the budget is refused too."""
        puzzle = self.puzzle
        try:
            puzzle.index(place)
        except Refused as error:
            return str(error)
        if self.finished:
            return f"the route has already ended at {puzzle.finish}"
        if place in self.route:
            where = self.route.index(place) + 1
            return f"{place} is already on the route (step {where}): each point counts once"
        budget = puzzle.instance.budget
        scale = puzzle.instance.scale
        here = self.route[-1]
        used = self._scaled([*self.route, place])
        if used > budget:
            return (
                f"the leg from {here} to {place} is {length_text(puzzle.leg(here, place))} long: "
                f"{length_text(used / scale)} in all, over the budget of "
                f"{length_text(puzzle.budget)}"
            )
        if ahead and place != puzzle.finish:
            back = self._scaled([place, puzzle.finish])
            if used + back > budget:
                return (
                    f"from {place} the Finish is {length_text(back / scale)} away: "
                    f"{length_text((used + back) / scale)} in all, over the budget of "
                    f"{length_text(puzzle.budget)}, so the route could not end"
                )
        return ""

    def options(self, place: str) -> list[str]:
        """The steps a click on `place` may mean: the place itself."""
        return [place]

    def take(self, place: str) -> None:
        why = self.refusal(place)
        if why:
            raise Refused(why)
        self.route.append(place)

    def undo(self) -> str:
        """Take back the last step; returns it ("" at the Start)."""
        return self.route.pop() if len(self.route) > 1 else ""

    def reset(self) -> None:
        del self.route[1:]

    def status(self) -> list[str]:
        """The running figures: budget used and left, points collected."""
        puzzle = self.puzzle
        left = puzzle.budget - self.length
        done = f"ended at {puzzle.finish}" if self.finished else f"at {self.route[-1]}"
        return [
            f"route: {' → '.join(self.route)} ({done})",
            f"budget used {length_text(self.length)} of {length_text(puzzle.budget)}, "
            f"{length_text(left)} left",
            f"score {self.score}",
        ]


def _collected(puzzle: PointsPuzzle, places: Sequence[str]) -> str:
    scored = [f"{place} {puzzle.score_of(place)}" for place in places if puzzle.score_of(place)]
    return ", ".join(scored) if scored else "nothing"


def _detours(puzzle: PointsPuzzle, route: Sequence[str]) -> list[tuple[float, str, float]]:
    """Each scoring point of a route with the distance it adds (its legs against the leg that
    would skip it) and its points per unit of that distance: (per unit, place, added)."""
    worth = []
    for before, place, after in zip(route, route[1:], route[2:], strict=False):
        score = puzzle.score_of(place)
        if score:
            added = puzzle.leg(before, place) + puzzle.leg(place, after) - puzzle.leg(before, after)
            worth.append((score / added if added > 0 else math.inf, place, added))
    return sorted(worth)


def _fits(puzzle: PointsPuzzle, walk: PointsWalk) -> int:
    """How many of the scoring points a route leaves out could still be slipped in between two
    of its steps within the budget."""
    route, spent = walk.route, walk._scaled(walk.route)
    count = 0
    for place in puzzle.places:
        if place in route or not puzzle.score_of(place):
            continue
        count += any(
            spent - walk._scaled([a, b]) + walk._scaled([a, place, b]) <= puzzle.instance.budget
            for a, b in zip(route, route[1:], strict=False)
        )
    return count


def _short(puzzle: PointsPuzzle, walk: PointsWalk) -> list[str]:
    """Why a legal route falls short, without the optimum: the budget, the points worth least
    for the distance they add, the points left out that still fit."""
    lines = [
        f"budget used {length_text(walk.length)} of {length_text(puzzle.budget)}: "
        f"{length_text(puzzle.budget - walk.length)} left",
    ]
    worth = _detours(puzzle, walk.route)
    if worth:
        least = [
            f"{place} ({puzzle.score_of(place)} points for {length_text(added)} more: "
            + (f"{per:.2f} a unit)" if per < math.inf else "on the way)")
            for per, place, added in worth[:2]
        ]
        lines.append(
            "of your points, those worth least for the distance they add to the route: "
            + ", ".join(least)
        )
    fits = _fits(puzzle, walk)
    if fits:
        lines.append(
            f"{fits} of the points you leave out would still fit into your route within the budget"
        )
    return lines


def _against_optimum(puzzle: PointsPuzzle, places: Sequence[str], length: float) -> list[str]:
    """The route compared with the optimum, which they name: asked for only."""
    best = [str(label) for label in puzzle.optimum.route]
    missed = [p for p in best if p not in places and puzzle.score_of(p)]
    extra = [p for p in places if p not in best and puzzle.score_of(p)]
    lines = [f"the optimum collects {puzzle.optimum.objective}: {_collected(puzzle, best)}"]
    if missed:
        lines.append(
            f"the optimum visits {', '.join(missed)}, which you miss: "
            f"{sum(puzzle.score_of(p) for p in missed)} points"
        )
    if extra:
        lines.append(
            f"you visit {', '.join(extra)}, which the optimum leaves out: "
            f"{sum(puzzle.score_of(p) for p in extra)} points"
        )
    lines.append(
        f"budget used: yours {length_text(length)}, the optimum's "
        f"{length_text(puzzle.optimum.length)}, of {length_text(puzzle.budget)}"
    )
    lines.append(f"the optimal route: {' → '.join(best)}")
    return lines


def check_points(puzzle: PointsPuzzle, route: Sequence[str], *, reveal: bool = False) -> Verdict:
    """Judge a whole route of places from the Start to the Finish: refused naming the step and
    why, accepted when it scores the optimum, else told how it falls short (see the module's
    docstring); with `reveal`, compared with the optimal route too, which it names."""
    optimum = puzzle.optimum.objective
    walk = PointsWalk(puzzle)
    places = [str(place) for place in route]
    best = [str(label) for label in puzzle.optimum.route]
    solution = [f"the optimal route: {' → '.join(best)}"] if reveal else []
    if not places or places[0] != puzzle.start:
        first = repr(places[0]) if places else "nothing"
        why = f"step 1: the route starts at {puzzle.start}, not at {first}"
        return Verdict(False, False, None, optimum, (why, *solution))
    for number, place in enumerate(places[1:], start=2):
        why = walk.refusal(place, ahead=False)
        if why:
            return Verdict(
                False, False, None, optimum, (f"step {number}, {place}: {why}", *solution)
            )
        walk.route.append(place)
    if not walk.finished:
        why = (
            f"the route stops at {walk.route[-1]} after step {len(places)}: it must end at "
            f"{puzzle.finish}"
        )
        return Verdict(False, False, None, optimum, (why, *solution))
    score = walk.score
    collect = f"you collect {score} points: {_collected(puzzle, places)}"
    if score >= optimum:
        lines = [
            collect,
            f"budget used {length_text(walk.length)} of {length_text(puzzle.budget)}",
        ]
        return Verdict(True, True, score, optimum, tuple(lines))
    lines = [collect, *_short(puzzle, walk)]
    if reveal:
        lines += _against_optimum(puzzle, places, walk.length)
    else:
        lines.append(on_request("the optimal route"))
    return Verdict(True, False, score, optimum, tuple(lines))
