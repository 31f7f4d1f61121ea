"""The kit's errors: every one names what was wrong and why, so a student can fix it."""

from __future__ import annotations

import math
import reprlib


class KitError(Exception):
    """Base of every error the kit raises on purpose."""


class IllegalAction(KitError):
    """An action that the rules do not allow in this state; the state is left untouched."""


class DataError(KitError):
    """A malformed data file: names the file, the field and the problem."""

    def __init__(self, file: str, field: str, problem: str) -> None:
        self.file, self.field, self.problem = str(file), field, problem
        where = f"{self.file}: {field}: " if field else f"{self.file}: "
        super().__init__(where + problem)


class SaveError(KitError):
    """A saved game that cannot be loaded: wrong format, unknown game, or an edited history."""


class _Brief(reprlib.Repr):
    """`repr` cut short: long texts and lists are elided, deep nesting stops at three levels and
    a number too long to print is described, so an error message stays one readable line."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = 60
        self.maxother = 60
        self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<a number of about {math.floor(x.bit_length() * math.log10(2)) + 1} digits>"
        return super().repr_int(x, level)


_BRIEF = _Brief()


def shown(value: object) -> str:
    """`value` as an error message shows it: its repr, kept short and safe for any input (a
    list nested a thousand deep, a number of ten thousand digits, a text with line breaks)."""
    return _BRIEF.repr(value)
