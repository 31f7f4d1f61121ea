"""Reading the games' content from `seeds/`, with errors that name the file, the field and why.

`Reader` walks a parsed TOML table and checks each field as it is read, so a game's loader is a
list of plain statements and every mistake in a data file is reported in the same words:
`seeds/amazing_journey/routes.toml: routes[17].cities: city 'Lima' is not on the map`."""

from __future__ import annotations

import builtins
import errno
import stat
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from kit.core.board import CANVAS
from kit.core.errors import DataError, shown

# The rules data lives inside the package, so an installed wheel carries it as package data.
PACKAGE_DIR = Path(__file__).resolve().parents[1]
SEEDS_DIR = PACKAGE_DIR / "seeds"
MAX_FILE_BYTES = 1_000_000
"""The most a content file (or an orienteering instance file) may hold: the largest built-in one
is 16 KB. A file named by mistake (a video, `/dev/zero` behind a link) is refused unread."""
MAX_COPIES = 1_000
"""The most copies of one card (or Ticket, Objective, painting) a deck may hold: a game's
decks are made of them, so a typo of 10^12 would fill the memory when the game starts."""


def load_toml(path: Path | str) -> Reader:
    """Parse a TOML file into a `Reader`; a file that cannot be read (`read_file`) or bad
    syntax is a `DataError`."""
    path = Path(path)
    text = read_file(path, path_text(path))
    try:
        data = tomllib.loads(text.decode("utf-8"))
    except UnicodeDecodeError:
        raise DataError(path_text(path), "", "not valid TOML: the file is not UTF-8 text") from None
    except ValueError as error:  # TOMLDecodeError, a number too long
        raise DataError(path_text(path), "", f"not valid TOML: {error}") from None
    return Reader(data, path_text(path), "")


def read_file(path: Path, file: str, error: type[DataError] = DataError) -> bytes:
    """The bytes of the file at `path`, at most `MAX_FILE_BYTES`. Anything else is an `error`
    naming `file` and why, before a byte is read: missing, a folder, a device or a pipe (reading
    one may never end), a loop of symbolic links, unreadable, or too long."""
    try:
        info = path.stat()
    except (OSError, ValueError) as problem:  # ValueError: a NUL in the name
        raise error(file, "", _unreadable(problem)) from None
    if stat.S_ISDIR(info.st_mode):
        raise error(file, "", "is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise error(file, "", "not a file (a device, a pipe or a socket)")
    if info.st_size > MAX_FILE_BYTES:
        raise error(file, "", _too_long(info.st_size))
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as problem:
        raise error(file, "", _unreadable(problem)) from None
    if len(data) > MAX_FILE_BYTES:  # grown since
        raise error(file, "", _too_long(len(data)))
    return data


def _too_long(size: int) -> str:
    return f"{size:,} bytes is too long (the kit reads files of at most {MAX_FILE_BYTES:,} bytes)"


def _unreadable(error: OSError | ValueError) -> str:
    """Why a file cannot be read, in words."""
    if isinstance(error, FileNotFoundError):
        return "file not found"
    if isinstance(error, OSError) and error.errno == errno.ELOOP:
        return "cannot be read: a loop of symbolic links"
    return f"cannot be read: {getattr(error, 'strerror', None) or error}"


def resolved(path: Path) -> Path:
    """`path` with its symbolic links followed, or as it is (made absolute) where they cannot
    be (a loop of links): the file's reader then says what is wrong with it."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # RuntimeError: a loop, before Python 3.13
        return path.absolute()


def stamps(folder: Path, names: Iterable[str]) -> tuple[tuple[int, int], ...]:
    """Each file's modification time and size ((-1, -1) for a missing one, which its reader
    reports): a content cache keyed on them reads a folder again once one of its files is
    edited on disk (a teacher's own board, changed between two runs of a notebook's cell)."""
    found = []
    for name in names:
        try:
            info = (folder / name).stat()
        except OSError:
            found.append((-1, -1))
        else:
            found.append((info.st_mtime_ns, info.st_size))
    return tuple(found)


def path_text(path: Path) -> str:
    """The file as a user knows it, the same in every game's messages and wherever the kit is
    installed: a built-in content file by its path in the package (`seeds/four_weeks/map.toml`,
    as the README and the docs name it); another file of the kit or, in a checkout, of the
    project by its path from the folder holding the package (`kit/puzzles/lakes/board.toml`,
    `tests/data/tiny_journey/board.toml`); any other by its name in its content folder
    (`my_europe/rules.toml`): the folder is the one the user gave, and where it lies (a
    temporary folder) says nothing of the mistake."""
    real = resolved(path)
    if real.is_relative_to(SEEDS_DIR):
        return str(real.relative_to(PACKAGE_DIR))
    if real.is_relative_to(PACKAGE_DIR.parent):
        return str(real.relative_to(PACKAGE_DIR.parent))
    return f"{path.parent.name}/{path.name}" if path.parent.name else str(path)


class Reader:
    """A TOML table with the file and field path it came from, and typed, checked getters."""

    __slots__ = ("data", "file", "seen", "where")

    def __init__(self, data: dict[str, Any], file: str, where: str) -> None:
        self.data, self.file, self.where = data, file, where
        self.seen: set[str] = set()

    def _field(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.where}[{key}]"
        return f"{self.where}.{key}" if self.where else key

    def error(self, key: str | int, problem: str) -> DataError:
        """A `DataError` about field `key` of this table."""
        return DataError(self.file, self._field(key), problem)

    def has(self, key: str) -> bool:
        """Whether the table sets `key` (an optional key asked about counts as known)."""
        self.seen.add(key)
        return key in self.data

    def keys(self) -> list[str]:
        return list(self.data)

    def no_other_keys(self) -> None:
        """Call once a table is read: a key that no getter asked for is a mistake (a typo, a
        field of another table) and is named with the keys the table may have."""
        extra = [key for key in self.data if key not in self.seen]
        if extra:
            known = ", ".join(sorted(self.seen)) or "none"
            raise self.error(extra[0], f"unknown key (the keys here are {known})")

    def _get(self, key: str, kind: type | tuple[type, ...], default: Any) -> Any:
        self.seen.add(key)
        if key not in self.data:
            if default is _REQUIRED:
                raise self.error(key, "missing")
            return default
        value = self.data[key]
        if isinstance(value, bool) and kind is not bool and bool not in _as_tuple(kind):
            raise self.error(key, f"expected {_name(kind)}, got a boolean")
        if not isinstance(value, kind):
            got = f"{type(value).__name__} {shown(value)}"
            raise self.error(key, f"expected {_name(kind)}, got {got}")
        return value

    def str(self, key: builtins.str, default: Any = None, *, choices: Any = None) -> builtins.str:
        """A text; a required one (a name, an id, a card's text) is never empty or blank: a
        name of no letters cannot be shown, chosen or told apart."""
        value: builtins.str = self._get(key, str, _REQUIRED if default is None else default)
        if default is None and not value.strip():
            raise self.error(key, _blank(value))
        if choices is not None and value not in choices:
            raise self.error(key, f"{value!r} is not one of {', '.join(map(repr, choices))}")
        return value

    def int(
        self,
        key: builtins.str,
        default: Any = None,
        *,
        low: builtins.int | None = None,
        high: builtins.int | None = None,
    ) -> builtins.int:
        value: builtins.int = self._get(key, int, _REQUIRED if default is None else default)
        if low is not None and high is not None and not low <= value <= high:
            raise self.error(key, f"{value} is outside {low}..{high}")
        if low is not None and value < low:
            raise self.error(key, f"{value} is outside the allowed values (at least {low})")
        if high is not None and value > high:
            raise self.error(key, f"{value} is outside the allowed values (at most {high})")
        return value

    def bool(self, key: builtins.str, default: Any = None) -> builtins.bool:
        value: builtins.bool = self._get(key, bool, _REQUIRED if default is None else default)
        return value

    def list(
        self, key: builtins.str, default: Any = None, *, of: type | None = None
    ) -> builtins.list[Any]:
        value: builtins.list[Any] = self._get(key, list, _REQUIRED if default is None else default)
        if of is not None:
            for index, item in enumerate(value):
                if not isinstance(item, of) or (isinstance(item, bool) and of is not bool):
                    raise DataError(
                        self.file,
                        f"{self._field(key)}[{index}]",
                        f"expected {_name(of)}, got {shown(item)}",
                    )
                if isinstance(item, str) and not item.strip():
                    raise DataError(self.file, f"{self._field(key)}[{index}]", _blank(item))
        return value

    def point(self, key: builtins.str) -> tuple[builtins.int, builtins.int]:
        """A place's drawing position: `[x, y]`, whole numbers on the board's canvas
        (`kit.core.board.CANVAS`, as every game draws it)."""
        value = self._get(key, list, _REQUIRED)
        width, height = CANVAS
        if (
            len(value) != 2
            or not all(type(v) is builtins.int for v in value)  # not a bool, a float, a text
            or not (0 <= value[0] <= width and 0 <= value[1] <= height)
        ):
            raise self.error(
                key,
                f"{shown(value)} is not a point of the {width} x {height} canvas: expected "
                f"[x, y], whole numbers with x from 0 to {width} and y from 0 to {height}",
            )
        return value[0], value[1]

    def table(self, key: builtins.str) -> Reader:
        return Reader(self._get(key, dict, _REQUIRED), self.file, self._field(key))

    def tables(self, key: builtins.str) -> Iterator[Reader]:
        """The items of an array of tables (`[[key]]`), each a `Reader` with its index."""
        field = self._field(key)
        for index, item in enumerate(self.list(key)):
            if not isinstance(item, dict):
                raise DataError(self.file, f"{field}[{index}]", f"expected a table, got {item!r}")
            yield Reader(item, self.file, f"{field}[{index}]")

    def provenance(self) -> builtins.str:
        """Every content item says where its values come from: the rulebook or a reconstruction."""
        return self.str("source", choices=PROVENANCE)


PROVENANCE = ("rulebook", "reconstructed")
_REQUIRED = object()


def _blank(value: str) -> str:
    if value:
        return f"expected a text, got only spaces {shown(value)}"
    return "expected a text, got an empty one"


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _name(kind: type | tuple[type, ...]) -> str:
    names = {
        "str": "a string",
        "int": "an integer",
        "list": "a list",
        "dict": "a table",
        "bool": "a boolean",
        "float": "a number",
    }
    return " or ".join(names.get(k.__name__, k.__name__) for k in _as_tuple(kind))
