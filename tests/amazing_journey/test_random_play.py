"""Random play in the OpenSpiel manner: thousands of seeded games checked at every step by the
shared harness (`tests/contract.py`), with this game's own invariants and secrets.

Uniformly random travellers wander for hundreds of days before they happen to pass the three
checkpoints in order (a 4-player game then runs to several thousand actions), so most games here
are played by seats that pick a uniformly random legal action half of the time and the greedy
bot's action otherwise: every kind of action still occurs, and each game reaches its end. A
smaller set of games is purely random."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from kit.amazing_journey import AmazingJourney, GreedyBot, JourneyState
from kit.amazing_journey.actions import Action, Answer, Explore, Outcome, StepBack, Travel, Wait
from kit.amazing_journey.frames import MakeRoom
from kit.core import CHANCE, State
from kit.core.bots import RandomBot, play
from kit.core.rng import rng_for
from tests.amazing_journey.helpers import all_tokens
from tests.contract import play_checked, same_game_elsewhere

MIXED_GAMES = 2000
RANDOM_GAMES = 60
SAMPLE_EVERY = 397  # steps between round trips and observation checks


class HalfRandomBot:
    """A uniformly random legal action half of the time, the greedy bot's otherwise."""

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = rng_for(seed, "half-random", seat)
        self.greedy = GreedyBot(seed, seat)

    def choose(self, state: State) -> Action:
        if self.rng.random() < 0.5:
            return self.rng.choice(state.legal_actions())
        return self.greedy.choose(state)


def invariants(state: State, before: State | None, action: Action) -> None:
    """Components are conserved (70 tokens, 42 Tickets, 40 Objectives), no pawn goes back but
    by Yuki's power, no area overflows, no count goes negative; now and then, what each player
    sees of the others is only what lies face down or is counted."""
    assert isinstance(state, JourneyState) and isinstance(before, JourneyState)
    content = state.tables.content
    scoring = content.scoring
    assert all_tokens(state) == list(range(len(content.tokens)))  # each token once
    tickets = sum(state.ticket_deck) + sum(state.ticket_discard) + sum(map(sum, state.tickets))
    assert tickets == 42 and min(state.ticket_deck + state.ticket_discard) >= 0
    played = sum(map(len, state.played))
    objectives = sum(state.objective_deck) + sum(state.objective_discard) + played
    assert objectives + sum(map(sum, state.hand)) == 40
    back = action.days if isinstance(action, StepBack) else 0
    for p, day in enumerate(state.day):
        assert day >= before.day[p] or day == before.day[p] - back
        spaces = scoring.experience_spaces * len(scoring.experience_types)
        assert len(state.experiences[p]) <= spaces
        assert len(state.souvenirs[p]) <= scoring.souvenir_rows * scoring.souvenir_row_length
        assert min(state.tickets[p]) >= 0 and min(state.hand[p]) >= 0
    if len(state.history) % 101 == 0:
        private(state)


def private(state: JourneyState) -> None:
    """Another player's Tickets and Objectives are only counted, their tokens only shown by
    their backs (and an Experience's type by its space)."""
    for viewer in range(state.num_players):
        seen = state.observation(viewer)
        for q, other in enumerate(seen["players"]):
            if q == viewer:
                continue
            assert type(other["tickets"]) is int and type(other["objectives"]) is int
            for shown in other["souvenirs"]:
                assert set(shown) == {"region", "symbol", "cursed"}
            for shown in other["experiences"]:
                assert set(shown) == {"type", "region", "symbol", "cursed"}


def hidden(state: State, player: int) -> Iterator[str]:
    """What `player` may not see, as the observation or a label would name it: the ids of the
    tokens they have not held (face down on the map or on another board, removed unseen, given
    up by another, not placed yet), and the type of each Ticket or Objective another player
    draws. An id that is also a route's or a city's ("A10") is looked for only where a token's
    id stands: under the key "token" and in the labels that name a token."""
    assert isinstance(state, JourneyState)
    names = {r.id for r in state.tables.board.routes} | set(state.tables.board.index)
    mine = set(state.experiences[player] + state.souvenirs[player])
    mine |= {f.token for f in state.steps if isinstance(f, MakeRoom) and f.player == player}
    for token in state.tables.content.tokens:
        if token.index not in mine:
            yield f'"token": "{token.id}"'
            yield from (f"{token.id} lies face down", f"new token {token.id}", f"{token.id} for")
            if token.id not in names:
                yield f'"{token.id}"'
    book = state.tables.actions
    for q in range(state.num_players):
        if q != player:
            yield from (str(draw) for draw in book.draw_ticket[q] + book.draw_objective[q])


def configurations(count: int) -> Iterator[tuple[int, int, str]]:
    for seed in range(count):
        yield seed, 1 + seed % 4, ("regular", "fast")[seed // 4 % 2]


def checked(game: AmazingJourney, bots: Sequence[Any], observe_every: int = 0) -> State:
    return play_checked(
        game.new_game(),
        bots,
        invariants=invariants,
        hidden=hidden,
        sample_every=SAMPLE_EVERY,
        observe_every=observe_every,
    )


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_half_random_games(chunk):
    for seed, players, side in list(configurations(MIXED_GAMES))[chunk::10]:
        game = AmazingJourney(players=players, seed=seed, side=side)
        every = 1 if (seed // 10) % 40 == 0 else 0  # every seat's view at every step: 1 in 40
        final = checked(game, [HalfRandomBot(seed, seat) for seat in range(players)], every)
        assert all(day >= 0 for day in final.finish) and all(s == 3 for s in final.stage)


def test_uniformly_random_games():
    for seed, players, side in configurations(RANDOM_GAMES):
        if players <= 2:
            game = AmazingJourney(players=players, seed=seed, side=side)
            checked(game, [RandomBot(seed, seat) for seat in range(players)])


@pytest.mark.parametrize(("seed", "players", "side"), [(3, 1, "regular"), (6, 2, "fast")])
def test_the_same_seed_gives_the_same_game_in_another_process(seed, players, side):
    options = {"players": players, "seed": seed, "side": side}
    state = AmazingJourney(**options).new_game()
    final = play(state, [RandomBot(seed, p) for p in range(players)])
    same_game_elsewhere("amazing_journey", options, final.history)


def test_random_play_covers_every_kind_of_action():
    """Over a few half-random games every action and every chance event occurs."""
    kinds: set[str] = set()
    for seed, players, side in configurations(120):
        game = AmazingJourney(players=players, seed=seed, side=side)
        state = game.new_game()
        bots = [HalfRandomBot(seed, seat) for seat in range(players)]
        while not state.is_terminal:
            player = state.current_player
            action = state.sample_chance() if player == CHANCE else bots[player].choose(state)
            if isinstance(action, Travel):
                kinds.add(f"travel:{action.method}" + (":through" if action.through else ""))
            elif isinstance(action, Explore):
                kinds.add("explore:power" if action.by_power else "explore")
            elif isinstance(action, Wait):
                kinds.add(action.what)
            elif isinstance(action, Answer):
                kinds.add(f"{action.question}")
            elif isinstance(action, Outcome):
                kinds.add(action.event)
            else:
                kinds.add(action.kind)
            state.apply(action)
    expected = {"explore", "explore:power", "refresh", "redraw", "plan", "power"}
    expected |= {"travel:depart", "travel:ticket", "travel:wildcard", "travel:power"}
    expected |= {"travel:depart:through", "discard_ticket", "make_room", "play_objective"}
    expected |= {"double_tickets", "traveller", "place", "symbol", "ticket", "objective", "roll"}
    assert expected <= kinds, expected - kinds
