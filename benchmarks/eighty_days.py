"""The 80-day planner on the reference board's standard solo puzzles.

    python benchmarks/eighty_days.py [--sides regular fast] [--travellers Paulo ...]
                                     [--explore 2 3 4] [--time-limit 10] [--workers 2]

Prints, per puzzle (side x Traveller x Explore days): the network's size (nodes, arcs), the
time to the first plan, the best score found, the proof status, the bound and gap (none when
the solver proved none in time), whether a whole pass of windows proved that no change within
8 days in a row improves the plan ("settled"), the solve time (network and model building
included), and the greedy bot's score on the same puzzle (the bot sees the types of the Tickets
it draws; the plan does not count on them). Targets: every puzzle proven optimal within 10 s on
two workers, under 2 s for the Regular side with Explore = 3."""

from __future__ import annotations

import argparse

from kit.amazing_journey.content import load_content
from kit.solve.eighty_days import Network, greedy_score, solve, standard_puzzle


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
    print(
        f"{'side':<8} {'traveller':<9} {'explore':>7} {'nodes':>6} {'arcs':>7} {'first s':>7} "
        f"{'score':>5} {'status':<10} {'bound':>6} {'gap':>6} {'settled':>7} {'time s':>7} "
        f"{'greedy':>6}"
    )
    for side in args.sides:
        for traveller in travellers:
            for explore in explores:
                puzzle = standard_puzzle(side, traveller, explore, args.seed)
                network = Network(puzzle)
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
                print(
                    f"{side:<8} {traveller:<9} {explore:>7} {len(network.alive):>6} "
                    f"{len(network.arcs):>7} {first:>7} {score:>5} {plan.status:<10} {bound:>6} "
                    f"{gap:>6} {'yes' if plan.proven else 'no':>7} {plan.solve_time:>7.1f} "
                    f"{greedy_score(puzzle, args.seed):>6}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
