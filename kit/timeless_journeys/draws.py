"""Chance in Timeless Journeys: every shuffle and deal is drawn one item at a time, each outcome a
named `Choice` with its weight, so a seed only picks outcomes and a save replays them exactly.

`DRAWS[what](state, *args)` lists `(choice, weight)` pairs for the frame `("draw", what, *args)`."""

from __future__ import annotations

import bisect
from itertools import permutations

from kit.timeless_journeys.actions import outcome
from kit.timeless_journeys.content import ROMAN
from kit.timeless_journeys.effects import SIDES


def _draw_side(state):
    return [(outcome(f"Gazette side {s}", (_set_side, s)), 1) for s in state.content.sides]


def _set_side(state, side: str) -> None:
    state.side = side


def _draw_set(state):
    sets = sorted({t.set for t in state.content.travellers.values()})
    return [(outcome(f"historical set {s}", (_set_travellers, s)), 1) for s in sets]


def _set_travellers(state, period: str) -> None:
    state.picked = [t.id for t in state.content.travellers.values() if t.set == period]


def _draw_traveller(state):
    return [
        (outcome(f"Famous Traveller {t.name}", (_pick_traveller, t.id)), 1)
        for t in state.content.travellers.values()
        if t.id not in state.picked
    ]


def _pick_traveller(state, traveller_id: str) -> None:
    state.picked.append(traveller_id)


def _draw_order(state):
    names = state.content.travellers
    return [
        (
            outcome(
                "portraits: " + ", ".join(names[t].name for t in order), (_place_travellers, order)
            ),
            1,
        )
        for order in permutations(sorted(state.picked))
    ]


def _place_travellers(state, order: tuple) -> None:
    state.travellers = list(order)


def _draw_friend(state):
    placed = state.friend
    return [
        (
            outcome(
                f"Friend tile of {city} at the {SIDES[side]} local",
                (_place_friend, city, side),
            ),
            1,
        )
        for city in state.content.friends
        if city not in placed
        for side in (0, 1)
    ]


def _place_friend(state, city: str, side: int) -> None:
    state.friend[city] = side


def _draw_favour(state, city: str):
    back = state.content.cities[city].favour_slot
    taken = set(state.favour.values())
    return [
        (outcome(f"Favour tile {f.id} to {city}", (_place_favour, city, f.id)), 1)
        for f in state.content.favours.values()
        if f.back == back and f.id not in taken
    ]


def _place_favour(state, city: str, favour: str) -> None:
    state.favour[city] = favour


def _draw_tile(state, city: str):
    there = state.city_tiles[city]
    return [
        (outcome(f"Exploration tile {t} to {city}", (_place_tile, city, t)), 1)
        for t in state.content.cities[city].tiles
        if t not in there
    ]


def _place_tile(state, city: str, tile: str) -> None:
    bisect.insort(state.city_tiles[city], tile)


def _draw_journal(state, player: int, stack: str):
    dealt = {j for journals in state.journals for j in journals}
    return [
        (outcome(f"Journal {j.id} to player {player}", (_deal_journal, player, j.id)), 1)
        for j in state.content.journals.values()
        if j.stack == stack and j.id not in dealt
    ]


def _deal_journal(state, player: int, journal: str) -> None:
    state.journals[player].append(journal)
    state.written[player].append([0, 0, 0, 0, 0, 0, "", ""])


def _draw_market(state, level: int):
    return [
        (outcome(f"reveal {card} (Level {ROMAN[level]})", (_reveal_card, level, card)), 1)
        for card in state.deck[level]
    ]


def _reveal_card(state, level: int, card: str) -> None:
    state.deck[level].remove(card)
    state.market[level].append(card)


def _draw_painting(state):
    return [
        (outcome(f"reveal a {name} painting", (_reveal_painting, name)), count)
        for name, count in sorted(state.painting_pile.items())
        if count
    ]


def _reveal_painting(state, name: str) -> None:
    state.painting_pile[name] -= 1
    state.revealed.append(name)


DRAWS = {
    "side": _draw_side,
    "set": _draw_set,
    "traveller": _draw_traveller,
    "order": _draw_order,
    "friend": _draw_friend,
    "favour": _draw_favour,
    "tile": _draw_tile,
    "journal": _draw_journal,
    "market": _draw_market,
    "painting": _draw_painting,
}
