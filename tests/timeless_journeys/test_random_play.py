"""Random play through the shared contract harness: 2,000 seeded games over 1-5 players, both
editions and the four ways of choosing travellers. At every step the harness checks the legal
actions (unique names, stable, each with a kind and a place of the map) and that nothing goes
back, and that what each seat is told of an action names nothing that seat may not see; this
game's invariants (every component accounted for, nothing negative) and every player's
observation, which must name nothing that player may not see, after every action in one game of
ten and every ten actions in the others; at sampled steps and at the end clone, JSON and undo
round trips and every Advanced card as often in an observation as copies of it are in view.
Players choose at random, preferring to act rather than decline, so that effects get
exercised."""

from __future__ import annotations

import random

import pytest

import kit
from kit.core.bots import RandomBot, play
from tests.contract import play_checked, same_game_elsewhere
from tests.timeless_journeys.invariants import check_scores, hidden, step_checker

GAMES = 2000
CHUNKS = 20
SAMPLE = 199  # the steps between round trips and observation checks
MODES = [
    {"mode": "intro"},
    {"mode": "random"},
    {"mode": "historical"},
    {"mode": "historical", "travellers": "B"},
    {"mode": "chosen", "travellers": ["lebrun", "dickens", "keats"]},
    {"mode": "chosen", "travellers": ["Lord Byron", "Mark Twain", "Lady Blessington"]},
    {"mode": "chosen", "travellers": ["addison", "goethe", "craven"]},
]


def options_for(seed: int) -> dict:
    return {
        "players": 1 + seed % 5,
        "edition": ("en", "ja")[(seed // 5) % 2],
        **MODES[(seed // 10) % len(MODES)],
        "seed": seed,
    }


class ActiveBot:
    """Mostly an active choice; now and then one that declines (kind "answer")."""

    def __init__(self, seed: int, player: int) -> None:
        self.rng = random.Random(f"{seed}:{player}")

    def choose(self, state):
        actions = state.legal_actions()
        active = [a for a in actions if a.kind != "answer"]
        return self.rng.choice(active if active and self.rng.random() < 0.85 else actions)


def play_one(seed: int):
    game = kit.load("timeless_journeys", **options_for(seed))
    bots = [ActiveBot(seed, p) for p in range(game.num_players)]
    every = 1 if (seed // CHUNKS) % 10 == 0 else 10  # every action in one game of ten
    state = play_checked(
        game.new_game(),
        bots,
        invariants=step_checker(every, observe_every=SAMPLE),
        hidden=hidden,
        sample_every=SAMPLE,
        observe_every=every,
    )
    check_scores(state)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk):
    for seed in range(chunk, GAMES, CHUNKS):
        play_one(seed)


@pytest.mark.slow
def test_every_kind_of_action_is_met():
    """The games above reach every kind the actions module lists."""
    kinds = set()
    for seed in range(40):
        kinds.update(action.kind for action in play_one(seed).history)
    assert kinds == {
        "card",
        "move",
        "explore",
        "tile",
        "meet",
        "friend",
        "letter",
        "idea",
        "journal",
        "cafe",
        "market",
        "reward",
        "answer",
        "chance",
    }


@pytest.mark.parametrize("seed", [3, 27])
def test_the_same_seed_gives_the_same_game_in_another_process(seed):
    options = options_for(seed)
    game = kit.load("timeless_journeys", **options)
    state = play(game.new_game(), [RandomBot(seed, p) for p in range(game.num_players)])
    same_game_elsewhere("timeless_journeys", options, state.history)
