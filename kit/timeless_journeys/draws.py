"""Chance in Timeless Journeys: every shuffle and deal is drawn one item at a time, each a `Draw`
frame whose outcomes are named `Choice`s with their weights, so a seed only picks outcomes, a
save replays them exactly, and a scenario (`setup.setup`) can fix any of them by name. Each
outcome's label says what is drawn and where it goes; outcomes are equally likely unless the
draw gives `weights` (Le Brun's Paintings, by the copies left) or its own `outcomes` (a market
reveal, by the copies of each card left in the deck)."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import permutations
from typing import TYPE_CHECKING

from kit.core.words import article
from kit.timeless_journeys.actions import Choice, Draw, Outcome, roman
from kit.timeless_journeys.content import LOCALS, Content, listing

if TYPE_CHECKING:
    from kit.timeless_journeys.state import TimelessState


def outcome(text: str, run: Callable[..., None], *args: object, place: str | None = None) -> Choice:
    """A chance outcome. The same outcomes recur in every game: the draws that come often
    make each of theirs once."""
    return Choice(text, "chance", place, run, args)


@dataclass(frozen=True, slots=True)
class SideDraw(Draw):
    def question(self, state: TimelessState) -> str:
        return "which side of the Gazette is used"

    def choices(self, state: TimelessState) -> list[Choice]:
        return [outcome(f"Gazette side {s} is used", _set_side, s) for s in state.content.sides]


def _set_side(state: TimelessState, side: str) -> None:
    state.side = side


@dataclass(frozen=True, slots=True)
class SetDraw(Draw):
    def question(self, state: TimelessState) -> str:
        return "which historical set of travellers is played"

    def choices(self, state: TimelessState) -> list[Choice]:
        sets = sorted({t.set for t in state.content.travellers.values()})
        return [outcome(f"historical set {s} is played", _set_travellers, s) for s in sets]


def _set_travellers(state: TimelessState, period: str) -> None:
    state.picked = [t.id for t in state.content.travellers.values() if t.set == period]


@dataclass(frozen=True, slots=True)
class TravellerDraw(Draw):
    def question(self, state: TimelessState) -> str:
        return "which Famous Traveller is drawn"

    def choices(self, state: TimelessState) -> list[Choice]:
        return [
            outcome(f"{t.name} is drawn as a Famous Traveller", _pick_traveller, t.id)
            for t in state.content.travellers.values()
            if t.id not in state.picked
        ]


def _pick_traveller(state: TimelessState, traveller_id: str) -> None:
    state.picked.append(traveller_id)


@dataclass(frozen=True, slots=True)
class PortraitDraw(Draw):
    def question(self, state: TimelessState) -> str:
        return "in which order the travellers' portraits are placed"

    def choices(self, state: TimelessState) -> list[Choice]:
        travellers = state.content.travellers
        return [
            outcome(
                "the portraits are, from the left: " + listing([travellers[t].name for t in order]),
                _place_travellers,
                order,
            )
            for order in permutations(sorted(state.picked))
        ]


def _place_travellers(state: TimelessState, order: tuple[str, ...]) -> None:
    state.travellers = list(order)


@dataclass(frozen=True, slots=True)
class FriendDraw(Draw):
    def question(self, state: TimelessState) -> str:
        return "which Friend tile is placed, and on which side"

    def choices(self, state: TimelessState) -> list[Choice]:
        return [
            _friend_outcome(city, side)
            for city in state.content.friends
            if city not in state.friend
            for side in range(len(LOCALS))
        ]


@cache
def _friend_outcome(city: str, side: int) -> Choice:
    text = f"the Friend tile of {city} goes to the {LOCALS[side]} local"
    return outcome(text, _place_friend, city, side, place=city)


def _place_friend(state: TimelessState, city: str, side: int) -> None:
    state.friend[city] = side


@dataclass(frozen=True, slots=True)
class FavourDraw(Draw):
    city: str

    def question(self, state: TimelessState) -> str:
        return f"which Favour tile is placed in {self.city}"

    def choices(self, state: TimelessState) -> list[Choice]:
        back = state.content.cities[self.city].favour_slot
        taken = set(state.favour.values())
        return [
            _favour_outcome(self.city, f.id)
            for f in state.content.favours.values()
            if f.back == back and f.id not in taken
        ]


@cache
def _favour_outcome(city: str, favour: str) -> Choice:
    text = f"Favour tile {favour} is placed in {city}"
    return outcome(text, _place_favour, city, favour, place=city)


def _place_favour(state: TimelessState, city: str, favour: str) -> None:
    state.favour[city] = favour


@dataclass(frozen=True, slots=True)
class TileDraw(Draw):
    city: str

    def question(self, state: TimelessState) -> str:
        return f"which Exploration tile is placed face down in {self.city}"

    def choices(self, state: TimelessState) -> list[Choice]:
        there, placing = state.city_tiles[self.city], _tile_outcomes(state.content)
        return [placing[t] for t in state.content.cities[self.city].tiles if t not in there]

    def told(self, state: TimelessState, action: Choice, seat: int) -> str:
        """The tile lies face down: no one learns which it is."""
        return f"an Exploration tile is placed face down in {self.city}"


@cache
def _tile_outcomes(content: Content) -> dict[str, Choice]:
    """Each tile's placing in its city, the same in every game: made once."""
    return {
        tile.id: outcome(
            f"Exploration tile {tile.id} is placed face down in {tile.city}",
            _place_tile,
            tile.city,
            tile.id,
            place=tile.city,
        )
        for tile in content.tiles.values()
    }


def _place_tile(state: TimelessState, city: str, tile: str) -> None:
    bisect.insort(state.city_tiles[city], tile)


@dataclass(frozen=True, slots=True)
class JournalDeal(Draw):
    receiver: int
    stack: str

    def question(self, state: TimelessState) -> str:
        return f"which Journal of stack {self.stack} is dealt to player {self.receiver}"

    def choices(self, state: TimelessState) -> list[Choice]:
        dealt = {j for journals in state.journals for j in journals}
        return [
            _journal_outcome(self.receiver, j.id)
            for j in state.content.journals.values()
            if j.stack == self.stack and j.id not in dealt
        ]


@cache
def _journal_outcome(player: int, journal: str) -> Choice:
    text = f"Journal {journal} is dealt to player {player}"
    return outcome(text, _deal_journal, player, journal)


def _deal_journal(state: TimelessState, player: int, journal: str) -> None:
    state.journals[player].append(journal)
    slots = len(state.content.journals[journal].ideas)
    state.written[player].append([0] * slots + ["", ""])


@dataclass(frozen=True, slots=True)
class MarketReveal(Draw):
    """The top card of a level's deck: one outcome per card face, as likely as its copies left
    in the deck."""

    level: int

    def question(self, state: TimelessState) -> str:
        return f"which Level {roman(self.level)} card is revealed in the market"

    def choices(self, state: TimelessState) -> list[Choice]:
        revealing = _reveal_outcomes(state.content)
        return [revealing[card] for card in dict.fromkeys(state.deck[self.level])]

    def outcomes(self, state: TimelessState) -> tuple[Outcome, ...]:
        """Each face of the deck as likely as its copies left. The deck only ever loses cards,
        so it keeps the sorted order it was made in and a face's copies are neighbours: one
        pass counts them."""
        deck = state.deck[self.level]
        if not deck:
            return ()
        revealing, share = _reveal_outcomes(state.content), 1 / len(deck)
        found = []
        previous, copies = deck[0], 0
        for card in deck:
            if card == previous:
                copies += 1
            else:
                found.append((revealing[previous], copies * share))
                previous, copies = card, 1
        found.append((revealing[previous], copies * share))
        return tuple(found)

    def told(self, state: TimelessState, action: Choice, seat: int) -> str:
        return revealed_words(state.content, action) or action.text


def revealed_words(content: Content, action: Choice) -> str | None:
    """A card revealed in the market, told with its effect for everyone to read; None for any
    other action."""
    if action.run is not _reveal_card:
        return None
    return f"{action.text}: {content.card(str(action.args[1])).text}"


@cache
def _reveal_outcomes(content: Content) -> dict[str, Choice]:
    """Each Advanced card's reveal in the market, the same in every game: made once."""
    return {
        card.id: outcome(
            f"{card.label} is revealed in the market (Level {roman(card.level - 1)})",
            _reveal_card,
            card.level - 1,
            card.id,
        )
        for card in content.advanced.values()
    }


def _reveal_card(state: TimelessState, level: int, card: str) -> None:
    state.deck[level].remove(card)
    state.market[level].append(card)


@dataclass(frozen=True, slots=True)
class PaintingReveal(Draw):
    def question(self, state: TimelessState) -> str:
        return "which Painting is revealed"

    def choices(self, state: TimelessState) -> list[Choice]:
        painter = state.content.by_rule["lebrun"].name
        return [
            outcome(f"{article(name)} painting is revealed for {painter}", _reveal_painting, name)
            for name, count in sorted(state.painting_pile.items())
            if count
        ]

    def weights(self, state: TimelessState, choices: Sequence[Choice]) -> list[float]:
        """As many chances as copies left of each kind."""
        return [state.painting_pile[str(choice.args[0])] for choice in choices]


def _reveal_painting(state: TimelessState, name: str) -> None:
    state.painting_pile[name] -= 1
    state.revealed.append(name)
