"""What the puzzles share: the difficulty names, a refused step, a checked route's verdict, and
the seeded random numbers of a generation attempt, and how a score sheet falls short of
another."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from kit.core import KitError, ScoreSheet
from kit.core.rng import check_seed

DIFFICULTIES = ("easy", "medium", "hard")


class PuzzleError(KitError):
    """A puzzle that cannot be made as asked (an unknown difficulty, no provable puzzle within
    the attempts), saying why."""


class Refused(KitError):
    """A step of a route that the puzzle's rules do not allow, with the reason; the route in
    progress is left as it was."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What `check` says of a route: `legal` (it keeps to the rules and ends where it must),
    `accepted` (legal and as good as the proven optimum), the route's `score` (None when it is
    not legal), the `optimum`, and `lines`: the reasons, line by line (the step refused and
    why; or how the route falls short of the optimum, the optimum itself given only when asked
    for, `check(..., reveal=True)`). When the optimum
    is a best known plan and not a proven one (`proven` False), `bound` is the most any plan
    can score as far as the planner proved, and `accepted` means as good as that plan. `unit`
    is what the game counts its score in ("points", or a Grand Tour's "VP")."""

    legal: bool
    accepted: bool
    score: int | None
    optimum: int
    lines: tuple[str, ...]
    proven: bool = True
    bound: int | None = None
    unit: str = "points"

    @property
    def headline(self) -> str:
        if not self.legal:
            return "Refused: the route breaks the puzzle's rules."
        assert self.score is not None
        scored = f"{self.score} {self.unit}"
        if not self.proven:
            known = (
                f"the best known plan, {self.optimum} (not proven optimal: "
                f"{limit_words(self.bound)})"
            )
            if self.accepted:
                return f"As good as the best known: {scored} against {known}."
            return f"Legal, {scored}: {self.optimum - self.score} short of {known}."
        if self.accepted:
            return f"Optimal: {scored}, as many as the proven optimum."
        short = self.optimum - self.score
        return f"Legal, {scored}: {short} short of the proven optimum, {self.optimum}."

    def __str__(self) -> str:
        return "\n".join([self.headline, *(f"- {line}" for line in self.lines)])


def limit_words(bound: int | None) -> str:
    """What a plan not proven optimal is known to lie under: "no plan scores more than 150",
    or that no such limit was proven in the planner's time."""
    return "no upper limit proven" if bound is None else f"no plan scores more than {bound}"


def on_request(solution: str) -> str:
    """The last line of a verdict on a worse route: the `solution` ("the optimal route") is the
    student's to find, and shown only when asked for. The line is read on a page beside the
    puzzle panel, so it names the panel's button (in code, `check(..., reveal=True)` asks)."""
    return f"better exists: press Show solution to see {solution}"


def checked_difficulty(difficulty: str) -> str:
    if difficulty not in DIFFICULTIES:
        raise PuzzleError(
            f"difficulty {difficulty!r} is unknown; choose one of {', '.join(DIFFICULTIES)}"
        )
    return difficulty


def puzzle_seed(seed: object) -> int:
    """`seed` if it is a seed (`kit.core.rng.check_seed`), else `PuzzleError` saying why."""
    try:
        return check_seed(seed)
    except KitError as error:
        raise PuzzleError(str(error)) from None


def attempt_random(kind: str, difficulty: str, seed: int, attempt: int) -> random.Random:
    """The random numbers of one generation attempt: the same on every machine and run for
    the same kind, difficulty, seed and attempt (a string seed is hashed by SHA-512)."""
    puzzle_seed(seed)
    return random.Random(f"{kind}/{difficulty}/{seed}/{attempt}")


def length_text(value: float) -> str:
    """A length for people: two decimals at most, no trailing zeros (12.5, 40)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def scored_lines(sheet: ScoreSheet) -> list[str]:
    """The lines of `sheet` that score, each with its points and details."""
    return [
        f"{s.label}: {s.points}" + (f" ({s.detail})" if s.detail else "")
        for s in sheet.lines
        if s.points
    ]


def sheet_lines(yours: ScoreSheet, best: ScoreSheet, name: str) -> list[str]:
    """The lines of `yours` that differ from `best` (called `name`: "the optimum"), each with
    both points and details."""
    lines = []
    for mine, theirs in zip(yours.lines, best.lines, strict=True):
        if mine.points != theirs.points or mine.detail != theirs.detail:
            lines.append(
                f"{mine.label}: you {mine.points} ({mine.detail or '-'}), {name} "
                f"{theirs.points} ({theirs.detail or '-'})"
            )
    return lines


def departure(
    mine: Sequence[str], theirs: Sequence[str], left: str, step: str, name: str
) -> list[str]:
    """Where the route `mine` first leaves `theirs` (called `left` there, `name` after: "the
    optimal one", "the optimum"), counted in `step`s ("action", "play"); none where neither
    leaves the other before one ends."""
    first = next((i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b), None)
    if first is None:
        return []
    return [
        f"your route leaves {left} at {step} {first + 1}: you {mine[first]}, {name} {theirs[first]}"
    ]
