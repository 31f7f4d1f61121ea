"""The journeys kit: rule engines, maps, planners and panels for three travel board games.

`kit.load(name, **options)` gives a game; `game.new_game()` its first state (see `kit.core`)."""

from __future__ import annotations

import functools
import importlib
from types import ModuleType
from typing import Any

from kit.core import Game, KitError, SaveError, State, read_save
from kit.core.errors import shown

GAMES = {
    "amazing_journey": "kit.amazing_journey",
    "timeless_journeys": "kit.timeless_journeys",
    "four_weeks": "kit.four_weeks",
}
"""The registry: each game's name and its package, which has `load(**options)` and `BOTS`."""


def _key(name: object) -> str:
    """The registry name of game `name` ('amazing_journey', 'amazing-journey', ...)."""
    key = name.replace("-", "_").lower() if isinstance(name, str) else None
    if key not in GAMES:
        raise KitError(f"unknown game {shown(name)}; the kit has {', '.join(GAMES)}")
    return key


def game_module(name: str) -> ModuleType:
    """The package of game `name` ('amazing_journey' or 'amazing-journey', ...)."""
    return importlib.import_module(GAMES[_key(name)])


@functools.cache
def _game_class(key: str) -> type[Game]:
    game: Game = importlib.import_module(GAMES[key]).load()
    return type(game)


def game_class(name: str) -> type[Game]:
    """The `Game` class of game `name`: its `OPTIONS`, `title` and `name`, as the command line
    and panels list them (found by loading the game once with its default options)."""
    return _game_class(_key(name))


def load(name: str, /, **options: Any) -> Game:
    """A game with its options, for example `load("amazing_journey", players=3, seed=7)`; an
    unknown option or a value out of range raises `KitError` saying what is allowed."""
    game: Game = game_module(name).load(**options)
    return game


def load_json(text: str | bytes) -> State:
    """A saved state of any game: the save names its game and options. Anything that is not a
    kit save raises `SaveError`."""
    data = read_save(text)
    try:
        game = load(data["game"], **data["options"])
    except KitError as error:
        raise SaveError(f"the save's game or options are invalid: {error}") from None
    return game.from_json(text)


__all__ = ["GAMES", "game_class", "game_module", "load", "load_json"]
