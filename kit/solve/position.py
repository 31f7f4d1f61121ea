"""The planners' puzzle for a position of a game in progress: what the play panel's advisor and
the solver panel plan from when they are given a state rather than a puzzle."""

from __future__ import annotations

from typing import Any

from kit.core import KitError, State


def puzzle_from(state: State) -> Any:
    """The puzzle of a game's state for the player to move, as the game's planner takes one:
    face-down things stay face down (the 80-day planner's assumptions); the four-week planner
    plans only a solo deal from its start, with its chance fixed."""
    name = state.game.name
    if name == "amazing_journey":
        from kit.solve.eighty_days import Puzzle as Journey

        return Journey.from_state(state)  # type: ignore[arg-type]
    if name == "timeless_journeys":
        from kit.solve.five_rounds import Puzzle as Tour

        return Tour(state, state.game.seed)  # type: ignore[arg-type]
    raise KitError(
        "the four-week planner cannot start from a game's position: it plans a solo deal from "
        "its first Travel step, with the deck's order and the Festivals fixed in advance "
        "(kit.solve.four_weeks.standard_puzzle)"
    )
