"""Bots: the random baseline, a greedy bot that looks one action ahead, and ISMCTS.

The greedy bot values a position by its points so far plus rough worths of what it holds, and
picks the action whose result it values most; ties go to the first such action, so it is
deterministic. Days are the scarce budget, so each day spent costs the average worth of a day,
and the best card in hand for the pawn's region counts in part, which draws the bot to travel
where its cards are."""

from __future__ import annotations

import random

from kit.core.bots import RandomBot
from kit.core.mcts import ISMCTSBot
from kit.four_weeks.actions import FourWeeksAction
from kit.four_weeks.effects import PAYMENTS, RESOURCES, Effect
from kit.four_weeks.state import FourWeeksState

WORTHS = {
    "coins": 0.4,
    "energy": 0.5,
    "excitement": 1.0,
    "locals": 0.8,
    "points": 1.0,
    "draw": 0.6,
    "ticket": 1.5,
    "insider": 0.5,
}
INCOME_WORTH = 0.6  # per remaining week
CARD_WORTH, PROSPECT = 0.3, 0.5


def effect_worth(effect: Effect, weeks_left: int) -> float:
    """What an effect is worth to the bot: its gains less its payments."""
    total = 0.0
    for name, amount in effect:
        if name in PAYMENTS:
            total -= WORTHS[name[4:]] * amount
        elif name == "income":
            total += INCOME_WORTH * weeks_left * amount
        else:
            total += WORTHS[name] * amount
    return total


def value(state: FourWeeksState, player: int) -> float:
    """Points so far, plus resources, cards, tickets, income and part of the best visit that
    the hand offers in the pawn's region."""
    content = state.game.content
    rules = content.rules
    weeks_left = rules.weeks - state.week
    points = sum(state.pts[player])
    held = sum(WORTHS[name] * n for name, n in zip(RESOURCES, state.res[player], strict=True))
    hand = state.hands[player]
    cards = CARD_WORTH * min(len(hand), rules.hand_size) + WORTHS["draw"] * state.owed[player]
    tickets = WORTHS["ticket"] * state.tickets[player]
    income = INCOME_WORTH * state.income[player] * weeks_left
    here = state.pos[player]
    best = max(
        (
            effect_worth(content.locations[c].effect, weeks_left)
            for c in hand
            if content.locations[c].region == here
        ),
        default=0.0,
    )
    return points + held + cards + tickets + income + PROSPECT * max(best, 0.0)


def days_used(state: FourWeeksState, player: int) -> int:
    return state.week * state.game.content.rules.days_per_week + state.day[player]


class GreedyBot:
    """Tries every legal action on a copy and keeps the one that gains the most `value` per
    day it spends (actions that spend no day count as one)."""

    def __init__(self, seed: int | None = None, player: int = 0) -> None:
        self.player = player

    def choose(self, state: FourWeeksState) -> FourWeeksAction:
        actions: tuple[FourWeeksAction, ...] = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = state.current_player
        before, used = value(state, me), days_used(state, me)
        best, best_gain = actions[0], float("-inf")
        for action in actions:
            after = state.clone()
            after.apply(action)
            gain = (value(after, me) - before) / max(1, days_used(after, me) - used)
            if gain > best_gain:
                best, best_gain = action, gain
        return best


def determinize(state: FourWeeksState, player: int, rng: random.Random) -> FourWeeksState:
    """A copy where the other players' hands are dealt again from the cards `player` cannot
    see (those hands and the deck), each hand keeping its size; the deck keeps the rest."""
    world = state.clone()
    others = [q for q in range(len(world.hands)) if q != player]
    unseen = sorted(world.deck + [card for q in others for card in world.hands[q]])
    rng.shuffle(unseen)
    for q in others:
        size = len(world.hands[q])
        world.hands[q], unseen = sorted(unseen[:size]), unseen[size:]
    world.deck = sorted(unseen)
    world._advance()  # the answers due (the deck's draws) are worked out again
    world._legal_cache = None
    return world


class MctsBot(ISMCTSBot):
    """ISMCTS with short random playouts, positions valued as the greedy bot does."""

    determinize = determinize
    value = value
    depth = 6
    scale = 4.0


BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}
