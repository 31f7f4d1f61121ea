"""The named effects of Location cards, Local tiles, Festivals, the Income track and Write, Rest
and Plan: each is one small function `(state, player, amount, category)`.

Data files name effects (`{ pay_coins = 2, points = 5 }`); `resolve` applies them in order. A
`pay_*` effect is a payment: when the player cannot make every payment of an effect, the whole
effect does nothing, so a card's reward is never had for free. `category` is the score-sheet line
that `points` go to. `describe` and `amount` put effects and resources in the labels' words."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kit.core.words import plural

if TYPE_CHECKING:
    from kit.four_weeks.state import FourWeeksState

RESOURCES = ("coins", "energy", "excitement", "locals")
COINS, ENERGY, EXCITEMENT, LOCALS = range(4)
# How the resources are written: (one, several), as the rulebook capitalises them.
RESOURCE_NAMES = (
    ("Coin", "Coins"),
    ("Energy", "Energy"),
    ("Excitement", "Excitement"),
    ("Local", "Locals"),
)

Effect = tuple[tuple[str, int], ...]  # named effects with their amounts, in resolution order
EffectFunction = Callable[["FourWeeksState", int, int, int], None]


def coins(state: FourWeeksState, player: int, amount: int, category: int) -> None:
    """Coins pay for flights and card effects."""
    state.res[player][COINS] += amount


def energy(state: FourWeeksState, player: int, amount: int, category: int) -> None:
    """Energy pays for trains and effects."""
    state.res[player][ENERGY] += amount


def excitement(state: FourWeeksState, player: int, amount: int, category: int) -> None:
    """Excitement shortens later visits (never the visit that gave it: it comes after paying)."""
    state.res[player][EXCITEMENT] += amount


def locals_(state: FourWeeksState, player: int, amount: int, category: int) -> None:
    """Locals pay for Local tiles and some effects."""
    state.res[player][LOCALS] += amount


def pay_coins(state: FourWeeksState, player: int, amount: int, category: int) -> None:
    state.res[player][COINS] -= amount


def pay_energy(state: FourWeeksState, player: int, amount: int, category: int) -> None:
    state.res[player][ENERGY] -= amount


def pay_excitement(state: FourWeeksState, player: int, amount: int, category: int) -> None:
    state.res[player][EXCITEMENT] -= amount


def pay_locals(state: FourWeeksState, player: int, amount: int, category: int) -> None:
    state.res[player][LOCALS] -= amount


def points(state: FourWeeksState, player: int, amount: int, category: int) -> None:
    """Points, written on the score-sheet line of what gave them."""
    state.pts[player][category] += amount


def income(state: FourWeeksState, player: int, amount: int, category: int) -> None:
    """Advance the Income track (it stops at its last position)."""
    top = len(state.game.content.rules.income_track) - 1
    state.income[player] = min(top, state.income[player] + amount)


def draw(state: FourWeeksState, player: int, amount: int, category: int) -> None:
    """Draw Location cards: each draw is a chance event that follows this effect."""
    state.owed[player] += amount


def ticket(state: FourWeeksState, player: int, amount: int, category: int) -> None:
    """A free trip to any region, kept for the Travel step of a later turn."""
    state.tickets[player] += amount


def insider(state: FourWeeksState, player: int, amount: int, category: int) -> None:
    """Turn the next available Day discs of this week to their Insider Tip (heart) side."""
    per_week = state.game.content.rules.days_per_week
    week_start = state.week * per_week
    for slot in range(week_start + state.day[player], week_start + per_week):
        if amount == 0:
            return
        if not state.insider[player] >> slot & 1:
            state.insider[player] |= 1 << slot
            amount -= 1


EFFECTS: dict[str, EffectFunction] = {
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


def can_pay(state: FourWeeksState, player: int, effect: Effect) -> bool:
    """Whether the player holds every payment the effect asks for."""
    held = state.res[player]
    return all(held[PAYMENTS[name]] >= amount for name, amount in effect if name in PAYMENTS)


def resolve(state: FourWeeksState, player: int, effect: Effect, category: int) -> None:
    """Apply an effect in its printed order, or nothing when its payments cannot be made."""
    if can_pay(state, player, effect):
        for name, amount in effect:
            EFFECTS[name](state, player, amount, category)


# --- in words -----------------------------------------------------------------------------------
def amount(count: int, resource: int) -> str:
    """'1 Coin', '2 Coins', '3 Energy'."""
    one, several = RESOURCE_NAMES[resource]
    return f"{count} {one if count == 1 else several}"


_GAINS: dict[str, Callable[[int], str]] = {
    "points": lambda n: plural(n, "point", "points"),
    "income": lambda n: plural(n, "Income track step", "Income track steps"),
    "draw": lambda n: plural(n, "card drawn", "cards drawn"),
    "ticket": lambda n: plural(n, "free trip", "free trips"),
    "insider": lambda n: plural(n, "Insider Tip", "Insider Tips"),
}


def gain(name: str, count: int) -> str:
    """One part of an effect in words: '2 Coins', '1 point', '1 free trip'."""
    if name in RESOURCES:
        return amount(count, RESOURCES.index(name))
    return _GAINS[name](count)


def payment(effect: Effect) -> str:
    """The payments of an effect in words ('2 Coins and 1 Local'), or '' if it has none."""
    paid = [amount(count, PAYMENTS[name]) for name, count in effect if name in PAYMENTS]
    return " and ".join(paid)


def describe(effect: Effect) -> str:
    """An effect in words, e.g. 'pay 2 Coins: 5 points'."""
    gained = [gain(name, count) for name, count in effect if name not in PAYMENTS]
    text = ", ".join(gained) or "nothing"
    paid = payment(effect)
    return f"pay {paid}: {text}" if paid else text
