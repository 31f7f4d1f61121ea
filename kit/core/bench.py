"""Engine speed: random games played to the end, timed. Used by `kit bench` and `benchmarks/`."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from kit.core.bots import RandomBot, play
from kit.core.state import Game


@dataclass(frozen=True)
class SpeedResult:
    """Figures of one engine-speed run (single process, pure Python)."""

    game: str
    options: dict
    games: int
    actions: int
    seconds: float
    median_game_ms: float

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    def __str__(self) -> str:
        options = " ".join(f"{k}={v}" for k, v in self.options.items() if k != "seed")
        return (
            f"{self.game:<18} {options:<28} {self.games:>5} games "
            f"{self.actions / self.games:>7.0f} actions/game "
            f"{self.actions_per_second:>9,.0f} actions/s {self.games_per_second:>7.1f} games/s "
            f"median {self.median_game_ms:>7.2f} ms/game"
        )


def engine_speed(game: Game, games: int = 200, first_seed: int = 0) -> SpeedResult:
    """Play `games` random games (chance by seed, every player a `RandomBot`) and time them."""
    durations, actions = [], 0
    for index in range(games):
        seed = first_seed + index
        seeded = type(game)(**{**game.options, "seed": seed})
        bots = [RandomBot(seed, seat) for seat in range(seeded.num_players)]
        start = time.perf_counter()
        final = play(seeded.new_game(), bots)
        durations.append(time.perf_counter() - start)
        actions += len(final.history)
    return SpeedResult(
        game.name,
        dict(game.options),
        games,
        actions,
        sum(durations),
        1000 * statistics.median(durations),
    )
