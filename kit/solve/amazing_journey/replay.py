"""Every plan is replayed in the game's engine before anyone sees it.

`replay` plays a journey's actions (`Arc`s) from `puzzle.state()`: the die fixed to each
Explore's assumed days, Tickets and Objectives drawn as the seed deals them (the plan relies on
neither's type), the sub-decisions answered as the plan says (`Choices`: which tokens stay on the
Travel board, how many Objectives of each type are played). `verified` turns a replayed journey
into a `Plan` only if the engine scores it exactly as the planner claimed; any difference, or an
action the engine refuses, is a `PlanError`."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from kit.amazing_journey.actions import PLAN, POWER, REFRESH, Action, Answer, Outcome
from kit.amazing_journey.content import ROUTE_TYPES, Traveller
from kit.amazing_journey.frames import (
    DiscardTicket,
    DoubleTickets,
    MakeRoom,
    PlayObjective,
    RollDie,
)
from kit.amazing_journey.state import JourneyState
from kit.core import CHANCE, IllegalAction
from kit.solve.amazing_journey.network import EXPLORE, Arc
from kit.solve.amazing_journey.puzzle import Puzzle
from kit.solve.plan import Plan, PlanError, Step


@dataclass(frozen=True)
class Choices:
    """A plan's answers to the questions its actions raise: the tokens it keeps when an area
    of the Travel board is full, and the Objectives it plays, by Experience type."""

    kept: frozenset[int] = frozenset()
    plays: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Replayed:
    """The engine's account of a journey: the final state, the steps with their days, and
    every engine action name from `puzzle.state()` on."""

    final: JourneyState
    steps: tuple[Step, ...]
    history: tuple[str, ...]


def replay(puzzle: Puzzle, arcs: Sequence[Arc], choices: Choices) -> Replayed:
    """Play `arcs` in the engine from the puzzle's start (see the module's docstring)."""
    state, p = puzzle.state([a.city for a in arcs if a.kind == EXPLORE]), puzzle.player
    tables = state.tables
    tokens = tables.content.tokens
    traveller = puzzle.traveller
    plays = dict(choices.plays)
    history: list[str] = []
    steps = []

    def act(label: str) -> None:
        try:
            state.apply(label)
        except IllegalAction as error:
            raise PlanError(f"the engine refuses the plan's step: {error}") from None
        history.append(label)

    for index, arc in enumerate(arcs):
        names = []
        if arc.back and traveller is not None:
            names.append(str(tables.actions.step_back(traveller)))
            act(names[-1])
        day = state.day[p]
        token = state.city_token[state.pos[p]]
        stage = state.stage[p]
        names.append(_label(state, arc, traveller))
        act(names[-1])
        kind = str(state.history[-1].kind)
        future = arcs[index + 1 :]
        while state.steps and not state.is_terminal:
            act(_answer(state, p, arc, future, choices.kept, plays))
        note = []
        if arc.kind == EXPLORE:
            note.append(f"collect {tokens[token]}")
        for done in range(stage, state.stage[p]):
            checkpoint = tables.board.checkpoints[done]
            note.append(f"{checkpoint.name} checkpoint in {checkpoint.city}")
        steps.append(
            Step(day, state.day[p], tuple(names), ", ".join(note), kind=kind, upto=len(history))
        )
        if state.finish[p] >= 0 and index + 1 < len(arcs):
            raise PlanError("the plan goes on after the journey has ended")
    if state.finish[p] < 0:
        raise PlanError("the plan does not end the journey in the engine")
    return Replayed(state, tuple(steps), tuple(history))


def verified(
    puzzle: Puzzle,
    arcs: Sequence[Arc],
    choices: Choices,
    objective: int,
    status: str,
    bound: float | None,
    began: float,
) -> Plan:
    """The plan of `arcs` (in order), replayed in the engine, which must score `objective`."""
    replayed = replay(puzzle, arcs, choices)
    final = replayed.final
    sheet = final.scores()[puzzle.player]
    if sheet.total != objective:
        raise PlanError(
            f"the planner claims {objective} points but the engine scores the plan {sheet.total}"
        )
    return Plan(
        status, replayed.steps, sheet, objective, bound, time.perf_counter() - began,
        puzzle.assumptions(), final.finish[puzzle.player], replayed.history,
    )  # fmt: skip


def value_of(action: Action) -> int:
    """The value of an answer or a chance outcome (a ticket type, a token, a die result)."""
    assert isinstance(action, Answer | Outcome)
    return action.value


def _label(state: JourneyState, arc: Arc, traveller: Traveller | None) -> str:
    """The engine's name of the arc's action (a Travel by Hendrika's power falls back to the
    plain Travel when the way is clear by then)."""
    book = state.tables.actions
    city = state.pos[state.player]
    if arc.kind == EXPLORE:
        if arc.method == POWER and traveller is not None:
            return str(book.explore_by_power(city, traveller))
        return str(book.explore[city])
    if arc.kind == REFRESH:
        return str(book.refresh[city])
    if arc.kind == PLAN:
        return str(book.plan[city])
    owner = traveller.short if traveller and (arc.through or arc.method == POWER) else ""
    label = str(book.travel(arc.route, arc.dest, arc.method, arc.through, owner))
    if arc.through and label not in map(str, state.legal_actions()):
        plain_owner = owner if arc.method == POWER else ""
        label = str(book.travel(arc.route, arc.dest, arc.method, False, plain_owner))
    return label


def _answer(
    state: JourneyState,
    p: int,
    arc: Arc,
    future: Sequence[Arc],
    kept: frozenset[int],
    plays: dict[int, int],
) -> str:
    """The plan's answer to the chance event or sub-decision now due."""
    step = state.steps[-1]
    actions: tuple[Action, ...] = state.legal_actions()
    rules = state.tables.rules
    if isinstance(step, RollDie):
        return next(str(a) for a in actions if rules.explore[value_of(a)].days == arc.duration)
    if state.current_player == CHANCE:
        return str(actions[0])
    if isinstance(step, DiscardTicket):
        need = [0] * len(ROUTE_TYPES)
        for later in future:
            if later.typed >= 0:
                need[later.typed] += rules.ticket_cost
        return str(
            max(
                actions,
                key=lambda a: (state.tickets[p][value_of(a)] - need[value_of(a)], -value_of(a)),
            )
        )
    if isinstance(step, DoubleTickets):
        return str(next(a for a in actions if value_of(a) == int(arc.doubled)))
    if isinstance(step, PlayObjective):
        if plays.get(step.kind, 0) > 0:
            plays[step.kind] -= 1
            return str(actions[0])
        return str(actions[1])
    assert isinstance(step, MakeRoom)
    if step.token not in kept:
        return str(actions[0])
    return str(next(a for a in actions[1:] if value_of(a) not in kept))
