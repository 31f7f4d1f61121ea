"""The five-round planner for Timeless Journeys: the best solo journey through the Grand Tour.

    from kit.solve.timeless_journeys import standard_puzzle, solve
    puzzle = standard_puzzle("intro", "en")
    plan = solve(puzzle, time_limit=60)
    print(plan)                           # round by round, the running VP, the score sheet
    state = puzzle.replay(plan.history)   # anyone can replay a plan in the engine

The parts, one per module:
- `puzzle`: a solo position and the reveals it fixes (`Puzzle`, `standard_puzzle`), or a
  game in progress as its player to move sees it (`Puzzle.from_state`);
- `observed`: that game, the player to move in seat 0 and the others standing still;
- `baseline`: the greedy bot's games (`greedy_score`, `best_greedy`);
- `search`: the pilot method over whole turns, played in the engine;
- `bound`: a valid upper bound on every plan's score (`upper_bound`);
- `model`: a CP-SAT relaxation of the game from a turn's start, a tighter bound late in the
  game (`model_bound`);
- `exact`: the exhaustive search over engine states for tiny puzzles;
- `replay`: a game the planner claims, replayed in the engine as a plan;
- `planner`: `solve`, the parts put together within a time limit (the exhaustive search
  first when two turns or fewer are left, the relaxation's bound when two rounds or fewer are);
- `command`: `kit solve timeless-journeys` (`main`)."""

from __future__ import annotations

from kit.solve.plan import Interrupted, PlanError
from kit.solve.timeless_journeys.baseline import best_greedy, greedy_game, greedy_score
from kit.solve.timeless_journeys.bound import upper_bound
from kit.solve.timeless_journeys.command import main
from kit.solve.timeless_journeys.exact import exact_search
from kit.solve.timeless_journeys.model import model_bound
from kit.solve.timeless_journeys.planner import OnSolution, solve
from kit.solve.timeless_journeys.puzzle import SETS, Puzzle, standard_puzzle
from kit.solve.timeless_journeys.search import Search

__all__ = [
    "SETS",
    "Interrupted",
    "OnSolution",
    "PlanError",
    "Puzzle",
    "Search",
    "best_greedy",
    "exact_search",
    "greedy_game",
    "greedy_score",
    "main",
    "model_bound",
    "solve",
    "standard_puzzle",
    "upper_bound",
]
