"""The journeys kit: rule engines, maps, planners and panels for three travel board games.

`kit.load(name, **options)` gives a game; `game.new_game()` its first state (see `kit.core`)."""

from __future__ import annotations

import importlib
import json
from types import ModuleType

from kit.core import Game, KitError, SaveError

GAMES = {
    "amazing_journey": "kit.amazing_journey",
    "timeless_journeys": "kit.timeless_journeys",
    "four_weeks": "kit.four_weeks",
}


def game_module(name: str) -> ModuleType:
    """The package of game `name` ('amazing_journey' or 'amazing-journey', ...)."""
    key = name.replace("-", "_").lower()
    if key not in GAMES:
        raise KitError(f"unknown game {name!r}; the kit has {', '.join(GAMES)}")
    return importlib.import_module(GAMES[key])


def load(name: str, **options) -> Game:
    """A game with its options, for example `load("amazing_journey", players=3, seed=7)`."""
    return game_module(name).load(**options)


def load_json(text: str):
    """A saved state of any game: the save names its game and options."""
    try:
        data = json.loads(text)
        name, options = data["game"], dict(data["options"])
    except (json.JSONDecodeError, KeyError, TypeError, ValueError):
        raise SaveError(
            "not a kit save: expected a JSON object with 'game' and 'options'"
        ) from None
    try:
        game = game_module(name).load(**options)
    except (KitError, TypeError, ValueError) as error:
        raise SaveError(f"the save's game or options are invalid: {error}") from None
    return game.from_json(text)


__all__ = ["GAMES", "game_module", "load", "load_json"]
