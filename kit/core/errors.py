"""The kit's errors: every one names what was wrong and why, so a student can fix it."""

from __future__ import annotations


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
