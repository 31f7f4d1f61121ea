"""Timeless Journeys: The Italian Grand Tour — the complete rules engine, in both rulebook texts.

`kit.load("timeless_journeys", players=3, edition="ja", mode="historical", travellers="B")`."""

from __future__ import annotations

from kit.core.bots import RandomBot
from kit.timeless_journeys.bots import GreedyBot
from kit.timeless_journeys.game import TimelessJourneys


def load(**options) -> TimelessJourneys:
    return TimelessJourneys(**options)


BOTS = {"random": RandomBot, "greedy": GreedyBot}

__all__ = ["BOTS", "TimelessJourneys", "load"]
