"""The game object: options checked once, the content and its tables shared by every state."""

from __future__ import annotations

import networkx as nx

from kit.amazing_journey.content import SIDES, Content, load_content
from kit.amazing_journey.state import JourneyState
from kit.amazing_journey.tables import Tables, tables_for
from kit.core import Game, KitError, Option
from kit.core.options import CONTENT, SEED, names, one_of, optional, players_option
from kit.games import GAMES

MOST_PLAYERS = load_content().rules.most_players
"""Travel boards in the box (`rules.toml`); a content folder may allow fewer."""


class AmazingJourney(Game):
    """The Amazing Journey for 1–4 players on the Regular or Fast side of the reference board
    (or of the board in a `content` folder, checked like the built-in one).

    `travellers` (ids, full or first names in any case, one per player) skips the random deal
    of Travellers."""

    name = "amazing_journey"
    title = GAMES[name].title  # the record in kit.games
    OPTIONS = (
        players_option(1, MOST_PLAYERS),
        SEED,
        Option("side", "regular", "'regular' or 'fast'", one_of(SIDES), choices=SIDES),
        Option(
            "travellers",
            None,
            "the Travellers, one per player (full or first names, separated by commas)",
            optional(names),
        ),
        CONTENT,
    )

    def configure(self) -> None:
        self.tables: Tables = tables_for(self.options["side"], self.options["content"])
        players, travellers = self.options["players"], self.options["travellers"]
        most = self.content.rules.most_players
        if players > most:
            raise KitError(f"option 'players': this board has Travel boards for {most} at most")
        if travellers is not None:
            try:
                chosen = [self.content.traveller(name).name for name in travellers]
            except ValueError as error:
                raise KitError(f"option 'travellers': {error}") from None
            if len(chosen) != players or len(set(chosen)) != players:
                raise KitError(
                    f"option 'travellers': give {players} different travellers, got {travellers!r}"
                )
            self.options["travellers"] = chosen

    @property
    def content(self) -> Content:
        return self.tables.content

    def new_game(self) -> JourneyState:
        return JourneyState(self, self.tables)

    def board(self) -> nx.MultiGraph:
        return self.content.board.graph()


def load(**options: object) -> AmazingJourney:
    """The game with its options: players (1–4), seed, side ('regular'/'fast'), travellers,
    content (a folder of content files)."""
    return AmazingJourney(**options)
