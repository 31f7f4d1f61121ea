"""The 80-day planner's upper bounds on the reference board's standard solo puzzles.

    python benchmarks/amazing_journey_bound.py [--sides regular fast] [--travellers Paulo ...]
                                           [--explore 2 3 4] [--days 80] [--time-limit 60]
                                           [--floor SCORE] [--steps N]

Prints, per puzzle (side x Traveller x Explore days, ending by `--days`): the counting bound
(`bound.counted_bound`), the tree search's bound (`branch.Branch`) after `bound.TREE_SHARE` of
`--time-limit` (the relaxed journey's table included), whether the tree closed (the bound is
then its relaxation's optimum) and the nodes it expanded, the prices' bound (`lagrange.py`) in
the rest of the time (none if the tree closed) and its steps, the bound `bound.upper_bound`
returns (the smallest) and the seconds in all, wall and CPU. `--steps` stops the prices after
that many steps (if the time allows: on a loaded machine the steps say more than the time, each
takes half a second to a second of CPU on the reference board). `--floor` is a real plan's
score (say, from `benchmarks/amazing_journey.py`): the searches drop what cannot beat it, and a
bound equal to it proves that plan optimal. The machine's load average is printed first and
last: the node and step counts are only comparable on a quiet machine."""

from __future__ import annotations

import argparse
import time

from kit.amazing_journey.content import load_content
from kit.core.bench import load_average
from kit.solve.amazing_journey import standard_puzzle
from kit.solve.amazing_journey.bound import TREE_SHARE, counted_bound, most_explores
from kit.solve.amazing_journey.branch import Branch
from kit.solve.amazing_journey.lagrange import Lagrange


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sides", nargs="*", default=["regular", "fast"])
    parser.add_argument("--travellers", nargs="*", default=None)
    parser.add_argument("--explore", nargs="*", type=int, default=None, help="the die's results")
    parser.add_argument("--days", type=int, default=None)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--floor", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=None, help="the prices' most steps")
    args = parser.parse_args()
    content = load_content("regular")
    travellers = args.travellers or [t.short for t in content.travellers]
    explores = args.explore or sorted(result.days for result in content.rules.explore)
    print(load_average())
    print(
        f"{'side':<8} {'traveller':<9} {'explore':>7} {'counted':>7} {'tree':>5} "
        f"{'closed':<6} {'nodes':>6} {'prices':>6} {'steps':>5} {'bound':>5} {'time s':>7}"
    )
    for side in args.sides:
        for traveller in travellers:
            for explore in explores:
                puzzle = standard_puzzle(side, traveller, explore, args.seed, args.days)
                began, cpu = time.perf_counter(), time.process_time()
                branch = Branch(puzzle)
                counted = counted_bound(puzzle, branch.board, branch.table)
                left = max(0.0, TREE_SHARE * args.time_limit - (time.perf_counter() - began))
                found = branch.run(left, args.floor)
                tree = "-" if found.bound is None else found.bound
                priced, steps = "-", 0
                bounds = [b for b in (counted, found.bound) if b is not None]
                if found.bound is not None and not found.closed:
                    left = max(0.0, args.time_limit - (time.perf_counter() - began))
                    most = most_explores(branch.board, branch.table) or 0
                    dual = Lagrange(puzzle, most, branch.board).run(left, args.floor, args.steps)
                    priced, steps = "-" if dual.bound is None else dual.bound, dual.steps
                    bounds += [] if dual.bound is None else [dual.bound]
                least = min(bounds) if found.bound is not None else "-"
                print(
                    f"{side:<8} {traveller:<9} {explore:>7} {counted if counted else '-':>7} "
                    f"{tree:>5} {'yes' if found.closed else 'no':<6} {found.nodes:>6} "
                    f"{priced:>6} {steps:>5} {least:>5} {time.perf_counter() - began:>7.1f} "
                    f"{time.process_time() - cpu:>6.1f}",
                    flush=True,
                )
    print(load_average())


if __name__ == "__main__":
    main()
