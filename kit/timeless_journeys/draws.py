"""Chance in Timeless Journeys: every shuffle and deal is drawn one item at a time, each a `Draw`
frame whose outcomes are named `Choice`s with their weights, so a seed only picks outcomes, a
save replays them exactly, and a scenario (`setup.setup`) can fix any of them by name. Each
outcome's label says what is drawn and where it goes."""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING

from kit.timeless_journeys.actions import Choice, Draw, Outcome, article, roman
from kit.timeless_journeys.content import LOCALS, listing

if TYPE_CHECKING:
    from kit.timeless_journeys.state import TimelessState


def outcome(
    text: str, run: Callable[..., None], *args: object, place: str | None = None
) -> Outcome:
    """A chance outcome of weight 1."""
    return Choice(text, "chance", place, run, args), 1


@dataclass(frozen=True, slots=True)
class SideDraw(Draw):
    def question(self, state: TimelessState) -> str:
        return "which side of the Gazette is used"

    def outcomes(self, state: TimelessState) -> list[Outcome]:
        return [outcome(f"Gazette side {s} is used", _set_side, s) for s in state.content.sides]


def _set_side(state: TimelessState, side: str) -> None:
    state.side = side


@dataclass(frozen=True, slots=True)
class SetDraw(Draw):
    def question(self, state: TimelessState) -> str:
        return "which historical set of travellers is played"

    def outcomes(self, state: TimelessState) -> list[Outcome]:
        sets = sorted({t.set for t in state.content.travellers.values()})
        return [outcome(f"historical set {s} is played", _set_travellers, s) for s in sets]


def _set_travellers(state: TimelessState, period: str) -> None:
    state.picked = [t.id for t in state.content.travellers.values() if t.set == period]


@dataclass(frozen=True, slots=True)
class TravellerDraw(Draw):
    def question(self, state: TimelessState) -> str:
        return "which Famous Traveller is drawn"

    def outcomes(self, state: TimelessState) -> list[Outcome]:
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

    def outcomes(self, state: TimelessState) -> list[Outcome]:
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

    def outcomes(self, state: TimelessState) -> list[Outcome]:
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

    def outcomes(self, state: TimelessState) -> list[Outcome]:
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

    def outcomes(self, state: TimelessState) -> list[Outcome]:
        there = state.city_tiles[self.city]
        return [
            outcome(
                f"Exploration tile {t} is placed face down in {self.city}",
                _place_tile,
                self.city,
                t,
                place=self.city,
            )
            for t in state.content.cities[self.city].tiles
            if t not in there
        ]


def _place_tile(state: TimelessState, city: str, tile: str) -> None:
    bisect.insort(state.city_tiles[city], tile)


@dataclass(frozen=True, slots=True)
class JournalDeal(Draw):
    receiver: int
    stack: str

    def question(self, state: TimelessState) -> str:
        return f"which Journal of stack {self.stack} is dealt to player {self.receiver}"

    def outcomes(self, state: TimelessState) -> list[Outcome]:
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

    def outcomes(self, state: TimelessState) -> list[Outcome]:
        advanced = state.content.advanced
        return [
            outcome(
                f"{advanced[card].label} is revealed in the market (Level {roman(self.level)})",
                _reveal_card,
                self.level,
                card,
            )
            for card in state.deck[self.level]
        ]


def _reveal_card(state: TimelessState, level: int, card: str) -> None:
    state.deck[level].remove(card)
    state.market[level].append(card)


@dataclass(frozen=True, slots=True)
class PaintingReveal(Draw):
    def question(self, state: TimelessState) -> str:
        return "which Painting is revealed"

    def outcomes(self, state: TimelessState) -> list[Outcome]:
        painter = state.content.by_rule["lebrun"].name
        return [
            (
                Choice(
                    f"{article(name)} painting is revealed for {painter}",
                    "chance",
                    None,
                    _reveal_painting,
                    (name,),
                ),
                count,
            )
            for name, count in sorted(state.painting_pile.items())
            if count
        ]


def _reveal_painting(state: TimelessState, name: str) -> None:
    state.painting_pile[name] -= 1
    state.revealed.append(name)
