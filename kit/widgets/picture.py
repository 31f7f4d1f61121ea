"""The board picture: one drawing, as SVG, for the board widget and for notebooks' rich display.

A picture has a still part and a moving part. The still part (the land, the routes styled by
transport type, the places with labels that do not overlap, the legend) is laid out once per
board by `board_layout` and drawn by `svg_document`. The moving part (the pieces, a highlighted
route) is drawn by `pieces_svg` and `highlight_svg` as small SVG fragments that go into two empty
layers of the still part. The widget sends the still part once and only the fragments on a change;
`board_svg` puts both into one SVG text, which notebooks show as a picture (exported HTML and
untrusted notebooks too). So the browser draws nothing itself and there is one drawing code."""

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
from kit.widgets.labels import FONT_SIZE, Box, Label, Point, Segment, place_labels, text_width
from kit.widgets.pieces import Piece

WIDTH, HEIGHT, MARGIN = 1000, 600, 40
DATA = Path(__file__).parent / "data"
AUTO = "auto"
# The land drawn behind each geographic board, by the board graph's name.
OUTLINES = {
    "The Amazing Journey (regular)": "world",
    "The Amazing Journey (fast)": "world",
    "Italy": "italy",
    "four_weeks": "europe",
}
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


@dataclass(frozen=True, repr=False)
class BoardLayout:
    """Everything the still picture shows, in canvas coordinates, computed once per board."""

    width: int
    height: int
    outline: Outline | None
    places: dict[str, PlaceView]
    names: dict[Hashable, str]
    routes: list[RouteView]
    crossings: frozenset[frozenset[str]]
    labels: dict[str, Label]
    legend: list[LegendRow]
    legend_box: Box
    title: str

    @cached_property
    def occupied(self) -> list[tuple[str, Box]]:
        """What pieces had better not cover: every label, and every place's mark (by place)."""
        marks = [
            (p.name, Box(p.x - p.radius, p.y - p.radius, p.x + p.radius, p.y + p.radius))
            for p in self.places.values()
        ]
        return [("", label.box) for label in self.labels.values()] + marks

    def name_of(self, place: object) -> str:
        """The drawn name of a place given as a node or its name; an unknown place is refused
        with the places there are."""
        if isinstance(place, str) and place in self.places:
            return place
        if isinstance(place, Hashable) and place in self.names:
            return self.names[place]
        some = ", ".join(list(self.places)[:8])
        raise KitError(f"{place!r} is not a place of this board (places: {some}, ...)")


def board_layout(
    graph: nx.Graph,
    *,
    outline: str | None = AUTO,
    group: str = "region",
    cost: str = "cost",
    route_colour: Callable[[dict[str, Any]], str] | None = None,
    labels: bool | Iterable[Hashable] = True,
    title: str = "",
) -> BoardLayout:
    """Lay out a board graph's picture from its data: node `pos` (canvas coordinates), `kind`
    (city, countryside: the mark's shape), `group` (the mark's colour, 'region' by default) and
    `name` (the label, where a node is a code); edge `kind` (transport type: colour and dash),
    `cost` (written on the route where costs differ), `route`, `extra_days` and `crosses_edge`
    (a route leaving one side of a world map and coming back on the other).

    `outline` names the land drawn behind ('world', 'italy', 'europe'; AUTO picks it by the
    board's name, None draws none). Without land, positions are fitted to the canvas."""
    chosen_land = OUTLINES.get(graph.name) if outline == AUTO else outline
    land = load_outline(chosen_land) if chosen_land else None
    width, height = (land.width, land.height) if land else (WIDTH, HEIGHT)
    points = _canvas_points(graph, width, height, fitted=land is None)
    names = {node: str(node) for node in graph.nodes}
    if len(set(names.values())) < len(names):
        raise KitError("two places of the board have the same name as text")
    places = _places(graph, points, names, group)
    routes, lines, crossings = _routes(graph, points, names, cost, route_colour, width)
    legend = _legend(graph, places, routes, cost, group)
    obstacles = [Box(0, 0, 14 + text_width(title, 16), 28)] if title else []
    legend_box = _legend_box(legend, places, lines, width, height, obstacles)
    chosen = set(graph.nodes) if labels is True else set(labels or ())
    texts = {names[n]: places[names[n]].text for n in graph.nodes if n in chosen}
    placed = place_labels(
        {p.name: (p.x, p.y) for p in places.values()},
        texts,
        {p.name: p.radius for p in places.values()},
        canvas=Box(2, 2, width - 2, height - 2),
        obstacles=[legend_box, *obstacles],
        lines=lines,
    )
    return BoardLayout(
        width, height, land, places, names, routes, crossings, placed, legend, legend_box, title
    )


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


def _places(
    graph: nx.Graph, points: Mapping[Hashable, Point], names: Mapping[Hashable, str], group: str
) -> dict[str, PlaceView]:
    """Marks sized to the space around each place (crowded places get small marks), shaped by
    kind (cities round, other places diamonds) and coloured by `group`."""
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
        radius = min(6.0, max(3.5, 0.3 * nearest))
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
            pieces = _across_edge(a, b, width)
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


def _across_edge(a: Point, b: Point, width: int) -> list[Segment]:
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


ROW = 14.0
SAMPLE = 34.0


def _legend_size(rows: Sequence[LegendRow]) -> tuple[float, float]:
    widths = []
    for row in rows:
        if row.dots:
            dots = sum(12 + text_width(text) for text, _ in row.dots)
            widths.append(text_width(row.text) + 6 + dots)
        else:
            widths.append(SAMPLE + 6 + text_width(row.text))
    return max(widths, default=0) + 12, len(rows) * ROW + 8


def _legend_box(
    rows: Sequence[LegendRow],
    places: Mapping[str, PlaceView],
    lines: Sequence[Segment],
    width: int,
    height: int,
    obstacles: Sequence[Box],
) -> Box:
    """The corner where the legend hides fewest places and routes."""
    w, h = _legend_size(rows)
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
    layout: BoardLayout, *, highlight: str = "", pieces: str = "", image: bool = False
) -> str:
    """The whole picture as SVG text; `highlight` and `pieces` are fragments from
    `highlight_svg` and `pieces_svg` (the widget leaves them empty and fills the two layers).
    An `image` (the source of an `<img>`) has its size in pixels, as an image needs: inline, the
    picture fills the page's width up to that size."""
    w, h = layout.width, layout.height
    size = f'width="{w}" height="{h}"' if image else f'width="100%" style="max-width:{w}px"'
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="kit-map" viewBox="0 0 {w} {h}" '
        f'{size} font-family="{FONT}" font-size="{_n(FONT_SIZE)}" '
        f'role="img" aria-label="{_e(layout.title or "board map")}">'
    ]
    if layout.outline:
        parts.append(f'<rect width="{w}" height="{h}" fill="#dce9f2"/>')
        parts.append(
            f'<path class="land" d="{layout.outline.d}" fill="#f1ebdc" stroke="#c9bd9f" '
            'stroke-width="0.7"/>'
        )
    else:
        parts.append(f'<rect width="{w}" height="{h}" fill="#f7f5ef"/>')
    parts.append(_routes_svg(layout))
    parts.append(_places_svg(layout))
    parts.append(_legend_svg(layout))
    if layout.title:
        parts.append(
            f'<text x="8" y="20" font-size="16" font-weight="bold">{_e(layout.title)}</text>'
        )
    parts.append(
        f'<g class="kit-highlight">{highlight}</g><g class="kit-pieces" font-size="7" '
        f'font-weight="bold" text-anchor="middle" fill="#111" stroke-width="0.8">{pieces}</g>'
    )
    parts.append("</svg>")
    return "".join(parts)


def _routes_svg(layout: BoardLayout) -> str:
    by_style: dict[tuple[str, str], list[RouteView]] = {}
    for route in layout.routes:
        by_style.setdefault((route.kind, route.colour), []).append(route)
    parts = ['<g class="routes" fill="none" stroke-width="1.7" stroke-linecap="round">']
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
        parts += [_badge(r.middle, r.cost) for r in badges]
        parts.append("</g>")
    return "".join(parts)


def _badge(point: Point, text: str) -> str:
    """A cost written in a coin."""
    x, y = point
    return (
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="5.5" fill="#f6d365" stroke="#8a6d00" '
        f'stroke-width="0.8"/><text x="{_n(x)}" y="{_n(y + 2.8)}" fill="#3d3000" font-size="8" '
        f'font-weight="bold" text-anchor="middle">{_e(text)}</text>'
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


def _places_svg(layout: BoardLayout) -> str:
    parts = ['<g class="places">']
    for name, place in layout.places.items():
        parts.append(
            f'<g class="place" data-node="{_e(name)}" tabindex="0"><title>{_e(place.title)}</title>'
        )
        parts.append(_mark(place))
        label = layout.labels.get(name)
        if label is not None:
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
    box = layout.legend_box
    parts = [
        f'<g class="legend" transform="translate({_n(box.x0)} {_n(box.y0)})">'
        f'<rect width="{_n(box.x1 - box.x0)}" height="{_n(box.y1 - box.y0)}" rx="3" '
        'fill="#ffffff" fill-opacity="0.88" stroke="#aaa" stroke-width="0.6"/>'
    ]
    for i, row in enumerate(layout.legend):
        y = 4 + ROW * i + ROW / 2
        text_x = 6 + SAMPLE + 6
        if row.kind:
            style = ROUTE_STYLES.get(row.kind, DEFAULT_STYLE)
            dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
            parts.append(
                f'<path d="M6 {_n(y)}h{_n(SAMPLE)}" stroke="{style.colour}" stroke-width="2"'
                f'{dash} stroke-linecap="round"/>'
            )
        elif row.mark:
            sample = PlaceView(
                "", "", 6 + SAMPLE / 2, y, 4.5, row.mark == "diamond", "#fff", "", ""
            )
            parts.append(_mark(sample))
        elif row.badge:
            parts.append(_badge((6 + SAMPLE / 2, y), row.badge))
        elif row.dots:
            text_x = 6.0
            if row.text:
                parts.append(f'<text x="6" y="{_n(y + 3.5)}">{_e(row.text)}</text>')
                text_x += text_width(row.text) + 6
            for label, colour in row.dots:
                parts.append(
                    f'<circle cx="{_n(text_x + 4)}" cy="{_n(y)}" r="4" fill="{colour}" '
                    f'stroke="#333" stroke-width="0.6"/><text x="{_n(text_x + 10)}" '
                    f'y="{_n(y + 3.5)}">{_e(label)}</text>'
                )
                text_x += 12 + text_width(label)
            continue
        else:
            text_x = 6.0
        parts.append(f'<text x="{_n(text_x)}" y="{_n(y + 3.5)}">{_e(row.text)}</text>')
    parts.append("</g>")
    return "".join(parts)


def highlight_svg(layout: BoardLayout, route: Sequence[Hashable]) -> str:
    """A route or plan on top of the map: a line through its places in order, the start ringed
    and every later stop numbered (a place reached twice shows both numbers)."""
    names = [layout.name_of(place) for place in route]
    if not names:
        return ""
    d = []
    for a, b in zip(names, names[1:], strict=False):
        pa, pb = layout.places[a], layout.places[b]
        if frozenset((a, b)) in layout.crossings:
            pieces = _across_edge((pa.x, pa.y), (pb.x, pb.y), layout.width)
        else:
            pieces = [((pa.x, pa.y), (pb.x, pb.y))]
        d += [f"M{_n(p[0])} {_n(p[1])}L{_n(q[0])} {_n(q[1])}" for p, q in pieces]
    steps: dict[str, list[int]] = {}
    for step, name in enumerate(names[1:], start=1):
        steps.setdefault(name, []).append(step)
    start = layout.places[names[0]]
    parts = [
        f'<path d="{"".join(d)}" fill="none" stroke="{HIGHLIGHT}" stroke-width="4" '
        'stroke-opacity="0.7" stroke-linecap="round"/>'
        if d
        else "",
        f'<circle data-node="{_e(start.name)}" cx="{_n(start.x)}" cy="{_n(start.y)}" '
        f'r="{_n(start.radius + 3)}" fill="none" stroke="{HIGHLIGHT}" stroke-width="2">'
        f"<title>start: {_e(start.text)}</title></circle>",
        '<g class="steps" font-size="8" font-weight="bold" text-anchor="middle" fill="#fff">',
    ]
    for name, numbers in steps.items():
        place = layout.places[name]
        text = ",".join(map(str, numbers))
        half = max(6.0, text_width(text, 8) / 2 + 3)
        parts.append(
            f'<g data-node="{_e(name)}"><title>step {_e(text)}: {_e(place.text)}</title>'
            f'<rect x="{_n(place.x - half)}" y="{_n(place.y - 6)}" width="{_n(2 * half)}" '
            f'height="12" rx="6" fill="{HIGHLIGHT}" stroke="#fff" stroke-width="0.8"/>'
            f'<text x="{_n(place.x)}" y="{_n(place.y + 3)}">{_e(text)}</text></g>'
        )
    parts.append("</g>")
    return "".join(parts)


PIECE_GAP = 1.5
MARK_SIZE = 6.0  # font size of a piece's mark, at its upper right
PIECE_COLOURS = {
    "pawn": "#4e79a7",
    "token": "#c8a46e",
    "marker": "#9aa3ad",
    "flag": "#d62728",
    "traveller": "#f0c330",
    "disc": "#ffffff",
}


def pieces_svg(layout: BoardLayout, pieces: Sequence[Piece]) -> str:
    """The pieces, in a row beside each place (see `spots_svg`), as one SVG fragment."""
    return "".join(spots_svg(layout, pieces).values())


def spots_svg(layout: BoardLayout, pieces: Sequence[Piece]) -> dict[str, str]:
    """The SVG group of the pieces at each place, by place, in the order the places come first
    in `pieces`. A place's pieces stand in a row beside it (on the side where they hide fewest
    names and places), over an invisible spot on the place itself, with the place's
    `data-node` and a hover text that says what lies there: hovering or clicking the place or
    any of its pieces tells and selects the place. One group per place lets the widget send
    only the places whose pieces changed."""
    at: dict[str, list[Piece]] = {}
    for piece in pieces:
        at.setdefault(layout.name_of(piece.place), []).append(piece)
    spots = {}
    for name, here in at.items():
        place = layout.places[name]
        widths = [_piece_width(p) for p in here]
        x, y = _row_start(layout, place, sum(widths) + PIECE_GAP * (len(widths) - 1))
        what = "; ".join(p.description for p in here)
        parts = [
            f'<g class="spot" data-node="{_e(name)}"><title>{_e(place.text)}: {_e(what)}</title>'
            f'<circle cx="{_n(place.x)}" cy="{_n(place.y)}" r="{_n(place.radius + 2)}" '
            'opacity="0"/>'
        ]
        for piece, width in zip(here, widths, strict=True):
            parts.append(_piece(piece, x, y))
            x += width + PIECE_GAP
        parts.append("</g>")
        spots[name] = "".join(parts)
    return spots


def _row_start(layout: BoardLayout, place: PlaceView, width: float) -> Point:
    """The left end and middle height of a row of pieces `width` long: below, above, right or
    left of the place, the first that covers fewest labels and marks."""
    r = place.radius
    starts = [
        (place.x - width / 2, place.y + r + 7),
        (place.x - width / 2, place.y - r - 7),
        (place.x + r + 3, place.y),
        (place.x - r - 3 - width, place.y),
    ]
    near = Box(place.x - width - 20, place.y - 25, place.x + width + 20, place.y + 25)
    covered = [box for name, box in layout.occupied if name != place.name and box.overlaps(near)]

    def hidden(start: Point) -> int:
        row = Box(start[0], start[1] - 5.5, start[0] + width, start[1] + 5.5)
        return sum(1 for box in covered if box.overlaps(row))

    return min(starts, key=hidden)


def _piece_width(piece: Piece) -> float:
    if piece.kind == "note":
        return text_width(piece.label, 9) * 1.1
    beside = text_width(piece.label, 8) + 2 if len(piece.label) > 2 else 0
    return 10 + beside + (text_width(piece.mark, MARK_SIZE) if piece.mark else 0)


def _star(r: float) -> str:
    """A five-pointed star of radius `r` around the origin."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 5 * i - math.pi / 2
        points.append(f"{_n(radius * math.cos(angle))} {_n(radius * math.sin(angle))}")
    return "M" + "L".join(points) + "Z"


# Each kind's shape around the origin, filled with the piece's colour ({}); a piece is moved into
# place as a whole, so these stay the same for every piece of a kind and an update stays small.
SHAPES = {
    "pawn": '<circle r="5" fill="{}" stroke="#fff" stroke-width="1.2"/>',
    "token": '<rect x="-4.5" y="-4.5" width="9" height="9" rx="2" fill="{}" stroke="#222"/>',
    "marker": '<path d="M0 -5l5 5 -5 5 -5 -5z" fill="{}" stroke="#222"/>',
    "flag": '<path d="M-3 5V-5l7 2.5 -7 2.5" fill="{}" stroke="#222"/>',
    "traveller": f'<path d="{_star(5.5)}" fill="{{}}" stroke="#222"/>',
    "disc": '<circle r="4.5" fill="{}" stroke="#222"/>',
}


def _piece(piece: Piece, left: float, y: float) -> str:
    """One piece's glyph, its left edge at `left`, centred on `y`; a label of one or two
    characters is written on it, a longer one beside it."""
    if piece.kind == "note":
        return (
            f'<text class="note" x="{_n(left)}" y="{_n(y + 3)}" font-size="9" fill="#b2182b" '
            f'text-anchor="start">{_e(piece.label)}</text>'
        )
    colour = piece.colour or PIECE_COLOURS[piece.kind]
    parts = [
        f'<g class="{piece.kind}" transform="translate({_n(left + 5)} {_n(y)})">'
        + SHAPES[piece.kind].format(colour)
    ]
    if len(piece.label) > 2 or (piece.label and piece.kind == "flag"):
        parts.append(
            f'<text x="6" y="3" font-size="8" text-anchor="start">{_e(piece.label)}</text>'
        )
    elif piece.label:
        ink = ' fill="#fff"' if _dark(colour) else ""
        parts.append(f'<text y="2.6"{ink}>{_e(piece.label)}</text>')
    if piece.mark:
        parts.append(
            f'<text class="sign" x="4" y="-2" font-size="{_n(MARK_SIZE)}" text-anchor="start">'
            f"{_e(piece.mark)}</text>"
        )
    parts.append("</g>")
    return "".join(parts)


def _dark(colour: str) -> bool:
    """Whether white text reads better than black on this `#rrggbb` colour."""
    if not (colour.startswith("#") and len(colour) == 7):
        return False
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b < 140


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


def board_svg(
    graph: nx.Graph,
    *,
    path: Sequence[Hashable] = (),
    pieces: Sequence[Piece] = (),
    marks: Mapping[Hashable, str] | None = None,
    labels: bool | Iterable[Hashable] = True,
    group: str = "region",
    edge_colour: Callable[[dict[str, Any]], str] | None = None,
    edge_label: str = "cost",
    outline: str | None = AUTO,
    title: str = "",
) -> SVG:
    """The board as one SVG picture: its map (see `board_layout`), `path` drawn on top with step
    numbers, and `pieces`. `marks` writes a short text beside chosen places (a score, a day);
    `labels` names every place or only those given; `group` names the node attribute that
    colours the places; `edge_colour` maps a route's data to its colour; `edge_label` names the
    edge attribute written on routes where it differs."""
    layout = board_layout(
        graph,
        outline=outline,
        group=group,
        cost=edge_label,
        route_colour=edge_colour,
        labels=labels,
        title=title,
    )
    notes = [Piece(layout.name_of(place), "note", text) for place, text in (marks or {}).items()]
    return SVG(
        svg_document(
            layout,
            highlight=highlight_svg(layout, path),
            pieces=pieces_svg(layout, [*pieces, *notes]),
        )
    )
