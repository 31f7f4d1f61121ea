"""A game the planner claims, replayed in the engine and shown as a plan: one step per play and
per round's end, each with the running VP (`verified`, `steps_of`, as the four-week planner's)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from kit.solve.plan import Plan, PlanError, Step
from kit.solve.timeless_journeys.puzzle import Puzzle
from kit.solve.timeless_journeys.search import at_stage_start, final_score, stage
from kit.timeless_journeys.actions import roman
from kit.timeless_journeys.state import TimelessState


def verified(
    puzzle: Puzzle,
    history: Sequence[str],
    objective: int,
    status: str,
    bound: float | None,
    began: float,
) -> Plan:
    """The plan of `history` (action names from the puzzle's start), replayed in the engine,
    which must score `objective`; `PlanError` otherwise."""
    final = puzzle.replay(history)
    sheet = final.scores()[0]
    if sheet.total != objective:
        raise PlanError(
            f"the planner claims {objective} points but the engine scores the plan {sheet.total}"
        )
    return Plan(
        status,
        steps_of(puzzle, history),
        sheet,
        objective,
        bound,
        time.perf_counter() - began,
        puzzle.assumptions(),
        history=tuple(history),
        unit="round",
    )


def steps_of(puzzle: Puzzle, history: Sequence[str]) -> tuple[Step, ...]:
    """The plan as one step per play (its card, chain and choices) and one per round's end
    (travellers' rewards, market pick, hand limit), each with the round and the running VP;
    the reveals are left to the history. A play's kind is the category of the card played face
    up ("travel card"), or "face down"; a round's end is "end of round"."""
    state = puzzle.state()
    rows: list[Step] = []
    names: list[str] = []
    begun = _stage_name(state)
    kind = END_OF_ROUND
    for number, name in enumerate(history, start=1):
        if not state.is_chance_node:
            names.append(name)
        plays = len(state.played[0])
        state.apply(name)
        if len(state.played[0]) > plays:
            kind = _play_kind(state)
        ended = at_stage_start(state) and not state.is_chance_node and names
        if ended and stage(state) > _stage_of(begun):
            rows.append(_row(begun, names, state, kind, number))
            names, begun, kind = [], _stage_name(state), END_OF_ROUND
    if names:
        rows.append(_row(begun, names, state, kind, len(history)))
    return tuple(rows)


END_OF_ROUND = "end of round"


def _play_kind(state: TimelessState) -> str:
    """The kind of the play just made: its card's category face up, or face down."""
    card, up = state.played[0][-1]
    return f"{state.content.categories[card]} card" if up else "face down"


def _stage_name(state: TimelessState) -> tuple[int, int, str]:
    """The round, the stage and its words: 'play 3', 'end of round'."""
    plays = state.content.rules.plays_per_round
    if state.phase != "Action":
        return state.round, stage(state), END_OF_ROUND
    return state.round, stage(state), f"play {len(state.played[0]) + 1} of {plays}"


def _stage_of(begun: tuple[int, int, str]) -> int:
    return begun[1]


def _row(
    begun: tuple[int, int, str], names: list[str], after: TimelessState, kind: str, upto: int
) -> Step:
    rnd, _, words = begun
    note = f"round {roman(rnd)}, {words}: {after.vp[0]} VP won, {final_score(after)} if it ended"
    return Step(rnd + 1, rnd + 1, tuple(names), note, kind=kind, upto=upto)
