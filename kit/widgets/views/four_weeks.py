"""The four-week game as a panel shows it: pawns, Day discs, the week's Festivals and the Bucket
Lists claimed on the map of Europe; each player's hand, resources and week of Day discs as a
table."""

from __future__ import annotations

from typing import Any

from kit.four_weeks.actions import Draw
from kit.widgets.pieces import Piece
from kit.widgets.views.base import Html, View, colour, counts, joined, pawn, player_caption, table


def discs_by_region(calendar: list[list[dict[str, Any]]]) -> dict[str, list[str]]:
    """The days whose Day disc lies in each region: {"FRA": ["week 1 Mon", ...]}."""
    placed: dict[str, list[str]] = {}
    for week, days in enumerate(calendar, start=1):
        for day in days:
            if day["disc"].startswith("in "):
                placed.setdefault(day["disc"][3:], []).append(f"week {week} {day['weekday']}")
    return placed


def week_line(days: list[dict[str, Any]]) -> str:
    """A week's Day discs: 'Mon in FRA, Tue spent, Wed available ♥' (♥: the Insider Tip side)."""
    return ", ".join(
        f"{day['weekday']} {day['disc']}" + (" ♥" if day["insider_tip"] else "") for day in days
    )


def hand_of(seen: dict[str, Any], player: int) -> object:
    """The viewer's own hand by card, another's by size."""
    if seen["player"] == player:
        return seen["hand"]
    return f"{seen['players'][player]['hand_size']} cards"


class FourWeeksView(View):
    def pieces(self, seen: dict[str, Any]) -> list[Piece]:
        pieces = []
        for festival in seen["festivals"]:
            title = f"Festival {festival['name']}: {festival['effect']}"
            pieces.append(Piece(festival["region"], "marker", "F", "#f0c330", title))
        for bucket in seen["bucket_lists"]:
            if bucket["claimed_by"] is not None:
                who = bucket["claimed_by"]
                title = f"Bucket List ({bucket['needs']}) claimed by player {who}"
                pieces.append(Piece(bucket["region"], "marker", "B", colour(who), title))
        for player, area in enumerate(seen["players"]):
            for region, days in discs_by_region(area["calendar"]).items():
                title = f"Day discs of player {player}: {', '.join(days)}"
                pieces.append(Piece(region, "disc", str(len(days)), colour(player), title))
            if area["pawn"]:
                pieces.append(pawn(area["pawn"], player, f"pawn of player {player}"))
        return pieces

    def player_table(self, seen: dict[str, Any], player: int) -> Html:
        area = seen["players"][player]
        week = min(seen["week"], len(area["calendar"]))
        rows: list[tuple[str, object]] = [
            ("Pawn", area["pawn"]),
            ("Days left this week", area["days_left"]),
            ("Resources", counts(area["resources"])),
            ("Income track", f"step {area['income_track']}: {area['income'] or 'base'}"),
            ("Free trips", area["free_trips"]),
            ("Hand", hand_of(seen, player)),
            ("Visited", area["visited"]),
            ("Tags", counts(area["tags"])),
            (f"Day discs, week {week}", week_line(area["calendar"][week - 1])),
            ("Points", area["points"]),
        ]
        return table(player_caption(player), rows)

    def shared_table(self, seen: dict[str, Any]) -> Html:
        rows: list[tuple[str, object]] = [
            ("Week", f"{seen['week']}, {seen['weekday'] or 'end of the week'}: {seen['step']}"),
            ("First player", f"player {seen['first_player']}"),
            ("Deck", f"{seen['deck_size']} cards; {len(seen['discard_pile'])} discarded"),
        ]
        for festival in seen["festivals"]:
            went = joined([f"player {p}" for p in festival["attended_by"]], "nobody yet")
            rows.append(
                (
                    f"Festival in {festival['region']}",
                    f"{festival['name']}: {festival['effect']} (attended: {went})",
                )
            )
        for bucket in seen["bucket_lists"]:
            who = bucket["claimed_by"]
            claimed = f"claimed by player {who}" if who is not None else "open"
            rows.append(
                (
                    f"Bucket List {bucket['region']}",
                    f"{bucket['needs']} for {bucket['points']} points, {claimed}",
                )
            )
        for tile in seen["local_tiles"]:
            used = joined([f"player {p}" for p in tile["used_this_week_by"]], "nobody")
            rows.append(
                (f"Local tile {tile['region']}", f"{tile['effect']} (used this week: {used})")
            )
        return table("On the table", rows)

    def summary(self, seen: dict[str, Any], player: int) -> str:
        area = seen["players"][player]
        return (
            f"player {player}: in {area['pawn'] or 'no region yet'}, {area['days_left']} days "
            f"left this week, {area['points']} points"
        )

    def told(self, action: Any, mover: int, viewer: int | None) -> str:
        """The Location card another player draws is theirs alone."""
        if viewer is not None and isinstance(action, Draw) and action.player != viewer:
            return f"player {action.player} draws a Location card"
        return str(action)

    def place_of(self, seen: dict[str, Any], player: int) -> str:
        return str(seen["players"][player]["pawn"] or "")
