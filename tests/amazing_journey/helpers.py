"""Positions of The Amazing Journey for scenario tests, reached as a player would: the scenario
builder fixes the setup's chance outcomes by name, then real actions (by name) are applied.
Nothing here writes a field of a state."""

from __future__ import annotations

from kit.amazing_journey import AmazingJourney, JourneyState, setup
from kit.amazing_journey.frames import MakeRoom

CLEAR_WAY = {"Cairo": "B01", "Dubai": "C02", "Athens": "A10"}
"""Tokens showing a star, for the cities of `around_the_world`'s way east (and Athens): with the
star removed these cities start empty and a Travel passes through them."""

STOPS = {"Mumbai": "C01", "San Francisco": "F01", "New York": "F03", "Amsterdam": "A02"}
"""Tokens (none cursed, so none forces a stop) for the other cities of `around_the_world`."""


def journey(*travellers: str, seed: int = 1, side: str = "regular", **fixed) -> JourneyState:
    """A game of these Travellers (one per player), set up by the scenario builder with the
    outcomes `fixed` gives (placement, removed, tickets, objectives, actions) and the seed's for
    the rest."""
    game = AmazingJourney(players=len(travellers), seed=seed, side=side)
    return setup(game, travellers=list(travellers), **fixed)


def journey_around(*travellers: str, placement=None, **fixed) -> JourneyState:
    """`journey` with the star removed and the tokens of `CLEAR_WAY` and `STOPS` placed, so that
    `around_the_world` can be walked (1 or 2 players: two symbols are removed)."""
    removed = fixed.pop("removed", ["star", "triangle"])
    return journey(
        *travellers, placement={**CLEAR_WAY, **STOPS, **(placement or {})}, removed=removed, **fixed
    )


def city(state: JourneyState, name: str) -> int:
    return state.tables.board.index[name]


def token(state: JourneyState, token_id: str) -> int:
    return state.tables.content.token(token_id).index


def names(state: JourneyState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def wait_until(state: JourneyState, day: int, player: int = 0) -> None:
    """`player` refreshes (1 day each) until their pawn reaches `day`; the other players
    refresh on their turns."""
    while state.day[player] < day:
        _act(state, player, "refresh")


def go(state: JourneyState, *cities: str, player: int = 0) -> None:
    """`player` travels to each of `cities` in turn by departures: they refresh until a route to
    the next city departs, then take the first such Travel; the other players refresh on their
    turns."""
    for name in cities:
        while True:
            others_refresh(state, player)
            ways = [
                a for a in names(state) if a.startswith("take the ") and a.endswith(f" to {name}")
            ]
            if ways:
                state.apply(ways[0])
                break
            state.apply("refresh")


def _act(state: JourneyState, player: int, action: str) -> None:
    others_refresh(state, player)
    state.apply(action)


def others_refresh(state: JourneyState, player: int) -> None:
    """The other players refresh until it is `player`'s turn."""
    while state.current_player != player:
        assert state.current_player >= 0, "a question or chance event is due"
        state.apply("refresh")


def around_the_world(state: JourneyState, player: int = 0) -> None:
    """A journey through both checkpoints by departures (`journey_around`; the other players
    refresh on their turns): London -> Dubai (day 3, passing an empty Cairo) -> Mumbai (day
    6; the First checkpoint on day 10, 3 points) -> Dubai -> London -> New York -> San Francisco
    (day 31: the Second checkpoint, 4 points) -> New York -> London (day 43, before the Final
    checkpoint opens) -> Amsterdam (day 45)."""
    go(state, "Dubai", "Mumbai", player=player)
    wait_until(state, 10, player)
    go(state, "Dubai", "London", "New York", "San Francisco", player=player)
    wait_until(state, 30, player)
    go(state, "New York", "London", "Amsterdam", player=player)


def all_tokens(state: JourneyState) -> list[int]:
    """Where every token is: map, box, discard, player boards, or awaiting a discard choice
    (each exactly once), and those not placed yet."""
    found = [t for t in state.city_token if t >= 0] + state.boxed + state.discarded
    for p in range(len(state.day)):
        found += state.experiences[p] + state.souvenirs[p]
    count = len(state.tables.content.tokens)
    unplaced = [t for t in range(count) if not state.placed >> t & 1]
    waiting = [step.token for step in state.steps if isinstance(step, MakeRoom)]
    return sorted(found + unplaced + waiting)
