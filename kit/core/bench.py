"""Engine speed: random games played to the end, timed. Used by `kit bench` and `benchmarks/`."""

from __future__ import annotations

import os
import statistics
import time
from dataclasses import dataclass
from typing import Any

from kit.core.bots import BotFactory, RandomBot, play
from kit.core.errors import KitError
from kit.core.state import Game


@dataclass(frozen=True)
class SpeedResult:
    """Figures of one engine-speed run (single process, pure Python). `seconds` is wall-clock
    time; `cpu_seconds` the process's CPU time over the same games, which a busy machine
    disturbs less (another process's turn on the core is not counted)."""

    game: str
    options: dict[str, Any]
    players: str
    games: int
    actions: int
    seconds: float
    median_game_ms: float
    cpu_seconds: float

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def actions_per_cpu_second(self) -> float:
        return self.actions / self.cpu_seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    def __str__(self) -> str:
        shown = {k: v for k, v in self.options.items() if k != "seed" and v not in (None, [])}
        options = " ".join(f"{k}={v}" for k, v in shown.items())
        return (
            f"{self.game:<18} {options:<22} {self.players:<16} {self.games:>5} games "
            f"{self.actions / self.games:>7.0f} actions/game "
            f"{self.actions_per_second:>9,.0f} actions/s "
            f"({self.actions_per_cpu_second:>9,.0f} per CPU second) "
            f"{self.games_per_second:>7.1f} games/s median {self.median_game_ms:>7.2f} ms/game"
        )


def engine_speed(
    game: Game, games: int = 200, first_seed: int = 0, bot: BotFactory | None = None
) -> SpeedResult:
    """Time `games` seeded games of the engine alone.

    By default every player is a `RandomBot` and the whole game is timed (a random bot costs
    next to nothing). With `bot` (for example a greedy bot, whose games are the realistic ones),
    the games are first played by that bot, untimed, then the engine is timed replaying their
    histories, so that the bot's own thinking is not counted."""
    if games < 1:
        raise KitError(f"the number of games must be at least 1, not {games}")
    durations, actions, cpu = [], 0, 0.0
    for index in range(games):
        seed = first_seed + index
        seeded = type(game)(**{**game.options, "seed": seed})
        seats = range(seeded.num_players)
        if bot is None:
            start, start_cpu = time.perf_counter(), time.process_time()
            final = play(seeded.new_game(), [RandomBot(seed, seat) for seat in seats])
        else:
            history = play(seeded.new_game(), [bot(seed, seat) for seat in seats]).history
            start, start_cpu = time.perf_counter(), time.process_time()
            final = seeded.replay(history)
        durations.append(time.perf_counter() - start)
        cpu += time.process_time() - start_cpu
        actions += len(final.history)
    return SpeedResult(
        game.name,
        dict(game.options),
        "random" if bot is None else "greedy, replayed",
        games,
        actions,
        sum(durations),
        1000 * statistics.median(durations),
        max(cpu, 1e-9),
    )


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes, as every benchmark prints it
    beside its figures: times measured on a shared machine are comparable only when it is
    quiet."""
    return "load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg())
