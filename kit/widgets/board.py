"""The board widget: any game's map in a notebook or a Voila page, with clickable places.

The picture is drawn in Python (`kit.widgets.picture`) and sent once; a click on a place comes back
as the `selected` trait; pieces and a highlighted route are drawn in Python too: the highlight as
one small SVG fragment, the pieces place by place, and only the places whose pieces changed are
sent (a custom message; a new view asks for all of them), so an update costs a few kilobytes and
the browser code stays a few lines (`board.js`). The ES module and its CSS are files of the
package: no CDN, works offline."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from pathlib import Path
from typing import Any

import anywidget
import networkx as nx
import traitlets

from kit.core import KitError
from kit.widgets.picture import (
    AUTO,
    BoardLayout,
    board_layout,
    highlight_svg,
    image_html,
    spots_svg,
    svg_document,
    svg_label,
)
from kit.widgets.pieces import Piece
from kit.widgets.sizes import Sizes, sizes


class Board(anywidget.AnyWidget):
    """A board map: `Board(game.board())` for any game of the kit.

    - `selected`: the name of the place last clicked ("" for none); set it from Python to mark a
      place, observe it to react to clicks;
    - `pieces`: a list of `Piece`s drawn beside their places (pawns, face-down tokens, markers,
      checkpoint flags, Famous Travellers, Day discs, notes);
    - `highlight`: a route or plan, a list of places in order, drawn on top with step numbers;
    - `size`: "normal", or "large" for a large room (`kit.widgets.sizes`).

    `board.picture` is the computed layout (places, labels, routes, legend) and `board.svg()` the
    picture as it stands, as static SVG."""

    _esm = Path(__file__).parent / "board.js"
    _css = Path(__file__).parent / "board.css"

    selected = traitlets.Unicode("").tag(sync=True)
    pieces: traitlets.List[Piece] = traitlets.List()
    highlight: traitlets.List[Hashable] = traitlets.List()
    _picture = traitlets.Unicode("").tag(sync=True)
    _highlight_svg = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        graph: nx.Graph,
        *,
        pieces: Iterable[Piece] = (),
        highlight: Iterable[Hashable] = (),
        selected: str = "",
        outline: str | None = AUTO,
        title: str = "",
        size: str | Sizes = "normal",
        **kwargs: Any,
    ) -> None:
        self.sizes = sizes(size)
        self.picture: BoardLayout = board_layout(graph, outline=outline, title=title)
        self._spots: dict[str, str] = {}  # the SVG of the pieces at each place
        super().__init__(_picture=svg_document(self.picture), **kwargs)
        self.on_msg(self._answer)
        self.pieces = list(pieces)
        self.highlight = list(highlight)
        self.selected = selected

    @traitlets.validate("selected")
    def _check_selected(self, proposal: dict[str, Any]) -> str:
        name = proposal["value"]
        if name and name not in self.picture.places:
            raise traitlets.TraitError(f"{name!r} is not a place of this board")
        return str(name)

    @traitlets.validate("pieces")
    def _check_pieces(self, proposal: dict[str, Any]) -> list[Piece]:
        pieces = list(proposal["value"])
        for piece in pieces:
            if not isinstance(piece, Piece):
                raise traitlets.TraitError(f"pieces must be Piece objects, not {piece!r}")
            self._name_of(piece.place)
        return pieces

    @traitlets.validate("highlight")
    def _check_highlight(self, proposal: dict[str, Any]) -> list[str]:
        return [self._name_of(place) for place in proposal["value"]]

    def _name_of(self, place: object) -> str:
        try:
            return self.picture.name_of(place)
        except KitError as error:
            raise traitlets.TraitError(str(error)) from None

    @property
    def _pieces_svg(self) -> str:
        """The pieces layer as one SVG fragment."""
        return "".join(self._spots.values())

    @traitlets.observe("pieces")
    def _draw_pieces(self, change: dict[str, Any]) -> None:
        """Send the places whose pieces changed, and those left without pieces."""
        spots = spots_svg(self.picture, change["new"])
        changed = {place: svg for place, svg in spots.items() if self._spots.get(place) != svg}
        gone = [place for place in self._spots if place not in spots]
        self._spots = spots
        if changed or gone:
            self.send({"spots": changed, "gone": gone})

    def _answer(self, widget: object, content: dict[str, Any], buffers: object) -> None:
        """A new view asks for every place's pieces."""
        if content.get("want") == "pieces":
            self.send({"spots": self._spots, "gone": [], "all": True})

    @traitlets.observe("highlight")
    def _draw_highlight(self, change: dict[str, Any]) -> None:
        self._highlight_svg = highlight_svg(self.picture, change["new"])

    def svg(self) -> str:
        """The picture as it stands (pieces and highlight included), as one SVG text."""
        return svg_document(self.picture, highlight=self._highlight_svg, pieces=self._pieces_svg)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget, with the static picture beside it for where widgets do not run (an
        exported or untrusted notebook)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        svg = self.svg()
        return {**data, "text/html": image_html(svg, svg_label(svg))}, metadata
