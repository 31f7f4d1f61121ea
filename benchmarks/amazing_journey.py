"""The 80-day planner on the reference board's standard solo puzzles.

    python benchmarks/amazing_journey.py [--sides regular fast] [--travellers Paulo ...]
                                     [--explore 2 3 4] [--time-limit 10] [--long 60]
                                     [--workers 2]

Prints, per puzzle (side x Traveller x Explore days): the plan's score, the bound (`bound.py`, or
the model's when it proves a better one) and the gap between them, the proof status, the time to
the first plan and to the final one (the last improvement streamed), the whole solve time, and
the greedy bot's score on the same puzzle (the bot sees the types of the Tickets it draws; the
plan does not count on them). With `--long`, the same puzzle is solved again with that limit and
its score, bound, gap and times follow on the line (the default run stays short). The machine's
load average is printed first and last: the times are only comparable on a quiet machine."""

from __future__ import annotations

import argparse

from kit.amazing_journey.content import load_content
from kit.core.bench import load_average
from kit.solve.amazing_journey import Puzzle, greedy_score, solve, standard_puzzle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sides", nargs="*", default=["regular", "fast"])
    parser.add_argument("--travellers", nargs="*", default=None)
    parser.add_argument("--explore", nargs="*", type=int, default=None, help="the die's results")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--long", type=float, default=None, help="a second, longer limit")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    content = load_content("regular")
    travellers = args.travellers or [t.short for t in content.travellers]
    explores = args.explore or sorted(result.days for result in content.rules.explore)
    limits = [args.time_limit] + ([args.long] if args.long else [])
    print(load_average())
    columns = f"{'score':>5} {'bound':>5} {'gap':>6} {'status':<10} {'first s':>7} {'final s':>7} "
    columns += f"{'time s':>7}"
    heading = f"{'side':<8} {'traveller':<9} {'explore':>7} {columns} {'greedy':>6}"
    if args.long:
        heading += f"   | {args.long:g} s: {columns}"
    print(heading)
    for side in args.sides:
        for traveller in travellers:
            for explore in explores:
                puzzle = standard_puzzle(side, traveller, explore, args.seed)
                line = f"{side:<8} {traveller:<9} {explore:>7} "
                line += _solved(puzzle, limits[0], args.workers, args.seed)
                line += f" {greedy_score(puzzle, args.seed):>6}"
                if args.long:
                    line += f"   | {' ' * len(f'{args.long:g} s:')} "
                    line += _solved(puzzle, args.long, args.workers, args.seed)
                print(line, flush=True)
    print(load_average())


def _solved(puzzle: Puzzle, time_limit: float, workers: int, seed: int) -> str:
    """The columns of one solve: score, bound, gap, status and the times."""
    seen: list[float] = []
    plan = solve(puzzle, time_limit, workers, lambda *a: seen.append(a[2]), seed)
    score = "-" if plan.objective is None else plan.objective
    bound = "-" if plan.bound is None else f"{plan.bound:g}"
    gap = "-" if plan.gap is None else f"{plan.gap:.0%}"
    first = f"{seen[0]:.1f}" if seen else "-"
    final = f"{seen[-1]:.1f}" if seen else "-"
    return (
        f"{score:>5} {bound:>5} {gap:>6} {plan.status:<10} {first:>7} {final:>7} "
        f"{plan.solve_time:>7.1f}"
    )


if __name__ == "__main__":
    main()
