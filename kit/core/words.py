"""English for the kit's labels and messages: the small rules every game's words follow (a
count with its noun, the indefinite article), written once so that the games read alike.
Action labels are part of the save format, so these keep their output exactly."""

from __future__ import annotations


def plural(count: int, one: str, several: str | None = None) -> str:
    """'1 coin', '2 coins'; `several` where the plural is not `one` and an s ('3 Energy')."""
    return f"{count} {one if count == 1 else (one + 's' if several is None else several)}"


def article(word: str) -> str:
    """`word` with its indefinite article, by its first letter: 'an airship', 'a train', 'an
    Art idea'."""
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


def counted(count: int, noun: str) -> str:
    """'a train ticket', '2 train tickets': one of a thing with its article, several counted."""
    return article(noun) if count == 1 else plural(count, noun)
