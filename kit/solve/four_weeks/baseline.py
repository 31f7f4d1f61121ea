"""The yardstick: the kit's greedy bot playing the puzzle's deal.

With the puzzle's chance fixed the greedy bot plays one game only, so the plays after the
first are randomised: each action is picked at random among those whose gain per day is within
a slack of the best one (the slack drawn per game from `SLACKS`). `greedy_score(puzzle, plays)`
is the best final score over `plays` games; play 0 is the greedy bot itself. A `planned` game
keeps to the plan's conventions (`exact.allowed`), so that the model can follow it.

`refined_game` is the planner's first half: planned greedy games, randomised, each improved by
local refinement (the game re-played from one of its choices on, another choice there and
randomised greedy ones after it) until refinement stalls, then restarted from a new game; the
best game that meets the puzzle's goals is kept and becomes the model's first solution."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from kit.core import CHANCE
from kit.four_weeks.actions import FourWeeksAction
from kit.four_weeks.bots import GreedyBot, days_used, value
from kit.four_weeks.state import FourWeeksState
from kit.solve.four_weeks.exact import allowed
from kit.solve.four_weeks.puzzle import Puzzle

SLACKS = (0.25, 0.5, 1.0, 2.0)
"""How far below the best gain per day (in the bot's points) a randomised play may pick."""

RESTART_AFTER = 150
"""Refinements in a row that do not improve a game, after which a new game is started."""

GIVE_UP_AFTER = 1500
"""Games played in a row without a better best, after which refining ends before its time (a
small deal is exhausted long before; a full deal never gets there in seconds)."""

Choices = list[tuple[FourWeeksState, FourWeeksAction]]
"""A game's choices: the state before each one that had alternatives, and the action taken."""


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


def refined_game(
    puzzle: Puzzle,
    seed: int,
    seconds: float,
    stop: Callable[[], bool] = lambda: False,
    on_better: Callable[[FourWeeksState], None] | None = None,
) -> FourWeeksState | None:
    """The best game by the plan's conventions that meets the puzzle's goals found within
    `seconds` (None if no game met them): randomised greedy games (seed 0's first one is the
    bot's own choices) each refined while refining improves it: one of its choices, picked at
    random, is changed to another near the best and the game played on from there with
    randomised greedy choices, kept if it scores at least as much. `stop()` ends it early;
    `on_better` is told each better best game."""
    deadline = time.perf_counter() + seconds
    rng = random.Random(seed)
    best: FourWeeksState | None = None
    played_since_best = 0
    slack = 0.0 if seed == 0 else rng.choice(SLACKS)
    while played_since_best < GIVE_UP_AFTER and time.perf_counter() < deadline and not stop():
        choices: Choices = []
        game = _play_on(puzzle, puzzle_start(puzzle), rng, slack, choices)
        stale = 0
        while stale < RESTART_AFTER and time.perf_counter() < deadline and not stop():
            if best is None or _score(puzzle, game) > _score(puzzle, best):
                best, played_since_best = game, 0
                if on_better is not None and puzzle.met(best):
                    on_better(best)
            played_since_best += 1
            if played_since_best >= GIVE_UP_AFTER or not choices:
                break
            at = rng.randrange(len(choices))
            before, taken = choices[at]
            state = before.clone()
            others = [a for a in allowed(state) if a != taken]
            puzzle.play(state, _near_best(state, rng, rng.choice((*SLACKS, math.inf)), others))
            tried = choices[:at]
            other = _play_on(puzzle, state, rng, rng.choice((0.0, *SLACKS)), tried)
            if _score(puzzle, other) >= _score(puzzle, game):
                stale = 0 if _score(puzzle, other) > _score(puzzle, game) else stale + 1
                game, choices = other, tried
            else:
                stale += 1
        slack = rng.choice(SLACKS)
    return best if best is not None and puzzle.met(best) else None


def puzzle_start(puzzle: Puzzle) -> FourWeeksState:
    """The puzzle's state at its first choice (the chance before it resolved)."""
    state = puzzle.state()
    puzzle.settle(state)
    return state


def _play_on(
    puzzle: Puzzle, state: FourWeeksState, rng: random.Random, slack: float, choices: Choices
) -> FourWeeksState:
    """Play `state` to the game's end by the plan's conventions, each action near the best by
    `slack`; each choice with alternatives is added to `choices`. Returns the final state."""
    while not state.is_terminal:
        actions = allowed(state)
        action = _near_best(state, rng, slack, actions)
        if len(actions) > 1:
            choices.append((state.clone(), action))
        puzzle.play(state, action)
    return state


def _score(puzzle: Puzzle, final: FourWeeksState) -> float:
    """A final state's score, a game that misses the puzzle's goals below any."""
    return final.scores()[0].total if puzzle.met(final) else float("-inf")
