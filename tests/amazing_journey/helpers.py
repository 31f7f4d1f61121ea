"""Arranging positions of The Amazing Journey for scenario tests: a game after setup with
chosen Travellers, then the map, pawns and hands set as a scenario needs."""

from __future__ import annotations

from kit.amazing_journey.content import ROUTE_TYPES
from kit.amazing_journey.state import AmazingJourney, JourneyState


def journey(*travellers: str, seed: int = 1, side: str = "regular") -> JourneyState:
    """A game after setup (seeded) with these Travellers, one per player."""
    game = AmazingJourney(
        players=len(travellers), seed=seed, side=side, travellers=list(travellers)
    )
    state = game.new_game()
    state.resolve_chance()
    return state


def city(state: JourneyState, name: str) -> int:
    return state.rules.board.index[name]


def token(state: JourneyState, token_id: str) -> int:
    return next(t.index for t in state.rules.content.tokens if t.id == token_id)


def clear_map(state: JourneyState) -> None:
    """Every token on the map goes to the box, so Travel passes freely."""
    for c, t in enumerate(state.city_token):
        if t >= 0:
            state.boxed.append(t)
            state.city_token[c] = -1
    state.tokens_mask = 0


def put(state: JourneyState, city_name: str, token_id: str) -> None:
    """Move a token from the box (or from wherever it lies on the map) to a city."""
    t = token(state, token_id)
    if t in state.boxed:
        state.boxed.remove(t)
    else:
        old = state.city_token.index(t)
        state.city_token[old] = -1
        state.tokens_mask &= ~(1 << old)
    c = city(state, city_name)
    if state.city_token[c] >= 0:
        state.boxed.append(state.city_token[c])
    state.city_token[c] = t
    state.tokens_mask |= 1 << c


def place(state: JourneyState, p: int, city_name: str, day: int) -> None:
    state.pos[p] = city(state, city_name)
    state.day[p] = day
    state._legal_cache = None


def hand(state: JourneyState, p: int, tickets: dict[str, int] | None = None, objectives=None):
    """Set a player's Tickets (and Objectives), taking cards from / returning them to the decks."""
    for kind, n in enumerate(state.tickets[p]):
        state.ticket_deck[kind] += n
    state.tickets[p] = [0] * len(ROUTE_TYPES)
    for name, n in (tickets or {}).items():
        kind = ROUTE_TYPES.index(name)
        state.ticket_deck[kind] -= n
        state.tickets[p][kind] += n
    if objectives is not None:
        types = state.rules.experience_types
        for kind, n in enumerate(state.hand[p]):
            state.objective_deck[kind] += n
        state.hand[p] = [0] * len(types)
        for name in objectives:
            state.objective_deck[types.index(name)] -= 1
            state.hand[p][types.index(name)] += 1
    state._legal_cache = None


def names(state: JourneyState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def all_tokens(state: JourneyState) -> list[int]:
    """Where every token is: map, box, discard, player boards, or awaiting a discard choice
    (each exactly once)."""
    found = [t for t in state.city_token if t >= 0] + state.boxed + state.discarded
    for p in range(len(state.day)):
        found += state.experiences[p] + state.souvenirs[p]
    unplaced = [t for t in range(len(state.rules.content.tokens)) if not state.placed >> t & 1]
    waiting = [step[2] for step in state.steps if step[0].endswith("_full")]  # being decided
    return sorted(found + unplaced + waiting)
