"""`kit solve amazing-journey`: the planner's command line (kit/cli.py calls `main(argv)`)."""

from __future__ import annotations

from collections.abc import Sequence

from kit.solve.amazing_journey.planner import solve
from kit.solve.amazing_journey.puzzle import OPTIONS, standard_puzzle
from kit.solve.puzzle import planner_main, planner_parser


def main(argv: Sequence[str]) -> int:
    """`kit solve amazing-journey [--side fast] [--traveller NAME] [--explore-days 3] [--days N]
    [--seed N] [--board DIR] [--time-limit S] [--workers N]`: the best plan as a day-by-day
    timeline with its bound and gap. Ctrl-C stops the search and prints the best
    replay-verified plan found so far (exit 130)."""
    parser = planner_parser(
        "kit solve amazing-journey",
        "The best 80-day journey for one traveller of The Amazing Journey.",
        OPTIONS,
        time_limit=10.0,
        workers="threads (default 2)",
    )
    return planner_main(argv, parser, OPTIONS, standard_puzzle, solve)
