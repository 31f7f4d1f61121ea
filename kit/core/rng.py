"""Seeded randomness. The kit never calls the module-level `random` functions: every draw comes
from a generator derived from a seed and a label, so the same seed always gives the same game."""

from __future__ import annotations

import random


def rng_for(seed: int | None, *labels: object) -> random.Random:
    """A generator fixed by `seed` and `labels` (for example the step number of a game).

    String seeding is stable across Python runs (it does not depend on hash randomisation),
    which keeps saved games and tests reproducible."""
    return random.Random(":".join(str(part) for part in (seed, *labels)))
