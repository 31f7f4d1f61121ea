"""The board picture: one drawing, as SVG, for the board widget and for notebooks' rich display.

A picture has a still part and a moving part. The still part (the land, the routes styled by
transport type, the places with labels that do not overlap, the legend) is laid out once per
board and scale by `board_layout` and drawn by `svg_document`. The moving part (the pieces, a
highlighted route: `kit.widgets.highlight`) is drawn as small SVG fragments that go into two
empty layers of the still part. The widget sends the still part once per zoom and only the
fragments on a change; `kit.widgets.board.board_svg` puts both into one SVG text, which
notebooks show as a picture (exported HTML and untrusted notebooks too). So the browser draws
nothing itself and there is one drawing code.

Sizes are screen pixels. A board's positions are on a canvas of `WIDTH` x `HEIGHT` units (the
land outline's, for a geographic board); the picture is that canvas at a `scale` (pixels per
unit), and only the positions scale: a place's name is 12 pixels high whatever the scale, a
mark 4 to 6 pixels across, a piece 13 (`kit.widgets.sizes`). Zooming in is a larger scale: the
places move apart and every name finds room beside its place."""

from __future__ import annotations

import base64
import html
import json
import math
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import networkx as nx

from kit.core import KitError
from kit.core.board import CANVAS
from kit.widgets.labels import Box, Label, Point, Segment, place_labels, text_width
from kit.widgets.pieces import Piece
from kit.widgets.sizes import NORMAL, PANEL_WIDTH, Sizes, sizes

(WIDTH, HEIGHT), MARGIN = CANVAS, 40
CROWDED = 0.8
"""Below this scale a whole world is drawn small: names stay near their places (`NEAR_LABEL`
pixels at most; else `FAR_LABEL`) and face-down tokens are drawn small, without their letter
(the place's colour and the hover text tell it): zooming in shows the rest."""
NEAR_LABEL, FAR_LABEL = 14.0, 44.0
DATA = Path(__file__).parent / "data"
AUTO = "auto"
FONT = "Arial, 'Liberation Sans', Helvetica, sans-serif"


@dataclass(frozen=True, slots=True)
class RouteStyle:
    """How a transport type is drawn: a colour and a dash pattern, so that readers who do not
    tell the colours apart still tell the types apart."""

    colour: str
    dash: str


# Okabe and Ito's colour-blind-safe colours, each with its own dash pattern.
ROUTE_STYLES = {
    "bus": RouteStyle("#e69f00", ""),
    "train": RouteStyle("#d55e00", "9 3"),
    "ship": RouteStyle("#0072b2", "2 3"),
    "balloon": RouteStyle("#cc79a7", "7 3 1.5 3"),
    "airship": RouteStyle("#009e73", "12 3 2 3 2 3"),
    "secret": RouteStyle("#555555", "1 5"),
}
DEFAULT_STYLE = RouteStyle("#8a7a5c", "")
GROUP_COLOURS = (
    "#4e79a7",
    "#f28e2b",
    "#e15759",
    "#76b7b2",
    "#59a14f",
    "#edc948",
    "#b07aa1",
    "#ff9da7",
    "#9c755f",
    "#bab0ac",
)
HIGHLIGHT = "#c51b7d"


@dataclass(frozen=True, slots=True)
class Outline:
    """The land behind a geographic board, as one SVG path in the board's canvas coordinates,
    with where it comes from (see `data/README.md`)."""

    name: str
    width: int
    height: int
    d: str
    source: str
    licence: str


@cache
def load_outline(name: str) -> Outline:
    """A land outline shipped with the kit: 'world', 'italy' or 'europe'."""
    path = DATA / f"{name}.json"
    if not path.is_file():
        known = sorted(p.stem for p in DATA.glob("*.json"))
        raise KitError(f"no land outline {name!r}; the kit has {', '.join(known)}")
    data = json.loads(path.read_text())
    return Outline(name, data["width"], data["height"], data["d"], data["source"], data["licence"])


@dataclass(frozen=True, slots=True)
class PlaceView:
    """A place as drawn: `name` is the node as text (the `data-node` and `selected` value),
    `text` the name written beside it, `title` the hover text."""

    name: str
    node: Hashable
    x: float
    y: float
    radius: float
    diamond: bool
    fill: str
    text: str
    title: str


@dataclass(frozen=True, slots=True)
class RouteView:
    """One route segment as drawn: SVG path data, its style's key, hover text and the cost
    badge's text and point (empty where none is written)."""

    kind: str
    colour: str
    d: str
    title: str
    cost: str
    middle: Point


@dataclass(frozen=True, slots=True)
class LegendRow:
    """A row of the legend: a route sample (`kind`), a place mark (`mark`), a cost badge
    (`badge`) or coloured dots (`dots`), with its words."""

    text: str
    kind: str = ""
    mark: str = ""
    badge: str = ""
    dots: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Area:
    """A part of the board to zoom to: its name and its box on the board's canvas (units)."""

    name: str
    box: Box


@dataclass(frozen=True, repr=False)
class BoardLayout:
    """Everything the still picture shows, in screen pixels, computed once per board and scale:
    the picture is `width` x `height` pixels, the board's canvas at `scale` pixels per unit
    (`canvas` its size in units), drawn with `sizes`."""

    width: int
    height: int
    scale: float
    canvas: tuple[int, int]
    sizes: Sizes
    outline: Outline | None
    places: dict[str, PlaceView]
    names: dict[Hashable, str]
    routes: list[RouteView]
    crossings: frozenset[frozenset[str]]
    labels: dict[str, Label]
    legend: list[LegendRow]
    legend_box: Box
    title: str
    areas: tuple[Area, ...]
    badges: tuple[Box, ...]

    @property
    def frame(self) -> Box:
        """The whole picture, as a box."""
        return Box(0, 0, self.width, self.height)

    @cached_property
    def occupied(self) -> list[tuple[str, Box]]:
        """What pieces and step numbers had better not cover: every label (by place), the
        legend, the cost badges and every place's mark (by place)."""
        marks = [
            (p.name, Box(p.x - p.radius, p.y - p.radius, p.x + p.radius, p.y + p.radius))
            for p in self.places.values()
        ]
        return [
            *((f"label:{name}", label.box) for name, label in self.labels.items()),
            ("", self.legend_box),
            *(("", badge) for badge in self.badges),
            *marks,
        ]

    def name_of(self, place: object) -> str:
        """The drawn name of a place given as a node or its name; an unknown place is refused
        with the places there are."""
        if isinstance(place, str) and place in self.places:
            return place
        if isinstance(place, Hashable) and place in self.names:
            return self.names[place]
        some = ", ".join(list(self.places)[:8])
        raise KitError(f"{place!r} is not a place of this board (places: {some}, ...)")


def land_of(graph: nx.Graph, outline: str | None = AUTO) -> Outline | None:
    """The land drawn behind `graph`: the one its data names (`outline`, the graph's attribute
    set from its map file; a board of one's own names none) for AUTO, the one given, or none."""
    chosen = graph.graph.get("outline") if outline == AUTO else outline
    return load_outline(chosen) if chosen else None


def canvas_of(graph: nx.Graph, outline: str | None = AUTO) -> tuple[int, int]:
    """The size in units of the canvas `graph`'s positions are drawn on."""
    land = land_of(graph, outline)
    return (land.width, land.height) if land else (WIDTH, HEIGHT)


def still_scale(graph: nx.Graph, outline: str | None = AUTO, width: float = PANEL_WIDTH) -> float:
    """The scale a still picture is drawn at: the board as wide as a notebook's output at the
    reference screen, never wider than its canvas."""
    return min(1.0, width / canvas_of(graph, outline)[0])


def board_layout(
    graph: nx.Graph,
    *,
    outline: str | None = AUTO,
    group: str = "region",
    cost: str = "cost",
    route_colour: Callable[[dict[str, Any]], str] | None = None,
    labels: bool | Iterable[Hashable] = True,
    title: str = "",
    scale: float | None = None,
    size: str | Sizes = NORMAL,
) -> BoardLayout:
    """Lay out a board graph's picture from its data: node `pos` (canvas coordinates), `kind`
    (city, countryside: the mark's shape), `group` (the mark's colour, 'region' by default) and
    `name` (the label, where a node is a code); edge `kind` (transport type: colour and dash),
    `cost` (written on the route where costs differ), `route`, `extra_days` and `crosses_edge`
    (a route leaving one side of a world map and coming back on the other); the graph's
    `regions` (code: name) name the areas to zoom to.

    `outline` names the land drawn behind ('world', 'italy', 'europe'; AUTO takes the one the
    graph's data names, None draws none). Without land, positions are fitted to the canvas.
    `scale` is pixels per canvas unit (by default a still picture's, `still_scale`); `size` the
    sizes ("normal", "large")."""
    chosen = sizes(size)
    land = land_of(graph, outline)
    canvas = (land.width, land.height) if land else (WIDTH, HEIGHT)
    scale = still_scale(graph, outline) if scale is None else scale
    if not (math.isfinite(scale) and scale > 0):
        raise KitError(f"scale {scale!r}: a picture's scale is a positive number")
    width, height = round(canvas[0] * scale), round(canvas[1] * scale)
    raw = _canvas_points(graph, *canvas, fitted=land is None)
    points = {node: (x * scale, y * scale) for node, (x, y) in raw.items()}
    names = {node: str(node) for node in graph.nodes}
    if len(set(names.values())) < len(names):
        raise KitError("two places of the board have the same name as text")
    places = _places(graph, points, names, group, chosen)
    routes, lines, crossings = _routes(graph, points, names, cost, route_colour, width)
    badges = tuple(_badge_box(r.middle, r.cost, chosen) for r in routes if r.cost)
    legend = _legend(graph, places, routes, cost, group)
    title_size = chosen.place + 4
    obstacles = [Box(0, 0, 14 + text_width(title, title_size), title_size + 12)] if title else []
    legend_box = _legend_box(legend, places, lines, width, height, [*obstacles], chosen)
    picked = set(graph.nodes) if labels is True else set(labels or ())
    texts = {names[n]: places[names[n]].text for n in graph.nodes if n in picked}
    placed = place_labels(
        {p.name: (p.x, p.y) for p in places.values()},
        texts,
        {p.name: p.radius for p in places.values()},
        canvas=Box(2, 2, width - 2, height - 2),
        obstacles=[legend_box, *obstacles, *badges],
        lines=lines,
        size=chosen.place,
        reach=FAR_LABEL if scale >= CROWDED else NEAR_LABEL,
    )
    return BoardLayout(
        width, height, scale, canvas, chosen, land, places, names, routes, crossings, placed,
        legend, legend_box, title, _areas(graph, raw), badges,
    )  # fmt: skip


def _canvas_points(
    graph: nx.Graph, width: int, height: int, *, fitted: bool
) -> dict[Hashable, Point]:
    """The nodes' `pos`, as they are on a geographic board, else scaled into the canvas."""
    missing = [node for node, pos in graph.nodes(data="pos") if pos is None]
    if missing:
        raise KitError(f"the board's places need a drawing position 'pos': {missing[:5]} have none")
    raw = {node: (float(pos[0]), float(pos[1])) for node, pos in graph.nodes(data="pos")}
    if not fitted or not raw:
        return raw
    xs, ys = [x for x, _ in raw.values()], [y for _, y in raw.values()]
    spread_x, spread_y = max(xs) - min(xs), max(ys) - min(ys)
    scale = min(
        (width - 2 * MARGIN) / spread_x if spread_x else math.inf,
        (height - 2 * MARGIN) / spread_y if spread_y else math.inf,
    )
    scale = 1.0 if scale == math.inf else scale
    left = (width - spread_x * scale) / 2
    top = (height - spread_y * scale) / 2
    return {
        node: (left + (x - min(xs)) * scale, top + (y - min(ys)) * scale)
        for node, (x, y) in raw.items()
    }


def _areas(graph: nx.Graph, points: Mapping[Hashable, Point]) -> tuple[Area, ...]:
    """The board's named regions (the graph's `regions`: code to name) as boxes on the canvas,
    each with a margin around its places: the parts a reader zooms to."""
    named = graph.graph.get("regions") or {}
    areas = []
    for code, name in named.items():
        here = [points[n] for n, data in graph.nodes(data=True) if data.get("region") == code]
        if here:
            xs, ys = [x for x, _ in here], [y for _, y in here]
            areas.append(
                Area(str(name), Box(min(xs) - 25, min(ys) - 20, max(xs) + 25, max(ys) + 20))
            )
    return tuple(areas)


def _places(
    graph: nx.Graph,
    points: Mapping[Hashable, Point],
    names: Mapping[Hashable, str],
    group: str,
    chosen: Sizes,
) -> dict[str, PlaceView]:
    """Marks sized to the space around each place on the screen (crowded places get small
    marks), shaped by kind (cities round, other places diamonds) and coloured by `group`."""
    groups = sorted({str(data.get(group, "")) for _, data in graph.nodes(data=True)})
    fill = {g: GROUP_COLOURS[i % len(GROUP_COLOURS)] for i, g in enumerate(groups)}
    kinds = {data.get("kind") for _, data in graph.nodes(data=True)}
    places = {}
    for node, data in graph.nodes(data=True):
        x, y = points[node]
        nearest = min(
            (math.hypot(x - ox, y - oy) for other, (ox, oy) in points.items() if other != node),
            default=20.0,
        )
        radius = min(6.0, max(3.5, 0.3 * nearest)) * chosen.scale
        diamond = len(kinds) > 1 and data.get("kind") != "city"
        name = names[node]
        text = str(data["name"]) if isinstance(data.get("name"), str) else name
        details = [name] if text != name else []
        details += [str(data[key]) for key in ("kind",) if data.get(key)]
        if data.get(group) not in (None, "") and group != "kind":
            details.append(f"{group} {data[group]}")
        title = text + (f" ({', '.join(details)})" if details else "")
        places[name] = PlaceView(
            name,
            node,
            round(x, 1),
            round(y, 1),
            round(radius * (0.85 if diamond else 1.0), 1),
            diamond,
            fill[str(data.get(group, ""))],
            text,
            title,
        )
    return places


def _routes(
    graph: nx.Graph,
    points: Mapping[Hashable, Point],
    names: Mapping[Hashable, str],
    cost: str,
    route_colour: Callable[[dict[str, Any]], str] | None,
    width: int,
) -> tuple[list[RouteView], list[Segment], frozenset[frozenset[str]]]:
    """Each edge as a path: straight, bowed apart where two places are joined by several routes,
    or in two pieces leaving by opposite sides where it crosses the map's edge. Costs are written
    only where they differ between routes (a cost every route has says nothing per route)."""
    edges = list(graph.edges(data=True))
    costs = {data.get(cost) for _, _, data in edges}
    write_costs = len(costs - {None}) > 1
    between: dict[frozenset[Hashable], int] = {}
    for u, v, _ in edges:
        between[frozenset((u, v))] = between.get(frozenset((u, v)), 0) + 1
    seen: dict[frozenset[Hashable], int] = {}
    routes, lines, crossings = [], [], set()
    for u, v, data in edges:
        pair = frozenset((u, v))
        index, count = seen.get(pair, 0), between[pair]
        seen[pair] = index + 1
        kind = str(data.get("kind") or "path")
        style = ROUTE_STYLES.get(kind, DEFAULT_STYLE)
        colour = route_colour(data) if route_colour else style.colour
        a, b = points[u], points[v]
        if data.get("crosses_edge"):
            crossings.add(frozenset((names[u], names[v])))
            pieces = across_edge(a, b, width)
            d = "".join(f"M{_n(p[0])} {_n(p[1])}L{_n(q[0])} {_n(q[1])}" for p, q in pieces)
            middle = pieces[0][1]
            lines += pieces
        else:
            bow = (index - (count - 1) / 2) * 6.0
            d, middle = _bowed(a, b, bow)
            lines.append((a, b))
        amount = data.get(cost)
        badge = str(amount) if write_costs and amount not in (None, 0) else ""
        title = _route_title(names[u], names[v], kind, data, cost)
        routes.append(RouteView(kind, colour, d, title, badge, middle))
    return routes, lines, frozenset(crossings)


def _route_title(u: str, v: str, kind: str, data: Mapping[str, Any], cost: str) -> str:
    words = [kind + (f" {data['route']}" if data.get("route") else "") + f": {u} – {v}"]
    if data.get("extra_days"):
        words.append(f"+{data['extra_days']} days")
    if data.get(cost) is not None:
        words.append(f"cost {data[cost]}")
    return ", ".join(words)


def _bowed(a: Point, b: Point, bow: float) -> tuple[str, Point]:
    """A straight line, or a curve bowed `bow` pixels to one side at its middle."""
    (ax, ay), (bx, by) = a, b
    mx, my = (ax + bx) / 2, (ay + by) / 2
    if not bow:
        return f"M{_n(ax)} {_n(ay)}L{_n(bx)} {_n(by)}", (mx, my)
    length = math.hypot(bx - ax, by - ay) or 1.0
    nx_, ny_ = -(by - ay) / length, (bx - ax) / length
    cx, cy = mx + 2 * bow * nx_, my + 2 * bow * ny_
    return f"M{_n(ax)} {_n(ay)}Q{_n(cx)} {_n(cy)} {_n(bx)} {_n(by)}", (
        mx + bow * nx_,
        my + bow * ny_,
    )


def across_edge(a: Point, b: Point, width: float) -> list[Segment]:
    """A route across the map's edge: two lines, each leaving by its side of the map."""
    shift = width if a[0] < b[0] else -width
    return [(a, (b[0] - shift, b[1])), ((a[0] + shift, a[1]), b)]


def _legend(
    graph: nx.Graph,
    places: Mapping[str, PlaceView],
    routes: Sequence[RouteView],
    cost: str,
    group: str,
) -> list[LegendRow]:
    """The legend: every transport type drawn in its own style (a caller who coloured routes
    otherwise knows what the colours mean), the place marks if they differ, the cost badge (or
    the one cost all routes share) and the colours of the groups."""
    restyled = {
        r.kind for r in routes if r.colour != ROUTE_STYLES.get(r.kind, DEFAULT_STYLE).colour
    }
    kinds = list(dict.fromkeys(r.kind for r in routes if r.kind not in restyled))
    ordered = [k for k in ROUTE_STYLES if k in kinds] + [k for k in kinds if k not in ROUTE_STYLES]
    rows = [LegendRow(kind.capitalize(), kind=kind) for kind in ordered]
    marks = {data.get("kind") for _, data in graph.nodes(data=True)} - {None}
    if len(marks) > 1:
        rows += [
            LegendRow(str(kind).capitalize(), mark="circle" if kind == "city" else "diamond")
            for kind in sorted(marks, key=lambda k: (k != "city", str(k)))
        ]
    badges = [r.cost for r in routes if r.cost]
    if badges:
        rows.append(LegendRow("cost of the route", badge=max(badges, key=lambda b: (len(b), b))))
    else:
        shared = {data.get(cost) for *_, data in graph.edges(data=True)} - {None}
        if len(shared) == 1:
            rows.append(LegendRow(f"cost {shared.pop()} on every route"))
    colours = dict.fromkeys(
        (str(graph.nodes[p.node].get(group, "")), p.fill) for p in places.values()
    )
    if 1 < len(colours) <= len(GROUP_COLOURS) and group != "kind":
        rows.append(LegendRow(group, dots=tuple(sorted(colours))))
    elif 1 < len(colours) <= len(GROUP_COLOURS):
        rows.append(LegendRow("", dots=tuple(sorted(colours))))
    return rows


SAMPLE = 34.0


def _row_height(chosen: Sizes) -> float:
    return chosen.text + 5


def _legend_size(rows: Sequence[LegendRow], chosen: Sizes) -> tuple[float, float]:
    size, widths = chosen.text, []
    for row in rows:
        if row.dots:
            dots = sum(14 + text_width(text, size) for text, _ in row.dots)
            widths.append(text_width(row.text, size) + 6 + dots)
        else:
            widths.append(SAMPLE + 6 + text_width(row.text, size))
    return max(widths, default=0) + 12, len(rows) * _row_height(chosen) + 8


def _legend_box(
    rows: Sequence[LegendRow],
    places: Mapping[str, PlaceView],
    lines: Sequence[Segment],
    width: int,
    height: int,
    obstacles: Sequence[Box],
    chosen: Sizes,
) -> Box:
    """The corner where the legend hides fewest places and routes."""
    w, h = _legend_size(rows, chosen)
    if not rows:
        return Box(0, 0, 0, 0)
    corners = [Box(x, y, x + w, y + h) for y in (height - h - 4, 4.0) for x in (4.0, width - w - 4)]

    def hidden(box: Box) -> tuple[int, int]:
        marks = sum(
            1 for p in places.values() if box.overlaps(Box(p.x - 12, p.y - 8, p.x + 12, p.y + 8))
        )
        marks += sum(1 for o in obstacles if box.overlaps(o))
        return marks, sum(box.cuts(line) for line in lines)

    return min(corners, key=hidden)


def _n(value: float) -> str:
    """A coordinate in SVG text: one decimal at most."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


# -- drawing ------------------------------------------------------------------------------------


def svg_document(
    layout: BoardLayout, *, highlight: str = "", pieces: str = "", covered: Iterable[str] = ()
) -> str:
    """The whole picture as SVG text, `layout.width` x `layout.height` pixels; `highlight` and
    `pieces` are fragments (`kit.widgets.highlight.highlight_svg`, `pieces_svg`: the widget
    leaves them empty and fills the two layers); the labels of the places `covered` by pieces
    are left out (see `spots_svg`)."""
    w, h = layout.width, layout.height
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="kit-map" viewBox="0 0 {w} {h}" '
        f'width="{w}" height="{h}" font-family="{FONT}" font-size="{_n(layout.sizes.place)}" '
        f'role="img" aria-label="{_e(layout.title or "board map")}">'
    ]
    if layout.outline:
        parts.append(f'<rect width="{w}" height="{h}" fill="#dce9f2"/>')
        parts.append(
            f'<path class="land" d="{layout.outline.d}" transform="scale({layout.scale:.4g})" '
            'fill="#f1ebdc" stroke="#c9bd9f" stroke-width="0.7" '
            'vector-effect="non-scaling-stroke"/>'
        )
    else:
        parts.append(f'<rect width="{w}" height="{h}" fill="#f7f5ef"/>')
    parts.append(_routes_svg(layout))
    parts.append(_hits_svg(layout))
    parts.append(_places_svg(layout, frozenset(covered)))
    parts.append(_legend_svg(layout))
    if layout.title:
        size = layout.sizes.place + 4
        parts.append(
            f'<text x="8" y="{_n(size + 6)}" font-size="{_n(size)}" font-weight="bold">'
            f"{_e(layout.title)}</text>"
        )
    parts.append(
        f'<g class="kit-highlight">{highlight}</g><g class="kit-pieces" '
        f'font-size="{_n(SIZE)}" font-weight="bold" text-anchor="middle" fill="#111" '
        f'stroke-width="0.8">{pieces}</g>'
    )
    parts.append("</svg>")
    return "".join(parts)


def _routes_svg(layout: BoardLayout) -> str:
    by_style: dict[tuple[str, str], list[RouteView]] = {}
    for route in layout.routes:
        by_style.setdefault((route.kind, route.colour), []).append(route)
    stroke = 2 * layout.sizes.scale
    parts = [f'<g class="routes" fill="none" stroke-width="{_n(stroke)}" stroke-linecap="round">']
    for (kind, colour), routes in by_style.items():
        dash = ROUTE_STYLES.get(kind, DEFAULT_STYLE).dash
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<g class="route-{_e(kind)}" stroke="{colour}"{dash_attr}>')
        parts += [f'<path d="{r.d}"><title>{_e(r.title)}</title></path>' for r in routes]
        parts.append("</g>")
    parts.append("</g>")
    badges = [r for r in layout.routes if r.cost]
    if badges:
        parts.append('<g class="costs">')
        parts += [_badge(r.middle, r.cost, layout.sizes) for r in badges]
        parts.append("</g>")
    return "".join(parts)


def _badge_radius(text: str, chosen: Sizes) -> float:
    return max(chosen.text * 0.62, text_width(text, chosen.text) / 2 + 2.5)


def _badge_box(point: Point, text: str, chosen: Sizes) -> Box:
    r = _badge_radius(text, chosen)
    return Box(point[0] - r, point[1] - r, point[0] + r, point[1] + r)


def _badge(point: Point, text: str, chosen: Sizes) -> str:
    """A cost written in a coin."""
    x, y = point
    r = _badge_radius(text, chosen)
    return (
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="#f6d365" stroke="#8a6d00" '
        f'stroke-width="0.8"/><text x="{_n(x)}" y="{_n(y + chosen.text * 0.36)}" fill="#3d3000" '
        f'font-size="{_n(chosen.text)}" font-weight="bold" text-anchor="middle">{_e(text)}</text>'
    )


def _mark(place: PlaceView) -> str:
    x, y, r = place.x, place.y, place.radius
    if place.diamond:
        return (
            f'<path class="mark" d="M{_n(x)} {_n(y - r)}l{_n(r)} {_n(r)} {_n(-r)} {_n(r)} '
            f'{_n(-r)} {_n(-r)}z" fill="{place.fill}" stroke="#333" stroke-width="0.8"/>'
        )
    return (
        f'<circle class="mark" cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{place.fill}" '
        'stroke="#333" stroke-width="0.8"/>'
    )


def _hits_svg(layout: BoardLayout) -> str:
    """Under the places, a disc around each one as wide as a finger's tap (`sizes.target`), so
    that a small mark is easy to click; the marks lie on top, so a click on a mark is its own."""
    r = layout.sizes.target / 2
    parts = ['<g class="hits" fill="transparent">']
    parts += [
        f'<circle data-node="{_e(name)}" cx="{_n(p.x)}" cy="{_n(p.y)}" r="{_n(r)}">'
        f"<title>{_e(p.title)}</title></circle>"
        for name, p in layout.places.items()
    ]
    parts.append("</g>")
    return "".join(parts)


def _places_svg(layout: BoardLayout, covered: frozenset[str] = frozenset()) -> str:
    parts = ['<g class="places">']
    for name, place in layout.places.items():
        parts.append(
            f'<g class="place" data-node="{_e(name)}" tabindex="0"><title>{_e(place.title)}</title>'
        )
        parts.append(_mark(place))
        label = layout.labels.get(name)
        if label is not None and name not in covered:
            if label.leader:
                (ax, ay), (bx, by) = label.leader
                parts.append(
                    f'<path d="M{_n(ax)} {_n(ay)}L{_n(bx)} {_n(by)}" stroke="#555" '
                    'stroke-width="0.6"/>'
                )
            parts.append(
                f'<text x="{_n(label.x)}" y="{_n(label.y)}" textLength="{_n(label.width)}" '
                f'lengthAdjust="spacingAndGlyphs">{_e(label.text)}</text>'
            )
        parts.append("</g>")
    parts.append("</g>")
    return "".join(parts)


def _legend_svg(layout: BoardLayout) -> str:
    if not layout.legend:
        return ""
    box, chosen = layout.legend_box, layout.sizes
    size, row_height = chosen.text, _row_height(chosen)
    parts = [
        f'<g class="legend" font-size="{_n(size)}" transform="translate({_n(box.x0)} '
        f'{_n(box.y0)})"><rect width="{_n(box.x1 - box.x0)}" height="{_n(box.y1 - box.y0)}" '
        'rx="3" fill="#ffffff" fill-opacity="0.9" stroke="#aaa" stroke-width="0.6"/>'
    ]
    baseline = size * 0.36
    for i, row in enumerate(layout.legend):
        y = 4 + row_height * i + row_height / 2
        text_x = 6 + SAMPLE + 6
        if row.kind:
            style = ROUTE_STYLES.get(row.kind, DEFAULT_STYLE)
            dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
            parts.append(
                f'<path d="M6 {_n(y)}h{_n(SAMPLE)}" stroke="{style.colour}" stroke-width="2.5"'
                f'{dash} stroke-linecap="round"/>'
            )
        elif row.mark:
            sample = PlaceView(
                "", "", 6 + SAMPLE / 2, y, 5 * chosen.scale, row.mark == "diamond", "#fff", "", ""
            )
            parts.append(_mark(sample))
        elif row.badge:
            parts.append(_badge((6 + SAMPLE / 2, y), row.badge, chosen))
        elif row.dots:
            text_x = 6.0
            if row.text:
                parts.append(f'<text x="6" y="{_n(y + baseline)}">{_e(row.text)}</text>')
                text_x += text_width(row.text, size) + 6
            for label, colour in row.dots:
                parts.append(
                    f'<circle cx="{_n(text_x + 5)}" cy="{_n(y)}" r="5" fill="{colour}" '
                    f'stroke="#333" stroke-width="0.6"/><text x="{_n(text_x + 12)}" '
                    f'y="{_n(y + baseline)}">{_e(label)}</text>'
                )
                text_x += 14 + text_width(label, size)
            continue
        else:
            text_x = 6.0
        parts.append(f'<text x="{_n(text_x)}" y="{_n(y + baseline)}">{_e(row.text)}</text>')
    parts.append("</g>")
    return "".join(parts)


# -- pieces -------------------------------------------------------------------------------------

SIZE = 11.0  # a piece's label, as any text but a place's name (`kit.widgets.sizes`)
MARK_SIZE = SIZE  # a piece's sign at its upper right
GLYPH = 15.0  # the width a piece's shape takes in its row
PIECE_GAP = 2.0
PIECE_COLOURS = {
    "pawn": "#4e79a7",
    "token": "#c8a46e",
    "marker": "#9aa3ad",
    "flag": "#d62728",
    "traveller": "#f0c330",
    "disc": "#ffffff",
}


def _star(r: float) -> str:
    """A five-pointed star of radius `r` around the origin."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 5 * i - math.pi / 2
        points.append(f"{_n(radius * math.cos(angle))} {_n(radius * math.sin(angle))}")
    return "M" + "L".join(points) + "Z"


# Each kind's shape around the origin at the normal size, filled with the piece's colour ({}); a
# piece is moved into place (and scaled for a larger size) as a whole, so these stay the same
# for every piece of a kind and an update stays small. A pawn's radius and a flag's half-height
# are `SHAPE_RADIUS`, which a drawing of another size scales from.
SHAPE_RADIUS = 7.5
SHAPES = {
    "pawn": '<circle r="7.5" fill="{}" stroke="#fff" stroke-width="1.2"/>',
    "token": '<rect x="-6.75" y="-6.75" width="13.5" height="13.5" rx="2.5" fill="{}" '
    'stroke="#222"/>',
    "marker": '<path d="M0 -7.5l7.5 7.5 -7.5 7.5 -7.5 -7.5z" fill="{}" stroke="#222"/>',
    "flag": '<path d="M-4.5 7.5V-7.5l10.5 3.75 -10.5 3.75" fill="{}" stroke="#222"/>',
    "traveller": f'<path d="{_star(8.25)}" fill="{{}}" stroke="#222"/>',
    "disc": '<circle r="6.75" fill="{}" stroke="#222"/>',
}
SMALL_TOKEN = '<rect x="-4.5" y="-4.5" width="9" height="9" rx="2" fill="{}" stroke="#222"/>'
"""A face-down token on a crowded map (see `CROWDED`): its letter is the place's region."""
ON_SHAPE = {"pawn": 12.0, "token": 11.0, "marker": 9.0, "disc": 10.0}
"""The widest label written on a piece of each kind; a longer one is written beside it."""


@dataclass(frozen=True)
class Spots:
    """The pieces as drawn: the SVG group of each place's pieces (`svg`, by place, in the order
    the places come first in the pieces), the box each row takes (`boxes`), and the places
    whose labels the pieces cover (`covered`: their labels are hidden)."""

    svg: dict[str, str]
    boxes: dict[str, Box]
    covered: set[str]


def pieces_svg(layout: BoardLayout, pieces: Sequence[Piece]) -> str:
    """The pieces, in a row beside each place (see `spots_svg`), as one SVG fragment."""
    return "".join(spots_svg(layout, pieces).svg.values())


def spots_svg(layout: BoardLayout, pieces: Sequence[Piece]) -> Spots:
    """The pieces at each place, in a row beside it, at the first spot around it (then a
    little further out, with a thin line to the place) that covers no label, no mark, no other
    place's pieces and nothing drawn on the map; where there is none, the spot that covers
    fewest labels, and those labels are hidden: no label lies under a piece. The row lies over
    an invisible spot on the place itself, with the place's `data-node` and a hover text that
    says what lies there: hovering or clicking the place or any of its pieces tells and
    selects the place. One group per place lets the widget send only the places whose pieces
    changed. Rows are placed in the board's order of places, so a place's row moves only when
    a row placed before it does."""
    at: dict[str, list[Piece]] = {}
    for piece in pieces:
        at.setdefault(layout.name_of(piece.place), []).append(piece)
    boxes: dict[str, Box] = {}
    covered: set[str] = set()
    drawn: dict[str, str] = {}
    small = layout.scale < CROWDED
    for name in (n for n in layout.places if n in at):
        place, here = layout.places[name], at[name]
        widths = [_piece_width(p, small) * layout.sizes.scale for p in here]
        width = sum(widths) + PIECE_GAP * (len(widths) - 1)
        (x, y), leader, hides = _row_spot(layout, place, width, list(boxes.values()))
        covered |= hides
        boxes[name] = _row_box(x, y, width, layout.sizes)
        what = "; ".join(p.description for p in here)
        parts = [
            f'<g class="spot" data-node="{_e(name)}"><title>{_e(place.text)}: {_e(what)}</title>'
            f'<circle cx="{_n(place.x)}" cy="{_n(place.y)}" r="{_n(place.radius + 2)}" '
            'opacity="0"/>'
        ]
        if leader:
            (ax, ay), (bx, by) = leader
            parts.append(
                f'<path class="leader" d="M{_n(ax)} {_n(ay)}L{_n(bx)} {_n(by)}" stroke="#333" '
                'stroke-width="0.8"/>'
            )
        for piece, piece_width in zip(here, widths, strict=True):
            parts.append(_piece(piece, x, y, layout.sizes.scale, small))
            x += piece_width + PIECE_GAP
        parts.append("</g>")
        drawn[name] = "".join(parts)
    return Spots({name: drawn[name] for name in at}, boxes, covered)


def _row_box(x: float, y: float, width: float, chosen: Sizes) -> Box:
    half = 8 * chosen.scale
    return Box(x, y - half, x + width, y + half)


def _row_spot(
    layout: BoardLayout, place: PlaceView, width: float, rows: Sequence[Box]
) -> tuple[Point, Segment | None, set[str]]:
    """Where a row of pieces `width` long goes beside `place`: its left end and middle height,
    the leader line to it (None beside the place) and the labels it covers."""
    r, half = place.radius, 8 * layout.sizes.scale
    around = layout.occupied
    first = None
    for ring in (0.0, 10.0, 22.0):
        spots = [
            (place.x - width / 2, place.y + r + half + 2 + ring),
            (place.x - width / 2, place.y - r - half - 2 - ring),
            (place.x + r + 3 + ring, place.y),
            (place.x - r - 3 - ring - width, place.y),
        ]
        for x, y in spots:
            box = _row_box(x, y, width, layout.sizes)
            if not (
                box.x0 >= 0 and box.x1 <= layout.width and 0 <= box.y0 <= box.y1 <= layout.height
            ):
                continue
            hit = [key for key, other in around if key != place.name and other.overlaps(box)]
            if not hit and not any(row.overlaps(box) for row in rows):
                leader = _leader(place, box) if ring else None
                return (x, y), leader, set()
            labels = {key.removeprefix("label:") for key in hit if key.startswith("label:")}
            if first is None or len(labels) < len(first[1]):
                first = ((x, y), labels)
    if first is None:  # no spot inside the picture at all: below the place
        return (place.x - width / 2, place.y + r + half + 2), None, set()
    return first[0], None, first[1]


def _leader(place: PlaceView, box: Box) -> Segment:
    """A thin line from a place's mark to the nearest point of a row set further out."""
    x, y = min(max(place.x, box.x0), box.x1), min(max(place.y, box.y0), box.y1)
    length = math.hypot(x - place.x, y - place.y) or 1.0
    start = (
        place.x + (x - place.x) / length * place.radius,
        place.y + (y - place.y) / length * place.radius,
    )
    return start, (x, y)


def _beside(piece: Piece) -> bool:
    """Whether a piece's label is written beside it rather than on it."""
    if piece.kind in ("flag", "traveller"):
        return bool(piece.label)
    return text_width(piece.label, SIZE) > ON_SHAPE.get(piece.kind, 0.0)


def _piece_width(piece: Piece, small: bool = False) -> float:
    """The width a piece takes in its row at the normal size (`small`: on a crowded map)."""
    if piece.kind == "note":
        return text_width(piece.label, SIZE) * 1.05
    if small and piece.kind == "token":
        return 10 + (text_width(piece.mark, MARK_SIZE) if piece.mark else 0)
    beside = text_width(piece.label, SIZE) + 3 if _beside(piece) else 0
    return GLYPH + beside + (text_width(piece.mark, MARK_SIZE) if piece.mark else 0)


def _piece(piece: Piece, left: float, y: float, scale: float = 1.0, small: bool = False) -> str:
    """One piece's glyph, its left edge at `left`, centred on `y`; a label that fits is written
    on it, a longer one beside it; `scale` draws it larger (the large size); `small` draws a
    face-down token small, without its letter, for a crowded map."""
    grow = f" scale({scale:.4g})" if scale != 1 else ""
    if small and piece.kind == "token":
        colour = piece.colour or PIECE_COLOURS["token"]
        sign = (
            f'<text class="sign" x="4" y="-2" font-size="{_n(MARK_SIZE)}" text-anchor="start">'
            f"{_e(piece.mark)}</text>"
            if piece.mark
            else ""
        )
        return (
            f'<g class="token" transform="translate({_n(left + 5 * scale)} {_n(y)}){grow}">'
            f"{SMALL_TOKEN.format(colour)}{sign}</g>"
        )
    if piece.kind == "note":
        return (
            f'<g class="note" transform="translate({_n(left)} {_n(y)}){grow}">'
            f'<text y="{_n(SIZE * 0.36)}" font-size="{_n(SIZE)}" fill="#b2182b" '
            f'text-anchor="start">{_e(piece.label)}</text></g>'
        )
    colour = piece.colour or PIECE_COLOURS[piece.kind]
    parts = [
        f'<g class="{piece.kind}" transform="translate({_n(left + GLYPH / 2 * scale)} {_n(y)})'
        f'{grow}">' + SHAPES[piece.kind].format(colour)
    ]
    if piece.label and _beside(piece):
        parts.append(
            f'<text x="{_n(GLYPH / 2 + 1)}" y="{_n(SIZE * 0.36)}" text-anchor="start">'
            f"{_e(piece.label)}</text>"
        )
    elif piece.label:
        parts.append(
            f'<text y="{_n(SIZE * 0.36)}" fill="{ink_on(colour)}">{_e(piece.label)}</text>'
        )
    if piece.mark:
        parts.append(
            f'<text class="sign" x="{_n(GLYPH / 2 - 2)}" y="-3" font-size="{_n(MARK_SIZE)}" '
            f'text-anchor="start">{_e(piece.mark)}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def ink_on(colour: str) -> str:
    """The text colour that reads best on `colour` (`#rrggbb`): white or black, whichever has
    the larger contrast ratio (WCAG). Black, not `INK`: on the players' purple (#9467bd) white
    reaches 4.3:1 and `INK` 3.7:1, black 4.9:1."""
    on = luminance(colour)
    return "#fff" if 1.05 / (on + 0.05) > (on + 0.05) / 0.05 else "#000"


def luminance(colour: str) -> float:
    """A `#rgb` or `#rrggbb` colour's relative luminance (WCAG 2)."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


# -- pictures in a notebook ---------------------------------------------------------------------


def image_html(svg: str, alt: str, width: float | None = None) -> str:
    """`svg` as an HTML `<img>` of the SVG as data, `width` pixels wide at most (by default the
    picture's own width). Why not inline SVG or `image/svg+xml`: the sanitiser of an untrusted
    notebook in JupyterLab drops both (SVG can carry scripts) but keeps images, so this is the
    one form that shows whether or not a notebook is trusted, in exported HTML and in Voila."""
    if width is None:
        box = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"', svg)
        width = float(box.group(1)) if box else None
    data = base64.b64encode(svg.encode()).decode()
    wide = f' width="{round(width)}"' if width else ""
    return (
        f'<img src="data:image/svg+xml;base64,{data}"{wide} '
        f'style="max-width:100%;height:auto" alt="{html.escape(alt)}">'
    )


def svg_label(svg: str) -> str:
    """What `svg` shows, from its `aria-label` (every picture of the kit has one)."""
    title = re.search(r'aria-label="([^"]*)"', svg)
    return html.unescape(title.group(1)) if title else "a picture"


class SVG(str):
    """SVG text that a notebook shows as a picture (as an image, `image_html`, so that it shows
    in untrusted notebooks and exported HTML too) and that works as a plain string everywhere
    else."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return image_html(self, svg_label(self))

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(f"<board picture, {len(self) / 1000:.1f} KB of SVG>")
