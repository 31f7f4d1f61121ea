"""The Amazing Journey as a panel shows it: pawns, face-down tokens and checkpoints on the map;
each Travel board (Experiences, Souvenir rows, Tickets, Objectives, power, day) as a table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import networkx as nx

from kit.amazing_journey.actions import Answer, Outcome, Travel
from kit.widgets.pieces import Piece
from kit.widgets.views.base import Html, View, counts, joined, pawn, player_caption, table

SYMBOLS = {"triangle": "▲", "square": "■", "circle": "●", "star": "★"}
CURSE = "☠"
CURSED_COLOUR = "#6a3d9a"
FLAG_COLOURS = ("#f0c330", "#d62728", "#2ca02c")  # First (yellow), Second (red), Final


def back(token: dict[str, Any]) -> str:
    """A token's back in signs: its region letter, symbol and curse mark ('A▲☠')."""
    return (
        str(token["region"]) + SYMBOLS.get(token["symbol"], "") + (CURSE if token["cursed"] else "")
    )


def back_words(token: dict[str, Any]) -> str:
    """A token's back in words, for hover text: 'region A, triangle, cursed'."""
    words = [f"region {token['region']}"]
    words += [token["symbol"]] if token["symbol"] else []
    words += ["cursed"] if token["cursed"] else []
    return ", ".join(words)


def held(token: dict[str, Any]) -> str:
    """A token on a Travel board: its back, and its id and points where the viewer knows them."""
    if "token" not in token:
        return back(token)
    value = f", {token['value']} pts" if "value" in token else ""
    return f"{back(token)} ({token['token']}{value})"


class AmazingJourneyView(View):
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
            bars = ", ".join(f"days {a}-{b}: {points} pts" for a, b, points in checkpoint["bars"])
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
        power = "fresh" if board["power_fresh"] else "used"
        day = f"day {board['day']}"
        if board["finished_on"] is not None:
            day += f", back on day {board['finished_on']}"
        rows: list[tuple[str, object]] = [
            ("Traveller", f"{board['traveller']} (power {power})"),
            ("Day", day),
            ("City", board["city"]),
            ("Checkpoints", f"{board['checkpoints']} of {len(seen['checkpoints'])}"),
            ("Points", board["points"]),
            ("Tickets", counts(board["tickets"]) if mine else f"{board['tickets']} in hand"),
            (
                "Objectives in hand",
                counts(board["objectives"]) if mine else f"{board['objectives']} in hand",
            ),
            ("Objectives played", joined(board["objectives_played"])),
        ]
        for kind in scoring.experience_types:
            tokens = [held(t) for t in board["experiences"] if t["type"] == kind]
            rows.append((f"Experience: {kind}", joined(tokens, "–")))
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
                ("Symbols removed", joined(seen["removed_symbols"])),
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

    def told(self, action: Any, mover: int, viewer: int | None) -> str:
        """Tokens are placed face down, and the Tickets and Objectives a player draws and the
        token given up to make room are that player's secret: the others learn that it
        happened, not what."""
        if viewer is None:
            return str(action)
        if isinstance(action, Outcome):
            if action.event == "place":
                return f"a token is placed face down in {action.place}"
            if action.event in ("ticket", "objective") and action.target != viewer:
                card = "a ticket" if action.event == "ticket" else "an objective"
                return f"player {action.target} draws {card}"
        if isinstance(action, Answer) and action.question == "make_room" and mover != viewer:
            return "a token is given up to make room"
        return str(action)

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
