"""Generated route puzzles with proven optima, and a checker that explains a wrong answer.

    from kit.puzzles import generate, check
    puzzle = generate("orienteering", seed=3, difficulty="easy")
    print(puzzle.describe(), puzzle.proof)
    print(check(puzzle, ["Start", "B", "E", "Finish"]))   # a verdict, line by line

Three kinds:
- "orienteering" (`PointsPuzzle`, `points_puzzle`): points on a grid with scores, a Start, a
  Finish and a budget; the difficulty ("easy", "medium", "hard") sets the number of points and
  the budget's share of a tour through all of them (`points.py`);
- "amazing_journey" (`JourneyPuzzle`, `journey_puzzle`): a solo journey of The Amazing Journey on a
  small board, the Lakes; the difficulty ("easy", "medium", "hard") sets the day limit and how
  the die falls (`amazing_journey.py`);
- "timeless_journeys" (`TourPuzzle`, `tour_puzzle`): the end of a solo game of Timeless
  Journeys, cut from a seeded game of the greedy bot, to finish with the most VP; the difficulty
  sets how many turns are left (the last one: "easy", "medium"; the last two: "hard") and how
  far short of the optimum the greedy bot falls (`timeless_journeys.py`).

Besides, `weeks_puzzle(seed, content)` (`WeeksPuzzle`, `four_weeks.py`): a route of plays for a
solo deal of the four-week game, against the four-week planner's plan: proven optimal on a small
content, else the best plan found, with its bound (the verdict says which).

Every puzzle is made from its seed alone and proven optimal by an exact search when it is made
(the optimum is stored with it); a draw that cannot be proven, or whose optimum is trivial, is
drawn again from the seed's next attempt, so the same seed gives the same puzzle everywhere.
`check(puzzle, route)` accepts an optimal route, refuses an illegal one naming the step and why,
and explains a legal but worse one line by line against the optimum, naming the optimal route
only when asked for (`check(puzzle, route, reveal=True)`). A puzzle's `walk()` is a
route in progress a step at a time, for the puzzle panel (`kit.widgets.puzzle`)."""

from __future__ import annotations

from collections.abc import Sequence

from kit.games import GAMES
from kit.puzzles.amazing_journey import JourneyPuzzle, JourneyWalk, check_journey, journey_puzzle
from kit.puzzles.four_weeks import WeeksPuzzle, WeeksWalk, check_weeks, weeks_puzzle
from kit.puzzles.points import PointsPuzzle, PointsWalk, check_points, points_puzzle
from kit.puzzles.timeless_journeys import TourPuzzle, TourWalk, check_tour, tour_puzzle
from kit.puzzles.verdict import DIFFICULTIES, PuzzleError, Refused, Verdict

KINDS = ("orienteering", *(kind for game in GAMES.values() for kind in game.puzzles))
"""The kinds `generate` makes: orienteering, and the games' own (their records, `kit.games`)."""

AnyPuzzle = PointsPuzzle | JourneyPuzzle | TourPuzzle | WeeksPuzzle


def generate(kind: str, seed: int = 0, difficulty: str = "easy") -> AnyPuzzle:
    """The puzzle of `kind` (one of `KINDS`) for `seed` at `difficulty`."""
    if kind == "orienteering":
        return points_puzzle(seed, difficulty)
    if kind == "amazing_journey":
        return journey_puzzle(seed, difficulty)
    if kind == "timeless_journeys":
        return tour_puzzle(seed, difficulty)
    raise PuzzleError(f"puzzle kind {kind!r} is unknown; choose one of {', '.join(KINDS)}")


def check(puzzle: AnyPuzzle, route: Sequence[str], *, reveal: bool = False) -> Verdict:
    """The verdict on `route` (places for an orienteering puzzle, action names for an 80-day
    or a Grand Tour one, plays for a four-week one), against the puzzle's proven optimum (or
    best known plan). A worse route is told how it falls short; the optimum itself is the
    student's to find, and its route is in the verdict only with `reveal`."""
    if isinstance(route, str):
        raise PuzzleError(f"a route is a list of steps, not one text: {route!r}")
    if isinstance(puzzle, PointsPuzzle):
        return check_points(puzzle, route, reveal=reveal)
    if isinstance(puzzle, JourneyPuzzle):
        return check_journey(puzzle, route, reveal=reveal)
    if isinstance(puzzle, TourPuzzle):
        return check_tour(puzzle, route, reveal=reveal)
    if isinstance(puzzle, WeeksPuzzle):
        return check_weeks(puzzle, route, reveal=reveal)
    raise PuzzleError(f"not a puzzle of kit.puzzles: {puzzle!r}")


__all__ = [
    "DIFFICULTIES",
    "KINDS",
    "AnyPuzzle",
    "JourneyPuzzle",
    "JourneyWalk",
    "PointsPuzzle",
    "PointsWalk",
    "PuzzleError",
    "Refused",
    "TourPuzzle",
    "TourWalk",
    "Verdict",
    "WeeksPuzzle",
    "WeeksWalk",
    "check",
    "check_journey",
    "check_points",
    "check_tour",
    "check_weeks",
    "generate",
    "journey_puzzle",
    "points_puzzle",
    "tour_puzzle",
    "weeks_puzzle",
]
