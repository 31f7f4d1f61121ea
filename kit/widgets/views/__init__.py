"""Each game's view of its positions for the panels: pieces on the board, players' boards and the
shared table as HTML tables, a line per player, and what a player is told of each action."""

from __future__ import annotations

from kit.core import Game, KitError
from kit.games import GAMES
from kit.widgets.views.base import PANEL_CSS, PLAYER_COLOURS, Html, View, colour, escape, table


def view_for(game: Game) -> View:
    """The view of `game`'s positions (its record's `view`, `kit.games`)."""
    if game.name not in GAMES:
        raise KitError(f"no view of the game {game.name!r}; views: {', '.join(GAMES)}")
    return GAMES[game.name].view_class()(game)


__all__ = [
    "PANEL_CSS",
    "PLAYER_COLOURS",
    "Html",
    "View",
    "colour",
    "escape",
    "table",
    "view_for",
]
