"""A greedy bot: looks one decision ahead and keeps the choice that most improves its position."""

from __future__ import annotations

from kit.core.rng import rng_for
from kit.timeless_journeys import scoring


def position_value(state, player: int) -> float:
    """VP now and at the end, plus a little for the means of scoring more later."""
    value = state.vp[player] + scoring.journals(state, player) + scoring.exploration(state, player)
    value += scoring.advanced_cards(state, player)
    value += 0.6 * sum(state.ideas[player]) + 0.3 * state.coins[player]
    value += 0.5 * len(state.friends[player])
    value += 1.5 * (len(state.content.rules.experience_tokens) - len(state.exp[player]))
    return value


class GreedyBot:
    """Tries every legal action on a copy, keeps the best by `position_value` (ties at random)."""

    def __init__(self, seed: int | None = None, player: int = 0) -> None:
        self.rng = rng_for(seed, "greedy-bot", player)
        self.player = player

    def choose(self, state):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        best, best_value = [], None
        for action in actions:
            trial = state.clone()
            trial.apply(action)
            value = position_value(trial, self.player)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)
