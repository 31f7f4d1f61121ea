"""The five-round planner on the standard solo puzzles of Timeless Journeys.

    python benchmarks/timeless_journeys.py [--sets intro A B C D] [--editions en ja]
                                     [--time-limit 60] [--workers 2] [--plays 1000] [--seed 1]

Prints, per puzzle (set x edition): the plan's score, its status, the bound (`bound.py`) and
the CPU seconds it takes on its own, the gap between them, the time to the final plan (the last
improvement streamed) and the whole solve time, and the best score of the greedy bot over
`--plays` games of the same puzzle (its ties broken by seeds 1..plays; 1,000 plays take about
five minutes a puzzle on a quiet core, so `--plays 20` makes a quick run). The machine's load
average is printed first and last: the times are only comparable on a quiet machine."""

from __future__ import annotations

import argparse
import time

from kit.core.bench import load_average
from kit.solve.timeless_journeys import SETS, best_greedy, solve, standard_puzzle, upper_bound


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sets", nargs="*", default=list(SETS), choices=SETS)
    parser.add_argument("--editions", nargs="*", default=["en", "ja"], choices=("en", "ja"))
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--plays", type=int, default=1000, help="greedy games per puzzle")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(load_average())
    print(
        f"{'set':<5} {'ed':<3} {'score':>5} {'status':<9} {'bound':>6} {'cpu s':>6} {'gap':>6} "
        f"{'final s':>7} {'time s':>7} {'greedy':>6} {'beats':>5}"
    )
    for name in args.sets:
        for edition in args.editions:
            puzzle = standard_puzzle(name, edition, args.seed)
            began = time.process_time()
            upper_bound(puzzle)
            cpu = time.process_time() - began
            seen: list[float] = []
            plan = solve(puzzle, args.time_limit, args.workers, lambda *a, s=seen: s.append(a[2]))
            greedy = best_greedy(puzzle, args.plays).score
            gap = "-" if plan.gap is None else f"{plan.gap:.0%}"
            bound = "-" if plan.bound is None else f"{plan.bound:g}"
            final = f"{seen[-1]:.1f}" if seen else "-"
            beats = "yes" if plan.objective is not None and plan.objective > greedy else "no"
            print(
                f"{name:<5} {edition:<3} {plan.objective:>5} {plan.status:<9} {bound:>6} "
                f"{cpu:>6.3f} {gap:>6} {final:>7} {plan.solve_time:>7.1f} {greedy:>6} {beats:>5}",
                flush=True,
            )
    print(load_average())


if __name__ == "__main__":
    main()
