"""A greedy bot: judges each choice by the position it leads to once the bot has finished the
sub-decisions that choice opens (the chain, the steps of each card), each made greedily too."""

from __future__ import annotations

from collections.abc import Sequence

from kit.core.rng import rng_for
from kit.timeless_journeys import scoring
from kit.timeless_journeys.actions import Choice
from kit.timeless_journeys.phases import Turn
from kit.timeless_journeys.state import TimelessState

LOOKAHEAD = 12  # most sub-decisions finished before judging a choice


def position_value(state: TimelessState, player: int) -> float:
    """VP now and at the end, plus a little for the means of scoring more later."""
    value: float = (
        state.vp[player] + scoring.journals(state, player) + scoring.exploration(state, player)
    )
    value += scoring.advanced_cards(state, player)
    value += 0.6 * sum(state.ideas[player]) + 0.3 * state.coins[player]
    value += 0.5 * len(state.friends[player])
    value += 1.5 * (len(state.content.rules.experience_tokens) - len(state.exp[player]))
    value += 0.5 * (state.content.rules.letter_markers - state.letters_left(player))
    return value


class GreedyBot:
    """Tries every legal action on a copy and keeps the best (ties broken at random)."""

    def __init__(self, seed: int | None = None, player: int = 0) -> None:
        self.rng = rng_for(seed, "greedy-bot", player)
        self.player = player

    def choose(self, state: TimelessState) -> Choice:
        actions: tuple[Choice, ...] = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self._best(state, actions, deep=True)

    def _best(self, state: TimelessState, actions: Sequence[Choice], deep: bool) -> Choice:
        best: list[Choice] = []
        best_value: float | None = None
        for action in actions:
            trial = state.clone()
            trial.apply(action)
            if deep:
                self._finish(trial)
            value = position_value(trial, self.player)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)

    def _finish(self, trial: TimelessState) -> None:
        """Answer the bot's own follow-up questions one step greedily, up to the turn's end."""
        for _ in range(LOOKAHEAD):
            if trial.current_player != self.player or isinstance(trial.stack[-1], Turn):
                return
            actions = trial.legal_actions()
            trial.apply(actions[0] if len(actions) == 1 else self._best(trial, actions, False))
