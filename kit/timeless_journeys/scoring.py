"""Final scoring: the score sheet of areas A-D on top of the VP won during the game.

A. Exploration tiles by count; B. each Travel Journal by its filled slots; C. the VP printed on the
Advanced cards in hand; D. Elective Affinities, then the majorities of every traveller's column
(5/3/1, a Night to Remember counting twice, ties to the higher token). Le Brun's Paintings score on
their own line. The tie-break is the marker furthest south."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kit.core import ScoreLine, ScoreSheet
from kit.timeless_journeys.travellers import lebrun_score

if TYPE_CHECKING:
    from kit.timeless_journeys.state import TimelessState


def exploration(state: TimelessState, player: int) -> int:
    table = state.content.rules.exploration_scores
    return table[min(len(state.tiles[player]), len(table) - 1)]


def filled(slots: list[int | str]) -> int:
    """Filled slots of one Journal: Idea slots hold 1, the city and friend slots a name."""
    return sum(1 for value in slots if value)


def journals(state: TimelessState, player: int) -> int:
    table = state.content.journal_scores
    return sum(table[filled(slots)] for slots in state.written[player])


def advanced_cards(state: TimelessState, player: int) -> int:
    """VP of the Advanced cards in hand (and, before the end, those played this round)."""
    cards = state.hand[player] + [c for c, _ in state.played[player]]
    advanced = state.content.advanced
    return sum(advanced[c].vp for c in cards if c in advanced)


def affinities(state: TimelessState, player: int) -> int:
    """VP per Elective Affinities token placed, or the together VP if all of a player's
    tokens (both, in the rulebook) are in one column."""
    rules = state.content.rules
    columns = [
        column
        for column, tokens in enumerate(state.gazette)
        for _, _, p, kind in tokens
        if p == player and kind == "affinity"
    ]
    every = rules.experience_tokens.count("affinity")
    if len(columns) == every > 1 and len(set(columns)) == 1:
        return rules.affinity_together
    return rules.affinity_each * len(columns)


def majorities(state: TimelessState) -> list[int]:
    """Majority VP of every player over all columns."""
    rules = state.content.rules
    players = state.num_players
    places = rules.majority_places_by_players[players]
    points = [0] * players
    for tokens in state.gazette:
        weight = [0] * players
        height = [(99, 99)] * players
        for rnd, slot, p, kind in tokens:
            weight[p] += rules.night_weight if kind == "night" else 1
            height[p] = min(height[p], (rnd, slot))
        ranked = sorted(
            (p for p in range(players) if weight[p]), key=lambda p: (-weight[p], height[p])
        )
        for place, p in enumerate(ranked[:places]):
            points[p] += rules.majority_points[place]
    return points


def score_sheets(state: TimelessState) -> list[ScoreSheet]:
    majority = majorities(state)
    sheets = []
    for p in range(state.num_players):
        where = state.loc[p]
        lines = (
            ScoreLine("in-game VP", state.vp[p], "cafés, favours, travellers, rewards"),
            ScoreLine(
                "A. Exploration tiles", exploration(state, p), f"{len(state.tiles[p])} tiles"
            ),
            ScoreLine(
                "B. Travel Journals",
                journals(state, p),
                ", ".join(f"{filled(s)} filled" for s in state.written[p]),
            ),
            ScoreLine("C. Advanced cards", advanced_cards(state, p)),
            ScoreLine("D. Elective Affinities", affinities(state, p)),
            ScoreLine("D. Majorities", majority[p]),
            ScoreLine(
                "Le Brun paintings",
                lebrun_score(state, p),
                f"{len(set(state.paintings[p]))} different",
            ),
        )
        south = state.content.south[where]
        sheets.append(
            ScoreSheet(p, f"player {p}", lines, (south,), f"marker in {where} (south rank {south})")
        )
    return sheets
