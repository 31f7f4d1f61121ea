"""The 80-day planner for The Amazing Journey: the best whole journey for one player.

    from kit.solve.amazing_journey import standard_puzzle, solve
    puzzle = standard_puzzle("regular", "Paulo", explore=3)
    plan = solve(puzzle, time_limit=10)
    print(plan)                      # a day-by-day timeline, the score sheet, bound and gap
    state = puzzle.replay(plan.history)   # anyone can replay a plan in the engine

The parts, one per module:
- `puzzle`: a position and the plan's assumptions (`Puzzle`, `standard_puzzle`);
- `network`: the time-expanded network of a puzzle (`Network`, `Arc`);
- `board`: the board as small integers and bitmasks for the searches (`Board`);
- `score`: the score sheet as a function of the tokens collected (`Scorer`);
- `search`: the primal search over Explore and checkpoint events with exact legs;
- `relax`: the relaxed journey the bounds share (`Moves`, `explore_table`, `Prizes`);
- `branch`: the tree search over the sets of tokens explored, the tighter bound (`Branch`);
- `lagrange`: prizes on the token cities, paid by the relaxed journey and the score sheet
  (`Lagrange`), and the tree's nodes bounded by them (`Completion`): together the tightest
  bound on the reference board;
- `bound`: a valid upper bound on every plan's score (`upper_bound`);
- `model`: the CP-SAT model over a network or part of one;
- `replay`: every plan replayed in the engine, `PlanError` on any difference;
- `exact`: the exhaustive search over engine states for tiny boards;
- `baseline`: the greedy bot's journeys (`greedy_score`);
- `planner`: `solve`, the parts put together within a time limit;
- `command`: `kit solve amazing-journey` (`main`)."""

from __future__ import annotations

from kit.solve.amazing_journey.baseline import greedy_game, greedy_score
from kit.solve.amazing_journey.command import main
from kit.solve.amazing_journey.exact import exact_search
from kit.solve.amazing_journey.network import SINK, Arc, Network, Node
from kit.solve.amazing_journey.planner import EarliestEnd, OnSolution, earliest_end, solve
from kit.solve.amazing_journey.puzzle import Explores, Puzzle, standard_puzzle
from kit.solve.amazing_journey.replay import Choices, replay
from kit.solve.plan import Interrupted, PlanError

__all__ = [
    "SINK",
    "Arc",
    "Choices",
    "EarliestEnd",
    "Explores",
    "Interrupted",
    "Network",
    "Node",
    "OnSolution",
    "PlanError",
    "Puzzle",
    "earliest_end",
    "exact_search",
    "greedy_game",
    "greedy_score",
    "main",
    "replay",
    "solve",
    "standard_puzzle",
]
