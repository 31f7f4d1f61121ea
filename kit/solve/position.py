"""The planners' puzzle for a position of a game in progress: what the play panel's advisor and
the solver panel plan from when they are given a state rather than a puzzle.

Every game's puzzle is the player to move's, made from what that player sees: the 80-day
planner keeps the face-down tokens face down (`amazing_journey.Puzzle.from_state`); the
five-round and four-week planners plan a game where the others take nothing more, with what
is out of the player's sight (the decks' order, face-down tiles, the later Festivals) a guess
by the game's seed among what the player has not seen (`timeless_journeys.Puzzle.from_state`,
`four_weeks.Puzzle.from_state`). Each puzzle's `assumptions()` says so in words."""

from __future__ import annotations

from typing import Any

from kit.core import KitError, State


def mover_of(state: State) -> int:
    """The player to move, whose plan a puzzle of `state` is; `KitError` saying why there is
    none (the game is over, or a chance event is due)."""
    mover = state.current_player
    if mover < 0:
        raise KitError(
            "the game is over: there is nothing left to plan"
            if state.is_terminal
            else "plan from a decision of a player (a chance event is due)"
        )
    return mover


def puzzle_from(state: State) -> Any:
    """The puzzle of a game's state for the player to move, as the game's planner takes one,
    what is out of sight guessed by the game's seed; `KitError` saying why in plain words
    where no plan can start."""
    name, seed = state.game.name, state.game.seed or 0
    if name == "amazing_journey":
        from kit.amazing_journey.state import JourneyState
        from kit.solve.amazing_journey import Puzzle as AmazingJourneyPuzzle

        if isinstance(state, JourneyState) and state.steps and not state.is_terminal:
            raise KitError(
                "plans start at the beginning of an action: answer the question of the action "
                "under way first"
            )
        return AmazingJourneyPuzzle.from_state(state)  # type: ignore[arg-type]
    if name == "timeless_journeys":
        from kit.solve.timeless_journeys import Puzzle as TimelessJourneysPuzzle

        return TimelessJourneysPuzzle.from_state(state, seed)  # type: ignore[arg-type]
    if name == "four_weeks":
        from kit.solve.four_weeks import Puzzle as FourWeeksPuzzle

        return FourWeeksPuzzle.from_state(state, seed)  # type: ignore[arg-type]
    raise KitError(f"no planner plans {state.game.title}")
