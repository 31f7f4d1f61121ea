"""Scoring: the regions at the end of each week, and the final score sheet.

Both are reconstructed (the rulebook fragment prints only when they happen); their numbers come
from `seeds/four_weeks/rules.toml`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kit.core import ScoreLine, ScoreSheet
from kit.four_weeks.effects import RESOURCES

if TYPE_CHECKING:
    from kit.four_weeks.state import FourWeeksState

# Score-sheet lines kept during play, in the order of `state.pts[player]`.
LOCATIONS, REGIONS, LOCAL_TILES, BUCKET_LISTS, FESTIVALS = range(5)
LINES = ("Locations", "Region scoring", "Local tiles", "Bucket Lists", "Festivals")


def week_weights(state: FourWeeksState) -> list[list[int]]:
    """Each region's Day discs placed this week, per player (`[region][player]`); an Insider Tip
    disc counts more. One pass over each player's week."""
    rules = state.game.content.rules
    start = state.week * rules.days_per_week
    weights = [[0] * len(state.calendar) for _ in state.game.content.regions]
    for player, calendar in enumerate(state.calendar):
        mask = state.insider[player]
        for slot in range(start, start + rules.days_per_week):
            region = calendar[slot]
            if region >= 0:
                weights[region][player] += rules.insider_weight if mask >> slot & 1 else 1
    return weights


def place_points(weights: list[int], places: tuple[int, ...]) -> list[int]:
    """Points by place among players with at least one disc; tied players share the place
    (each scores its points) and the places below them are skipped, as in 1, 1, 3."""
    result = []
    for weight in weights:
        place = sum(other > weight for other in weights)
        result.append(places[place] if weight and place < len(places) else 0)
    return result


def score_regions(state: FourWeeksState) -> None:
    """End of a week: every region scores its Day discs of the week."""
    places = state.game.content.rules.region_places
    for weights in week_weights(state):
        if any(weights):
            for player, gained in enumerate(place_points(weights, places)):
                state.pts[player][REGIONS] += gained


def regions_visited(state: FourWeeksState, player: int) -> int:
    """How many different regions hold at least one of the player's Day discs."""
    return len({slot for slot in state.calendar[player] if slot >= 0})


def score_sheet(state: FourWeeksState, player: int) -> ScoreSheet:
    """Every line of the final scoring (provisional before the end of the game)."""
    rules = state.game.content.rules
    lines = [ScoreLine(label, state.pts[player][index]) for index, label in enumerate(LINES)]
    count = regions_visited(state, player)
    lines.append(ScoreLine("Regions visited", rules.regions_visited[count], f"{count} regions"))
    held = sum(state.res[player])
    lines.append(
        ScoreLine(
            "Leftover resources",
            held // rules.resources_per_point,
            f"{held} {'/'.join(RESOURCES)} at {rules.resources_per_point} a point",
        )
    )
    visits = len(state.visited[player])
    return ScoreSheet(
        player,
        f"player {player}",
        tuple(lines),
        (visits,),
        f"{visits} Locations visited",
    )
