"""The puzzle panel: a student builds a route on the board and has it checked.

    panel = kit.widgets.puzzle(kit.puzzles.generate("orienteering", seed=3))
    panel                       # the last line of a cell shows it

A click on a place of the map is the next step of the route: for an orienteering puzzle, the
point; for an 80-day puzzle, the action that place means (a travel there, or, on the city where
the pawn stands, an Explore or a wait); for a four-week puzzle (`kit.puzzles.weeks_puzzle`), the
play that region means (a start or a travel there, a card of it to visit, an Extra there), every
legal play offered as a button besides; for a Grand Tour puzzle (`kit.puzzles.tour_puzzle`), the
action that city means (a move there, an exploration or a café there), every legal action
offered as a button besides, the player's area (hand and cards played with their effects,
Ideas, Journals, tiles) and the table (the market, the travellers, the Gazette) shown under the
map. Where a click means several (two ways to pay a travel),
buttons offer them. The answers to an action's questions (which token to keep, an Objective to
play) and a Traveller's power are buttons too. The running figures (budget used and left, or the
day against the limit, or the days, resources and hand of the four weeks, and the score) show as
the route grows; a step the puzzle's rules refuse is refused with the reason and changes
nothing. Undo takes back a step, Reset all of them, and Check compares the route with the
puzzle's proven optimum (`kit.puzzles.check`), line by line, without giving the optimum away:
Show solution is the verdict with the optimal route named. A four-week puzzle's plan may be
the best known one, not proven: the verdict says so, with its bound.

The map is the board widget (`kit.widgets.Board`): the orienteering points are drawn as a board
of their own, with their scores beside them, and the route so far as its highlight. Beside it,
where the page is wide enough (a notebook's output on a classroom screen is), stand the running
figures and the buttons, so that the map and Undo, Reset, Check and Show solution are in view
together; on a narrow page they go under the map. `size="large"` draws the map and the controls
a third larger, for a large room (`kit.widgets.sizes`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets
import networkx as nx

from kit.core import KitError
from kit.puzzles import (
    AnyPuzzle,
    JourneyPuzzle,
    JourneyWalk,
    PointsPuzzle,
    PointsWalk,
    Refused,
    TourPuzzle,
    TourWalk,
    Verdict,
    WeeksPuzzle,
    WeeksWalk,
    check,
)
from kit.widgets.board import Board
from kit.widgets.picture import AUTO
from kit.widgets.pieces import Piece
from kit.widgets.sizes import SIZES, Sizes, sizes
from kit.widgets.timelines import TimelineView, timeline
from kit.widgets.views import PANEL_CSS, escape
from kit.widgets.views.four_weeks import FourWeeksView
from kit.widgets.views.timeless_journeys import TimelessJourneysView

WRAP = ipywidgets.Layout(flex_flow="row wrap")
REFUSED = "#b2182b"
MAP_BASIS = "520px"
"""The map's width before it grows into the room left: with the controls' `CONTROLS_BASIS`, the
two fit side by side in a notebook's output on the classroom screen (`sizes.PANEL_WIDTH`)."""
CONTROLS_BASIS = "360px"


def panel_css() -> str:
    """The panel's text in lines of text, not of buttons (ipywidgets sets a button's height as
    its text's line height); the controls (text and buttons) of a panel drawn larger than normal
    grow as its map does."""
    choices = (
        ".kit-puzzle .kit-choices .jupyter-button { white-space: normal; height: auto; "
        "text-align: left; min-height: var(--jp-widgets-inline-height); line-height: 1.3; "
        "padding: 3px 8px; }"
    )  # a long action's button wraps its words rather than cut them
    return (
        ".kit-puzzle .widget-html-content { line-height: 1.4; }"
        + choices
        + "".join(
            f".kit-size-{size.name} .kit-puzzle-controls {{ zoom: {size.scale:.4g}; }}"
            for size in SIZES.values()
            if size.scale != 1
        )
    )


def points_graph(puzzle: PointsPuzzle) -> nx.Graph:
    """The orienteering points as a board: each at its grid position (north up), the Start and
    the Finish marked apart from the points to collect."""
    graph = nx.Graph(name=puzzle.instance.name)
    for place in puzzle.places:
        x, y = puzzle.position(place)
        role = place if place in (puzzle.start, puzzle.finish) else "to collect"
        graph.add_node(place, pos=(x, -y), region=role)
    return graph


def points_pieces(walk: PointsWalk) -> list[Piece]:
    """Each point's score beside it: a note while it waits, a marker once collected."""
    puzzle, pieces = walk.puzzle, []
    for place in puzzle.places:
        score = puzzle.score_of(place)
        if not score:
            continue
        if place in walk.route:
            pieces.append(
                Piece(place, "marker", str(score), "#1a9850", f"{score} points, collected")
            )
        else:
            pieces.append(Piece(place, "note", str(score), "", f"{score} points"))
    return pieces


def journey_pieces(walk: JourneyWalk) -> list[Piece]:
    """The pawn, the tokens face up (a puzzle is a study of the position: every token is
    known) and the checkpoints with their activation days."""
    state, p = walk.state, walk.player
    content = state.tables.content
    cities = content.board.cities
    pieces = [
        Piece(cities[state.pos[p]].name, "pawn", "1", "#e15759", f"your pawn, day {walk.day}")
    ]
    for city, token in enumerate(state.city_token):
        if token >= 0:
            info = content.tokens[token]
            pieces.append(Piece(cities[city].name, "marker", info.id, "", str(info)))
    for checkpoint in content.board.checkpoints:
        pieces.append(
            Piece(
                checkpoint.city,
                "flag",
                str(checkpoint.activation),
                "",
                f"{checkpoint.name} checkpoint, open from day {checkpoint.activation}",
            )
        )
    return pieces


def stood_in(places: Iterable[str]) -> list[str]:
    """The places a pawn stood in, one a step, as a path: a place once while it stays there
    and again when it comes back; "" (not on the map yet) left out."""
    path: list[str] = []
    for place in places:
        if place and (not path or path[-1] != place):
            path.append(place)
    return path


def journey_path(walk: JourneyWalk) -> list[str]:
    """The cities the pawn has stood in, in order."""
    names = [c.name for c in walk.state.tables.content.board.cities]
    return stood_in(names[state.pos[walk.player]] for state in walk.states)


def weeks_pieces(walk: WeeksWalk) -> list[Piece]:
    """The pawn, the week's Festivals, the Day discs placed: as the play panel draws them."""
    state = walk.state
    return FourWeeksView(state.game).pieces(state.observation(0))


def tour_path(walk: TourWalk) -> list[str]:
    """The cities the Player marker has stood in, in order."""
    return stood_in(str(state.loc[0]) for state in walk.states)


def weeks_path(walk: WeeksWalk) -> list[str]:
    """The regions the pawn has stood in, in order."""
    regions = walk.state.game.content.regions
    return stood_in(regions[s.pos[0]].code if s.pos[0] >= 0 else "" for s in walk.states)


class PuzzlePanel(ipywidgets.VBox):  # type: ignore[misc]  # ipywidgets has no types
    """A route puzzle in a notebook (see the module docstring). For code and tests:

    - `walk`: the route in progress (`walk.route`: the places or action names so far);
    - `board`: the `Board`; setting `board.selected` is a click on that place;
    - `choice_buttons`: the buttons offered (the ways a place may be reached, the answers due);
    - `undo_button`, `reset_button`, `check_button`, `solution_button` (Check's verdict with
      the optimal route named);
    - `message`: why the last step was refused, or what it did;
    - `status`: the running figures, a line each;
    - `verdict`: the last Check's `Verdict` (None before Check, or after a change);
    - `timeline`: for an 80-day puzzle, the Timeline (`kit.widgets.timelines`) with the pawn on
      the route's day; None for an orienteering puzzle;
    - `area`: for a Grand Tour puzzle, the key to the map's pieces, the player's area and the
      table, under the map; None for the others;
    - `sizes`: the size it is drawn at ("normal" or "large", `kit.widgets.sizes`)."""

    def __init__(self, puzzle: AnyPuzzle, size: str | Sizes = "normal") -> None:
        if not isinstance(puzzle, PointsPuzzle | JourneyPuzzle | TourPuzzle | WeeksPuzzle):
            raise KitError(f"not a puzzle of kit.puzzles: {puzzle!r}")
        self.sizes = sizes(size)
        self.puzzle = puzzle
        self.walk: PointsWalk | JourneyWalk | TourWalk | WeeksWalk = puzzle.walk()
        if isinstance(puzzle, PointsPuzzle):
            graph = points_graph(puzzle)
        else:
            graph = puzzle.puzzle.position.game.board()
        # Italy's land behind a Grand Tour, as the play panel draws it; the others' maps bare.
        outline = AUTO if isinstance(puzzle, TourPuzzle) else None
        self.board = Board(graph, outline=outline, size=self.sizes)
        # A Grand Tour's player area (hand, cards played, Ideas, Journals) and the table (the
        # market, the travellers, the Gazette), under the map.
        self.area: ipywidgets.HTML | None = None
        self._view: TimelessJourneysView | None = None
        if isinstance(puzzle, TourPuzzle):
            self.area = ipywidgets.HTML().add_class("kit-area")
            self._view = TimelessJourneysView(puzzle.puzzle.position.game)
        # The 80-day Timeline: which transport departs on which day, and the pawn's day.
        self.timeline: TimelineView | None = None
        if isinstance(self.walk, JourneyWalk):
            self.timeline = timeline(self.walk.state, seat=0)
        self.verdict: Verdict | None = None
        self._offered: list[str] = []
        self._choices = ipywidgets.HBox(layout=WRAP).add_class("kit-choices")
        self._question = ipywidgets.HTML()
        self._message = ipywidgets.HTML()
        self._status = ipywidgets.HTML().add_class("kit-status")
        self._verdict = ipywidgets.HTML().add_class("kit-verdict")
        fit = ipywidgets.Layout(width="auto")
        self.undo_button = ipywidgets.Button(description="Undo", icon="undo", layout=fit)
        self.reset_button = ipywidgets.Button(description="Reset", icon="refresh", layout=fit)
        self.check_button = ipywidgets.Button(
            description="Check", icon="check", button_style="primary", layout=fit
        )
        self.solution_button = ipywidgets.Button(
            description="Show solution", icon="eye", layout=fit
        )
        self._message_text = ""
        self._quiet = False
        self.board.observe(self._clicked, "selected")
        self.undo_button.on_click(self._undo)
        self.reset_button.on_click(self._reset)
        self.check_button.on_click(self._check)
        self.solution_button.on_click(self._reveal)
        super().__init__(self._layout(), layout=ipywidgets.Layout(width="100%"))
        self.add_class("kit-puzzle").add_class(f"kit-size-{self.sizes.name}")
        self._draw()

    # --- what code and tests read --------------------------------------------------------
    @property
    def choice_buttons(self) -> list[ipywidgets.Button]:
        return list(self._choices.children)

    @property
    def message(self) -> str:
        return self._message_text

    @property
    def status(self) -> list[str]:
        return self.walk.status()

    # --- layout ----------------------------------------------------------------------------
    def _layout(self) -> list[ipywidgets.Widget]:
        puzzle = self.puzzle
        details = [puzzle.describe()]
        if isinstance(puzzle, JourneyPuzzle):
            setup = dict(puzzle.setup)
            details.append(
                f"starting Ticket: {setup['tickets']}; Objectives in hand: {setup['objectives']}"
            )
            details += list(puzzle.puzzle.assumptions()[1:])
        if isinstance(puzzle, WeeksPuzzle):
            details.append(f"Check compares with the planner's plan: {puzzle.proof}")
        if isinstance(puzzle, TourPuzzle):
            details += list(puzzle.puzzle.assumptions()[1:])
        heading = ipywidgets.HTML(
            f"<style>{PANEL_CSS}{panel_css()}</style>"
            "<h3 style='margin:4px 0'>Build your route</h3>"
            + "".join(f"<div class='kit-muted'>{escape(line)}</div>" for line in details)
        )
        self.board.layout = ipywidgets.Layout(flex=f"1 1 {MAP_BASIS}", min_width="0")
        buttons = [self.undo_button, self.reset_button, self.check_button, self.solution_button]
        # The buttons right under the figures, above what grows (the choices, the verdict), so
        # that they stay beside the map.
        controls = ipywidgets.VBox(
            [
                self._status,
                ipywidgets.HBox(buttons, layout=WRAP),
                self._message,
                self._question,
                self._choices,
                self._verdict,
            ],
            layout=ipywidgets.Layout(
                flex=f"0 1 {CONTROLS_BASIS}", min_width="300px", padding="0 0 0 8px"
            ),
        ).add_class("kit-puzzle-controls")
        parts = [heading, ipywidgets.HBox([self.board, controls], layout=WRAP)]
        parts += [self.area] if self.area is not None else []
        return parts + ([self.timeline] if self.timeline is not None else [])

    # --- steps -----------------------------------------------------------------------------
    def _clicked(self, change: dict[str, Any]) -> None:
        """A place clicked: the step it means, the ways to choose among, or the refusal."""
        place = change["new"]
        if self._quiet or not place:
            return
        self._quiet = True
        self.board.selected = ""  # so that a second click on the same place counts again
        self._quiet = False
        try:
            options = self.walk.options(place)
        except Refused as why:
            self._refuse(str(why))
            return
        if len(options) == 1:
            self._take(options[0])
        else:
            self._offered = options
            self._say(f"{place}: choose how")
            self._draw_choices(f"At {place}, choose:")

    def _take(self, step: str) -> None:
        try:
            self.walk.take(step)
        except Refused as why:
            self._refuse(str(why))
            return
        self._offered = []
        self._say(f"step {len(self.walk.route) - self._first()}: {step}")
        self._changed()

    def _first(self) -> int:
        """Steps of the route that were there from the start (the Start point)."""
        return 1 if isinstance(self.walk, PointsWalk) else 0

    def _chosen(self, button: ipywidgets.Button) -> None:
        self._take(button.description)

    def _undo(self, _: object = None) -> None:
        taken = self.walk.undo()
        if not taken:
            self._refuse("there is no step to take back")
            return
        self._offered = []
        self._say(f"took back: {taken}")
        self._changed()

    def _reset(self, _: object = None) -> None:
        self.walk.reset()
        self._offered = []
        self._say("the route starts again")
        self._changed()

    def _check(self, _: object = None) -> None:
        self._judge(reveal=False)

    def _reveal(self, _: object = None) -> None:
        self._judge(reveal=True)

    def _judge(self, *, reveal: bool) -> None:
        """The verdict on the route so far, shown under the buttons; with `reveal`, the optimal
        route named in it."""
        self.verdict = check(self.puzzle, self.walk.route, reveal=reveal)
        colour = (
            "#1a9850"
            if self.verdict.accepted
            else (REFUSED if not self.verdict.legal else "#8c510a")
        )
        items = "".join(f"<li>{escape(line)}</li>" for line in self.verdict.lines)
        self._verdict.value = (
            f"<div style='color:{colour};font-weight:bold'>{escape(self.verdict.headline)}</div>"
            f"<ul style='margin:2px 0'>{items}</ul>"
        )

    def _changed(self) -> None:
        """After a step, an undo or a reset: the old verdict goes, everything is redrawn."""
        self.verdict = None
        self._verdict.value = ""
        self._draw()

    # --- drawing ---------------------------------------------------------------------------
    def _draw(self) -> None:
        walk = self.walk
        if isinstance(walk, PointsWalk):
            self.board.pieces, path = points_pieces(walk), walk.route
        elif isinstance(walk, WeeksWalk):
            self.board.pieces, path = weeks_pieces(walk), weeks_path(walk)
        elif isinstance(walk, TourWalk):
            assert self._view is not None and self.area is not None
            seen = walk.state.observation(0)
            self.board.pieces, path = self._view.pieces(seen), tour_path(walk)
            tables = self._view.player_table(seen, 0) + self._view.shared_table(seen)
            wrap = "display:flex;flex-wrap:wrap;align-items:flex-start"
            key = f"<div class='kit-muted'>{escape(self._view.key(seen))}</div>"
            self.area.value = f"{key}<div style='{wrap}'>{tables}</div>"
        else:
            self.board.pieces, path = journey_pieces(walk), journey_path(walk)
            assert self.timeline is not None
            self.timeline.show(walk.state)
        self.board.highlight = list(path)
        self._status.value = "".join(f"<div>{escape(line)}</div>" for line in walk.status())
        self._draw_choices("")

    def _draw_choices(self, title: str) -> None:
        """The buttons: the ways to take the place clicked, else what concerns no place (the
        answers due, a Traveller's power)."""
        walk = self.walk
        options, question = self._offered, title
        if not options and isinstance(walk, JourneyWalk):
            options = walk.free()
            if walk.deciding():
                question = walk.state.question()
            elif options:
                question = "or, besides a place:"
        if not options and isinstance(walk, WeeksWalk):
            options = walk.plays()
            if options:
                question = f"{walk.state.question()}: click a region on the map, or choose"
        if not options and isinstance(walk, TourWalk):
            options = walk.plays()
            if options:
                question = f"{walk.state.question()}: choose, or click a city on the map"
        if not options and not question:
            question = (
                "click the next point on the map"
                if isinstance(walk, PointsWalk)
                else "click a city on the map: a travel there, or your own city to explore or wait"
            )
            if walk.finished:
                question = "the route is complete: Check it"
        buttons = []
        for option in options:
            button = ipywidgets.Button(
                description=option, layout=ipywidgets.Layout(width="auto", max_width="100%")
            )
            if self._view is not None:  # a card's effect, where the action names a card
                button.tooltip = self._view.explain(option)
            button.on_click(self._chosen)
            buttons.append(button)
        self._choices.children = tuple(buttons)
        self._question.value = f"<div style='margin:4px 0'>{escape(question)}</div>"

    # --- messages ----------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self._message_text = text
        self._message.value = f"<div>{escape(text)}</div>" if text else ""

    def _refuse(self, why: str) -> None:
        self._message_text = f"refused: {why}; nothing changed"
        self._message.value = f"<div style='color:{REFUSED}'>{escape(self._message_text)}</div>"


def puzzle(puzzle: AnyPuzzle, size: str | Sizes = "normal") -> PuzzlePanel:
    """A panel to solve `puzzle` (a puzzle of `kit.puzzles`) by hand (see `PuzzlePanel`), drawn
    at `size` ("normal", or "large" for a large room)."""
    return PuzzlePanel(puzzle, size)


__all__ = ["PuzzlePanel", "puzzle"]
