"""The greedy bot on a puzzle: the yardstick every plan is measured against.

`greedy_game(puzzle, seed)` plays the kit's greedy bot (`kit.timeless_journeys.bots.GreedyBot`,
its ties broken by `seed`) from the puzzle's start, every reveal as the puzzle fixes it, so the
bot and the planner face the same game. `greedy_score` is its final score, `best_greedy` the
best of many seeded plays."""

from __future__ import annotations

from dataclasses import dataclass

from kit.solve.timeless_journeys.puzzle import Puzzle
from kit.timeless_journeys.bots import GreedyBot
from kit.timeless_journeys.state import TimelessState


@dataclass(frozen=True)
class GreedyGame:
    """One greedy game on a puzzle: the final state and every action name from the start."""

    final: TimelessState
    history: tuple[str, ...]

    @property
    def score(self) -> int:
        return self.final.scores()[0].total


def greedy_game(puzzle: Puzzle, seed: int = 1) -> GreedyGame:
    """The greedy bot's game from the puzzle's start (its ties broken by `seed`)."""
    state = puzzle.state()
    start = len(state.history)
    bot = GreedyBot(seed, 0)
    while not state.is_terminal:
        if state.is_chance_node:
            puzzle.advance(state)
        else:
            state.apply(bot.choose(state))
    return GreedyGame(state, tuple(str(a) for a in state.history[start:]))


def greedy_score(puzzle: Puzzle, seed: int = 1) -> int:
    """The greedy bot's final score on the puzzle."""
    return greedy_game(puzzle, seed).score


def best_greedy(puzzle: Puzzle, plays: int = 1000) -> GreedyGame:
    """The best of `plays` greedy games, seeds 1 to `plays` (the first best one)."""
    best: GreedyGame | None = None
    for seed in range(1, plays + 1):
        game = greedy_game(puzzle, seed)
        if best is None or game.score > best.score:
            best = game
    assert best is not None, "plays must be at least 1"
    return best
