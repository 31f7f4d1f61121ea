"""Random play in the OpenSpiel manner: thousands of seeded games over every player count, with
the engine contract checked by `tests.contract.play_checked` at every step (clone, save and undo
round trips and observations at sampled steps) and this game's own invariants."""

from __future__ import annotations

import pytest

from kit.core.bots import RandomBot, play
from kit.four_weeks import FourWeeks, FourWeeksState
from kit.four_weeks.actions import Draw, FourWeeksAction
from kit.four_weeks.frames import OVER, WEEK_END
from kit.four_weeks.rules import AVAILABLE
from tests.contract import play_checked, same_game_elsewhere

GAMES = 2000
CHUNKS = 8  # the games are split so that parallel test workers share them
SAMPLE_EVERY = 151  # steps between round trips and observation checks


def invariants(state: FourWeeksState, before: FourWeeksState | None, action: FourWeeksAction):
    """The rules' conservation laws, and that nothing goes back in time."""
    assert before is not None
    content, rules = state.game.content, state.game.content.rules
    per_week, n = rules.days_per_week, len(state.pos)
    cards = state.deck + state.discard + [c for h in state.hands + state.visited for c in h]
    assert sorted(cards) == list(range(len(content.locations)))  # every card accounted for
    shown = len(state.festival_deck) + len(state.festivals)
    assert shown <= len(content.festivals) and len(state.festivals) <= rules.festivals_per_week
    assert (state.week, state.step >= WEEK_END) >= (before.week, before.step >= WEEK_END)
    for p in range(n):
        assert 0 <= state.day[p] <= per_week  # never more than seven days a week
        assert min(state.res[p]) >= 0 and 0 <= state.income[p] < len(rules.income_track)
        calendar = state.calendar[p]
        assert len(calendar) == rules.weeks * per_week  # every Day disc accounted for
        done = state.week * per_week + state.day[p]
        assert AVAILABLE not in calendar[:done] and set(calendar[done:]) <= {AVAILABLE}
        placed = sum(1 for slot in calendar if slot >= 0)
        assert placed <= done  # one disc at most per day
        assert all(now >= then for now, then in zip(state.pts[p], before.pts[p], strict=True))
        assert len(state.visited[p]) >= len(before.visited[p])
    if isinstance(action, Draw):  # a draw goes to the drawer's hand, nobody else's
        grown = [len(a) - len(b) for a, b in zip(state.hands, before.hands, strict=True)]
        assert grown == [int(p == action.player) for p in range(n)]
    if state.step == OVER:
        assert all(day == per_week for day in state.day)


def hidden(state: FourWeeksState, player: int) -> list[str]:
    """What `player` may not see: the cards of the deck and of the other players' hands (by
    id, which every card's title begins with), and the Festivals not revealed yet."""
    content = state.game.content
    secret = list(state.deck)
    for other, hand in enumerate(state.hands):
        if other != player:
            secret += hand
    festivals = [content.festivals[f].name for f in state.festival_deck]
    return [content.locations[c].id for c in secret] + festivals


def play_one(seed: int) -> FourWeeksState:
    players = 1 + seed % 4
    game = FourWeeks(players=players, seed=seed)
    bots = [RandomBot(seed, p) for p in range(players)]
    every = 1 if (seed // CHUNKS) % 10 == 0 else 0  # every seat's view at every step: 1 in 10
    final = play_checked(
        game.new_game(),
        bots,
        invariants=invariants,
        hidden=hidden,
        sample_every=SAMPLE_EVERY,
        observe_every=every,
    )
    assert isinstance(final, FourWeeksState)
    return final


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_the_rules(chunk):
    lengths = [len(play_one(seed).history) for seed in range(chunk, GAMES, CHUNKS)]
    assert min(lengths) > 50


@pytest.mark.parametrize("seed", [3, 6])
def test_same_seed_same_game_in_another_process(seed):
    game = FourWeeks(players=1 + seed % 4, seed=seed)
    final = play(game.new_game(), [RandomBot(seed, p) for p in range(game.num_players)])
    same_game_elsewhere("four_weeks", game.options, final.history)
