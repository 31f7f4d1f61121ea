"""The four-week Europe calendar game: a rules engine for every printed rule of its rulebook
fragment, on a small reconstructed map, deck and scoring (see `seeds/four_weeks/README.md`).

    game = kit.load("four_weeks", players=3, seed=7)   # 1 to 4 players
    state = game.new_game()
"""

from __future__ import annotations

from kit.four_weeks.bots import BOTS, GreedyBot
from kit.four_weeks.content import Content, load_content
from kit.four_weeks.state import MAX_PLAYERS, MIN_PLAYERS, FourWeeks, FourWeeksState


def load(**options: object) -> FourWeeks:
    """The game for `players` (1 to 4) with chance fixed by `seed`."""
    return FourWeeks(**options)


__all__ = [
    "BOTS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Content",
    "FourWeeks",
    "FourWeeksState",
    "GreedyBot",
    "load",
    "load_content",
]
