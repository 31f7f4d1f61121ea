"""Timeless Journeys as a panel shows it: Player markers, Famous Travellers, tiles, Letter and café
markers on the map of Italy; each play area (hand, cards played, Ideas, Journals, coins, VP,
markers left) as a table."""

from __future__ import annotations

import re
from typing import Any

from kit.core import CHANCE
from kit.widgets.pieces import Piece
from kit.widgets.views.base import Html, View, colour, counts, joined, pawn, player_caption, table

FACE_DOWN_TILE = re.compile(r"^Exploration tile \S+ is placed face down in (.+)$")
WRITE_TILE = re.compile(r"^write Exploration tile (\S+) in Journal (\S+)$")


def initials(name: str) -> str:
    """'Mary Shelley' -> 'MS', 'Montesquieu' -> 'Mo': two letters on a traveller's star."""
    words = [w for w in name.split() if w[:1].isupper()]
    return "".join(w[0] for w in words[:2]) if len(words) > 1 else name[:2]


def journal_line(journal: dict[str, Any]) -> str:
    """A Journal's slots: its ideas (✓ once written), its city's tile and its friend."""
    ideas = " ".join(i["genre"] + ("✓" if i["written"] else "") for i in journal["ideas"])
    tile = journal["tile"] or "–"
    friend = journal["friend"] or "–"
    return f"{ideas}; {journal['city']} tile: {tile}; friend: {friend}"


class TimelessJourneysView(View):
    def pieces(self, seen: dict[str, Any]) -> list[Piece]:
        pieces = []
        for city, there in seen["cities"].items():
            if there["face_down_tiles"]:
                n = there["face_down_tiles"]
                pieces.append(Piece(city, "token", str(n), "", f"{n} face-down Exploration tiles"))
            if there["favour_tile"]:
                pieces.append(
                    Piece(city, "marker", "FT", "", f"Favour tile {there['favour_tile']}")
                )
            if there["friend_tile"]:
                title = f"Friend tile, with the {there['friend_tile']}"
                pieces.append(Piece(city, "marker", "Fr", "#f4a6c6", title))
            for letter in there["letters"]:
                title = f"Letter marker of player {letter['player']} ({letter['local']} local)"
                pieces.append(Piece(city, "marker", "L", colour(letter["player"]), title))
            for number, markers in enumerate(there["cafes"], start=1):
                for player in markers:
                    title = f"café marker of player {player} (café {number})"
                    pieces.append(Piece(city, "marker", "C", colour(player), title))
        for traveller in seen["travellers"]:
            if traveller["city"]:
                title = f"{traveller['name']}: {traveller['text']}"
                pieces.append(
                    Piece(traveller["city"], "traveller", initials(traveller["name"]), title=title)
                )
        for area in seen["players"]:
            pieces.append(
                pawn(area["marker"], area["player"], f"Player marker of player {area['player']}")
            )
        return pieces

    def player_table(self, seen: dict[str, Any], player: int) -> Html:
        area = seen["players"][player]
        hand = area["hand"] if area["hand"] is not None else f"{area['hand_size']} cards"
        rows: list[tuple[str, object]] = [
            ("Marker", area["marker"]),
            ("Coins", area["coins"]),
            ("VP", area["vp"]),
            ("Ideas", counts(area["ideas"])),
            ("Hand", hand),
            ("Play area", area["play_area"]),
            ("Exploration tiles", area["exploration_tiles"]),
        ]
        rows += [(f"Journal {j['journal']}", journal_line(j)) for j in area["journals"]]
        rows += [
            ("Friends", area["friends"]),
            ("Experience tokens", area["experience_tokens"]),
            ("Letter markers left", area["letter_markers_left"]),
            ("Café markers left", area["cafe_markers_left"]),
            ("Paintings", area["paintings"]),
        ]
        return table(player_caption(player), rows)

    def shared_table(self, seen: dict[str, Any]) -> Html:
        rows: list[tuple[str, object]] = [
            ("Round", seen["round"]),
            ("First player", f"player {seen['first_player']}"),
        ]
        rows += [(t["name"], f"in {t['city'] or '–'}: {t['text']}") for t in seen["travellers"]]
        rows += [
            (f"Market, {level}", f"{joined(cards)} ({seen['deck_sizes'][level]} in the deck)")
            for level, cards in seen["market"].items()
        ]
        gazette = seen["gazette"]
        for column in gazette["columns"]:
            tokens = [
                f"round {t['round']}: player {t['player']} {t['token']}" for t in column["tokens"]
            ]
            rows.append((f"Gazette {gazette['side']}, {column['traveller']}", joined(tokens)))
        rows.append(("Paintings revealed", seen["paintings_revealed"]))
        rows.append(("Idea supply", counts(seen["idea_supply"])))
        return table("On the table", rows)

    def summary(self, seen: dict[str, Any], player: int) -> str:
        area = seen["players"][player]
        return (
            f"player {player}: in {area['marker']}, {area['coins']} coins, {area['vp']} VP, "
            f"{len(area['play_area'])} cards played"
        )

    def told(self, action: Any, mover: int, viewer: int | None) -> str:
        """Exploration tiles are placed face down; a card played face down or discarded to the
        box, and a used tile written in a Journal, are their owner's secret."""
        text = str(action)
        if viewer is None:
            return text
        placed = FACE_DOWN_TILE.match(text)
        if mover == CHANCE and placed:
            return f"an Exploration tile is placed face down in {placed[1]}"
        if mover == viewer:
            return text
        if text.startswith("play ") and text.endswith(" face down"):
            return "play a card face down"
        if text.startswith("discard ") and text.endswith(" to the box"):
            return "discard a card to the box"
        written = WRITE_TILE.match(text)
        if written:
            city = self.game.content.tiles[written[1]].city  # type: ignore[attr-defined]
            return f"write an Exploration tile of {city} in Journal {written[2]}"
        return text

    def place_of(self, seen: dict[str, Any], player: int) -> str:
        return str(seen["players"][player]["marker"] or "")
