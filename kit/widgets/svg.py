"""A board map as SVG, drawn from any board graph of the kit: node `pos`, edge `kind`.

Plain SVG text needs nothing beyond the notebook itself (no CDN, works offline and in Voila),
and the same function draws all three games' maps, a planner's route on top, and pawns."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence

import networkx as nx

COLOURS = {
    "bus": "#d9a404",
    "train": "#8c564b",
    "ship": "#1f77b4",
    "balloon": "#e377c2",
    "airship": "#9467bd",
    "secret": "#7f7f7f",
}
REGION_COLOURS = (
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


def board_svg(
    graph: nx.Graph,
    *,
    path: Sequence[str] = (),
    marks: Mapping[str, str] | None = None,
    labels: bool | Iterable[str] = True,
    group: str = "region",
    edge_colour: Callable[[dict], str] | None = None,
    edge_label: str | None = None,
    width: int = 1000,
    height: int = 600,
    title: str = "",
) -> str:
    """SVG text of the board: edges coloured by transport `kind`, nodes by `region`.

    `group` names the node attribute that colours nodes; `edge_colour` maps an edge's data to a
    colour (instead of its `kind`); `edge_label` names an edge attribute written at the edge's
    middle where it is set and not zero (a path's coin cost, say).

    `path` is drawn on top as a thick red line through its nodes in order (a plan, a route);
    `marks` puts a short text (a pawn, a score) beside chosen nodes; `labels` names every node,
    or only those given. Edges marked `crosses_edge` leave one side of the map and come back on
    the other, as on a world map."""
    pos = {node: data["pos"] for node, data in graph.nodes(data=True)}
    regions = sorted({str(data.get(group, "")) for _, data in graph.nodes(data=True)})
    fill = {region: REGION_COLOURS[i % len(REGION_COLOURS)] for i, region in enumerate(regions)}
    named = set(graph.nodes) if labels is True else set(labels or ())
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="100%" style="max-width:{width}px;background:#f7f5ef;font-family:sans-serif">'
    ]
    if title:
        parts.append(f'<text x="10" y="20" font-size="16">{html.escape(title)}</text>')
    for u, v, data in graph.edges(data=True):
        colour = edge_colour(data) if edge_colour else COLOURS.get(data.get("kind", ""), "#999")
        dash = ' stroke-dasharray="6 4"' if data.get("kind") == "secret" else ""
        for (x1, y1), (x2, y2) in _segments(pos[u], pos[v], data.get("crosses_edge", False), width):
            parts.append(
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" '
                f'stroke-width="1.5" opacity="0.7"{dash}/>'
            )
        if edge_label and data.get(edge_label):
            (x1, y1), (x2, y2) = pos[u], pos[v]
            parts.append(
                f'<text x="{(x1 + x2) / 2}" y="{(y1 + y2) / 2}" font-size="11" fill="#555">'
                f"{html.escape(str(data[edge_label]))}</text>"
            )
    if len(path) > 1:
        for u, v in zip(path, path[1:], strict=False):
            crosses = any(d.get("crosses_edge") for d in _edge_data(graph, u, v))
            for (x1, y1), (x2, y2) in _segments(pos[u], pos[v], crosses, width):
                parts.append(
                    f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#d62728" '
                    'stroke-width="4" opacity="0.85"/>'
                )
    for node, (x, y) in pos.items():
        region = str(graph.nodes[node].get(group, ""))
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="5" fill="{fill[region]}" stroke="#333">'
            f"<title>{html.escape(str(node))} ({html.escape(str(region))})</title></circle>"
        )
        if node in named:
            parts.append(
                f'<text x="{x + 6}" y="{y - 6}" font-size="10">{html.escape(str(node))}</text>'
            )
    for node, text in (marks or {}).items():
        x, y = pos[node]
        parts.append(
            f'<text x="{x + 6}" y="{y + 14}" font-size="12" font-weight="bold" '
            f'fill="#d62728">{html.escape(text)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _edge_data(graph: nx.Graph, u: str, v: str) -> list[dict]:
    if not graph.has_edge(u, v):
        return []
    data = graph.get_edge_data(u, v)
    return list(data.values()) if graph.is_multigraph() else [data]


def _segments(a, b, crosses: bool, width: int):
    """One straight line, or for a map-edge crossing two lines leaving by opposite sides."""
    if not crosses:
        return [(a, b)]
    shift = width if a[0] < b[0] else -width
    return [(a, (b[0] - shift, b[1])), ((a[0] + shift, a[1]), b)]


def show_board(graph: nx.Graph, **options):
    """The board as an ipywidgets `HTML` widget, ready to display in a notebook."""
    import ipywidgets

    return ipywidgets.HTML(board_svg(graph, **options))
