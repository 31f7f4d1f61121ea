"""Random play in the OpenSpiel manner: 2,000 seeded games over 1-5 players, both editions and the
four ways of choosing travellers. At every step: legal actions unique and stable; the invariants
(components accounted for, nothing negative) after every action in one game of twenty and every 25
actions in the others; clone, JSON and undo round trips at a sampled step and at the end.
Players choose at random, preferring to act rather than decline, so that effects get exercised."""

from __future__ import annotations

import random

import pytest

import kit
from kit.core import CHANCE
from tests.timeless_journeys.invariants import check, check_scores

GAMES = 2000
CHUNKS = 20
MODES = [
    {"mode": "intro"},
    {"mode": "random"},
    {"mode": "historical"},
    {"mode": "historical", "travellers": "B"},
    {"mode": "chosen", "travellers": ["lebrun", "dickens", "keats"]},
    {"mode": "chosen", "travellers": ["byron", "twain", "blessington"]},
    {"mode": "chosen", "travellers": ["addison", "goethe", "craven"]},
]


def options_for(seed: int) -> dict:
    return {
        "players": 1 + seed % 5,
        "edition": ("en", "ja")[(seed // 5) % 2],
        **MODES[(seed // 10) % len(MODES)],
        "seed": seed,
    }


def round_trips(game, state) -> None:
    """Clone, JSON and undo give back the same position and the same legal actions."""
    twin = state.clone()
    assert twin == state and twin.legal_actions() == state.legal_actions()
    loaded = game.from_json(state.to_json())
    assert loaded == state and loaded.legal_actions() == state.legal_actions()
    if state.history:
        last = state.history[-1]
        before = state.clone()
        assert state.undo() == last
        state.apply(str(last))
        assert state == before


PASSIVE = ("skip", "decline", "end turn", "end the chain", "nothing more", "take no card")


def pick(rng: random.Random, actions: tuple):
    """Mostly an active choice; now and then a declining one."""
    active = [a for a in actions if str(a) not in PASSIVE and not str(a).endswith("keep the VP")]
    return rng.choice(active if active and rng.random() < 0.85 else actions)


def play_one(seed: int) -> list:
    game = kit.load("timeless_journeys", **options_for(seed))
    rng = random.Random(seed)
    state = game.new_game()
    sample = rng.randrange(50, 250)
    every_step = seed % 20 == 0
    step = 0
    while not state.is_terminal:
        actions = state.legal_actions()
        names = [str(a) for a in actions]
        assert actions and len(set(names)) == len(names), names
        assert state.legal_actions() == actions
        chance = state.current_player == CHANCE
        state.apply(state.sample_chance() if chance else pick(rng, actions))
        step += 1
        if every_step or step % 25 == 0:
            check(state)
        if step == sample:
            round_trips(game, state)
            check_scores(state)
    check(state)
    check_scores(state)
    round_trips(game, state)
    return [sheet.total for sheet in state.scores()]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk):
    for seed in range(chunk, GAMES, CHUNKS):
        play_one(seed)


def test_same_seed_same_game():
    assert play_one(7) == play_one(7)
    game = kit.load("timeless_journeys", players=3, seed=11, mode="random")
    a, b = game.new_game(), game.new_game()
    a.resolve_chance()
    b.resolve_chance()
    assert a == b and a.travellers == b.travellers
