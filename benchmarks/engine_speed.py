"""Engine speed of every game: random games played to the end on one core, pure Python.

    python benchmarks/engine_speed.py [--games 200] [--bots random|greedy|both] [--repeat N]
                                      [game ...]

Prints actions per second (by the clock and by CPU time), games per second and the median time
of one game for each game and configuration (4 players; both sides of The Amazing Journey, both
editions of Timeless Journeys): first for games of random bots, timed whole; then for games of
the greedy bots (the realistic ones: random travellers can wander for hundreds of days), timed as
the engine replays them. With `--repeat N` each run is made N times and the fastest is printed
(on a shared machine the others measure the neighbours); the load average comes first."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import kit
from kit.core.bench import engine_speed, load_average
from kit.core.commands import ArgumentParser, count, run

CONFIGURATIONS = {
    "amazing_journey": [{"side": "regular"}, {"side": "fast"}],
    "timeless_journeys": [{"edition": "en"}, {"edition": "ja"}],
    "four_weeks": [{}],
}


def configured(name: str) -> str:
    """A game of `CONFIGURATIONS`."""
    if name not in CONFIGURATIONS:
        raise argparse.ArgumentTypeError(
            f"unknown game {name!r}; the games are {', '.join(CONFIGURATIONS)}"
        )
    return name


def main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="engine_speed", description=__doc__)
    parser.add_argument("games", nargs="*", type=configured, default=list(CONFIGURATIONS))
    parser.add_argument("--games-per-run", "--count", type=count, default=200, dest="count")
    parser.add_argument("--players", type=count, default=4)
    parser.add_argument("--bots", choices=("random", "greedy", "both"), default="both")
    parser.add_argument("--repeat", type=count, default=1)
    args = parser.parse_args(argv)
    games = [
        (name, kit.load(name, players=args.players, seed=0, **options))
        for name in args.games
        for options in CONFIGURATIONS[name]
    ]
    bots = {"random": [None], "greedy": ["greedy"], "both": [None, "greedy"]}[args.bots]
    print(load_average(), flush=True)
    for name, game in games:
        for bot in bots:
            factory = kit.game_module(name).BOTS[bot] if bot else None
            runs = [engine_speed(game, games=args.count, bot=factory) for _ in range(args.repeat)]
            print(max(runs, key=lambda run: run.actions_per_cpu_second), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(run(lambda: main(sys.argv[1:]), program="engine_speed"))
