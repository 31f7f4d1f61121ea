"""Game-agnostic foundations: the engine contract, errors, seeded randomness, data reading,
board graphs, bots and progress reporting."""

from kit.core.errors import DataError, IllegalAction, KitError, SaveError
from kit.core.state import CHANCE, TERMINAL, Game, ScoreLine, ScoreSheet, State, ranking

__all__ = [
    "CHANCE",
    "TERMINAL",
    "DataError",
    "Game",
    "IllegalAction",
    "KitError",
    "SaveError",
    "ScoreLine",
    "ScoreSheet",
    "State",
    "ranking",
]
