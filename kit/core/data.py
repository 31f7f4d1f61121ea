"""Reading the games' content from `seeds/`, with errors that name the file, the field and why.

`Reader` walks a parsed TOML table and checks each field as it is read, so a game's loader is a
list of plain statements and every mistake in a data file is reported in the same words:
`seeds/amazing_journey/routes.toml: routes[17].cities: city 'Lima' is not on the map`."""

from __future__ import annotations

import builtins
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from kit.core.errors import DataError

# The rules data lives inside the package, so an installed wheel carries it as package data.
PACKAGE_DIR = Path(__file__).resolve().parents[1]
SEEDS_DIR = PACKAGE_DIR / "seeds"


def load_toml(path: Path | str) -> Reader:
    """Parse a TOML file into a `Reader`; a missing file or bad syntax is a `DataError`."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise DataError(path_text(path), "", "file not found") from None
    except OSError as error:
        raise DataError(path_text(path), "", f"cannot be read: {error.strerror or error}") from None
    except ValueError as error:  # TOMLDecodeError, text that is not UTF-8, a number too long
        raise DataError(path_text(path), "", f"not valid TOML: {error}") from None
    return Reader(data, path_text(path), "")


def stamps(folder: Path, names: Iterable[str]) -> tuple[tuple[int, int], ...]:
    """Each file's modification time and size ((-1, -1) for a missing one, which its reader
    reports): a content cache keyed on them reads a folder again once one of its files is
    edited on disk (a teacher's own board, changed between two runs of a notebook's cell)."""
    found = []
    for name in names:
        try:
            stat = (folder / name).stat()
        except OSError:
            found.append((-1, -1))
        else:
            found.append((stat.st_mtime_ns, stat.st_size))
    return tuple(found)


def path_text(path: Path) -> str:
    """The file as a user knows it, the same in every game's messages and wherever the kit is
    installed: a built-in content file by its path in the package (`seeds/four_weeks/map.toml`,
    as the README and the docs name it); another file of the kit or, in a checkout, of the
    project by its path from the folder holding the package (`kit/puzzles/lakes/board.toml`,
    `tests/data/tiny_journey/board.toml`); any other by its name in its content folder
    (`my_europe/rules.toml`): the folder is the one the user gave, and where it lies (a
    temporary folder) says nothing of the mistake."""
    resolved = path.resolve()
    if resolved.is_relative_to(SEEDS_DIR):
        return str(resolved.relative_to(PACKAGE_DIR))
    if resolved.is_relative_to(PACKAGE_DIR.parent):
        return str(resolved.relative_to(PACKAGE_DIR.parent))
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
            raise self.error(key, f"expected {_name(kind)}, got {type(value).__name__} {value!r}")
        return value

    def str(self, key: builtins.str, default: Any = None, *, choices: Any = None) -> builtins.str:
        value: builtins.str = self._get(key, str, _REQUIRED if default is None else default)
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
                        f"expected {_name(of)}, got {item!r}",
                    )
        return value

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
