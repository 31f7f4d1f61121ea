"""Game-agnostic foundations: the engine contract, errors, game options, seeded randomness, data
reading, board graphs, bots and progress reporting."""

from kit.core.errors import DataError, IllegalAction, KitError, SaveError
from kit.core.options import Option
from kit.core.state import (
    CHANCE,
    TERMINAL,
    Action,
    Decision,
    Game,
    ScoreLine,
    ScoreSheet,
    State,
    ranking,
    read_save,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "DataError",
    "Decision",
    "Game",
    "IllegalAction",
    "KitError",
    "Option",
    "SaveError",
    "ScoreLine",
    "ScoreSheet",
    "State",
    "ranking",
    "read_save",
]
