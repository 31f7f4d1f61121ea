"""The named effects of Location cards, Local tiles, Festivals, the Income track and Write, Rest
and Plan: each is one small function `(state, player, amount, category)`.

Data files name effects (`{ pay_coins = 2, points = 5 }`); `resolve` applies them in order. A
`pay_*` effect is a payment: when the player cannot make every payment of an effect, the whole
effect does nothing, so a card's reward is never had for free. `category` is the score-sheet line
that `points` go to."""

from __future__ import annotations

from collections.abc import Callable

RESOURCES = ("coins", "energy", "excitement", "locals")
COINS, ENERGY, EXCITEMENT, LOCALS = range(4)


def coins(state, player: int, amount: int, category: int) -> None:
    """Coins pay for flights and card effects."""
    state.res[player][COINS] += amount


def energy(state, player: int, amount: int, category: int) -> None:
    """Energy pays for trains and effects."""
    state.res[player][ENERGY] += amount


def excitement(state, player: int, amount: int, category: int) -> None:
    """Excitement shortens later visits (never the visit that gave it: it comes after paying)."""
    state.res[player][EXCITEMENT] += amount


def locals_(state, player: int, amount: int, category: int) -> None:
    """Locals pay for Local tiles and some effects."""
    state.res[player][LOCALS] += amount


def pay_coins(state, player: int, amount: int, category: int) -> None:
    state.res[player][COINS] -= amount


def pay_energy(state, player: int, amount: int, category: int) -> None:
    state.res[player][ENERGY] -= amount


def pay_excitement(state, player: int, amount: int, category: int) -> None:
    state.res[player][EXCITEMENT] -= amount


def pay_locals(state, player: int, amount: int, category: int) -> None:
    state.res[player][LOCALS] -= amount


def points(state, player: int, amount: int, category: int) -> None:
    """Points, written on the score-sheet line of what gave them."""
    state.pts[player][category] += amount


def income(state, player: int, amount: int, category: int) -> None:
    """Advance the Income track (it stops at its last position)."""
    top = len(state.game.content.rules.income_track) - 1
    state.income[player] = min(top, state.income[player] + amount)


def draw(state, player: int, amount: int, category: int) -> None:
    """Draw Location cards: each draw is a chance event that follows this effect."""
    state.owed[player] += amount


def ticket(state, player: int, amount: int, category: int) -> None:
    """A free trip to any region, kept for the Travel step of a later turn."""
    state.tickets[player] += amount


def insider(state, player: int, amount: int, category: int) -> None:
    """Turn the next available Day discs of this week to their Insider Tip (heart) side."""
    week_start = state.week * state.game.content.rules.days_per_week
    first = week_start + state.day[player]
    last = week_start + state.game.content.rules.days_per_week
    for slot in range(first, last):
        if amount == 0:
            return
        if not state.insider[player] >> slot & 1:
            state.insider[player] |= 1 << slot
            amount -= 1


EFFECTS: dict[str, Callable] = {
    "coins": coins,
    "energy": energy,
    "excitement": excitement,
    "locals": locals_,
    "pay_coins": pay_coins,
    "pay_energy": pay_energy,
    "pay_excitement": pay_excitement,
    "pay_locals": pay_locals,
    "points": points,
    "income": income,
    "draw": draw,
    "ticket": ticket,
    "insider": insider,
}
PAYMENTS = {f"pay_{name}": index for index, name in enumerate(RESOURCES)}


def can_pay(state, player: int, effect) -> bool:
    """Whether the player holds every payment the effect asks for."""
    held = state.res[player]
    return all(held[PAYMENTS[name]] >= amount for name, amount in effect if name in PAYMENTS)


def resolve(state, player: int, effect, category: int) -> None:
    """Apply an effect in its printed order, or nothing when its payments cannot be made."""
    if can_pay(state, player, effect):
        for name, amount in effect:
            EFFECTS[name](state, player, amount, category)


def _count(amount: int, name: str) -> str:
    """'1 coin', '2 coins': the singular for one of a plural resource."""
    return f"{amount} {name[:-1]}" if amount == 1 and name.endswith("s") else f"{amount} {name}"


def describe(effect) -> str:
    """An effect in words, e.g. 'pay 2 coins: 5 points'."""
    paid = [_count(amount, name[4:]) for name, amount in effect if name in PAYMENTS]
    gained = [_count(amount, name) for name, amount in effect if name not in PAYMENTS]
    text = ", ".join(gained) or "nothing"
    return f"pay {', '.join(paid)}: {text}" if paid else text
