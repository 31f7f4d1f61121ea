"""The one action type of Timeless Journeys: a readable choice with the code that carries it out.

Every decision of the game (play a card, pick a tile, take a painting, a chance draw) is a `Choice`:
its `text` is what a player reads and what a save stores, unique among the legal actions of a
state; `code` is `(function, *arguments)`, applied as `function(state, *arguments)`. Two choices
are equal when their texts are, so a choice rebuilt from a saved name is the same action."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True, eq=False)
class Choice:
    text: str
    code: tuple = field(default=(), repr=False)
    kind: str = "choice"
    place: str | None = None

    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is Choice and self.text == other.text)

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    def run(self, state) -> None:
        function: Callable = self.code[0]
        function(state, *self.code[1:])


def outcome(text: str, code: tuple) -> Choice:
    """A chance outcome (a draw, a reveal, a deal)."""
    return Choice(text, code, "chance")


def plural(count: int, word: str) -> str:
    """'1 coin', '2 coins'."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
