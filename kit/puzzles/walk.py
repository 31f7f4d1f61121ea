"""What the route-of-actions puzzles share (the 80-day journey, the four-week plays, a Grand
Tour's last turn): a route taken a step at a time on the game's engine, each position kept for
Undo."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from kit.core import CHANCE, IllegalAction, State
from kit.puzzles.verdict import Refused

Played = TypeVar("Played", bound=State)


class EngineWalk(Generic[Played]):
    """`route` holds the action names taken so far; `states` the position at the start and
    after each of them (the last is `state`)."""

    def __init__(self, start: Played) -> None:
        self.route: list[str] = []
        self._states: list[Played] = [start]

    @property
    def state(self) -> Played:
        return self._states[-1]

    @property
    def states(self) -> tuple[Played, ...]:
        """The position at the start and after each step of the route."""
        return tuple(self._states)

    @property
    def finished(self) -> bool:
        """Whether the route is complete: by default, the game is over."""
        return bool(self.state.is_terminal)

    def legal(self) -> list[Any]:
        return [] if self.state.is_terminal else list(self.state.legal_actions())

    def plays(self) -> list[str]:
        """The legal actions now, by name."""
        return [str(a) for a in self.legal()]

    def take(self, name: str) -> None:
        """Play the step `name` and the chance after it, or raise `Refused` saying why."""
        raise NotImplementedError

    def drawn(self) -> list[str]:
        """The chance outcomes resolved after the last step, by name: the actions of the
        position's history after the step's own."""
        if not self.route:
            return []
        before, after = self._states[-2], self._states[-1]
        return [str(a) for a in after.history[len(before.history) + 1 :]]

    def undo(self) -> str:
        """Take back the last step: its name, or "" when there is none."""
        if not self.route:
            return ""
        self._states.pop()
        return self.route.pop()

    def reset(self) -> None:
        """Take back every step."""
        while self.route:
            self.undo()

    def follow(self, route: Sequence[str], step: str) -> str | None:
        """Take `route`'s steps in order; a chance outcome named after a step (as in a plan's
        history) is passed over when it is the one the walk resolved there. Returns the first
        refusal as "`step` N, name: reason", or None when every step was taken."""
        pending: list[str] = []
        for number, name in enumerate(route, start=1):
            if pending and name == pending[0]:
                pending.pop(0)
                continue
            try:
                self.take(name)
            except Refused as error:
                return f"{step} {number}, {name}: {error}"
            pending = self.drawn()
        return None

    def chosen(self, name: str, steps: str) -> Any:
        """The legal action called `name`, or `Refused` with the engine's reason (or, for a
        name the engine would take but the puzzle does not offer, that it is not one of the
        player's `steps` now); nothing is changed."""
        action = next((a for a in self.legal() if str(a) == name), None)
        if action is None:
            try:
                self.state.clone().apply(name)
            except IllegalAction as error:
                raise Refused(str(error)) from None
            raise Refused(f"{name!r} is not one of your {steps} now")
        return action


def players_steps(state: State, history: Sequence[str]) -> tuple[str, ...]:
    """A plan's `history` played from `state` (a fresh start), without its chance outcomes: the
    steps the player takes, as a route."""
    names = []
    for name in history:
        if state.current_player != CHANCE:
            names.append(name)
        state.apply(name)
    return tuple(names)
