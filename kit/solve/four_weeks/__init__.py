"""The four-week planner: the best four weeks in Europe for a solo player, with its chance fixed.

    from kit.solve.four_weeks import standard_puzzle, solve
    puzzle = standard_puzzle(seed=1)      # the deal: hand, deck order, Festivals
    plan = solve(puzzle, time_limit=10)   # the best plan found, replayed by the engine
    print(plan)                           # turn by turn, the score sheet, bound and gap
    state = puzzle.replay(plan.history)   # anyone can replay a plan in the engine

The parts, one per module:
- `puzzle`: a solo deal with all of its chance fixed (`Puzzle`, `standard_puzzle`), or a game
  in progress as its player to move sees it (`Puzzle.from_state`);
- `model`: the CP-SAT model over the 28 days (`Model`);
- `planner`: `solve`, refined greedy games for half the time, then the model solved from the
  best of them, the best plan of either replayed in the engine;
- `exact`: the exhaustive search over engine states for tiny puzzles (`exact_search`);
- `baseline`: the greedy bot's games on the deal (`greedy_score`) and their refining
  (`refined_game`);
- `command`: `kit solve four-weeks` (`main`)."""

from __future__ import annotations

from kit.solve.four_weeks.baseline import greedy_game, greedy_score, refined_game
from kit.solve.four_weeks.command import CalendarDay, calendar, calendar_days, main
from kit.solve.four_weeks.exact import exact_search
from kit.solve.four_weeks.model import Model
from kit.solve.four_weeks.planner import OnSolution, play_solution, solve
from kit.solve.four_weeks.puzzle import STANDARD_SEEDS, Puzzle, standard_puzzle
from kit.solve.plan import Interrupted, PlanError

__all__ = [
    "CalendarDay",
    "Interrupted",
    "STANDARD_SEEDS",
    "Model",
    "OnSolution",
    "PlanError",
    "Puzzle",
    "calendar",
    "calendar_days",
    "exact_search",
    "greedy_game",
    "greedy_score",
    "main",
    "play_solution",
    "refined_game",
    "solve",
    "standard_puzzle",
]
