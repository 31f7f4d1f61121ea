"""The 80-day planner on the reference board's standard solo puzzles.

    python benchmarks/eighty_days.py [--sides regular fast] [--travellers Paulo ...]
                                     [--explore 2 3 4] [--time-limit 10] [--workers 2]

Prints, per puzzle (side x Traveller x Explore days): the plan's score, the bound (`bound.py`, or
the model's when it proves a better one) and the gap between them, the proof status, the time to
the first plan and to the final one (the last improvement streamed), the whole solve time, and
the greedy bot's score on the same puzzle (the bot sees the types of the Tickets it draws; the
plan does not count on them). The machine's load average is printed first and last: the times
are only comparable on a quiet machine."""

from __future__ import annotations

import argparse
import os

from kit.amazing_journey.content import load_content
from kit.solve.eighty_days import greedy_score, solve, standard_puzzle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sides", nargs="*", default=["regular", "fast"])
    parser.add_argument("--travellers", nargs="*", default=None)
    parser.add_argument("--explore", nargs="*", type=int, default=None, help="the die's results")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    content = load_content("regular")
    travellers = args.travellers or [t.short for t in content.travellers]
    explores = args.explore or sorted(result.days for result in content.rules.explore)
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(
        f"{'side':<8} {'traveller':<9} {'explore':>7} {'score':>5} {'bound':>5} {'gap':>6} "
        f"{'status':<10} {'first s':>7} {'final s':>7} {'time s':>7} {'greedy':>6}"
    )
    for side in args.sides:
        for traveller in travellers:
            for explore in explores:
                puzzle = standard_puzzle(side, traveller, explore, args.seed)
                seen: list[float] = []
                plan = solve(
                    puzzle,
                    args.time_limit,
                    args.workers,
                    lambda *a, s=seen: s.append(a[2]),
                    args.seed,
                )
                score = "-" if plan.objective is None else plan.objective
                bound = "-" if plan.bound is None else f"{plan.bound:g}"
                gap = "-" if plan.gap is None else f"{plan.gap:.0%}"
                first = f"{seen[0]:.1f}" if seen else "-"
                final = f"{seen[-1]:.1f}" if seen else "-"
                print(
                    f"{side:<8} {traveller:<9} {explore:>7} {score:>5} {bound:>5} {gap:>6} "
                    f"{plan.status:<10} {first:>7} {final:>7} {plan.solve_time:>7.1f} "
                    f"{greedy_score(puzzle, args.seed):>6}",
                    flush=True,
                )
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
