"""The play panel's advisor: Advise plans from the position for the player to move and shows the
plan on the panel (see `Advise`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets

from kit.core import KitError
from kit.solve.plan import INFEASIBLE, OPTIMAL
from kit.widgets.highlight import Route
from kit.widgets.lock import locked
from kit.widgets.plans import bound_words
from kit.widgets.views import escape

if TYPE_CHECKING:
    from kit.widgets.play import PlayPanel

WRAP = ipywidgets.Layout(flex_flow="row wrap")


class Advise:
    """The advisor: Advise plans from the position for the player to move with the game's
    planner (`kit.widgets.solve`), on a thread of its own, and shows its plan: the button of
    the recommended next action stands out and the rest of the route is drawn on the map, its
    steps numbered, with what the plan assumes under it. The planner starts from what the
    player may see, in every game and with any number of players (`kit.solve.position`): the
    80-day planner's face-down tokens stay face down, worth what their region can still hold;
    the five-round and four-week planners play on alone, the others taking nothing more, and
    guess by a seed what is out of sight (the decks' order, face-down tiles, later Festivals).
    Where no plan can start from the position, the panel says why and nothing changes. A move
    makes the advice stale: it is cleared and the button offers to Re-plan, or re-plans at
    once with "after each move" ticked. A move made while the advisor plans makes the advice
    coming stale too: when it arrives it is dropped, saying so (and planned again for the new
    position with "after each move")."""

    def __init__(self, panel: PlayPanel) -> None:
        self.panel = panel
        self._lock = panel._lock
        self.button = ipywidgets.Button(description="Advise", icon="lightbulb-o")
        self.button.on_click(self.advise)
        self.time_limit = ipywidgets.BoundedFloatText(
            5.0, min=0.5, max=600.0, description="for (s)", layout=ipywidgets.Layout(width="130px")
        )
        self.time_limit.style.description_width = "auto"
        self.auto = ipywidgets.Checkbox(False, description="after each move", indent=False)
        self.text = ipywidgets.HTML()
        self.box = ipywidgets.VBox(
            [ipywidgets.HBox([self.button, self.time_limit, self.auto], layout=WRAP), self.text]
        )
        self.job: Any = None
        self.plan: Any = None  # the planner's plan for the position at `step`
        self.step = -1
        self.history: list[Any] = []  # the history of the position advised
        self.asked: list[Any] = []  # the history of the position the advisor plans for
        self.first = ""  # the recommended next action
        self.route: Route | None = None  # the advised plan as the board highlights it
        self.message = ""  # what the advisor says, as text

    @locked
    def advise(self, _: object = None) -> None:
        """Plan from the position for the player to move, or say why not."""
        from kit.solve.position import puzzle_from
        from kit.widgets.solve import Background, game_planner

        panel, state = self.panel, self.panel.state
        if self.job is not None and self.job.running:
            self._say("the advisor is planning already")
            return
        mover = state.current_player
        if panel._viewing_past():
            why = "an earlier position is on view: move the slider to the end"
        elif state.is_terminal:
            why = "the game is over"
        else:
            why = (
                ""
                if panel._plays_here(mover)
                else f"{panel._who(mover)} is to move, not this panel"
            )
        if why:
            self._say(f"no advice: {why}")
            return
        try:
            puzzle = puzzle_from(state)
        except KitError as error:
            self._say(f"no advice here: {error}")
            return
        planner = game_planner(state.game.name)
        limit, history = float(self.time_limit.value), list(state.history)
        moves = {str(action) for action in state.legal_actions()}

        def work() -> Any:
            return planner.run(puzzle, limit, planner.workers, lambda *_: None)

        def done(job: Any, plan: Any, stopped: bool, error: BaseException | None) -> None:
            self._advised(job, puzzle, planner, history, moves, plan, error)

        self.job, self.asked = Background(work, done), history
        self._say(f"planning for {self.panel._who(mover)} for up to {limit:g} s...")
        self.button.disabled = True
        self.job.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the advice is shown; whether it is."""
        return self.job is None or bool(self.job.wait(timeout))

    def _advised(
        self,
        job: Any,
        puzzle: Any,
        planner: Any,
        history: list[Any],
        moves: set[str],
        plan: Any,
        error: BaseException | None,
    ) -> None:
        """The planner's answer, on the advisor's thread: drawn under the panel's lock, and
        dropped if the position has changed since it was asked for. Its first action must be
        one of the position's `moves` (the planner's game is the player's view of it)."""
        from kit.widgets.plans import walk_plan

        route: Route | None = None
        if error is None and plan is not None and plan.steps:
            first = plan.steps[0].actions[0]
            seat = puzzle.player  # the seat the puzzle plans for
            try:
                if first not in moves:
                    raise KitError(f"its first move, {first}, is not one of this position's")
                route = walk_plan(puzzle.before(plan.history), plan, seat).route()
            except Exception as failure:  # shown in the panel
                error = failure
        with self._lock:
            if job is not self.job:
                return  # a later advice was asked for
            self.button.disabled = False
            if error is not None:
                self._say(f"the planner failed: {error}")
                return
            if plan is None or not plan.steps:
                self._say(f"no advice: {_no_plan(plan)}")
                return
            if self.panel.state.history != history:
                self._say("the position changed while the advisor planned: its advice is dropped")
                if self.auto.value and not self.panel._viewing_past():
                    self.advise()
                return
            self.plan, self.step, self.history = plan, len(history), history
            self.first = plan.steps[0].actions[0]
            self.route = route
            proof = bound_words(plan.objective, plan.bound, plan.status == OPTIMAL)
            self._say(
                f"advice: {self.first} (a plan scoring {plan.objective}; {proof}; "
                f"its route on the map, {len(plan.steps)} steps)",
                plan.assumptions,
            )
            self.button.description = "Re-plan"
            self.panel._draw()

    def current(self) -> str:
        """The advised action if the advice is for the position on view, else ""; stale
        advice is cleared (and re-planned with "after each move")."""
        panel = self.panel
        if not self.first:
            if self.job is not None and self.job.running and self.asked != panel.state.history:
                self._say(
                    "the position changed while the advisor plans: its advice will be dropped"
                )
            return ""
        if self.history == panel.state.history and not panel._viewing_past():
            return self.first
        self.first, self.route, self.plan = "", None, None
        self._say("the position changed: Re-plan for new advice")
        if self.auto.value and not panel._viewing_past():
            self.advise()
        return ""

    def _say(self, text: str, assumptions: Sequence[str] = ()) -> None:
        """Say `text`, and under it what the advice assumes (folded: a click shows it)."""
        self.message = text
        notes = ""
        if assumptions:
            items = "".join(f"<li>{escape(note)}</li>" for note in assumptions)
            notes = (
                "<details class='kit-advice-assumes'><summary>what the advice assumes"
                f"</summary><ul>{items}</ul></details>"
            )
        self.text.value = f"<div class='kit-advice'>{escape(text)}</div>{notes}"


def _no_plan(plan: Any) -> str:
    """Why the planner gave no plan, in words."""
    if plan is None or plan.status != INFEASIBLE:
        return "the planner found no plan in time; give it more seconds"
    if plan.earliest is not None:
        return f"no plan can finish in time: the earliest finish is day {plan.earliest}"
    return "no plan can reach the goal from here"
