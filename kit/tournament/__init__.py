"""Bot tournaments: every bot in every seat, a result for every game, ratings with their
uncertainty, win rates with confidence intervals and plots.

    from kit.tournament import tournament
    result = tournament("amazing_journey", ["random", "greedy"], games=200, seed=1)
    print(result)          # the win-rate table, the head-to-head table and the ratings
    result.plot()          # score distributions and ratings (matplotlib)

The games run on any `concurrent.futures.Executor`: by default a pool of processes on this
machine; with the `cluster` extra (`pip install -e ".[cluster]"`), `client.get_executor()` of a
Dask `Client` runs the same tournament on a cluster, local or remote. A game travels as its
options, the names of its bots and its seed, and comes back as a `GameResult`: nothing is shared,
so the same seed gives the same results on one process, a pool or a cluster. (Dask workers'
statistical profiler costs pure-Python games noticeable CPU (`benchmarks/RESULTS.md`): start
them with `distributed.worker.profile.enabled` false for tournaments.)"""

from __future__ import annotations

from kit.tournament.report import Failure, GameResult, Rate, Rating, Tournament
from kit.tournament.run import Match, play_match, tournament

__all__ = [
    "Failure",
    "GameResult",
    "Match",
    "Rate",
    "Rating",
    "Tournament",
    "play_match",
    "tournament",
]
