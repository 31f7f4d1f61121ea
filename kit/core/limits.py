"""The limits every planner and tournament takes, checked by one rule each wherever they enter
(a function's argument, a command's flag, a panel's box): a time limit is a number of seconds
above 0 and at most `MOST_SECONDS`; a number of workers is a whole number from 1, and more than
the machine's cores is lowered to them with a note (`Capped`), since a process or a thread per
worker beyond them only shares the same cores (999 processes for `--workers 1000`)."""

from __future__ import annotations

import numbers
import os
import warnings

from kit.core.errors import KitError, shown

MOST_SECONDS = 7 * 24 * 3600
"""The longest time limit: a week (a longer one is a typo, or infinity)."""

SECONDS_RULE = f"a number of seconds above 0 and at most {MOST_SECONDS} (a week)"
"""What a time limit may be, in the words of every message that refuses one."""

WORKERS_RULE = "a whole number of at least 1"
"""What a number of workers may be, in the words of every message that refuses one."""


class Capped(UserWarning):
    """A limit asked for beyond what the machine has, lowered to it: a note, not an error."""


def cores() -> int:
    """The cores this process may run on (those the system lets it use, where it says)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on every system
        return os.cpu_count() or 1


def whole(value: object) -> bool:
    """Whether `value` is a whole number (a bool is not: `True` as a count is a slip)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def time_limit(value: object, name: str = "time_limit") -> float:
    """`value` as a time limit in seconds: a real number (not a bool, nor a text) above 0, not
    NaN, and at most `MOST_SECONDS`; else `KitError` naming `name` and the rule."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        seconds = float(value)
        if 0 < seconds <= MOST_SECONDS:  # NaN fails both comparisons
            return seconds
    raise KitError(f"{name} must be {SECONDS_RULE}, not {shown(value)}")


def workers(value: object, name: str = "workers", cap: bool = True) -> int:
    """`value` as a number of workers: a whole number (not a bool) of at least 1, else
    `KitError` naming `name` and the rule. More than this machine's `cores` are lowered to
    them, with a `Capped` warning (a command prints it as a note), unless not `cap` (workers
    elsewhere: a cluster's)."""
    count = int(value) if whole(value) else 0  # type: ignore[call-overload]
    if count < 1:
        raise KitError(f"{name} must be {WORKERS_RULE}, not {shown(value)}")
    most = cores()
    if cap and count > most:
        warnings.warn(
            Capped(f"{name}={count} is more than this machine's cores ({most}): {most} are used"),
            stacklevel=3,
        )
        return most
    return count
