"""Random play in the OpenSpiel manner: thousands of seeded games checked at every step.

Uniformly random travellers wander for hundreds of days before they happen to pass the three
checkpoints in order (a 4-player game then runs to several thousand actions), so most games here
are played by seats that pick a uniformly random legal action half of the time and the greedy
bot's action otherwise: every kind of action still occurs, and each game reaches its end. A
smaller set of games is purely random."""

from __future__ import annotations

import pytest

from kit.amazing_journey import GreedyBot
from kit.amazing_journey.content import ROUTE_TYPES
from kit.amazing_journey.state import AmazingJourney, JourneyState, Move, Travel
from kit.core import CHANCE
from kit.core.bots import RandomBot
from kit.core.rng import rng_for
from tests.amazing_journey.helpers import all_tokens

MIXED_GAMES = 2000
RANDOM_GAMES = 60


class HalfRandomBot:
    """A uniformly random legal action half of the time, the greedy bot's otherwise."""

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = rng_for(seed, "half-random", seat)
        self.greedy = GreedyBot(seed, seat)

    def choose(self, state):
        if self.rng.random() < 0.5:
            return self.rng.choice(state.legal_actions())
        return self.greedy.choose(state)


def check_invariants(state: JourneyState, days_before: list[int], action) -> None:
    legal = state.legal_actions()
    assert legal == state.legal_actions()  # stable
    if state.current_player >= 0:
        assert tuple(state._legal_actions()) == legal  # recomputed the same, in the same order
    assert len({str(a) for a in legal}) == len(legal)  # unique names
    if state.placed != (1 << 70) - 1:  # during setup
        assert all_tokens(state) == list(range(70))
    else:  # every token placed: a cheaper count of the same
        assert len(set(all_tokens(state))) == 70 == len(all_tokens(state))
    tickets = sum(state.ticket_deck) + sum(state.ticket_discard) + sum(map(sum, state.tickets))
    assert tickets == 42
    objectives = sum(state.objective_deck) + sum(state.objective_discard)
    assert objectives + sum(map(sum, state.hand)) + sum(state.played) == 40
    yuki = isinstance(action, Move) and action.kind == "back"
    for p, day in enumerate(state.day):
        assert day >= days_before[p] or (yuki and day == days_before[p] - 1)
        assert len(state.experiences[p]) <= 15 and len(state.souvenirs[p]) <= 6
        assert all(n >= 0 for n in state.tickets[p])
    assert min(state.ticket_deck + state.ticket_discard) >= 0


def check_save_clone_undo(state: JourneyState) -> None:
    assert state.game.from_json(state.to_json()) == state
    copy = state.clone()
    assert copy == state
    if state.history:
        last = state.history[-1]
        state.undo()
        state.apply(last)
        assert state == copy


def play_checked(game: AmazingJourney, bots, sample_step: int | None) -> JourneyState:
    state = game.new_game()
    while not state.is_terminal:
        player = state.current_player
        action = state.sample_chance() if player == CHANCE else bots[player].choose(state)
        days = list(state.day)
        state.apply(action)
        check_invariants(state, days, action)
        if len(state.history) == sample_step:
            check_save_clone_undo(state)
    check_save_clone_undo(state)
    for sheet in state.scores():
        assert sheet.total == sum(line.points for line in sheet.lines)
    assert all(day >= 0 for day in state.finish) and all(s == 3 for s in state.stage)
    return state


def configurations(count: int):
    for seed in range(count):
        yield seed, 1 + seed % 4, ("regular", "fast")[seed // 4 % 2]


@pytest.mark.parametrize("chunk", range(10))
def test_half_random_games(chunk):
    per_chunk = MIXED_GAMES // 10
    for seed, players, side in list(configurations(MIXED_GAMES))[chunk::10][:per_chunk]:
        game = AmazingJourney(players=players, seed=seed, side=side)
        bots = [HalfRandomBot(seed, seat) for seat in range(players)]
        final = play_checked(game, bots, sample_step=150 if seed % 10 == 0 else None)
        if seed % 100 == 0:  # the same seed gives the same game
            again = play_checked(game, [HalfRandomBot(seed, s) for s in range(players)], None)
            assert again.history == final.history


def test_uniformly_random_games():
    for seed, players, side in configurations(RANDOM_GAMES):
        if players > 2:
            continue
        game = AmazingJourney(players=players, seed=seed, side=side)
        play_checked(game, [RandomBot(seed, seat) for seat in range(players)], sample_step=300)


def test_random_play_covers_every_kind_of_action():
    """Over a few half-random games every action kind and chance kind occurs."""
    kinds = set()
    for seed, players, side in configurations(120):
        game = AmazingJourney(players=players, seed=seed, side=side)
        state = game.new_game()
        bots = [HalfRandomBot(seed, seat) for seat in range(players)]
        while not state.is_terminal:
            player = state.current_player
            action = state.sample_chance() if player == CHANCE else bots[player].choose(state)
            if isinstance(action, Travel):
                kinds.add(f"travel:{action.method}")
            else:
                kinds.add(getattr(action, "event", None) or action.kind)
            state.apply(action)
    expected = {"explore", "refresh", "plan", "discard_ticket", "play_objective", "ticket"}
    expected |= {"travel:depart", "travel:ticket", "travel:wildcard", "travel:power", "roll"}
    expected |= {"experience_full", "souvenir_full", "lisette", "back", "explore_power"}
    assert expected <= kinds, expected - kinds
    assert ROUTE_TYPES
