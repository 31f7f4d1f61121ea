"""Random play in the OpenSpiel manner: thousands of seeded games across player counts, with the
game's invariants at every step and clone, save/load and undo round-trips at sampled steps."""

from __future__ import annotations

import json

import pytest

from kit.core import CHANCE
from kit.core.bots import RandomBot, play
from kit.core.rng import rng_for
from kit.four_weeks import FourWeeks
from kit.four_weeks.state import AVAILABLE

GAMES = 2000
CHUNKS = 8  # the games are split so that parallel test workers share them


def check_invariants(state) -> None:
    content, rules = state.game.content, state.game.content.rules
    per_week, n = rules.days_per_week, len(state.pos)
    cards = state.deck + state.discard + [c for h in state.hands + state.visited for c in h]
    assert sorted(cards) == list(range(len(content.locations)))  # every card accounted for
    for p in range(n):
        assert 0 <= state.day[p] <= per_week  # never more than seven days a week
        assert min(state.res[p]) >= 0
        calendar = state.calendar[p]
        assert len(calendar) == rules.weeks * per_week  # every Day disc accounted for
        done = state.week * per_week + state.day[p]
        assert AVAILABLE not in calendar[:done] and set(calendar[done:]) <= {AVAILABLE}
        placed = sum(1 for slot in calendar if slot >= 0)
        assert placed <= len(state.visited[p]) + done  # one disc per activity at most


def round_trips(state) -> None:
    game = state.game
    assert state.clone() == state
    assert game.from_json(state.to_json()) == state
    if state.history:
        copy = state.clone()
        last = state.undo()
        state.apply(last)
        assert state == copy


def play_checked(seed: int) -> FourWeeks:
    players = 1 + seed % 4
    game = FourWeeks(players=players, seed=seed)
    state = game.new_game()
    bots = [RandomBot(seed, p) for p in range(players)]
    sample = rng_for(seed, "sample")
    samples = {sample.randrange(40, 120 * players) for _ in range(2)}
    while not state.is_terminal:
        actions = state.legal_actions()
        assert actions == state.legal_actions()
        assert len({str(a) for a in actions}) == len(actions)
        player = state.current_player
        state.apply(state.sample_chance() if player == CHANCE else bots[player].choose(state))
        check_invariants(state)
        if len(state.history) in samples:
            round_trips(state)
    round_trips(state)
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_the_rules(chunk):
    lengths = [len(play_checked(seed).history) for seed in range(chunk, GAMES, CHUNKS)]
    assert min(lengths) > 50


def test_same_seed_same_game():
    for seed in (3, 4):
        game = FourWeeks(players=1 + seed % 4, seed=seed)
        a = play(game.new_game(), [RandomBot(seed, p) for p in range(game.num_players)])
        b = play(game.new_game(), [RandomBot(seed, p) for p in range(game.num_players)])
        assert a.history == b.history and a == b
        assert json.loads(a.to_json())["history"] == [str(x) for x in b.history]
