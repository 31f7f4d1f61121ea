"""ISMCTS: it plays legal moves to the end of every game, and it never peeks: on two positions
its player cannot tell apart (the same observation, different hidden things) it searches the
same tree and chooses the same action."""

from __future__ import annotations

import random

import pytest

import kit
from kit.core import KitError
from kit.core.bots import play
from kit.core.state import CHANCE
from tests.contract import play_checked

GAMES = {
    "amazing_journey": {"players": 3},
    "timeless_journeys": {"players": 3, "mode": "historical", "travellers": "D"},
    "four_weeks": {"players": 3},
}


def position(name: str, seed: int, steps: int):
    """A position of a greedy game after about `steps` actions, a player to move."""
    game = kit.load(name, seed=seed, **GAMES[name])
    greedy = kit.game_module(name).BOTS["greedy"]
    state = play(
        game.new_game(),
        [greedy(seed, p) for p in range(game.num_players)],
        stop=lambda s: len(s.history) >= steps and s.current_player >= 0,
    )
    assert state.current_player >= 0
    return state


def hidden_of(name: str, state, player: int):
    """What the player cannot see, as comparable values."""
    others = [q for q in range(state.num_players) if q != player]
    if name == "four_weeks":
        return [state.hands[q] for q in others]
    if name == "timeless_journeys":
        return dict(state.city_tiles), [state.played[q] for q in others]
    return (
        list(state.city_token),
        [state.tickets[q] for q in others],
        [state.hand[q] for q in others],
    )


@pytest.mark.parametrize(
    ("name", "steps"), [("amazing_journey", 60), ("timeless_journeys", 120), ("four_weeks", 60)]
)
def test_ismcts_searches_the_same_on_positions_its_player_cannot_tell_apart(name, steps):
    state = position(name, 5, steps)
    me = state.current_player
    module = kit.game_module(name)
    twin = module.bots.determinize(state, me, random.Random(11))
    assert twin.observation(me) == state.observation(me)
    assert hidden_of(name, twin, me) != hidden_of(name, state, me)  # the hidden things differ
    bot, twin_bot = module.MctsBot(3, me, iterations=60), module.MctsBot(3, me, iterations=60)
    assert str(bot.choose(state)) == str(twin_bot.choose(twin))
    visits = {label: child.visits for label, child in bot.last_root.children.items()}
    assert visits == {label: child.visits for label, child in twin_bot.last_root.children.items()}
    assert sum(visits.values()) == 60


@pytest.mark.parametrize("name", list(GAMES))
def test_a_determinization_changes_nothing_its_player_sees(name):
    state = position(name, 8, 80)
    me = state.current_player
    determinize = kit.game_module(name).bots.determinize
    for seed in range(20):
        world = determinize(state, me, random.Random(seed))
        assert world.observation(me) == state.observation(me)
        assert [str(a) for a in world.legal_actions()] == [str(a) for a in state.legal_actions()]
    assert state == position(name, 8, 80)  # the real position is untouched


@pytest.mark.parametrize("name", list(GAMES))
def test_ismcts_plays_legal_moves_to_the_end(name):
    module = kit.game_module(name)
    for seed in range(2):
        game = kit.load(name, seed=seed, **GAMES[name])
        bots = [module.MctsBot(seed, 0, iterations=8)]
        bots += [module.BOTS["greedy"](seed, p) for p in range(1, game.num_players)]
        final = play_checked(game.new_game(), bots)
        assert final.is_terminal


def test_bad_settings_are_refused():
    bot = kit.game_module("four_weeks").MctsBot
    with pytest.raises(KitError, match="iterations must be a whole number of at least 1, not 0"):
        bot(1, 0, iterations=0)
    rule = r"time_limit must be a number of seconds above 0 and at most 604800 \(a week\)"
    with pytest.raises(KitError, match=rule + ", not -1"):
        bot(1, 0, time_limit=-1)


def test_a_time_limit_still_searches_once_and_answers_legally():
    state = position("four_weeks", 2, 30)
    bot = kit.game_module("four_weeks").MctsBot(
        1, state.current_player, iterations=10**6, time_limit=1e-9
    )
    assert bot.choose(state) in state.legal_actions()
    assert bot.last_root.visits == 1


def test_chance_in_the_search_follows_the_bots_generator_not_the_games_seed():
    """Two games that differ only in their seed (so in every future draw) give the same search
    from the same position reached by the same actions."""
    state = position("four_weeks", 4, 40)
    other = kit.load("four_weeks", seed=99, **GAMES["four_weeks"]).new_game()
    other.follow([str(a) for a in state.history])  # the same draws, fixed by hand
    assert other.observation(other.current_player) == state.observation(state.current_player)
    me = state.current_player
    bots = [kit.game_module("four_weeks").MctsBot(7, me, iterations=40) for _ in range(2)]
    assert str(bots[0].choose(state)) == str(bots[1].choose(other))
    assert other.current_player != CHANCE


def test_a_games_prior_orders_the_first_tries_and_sums_to_one():
    """The Amazing Journey's search is guided by the greedy bot: its first iteration tries the
    action of highest prior, which is the greedy bot's best value."""
    state = position("amazing_journey", 3, 40)
    module = kit.game_module("amazing_journey")
    while state.steps:  # a turn's action, not a sub-decision
        state = position("amazing_journey", 3, len(state.history) + 1)
    actions = state.legal_actions()
    priors = module.bots.prior(state, actions)
    assert sum(priors) == pytest.approx(1.0) and len(priors) == len(actions)
    values = module.GreedyBot().values(state, actions)
    assert priors.index(max(priors)) == values.index(max(values))
    bot = module.MctsBot(1, state.current_player, iterations=1)
    bot.choose(state)
    (tried,) = [label for label, child in bot.last_root.children.items() if child.visits]
    best = [str(a) for a, p in zip(actions, priors, strict=True) if p == max(priors)]
    assert tried in best and len(best) < len(actions)  # one of the greedy bot's equal best
