"""`kit solve four-weeks`: the planner's command line (kit/cli.py calls `main(argv)`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from kit.four_weeks.rules import SPENT
from kit.solve.four_weeks.planner import solve
from kit.solve.four_weeks.puzzle import OPTIONS, Puzzle, standard_puzzle
from kit.solve.plan import Plan
from kit.solve.puzzle import planner_main, planner_parser


def main(argv: Sequence[str]) -> int:
    """`kit solve four-weeks [--seed N] [--claim BAL,POL] [--content DIR] [--time-limit S]
    [--workers N]`: the best plan of a solo deal as a calendar, Monday to Sunday week by week
    (region, activity, Day disc, resources), then the score sheet. Ctrl-C stops the search and
    prints the best plan found so far."""
    parser = planner_parser(
        "kit solve four-weeks",
        "The best four weeks in Europe for a solo player, the deal's chance fixed.",
        OPTIONS,
        time_limit=10.0,
        workers="CP-SAT search workers (default 2)",
    )
    return planner_main(argv, parser, OPTIONS, standard_puzzle, solve, calendar)


class CalendarDay(NamedTuple):
    """One day of a plan's calendar: its number (1 to 28), week (1 to 4) and weekday (0 =
    Monday); the region the pawn is in; `activity`, the actions of the turn started that day
    (empty while a visit goes on); `disc`, the region code of the Day disc placed that day (""
    when it is spent); `held`, the resources after the turn started that day; and `week_end`,
    the end-of-week actions after the day (its last day only)."""

    day: int
    week: int
    weekday: int
    region: str
    activity: tuple[str, ...]
    disc: str
    held: str
    week_end: tuple[str, ...]


def calendar_days(puzzle: Puzzle, plan: Plan) -> list[CalendarDay]:
    """The plan day by day, as the engine's replay of it places the Day discs (the days of a
    plan with no score sheet: none)."""
    if plan.sheet is None:
        return []
    content, rules = puzzle.content, puzzle.content.rules
    slots = puzzle.replay(plan.history).calendar[0]
    turns = {step.day: step for step in plan.steps if not step.note.startswith("end of week")}
    ends = {step.day: step for step in plan.steps if step.note.startswith("end of week")}
    days, current = [], None
    for day in range(1, rules.weeks * rules.days_per_week + 1):
        week, weekday = divmod(day - 1, rules.days_per_week)
        step = turns.get(day)
        current = step or current
        region, _, held = (current.note if current else "").partition("; ")
        slot = slots[day - 1]
        days.append(
            CalendarDay(
                day,
                week + 1,
                weekday,
                region,
                step.actions if step else (),
                "" if slot == SPENT else content.regions[slot].code,
                held if step else "",
                ends[day].actions if day in ends else (),
            )
        )
    return days


def calendar(puzzle: Puzzle, plan: Plan) -> str:
    """The plan as a calendar: for each day its region, the activity started that day (or the
    visit going on), the Day disc (placed in a region, or spent), and what the player holds
    after the turn; then each week's discards and the score sheet."""
    if plan.sheet is None:
        return plan.timeline()
    weekdays = puzzle.content.rules.weekdays
    gap = plan.gap
    proof = "no bound proven" if gap is None else f"bound {plan.bound:g}, gap {gap:.1%}"
    rows = [f"{plan.status} plan scoring {plan.objective} ({proof}, {plan.solve_time:.2f} s)"]
    rows += [f"  assumes {text}" for text in plan.assumptions]
    for day in calendar_days(puzzle, plan):
        if day.weekday == 0:
            rows.append(f"Week {day.week}")
        activity = " + ".join(day.activity) if day.activity else "(the visit goes on)"
        disc = f"in {day.disc}" if day.disc else "spent"
        rows.append(
            f"  {weekdays[day.weekday]:<4}{day.day:>3}  {day.region:<4} disc {disc:<7} {activity}"
            + (f"  [{day.held}]" if day.held else "")
        )
        if day.week_end:
            rows.append(f"  end of week {day.week}: " + ", ".join(day.week_end))
    rows.append(str(plan.sheet))
    return "\n".join(rows)
