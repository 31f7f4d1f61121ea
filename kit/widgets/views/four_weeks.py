"""The four-week game as a panel shows it: pawns, Day discs, the week's Festivals and the Bucket
Lists claimed on the map of Europe; each player's hand, resources and week of Day discs as a
table."""

from __future__ import annotations

from typing import Any

from kit.core.words import plural
from kit.four_weeks.content import TAGS
from kit.four_weeks.effects import RESOURCE_NAMES, amount, describe
from kit.widgets.pieces import Piece
from kit.widgets.views.base import (
    Html,
    Seen,
    View,
    colour,
    counts,
    joined,
    lines,
    listed,
    more,
    new_items,
    pawn,
    player_caption,
    table,
)

RESOURCES = [several for _, several in RESOURCE_NAMES]  # as observations name them


def discs_by_region(calendar: list[list[dict[str, Any]]]) -> dict[str, list[str]]:
    """The days whose Day disc lies in each region: {"FRA": ["week 1 Mon", ...]}."""
    placed: dict[str, list[str]] = {}
    for week, days in enumerate(calendar, start=1):
        for day in days:
            if day["disc"].startswith("in "):
                placed.setdefault(day["disc"][3:], []).append(f"week {week} {day['weekday']}")
    return placed


def week_line(days: list[dict[str, Any]]) -> str:
    """A week's Day discs: 'Mon in FRA, Tue spent, Wed available (Insider Tip side up)'."""
    return ", ".join(
        f"{day['weekday']} {day['disc']}" + (" (Insider Tip side up)" if day["insider_tip"] else "")
        for day in days
    )


class FourWeeksView(View):
    SETUP = "setup: the first Festivals revealed, hands drawn"
    TIMELINE = "Calendar"

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        content = game.content
        self.cards = {card.title: card for card in content.locations}
        self.weekdays = content.rules.weekdays
        self.income = (content.rules.income_base, RESOURCES[content.rules.income_resource])
        self.track = len(content.rules.income_track) - 1

    def card_words(self, title: str) -> str:
        """A Location card by name and effect: 'BRI2 (Soho Nights), 2 days, nightlife: 2
        points, 1 Local; on Mon also 2 Coins'."""
        card = self.cards[title]
        tags = ", ".join(TAGS[tag] for tag in card.tags)
        words = f"{title}, {plural(card.days, 'day', 'days')}, {tags}: {describe(card.effect)}"
        if card.bonus:
            days = " or ".join(self.weekdays[day] for day in sorted(card.bonus_days))
            words += f"; on {days} also {describe(card.bonus)}"
        return words

    def explain(self, action: Any) -> str:
        """The Location card an action names, by name and effect."""
        text = str(action)
        return next((self.card_words(title) for title in self.cards if title in text), "")

    def hand_of(self, seen: Seen, player: int) -> Html | str:
        """The viewer's own hand by card, one a line, another's by size."""
        if seen["player"] == player:
            return lines([self.card_words(card) for card in seen["hand"]])
        n = seen["players"][player]["hand_size"]
        return f"{plural(n, 'card', 'cards')}, face down"

    def income_words(self, area: dict[str, Any]) -> str:
        """The Income track: its step and what the week's end brings."""
        base, resource = self.income
        extra = f" plus {area['income']}" if area["income"] else ""
        step = f"step {area['income_track']} of {self.track}"
        return f"{step}: at the week's end {base} {resource}{extra}"

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
            ("Income track", self.income_words(area)),
            ("Free trips", area["free_trips"]),
            ("Hand", self.hand_of(seen, player)),
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

    def place_of(self, seen: dict[str, Any], player: int) -> str:
        return str(seen["players"][player]["pawn"] or "")

    def brought(self, before: Seen, after: Seen, mover: int) -> list[tuple[str, str]]:
        """Points, resources, tags, free trips, Income track steps and cards drawn, within the
        week's days (the week's end scores the regions and brings everyone income and cards,
        which no one action brought)."""
        if after["weekday"] is None or after["week"] != before["week"]:
            return []
        was, now = before["players"][mover], after["players"][mover]
        gains = []
        if now["points"] > was["points"]:
            n = plural(now["points"] - was["points"], "point", "points")
            gains.append((n, f"scores {n}"))
        got = [
            amount(n, RESOURCES.index(name))
            for name, n in more(was["resources"], now["resources"]).items()
        ]
        got += [
            plural(n, f"{tag} tag", f"{tag} tags")
            for tag, n in more(was["tags"], now["tags"]).items()
        ]
        if now["free_trips"] > was["free_trips"]:
            got.append(plural(now["free_trips"] - was["free_trips"], "free trip", "free trips"))
        gains += [(listed(got), f"gains {listed(got)}")] if got else []
        if now["income_track"] > was["income_track"]:
            step = f"step {now['income_track']}"
            gains.append((step, f"moves up the Income track to {step}"))
        return gains + self._drawn(before, after, mover)

    def _drawn(self, before: Seen, after: Seen, mover: int) -> list[tuple[str, str]]:
        """The cards the mover drew: by name for the mover; for the others, who see the hand's
        size, by number: the hand's growth and the cards that left it for the table (visited,
        discarded)."""
        if after["player"] == mover:
            cards = new_items(before["hand"], after["hand"])
            return [(listed(cards), f"draws {listed(cards)}")] if cards else []
        was, now = before["players"][mover], after["players"][mover]
        left = new_items(was["visited"], now["visited"])
        left += new_items(before["discard_pile"], after["discard_pile"])
        n = now["hand_size"] - was["hand_size"] + len(left)
        words = f"draws {plural(n, 'Location card', 'Location cards')}"
        return [(words, words)] if n > 0 else []
