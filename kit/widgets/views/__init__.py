"""Each game's view of its positions for the panels: pieces on the board, players' boards and the
shared table as HTML tables, a line per player, and what a player is told of each action."""

from __future__ import annotations

from kit.core import Game, KitError
from kit.widgets.views.amazing_journey import AmazingJourneyView
from kit.widgets.views.base import PANEL_CSS, PLAYER_COLOURS, Html, View, colour, escape, table
from kit.widgets.views.four_weeks import FourWeeksView
from kit.widgets.views.timeless_journeys import TimelessJourneysView

VIEWS: dict[str, type[View]] = {
    "amazing_journey": AmazingJourneyView,
    "timeless_journeys": TimelessJourneysView,
    "four_weeks": FourWeeksView,
}


def view_for(game: Game) -> View:
    """The view of `game`'s positions."""
    try:
        return VIEWS[game.name](game)
    except KeyError:
        raise KitError(f"no view of the game {game.name!r}; views: {', '.join(VIEWS)}") from None


__all__ = [
    "PANEL_CSS",
    "PLAYER_COLOURS",
    "VIEWS",
    "Html",
    "View",
    "colour",
    "escape",
    "table",
    "view_for",
]
