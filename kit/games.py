"""Every game of the kit, registered once: a `GameType` per game, read by everything that looks a
game up by its name (`kit.load`, the command line, the panels' views and timelines, the solver
panel, the land drawn behind a board, the puzzles).

A record names the game's parts by import path and `GameType`'s methods import them when asked,
never before: importing this module imports nothing of the kit, so the core (which reads the
lands of `OUTLINES` from here) and the engines can read the records without ever importing the
widgets or the planners that build on them.

`name` is the game's one name: the save's `game` field, `Game.name`, `kit.load`'s argument (the
command line also takes it with hyphens, `amazing-journey`)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # the types only: the record imports its parts when asked
    from kit.widgets.solve import GamePlanner
    from kit.widgets.timelines.widget import TimelineView
    from kit.widgets.views.base import View

T = TypeVar("T")


def located(path: str, base: type[T]) -> type[T]:
    """The class at `path` ("package.module:Class"), imported now; it must be a `base`."""
    module, _, name = path.partition(":")
    found = getattr(importlib.import_module(module), name)
    if not (isinstance(found, type) and issubclass(found, base)):
        raise TypeError(f"{path} is not a {base.__name__}")
    return found


@dataclass(frozen=True, slots=True)
class GameType:
    """One game of the kit and where its parts are:

    - `name`, `title`: the game's name (the save's `game` field) and its title;
    - `engine`: the rule engine's package, with `load(**options)` and `BOTS`;
    - `view`, `timeline`: the panels' view of its positions (`kit.widgets.views`) and its
      timeline widget (`kit.widgets.timelines`), as "module:Class";
    - `outline`: the land its own map is drawn on (its content names it: `outline` in the map
      file; one of `kit.core.board.OUTLINES`);
    - `planner`: the planner's package in `kit.solve` (its puzzles are of that package), and
      `solver` the solver panel's planner ("module:Class", in `kit.widgets.solve`);
    - `puzzles`: the kinds of generated puzzle of the game (`kit.puzzles.generate`)."""

    name: str
    title: str
    engine: str
    view: str
    timeline: str
    outline: str
    planner: str
    solver: str
    puzzles: tuple[str, ...] = ()

    def package(self) -> ModuleType:
        """The rule engine's package (`load(**options)`, `BOTS`)."""
        return importlib.import_module(self.engine)

    def view_class(self) -> type[View]:
        from kit.widgets.views.base import View

        return located(self.view, View)

    def timeline_class(self) -> type[TimelineView]:
        from kit.widgets.timelines.widget import TimelineView

        return located(self.timeline, TimelineView)

    def solver_class(self) -> type[GamePlanner]:
        from kit.widgets.solve import GamePlanner

        return located(self.solver, GamePlanner)


GAMES: dict[str, GameType] = {
    game.name: game
    for game in (
        GameType(
            name="amazing_journey",
            title="The Amazing Journey",
            engine="kit.amazing_journey",
            view="kit.widgets.views.amazing_journey:AmazingJourneyView",
            timeline="kit.widgets.timelines.widget:JourneyTimeline",
            outline="world",
            planner="kit.solve.amazing_journey",
            solver="kit.widgets.solve:AmazingJourneyPlanner",
            puzzles=("amazing_journey",),
        ),
        GameType(
            name="timeless_journeys",
            title="Timeless Journeys: The Italian Grand Tour",
            engine="kit.timeless_journeys",
            view="kit.widgets.views.timeless_journeys:TimelessJourneysView",
            timeline="kit.widgets.timelines.widget:GazetteRounds",
            outline="italy",
            planner="kit.solve.timeless_journeys",
            solver="kit.widgets.solve:TimelessJourneysPlanner",
            puzzles=("timeless_journeys",),
        ),
        GameType(
            name="four_weeks",
            title="Four weeks in Europe",
            engine="kit.four_weeks",
            view="kit.widgets.views.four_weeks:FourWeeksView",
            timeline="kit.widgets.timelines.widget:WeekCalendar",
            outline="europe",
            planner="kit.solve.four_weeks",
            solver="kit.widgets.solve:FourWeeksPlanner",
        ),
    )
}
"""The registry: each game's record by its name, in the order the kit lists them."""
