"""Timeless Journeys as a panel shows it: Player markers, Famous Travellers, tiles, Letter and café
markers on the map of Italy; each play area (hand, cards played, Ideas, Journals, coins, VP,
markers left) as a table."""

from __future__ import annotations

from typing import Any

from kit.core.words import counted, plural
from kit.timeless_journeys.actions import coins, reward_words
from kit.timeless_journeys.draws import revealed_words
from kit.widgets.pieces import Piece
from kit.widgets.views.base import (
    Html,
    Seen,
    View,
    colour,
    counts,
    escape,
    joined,
    lines,
    listed,
    more,
    new_items,
    pawn,
    player_caption,
    table,
)

# What a player's lists of rewards hold, in words: a Friend tile by its city, a token, a Painting.
GAINED = {
    "friends": "the Friend tile of {}",
    "experience_tokens": "the Experience token {}",
    "paintings": "the Painting {}",
}


def initials(name: str) -> str:
    """'Mary Shelley' -> 'MS', 'Montesquieu' -> 'Mo': two letters on a traveller's star."""
    words = [w for w in name.split() if w[:1].isupper()]
    return "".join(w[0] for w in words[:2]) if len(words) > 1 else name[:2]


def filled(journal: dict[str, Any]) -> int:
    """How many of a Journal's slots are filled: its ideas written, its tile, its friend."""
    ideas = [idea for idea in journal["ideas"] if idea["written"]]
    return len(ideas) + bool(journal["tile"]) + bool(journal["friend"])


def slots(journal: dict[str, Any]) -> int:
    return len(journal["ideas"]) + 2  # the ideas, the city's tile and a friend


def ideas_needed(journal: dict[str, Any]) -> list[str]:
    """The genres of the Idea slots still empty: ['Art', '2 Philosophy']."""
    empty = [idea["genre"] for idea in journal["ideas"] if not idea["written"]]
    genres = dict.fromkeys(empty)
    return [
        genre if empty.count(genre) == 1 else f"{empty.count(genre)} {genre}" for genre in genres
    ]


class TimelessJourneysView(View):
    SETUP = (
        "setup: the Gazette and the Famous Travellers, the tiles placed, Journals dealt, "
        "the market revealed"
    )
    TIMELINE = "Gazette"

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        content = game.content
        self.cards = {
            card.name: card for card in [*content.basic.values(), *content.advanced.values()]
        }

    def card_words(self, name: str) -> str:
        """A card by name and effect: 'card 02: Explore, then take 1 coin.'; a face-down card
        as it is."""
        card = self.cards.get(name)
        return f"{name}: {card.text}" if card else name

    def cards_cell(self, names: list[str]) -> Html | str:
        """Cards one a line, each by name and effect; "" for none."""
        return lines([self.card_words(name) for name in names])

    def explain(self, action: Any) -> str:
        """The effect of the card an action names (the longest name: "second Movement card"
        before "Movement card")."""
        text = str(action)
        named = [name for name in self.cards if name in text]
        return self.card_words(max(named, key=len)) if named else ""

    def tile_words(self, tile: str) -> str:
        """An Exploration tile and its reward, 'Torino-1: gain a Science idea', where it shows."""
        found = self.game.content.tiles.get(tile)  # type: ignore[attr-defined]
        if found is None:
            return tile  # a used tile of another player, face down
        genres = self.game.content.rules.genres  # type: ignore[attr-defined]
        return f"{tile}: {reward_words(found.reward, genres)}"

    def journal_words(self, journal: dict[str, Any]) -> str:
        """A Journal as slots filled out of those it has, with the VP that earns and what it
        still needs."""
        done, total = filled(journal), slots(journal)
        vp = self.game.content.journal_scores[done]  # type: ignore[attr-defined]
        needs = ideas_needed(journal)
        needs += [] if journal["tile"] else [f"an Exploration tile of {journal['city']}"]
        needs += [] if journal["friend"] else ["a Friend tile"]
        still = f"; still needs {listed(needs)}" if needs else ""
        return f"{done} of {total} slots filled ({vp} VP){still}"

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

    def key(self, seen: dict[str, Any]) -> str:
        """What `pieces` draws, in words, for a class reading the map: each label once."""
        travellers = [f"{initials(t['name'])} {t['name']}" for t in seen["travellers"] if t["city"]]
        return (
            "On the map: FT a Favour tile; Fr a Friend tile; L a Letter marker; C a café "
            f"marker; a star, a Famous Traveller ({', '.join(travellers) or 'none'}); a "
            "number on a token, the face-down Exploration tiles left; a pawn, a Player "
            "marker (its player's number)"
        )

    def player_table(self, seen: dict[str, Any], player: int) -> Html:
        area = seen["players"][player]
        hand = self.cards_cell(area["hand"]) if area["hand"] is not None else hidden(area)
        rows: list[tuple[str, object]] = [
            ("Marker", area["marker"]),
            ("Coins", area["coins"]),
            ("VP", area["vp"]),
            ("Ideas", counts(area["ideas"])),
            ("Hand", hand),
            ("Played this round", self.cards_cell(area["play_area"])),
            ("Exploration tiles", lines([self.tile_words(t) for t in area["exploration_tiles"]])),
        ]
        rows += [(f"Journal {j['journal']}", self.journal_words(j)) for j in area["journals"]]
        rows += [
            ("Friend tiles from", area["friends"]),
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
        for level, cards in seen["market"].items():
            deck = escape(f"{seen['deck_sizes'][level]} more in the deck")
            rows.append((f"Market, {level}", Html(f"{self.cards_cell(cards)}<br>{deck}")))
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

    def label(self, action: Any) -> str:
        """The whole action, for a shared screen (a seat is told `TimelessState.told`); a card
        revealed in the market is said with its effect."""
        return revealed_words(self.game.content, action) or str(action)  # type: ignore[attr-defined]

    def place_of(self, seen: dict[str, Any], player: int) -> str:
        return str(seen["players"][player]["marker"] or "")

    def brought(self, before: Seen, after: Seen, mover: int) -> list[tuple[str, str]]:
        """Coins, VP, Ideas, cards and tiles taken, Journal slots filled, friends, Experience
        tokens and Paintings: what the mover's play area gained, within one phase (a phase's
        end brings everyone their cards back and the round's rewards, which no one action
        brought)."""
        if before["phase"] != after["phase"]:
            return []
        was, now = before["players"][mover], after["players"][mover]
        gains = []
        if now["coins"] > was["coins"]:
            n = coins(now["coins"] - was["coins"])
            gains.append((n, f"gains {n}"))
        if now["vp"] > was["vp"]:
            n = f"{now['vp'] - was['vp']} VP"
            gains.append((n, f"scores {n}"))
        ideas = [idea_words(genre, n) for genre, n in more(was["ideas"], now["ideas"]).items()]
        gains += [(listed(ideas), f"gains {listed(ideas)}")] if ideas else []
        gains += self._cards_taken(was, now)
        tiles = self.game.content.tiles  # type: ignore[attr-defined]
        for tile in new_items(was["exploration_tiles"], now["exploration_tiles"]):
            if tile in tiles:  # not one turned face down by its use
                gains.append((tile, f"takes Exploration tile {self.tile_words(tile)}"))
        for old, new in zip(was["journals"], now["journals"], strict=True):
            if filled(new) > filled(old):
                name = f"Journal {new['journal']}"
                gains.append((name, f"fills {name}: {self.journal_words(new)}"))
        for area, words in GAINED.items():
            for item in new_items(was[area], now[area]):
                gains.append((words.format(item), f"takes {words.format(item)}"))
        return gains

    def _cards_taken(self, was: Seen, now: Seen) -> list[tuple[str, str]]:
        """Cards come into a hand (not back from the play area): named for their owner,
        counted for the others; a label that names a card (buy or take it) says it already."""
        back = len(was["play_area"]) - len(now["play_area"])
        if now["hand"] is not None and was["hand"] is not None:
            taken = new_items(now["play_area"], was["play_area"])
            cards = new_items(taken, new_items(was["hand"], now["hand"]))
            return [(name, f"takes {name} into the hand") for name in cards]
        n = now["hand_size"] - was["hand_size"] - max(back, 0)
        return [("card", f"takes {plural(n, 'card')} into the hand")] if n > 0 else []


def idea_words(genre: str, n: int) -> str:
    """'an Art idea', '2 Science ideas'."""
    return counted(n, f"{genre} idea")


def hidden(area: dict[str, Any]) -> str:
    """Another player's hand, which the viewer sees only the backs of."""
    return f"{plural(area['hand_size'], 'card')}, face down"
