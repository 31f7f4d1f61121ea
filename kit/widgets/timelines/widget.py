"""The timeline widgets: the board's browser side showing a timeline's picture, redrawn by
`show(state)` for another position of the same game; `timeline` and `timeline_svg`."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from kit.core import Game, KitError, State
from kit.games import GAMES
from kit.widgets.picture import SVG, image_html, svg_label
from kit.widgets.sizes import Sizes, sizes
from kit.widgets.timelines.amazing_journey import JourneyDrawing
from kit.widgets.timelines.drawing import Drawing, Still, document, seen
from kit.widgets.timelines.four_weeks import CalendarDrawing
from kit.widgets.timelines.timeless_journeys import GazetteDrawing

WIDGETS = Path(__file__).parent.parent  # the board's browser side serves the timelines too


class TimelineView(anywidget.AnyWidget):
    """A game's timeline as a widget: `show(state)` redraws it for a position of the same game;
    `selected` is the day, round cell or calendar day last clicked ("" for none); `svg()` is
    the picture as it stands. `size` is "normal", or "large" for a large room
    (`kit.widgets.sizes`). Built by `timeline(state, seat, size)`."""

    _esm = WIDGETS / "board.js"
    _css = WIDGETS / "board.css"

    selected = traitlets.Unicode("").tag(sync=True)
    _picture = traitlets.Unicode("").tag(sync=True)
    _highlight_svg = traitlets.Unicode("").tag(sync=True)

    DRAWING: ClassVar[type[Drawing]]

    def __init__(
        self,
        state: State,
        seat: int | None = None,
        size: str | Sizes = "normal",
        **kwargs: Any,
    ) -> None:
        game = _game_of(state)
        if game.name != self.DRAWING.game_name:
            raise KitError(f"{type(self).__name__} shows {self.DRAWING.game_name}, not {game.name}")
        if seat is not None:
            state.check_player(seat)
        self.seat = seat
        self.drawing = self.DRAWING(game, seat, sizes(size))
        self._still: Still | None = None
        self._pieces = ""  # the moving layer as it stands
        super().__init__(**kwargs)
        self.on_msg(self._answer)
        self.show(state)

    def show(self, state: State) -> None:
        """Draw `state`, a position of the same game: the still part is sent again only where
        it changed (Timeless Journeys' Gazette, once setup has drawn it), the rest as two small
        fragments: the highlight as a trait, the pieces as the board's message that replaces
        its whole pieces layer (sent only when they changed)."""
        self._check_same_game(state)
        position = seen(state, self.seat)
        still = self.drawing.still(position)
        pieces = self.drawing.pieces(position)
        with self.hold_sync():
            if still is not self._still:
                self._still = still
                self._picture = document(still, self.drawing.heading(), self.drawing.sizes)
            self._highlight_svg = self.drawing.highlight(position)
        if pieces != self._pieces:
            self._pieces = pieces
            self._send_pieces()
        self.state = state

    def _send_pieces(self) -> None:
        """The pieces layer, all of it, in the board's message (`board.js` puts each spot's
        one element in the layer; `all` empties the layer first)."""
        self.send({"spots": {"timeline": f"<g>{self._pieces}</g>"}, "gone": [], "all": True})

    def _answer(self, widget: object, content: dict[str, Any], buffers: object) -> None:
        """A new view (the page drawn again) asks for the pieces."""
        if content.get("want") == "pieces":
            self._send_pieces()

    def _check_same_game(self, state: State) -> None:
        game, mine = _game_of(state), self.drawing.game
        same = game.name == mine.name and _options(game) == _options(mine)
        if not same:
            raise KitError(
                f"this timeline shows {mine.name} {_options(mine)}; the state is of "
                f"{game.name} {_options(game)} (make a new timeline for it)"
            )

    @traitlets.validate("selected")
    def _check_selected(self, proposal: dict[str, Any]) -> str:
        name = proposal["value"]
        if name and (self._still is None or name not in self._still.nodes):
            raise traitlets.TraitError(f"{name!r} is not a day or cell of this timeline")
        return str(name)

    def svg(self) -> SVG:
        """The picture as it stands (as the browser shows it), as one SVG text."""
        assert self._still is not None  # drawn by `__init__`
        drawing = self.drawing
        return SVG(
            document(
                self._still, drawing.heading(), drawing.sizes, self._highlight_svg, self._pieces
            )
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget, with the static picture beside it for where widgets do not run."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        svg = self.svg()
        return {**data, "text/html": image_html(svg, svg_label(svg))}, metadata


class JourneyTimeline(TimelineView):
    """The Amazing Journey's 80-day Timeline (see `JourneyDrawing`)."""

    DRAWING = JourneyDrawing


class GazetteRounds(TimelineView):
    """Timeless Journeys' five rounds on the Traveller's Gazette (see `GazetteDrawing`)."""

    DRAWING = GazetteDrawing


class WeekCalendar(TimelineView):
    """The four-week game's calendar of Day discs (see `CalendarDrawing`)."""

    DRAWING = CalendarDrawing


def timeline(state: State, seat: int | None = None, size: str | Sizes = "normal") -> TimelineView:
    """The timeline widget of the state's game, seen by `seat` (None: everyone), at `size`
    ("normal", or "large" for a large room)."""
    return GAMES[_game_of(state).name].timeline_class()(state, seat, size)


def timeline_svg(state: State, seat: int | None = None, size: str | Sizes = "normal") -> SVG:
    """The state's timeline as one static SVG picture (a notebook shows it as an image), at
    `size` ("normal", or "large" for a large room)."""
    game = _game_of(state)
    if seat is not None:
        state.check_player(seat)
    drawing = GAMES[game.name].timeline_class().DRAWING(game, seat, sizes(size))
    return SVG(drawing.document(seen(state, seat)))


def _game_of(state: object) -> Game:
    """The state's game, if it is a state of one of the kit's games with a timeline."""
    if not isinstance(state, State):
        raise KitError(f"a timeline shows a game's state, not {type(state).__name__}")
    game = state.game
    if game.name not in GAMES:
        raise KitError(f"{game.name} has no timeline; the timelines are of {', '.join(GAMES)}")
    return game


def _options(game: Game) -> dict[str, Any]:
    """The options that shape a game's timeline: all but the seed."""
    return {name: value for name, value in game.options.items() if name != "seed"}
