"""The board widget: any game's map in a notebook or a Voila page, with clickable places, zoom
and pan; and `board_svg`, the same picture as static SVG.

The picture is drawn in Python (`kit.widgets.picture`) and sent once per zoom; a click on a place
comes back as the `selected` trait; pieces and a highlighted route are drawn in Python too: the
highlight as one small SVG fragment (`kit.widgets.highlight`), the pieces place by place, and
only the places whose pieces changed are sent (a custom message; a new view asks for all of
them), so an update costs a few kilobytes and the browser code stays short (`board.js`). The ES
module and its CSS are files of the package: no CDN, works offline.

Zoom: the browser says how wide the board is on the page (`_width`); the whole board is drawn
that wide (`zoom` 1), or `zoom` times wider inside a view of the same size that the reader pans
by dragging (or scrolling). The buttons above the map zoom in and out, show the whole board, or
zoom to one of its regions (Europe on the world map); Ctrl and the mouse wheel zoom where the
pointer is. Each zoom lays the picture out again at its scale, so names stay 12 pixels high
and the places move apart until every name has room."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import networkx as nx
import traitlets

from kit.core import KitError
from kit.widgets.highlight import Route, highlight
from kit.widgets.labels import Box
from kit.widgets.picture import (
    AUTO,
    SVG,
    BoardLayout,
    board_layout,
    canvas_of,
    image_html,
    spots_svg,
    svg_document,
    svg_label,
)
from kit.widgets.pieces import Piece
from kit.widgets.sizes import Sizes, sizes

WIDTH = 600
"""How wide a board is drawn until its page says (a map beside the buttons at the reference
screen)."""
MOST_SCALE = 8.0  # pixels per canvas unit: the closest zoom
STEP = 1.6  # one click of the zoom buttons


class Board(anywidget.AnyWidget):
    """A board map: `Board(game.board())` for any game of the kit.

    - `selected`: the name of the place last clicked ("" for none); set it from Python to mark a
      place, observe it to react to clicks;
    - `pieces`: a list of `Piece`s drawn beside their places (pawns, face-down tokens, markers,
      checkpoint flags, Famous Travellers, Day discs, notes);
    - `highlight`: a route or plan drawn on top with step numbers: a list of places in order, or
      a `kit.widgets.highlight.Route` (the places passed, where each step ends, the current one);
    - `zoom`: 1 shows the whole board; `zoom_in()`, `zoom_out()`, `zoom_to("Europe")`;
    - `size`: "normal", or "large" for a large room (`kit.widgets.sizes`).

    `board.picture` is the layout as drawn now (places, labels, routes, legend, areas) and
    `board.svg()` the picture as it stands, as static SVG."""

    _esm = Path(__file__).parent / "board.js"
    _css = Path(__file__).parent / "board.css"

    selected = traitlets.Unicode("").tag(sync=True)
    pieces: traitlets.List[Piece] = traitlets.List()
    highlight = traitlets.Any([])
    zoom = traitlets.Float(1.0).tag(sync=True)
    _width = traitlets.Int(WIDTH).tag(sync=True)
    _center = traitlets.List(traitlets.Float(), []).tag(sync=True)
    _view = traitlets.Dict().tag(sync=True)
    _picture = traitlets.Unicode("").tag(sync=True)
    _highlight_svg = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        graph: nx.Graph,
        *,
        pieces: Iterable[Piece] = (),
        highlight: Sequence[Hashable] | Route = (),
        selected: str = "",
        outline: str | None = AUTO,
        title: str = "",
        size: str | Sizes = "normal",
        **kwargs: Any,
    ) -> None:
        self.graph = graph
        self.sizes = sizes(size)
        self._outline, self._title = outline, title
        self.canvas = canvas_of(graph, outline)
        self._layouts: dict[float, BoardLayout] = {}
        self.picture = self._layout_at(self._fit())
        self._spots: dict[str, str] = {}  # the SVG of the pieces at each place
        self._covered: set[str] = set()  # the places whose labels the pieces cover
        self._under_highlight: set[str] = set()  # ... and those the step badges cover
        self._sent_covered: list[str] = []  # the labels the browser hides
        super().__init__(**kwargs)
        self._show_picture()
        self.on_msg(self._answer)
        self.pieces = list(pieces)
        self.highlight = highlight if isinstance(highlight, Route) else list(highlight)
        self.selected = selected

    # --- what is drawn ---------------------------------------------------------------------
    def _fit(self) -> float:
        """The scale that shows the whole board as wide as it is on the page."""
        return max(1, self._width) / self.canvas[0]

    def _layout_at(self, scale: float) -> BoardLayout:
        key = float(f"{scale:.3g}")
        if key not in self._layouts:
            self._layouts[key] = board_layout(
                self.graph, outline=self._outline, title=self._title, scale=key, size=self.sizes
            )
        return self._layouts[key]

    def _show_picture(self) -> None:
        fit = self._fit()
        with self.hold_sync():
            self._picture = svg_document(self.picture)
            self._view = {
                "width": round(self.canvas[0] * fit),
                "height": round(self.canvas[1] * fit),
                "scale": self.picture.scale,
                "areas": [
                    [a.name, a.box.x0, a.box.y0, a.box.x1, a.box.y1] for a in self.picture.areas
                ],
            }

    @traitlets.observe("zoom", "_width")
    def _relayout(self, change: dict[str, Any]) -> None:
        """Lay the picture out again at the new scale, and everything on it."""
        self.picture = self._layout_at(self._fit() * self.zoom)
        self._show_picture()
        self._spots, self._covered, self._sent_covered = {}, set(), []
        self._draw_highlight()
        self._draw_pieces({"new": self.pieces})

    @traitlets.validate("zoom")
    def _check_zoom(self, proposal: dict[str, Any]) -> float:
        zoom = float(proposal["value"])
        if not math.isfinite(zoom):
            raise traitlets.TraitError(f"zoom {zoom!r}: a zoom is a number from 1")
        return min(max(1.0, zoom), max(1.0, MOST_SCALE / self._fit()))

    def zoom_in(self) -> None:
        self.zoom = self.zoom * STEP

    def zoom_out(self) -> None:
        self.zoom = self.zoom / STEP

    def zoom_to(self, area: str) -> None:
        """Zoom so that one of the board's regions fills the view ("" or "all": the whole
        board); an unknown one is refused with those there are."""
        if area in ("", "all"):
            with self.hold_sync():
                self._center = []
                self.zoom = 1.0
            return
        boxes = {a.name: a.box for a in self.picture.areas}
        if area not in boxes:
            there = ", ".join(boxes) or "none"
            raise KitError(f"no region {area!r} on this board to zoom to; its regions: {there}")
        box = boxes[area]
        wide, high = self.canvas
        with self.hold_sync():
            self._center = [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2]
            self.zoom = min(wide / (box.x1 - box.x0), high / (box.y1 - box.y0))

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
    def _check_highlight(self, proposal: dict[str, Any]) -> list[str] | Route:
        value = proposal["value"]
        if isinstance(value, Route):
            for place in value.places:
                self._name_of(place)
            return value
        if isinstance(value, str) or not isinstance(value, Iterable):
            raise traitlets.TraitError(f"highlight is a list of places or a Route, not {value!r}")
        return [self._name_of(place) for place in value]

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
        """Send the places whose pieces changed, those left without pieces, and the labels the
        pieces cover."""
        drawn = spots_svg(self.picture, change["new"])
        spots = drawn.svg
        changed = {place: svg for place, svg in spots.items() if self._spots.get(place) != svg}
        gone = [place for place in self._spots if place not in spots]
        self._spots, self._covered = spots, drawn.covered
        if changed or gone:
            self.send({"spots": changed, "gone": gone})
        self._cover()

    def _answer(self, widget: object, content: dict[str, Any], buffers: object) -> None:
        """A new view asks for every place's pieces; the zoom buttons ask for a zoom."""
        if content.get("want") == "pieces":
            covered = sorted(self._covered | self._under_highlight)
            self.send({"spots": self._spots, "gone": [], "covered": covered, "all": True})
        elif content.get("zoom") in ("in", "out"):
            self.zoom_in() if content["zoom"] == "in" else self.zoom_out()
        elif isinstance(content.get("zoom"), str):
            with contextlib.suppress(KitError):  # an area of an older picture: nothing to do
                self.zoom_to(content["zoom"])
        elif isinstance(content.get("wheel"), list):
            self._wheel(*content["wheel"])

    def _wheel(self, factor: float, x: float, y: float, dx: float, dy: float) -> None:
        """Ctrl and the wheel: zoom by `factor`, the canvas point (`x`, `y`) staying under the
        pointer, which is (`dx`, `dy`) pixels from the view's middle."""
        if not all(math.isfinite(v) for v in (factor, x, y, dx, dy)) or factor <= 0:
            return
        zoom = self._check_zoom({"value": self.zoom * factor})
        scale = self._fit() * zoom
        with self.hold_sync():
            self._center = [x - dx / scale, y - dy / scale]
            self.zoom = zoom

    @traitlets.observe("highlight")
    def _draw_highlight(self, change: object = None) -> None:
        drawn = highlight(self.picture, self.highlight)
        self._under_highlight = set(drawn.covered)
        self._highlight_svg = drawn.svg
        self._cover()

    def _cover(self) -> None:
        """Send the labels the pieces and the step badges cover, when they change."""
        covered = sorted(self._covered | self._under_highlight)
        if covered != self._sent_covered:
            self._sent_covered = covered
            self.send({"covered": covered})

    def svg(self) -> str:
        """The picture as it stands (pieces and highlight included), as one SVG text."""
        return svg_document(
            self.picture,
            highlight=self._highlight_svg,
            pieces=self._pieces_svg,
            covered=self._covered | self._under_highlight,
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget, with the static picture beside it for where widgets do not run (an
        exported or untrusted notebook)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        svg = self.svg()
        return {**data, "text/html": image_html(svg, svg_label(svg))}, metadata


def _corners(box: Box) -> list[float]:
    return [box.x0, box.y0, box.x1, box.y1]


def board_svg(
    graph: nx.Graph,
    *,
    path: Sequence[Hashable] | Route = (),
    pieces: Sequence[Piece] = (),
    marks: Mapping[Hashable, str] | None = None,
    labels: bool | Iterable[Hashable] = True,
    group: str = "region",
    edge_colour: Any = None,
    edge_label: str = "cost",
    outline: str | None = AUTO,
    title: str = "",
    size: str | Sizes = "normal",
    scale: float | None = None,
) -> SVG:
    """The board as one SVG picture: its map (see `kit.widgets.picture.board_layout`), `path`
    drawn on top with step numbers, and `pieces`. `marks` writes a short text beside chosen
    places (a score, a day); `labels` names every place or only those given; `group` names the
    node attribute that colours the places; `edge_colour` maps a route's data to its colour;
    `edge_label` names the edge attribute written on routes where it differs; `scale` is
    pixels per canvas unit (by default as wide as a notebook's output)."""
    layout = board_layout(
        graph,
        outline=outline,
        group=group,
        cost=edge_label,
        route_colour=edge_colour,
        labels=labels,
        title=title,
        scale=scale,
        size=size,
    )
    notes = [Piece(layout.name_of(place), "note", text) for place, text in (marks or {}).items()]
    drawn = spots_svg(layout, [*pieces, *notes])
    route = highlight(layout, path)
    return SVG(
        svg_document(
            layout,
            highlight=route.svg,
            pieces="".join(drawn.svg.values()),
            covered=drawn.covered | route.covered,
        )
    )


__all__ = ["Board", "Route", "board_svg"]
