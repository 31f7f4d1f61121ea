"""The five-round planner on the standard solo puzzles of Timeless Journeys.

    python benchmarks/timeless_journeys.py [--sets intro A B C D] [--editions en ja]
                                     [--time-limit 60] [--workers 2] [--plays 1000] [--seed 1]

Prints, per puzzle (set x edition): the plan's score, its status, the bound (`bound.py`) and
the CPU seconds it takes on its own, the bound divided by the plan's score, the time to the
final plan (the last improvement streamed) and the whole solve time, and the best score of the
greedy bot over `--plays` games of the same puzzle (its ties broken by seeds 1..plays; 1,000
plays take about five minutes a puzzle on a quiet core, so `--plays 20` makes a quick run).

With `--greedy`, only the model's bound at the start of rounds IV and V of each puzzle's
greedy game (seed 2), beside the count bound and the game's score. With `--sweep`, only the
model against real games: at every turn's start from round IV of four bots' games of each
puzzle (greedy seeds 2 and 7, random seeds 3 and 5), within a twentieth of the time limit,
how many positions, how many bounded below the game's score (a bug: it must print 0), and
at round V's last play how far the model is above the exhaustive optimum. With `--two-turns`,
only the planner's first try with two turns left (round V's fourth play of each puzzle's
greedy game, seed 1): the exhaustive search within half the time limit and the planner's
most positions, its optimum and seconds, or how far it came.

Then, from the start of round IV and of round V of that plan (`--late`), the planner again
within the time limit, where the CP-SAT relaxation (`model.py`) bounds the plans too: the
count bound, the model's bound and the seconds it took (with "*" where CP-SAT closed its own
search), the plan from there, the planner's bound divided by it, its status and time.

The machine's load average is printed first and last: the times are only comparable on a
quiet machine."""

from __future__ import annotations

import argparse
import time

from kit.core.bench import load_average
from kit.core.bots import RandomBot
from kit.solve.plan import Plan
from kit.solve.timeless_journeys import (
    SETS,
    Puzzle,
    best_greedy,
    exact_search,
    greedy_game,
    model_bound,
    solve,
    standard_puzzle,
    upper_bound,
)
from kit.solve.timeless_journeys.model import applies
from kit.solve.timeless_journeys.planner import EXACT_POSITIONS
from kit.solve.timeless_journeys.search import position_at, stage
from kit.timeless_journeys.bots import GreedyBot

LATE = {"IV": 18, "V": 24}
"""The stages the late rows start from: the first play of round IV and of round V."""

LAST_PLAY = 28
"""The stage of round V's last play."""

TWO_TURNS = LAST_PLAY - 1
"""The stage of round V's fourth play: two turns left."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sets", nargs="*", default=list(SETS), choices=SETS)
    parser.add_argument("--editions", nargs="*", default=["en", "ja"], choices=("en", "ja"))
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--plays", type=int, default=1000, help="greedy games per puzzle")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--late", nargs="*", default=list(LATE), choices=list(LATE))
    only = parser.add_mutually_exclusive_group()
    only.add_argument(
        "--greedy", action="store_true", help="only the model at the greedy games' rounds IV, V"
    )
    only.add_argument("--sweep", action="store_true", help="only the model against games")
    only.add_argument(
        "--two-turns", action="store_true", help="only the exhaustive search, two turns left"
    )
    args = parser.parse_args()
    print(load_average())
    if args.greedy or args.sweep or args.two_turns:
        rows = greedy_rows if args.greedy else sweep_rows if args.sweep else two_turn_rows
        rows(args)
        print(load_average())
        return
    print(
        f"{'set':<5} {'ed':<3} {'score':>5} {'status':<9} {'bound':>6} {'cpu s':>6} {'b/score':>7} "
        f"{'final s':>7} {'time s':>7} {'greedy':>6} {'beats':>5}"
    )
    plans: dict[tuple[str, str], tuple[Puzzle, Plan]] = {}
    for name in args.sets:
        for edition in args.editions:
            puzzle = standard_puzzle(name, edition, args.seed)
            began = time.process_time()
            upper_bound(puzzle)
            cpu = time.process_time() - began
            seen: list[float] = []
            plan = solve(puzzle, args.time_limit, args.workers, lambda *a, s=seen: s.append(a[2]))
            greedy = best_greedy(puzzle, args.plays).score
            bound = "-" if plan.bound is None else f"{plan.bound:g}"
            final = f"{seen[-1]:.1f}" if seen else "-"
            beats = "yes" if plan.objective is not None and plan.objective > greedy else "no"
            print(
                f"{name:<5} {edition:<3} {plan.objective:>5} {plan.status:<9} {bound:>6} "
                f"{cpu:>6.3f} {ratio(plan):>7} {final:>7} {plan.solve_time:>7.1f} {greedy:>6} "
                f"{beats:>5}",
                flush=True,
            )
            plans[name, edition] = puzzle, plan
    for round_ in args.late:
        print(f"\nfrom round {round_} of each plan")
        print(
            f"{'set':<5} {'ed':<3} {'count':>5} {'model':>6} {'model s':>7} {'score':>5} "
            f"{'bound/score':>11} {'status':<9} {'time s':>6}"
        )
        for (name, edition), (puzzle, plan) in plans.items():
            late = puzzle.at(position_at(puzzle, plan.history, LATE[round_]))
            began = time.perf_counter()
            found = model_bound(late, args.time_limit / 4, args.workers)
            took = time.perf_counter() - began
            shown = "-" if found is None else f"{found.bound}{'*' if found.optimal else ''}"
            again = solve(late, args.time_limit, args.workers)
            print(
                f"{name:<5} {edition:<3} {upper_bound(late):>5g} {shown:>6} {took:>7.1f} "
                f"{again.objective:>5} {ratio(again):>11} {again.status:<9} "
                f"{again.solve_time:>6.1f}",
                flush=True,
            )
    print(load_average())


def greedy_rows(args: argparse.Namespace) -> None:
    """The model's bound, whether CP-SAT closed its search and its seconds, at the start of
    rounds IV and V of the greedy bot's game (its ties broken by seed 2) of each puzzle,
    within a quarter of the time limit, beside the count bound and the game's score."""
    print(f"{'set':<5} {'ed':<3} {'round':<5} {'game':>4} {'count':>5} {'model':>6} {'model s':>7}")
    for name in args.sets:
        for edition in args.editions:
            puzzle = standard_puzzle(name, edition, args.seed)
            game = greedy_game(puzzle, 2)
            for round_, at in LATE.items():
                late = puzzle.at(position_at(puzzle, game.history, at))
                began = time.perf_counter()
                found = model_bound(late, args.time_limit / 4, args.workers)
                took = time.perf_counter() - began
                shown = "-" if found is None else f"{found.bound}{'*' if found.optimal else ''}"
                print(
                    f"{name:<5} {edition:<3} {round_:<5} {game.final.scores()[0].total:>4} "
                    f"{upper_bound(late):>5g} {shown:>6} {took:>7.1f}",
                    flush=True,
                )


def sweep_rows(args: argparse.Namespace) -> None:
    """The model at every turn's start from round IV of four bots' games of each puzzle (see
    the module's docstring)."""
    print(f"{'set':<5} {'ed':<3} {'positions':>9} {'below':>5}  above the optimum at the last play")
    for name in args.sets:
        for edition in args.editions:
            puzzle = standard_puzzle(name, edition, args.seed)
            count, below, above = 0, 0, []
            bots: list[GreedyBot | RandomBot] = [GreedyBot(2, 0), GreedyBot(7, 0)]
            for bot in [*bots, RandomBot(3, 0), RandomBot(5, 0)]:
                state, starts = puzzle.state(), []
                while not state.is_terminal:
                    if state.is_chance_node:
                        puzzle.advance(state)
                        continue
                    if applies(state) and stage(state) >= LATE["IV"]:
                        starts.append(puzzle.at(state))
                    state.apply(bot.choose(state))
                final = state.scores()[0].total
                for late in starts:
                    found = model_bound(late, args.time_limit / 20, args.workers)
                    assert found is not None
                    count, below = count + 1, below + (found.bound < final)
                    if stage(late.state()) == LAST_PLAY:
                        optimum = exact_search(late).objective
                        assert optimum is not None
                        above.append(found.bound - optimum)
            print(f"{name:<5} {edition:<3} {count:>9} {below:>5}  {above}", flush=True)


def two_turn_rows(args: argparse.Namespace) -> None:
    """The exhaustive search as the planner first tries it with two turns left (see the
    module's docstring)."""
    print(f"{'set':<5} {'ed':<3} {'optimum':>7} {'time s':>6}")
    for name in args.sets:
        for edition in args.editions:
            puzzle = standard_puzzle(name, edition, args.seed)
            game = greedy_game(puzzle, 1)
            late = Puzzle(position_at(puzzle, game.history, TWO_TURNS).clone())
            began = time.perf_counter()
            try:
                plan = exact_search(late, EXACT_POSITIONS, began + args.time_limit / 2)
                found = str(plan.objective)
            except ValueError as stop:
                found = f"- ({stop})"
            took = time.perf_counter() - began
            print(f"{name:<5} {edition:<3} {found:>7} {took:>6.1f}", flush=True)


def ratio(plan: Plan) -> str:
    """The plan's bound divided by its score."""
    if plan.bound is None or not plan.objective:
        return "-"
    return f"{plan.bound / plan.objective:.2f}"


if __name__ == "__main__":
    main()
