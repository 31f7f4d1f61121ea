"""A game the planner claims, shown as a plan: one step per turn and per week's end, each with
where it ends in the history and what kind of turn it was (`steps_of`)."""

from __future__ import annotations

from collections.abc import Sequence

from kit.core.words import plural
from kit.four_weeks.actions import Activity, FourWeeksAction, Skip, Visit
from kit.four_weeks.content import ACTIVITIES
from kit.four_weeks.effects import amount
from kit.four_weeks.frames import TRAVEL, WeekEndDiscards
from kit.four_weeks.state import FourWeeksState
from kit.solve.four_weeks.puzzle import Puzzle
from kit.solve.plan import Step


def steps_of(puzzle: Puzzle, history: Sequence[str]) -> tuple[Step, ...]:
    """The plan's steps of a game's `history` from the puzzle's start, replayed: one a turn
    (its days, its actions, the region and what the player holds after it; its kind is the
    turn's Activity: "visit", "write", "rest", "plan", "skip", or "travel" for none) and one a
    week's end (its discards, "end of week"), the chance outcomes left to the history."""
    state = puzzle.state()
    per_week = puzzle.content.rules.days_per_week
    steps: list[Step] = []
    names: list[str] = []
    start = puzzle.start  # the turn under way began there
    week_end = isinstance(start.decision, WeekEndDiscards)
    day, kind = start.week * per_week + start.day[0] + (not week_end), "travel"

    def close(upto: int) -> None:
        if not names:
            return
        if week_end:
            note = f"end of week {state.week}"
            steps.append(Step(day, day, tuple(names), note, kind="end of week", upto=upto))
        else:
            end = state.week * per_week + state.day[0]
            note = _held(state, state.pos[0])
            steps.append(Step(day, end, tuple(names), note, kind=kind, upto=upto))
        names.clear()

    for number, name in enumerate(history):
        if not state.is_chance_node:
            if state.step == TRAVEL and state.decision is None:
                close(number)
                day, week_end, kind = state.week * per_week + state.day[0] + 1, False, "travel"
            elif isinstance(state.decision, WeekEndDiscards) and not week_end:
                close(number)
                day, week_end = state.week * per_week + state.day[0], True
            names.append(name)
        state.apply(name)
        kind = _activity_word(state.history[-1]) or kind
    close(len(history))
    return tuple(steps)


def _activity_word(action: FourWeeksAction) -> str:
    """The Activity an action is, in a word ("" for any other action)."""
    if isinstance(action, Visit):
        return "visit"
    if isinstance(action, Activity):
        return ACTIVITIES[action.activity]
    if isinstance(action, Skip):
        return "skip"
    return ""


def _held(state: FourWeeksState, region: int) -> str:
    """The region and what the player holds after a turn, for the calendar."""
    code = state.game.content.regions[region].code
    held = ", ".join(amount(n, r) for r, n in enumerate(state.res[0]))
    trips = f", {plural(state.tickets[0], 'free trip', 'free trips')}" if state.tickets[0] else ""
    return f"{code}; {held}{trips}"
