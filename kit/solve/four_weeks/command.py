"""`kit solve four-weeks`: the planner's command line (kit/cli.py calls `main(argv)`)."""

from __future__ import annotations

from collections.abc import Sequence

from kit.core.commands import ArgumentParser, count, seconds, whole
from kit.four_weeks.state import SPENT
from kit.solve.four_weeks.planner import solve
from kit.solve.four_weeks.puzzle import Puzzle, standard_puzzle
from kit.solve.plan import Plan, command_result, show_progress


def main(argv: Sequence[str]) -> int:
    """`kit solve four-weeks [--seed N] [--time-limit S] [--workers N] [--claim BAL,POL]
    [--content DIR]`: the best plan of a solo deal as a calendar, Monday to Sunday week by week
    (region, activity, Day disc, resources), then the score sheet. Ctrl-C stops the search and
    prints the best plan found so far."""
    parser = ArgumentParser(
        prog="kit solve four-weeks",
        description="The best four weeks in Europe for a solo player, the deal's chance fixed.",
    )
    parser.add_argument("--seed", type=whole, default=1, help="the deal (default 1)")
    parser.add_argument("--time-limit", type=seconds, default=10.0, help="seconds (default 10)")
    parser.add_argument(
        "--workers", type=count, default=2, help="CP-SAT search workers (default 2)"
    )
    parser.add_argument(
        "--claim", default="", help="regions whose Bucket List the plan must claim: BAL,POL"
    )
    parser.add_argument("--content", default=None, help="a folder of content files")
    args = parser.parse_args(list(argv))
    claims = [code.strip() for code in args.claim.split(",") if code.strip()]
    puzzle = standard_puzzle(args.seed, content=args.content, claims=claims)
    return command_result(
        lambda: solve(puzzle, args.time_limit, args.workers, on_solution=show_progress),
        lambda plan: calendar(puzzle, plan),
    )


def calendar(puzzle: Puzzle, plan: Plan) -> str:
    """The plan as a calendar: for each day its region, the activity started that day (or the
    visit going on), the Day disc (placed in a region, or spent), and what the player holds
    after the turn; then each week's discards and the score sheet."""
    if plan.sheet is None:
        return plan.timeline()
    content, rules = puzzle.content, puzzle.content.rules
    final = puzzle.replay(plan.history)
    slots = final.calendar[0]
    gap = plan.gap
    proof = "no bound proven" if gap is None else f"bound {plan.bound:g}, gap {gap:.1%}"
    rows = [f"{plan.status} plan scoring {plan.objective} ({proof}, {plan.solve_time:.2f} s)"]
    rows += [f"  assumes {text}" for text in plan.assumptions]
    turns = {step.day: step for step in plan.steps if not step.note.startswith("end of week")}
    ends = {step.day: step for step in plan.steps if step.note.startswith("end of week")}
    current = None
    for day in range(1, rules.weeks * rules.days_per_week + 1):
        week, weekday = divmod(day - 1, rules.days_per_week)
        if weekday == 0:
            rows.append(f"Week {week + 1}")
        step = turns.get(day)
        if step is not None:
            current = step
            activity = " + ".join(step.actions)
        else:
            activity = "(the visit goes on)"
        slot = slots[day - 1]
        disc = "spent" if slot == SPENT else f"in {content.regions[slot].code}"
        region, _, held = (current.note if current else "").partition("; ")
        shown = held if step is not None else ""
        rows.append(
            f"  {rules.weekdays[weekday]:<4}{day:>3}  {region:<4} disc {disc:<7} {activity}"
            + (f"  [{shown}]" if shown else "")
        )
        if day in ends:
            rows.append(f"  end of week {week + 1}: " + ", ".join(ends[day].actions))
    rows.append(str(plan.sheet))
    return "\n".join(rows)
