"""Bots and the loop that plays a game to the end; the same for every game."""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from kit.core.errors import KitError
from kit.core.progress import Progress
from kit.core.rng import check_seeds, rng_for
from kit.core.state import CHANCE, TERMINAL, Action, Game, State, ranking


class Bot(Protocol):
    """Anything that picks one of the legal actions for the player to move."""

    def choose(self, state: State) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every other bot must beat."""

    def __init__(self, seed: int | None = None, player: int = 0) -> None:
        self.rng = rng_for(seed, "random-bot", player)

    def choose(self, state: State) -> Action:
        action: Action = self.rng.choice(state.legal_actions())
        return action


BotFactory = Callable[[int | None, int], Bot]


def play(
    state: State,
    bots: Sequence[Bot],
    *,
    max_steps: int = 1_000_000,
    stop: Callable[[State], bool] | None = None,
) -> State:
    """Play `state` to the end: chance by the game's seed, players by `bots`; or only until
    `stop(state)` holds when a player is to move (a position to study)."""
    for _ in range(max_steps):
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance())
        elif player == TERMINAL or stop is not None and stop(state):
            return state
        else:
            state.apply(bots[player].choose(state))
    raise RuntimeError(f"the game did not end within {max_steps} steps")


def after(decisions: int) -> Callable[[State], bool]:
    """A `stop` for `play`: it holds at the first decision after `decisions` have been made
    (it is asked once at each decision, before the bot plays it)."""
    asked = itertools.count()
    return lambda state: next(asked) >= decisions


@dataclass(frozen=True)
class SimulationResult:
    """Score statistics over the games played, per seat. `interrupted` says that Ctrl-C stopped
    the simulation: the figures are those of the `games` finished before it (maybe none)."""

    games: int
    mean: list[float]
    stdev: list[float]
    best: list[int]
    worst: list[int]
    wins: list[float]
    actions: int
    interrupted: bool = False

    def __str__(self) -> str:
        rows = [f"{self.games} games, {self.actions} actions"]
        if self.interrupted:
            rows[0] = f"stopped by Ctrl-C after {rows[0]}"
        if not self.games:
            return rows[0]
        rows.append("seat   mean  stdev  worst  best  wins")
        for seat, mean in enumerate(self.mean):
            rows.append(
                f"{seat:>4} {mean:>6.1f} {self.stdev[seat]:>6.1f} "
                f"{self.worst[seat]:>6} {self.best[seat]:>5} {self.wins[seat]:>5.1f}"
            )
        return "\n".join(rows)


def simulate(
    game: Game,
    bots: Sequence[BotFactory],
    games: int,
    *,
    first_seed: int = 0,
    progress: Progress | None = None,
) -> SimulationResult:
    """Play `games` games with seeds first_seed, first_seed+1, ...; shared wins count as parts.

    Ctrl-C (or interrupting a notebook's kernel) ends the simulation early: the result holds the
    games finished by then and says it was `interrupted`."""
    if len(bots) != game.num_players:
        raise KitError(f"{len(bots)} bots for a game of {game.num_players} players")
    check_seeds(first_seed, games)
    records: list[tuple[list[int], list[float], int]] = []  # totals, wins, actions of a game
    interrupted = False
    try:
        for index in range(games):
            seed = first_seed + index
            seeded = type(game)(**{**game.options, "seed": seed})
            players = [make(seed, seat) for seat, make in enumerate(bots)]
            final = play(seeded.new_game(), players)
            sheets = final.scores()
            places = ranking(sheets)
            share = 1 / places.count(1)
            wins = [share if place == 1 else 0.0 for place in places]
            records.append(([sheet.total for sheet in sheets], wins, len(final.history)))
            if progress:
                progress(index + 1, games)
    except KeyboardInterrupt:
        interrupted = True
    totals = [[record[0][seat] for record in records] for seat in range(len(bots))]
    return SimulationResult(
        games=len(records),
        mean=[statistics.fmean(t) for t in totals] if records else [],
        stdev=[statistics.pstdev(t) for t in totals] if records else [],
        best=[max(t) for t in totals] if records else [],
        worst=[min(t) for t in totals] if records else [],
        wins=[sum(record[1][seat] for record in records) for seat in range(len(bots))],
        actions=sum(record[2] for record in records),
        interrupted=interrupted,
    )
