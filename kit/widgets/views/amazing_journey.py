"""The Amazing Journey as a panel shows it: pawns, face-down tokens and checkpoints on the map;
each Travel board (Experiences, Souvenir rows, Tickets, Objectives, power, day) as a table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import networkx as nx

from kit.amazing_journey.actions import Travel
from kit.core.words import article, counted, plural
from kit.widgets.pieces import Piece
from kit.widgets.views.base import (
    Html,
    Seen,
    View,
    counts,
    joined,
    listed,
    more,
    new_items,
    pawn,
    player_caption,
    table,
)

SYMBOLS = {"triangle": "▲", "square": "■", "circle": "●", "star": "★"}
CURSE = "☠"
CURSED_COLOUR = "#6a3d9a"
FLAG_COLOURS = ("#f0c330", "#d62728", "#2ca02c")  # First (yellow), Second (red), Final
AREAS = ("experiences", "souvenirs")  # where a Travel board holds its tokens


def back_words(token: dict[str, Any]) -> str:
    """A token's back in words, for hover text: 'region A, triangle, cursed'."""
    words = [f"region {token['region']}"]
    words += [token["symbol"]] if token["symbol"] else []
    words += ["cursed"] if token["cursed"] else []
    return ", ".join(words)


def held(token: dict[str, Any]) -> str:
    """A token on a Travel board: its id and a Souvenir's points where the viewer knows them
    ('A07', 'F09: 1 point'), else its back in words ('region F, cursed')."""
    if "token" not in token:
        return back_words(token)
    if "value" not in token:
        return str(token["token"])
    curse = ", cursed" if token["cursed"] else ""
    return f"{token['token']}: {points(token['value'])}{curse}"


def hidden(cards: int) -> str:
    """Another player's cards, which the viewer sees only the backs of."""
    return f"{plural(cards, 'card')}, face down"


def points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def taken(token: dict[str, Any]) -> tuple[str, str]:
    """A token just collected, as the log says it: its id for its owner, else its back."""
    kind = article(f"{token['type']} Experience") if "type" in token else "a Souvenir"
    if "token" in token:
        worth = f" worth {points(token['value'])}" if "value" in token else ""
        return token["token"], f"takes {token['token']}, {kind}{worth}"
    return "takes a token", f"takes a token: {kind} ({back_words(token)})"


def drawn(cards: dict[str, int] | int, before: dict[str, int] | int, noun: str) -> str:
    """The cards drawn: by type for their owner ('draws a train ticket and 2 ship tickets'),
    by number for the others, who see only how many there are ('draws 2 tickets'); "" for
    none."""
    if isinstance(cards, dict) and isinstance(before, dict):
        words = [counted(n, f"{kind} {noun}") for kind, n in more(before, cards).items()]
    elif isinstance(cards, int) and isinstance(before, int) and cards > before:
        words = [counted(cards - before, noun)]
    else:
        words = []
    return f"draws {listed(words)}" if words else ""


class AmazingJourneyView(View):
    SETUP = "setup: Travellers dealt, tokens placed face down, symbols removed, hands drawn"

    def pieces(self, seen: dict[str, Any]) -> list[Piece]:
        pieces = [
            Piece(
                city,
                "token",
                token["region"],
                CURSED_COLOUR if token["cursed"] else "",
                f"face-down token: {back_words(token)}",
                SYMBOLS.get(token["symbol"], "") + (CURSE if token["cursed"] else ""),
            )
            for city, token in seen["map"].items()
        ]
        for number, checkpoint in enumerate(seen["checkpoints"]):
            bars = ", ".join(f"days {a}-{b}: {points(n)}" for a, b, n in checkpoint["bars"])
            pieces.append(
                Piece(
                    checkpoint["city"],
                    "flag",
                    str(checkpoint["activation"]),
                    FLAG_COLOURS[number % len(FLAG_COLOURS)],
                    f"{checkpoint['name']} checkpoint, from day {checkpoint['activation']} "
                    f"({bars})",
                )
            )
        for player in seen["players"]:
            if player["finished_on"] is None:  # a finished Traveller leaves the map
                title = f"pawn of player {player['player']} ({player['traveller']}), "
                pieces.append(
                    pawn(player["city"], player["player"], title + f"day {player['day']}")
                )
        return pieces

    def player_table(self, seen: dict[str, Any], player: int) -> Html:
        board = seen["players"][player]
        scoring = self.game.content.scoring  # type: ignore[attr-defined]
        mine = isinstance(board["tickets"], dict)
        power = "ready" if board["power_fresh"] else "used"
        day = f"day {board['day']}"
        if board["finished_on"] is not None:
            day += f", back on day {board['finished_on']}"
        rows: list[tuple[str, object]] = [
            ("Traveller", f"{board['traveller']} (power {power})"),
            ("Day", day),
            ("City", board["city"]),
            ("Checkpoints", f"{board['checkpoints']} of {len(seen['checkpoints'])}"),
            ("Points", board["points"]),
            ("Tickets", counts(board["tickets"]) if mine else hidden(board["tickets"])),
            (
                "Objectives in hand",
                counts(board["objectives"]) if mine else hidden(board["objectives"]),
            ),
            ("Objectives played", joined(board["objectives_played"])),
        ]
        for kind in scoring.experience_types:
            tokens = [held(t) for t in board["experiences"] if t["type"] == kind]
            rows.append((f"{kind.capitalize()} Experiences", joined(tokens, "–")))
        row = scoring.souvenir_row_length
        souvenirs = [held(t) for t in board["souvenirs"]]
        for number in range(scoring.souvenir_rows):
            rows.append(
                (f"Souvenir row {number + 1}", joined(souvenirs[number * row :][:row], "–"))
            )
        return table(player_caption(player), rows)

    def shared_table(self, seen: dict[str, Any]) -> Html:
        today = seen["today"]
        discards = seen["ticket_discard"]
        return table(
            "On the table",
            [
                (
                    "Today",
                    f"player {today['player']}'s day {today['day']} (Timeline day "
                    f"{today['timeline_day']}): {joined(today['departing'])} depart",
                ),
                (
                    "Actions this turn",
                    f"{seen['actions_this_turn']} (at least {seen['minimum_actions']})",
                ),
                ("Ticket deck", f"{seen['ticket_deck']} cards; discarded: {counts(discards)}"),
                (
                    "Objective deck",
                    f"{seen['objective_deck']} cards; discarded: "
                    f"{counts(seen['objective_discard'])}",
                ),
                (
                    "Tokens removed",
                    joined([f"{SYMBOLS[name]} {name}" for name in seen["removed_symbols"]]),
                ),
            ],
        )

    def summary(self, seen: dict[str, Any], player: int) -> str:
        board = seen["players"][player]
        where = (
            f"back on day {board['finished_on']}"
            if board["finished_on"] is not None
            else f"day {board['day']} in {board['city']}"
        )
        return (
            f"player {player} ({board['traveller']}): {where}, {board['checkpoints']} of "
            f"{len(seen['checkpoints'])} checkpoints, {board['points']} points"
        )

    def place_of(self, seen: dict[str, Any], player: int) -> str:
        return str(seen["players"][player]["city"])

    def legs(self, actions: Sequence[Any], here: str, there: str) -> list[str]:
        """A Travel follows its route through the cities it passes (a ship from Tokyo to San
        Francisco calls at Honolulu on the way, across the map's edge); the pawn moves once
        the Travel's questions are answered (which Tickets pay for it), so the Travel is the
        latest of the step's actions that is one."""
        travel = next((a for a in reversed(actions) if isinstance(a, Travel)), None)
        if travel is None:
            return [there]
        route = self.game.tables.board.routes[travel.route]  # type: ignore[attr-defined]
        way = nx.Graph(route.segments())
        if here not in way or there not in way:
            return [there]
        return [str(city) for city in nx.shortest_path(way, here, there)[1:]]

    def brought(self, before: Seen, after: Seen, mover: int) -> list[tuple[str, str]]:
        """The tokens collected, the Tickets and Objectives drawn, the checkpoints completed
        with their points, and the journey's end."""
        was, now = before["players"][mover], after["players"][mover]
        gains = [taken(t) for area in AREAS for t in new_items(was[area], now[area])]
        for cards, noun in (("tickets", "ticket"), ("objectives", "objective")):
            words = drawn(now[cards], was[cards], noun)
            gains += [(words, words)] if words else []
        for number in range(was["checkpoints"], now["checkpoints"]):
            name = after["checkpoints"][number]["name"]
            gains.append((f"the {name} checkpoint", f"completes the {name} checkpoint"))
        if now["points"] > was["points"]:
            gains.append(("points", f"scores {points(now['points'] - was['points'])}"))
        if now["finished_on"] is not None and was["finished_on"] is None:
            gains.append(("back", f"is back on day {now['finished_on']}"))
        return gains
