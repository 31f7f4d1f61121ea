"""`kit solve eighty-days`: the planner's command line (kit/cli.py calls `main(argv)`)."""

from __future__ import annotations

from collections.abc import Sequence

from kit.core import KitError
from kit.core.commands import ArgumentParser, count, seconds, seed
from kit.solve.eighty_days.planner import solve
from kit.solve.eighty_days.puzzle import standard_puzzle
from kit.solve.plan import Plan, command_result, show_progress


def main(argv: Sequence[str]) -> int:
    """`kit solve eighty-days [--side fast] [--days N] [--explore-days 3] [--traveller NAME]
    [--time-limit S] [--workers N] [--seed N] [--board DIR]`: the best plan as a day-by-day
    timeline with its bound and gap. Ctrl-C stops the search and prints the best
    replay-verified plan found so far (exit 130)."""
    parser = ArgumentParser(
        prog="kit solve eighty-days",
        description="The best 80-day journey for one traveller of The Amazing Journey.",
    )
    parser.add_argument("--side", default="regular", choices=("regular", "fast"))
    parser.add_argument("--traveller", default="Paulo")
    parser.add_argument(
        "--days", type=count, default=None, help="the last day (default: the Timeline's length)"
    )
    parser.add_argument(
        "--explore-days",
        default="3",
        help="days of every Explore (2, 3 or 4), or the die results in order: 3,2,4,...",
    )
    parser.add_argument("--seed", type=seed, default=1, help="the setup of the solo game")
    parser.add_argument(
        "--board", default=None, help="a folder of board files (default: reference)"
    )
    parser.add_argument("--time-limit", type=seconds, default=10.0, help="seconds (default 10)")
    parser.add_argument("--workers", type=count, default=2, help="threads (default 2)")
    args = parser.parse_args(list(argv))
    try:
        explore = tuple(int(d) for d in args.explore_days.split(","))
    except ValueError:
        raise KitError(
            f"--explore-days: expected days separated by commas, got {args.explore_days!r}"
        ) from None

    def run() -> Plan:
        puzzle = standard_puzzle(
            args.side, args.traveller, explore, args.seed, args.days, args.board
        )
        return solve(puzzle, args.time_limit, args.workers, on_solution=show_progress)

    return command_result(run)
