"""The journeys kit: rule engines, maps, planners and panels for three travel board games.

`kit.load(name, **options)` gives a game; `game.new_game()` its first state (see `kit.core`)."""

from __future__ import annotations

import functools
import sys
from types import ModuleType
from typing import Any

from kit.core import Game, KitError, SaveError, State, read_save
from kit.core.errors import shown
from kit.games import GAMES, GameType


def game_type(name: object) -> GameType:
    """The record of game `name` ('amazing_journey', 'amazing-journey', ...) in `GAMES`."""
    key = name.replace("-", "_").lower() if isinstance(name, str) else None
    if key not in GAMES:
        raise KitError(f"unknown game {shown(name)}; the kit has {', '.join(GAMES)}")
    return GAMES[key]


def game_module(name: str) -> ModuleType:
    """The package of game `name` ('amazing_journey' or 'amazing-journey', ...)."""
    return game_type(name).package()


@functools.cache
def _game_class(record: GameType) -> type[Game]:
    game: Game = record.package().load()
    return type(game)


def game_class(name: str) -> type[Game]:
    """The `Game` class of game `name`: its `OPTIONS`, `title` and `name`, as the command line
    and panels list them (found by loading the game once with its default options)."""
    return _game_class(game_type(name))


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


def _state_html(state: State) -> str:
    """A state as a notebook cell's last line: its board picture and summary, drawn by
    `kit.widgets` (imported at the first state shown: the core and the games never import it)."""
    from kit.widgets.display import rich_html

    return rich_html(state)


def show_states(formatter: Any) -> None:
    """Have an IPython display formatter (`get_ipython().display_formatter`) draw every `State`
    as its board picture and summary. Importing the kit does this in IPython (a notebook, Voila)."""
    formatter.formatters["text/html"].for_type(State, _state_html)


def _in_ipython() -> None:
    """`show_states` for the IPython shell the kit is imported in, if any (IPython itself is
    never imported here: outside a shell it is not loaded)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        show_states(shell.display_formatter)


_in_ipython()

__all__ = [
    "GAMES",
    "GameType",
    "game_class",
    "game_module",
    "game_type",
    "load",
    "load_json",
    "show_states",
]
