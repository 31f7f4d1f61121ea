"""Game and puzzle options, each declared once with its type, range, default and help.

A game lists its `Option`s, and so does each planner's puzzle; `check_options` validates what a
user, a save file or the command line gives (an unknown option names the valid ones; a bool is
not a player count), the command line builds its flags from the same list (`kit.core.commands`)
and the solver panel its controls, so they can never disagree."""

from __future__ import annotations

import errno
import stat
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from kit.core.errors import KitError, shown
from kit.core.rng import check_seed, seed_from_text

Check = Callable[[Any], Any]


@dataclass(frozen=True)
class Option:
    """One option of a game or a puzzle: `check` returns the value normalised (a list, a name)
    or raises `KitError` saying what is allowed; `parse` turns command-line text into a value;
    `choices` lists the allowed values where there are few (for help texts and error messages).
    `flag` is its command-line flag (by default `--` and the name, `_` written `-`); `label`
    the words of its control in the solver panel (None: it has none, as a folder)."""

    name: str
    default: Any
    help: str
    check: Check
    parse: Callable[[str], Any] = str
    choices: tuple[str, ...] = ()
    flag: str = ""
    label: str | None = None

    def __post_init__(self) -> None:
        if not self.flag:
            object.__setattr__(self, "flag", "--" + self.name.replace("_", "-"))

    def value(self, given: Any) -> Any:
        """The checked value, with the option's name in any error."""
        if given is None and self.default is None:
            return None
        try:
            return self.check(given)
        except KitError as error:
            raise KitError(f"option {self.name!r}: {error}") from None

    def from_text(self, text: str) -> Any:
        """The value of `text` typed at the command line, checked."""
        try:
            parsed = self.parse(text)
        except ValueError:
            raise KitError(f"option {self.name!r}: {shown(text)} is not {self.help}") from None
        except KitError as error:  # a parse that checks as it reads (a seed)
            raise KitError(f"option {self.name!r}: {error}") from None
        return self.value(parsed)


def check_options(spec: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of `spec` checked, defaults filled in, in the order of `spec`."""
    names = [option.name for option in spec]
    unknown = [key for key in given if key not in names]
    if unknown:
        raise KitError(f"unknown option {shown(unknown[0])}; the options are {', '.join(names)}")
    return {option.name: option.value(given.get(option.name, option.default)) for option in spec}


def defaults(spec: Sequence[Option]) -> dict[str, Any]:
    """Every option's default as declared, by name: the defaults of a function's arguments
    (`standard_puzzle`'s) that the options stand for."""
    return {option.name: option.default for option in spec}


# --- checks -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Whole:
    """The check of an int (not a bool) within low..high; the range stays readable, for a
    control that holds a number (the solver panel's boxes)."""

    low: int | None = None
    high: int | None = None

    def __call__(self, value: Any) -> int:
        low, high = self.low, self.high
        if isinstance(value, bool) or not isinstance(value, int):
            raise KitError(f"expected a whole number, got {shown(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise KitError(f"expected {_range(low, high)}, got {shown(value)}")
        return value


def integer(low: int | None = None, high: int | None = None) -> Whole:
    """An int (not a bool) within low..high."""
    return Whole(low, high)


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low} to {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


def seed(value: Any) -> int | None:
    """A seed (`kit.core.rng.check_seed`: a whole number from 0 to 2**64 - 1), or None."""
    return None if value is None else check_seed(value)


def one_of(choices: Iterable[str], aliases: Mapping[str, str] | None = None) -> Check:
    """One of `choices` (or an alias of one, which becomes its choice)."""
    allowed = tuple(choices)
    other = dict(aliases or {})

    def check(value: Any) -> str:
        if isinstance(value, str):
            if value in allowed:
                return value
            if value in other:
                return other[value]
        raise KitError(f"expected one of {', '.join(map(repr, allowed))}, got {shown(value)}")

    return check


def text(value: Any) -> str:
    """A non-empty string."""
    if not isinstance(value, str) or not value:
        raise KitError(f"expected a name, got {shown(value)}")
    return value


def optional(check: Check) -> Check:
    """None, or what `check` accepts."""
    return lambda value: None if value is None else check(value)


def names(value: Any) -> list[str]:
    """A list of names: a list of strings, or one comma-separated string (the command line)."""
    if isinstance(value, str):
        value = [part.strip() for part in value.split(",") if part.strip()]
    if isinstance(value, tuple):
        value = list(value)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise KitError(f"expected a list of names, got {shown(value)}")
    return value


def whole_numbers(value: Any) -> list[int]:
    """A list of whole numbers: a list, or one comma-separated string (the command line)."""
    if isinstance(value, str):
        try:
            value = [int(part) for part in value.split(",") if part.strip()]
        except ValueError:
            raise KitError(
                f"expected whole numbers separated by commas, got {shown(value)}"
            ) from None
    if isinstance(value, tuple):
        value = list(value)
    if not isinstance(value, list) or any(
        isinstance(v, bool) or not isinstance(v, int) for v in value
    ):
        raise KitError(f"expected a list of whole numbers, got {shown(value)}")
    return value


def name(value: Any, what: str) -> str:
    """One name given to a scenario (a Traveller, a city, a card id); `what` is the argument."""
    if not isinstance(value, str):
        raise KitError(f"{what}: expected a name, got {shown(value)}")
    return value


def name_list(value: Any, what: str) -> list[str]:
    """A list (or tuple) of names given to a scenario: `travellers=["Paulo", "Yuki"]`."""
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise KitError(f"{what}: expected a list of names, got {shown(value)}")
    return [name(item, f"{what}[{index}]") for index, item in enumerate(value)]


def name_lists(value: Any, what: str) -> list[list[str]]:
    """A list of lists of names, one a player or a level: `hands=[["BRI1"], ["ITA2"]]`."""
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise KitError(f"{what}: expected a list of lists of names, got {shown(value)}")
    return [name_list(item, f"{what}[{index}]") for index, item in enumerate(value)]


Named = TypeVar("Named")


def name_table(value: Any, what: str, each: Callable[[Any, str], Named]) -> dict[str, Named]:
    """A table keyed by names, each value checked by `each` (`name`, `name_list`):
    `placement={"Paris": "A03"}`."""
    if not isinstance(value, Mapping):
        raise KitError(f"{what}: expected a table of names (a dict), got {shown(value)}")
    return {name(key, what): each(item, f"{what}[{key!r}]") for key, item in value.items()}


def folder(value: Any) -> str:
    """An existing folder, as a string (saves store it)."""
    if not isinstance(value, str | Path) or value == "":
        raise KitError(f"expected the path of a folder, got {shown(value)}")
    path = Path(value)
    try:
        is_folder = stat.S_ISDIR(path.stat().st_mode)
    except FileNotFoundError:
        is_folder = False
    except OSError as error:  # a loop of symbolic links, a name too long
        why = "a loop of symbolic links" if error.errno == errno.ELOOP else error.strerror
        raise KitError(f"{shown(str(path))} is not a folder: {why or error}") from None
    except ValueError as error:  # a character the system refuses
        raise KitError(f"{shown(str(path))} is not a folder: {error.args[-1]}") from None
    if not is_folder:
        raise KitError(f"{shown(str(path))} is not a folder")
    return str(path)


def players_option(low: int, high: int, default: int = 2) -> Option:
    return Option(
        "players", default, f"a number of players from {low} to {high}", integer(low, high), int
    )


SEED = Option("seed", None, "a whole number from 0 to 2**64 - 1", seed, seed_from_text)
CONTENT = Option(
    "content",
    None,
    "the path of a content folder (the built-in one when not given)",
    optional(folder),
)
