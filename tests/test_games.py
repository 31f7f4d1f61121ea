"""One record per game (`kit.games`), read by everything that looks a game up by its name, and the
layers it keeps apart: the core, the games and the planners never import the widgets, a game
never imports its planner, and a notebook that imports only `kit` still draws a state."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import kit
from kit.core import KitError
from kit.core.board import OUTLINES
from kit.games import GAMES, GameType, located
from kit.puzzles import KINDS
from kit.solve.position import puzzle_from
from kit.widgets.solve import game_planner, planner_for
from kit.widgets.timelines import timeline_svg
from kit.widgets.views import view_for
from tests.pig import Pig

PARTS = {
    "amazing_journey": (
        "The Amazing Journey",
        "AmazingJourneyView",
        "JourneyTimeline",
        "world",
        "AmazingJourneyPlanner",
        ("amazing_journey",),
    ),
    "timeless_journeys": (
        "Timeless Journeys: The Italian Grand Tour",
        "TimelessJourneysView",
        "GazetteRounds",
        "italy",
        "TimelessJourneysPlanner",
        ("timeless_journeys",),
    ),
    "four_weeks": (
        "Four weeks in Europe",
        "FourWeeksView",
        "WeekCalendar",
        "europe",
        "FourWeeksPlanner",
        (),
    ),
}


def parts(game: GameType) -> tuple[object, ...]:
    """What the kit finds for a game by its record, as names."""
    return (
        game.title,
        game.view_class().__name__,
        game.timeline_class().__name__,
        game.outline,
        game.solver_class().__name__,
        game.puzzles,
    )


def test_every_game_has_one_record_and_the_kit_finds_its_parts_by_it() -> None:
    assert {name: parts(game) for name, game in GAMES.items()} == PARTS
    assert list(kit.GAMES) == list(PARTS) and kit.GAMES is GAMES


@pytest.mark.parametrize("name", list(PARTS))
def test_a_games_engine_views_and_planner_are_those_its_record_names(name: str) -> None:
    record = kit.game_type(name)
    game = kit.load(name, seed=2)
    state = game.new_game()
    state.resolve_chance()  # the setup, to the first player's decision
    assert (game.name, game.title) == (record.name, record.title)
    assert kit.game_module(name) is record.package() and "greedy" in record.package().BOTS
    assert game.board().graph["outline"] == record.outline  # the map file names the same land
    assert type(view_for(game)) is record.view_class()
    assert timeline_svg(state).startswith("<svg")
    assert record.timeline_class().DRAWING.game_name == name
    assert game_planner(name) is record.solver_class()
    puzzle = puzzle_from(state)  # a puzzle of the record's planner package
    assert type(puzzle).__module__.startswith(f"{record.planner}.")
    assert type(planner_for(puzzle)) is type(planner_for(state)) is record.solver_class()


def test_the_lands_and_puzzle_kinds_are_the_records() -> None:
    assert OUTLINES == ("world", "italy", "europe")
    assert KINDS == ("orienteering", "amazing_journey", "timeless_journeys")


def test_a_game_is_looked_up_by_its_one_name_hyphens_allowed() -> None:
    assert kit.game_type("amazing-journey") is GAMES["amazing_journey"]
    assert kit.game_type("Four_Weeks") is GAMES["four_weeks"]
    with pytest.raises(
        KitError, match=r"^unknown game 'pig'; the kit has amazing_journey, timeless_journeys, "
    ):
        kit.game_type("pig")


def test_a_game_with_no_record_has_no_view_timeline_or_planner() -> None:
    state = Pig(seed=1).new_game()
    names = "amazing_journey, timeless_journeys, four_weeks"
    with pytest.raises(KitError, match=f"^no view of the game 'pig'; views: {names}$"):
        view_for(state.game)
    with pytest.raises(KitError, match=f"^pig has no timeline; the timelines are of {names}$"):
        timeline_svg(state)
    planned = f"^no planner plans the game 'pig'; the planners plan {names}$"
    with pytest.raises(KitError, match=planned):
        game_planner("pig")


def test_a_record_names_a_class_of_the_kind_it_stands_for() -> None:
    assert located("kit.games:GameType", object) is GameType
    with pytest.raises(TypeError, match="^kit.games:GAMES is not a type$"):
        located("kit.games:GAMES", type)


def run(code: str) -> str:
    """What `code` prints, run in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_core_the_games_and_the_planners_import_no_widget_and_a_game_no_planner() -> None:
    printed = run(
        """
        import importlib, pkgutil, sys

        def every(package):
            for info in pkgutil.walk_packages(importlib.import_module(package).__path__):
                importlib.import_module(f"{package}.{info.name}")

        def loaded(*prefixes):
            return sorted(name for name in sys.modules if name.startswith(prefixes))

        import kit
        for game in kit.GAMES.values():
            every(game.engine)
        every("kit.core")
        print(loaded("kit.widgets", "kit.solve", "kit.puzzles", "IPython", "ipywidgets"))
        every("kit.solve")
        print(loaded("kit.widgets", "IPython", "ipywidgets"))
        """
    )
    assert printed == "[]\n[]\n"


def test_a_notebook_that_imports_only_kit_shows_a_state_as_its_board_picture() -> None:
    printed = run(
        """
        import sys
        from IPython.core.interactiveshell import InteractiveShell

        shell = InteractiveShell.instance()
        shell.run_cell("import kit; state = kit.load('four_weeks', players=1, seed=3).new_game()")
        print(any(name.startswith("kit.widgets") for name in sys.modules))
        data, _ = shell.display_formatter.format(shell.user_ns["state"])
        print(data["text/html"].startswith('<div class="kit-state">'), "<img" in data["text/html"])
        """
    )
    assert printed == "False\nTrue True\n"
