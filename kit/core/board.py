"""Board maps as networkx graphs built from data, shared by the three games and the planners."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import networkx as nx

from kit.games import GAMES

OUTLINES = tuple(game.outline for game in GAMES.values())
"""The land a board's data may name to be drawn behind it (`outline` in its map file): the lands
of the games' own maps (each game's record, `kit.games`; "world", "italy", "europe"), whose
pictures the kit carries (`kit/widgets/data/`). A board that names none (a board of one's own,
a puzzle's small board) is drawn on plain ground, fitted to the picture."""

CANVAS = (1000, 600)
"""The canvas a board's places are drawn on, in units: a place's `pos` is a point of it, `[x, y]`
with whole numbers x from 0 to 1000 and y from 0 to 600 (y down). The land outlines are drawn
on it at their own coordinates (each is 1000 x 600), and a board without land is fitted into
it, so a board of one's own uses it as well. A place far off it would stretch the picture's
lines and its label grid across the distance (a typo of 10^18 takes gigabytes)."""


def board_graph(
    nodes: Iterable[tuple[str, Mapping[str, Any]]],
    edges: Iterable[tuple[str, str, Mapping[str, Any]]],
    *,
    multi: bool = False,
    name: str = "",
    outline: str = "",
) -> nx.Graph:
    """A graph whose nodes carry their data (position `pos`, region, ...) and whose edges carry
    theirs (transport `kind`, `cost`, route id, ...). Use `multi=True` where two places are joined
    by several routes, as on The Amazing Journey's map. `outline` names the land drawn behind
    it (one of `OUTLINES`, or "" for none): the graph's `outline` attribute."""
    graph: nx.Graph = nx.MultiGraph(name=name) if multi else nx.Graph(name=name)
    graph.graph["outline"] = outline
    for node, attrs in nodes:
        graph.add_node(node, **attrs)
    for u, v, attrs in edges:
        for end in (u, v):
            if end not in graph:
                raise KeyError(f"edge {u}–{v}: {end!r} is not a node of the board")
        graph.add_edge(u, v, **attrs)
    return graph


def positions(graph: nx.Graph) -> dict[str, tuple[float, float]]:
    """Drawing positions (`pos` node attribute), for networkx drawing and the map widget."""
    return {node: tuple(data["pos"]) for node, data in graph.nodes(data=True) if "pos" in data}
