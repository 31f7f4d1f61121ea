"""The four-week Europe calendar game: a rules engine for every printed rule of its rulebook
fragment, on a small reconstructed map, deck and scoring (see `seeds/four_weeks/README.md`).

    game = kit.load("four_weeks", players=3, seed=7)   # 1 to 4 players
    state = game.new_game()
    state = setup(game, hands=[["BRI1", "BRI5"]], actions=["start in BRI for free"])

The modules, as in every game of the kit: `content` (the TOML files into frozen dataclasses),
`actions` (the action types and their kinds), `game` (options, `load`), `state` (the position
and what each player sees of it), `frames` (the flow: the turn's steps, the questions, chance and
the weeks' ends on the decision stack), `rules` (the rules' changes to the position), `effects`
(the named effects of cards, tiles and Festivals), `scoring`, `bots` and `setup` (the scenario
builder). The game has no characters with powers, so it has no
`travellers` module."""

from __future__ import annotations

from kit.four_weeks.bots import BOTS, GreedyBot, MctsBot
from kit.four_weeks.content import MAX_PLAYERS, MIN_PLAYERS, Content, load_content
from kit.four_weeks.game import FourWeeks, load
from kit.four_weeks.setup import setup
from kit.four_weeks.state import FourWeeksState

__all__ = [
    "BOTS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Content",
    "FourWeeks",
    "FourWeeksState",
    "GreedyBot",
    "MctsBot",
    "load",
    "load_content",
    "setup",
]
