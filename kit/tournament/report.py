"""What a tournament found: each game's result, then win rates, head-to-head rates and ratings,
each with its uncertainty, as tables and plots.

Rates are proportions over games with a Wilson score interval (95 %), which stays inside 0..1
and behaves on small samples; a shared first place counts as a part of a win, a tie between two
entrants as half a game won by each. Ratings come from openskill's Plackett-Luce model (a kept
library, built for games of more than two players). It rates game by game, so the last games
weigh most, enough to rank a bot that won a third of the games above the one that won two
thirds (`benchmarks/RESULTS.md`). So the games are rated in `ORDERS` shuffled orders (seeded,
from the games sorted by seed: the same games give the same ratings in any order) and
averaged: a rating is the mean `mu` with an uncertainty `sigma` taking in both openskill's own
and the spread of `mu` over the orders; entrants are ranked by `mu - 3 sigma`, the rating they
have with high confidence."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from kit.core.commands import stopped_by
from kit.core.words import plural

if TYPE_CHECKING:
    from kit.core.state import State
    from kit.tournament.chart import Chart

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


@dataclass(frozen=True)
class GameResult:
    """One game: the seed, the entrant in each seat, each seat's score, place (1 = winner)
    and length (days or rounds), the number of actions, and the save of the final position."""

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    lengths: tuple[int, ...]
    actions: int
    save: str

    def seat_of(self, entrant: str) -> int:
        return self.seats.index(entrant)

    def state(self) -> State:
        """The final position, from the save (`kit.load_json`)."""
        import kit

        return kit.load_json(self.save)


@dataclass(frozen=True)
class Failure:
    """A game that could not be finished: its seed and seats (to replay it) and the error."""

    index: int
    seed: int
    seats: tuple[str, ...]
    error: str

    def __str__(self) -> str:
        return f"game {self.index} (seed {self.seed}, seats {', '.join(self.seats)}): {self.error}"


@dataclass(frozen=True)
class Rate:
    """A proportion of games with its 95 % Wilson interval."""

    value: float
    low: float
    high: float
    games: int

    @classmethod
    def of(cls, successes: float, games: int) -> Rate:
        if games == 0:
            return cls(math.nan, 0.0, 1.0, 0)
        p = successes / games
        z2 = Z95 * Z95
        centre = (p + z2 / (2 * games)) / (1 + z2 / games)
        half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
        return cls(p, max(0.0, centre - half), min(1.0, centre + half), games)

    def __str__(self) -> str:
        if not self.games:
            return "-"
        return f"{100 * self.value:.0f}% [{100 * self.low:.0f}, {100 * self.high:.0f}]"


@dataclass(frozen=True)
class Rating:
    """An openskill rating: `mu` and its uncertainty `sigma`."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The rating held with high confidence (`mu - 3 sigma`), by which entrants rank."""
        return self.mu - 3 * self.sigma

    def __str__(self) -> str:
        return f"{self.mu:.1f} ± {Z95 * self.sigma:.1f}"


ORDERS = 20
"""How many orders of the games the ratings are averaged over (each costs microseconds a game)."""


def _averaged(ratings: list[tuple[float, float]]) -> Rating:
    """The mean of ratings of the same games in different orders: the mean `mu`, and a
    `sigma` whose square is the mean of their squares plus the variance of `mu`."""
    mus = [mu for mu, _ in ratings]
    spread = statistics.pvariance(mus)
    return Rating(
        statistics.fmean(mus),
        math.sqrt(statistics.fmean(sigma * sigma for _, sigma in ratings) + spread),
    )


@dataclass(frozen=True)
class Tournament:
    """The games of a tournament (in their order) and what they say about the entrants."""

    game: str
    options: dict[str, Any]
    entrants: tuple[str, ...]
    results: tuple[GameResult, ...]
    interrupted: bool
    unit: str  # what a game's `lengths` count: "days", "rounds"
    failures: tuple[Failure, ...] = ()  # games a bot's error or a lost worker left unfinished

    def scores(self, entrant: str) -> list[int]:
        """The entrant's score in every game, in order."""
        return [result.scores[result.seat_of(entrant)] for result in self.results]

    def lengths(self, entrant: str) -> list[int]:
        return [result.lengths[result.seat_of(entrant)] for result in self.results]

    def win_rates(self) -> dict[str, Rate]:
        """Each entrant's share of the games won (a first place shared counts as a part)."""
        wins = dict.fromkeys(self.entrants, 0.0)
        for result in self.results:
            winners = [seat for seat, rank in enumerate(result.ranks) if rank == 1]
            for seat in winners:
                wins[result.seats[seat]] += 1 / len(winners)
        return {entrant: Rate.of(wins[entrant], len(self.results)) for entrant in self.entrants}

    def head_to_head(self) -> dict[tuple[str, str], Rate]:
        """For each ordered pair (a, b): the share of games a finished ahead of b (a tie counts
        as half)."""
        rates = {}
        for a in self.entrants:
            for b in self.entrants:
                if a != b:
                    ahead = 0.0
                    for result in self.results:
                        mine, theirs = (
                            result.ranks[result.seat_of(a)],
                            result.ranks[result.seat_of(b)],
                        )
                        ahead += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
                    rates[a, b] = Rate.of(ahead, len(self.results))
        return rates

    def ratings(self) -> dict[str, Rating]:
        """Each entrant's openskill (Plackett-Luce) rating after the games, in their order."""
        return dict(self._ratings)

    @cached_property
    def _ratings(self) -> dict[str, Rating]:
        """The ratings, worked out once: the tables, the standings and the plot all read them."""
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        games = sorted(self.results, key=lambda result: result.seed)
        seen: dict[str, list[tuple[float, float]]] = {entrant: [] for entrant in self.entrants}
        for order in range(ORDERS):
            current = {entrant: model.rating(name=entrant) for entrant in self.entrants}
            for result in random.Random(order).sample(games, len(games)):
                teams = [[current[entrant]] for entrant in result.seats]
                rated = model.rate(teams, ranks=list(result.ranks))
                for entrant, (rating,) in zip(result.seats, rated, strict=True):
                    current[entrant] = rating
            for entrant, rating in current.items():
                seen[entrant].append((float(rating.mu), float(rating.sigma)))
        return {entrant: _averaged(ratings) for entrant, ratings in seen.items()}

    def standings(self) -> list[str]:
        """The entrants, best rated first (by the rating held with high confidence)."""
        ratings = self.ratings()
        return sorted(self.entrants, key=lambda entrant: -ratings[entrant].ordinal)

    def __str__(self) -> str:
        head = f"{self.game}: {len(self.results)} games"
        if self.interrupted:
            head = f"stopped by {stopped_by()} after {len(self.results)} games of {self.game}"
        count = len(self.failures)
        failed = [f"{plural(count, 'game')} failed:"] if count else []
        failed += [f"  {failure}" for failure in self.failures[:10]]
        if not self.results:
            return "\n".join([head, *failed])
        ratings, wins = self.ratings(), self.win_rates()
        width = max(len(entrant) for entrant in self.entrants) + 2
        rows = [
            head,
            f"{'bot':<{width}}{'wins [95% CI]':>17}{'score':>14}{self.unit:>9}{'rating ± 95%':>15}",
        ]
        for entrant in self.standings():
            scores = self.scores(entrant)
            spread = statistics.pstdev(scores)
            rows.append(
                f"{entrant:<{width}}{str(wins[entrant]):>17}"
                f"{statistics.fmean(scores):>8.1f} ±{spread:>4.1f}"
                f"{statistics.fmean(self.lengths(entrant)):>9.1f}{str(ratings[entrant]):>15}"
            )
        rows += ["", "head to head: how often the row's bot finished ahead of the column's"]
        rows += _matrix(self.standings(), self.head_to_head(), width)
        return "\n".join(rows + failed)

    def plot(self) -> Chart:
        """Two panels: each entrant's scores (box and points), and the ratings with their 95 %
        intervals; a notebook shows it as an image, and `save(file)` writes it whole or not at
        all (`kit.tournament.chart`)."""
        from kit.tournament.chart import Chart

        order = self.standings()
        ratings = self.ratings()
        figure = Chart(figsize=(10, 3.8), layout="constrained")
        scores_axes, ratings_axes = figure.subplots(1, 2)
        scores_axes.boxplot([self.scores(entrant) for entrant in order], tick_labels=order)
        scores_axes.set_title(f"scores over {len(self.results)} games")
        scores_axes.set_ylabel("final score")
        mus = [ratings[entrant].mu for entrant in order]
        errors = [Z95 * ratings[entrant].sigma for entrant in order]
        ratings_axes.errorbar(range(len(order)), mus, yerr=errors, fmt="o", capsize=6)
        ratings_axes.set_xticks(range(len(order)), order)
        ratings_axes.set_title("openskill rating (mu, 95 % interval)")
        ratings_axes.set_xlim(-0.5, len(order) - 0.5)
        figure.suptitle(f"{self.game} tournament")
        return figure


def _matrix(order: Iterable[str], rates: dict[tuple[str, str], Rate], width: int) -> list[str]:
    order = list(order)
    column = max(width, 16)
    rows = ["".ljust(width) + "".join(f"{entrant:>{column}}" for entrant in order)]
    for a in order:
        cells = ["-" if a == b else str(rates[a, b]) for b in order]
        rows.append(f"{a:<{width}}" + "".join(f"{cell:>{column}}" for cell in cells))
    return rows
