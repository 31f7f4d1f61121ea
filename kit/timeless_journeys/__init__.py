"""Timeless Journeys: The Italian Grand Tour — the complete rules engine, in both rulebook texts.

`kit.load("timeless_journeys", players=3, edition="ja", mode="historical", travellers="B")`;
`setup(game, ...)` builds a position with chosen setup draws and a list of actions."""

from __future__ import annotations

from typing import Any

import networkx as nx

from kit.core.bots import RandomBot
from kit.timeless_journeys.bots import GreedyBot, MctsBot
from kit.timeless_journeys.content import load_content
from kit.timeless_journeys.game import TimelessJourneys
from kit.timeless_journeys.setup import setup
from kit.timeless_journeys.state import TimelessState


def load(**options: Any) -> TimelessJourneys:
    return TimelessJourneys(**options)


def board() -> nx.Graph:
    """The map of Italy: nodes with `kind` (city or countryside), `pos` and `south`; edges with
    the coin `cost` of the path."""
    return load_content().graph


BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}

__all__ = [
    "BOTS",
    "GreedyBot",
    "MctsBot",
    "TimelessJourneys",
    "TimelessState",
    "board",
    "load",
    "setup",
]
