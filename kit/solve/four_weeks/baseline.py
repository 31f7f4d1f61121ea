"""The yardstick: the kit's greedy bot playing the puzzle's deal.

With the puzzle's chance fixed the greedy bot plays one game only, so the plays after the
first are randomised: each action is picked at random among those whose gain per day is within
a slack of the best one (the slack drawn per game from `SLACKS`). `greedy_score(puzzle, plays)`
is the best final score over `plays` games; play 0 is the greedy bot itself. A `planned` game
keeps to the plan's conventions (`exact.allowed`), so that the model can follow it: the
planner's first solution."""

from __future__ import annotations

import random
from collections.abc import Sequence

from kit.core import CHANCE
from kit.four_weeks.actions import FourWeeksAction
from kit.four_weeks.bots import GreedyBot, days_used, value
from kit.four_weeks.state import FourWeeksState
from kit.solve.four_weeks.exact import allowed
from kit.solve.four_weeks.puzzle import Puzzle

SLACKS = (0.25, 0.5, 1.0, 2.0)
"""How far below the best gain per day (in the bot's points) a randomised play may pick."""


def greedy_score(puzzle: Puzzle, plays: int = 1) -> int:
    """The best final score of `plays` greedy games on the puzzle (play 0: the bot itself)."""
    return max(greedy_game(puzzle, number).scores()[0].total for number in range(plays))


def greedy_game(puzzle: Puzzle, number: int = 0, planned: bool = False) -> FourWeeksState:
    """Play `number` of the greedy games on the puzzle (`planned`: by the plan's conventions):
    the final state."""
    state = puzzle.state()
    rng = random.Random(number)
    slack = rng.choice(SLACKS) if number else 0.0
    bot = GreedyBot(number)
    puzzle.settle(state)
    while not state.is_terminal:
        if planned:
            action = _near_best(state, rng, slack, allowed(state))
        elif slack:
            action = _near_best(state, rng, slack, state.legal_actions())
        else:
            action = bot.choose(state)
        puzzle.play(state, action)
    return state


def _near_best(
    state: FourWeeksState, rng: random.Random, slack: float, actions: Sequence[FourWeeksAction]
) -> FourWeeksAction:
    """One of `actions` chosen at random among those whose gain per day, as the greedy bot
    measures it, is within `slack` of the best."""
    if len(actions) == 1:
        return actions[0]
    me = state.current_player
    assert me != CHANCE
    before, used = value(state, me), days_used(state, me)
    gains = []
    for action in actions:
        after = state.clone()
        after.apply(action)
        gains.append((value(after, me) - before) / max(1, days_used(after, me) - used))
    best = max(gains)
    return rng.choice([a for a, g in zip(actions, gains, strict=True) if g >= best - slack])
