"""Plans from the CP-SAT relaxation's solutions (`kit/solve/timeless_journeys/model.py`),
against the planner's own, on the standard solo puzzles of Timeless Journeys.

    PYTHONPATH=. python benchmarks/model_plans.py [--sets intro A B C D] [--editions en ja]
                                     [--time-limit 60] [--workers 2] [--seed 1]

For each puzzle the planner plans within the time limit. Then, from the start of round IV and
of round V of its plan (a neighbourhood of the plan that frees its last two rounds or its last
one), the relaxation is solved within a third of the time limit, and its solution guides a
game in the engine: stage after stage (a turn, or a round's end), of every way the engine lets
the stage end (`Search.turn_ends`), the one that agrees most with the solution of its round
(the cards it plays face up, face down, gains and keeps, the cities the marker is in) is
played, ties broken by the search's `evaluate`. Prints the plan's score, the model's optimum
(with "*" where CP-SAT proved it) and bound, the guided game's score and the best of three
greedy games from the same position.

What it measures: whether the relaxation's solutions, read as choices, make plans worth
having. Its optimum is what the relaxation is worth as a bound where CP-SAT proves it: no
time limit brings this relaxation's bound below it."""

from __future__ import annotations

import argparse
import re
import time
from collections import Counter
from dataclasses import dataclass

from ortools.sat.python import cp_model

from benchmarks.timeless_journeys import LATE
from kit.core.bench import load_average
from kit.solve.timeless_journeys import SETS, solve, standard_puzzle
from kit.solve.timeless_journeys.model import Relaxation, new_solver
from kit.solve.timeless_journeys.puzzle import Puzzle
from kit.solve.timeless_journeys.search import Search, evaluate, final_score, position_at
from kit.timeless_journeys.state import TimelessState


@dataclass
class RoundPlan:
    """What the relaxation's solution does in one round."""

    up: Counter[str]  # the cards played face up
    down: int  # how many plays are face down
    gains: Counter[str]  # the cards gained
    keeps: Counter[str]  # the cards held at the next round's start
    cities: set[str]  # the cities the marker is in


def solution(
    relaxation: Relaxation, time_limit: float, workers: int
) -> tuple[str, list[RoundPlan]]:
    """The relaxation solved: its optimum and bound in words, and its solution round by round,
    read from the model's variables by their names."""
    solver = new_solver(time_limit, workers)
    status = solver.solve(relaxation.model)
    proto = relaxation.model.proto
    values = {
        variable.name: solver.value(relaxation.model.get_int_var_from_proto_index(index))
        for index, variable in enumerate(proto.variables)
        if variable.name
    }
    cards = relaxation.state.content.categories

    def counted(pattern: str) -> Counter[str]:
        found = (re.fullmatch(pattern, name) for name in values)
        return Counter({m.group(1): values[m.group(0)] for m in found if m and m.group(1) in cards})

    rounds = [
        RoundPlan(
            up=counted(rf"r{i} up (\S+)"),
            down=values[f"r{i} down"],
            gains=counted(rf"r{i} gains (\S+)"),
            keeps=counted(rf"r{i + 1} holds (\S+)"),
            cities={
                m.group(1)
                for name, value in values.items()
                if value and (m := re.fullmatch(rf"r{i} in (\S+)", name))
            },
        )
        for i in range(len(relaxation.rounds))
    ]
    proven = "*" if status == cp_model.OPTIMAL else ""
    return f"{solver.objective_value:.0f}{proven}/{solver.best_objective_bound:.0f}", rounds


def agreement(before: TimelessState, after: TimelessState, plan: RoundPlan) -> int:
    """How far a stage from `before` to `after` follows the solution's round."""
    played = Counter(after.played[0]) - Counter(before.played[0])
    done_up = Counter(c for c, up in before.played[0] if up)
    done_down = sum(1 for _, up in before.played[0] if not up)
    score = sum(
        n * (3 if up and plan.up[card] > done_up[card] else int(not up and plan.down > done_down))
        for (card, up), n in played.items()
    )
    score += after.loc[0] in plan.cities

    def owned(state: TimelessState) -> Counter[str]:
        return Counter(state.hand[0]) + Counter(c for c, _ in state.played[0])

    gained = owned(after) - owned(before)
    score += sum(min(n, plan.gains[card]) for card, n in gained.items())
    if after.round > before.round or after.is_terminal:
        score += sum(min(n, plan.keeps[card]) for card, n in Counter(after.hand[0]).items())
    return score


def guided_game(puzzle: Puzzle, rounds: list[RoundPlan]) -> TimelessState:
    """The game the solution guides (see the module's docstring)."""
    search, state = Search(puzzle), puzzle.state()
    first = state.round
    while not state.is_terminal:
        plan = rounds[min(state.round - first, len(rounds) - 1)]
        here = state
        state = max(search.turn_ends(here), key=lambda e: (agreement(here, e, plan), evaluate(e)))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sets", nargs="*", default=list(SETS), choices=SETS)
    parser.add_argument("--editions", nargs="*", default=["en", "ja"], choices=("en", "ja"))
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(load_average())
    print(
        f"{'set':<5} {'ed':<3} {'plan':>4} {'from':<4} {'model':>9} {'guided':>6} "
        f"{'greedy':>6} {'time s':>6}"
    )
    for name in args.sets:
        for edition in args.editions:
            puzzle = standard_puzzle(name, edition, args.seed)
            plan = solve(puzzle, args.time_limit, args.workers)
            for round_, at in LATE.items():
                late = puzzle.at(position_at(puzzle, plan.history, at))
                began = time.perf_counter()
                model, rounds = solution(Relaxation(late), args.time_limit / 3, args.workers)
                guided = final_score(guided_game(late, rounds))
                greedy = max(
                    final_score(Search(late).rollout(late.state(), seed)) for seed in (1, 2, 3)
                )
                print(
                    f"{name:<5} {edition:<3} {plan.objective:>4} {round_:<4} {model:>9} "
                    f"{guided:>6} {greedy:>6} {time.perf_counter() - began:>6.1f}",
                    flush=True,
                )
    print(load_average())


if __name__ == "__main__":
    main()
