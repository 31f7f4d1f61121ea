"""Game-agnostic foundations: the engine contract, errors, game options, seeded randomness (and
what a seed is), data reading, files written whole or not at all, board graphs, bots and
progress reporting."""

from kit.core.errors import DataError, IllegalAction, KitError, SaveError
from kit.core.frames import Frame, StackState, Task
from kit.core.options import Option
from kit.core.state import (
    CHANCE,
    TERMINAL,
    Action,
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
    "Frame",
    "Game",
    "IllegalAction",
    "KitError",
    "Option",
    "SaveError",
    "StackState",
    "ScoreLine",
    "ScoreSheet",
    "State",
    "Task",
    "ranking",
    "read_save",
]
