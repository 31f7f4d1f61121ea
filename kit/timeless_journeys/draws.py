"""Chance in Timeless Journeys: every shuffle and deal is drawn one item at a time, each a `Draw`
frame whose outcomes are named `Choice`s with their weights, so a seed only picks outcomes, a
save replays them exactly, and a scenario (`setup.setup`) can fix any of them by name. Each
outcome's label says what is drawn and where it goes; outcomes are equally likely unless the
draw gives `weights` (Le Brun's Paintings, by the copies left)."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import permutations
from typing import TYPE_CHECKING

from kit.timeless_journeys.actions import Choice, Draw, article, roman
from kit.timeless_journeys.content import LOCALS, listing

if TYPE_CHECKING:
    from kit.timeless_journeys.state import TimelessState


@cache
def outcome(text: str, run: Callable[..., None], *args: object, place: str | None = None) -> Choice:
    """A chance outcome (the same outcomes recur in every game: each is made once)."""
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
            outcome(
                f"the Friend tile of {city} goes to the {LOCALS[side]} local",
                _place_friend,
                city,
                side,
                place=city,
            )
            for city in state.content.friends
            if city not in state.friend
            for side in range(len(LOCALS))
        ]


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
            outcome(
                f"Favour tile {f.id} is placed in {self.city}",
                _place_favour,
                self.city,
                f.id,
                place=self.city,
            )
            for f in state.content.favours.values()
            if f.back == back and f.id not in taken
        ]


def _place_favour(state: TimelessState, city: str, favour: str) -> None:
    state.favour[city] = favour


@dataclass(frozen=True, slots=True)
class TileDraw(Draw):
    city: str

    def question(self, state: TimelessState) -> str:
        return f"which Exploration tile is placed face down in {self.city}"

    def choices(self, state: TimelessState) -> list[Choice]:
        there = state.city_tiles[self.city]
        return [
            _tile_outcome(self.city, t)
            for t in state.content.cities[self.city].tiles
            if t not in there
        ]


@cache
def _tile_outcome(city: str, tile: str) -> Choice:
    text = f"Exploration tile {tile} is placed face down in {city}"
    return outcome(text, _place_tile, city, tile, place=city)


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
            outcome(
                f"Journal {j.id} is dealt to player {self.receiver}",
                _deal_journal,
                self.receiver,
                j.id,
            )
            for j in state.content.journals.values()
            if j.stack == self.stack and j.id not in dealt
        ]


def _deal_journal(state: TimelessState, player: int, journal: str) -> None:
    state.journals[player].append(journal)
    slots = len(state.content.journals[journal].ideas)
    state.written[player].append([0] * slots + ["", ""])


@dataclass(frozen=True, slots=True)
class MarketReveal(Draw):
    level: int

    def question(self, state: TimelessState) -> str:
        return f"which Level {roman(self.level)} card is revealed in the market"

    def choices(self, state: TimelessState) -> list[Choice]:
        advanced, level = state.content.advanced, self.level
        return [_reveal_outcome(level, card, advanced[card].label) for card in state.deck[level]]


@cache
def _reveal_outcome(level: int, card: str, label: str) -> Choice:
    text = f"{label} is revealed in the market (Level {roman(level)})"
    return outcome(text, _reveal_card, level, card)


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
