"""The game object: options checked once, the content and the action table shared by every
state of the game."""

from __future__ import annotations

from typing import Any

import networkx as nx

from kit.core import Game, KitError
from kit.core.options import CONTENT, SEED, players_option
from kit.four_weeks.actions import ActionTable, action_table
from kit.four_weeks.content import MAX_PLAYERS, MIN_PLAYERS, Content, load_content
from kit.four_weeks.state import FourWeeksState
from kit.games import GAMES


class FourWeeks(Game):
    """The four-week Europe calendar game for 1 to 4 players (the rulebook gives no title).

    Options: `players` 1..4; `seed` (which chance outcomes happen); `content` a folder with the
    four files of `seeds/four_weeks/` (the built-in one when not given), checked as strictly."""

    name = "four_weeks"
    title = GAMES[name].title  # the record in kit.games

    OPTIONS = (players_option(MIN_PLAYERS, MAX_PLAYERS), SEED, CONTENT)

    def configure(self) -> None:
        folder = self.options["content"]
        self.content: Content = load_content(folder) if folder else load_content()
        first = self.content.rules.first_player
        if first >= self.num_players:
            raise KitError(
                f"option 'players': the content's First Player is player {first} (rules.toml, "
                f"start.first_player), so the game needs at least {first + 1} players"
            )
        self.actions: ActionTable = action_table(self.content)

    def board(self) -> nx.Graph:
        return self.content.graph

    def new_game(self) -> FourWeeksState:
        return FourWeeksState(self)


def load(**options: Any) -> FourWeeks:
    """The game for `players` (1 to 4) with chance fixed by `seed`, on the built-in content or
    the folder `content`."""
    return FourWeeks(**options)
