"""`kit solve timeless-journeys`: the planner's command line (kit/cli.py calls `main(argv)`)."""

from __future__ import annotations

from collections.abc import Sequence

from kit.solve.plan import Plan, bound_text
from kit.solve.puzzle import planner_main, planner_parser
from kit.solve.timeless_journeys.planner import solve
from kit.solve.timeless_journeys.puzzle import OPTIONS, standard_puzzle
from kit.timeless_journeys.actions import roman


def main(argv: Sequence[str]) -> int:
    """`kit solve timeless-journeys [--set intro|A|B|C|D] [--edition en|ja] [--seed N]
    [--time-limit S] [--workers N]`: the best solo plan found, round by round (each play with
    its chain and choices, the running VP) and the score sheet. Ctrl-C stops the search and
    prints the best replay-verified plan found so far (exit 130)."""
    parser = planner_parser(
        "kit solve timeless-journeys",
        "The best solo game of Timeless Journeys within its five rounds.",
        OPTIONS,
        time_limit=60.0,
        workers="searches side by side, each its own process (default 2)",
    )
    return planner_main(
        argv,
        parser,
        OPTIONS,
        standard_puzzle,
        solve,
        lambda puzzle, plan: rounds_text(plan, puzzle.name),
    )


def rounds_text(plan: Plan, name: str) -> str:
    """The plan round by round: each play with its chain and choices and the VP so far, each
    round's end, then the score sheet."""
    gap = "" if plan.gap is None else f", gap {plan.gap:.1%}"
    rows = [
        f"{name}: {plan.status} plan scoring {plan.objective} "
        f"({bound_text(plan.bound)}{gap}, {plan.solve_time:.1f} s)"
    ]
    rows += [f"  assumes {text}" for text in plan.assumptions]
    current = None
    for step in plan.steps:
        if step.day != current:
            current = step.day
            rows.append(f"Round {roman(step.day - 1)}")
        words, _, vp = step.note.partition(": ")
        stage = words.split(", ", 1)[-1]
        rows.append(f"  {stage} ({vp})")
        rows += [f"      {action}" for action in step.actions]
    if plan.sheet is not None:
        rows.append(str(plan.sheet))
    return "\n".join(rows)
