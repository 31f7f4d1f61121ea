"""The greedy bots' cost: seeded games of greedy bots played to the end on one core, thinking
included (`engine_speed.py --bots greedy` times the engine alone, replaying such games).

    python benchmarks/greedy.py [--games 20] [--players 4] [game ...]

Prints, for each game and configuration (both sides of The Amazing Journey, both editions of
Timeless Journeys), the CPU time of a game (mean and median) and its actions; the load average
comes first. A warm-up game (seed 0) comes before the timed ones (seeds 1, 2, ...). For
instructions, a figure a busy machine does not disturb, run it under callgrind for two counts:

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/g3.out \\
        python benchmarks/greedy.py timeless_journeys --games 3 --option edition=en

The difference of the instructions counted ("Collected") divided by the difference of the games
is the cost of one game, free of the start-up."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Sequence

import kit
from kit.core.bench import load_average
from kit.core.bots import play
from kit.core.commands import ArgumentParser, count, run

CONFIGURATIONS = {
    "amazing_journey": [{"side": "regular"}, {"side": "fast"}],
    "timeless_journeys": [{"edition": "en"}, {"edition": "ja"}],
    "four_weeks": [{}],
}


def option(text: str) -> tuple[str, str]:
    """`name=value`, as given on the command line."""
    name, _, value = text.partition("=")
    return name, value


def main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="greedy", description=__doc__)
    parser.add_argument("games_of", nargs="*", default=list(CONFIGURATIONS), metavar="game")
    parser.add_argument("--games", type=count, default=20)
    parser.add_argument("--players", type=count, default=4)
    parser.add_argument(
        "--option",
        type=option,
        action="append",
        default=[],
        help="name=value, in place of the configurations",
    )
    args = parser.parse_args(argv)
    print(load_average(), flush=True)
    for name in args.games_of:
        greedy = kit.game_module(name).BOTS["greedy"]
        for options in [dict(args.option)] if args.option else CONFIGURATIONS[name]:
            game = kit.load(name, players=args.players, seed=0, **options)
            times, actions = [], 0
            for seed in range(args.games + 1):  # seed 0 warms up the caches and is not timed
                seeded = type(game)(**{**game.options, "seed": seed})
                start = time.process_time()
                final = play(seeded.new_game(), [greedy(seed, p) for p in range(args.players)])
                if seed:
                    times.append(time.process_time() - start)
                    actions += len(final.history)
            shown = " ".join(f"{k}={v}" for k, v in options.items())
            print(
                f"{name:<18} {shown:<14} {args.players} players {args.games:>4} games "
                f"{actions / args.games:>6.0f} actions/game  "
                f"{1000 * statistics.mean(times):>8.1f} ms/game (median "
                f"{1000 * statistics.median(times):.1f} ms, CPU)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(run(lambda: main(sys.argv[1:]), program="greedy"))
