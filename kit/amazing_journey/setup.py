"""A fixed setup for puzzles and planners: chosen chance outcomes, the seed for the rest."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kit.amazing_journey.state import AmazingJourney, JourneyState
from kit.core import IllegalAction


def setup(
    game: AmazingJourney,
    placement: Mapping[str, str] | None = None,
    removed: Sequence[str] = (),
    tickets: Sequence[Sequence[str]] = (),
    objectives: Sequence[Sequence[str]] = (),
) -> JourneyState:
    """The state after setup, with `placement` (city -> token id), the `removed` symbols, and
    each player's starting `tickets` and `objectives` (types) as given; what is not given is
    picked by the game's seed. Every choice is an ordinary chance action in the history."""
    placement = dict(placement or {})
    removed, wanted = list(removed), {}
    for p, cards in enumerate(tickets):
        wanted[("ticket", p)] = [f"draw a {kind} ticket" for kind in cards]
    for p, cards in enumerate(objectives):
        wanted[("objective", p)] = [f"draw a {kind} objective" for kind in cards]
    state = game.new_game()
    while state.steps and state.is_chance_node:
        step = state.steps[-1]
        name = None
        if step[0] == "place":
            city = game.content.board.cities[step[1]].name
            if city in placement:
                name = f"{placement.pop(city)} face down in {city}"
        elif step[0] == "symbol" and removed:
            name = f"remove the {removed.pop(0)} tokens"
        elif wanted.get(step):
            name = wanted[step].pop(0)
        if name is None:
            name = _seeded(state, reserved={f"{t} face down" for t in placement.values()})
        try:
            state.apply(name)
        except IllegalAction as error:
            raise IllegalAction(f"the fixed setup cannot be made: {error}") from None
    return state


def _seeded(state: JourneyState, reserved: set[str]) -> str:
    """The seed's pick among the outcomes, leaving alone tokens reserved for other cities."""
    allowed = [a for a in state.legal_actions() if str(a).split(" in ")[0] not in reserved]
    return str(state.seeded_outcome(allowed))
