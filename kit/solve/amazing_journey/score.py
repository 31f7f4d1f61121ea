"""The score sheet as a function of the tokens a journey collects, for the searches.

The engine scores a journey line by line (`kit.amazing_journey.scoring`); a search needs the same
number for thousands of partial journeys, and the answers that reach it: which tokens to keep
when an area of the Travel board is full (the best ones, region by region), and how many of the
Objectives in hand to play (one per Experience of its type collected, at most the hand's). The
replay checks every plan against the engine, so this module and the engine never disagree
silently."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kit.solve.amazing_journey.puzzle import Puzzle
from kit.solve.amazing_journey.replay import Choices

MOST_KEEPS = 4096
"""Beyond this many ways to make room on a full Travel board, the most valuable tokens are
kept without trying every combination (no journey of the kit's boards comes near)."""


@dataclass(frozen=True, slots=True)
class Tally:
    """What the sheet's lines count in some tokens: the Experiences of each type, the regions,
    and the Souvenirs' values."""

    counts: list[int]
    regions: int
    values: list[int]


@dataclass(frozen=True)
class Kept:
    """The tokens kept on the Travel board and their score."""

    tokens: frozenset[int]
    points: int


class Scorer:
    """The final score of the puzzle's player for a set of collected tokens (see the module's
    docstring); the tokens already on the Travel board count, and may be given up too."""

    def __init__(self, puzzle: Puzzle) -> None:
        content = puzzle.content
        state, p = puzzle.position, puzzle.player
        scoring = self.scoring = content.scoring
        tokens = content.tokens
        self.types = scoring.experience_types
        self.kind = [self.types.index(t.experience) if t.experience else -1 for t in tokens]
        self.value = [t.souvenir if t.souvenir is not None else -1 for t in tokens]
        regions = [r.code for r in content.board.regions]
        self.region = [regions.index(t.region) for t in tokens]
        self.held = tuple(state.experiences[p] + state.souvenirs[p])
        self.hand = tuple(state.hand[p])
        self.fixed = state.points[p] + scoring.objective_points * len(state.played[p])
        self.room = scoring.souvenir_rows * scoring.souvenir_row_length
        self.length = puzzle.tables.length
        self.late_penalty = puzzle.tables.rules.late_penalty
        self._kept: dict[frozenset[int], Kept] = {}

    def total(self, collected: Iterable[int], checkpoint_points: int, end: int) -> int:
        """The final score with `collected` tokens (besides those already held), the
        `checkpoint_points` the journey earns and its `end` day."""
        new = tuple(collected)
        late = max(0, end - self.length) * self.late_penalty
        return self.kept(new).points + self.objectives(new) + self.fixed + checkpoint_points - late

    def partial(self, collected: Iterable[int]) -> int:
        """The token and Objective lines of the score with `collected` tokens."""
        new = tuple(collected)
        return self.kept(new).points + self.objectives(new)

    def promise(self, collected: Iterable[int]) -> float:
        """What the tokens held and `collected` promise, for ranking partial journeys: the
        token and Objective lines with each set counted at its best rate per token, as if every
        set begun were completed (an Experience at a third of a full area's points, a Souvenir
        at a sixth of the full rows' points, each type held at a fifth of the all-types bonus);
        regions, Souvenir values and Objectives as they are.

        The sheet pays for sets only when they are complete (1, 3, 9 for one, two, three
        Experiences of a type), so a partial journey ranked by its sheet looks worse for every
        token that starts a set: the journeys that end best are dropped from a beam on their
        first days; ranked by promise, the event search's plans rose on most standard puzzles
        (`benchmarks/RESULTS.md`, The event search)."""
        scoring = self.scoring
        new = tuple(collected)
        tally = self._tally(frozenset(self.held) | frozenset(new))
        counts = tally.counts
        spaces = scoring.experience_spaces
        kept = sorted(tally.values, reverse=True)[: self.room]
        promise = float(scoring.region_points * tally.regions + sum(kept))
        promise += scoring.experience_points[spaces] / spaces * sum(min(n, spaces) for n in counts)
        promise += scoring.all_types_bonus / len(counts) * sum(1 for n in counts if n)
        promise += scoring.souvenir_row_points[scoring.souvenir_rows] / self.room * len(kept)
        return promise + self.objectives(new)

    def choices(self, collected: Iterable[int]) -> Choices:
        """The answers that reach the score: the tokens kept and the Objectives played."""
        new = tuple(collected)
        plays = {k: n for k, n in enumerate(self._plays(new)) if n}
        return Choices(self.kept(new).tokens, plays)

    def objectives(self, collected: Sequence[int]) -> int:
        return self.scoring.objective_points * sum(self._plays(collected))

    def _plays(self, collected: Sequence[int]) -> list[int]:
        counts = [0] * len(self.types)
        for token in collected:
            if self.kind[token] >= 0:
                counts[self.kind[token]] += 1
        return [min(n, held) for n, held in zip(counts, self.hand, strict=True)]

    def kept(self, collected: Sequence[int]) -> Kept:
        """The best tokens to keep among those held and `collected`, with their points."""
        every = frozenset(self.held) | frozenset(collected)
        known = self._kept.get(every)
        if known is None:
            known = self._kept[every] = self._best_kept(every)
        return known

    def _best_kept(self, every: frozenset[int]) -> Kept:
        scoring = self.scoring
        by_kind: dict[int, list[int]] = {}
        souvenirs = []
        for token in sorted(every):
            if self.kind[token] >= 0:
                by_kind.setdefault(self.kind[token], []).append(token)
            else:
                souvenirs.append(token)
        areas: list[list[tuple[int, ...]]] = []
        for same in by_kind.values():
            areas.append(_keeps(same, scoring.experience_spaces))
        areas.append(_keeps(souvenirs, self.room, key=lambda t: -self.value[t]))
        ways = 1
        for options in areas:
            ways *= len(options)
        if ways > MOST_KEEPS:
            areas = [options[:1] for options in areas]
        best = Kept(frozenset(), -1)
        for pick in itertools.product(*areas):
            kept = frozenset(t for area in pick for t in area)
            points = self.sheet(kept)
            if points > best.points:
                best = Kept(kept, points)
        return best

    def sheet(self, kept: Iterable[int]) -> int:
        """The token lines of the score sheet (regions, Experiences and their bonus, Souvenirs
        and rows) of tokens on the Travel board."""
        scoring = self.scoring
        tally = self._tally(kept)
        points = scoring.region_points * tally.regions + sum(tally.values)
        points += sum(scoring.experience_points[n] for n in tally.counts)
        points += scoring.all_types_bonus if all(tally.counts) else 0
        points += scoring.souvenir_row_points[len(tally.values) // scoring.souvenir_row_length]
        return points

    def _tally(self, tokens: Iterable[int]) -> Tally:
        """What the sheet's lines count in `tokens`."""
        counts = [0] * len(self.types)
        regions = set()
        values = []
        for token in tokens:
            regions.add(self.region[token])
            if self.kind[token] >= 0:
                counts[self.kind[token]] += 1
            else:
                values.append(self.value[token])
        return Tally(counts, len(regions), values)


def _keeps(tokens: list[int], room: int, key: object = None) -> list[tuple[int, ...]]:
    """Every way to keep `room` of `tokens` (all of them if they fit), the most valuable first
    when `key` orders them."""
    if len(tokens) <= room:
        return [tuple(tokens)]
    ordered = sorted(tokens, key=key) if callable(key) else tokens
    return list(itertools.combinations(ordered, room))
