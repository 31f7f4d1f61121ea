"""Seeded randomness. The kit never calls the module-level `random` functions: every draw comes
from a seed and a label, so the same seed always gives the same game on any machine.

Chance outcomes are picked by `chance_pick`: a splitmix64 hash of the seed and the step number
gives a fraction in [0, 1) that selects an outcome by its probability. It needs no generator
object, which matters because a game has a chance event every few actions.

A seed is a whole number from 0 to 2**64 - 1 (`check_seed`), decided here once and checked
wherever a seed enters (a game's options, a save, the command line, a bot, a puzzle, a
tournament's or a simulation's run of seeds): the chance picks read 64 bits of it, so these are
exactly the seeds that give different games, and each one prints, saves and loads (a number of
thousands of digits could not even be written as text)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from kit.core.errors import KitError, shown

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
SEED_MAX = MASK
SEED_RULE = f"a seed is a whole number from 0 to 2**64 - 1 ({SEED_MAX})"
"""The one message of a seed out of range or of the wrong type: `SEED_RULE`, not what was given."""


def check_seed(seed: object) -> int:
    """`seed` if it is a seed, else `KitError` saying what a seed is."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        raise KitError(f"{SEED_RULE}, not {shown(seed)}")
    return seed


def check_seeds(first: object, count: int) -> int:
    """`first` if `first`, `first + 1`, ..., `first + count - 1` are all seeds (the games of a
    tournament or a simulation), else `KitError` saying why."""
    start = check_seed(first)
    if count > 0 and start + count - 1 > SEED_MAX:
        raise KitError(
            f"{SEED_RULE}, and {count} games from seed {start} would end at seed "
            f"{start + count - 1}"
        )
    return start


def seed_from_text(text: str) -> int:
    """The seed typed as `text` (the command line), checked."""
    try:
        return check_seed(int(text))
    except ValueError:  # not a number, or one longer than Python converts
        raise KitError(f"{SEED_RULE}, not {shown(text)}") from None


def rng_for(seed: int | None, *labels: object) -> random.Random:
    """A generator fixed by `seed` (a seed, or None) and `labels` (a bot's seat, say), for bots
    and simulations.

    String seeding is stable across Python runs (it does not depend on hash randomisation)."""
    if seed is not None:
        check_seed(seed)
    return random.Random(":".join(str(part) for part in (seed, *labels)))


def mix(value: int) -> int:
    """The splitmix64 finaliser: a well-spread 64-bit hash of a 64-bit integer."""
    value = (value + GOLDEN) & MASK
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & MASK
    return value ^ (value >> 31)


@lru_cache(maxsize=256)
def seed_base(seed: int | None) -> int:
    """The seed's hash (its low 64 bits; None is a seed of its own), the same at every step of
    a game, so made once."""
    return mix(seed & MASK) if seed is not None else GOLDEN


@lru_cache(maxsize=1 << 16)
def step_base(step: int) -> int:
    """The step number's hash, the same in every game: a game's steps recur from seed to seed."""
    return mix(step)


def chance_fraction(seed: int | None, step: int) -> float:
    """A fraction in [0, 1) fixed by the seed and the step number of a game."""
    return mix(seed_base(seed) ^ step_base(step)) / 2.0**64


def chance_pick(seed: int | None, step: int, weights: Sequence[float]) -> int:
    """The index of the outcome that the seed picks at `step`, by the outcomes' `weights`."""
    target = chance_fraction(seed, step) * sum(weights)
    running = 0.0
    for index, weight in enumerate(weights):
        running += weight
        if target < running:
            return index
    return len(weights) - 1
